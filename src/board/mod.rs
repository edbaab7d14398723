//! The position: stones, side to move, Zobrist key, per-direction line codes and the
//! per-cell pattern state, all kept incrementally on make and undo.
//!
//! Every cell of the padded grid keeps, for each of the four directions, the line code
//! of its ten neighbours. Placing or removing a stone touches the line codes of the forty
//! cells within five steps along the four lines through it, and re-reads their patterns
//! from the rule's tables: table look-ups on the affected cells, never a board rescan.

// Direction indices address several parallel per-direction arrays at once.
#![allow(clippy::needless_range_loop)]

pub mod bench;
mod diagram;
pub mod pattern;
pub mod weights;

pub use pattern::{Pattern, Threat};

use crate::types::{Color, Pos, Rule, DIR_OFFSET, GRID, MAX_SIZE, MIN_SIZE, PAD, STRIDE};
use pattern::{combo_index, WinKind, C_BLACK, C_EMPTY, C_WALL, C_WHITE};
use std::fmt;
use std::sync::OnceLock;
use weights::{CellEntry, CellValues, Family, Weights};

/// What occupies a cell of the padded grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Cell {
    /// Free to play.
    Empty,
    /// A black stone.
    Black,
    /// A white stone.
    White,
    /// A dead cell (BOARD field 3): never played, blocks lines.
    Blocked,
    /// Outside the board.
    Wall,
}

impl Cell {
    /// The stone of `c`.
    pub fn stone(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
    /// The colour of the stone here, if any.
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
    fn code(self) -> u32 {
        match self {
            Cell::Empty => C_EMPTY,
            Cell::Black => C_BLACK,
            Cell::White => C_WHITE,
            Cell::Blocked | Cell::Wall => C_WALL,
        }
    }
}

/// Why a board operation was refused. The board is unchanged when one is returned.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoardError {
    /// A board side outside 5…22.
    BadSize { width: i64, height: i64 },
    /// A cell outside the board.
    OffBoard { x: i64, y: i64 },
    /// The cell already holds a stone.
    Occupied(Pos),
    /// The cell is blocked.
    Blocked(Pos),
    /// Nothing to undo.
    NoMoves,
    /// A diagram or position text could not be read.
    Parse(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize { width, height } => write!(
                f,
                "unsupported board size {width}x{height} (each side must be {MIN_SIZE}..{MAX_SIZE})"
            ),
            BoardError::OffBoard { x, y } => write!(f, "cell {x},{y} is off the board"),
            BoardError::Occupied(p) => write!(f, "cell {p} is already occupied"),
            BoardError::Blocked(p) => write!(f, "cell {p} is blocked"),
            BoardError::NoMoves => write!(f, "no move to take back"),
            BoardError::Parse(s) => write!(f, "cannot read position: {s}"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Outcome of the game so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    /// Still being played.
    Ongoing,
    /// Won by a five.
    Win(Color),
    /// The board is full.
    Draw,
}

/// Zobrist keys: one per colour and grid cell, plus the side to move. Fixed seed.
struct Zobrist {
    stones: [[u64; GRID]; 2],
    white_to_move: u64,
}

fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Box<Zobrist>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut rng = crate::types::SplitMix64::new(0x7E46_E5A0_0000_0001);
        let mut next = || rng.next_u64();
        let mut z = Box::new(Zobrist {
            stones: [[0; GRID]; 2],
            white_to_move: 0,
        });
        for c in 0..2 {
            for i in 0..GRID {
                z.stones[c][i] = next();
            }
        }
        z.white_to_move = next();
        z
    })
}

/// The two cells `k` steps from grid index `i` along a line (`off` = one step), each
/// with the slot in which its line code holds `i`: the cell ahead sees `i` at offset
/// −k, the one behind at +k. Indices wrap into the grid (the padding absorbs them).
#[inline]
fn along(i: usize, off: isize, k: isize) -> [(usize, u32); 2] {
    [
        (
            i.wrapping_add_signed(off * k) & (GRID - 1),
            pattern::slot(-k as i32),
        ),
        (
            i.wrapping_add_signed(-off * k) & (GRID - 1),
            pattern::slot(k as i32),
        ),
    ]
}

/// `line` with slot `s` set to the cell code `code`.
#[inline]
fn with_slot(line: u32, s: u32, code: u32) -> u32 {
    (line & !(3 << (2 * s))) | (code << (2 * s))
}

/// The totals before a move and where its changed cells start in `Board::saved`.
#[derive(Clone)]
struct Frame {
    value_sum: [[i32; 2]; 2],
    threat_count: [[u16; Threat::COUNT]; 2],
    start: usize,
    /// The three words of `near_bits` from `near_word` on, before the move.
    near_bits: [u64; 3],
    near_word: usize,
}

/// An empty cell's pattern state before a move changed it.
#[derive(Clone, Copy)]
struct SavedCell {
    q: u16,
    patterns: [[u8; 4]; 2],
    threats: [Threat; 2],
    scores: [i16; 2],
    values: [[i16; 2]; 2],
}

/// A Gomoku position with incrementally maintained pattern state.
#[derive(Clone)]
pub struct Board {
    width: usize,
    height: usize,
    rule: Rule,
    side: Color,
    cells: Box<[Cell; GRID]>,
    /// Line code of each cell's ten neighbours, per direction.
    lines: Box<[[u32; 4]; GRID]>,
    /// Pattern a stone of each colour would make, per direction (valid on empty cells;
    /// on a stone, the patterns it made when it was placed).
    patterns: Box<[[[u8; 4]; 2]; GRID]>,
    /// Combined threat class per colour (empty cells).
    threats: Box<[[Threat; 2]; GRID]>,
    /// Move-ordering score per colour (empty cells).
    scores: Box<[[i16; 2]; GRID]>,
    /// Learned values per colour of each empty cell: [own, opp] (see [`weights`]).
    values: Box<[[[i16; 2]; 2]; GRID]>,
    /// Sums of `values` over the empty board cells, per colour: [own, opp].
    value_sum: [[i32; 2]; 2],
    /// Number of empty board cells of each threat class, per colour.
    threat_count: [[u16; Threat::COUNT]; 2],
    /// Number of stones in the 5×5 square around each cell.
    near: Box<[u8; GRID]>,
    /// One bit per grid index: a stone lies in the cell's 5×5 square (`near` > 0).
    /// Make sets the bits around the move; undo restores them from its frame.
    near_bits: [u64; GRID / 64],
    /// One bit per grid index: the cell is not empty (a stone, blocked, or a wall).
    occupied: [u64; GRID / 64],
    hash: u64,
    history: Vec<Pos>,
    /// What each move in `history` changed, so that undo restores it instead of
    /// recomputing it: the sums before the move, and the empty cells whose patterns
    /// it changed with their state before it (in `saved`, from `start` on).
    frames: Vec<Frame>,
    saved: Vec<SavedCell>,
    on_board: Vec<Pos>,
    tables: [&'static [u8]; 2],
    /// Both colours' patterns per line code, one byte, indexed by
    /// `(code >> pair_shift) & pair_mask` (see [`pattern::lookup_table`]).
    pairs: &'static [u8],
    pair_shift: u32,
    pair_mask: u32,
    /// How far along a line a stone can change an empty cell's patterns: 4 when both
    /// colours win with five or more (a stone five cells away shares no five with
    /// the cell), else 5 (it can make or break an overline or a caro block).
    reach: i32,
    /// The per-colour pattern-combination tables (threat, ordering score, learned
    /// values), held here so the hot path skips the lazy initialisation check.
    combos: [&'static [CellEntry]; 2],
    /// The per-colour [`weights::value_table`]s (same reason).
    cell_values: [&'static CellValues; 2],
    /// The weight sets of the rule's families, per colour (same reason).
    weights: [&'static Weights; 2],
    /// The per-colour tables of [`weights::policy_opp_table`] (same reason).
    policy_opp: [&'static [i16]; 2],
    stones: usize,
    blocked: usize,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_diagram())
    }
}

impl Board {
    /// An empty `width`×`height` board (each side 5…22) under `rule`.
    pub fn new(width: usize, height: usize, rule: Rule) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
            return Err(BoardError::BadSize {
                width: width as i64,
                height: height as i64,
            });
        }
        let mut cells = Box::new([Cell::Wall; GRID]);
        let mut on_board = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let p = Pos::new(x, y);
                cells[p.idx()] = Cell::Empty;
                on_board.push(p);
            }
        }
        let (pairs, pair_shift, pair_mask) = pattern::lookup_table(rule);
        let mut b = Board {
            width,
            height,
            rule,
            side: Color::Black,
            cells,
            lines: Box::new([[0; 4]; GRID]),
            patterns: Box::new([[[0; 4]; 2]; GRID]),
            threats: Box::new([[Threat::None; 2]; GRID]),
            scores: Box::new([[0; 2]; GRID]),
            values: Box::new([[[0; 2]; 2]; GRID]),
            value_sum: [[0; 2]; 2],
            threat_count: [[0; Threat::COUNT]; 2],
            near: Box::new([0; GRID]),
            near_bits: [0; GRID / 64],
            occupied: [0; GRID / 64],
            hash: 0,
            history: Vec::with_capacity(width * height),
            frames: Vec::with_capacity(width * height),
            saved: Vec::new(),
            on_board,
            tables: [
                pattern::table(WinKind::of(rule, Color::Black), Color::Black),
                pattern::table(WinKind::of(rule, Color::White), Color::White),
            ],
            pairs,
            pair_shift,
            pair_mask,
            reach: if rule == Rule::Freestyle { 4 } else { 5 },
            combos: [
                weights::cell_table(Family::of(rule, Color::Black)),
                weights::cell_table(Family::of(rule, Color::White)),
            ],
            cell_values: [
                weights::value_table(Family::of(rule, Color::Black)),
                weights::value_table(Family::of(rule, Color::White)),
            ],
            weights: [
                weights::builtin(Family::of(rule, Color::Black)),
                weights::builtin(Family::of(rule, Color::White)),
            ],
            policy_opp: [
                weights::policy_opp_table(Family::of(rule, Color::Black)),
                weights::policy_opp_table(Family::of(rule, Color::White)),
            ],
            stones: 0,
            blocked: 0,
        };
        b.rebuild_lines();
        Ok(b)
    }

    /// Replays `moves` (black first, alternating) on an empty board.
    pub fn from_moves(
        width: usize,
        height: usize,
        rule: Rule,
        moves: &[Pos],
    ) -> Result<Board, BoardError> {
        let mut b = Board::new(width, height, rule)?;
        for &m in moves {
            b.play(m)?;
        }
        Ok(b)
    }

    /// Computes every line code and pattern from the cells alone (construction, and the
    /// reference that incremental updates are checked against).
    fn rebuild_lines(&mut self) {
        let on_board = self.on_board.clone();
        for i in 0..GRID {
            for d in 0..4 {
                let mut code = 0;
                for o in [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                    let q = i as i32 + DIR_OFFSET[d] * o;
                    let c = if (0..GRID as i32).contains(&q) {
                        self.cells[q as usize].code()
                    } else {
                        C_WALL
                    };
                    code |= c << (2 * pattern::slot(o));
                }
                self.lines[i][d] = code;
            }
        }
        self.value_sum = [[0; 2]; 2];
        self.threat_count = [[0; Threat::COUNT]; 2];
        self.near.fill(0);
        for &p in &on_board {
            if self.cells[p.idx()] == Cell::Empty {
                for d in 0..4 {
                    self.refresh_pattern(p, d);
                }
                self.refresh_threat(p);
                self.account(p.idx(), 1);
            }
            if self.cells[p.idx()].color().is_some() {
                self.bump_near(p, 1);
            }
        }
        self.near_bits = [0; GRID / 64];
        self.occupied = [0; GRID / 64];
        for i in 0..GRID {
            self.near_bits[i / 64] |= ((self.near[i] > 0) as u64) << (i % 64);
            self.occupied[i / 64] |= ((self.cells[i] != Cell::Empty) as u64) << (i % 64);
        }
    }

    #[inline]
    fn refresh_pattern(&mut self, p: Pos, d: usize) {
        let pair = self.pair(self.lines[p.idx()][d]);
        self.patterns[p.idx()][0][d] = pair & 15;
        self.patterns[p.idx()][1][d] = pair >> 4;
    }

    /// Both colours' patterns (black low nibble) of the line code `line`.
    #[inline]
    fn pair(&self, line: u32) -> u8 {
        self.pairs[((line >> self.pair_shift) & self.pair_mask) as usize]
    }

    /// Recomputes threat and score of `p` from its patterns (does not touch the sums).
    #[inline]
    fn refresh_threat(&mut self, p: Pos) {
        let e = [0, 1].map(|c| self.combos[c][combo_index(self.patterns[p.idx()][c])]);
        for c in 0..2 {
            self.threats[p.idx()][c] = e[c].threat;
            self.scores[p.idx()][c] = e[c].score;
            self.values[p.idx()][c] = self.cell_values[c][Self::value_index(e[c], e[1 - c])];
        }
    }

    /// Where a colour's values lie in its [`CellValues`] when its entry at a cell is
    /// `mine` and the other colour's is `theirs`.
    #[inline(always)]
    fn value_index(mine: CellEntry, theirs: CellEntry) -> usize {
        theirs.cross_row as usize + mine.class as usize
    }

    /// Adds (`sign` = 1) or removes (−1) an empty cell's score and threat class from
    /// the per-colour totals.
    #[inline]
    fn account(&mut self, i: usize, sign: i32) {
        for c in 0..2 {
            self.value_sum[c][0] += sign * self.values[i][c][0] as i32;
            self.value_sum[c][1] += sign * self.values[i][c][1] as i32;
            let t = &mut self.threat_count[c][self.threats[i][c] as usize];
            *t = (*t as i32 + sign) as u16;
        }
    }

    /// After a stone at `p`: saves the `near_bits` words of the rows p-2..=p+2 into the
    /// move's frame, then sets the bits of its 5×5 square and marks `p` occupied.
    #[inline]
    fn mark_near(&mut self, p: Pos) {
        let (x, y) = (p.idx() % STRIDE, p.idx() / STRIDE);
        let w0 = (y - 2) * STRIDE / 64;
        let f = self.frames.last_mut().expect("a frame per move");
        f.near_word = w0;
        f.near_bits.copy_from_slice(&self.near_bits[w0..w0 + 3]);
        for row in y - 2..=y + 2 {
            let i = row * STRIDE + x - 2;
            self.near_bits[i / 64] |= 0x1F << (i % 64);
        }
        self.occupied[p.idx() / 64] |= 1 << (p.idx() % 64);
    }

    fn bump_near(&mut self, p: Pos, delta: i8) {
        for dy in -2..=2i32 {
            for dx in -2..=2i32 {
                let q = (p.idx() as i32 + dy * STRIDE as i32 + dx) as usize;
                self.near[q] = (self.near[q] as i8 + delta) as u8;
            }
        }
    }

    /// Applies new patterns to the empty cell `q` in direction `d`: saves its prior
    /// state (with `SAVE`), then re-reads threat class, score and values for both
    /// colours and adjusts the sums by the difference.
    #[inline]
    fn apply_patterns<const SAVE: bool>(
        &mut self,
        q: usize,
        d: usize,
        pair: u8,
        sums: &mut [[i32; 2]; 2],
    ) {
        let q = q & (GRID - 1);
        let patterns = self.patterns[q];
        if SAVE {
            self.saved.push(SavedCell {
                q: q as u16,
                patterns,
                threats: self.threats[q],
                scores: self.scores[q],
                values: self.values[q],
            });
        }
        // The four patterns of each colour as one word, changed in a register: reading
        // them back from memory right after a one-byte store into them would stall on
        // store forwarding.
        let shift = 8 * (d & 3) as u32;
        let words = [
            (u32::from_le_bytes(patterns[0]) & !(0xFF << shift)) | ((pair & 15) as u32) << shift,
            (u32::from_le_bytes(patterns[1]) & !(0xFF << shift)) | ((pair >> 4) as u32) << shift,
        ];
        self.patterns[q] = words.map(u32::to_le_bytes);
        let entries = [0, 1].map(|c| self.combos[c][combo_index(words[c].to_le_bytes())]);
        for c in 0..2 {
            let e = entries[c];
            let [own, opp] = self.values[q][c];
            let v = self.cell_values[c][Self::value_index(e, entries[1 - c])];
            sums[c][0] += v[0] as i32 - own as i32;
            sums[c][1] += v[1] as i32 - opp as i32;
            self.values[q][c] = v;
            self.scores[q][c] = e.score;
            let old = self.threats[q][c];
            self.threat_count[c][old as usize] -= 1;
            self.threat_count[c][e.threat as usize] += 1;
            self.threats[q][c] = e.threat;
        }
    }

    /// Writes `cell` at `p` and updates line codes, patterns, threats and sums. With
    /// `SAVE`, the prior state of every cell it changes goes to `saved`.
    ///
    /// Two passes: the first rewrites the forty line codes and collects the empty
    /// cells whose patterns changed (a cell four or five steps away usually keeps
    /// them, and costs one table byte); the second updates only those. Keeping the
    /// heavy update out of the unrolled first pass keeps that pass small.
    fn set_cell<const SAVE: bool>(&mut self, p: Pos, cell: Cell) {
        let i = p.idx();
        let was_empty = self.cells[i] == Cell::Empty;
        if was_empty {
            self.account(i, -1);
        }
        self.cells[i] = cell;
        let code = cell.code();
        let mut changed = [(0u16, 0u8, 0u8); 40];
        let mut n = 0;
        for d in 0..4 {
            let off = DIR_OFFSET[d] as isize;
            for k in 1..=5isize {
                for (q, s) in along(i, off, k) {
                    let line = with_slot(self.lines[q][d], s, code);
                    self.lines[q][d] = line;
                    // Branch-free: whether a cell changed is data the predictor
                    // cannot learn, so every cell within reach is written and only a
                    // changed, empty one is counted.
                    if k as i32 <= self.reach {
                        let live = self.cells[q] == Cell::Empty;
                        // A stone's or a wall's code would be a look-up far away in
                        // the table (a cache miss for nothing): read code 0 instead.
                        let pair = self.pair(line & (live as u32).wrapping_neg());
                        let old = self.patterns[q][0][d] | (self.patterns[q][1][d] << 4);
                        changed[n] = (q as u16, d as u8, pair);
                        n += (live & (pair != old)) as usize;
                    }
                }
            }
        }
        // The sums are updated in a local copy, which the compiler keeps in registers
        // (the board's own would be re-read after every store to the board).
        let mut sums = self.value_sum;
        for &(q, d, pair) in &changed[..n] {
            self.apply_patterns::<SAVE>(q as usize, d as usize, pair, &mut sums);
        }
        self.value_sum = sums;
        if cell == Cell::Empty {
            for d in 0..4 {
                self.refresh_pattern(p, d);
            }
            self.refresh_threat(p);
            self.account(i, 1);
        }
    }

    /// Empties `p`, the last move, and restores what placing it changed from the frame
    /// `make_move` saved. The cell's own pattern state was left untouched while it held
    /// the stone, so it is already the state from before the move.
    fn clear_last(&mut self, p: Pos) -> Frame {
        let i = p.idx();
        self.cells[i] = Cell::Empty;
        for d in 0..4 {
            let off = DIR_OFFSET[d] as isize;
            for k in 1..=5isize {
                for (q, s) in along(i, off, k) {
                    self.lines[q][d] = with_slot(self.lines[q][d], s, C_EMPTY);
                }
            }
        }
        let f = self.frames.pop().expect("a frame per move");
        for c in self.saved.drain(f.start..).rev() {
            let q = c.q as usize;
            self.patterns[q] = c.patterns;
            self.threats[q] = c.threats;
            self.scores[q] = c.scores;
            self.values[q] = c.values;
        }
        self.value_sum = f.value_sum;
        self.threat_count = f.threat_count;
        f
    }

    /// Board width (columns).
    pub fn width(&self) -> usize {
        self.width
    }
    /// Board height (rows).
    pub fn height(&self) -> usize {
        self.height
    }
    /// The rule the position is judged by.
    pub fn rule(&self) -> Rule {
        self.rule
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// Number of moves made (stones in the history).
    pub fn ply(&self) -> usize {
        self.history.len()
    }
    /// Stones in the order they were placed.
    pub fn history(&self) -> &[Pos] {
        &self.history
    }
    /// The last stone placed.
    pub fn last_move(&self) -> Option<Pos> {
        self.history.last().copied()
    }
    /// Number of stones on the board.
    pub fn count(&self) -> usize {
        self.stones
    }
    /// Whether no empty cell is left.
    pub fn is_full(&self) -> bool {
        self.stones + self.blocked >= self.width * self.height
    }
    /// The Zobrist key of the position (stones and side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The cell at `(x, y)` if it is on this board.
    pub fn pos(&self, x: i64, y: i64) -> Option<Pos> {
        if (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y) {
            Some(Pos::new(x as usize, y as usize))
        } else {
            None
        }
    }

    /// The centre cell (`size/2` rounded down), where openings are anchored.
    pub fn center(&self) -> Pos {
        Pos::new(self.width / 2, self.height / 2)
    }

    /// What occupies `p`.
    #[inline]
    pub fn cell(&self, p: Pos) -> Cell {
        self.cells[p.idx()]
    }

    /// Whether `p` is on the board, empty and not blocked.
    #[inline]
    pub fn is_empty(&self, p: Pos) -> bool {
        self.cells[p.idx()] == Cell::Empty
    }

    /// Every cell of the board, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        self.on_board.iter().copied()
    }

    /// Whether `p` is a board cell (any content).
    pub fn on_board(&self, p: Pos) -> bool {
        p.idx() < GRID && self.cells[p.idx()] != Cell::Wall
    }

    fn check_empty(&self, p: Pos) -> Result<(), BoardError> {
        match self.cells.get(p.idx()).copied().unwrap_or(Cell::Wall) {
            Cell::Empty => Ok(()),
            Cell::Black | Cell::White => Err(BoardError::Occupied(p)),
            Cell::Blocked => Err(BoardError::Blocked(p)),
            Cell::Wall => Err(BoardError::OffBoard {
                x: p.x() as i64,
                y: p.y() as i64,
            }),
        }
    }

    /// Places the side to move's stone at `p` after checking the cell is free.
    /// Renju forbidden points are not refused here: see [`Board::is_forbidden`].
    pub fn play(&mut self, p: Pos) -> Result<(), BoardError> {
        self.check_empty(p)?;
        self.make_move(p);
        Ok(())
    }

    /// Places a stone of `color` at `p` (set-up); the other colour is then to move.
    pub fn put_stone(&mut self, p: Pos, color: Color) -> Result<(), BoardError> {
        self.check_empty(p)?;
        self.set_side(color);
        self.make_move(p);
        Ok(())
    }

    /// Sets the side to move (set-up only: it does not change the stones).
    pub fn set_side(&mut self, side: Color) {
        if self.side != side {
            self.hash ^= zobrist().white_to_move;
            self.side = side;
        }
    }

    /// Marks an empty cell as blocked (never played, blocks lines).
    pub fn set_blocked(&mut self, p: Pos) -> Result<(), BoardError> {
        self.check_empty(p)?;
        self.set_cell::<false>(p, Cell::Blocked);
        self.occupied[p.idx() / 64] |= 1 << (p.idx() % 64);
        self.blocked += 1;
        Ok(())
    }

    /// Places the side to move's stone at `p`. `p` must be empty (checked in debug builds).
    #[inline]
    pub fn make_move(&mut self, p: Pos) {
        debug_assert!(self.is_empty(p), "make_move on {p:?}");
        let c = self.side;
        self.push_frame();
        self.set_cell::<true>(p, Cell::stone(c));
        self.bump_near(p, 1);
        self.mark_near(p);
        let z = zobrist();
        self.hash ^= z.stones[c.idx()][p.idx()] ^ z.white_to_move;
        self.side = c.opp();
        self.history.push(p);
        self.stones += 1;
    }

    /// The Zobrist key the position will have after the side to move plays `p` (for a
    /// table prefetch before the move is made).
    #[inline]
    pub fn hash_after(&self, p: Pos) -> u64 {
        let z = zobrist();
        self.hash ^ z.stones[self.side.idx()][p.idx()] ^ z.white_to_move
    }

    /// The Zobrist key the position will have after the side to move plays `p` and the
    /// opponent answers `q` (for a transposition look-up before either is made).
    #[inline]
    pub fn hash_after_pair(&self, p: Pos, q: Pos) -> u64 {
        let z = zobrist();
        self.hash ^ z.stones[self.side.idx()][p.idx()] ^ z.stones[self.side.opp().idx()][q.idx()]
    }

    /// Where `color` would make five after a stone at the empty cell `p`, read from the
    /// line codes without placing it: the one completion point of a four made at `p`
    /// (the opponent's forced block). None when there is no such cell or more than one.
    ///
    /// Only the lines where `p` makes a four or more are read: a five point after `p`
    /// lies on a line through `p` with four stones in one five-window, `p` among them.
    pub fn four_completion(&self, p: Pos, color: Color) -> Option<Pos> {
        let i = p.idx();
        let code = Cell::stone(color).code();
        let shift = 4 * color.idx() as u32;
        let mut found = None;
        for d in 0..4 {
            if self.patterns[i][color.idx()][d] < Pattern::B4 as u8 {
                continue;
            }
            let off = DIR_OFFSET[d] as isize;
            for k in 1..=4isize {
                for (q, s) in along(i, off, k) {
                    if self.cells[q] != Cell::Empty {
                        continue;
                    }
                    let line = with_slot(self.lines[q][d], s, code);
                    if (self.pair(line) >> shift) & 15 == Pattern::F5 as u8 {
                        if found.is_some() {
                            return None;
                        }
                        found = Some(Pos(q as u16));
                    }
                }
            }
        }
        found
    }

    /// Takes back the last stone. Must have a move to undo (checked in debug builds).
    #[inline]
    pub fn undo_move(&mut self) {
        let p = self.history.pop().expect("undo_move with no history");
        let c = self.cells[p.idx()]
            .color()
            .expect("history cell holds a stone");
        let f = self.clear_last(p);
        self.bump_near(p, -1);
        self.near_bits[f.near_word..f.near_word + 3].copy_from_slice(&f.near_bits);
        self.occupied[p.idx() / 64] &= !(1 << (p.idx() % 64));
        let z = zobrist();
        self.hash ^= z.stones[c.idx()][p.idx()] ^ z.white_to_move;
        self.side = c;
        self.stones -= 1;
    }

    /// Takes back the last stone, if there is one.
    pub fn undo(&mut self) -> Result<Pos, BoardError> {
        let p = self.last_move().ok_or(BoardError::NoMoves)?;
        self.undo_move();
        Ok(p)
    }

    /// The line code of `p` in direction `dir` (two bits per neighbour).
    pub fn line_code(&self, p: Pos, dir: usize) -> u32 {
        self.lines[p.idx()][dir]
    }

    /// The pattern a stone of `color` at `p` makes in direction `dir`.
    #[inline]
    pub fn pattern(&self, p: Pos, color: Color, dir: usize) -> Pattern {
        Pattern::from_u8(self.patterns[p.idx()][color.idx()][dir])
    }

    /// The four line patterns of `color` at `p`.
    #[inline]
    pub fn patterns(&self, p: Pos, color: Color) -> [Pattern; 4] {
        self.patterns[p.idx()][color.idx()].map(Pattern::from_u8)
    }

    /// The combined threat class of a stone of `color` at `p` (empty cells).
    #[inline]
    pub fn threat(&self, p: Pos, color: Color) -> Threat {
        self.threats[p.idx()][color.idx()]
    }

    /// The ordering weight of a stone of `color` at `p` (empty cells).
    #[inline]
    pub fn cell_score(&self, p: Pos, color: Color) -> i32 {
        self.scores[p.idx()][color.idx()] as i32
    }

    /// The ordering weight of `p` for the side that waits when `p` is `color`'s cell:
    /// what blocking it is worth (empty cells; [`Weights::policy_opp`]).
    #[inline]
    pub fn cell_score_opp(&self, p: Pos, color: Color) -> i32 {
        self.policy_opp[color.idx()][combo_index(self.patterns[p.idx()][color.idx()])] as i32
    }

    /// Sum over all empty cells of `color`'s learned cell values: `[own, opp]`, the
    /// values for `color` as the side to move and as the side that waits.
    #[inline]
    pub fn value_sum(&self, color: Color) -> [i32; 2] {
        self.value_sum[color.idx()]
    }

    /// The weight set that values `color`'s cells (its family under the rule).
    #[inline]
    pub fn weights(&self, color: Color) -> &'static Weights {
        self.weights[color.idx()]
    }

    /// Number of empty cells where `color` makes threat class `t`.
    #[inline]
    pub fn threat_count(&self, color: Color, t: Threat) -> u32 {
        self.threat_count[color.idx()][t as usize] as u32
    }

    /// Number of empty cells where `color` makes threat class `min` or stronger.
    #[inline]
    pub fn threat_count_from(&self, color: Color, min: Threat) -> u32 {
        self.threat_count[color.idx()][min as usize..]
            .iter()
            .map(|&n| n as u32)
            .sum()
    }

    /// The threat level of `color` (0..[`weights::LEVELS`], see
    /// [`weights::LEVEL_OF_THREAT`]): how strong its best move is, read from the
    /// incremental threat counts.
    #[inline]
    pub fn threat_level(&self, color: Color) -> usize {
        let counts = &self.threat_count[color.idx()];
        let best = (0..Threat::COUNT)
            .rev()
            .find(|&t| counts[t] != 0)
            .unwrap_or(0);
        weights::LEVEL_OF_THREAT[best] as usize
    }

    /// The threat shape of `color` (0..[`weights::SHAPES`], see
    /// [`weights::shape_index`]): its level and how many cells make a closed four, an
    /// open three, a double two and a double three, read from the incremental counts.
    #[inline]
    pub fn threat_shape(&self, color: Color) -> usize {
        self.threat_shape_at(color, self.threat_level(color))
    }

    /// [`Self::threat_shape`] for a caller that has already read `color`'s
    /// [`Self::threat_level`] (the evaluation reads it for the level pair too).
    #[inline]
    pub fn threat_shape_at(&self, color: Color, level: usize) -> usize {
        let n = &self.threat_count[color.idx()];
        let c = |t: Threat| n[t as usize] as usize;
        weights::shape_index(
            level,
            [
                c(Threat::Four) + c(Threat::FourPlus),
                c(Threat::Three) + c(Threat::ThreePlus),
                c(Threat::Two2),
                c(Threat::Three3),
            ],
        )
    }

    /// The first empty cell (board order) where `color` makes threat class `t`.
    pub fn find_threat(&self, color: Color, t: Threat) -> Option<Pos> {
        if self.threat_count(color, t) == 0 {
            return None;
        }
        if t >= Threat::Three {
            self.candidates().find(|&p| self.threat(p, color) == t)
        } else {
            self.cells()
                .find(|&p| self.is_empty(p) && self.threat(p, color) == t)
        }
    }

    /// The move generator's candidates: the empty cells with a stone in their 5×5
    /// square, in board order (read from a copy of [`Self::candidate_bits`]). Every
    /// cell where a four or a five can be made is among them (it lies next to a stone
    /// of the line), and so is every cell that makes an open three (two of its stones
    /// lie within two cells of it).
    pub fn candidates(&self) -> impl Iterator<Item = Pos> {
        self.candidate_bits()
            .into_iter()
            .enumerate()
            .flat_map(|(w, mut bits)| {
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        Pos((w * 64 + b) as u16)
                    })
                })
            })
    }

    /// The empty cells with a stone in their 5×5 square, in board order, as a bit set
    /// over grid indices (a copy: the caller may change the board while reading it).
    #[inline]
    pub fn candidate_bits(&self) -> [u64; GRID / 64] {
        std::array::from_fn(|w| self.near_bits[w] & !self.occupied[w])
    }

    /// Number of stones in the 5×5 square centred on `p`.
    #[inline]
    pub fn near_count(&self, p: Pos) -> u32 {
        self.near[p.idx()] as u32
    }

    /// Whether a stone of `color` at the empty cell `p` wins at once under the rule.
    #[inline]
    pub fn is_winning_move(&self, p: Pos, color: Color) -> bool {
        self.is_empty(p) && self.threats[p.idx()][color.idx()] == Threat::Five
    }

    /// The colour that won with the last move, if it made a winning five.
    pub fn winner(&self) -> Option<Color> {
        let p = self.last_move()?;
        let c = self.cells[p.idx()].color()?;
        // A stone's patterns are those it made when it was placed.
        let five = self.patterns[p.idx()][c.idx()].contains(&(Pattern::F5 as u8));
        five.then_some(c)
    }

    /// The state of the game: a win by the last move, a draw on a full board, or ongoing.
    pub fn result(&self) -> GameResult {
        if let Some(c) = self.winner() {
            GameResult::Win(c)
        } else if self.is_full() {
            GameResult::Draw
        } else {
            GameResult::Ongoing
        }
    }

    /// Cells where `color` makes at least threat class `min`, in board order.
    pub fn cells_with_threat(&self, color: Color, min: Threat) -> Vec<Pos> {
        self.cells()
            .filter(|&p| self.is_empty(p) && self.threat(p, color) >= min)
            .collect()
    }

    /// Whether `p` is a forbidden point for black under renju: an overline, a double
    /// four or a double three (counting only threes that can become a straight four by a
    /// move that is itself not forbidden). A move that makes exactly five is never
    /// forbidden. Always false under other rules, and for occupied cells.
    pub fn is_forbidden(&mut self, p: Pos) -> bool {
        if self.rule != Rule::Renju || !self.is_empty(p) {
            return false;
        }
        let pats = self.patterns(p, Color::Black);
        if pats.contains(&Pattern::F5) {
            return false;
        }
        if pats.contains(&Pattern::OL) {
            return true;
        }
        let fours: u32 = pats.iter().map(|x| x.fours()).sum();
        if fours >= 2 {
            return true;
        }
        let three_dirs: arrayvec::ArrayVec<usize, 4> =
            (0..4).filter(|&d| pats[d] == Pattern::F3).collect();
        if three_dirs.len() < 2 {
            return false;
        }
        // Verify each three with black's stone on p: it is real if some empty cell on
        // that line turns it into a straight four *through p* and is not itself
        // forbidden. The straight four is judged from p's own line code (which does not
        // include p itself) with the stone on e added: judging it from e's side would
        // also accept a straight four of other stones in the same line that leaves p out.
        let black_table = self.tables[Color::Black.idx()];
        self.place_probe(p, Cell::Black);
        let mut real = 0;
        for &d in &three_dirs {
            let mut ok = false;
            let line = self.lines[p.idx()][d];
            for k in [-4, -3, -2, -1, 1, 2, 3, 4] {
                let e = p.step(d, k);
                let with_e = line | (C_BLACK << (2 * pattern::slot(k)));
                if self.is_empty(e)
                    && black_table[with_e as usize] == Pattern::F4 as u8
                    && !self.is_forbidden(e)
                {
                    ok = true;
                    break;
                }
            }
            if ok {
                real += 1;
                if real >= 2 {
                    break;
                }
            }
        }
        self.place_probe(p, Cell::Empty);
        real >= 2
    }

    /// Puts a stone down or lifts it without touching history, side or hash: used
    /// only for the forbidden-point recursion.
    /// Lifting must undo the latest placement, as the recursion does.
    fn place_probe(&mut self, p: Pos, cell: Cell) {
        if cell == Cell::Empty {
            let _ = self.clear_last(p);
        } else {
            self.push_frame();
            self.set_cell::<true>(p, cell);
        }
    }

    /// Records the totals before a placement, for [`Board::clear_last`].
    #[inline]
    fn push_frame(&mut self) {
        self.frames.push(Frame {
            value_sum: self.value_sum,
            threat_count: self.threat_count,
            start: self.saved.len(),
            near_bits: [0; 3],
            near_word: 0,
        });
    }

    /// Every forbidden point for black (renju), in board order; empty under other rules.
    pub fn forbidden_points(&mut self) -> Vec<Pos> {
        if self.rule != Rule::Renju {
            return Vec::new();
        }
        let cells: Vec<Pos> = self.cells().collect();
        cells
            .into_iter()
            .filter(|&p| self.might_be_forbidden(p) && self.is_forbidden(p))
            .collect()
    }

    /// A cheap pre-filter for [`Board::is_forbidden`]: false means surely not forbidden.
    #[inline]
    pub fn might_be_forbidden(&self, p: Pos) -> bool {
        if self.rule != Rule::Renju || !self.is_empty(p) {
            return false;
        }
        // Straight from the patterns rather than the threat class: a four plus two open
        // threes is classed `Four3`, yet it is a double three.
        let pats = &self.patterns[p.idx()][Color::Black.idx()];
        let mut fours = 0;
        let mut threes = 0;
        for &x in pats {
            let x = Pattern::from_u8(x);
            if x == Pattern::F5 {
                return false;
            }
            if x == Pattern::OL {
                return true;
            }
            fours += x.fours();
            threes += (x == Pattern::F3) as u32;
        }
        fours >= 2 || threes >= 2
    }

    /// Checks the incremental state against a rebuild from the cells; returns a
    /// description of the first difference. The test suite calls this after random
    /// make/undo sequences, and debug builds may call it from anywhere.
    pub fn verify_incremental(&self) -> Result<(), String> {
        let mut fresh = self.clone();
        fresh.rebuild_lines();
        let mut hash = if self.side == Color::White {
            zobrist().white_to_move
        } else {
            0
        };
        let mut stones = 0;
        for p in self.cells() {
            if let Some(c) = self.cell(p).color() {
                hash ^= zobrist().stones[c.idx()][p.idx()];
                stones += 1;
            }
        }
        if hash != self.hash {
            return Err(format!("hash {:#x} != recomputed {:#x}", self.hash, hash));
        }
        if stones != self.stones {
            return Err(format!("stone count {} != {}", self.stones, stones));
        }
        for i in 0..GRID {
            if self.lines[i] != fresh.lines[i] {
                return Err(format!("line codes differ at {:?}", Pos(i as u16)));
            }
        }
        for p in self.cells() {
            let i = p.idx();
            if self.near[i] != fresh.near[i] {
                return Err(format!("near count differs at {p:?}"));
            }
            if self.cells[i] != Cell::Empty {
                continue;
            }
            if self.patterns[i] != fresh.patterns[i] {
                return Err(format!("patterns differ at {p:?}"));
            }
            if self.threats[i] != fresh.threats[i]
                || self.scores[i] != fresh.scores[i]
                || self.values[i] != fresh.values[i]
            {
                return Err(format!("threat/score/values differ at {p:?}"));
            }
        }
        let mut candidates = [0u64; GRID / 64];
        for p in self.cells() {
            let i = p.idx();
            if self.cells[i] == Cell::Empty && self.near[i] > 0 {
                candidates[i / 64] |= 1 << (i % 64);
            }
        }
        if self.candidate_bits() != candidates || fresh.candidate_bits() != candidates {
            return Err("candidate cells differ".to_string());
        }
        if self.threat_count != fresh.threat_count {
            return Err("threat counts differ".to_string());
        }
        // The value sums, recomputed straight from the weights by pattern class and
        // the other colour's threat bucket.
        let mut sums = [[0i32; 2]; 2];
        for p in self.cells().filter(|&p| self.cells[p.idx()] == Cell::Empty) {
            for c in Color::BOTH {
                let w = weights::builtin(Family::of(self.rule, c));
                let k = weights::class_of(fresh.patterns[p.idx()][c.idx()]);
                let theirs = fresh.threats[p.idx()][c.opp().idx()];
                let v = w.cell_value(weights::CROSS_BUCKET[theirs as usize] as usize, k);
                sums[c.idx()][0] += v[0] as i32;
                sums[c.idx()][1] += v[1] as i32;
            }
        }
        if self.value_sum != fresh.value_sum || self.value_sum != sums {
            return Err(format!(
                "value sums {:?} != rebuilt {:?} / from weights {:?}",
                self.value_sum, fresh.value_sum, sums
            ));
        }
        Ok(())
    }

    /// Rebuilds this position under another rule, keeping stones, order and blocks.
    pub fn with_rule(&self, rule: Rule) -> Board {
        let mut b = Board::new(self.width, self.height, rule).expect("same size is valid");
        for p in self.cells() {
            if self.cell(p) == Cell::Blocked {
                b.set_blocked(p).expect("empty cell");
            }
        }
        for &m in &self.history {
            let c = self.cell(m).color().expect("history holds stones");
            b.put_stone(m, c).expect("replaying a legal history");
        }
        b.set_side(self.side);
        b
    }
}

/// Ensures the padded grid keeps every neighbour look-up in range.
const _: () = assert!(PAD >= 5);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::SplitMix64;

    /// The value sums follow make and undo, and match a rebuild, for cell value tables
    /// with random cross entries (each colour's different, as renju's families are),
    /// not only the built-in ones: a colour's value at a cell depends on the other
    /// colour's threat bucket there.
    #[test]
    fn value_sums_follow_make_and_undo_with_random_cross_tables() {
        let mut rng = SplitMix64::new(11);
        for rule in Rule::ALL {
            let tables: [&'static CellValues; 2] = [0, 1].map(|_| {
                let t: Box<CellValues> = (0..weights::CROSS_BUCKETS * weights::CLASSES)
                    .map(|_| [rng.index(401) as i16 - 200, rng.index(401) as i16 - 200])
                    .collect();
                &*Box::leak(t)
            });
            let mut b = Board::new(15, 15, rule).unwrap();
            b.cell_values = tables;
            b.rebuild_lines();
            for step in 0..400 {
                let near: Vec<Pos> = b
                    .cells()
                    .filter(|&p| b.is_empty(p) && (b.near_count(p) > 0 || b.ply() == 0))
                    .collect();
                if near.is_empty() || b.winner().is_some() || (step % 5 == 4 && b.ply() > 0) {
                    b.undo_move();
                } else {
                    b.make_move(near[rng.index(near.len())]);
                }
                let mut expect = [[0i32; 2]; 2];
                for p in b.cells().filter(|&p| b.is_empty(p)) {
                    for c in Color::BOTH {
                        let k = weights::class_of(b.patterns(p, c).map(|x| x as u8));
                        let theirs = b.threat(p, c.opp()) as usize;
                        let row = weights::CROSS_BUCKET[theirs] as usize;
                        let v = tables[c.idx()][row * weights::CLASSES + k];
                        expect[c.idx()][0] += v[0] as i32;
                        expect[c.idx()][1] += v[1] as i32;
                    }
                }
                let got = [b.value_sum(Color::Black), b.value_sum(Color::White)];
                assert_eq!(got, expect, "{rule:?} step {step}");
                let mut fresh = b.clone();
                fresh.rebuild_lines();
                assert_eq!(fresh.value_sum, expect, "{rule:?} step {step}: rebuild");
            }
        }
    }
}
