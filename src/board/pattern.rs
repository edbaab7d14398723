//! Line patterns: what a stone placed on a cell would make along one line.
//!
//! A cell's view of one direction is its *line code*: the ten neighbours at offsets
//! −5…−1 and +1…+5, two bits each (empty, black, white, wall). A table per rule family
//! and colour maps every line code to the [`Pattern`] that a stone of that colour
//! placed on the cell would make. The tables are built once, lazily, by a memoised
//! recursion over the pattern definitions (a four is one move from a five, a three one
//! move from a four, …), so every entry follows directly from the rule's definition of
//! a win.

use crate::types::{Color, Rule};
use std::sync::OnceLock;

/// Number of neighbour slots in a line code.
pub const SLOTS: usize = 10;
/// Number of distinct line codes.
pub const CODES: usize = 1 << (2 * SLOTS);

/// Two-bit cell codes inside a line code.
pub const C_EMPTY: u32 = 0;
/// A black stone.
pub const C_BLACK: u32 = 1;
/// A white stone.
pub const C_WHITE: u32 = 2;
/// Off the board or a blocked cell: blocks lines, never played.
pub const C_WALL: u32 = 3;

/// Slot of the neighbour at offset `o` (−5…−1, 1…5).
#[inline]
pub const fn slot(o: i32) -> u32 {
    if o < 0 {
        (o + 5) as u32
    } else {
        (o + 4) as u32
    }
}

/// What a stone on a cell makes along one line, weakest to strongest.
/// `B` = blocked (one way to grow), `F` = free (two ways).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Cannot become a five in this line.
    Dead = 0,
    /// An overline that does not win (exact-five rules); forbidden for renju black.
    OL,
    /// One stone that can still grow, with a single route.
    B1,
    /// One stone with two routes.
    F1,
    /// A two that becomes only a closed three.
    B2,
    /// A two that becomes an open three.
    F2,
    /// A three that becomes only a (closed) four.
    B3,
    /// An open three: one more stone makes a straight four.
    F3,
    /// A four with one completion point.
    B4,
    /// A straight (open) four: two completion points of one four.
    F4,
    /// Two separate fours in one line (`X_XXX_X`): a double four for renju.
    F44,
    /// A winning five.
    F5,
}

impl Pattern {
    /// Number of distinct patterns.
    pub const COUNT: usize = 12;
    const ALL: [Pattern; 12] = [
        Pattern::Dead,
        Pattern::OL,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::F44,
        Pattern::F5,
    ];
    /// The pattern with discriminant `v`.
    #[inline]
    pub fn from_u8(v: u8) -> Pattern {
        Self::ALL[v as usize]
    }
    /// Number of fours this pattern counts as for renju's double-four rule.
    #[inline]
    pub fn fours(self) -> u32 {
        match self {
            Pattern::B4 | Pattern::F4 => 1,
            Pattern::F44 => 2,
            _ => 0,
        }
    }
}

/// How a line run through the cell is judged: the rule family of one colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum WinKind {
    /// Five or more wins.
    FiveOrMore,
    /// Exactly five wins; longer is an overline (standard, both colours).
    ExactFive,
    /// Caro (rule 8): six or more wins, exactly five wins unless both ends are opponent stones.
    Caro,
    /// Caro exact (rule 9): exactly five, not blocked by opponent stones at both ends.
    CaroExact,
    /// Renju black: exactly five wins, like `ExactFive`, but two fours in one line is
    /// a forbidden double four rather than a winning threat.
    RenjuBlack,
}

impl WinKind {
    /// The win condition for `color` under `rule`.
    pub fn of(rule: Rule, color: Color) -> WinKind {
        match (rule, color) {
            (Rule::Freestyle, _) | (Rule::Renju, Color::White) => WinKind::FiveOrMore,
            (Rule::Standard, _) => WinKind::ExactFive,
            (Rule::Renju, Color::Black) => WinKind::RenjuBlack,
            (Rule::Caro, _) => WinKind::Caro,
            (Rule::CaroExact, _) => WinKind::CaroExact,
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// Result of judging the run through the centre cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Run {
    /// The run wins.
    Five,
    /// Too long to win (exact-five kinds).
    Overline,
    /// Not a win (too short, or a caro five blocked at both ends).
    None,
}

/// Judges the run of own stones (`me`) through the centre of a line code, with the
/// centre itself counted as own.
#[inline]
pub fn judge_run(code: u32, me: u32, kind: WinKind) -> Run {
    let at = |o: i32| (code >> (2 * slot(o))) & 3;
    let mut l = 0;
    while l < 5 && at(-(l + 1)) == me {
        l += 1;
    }
    let mut r = 0;
    while r < 5 && at(r + 1) == me {
        r += 1;
    }
    let len = l + r + 1;
    if len < 5 {
        return Run::None;
    }
    let opp = if me == C_BLACK { C_WHITE } else { C_BLACK };
    // Ends of an exact five always lie inside the window (offsets −5…5).
    let blocked_both = len == 5 && at(-(l + 1)) == opp && at(r + 1) == opp;
    match kind {
        WinKind::FiveOrMore => Run::Five,
        WinKind::ExactFive | WinKind::RenjuBlack => {
            if len == 5 {
                Run::Five
            } else {
                Run::Overline
            }
        }
        WinKind::Caro => {
            if blocked_both {
                Run::None
            } else {
                Run::Five
            }
        }
        WinKind::CaroExact => {
            if len > 5 {
                Run::Overline
            } else if blocked_both {
                Run::None
            } else {
                Run::Five
            }
        }
    }
}

/// Offsets of the cells within reach of a five through the centre.
const NEAR: [i32; 8] = [-4, -3, -2, -1, 1, 2, 3, 4];

/// Cells (offsets) where one more own stone makes a five through the centre.
pub fn five_points(code: u32, me: u32, kind: WinKind) -> arrayvec::ArrayVec<i32, 8> {
    let mut out = arrayvec::ArrayVec::new();
    for o in NEAR {
        let s = 2 * slot(o);
        if (code >> s) & 3 == C_EMPTY && judge_run(code | (me << s), me, kind) == Run::Five {
            out.push(o);
        }
    }
    out
}

/// The pattern of a line with two or more five points: a straight four when its two
/// points are the ends of four contiguous own stones, else two fours in one line.
fn four_kind(points: &[i32]) -> Pattern {
    if points.len() == 2 && points[1] - points[0] == 5 {
        Pattern::F4
    } else {
        Pattern::F44
    }
}

/// Builds the table of one win kind, for a colour given as its two-bit code.
fn build(kind: WinKind, me: u32) -> Box<[u8]> {
    const UNSET: u8 = 0xFF;
    // Five or more: the outermost neighbours (offsets ±5) never matter, since any five
    // through the centre lies within ±4 and longer runs win too. Build the table of
    // the eight inner neighbours (1/16 of the work) and spread it.
    let (codes, outer_mask) = if kind == WinKind::FiveOrMore {
        (CODES, (3 << (2 * slot(-5))) | (3 << (2 * slot(5))))
    } else {
        (CODES, 0)
    };
    let mut table = vec![UNSET; codes].into_boxed_slice();
    // A child (one more own stone on an empty cell) always has a larger code, so going
    // from the largest code down resolves every child before its parent.
    for code in (0..codes as u32).rev() {
        if code & outer_mask != 0 {
            continue;
        }
        table[code as usize] = classify(code, me, kind, |child| table[child as usize]) as u8;
    }
    if outer_mask != 0 {
        for code in 0..codes {
            if code as u32 & outer_mask != 0 {
                table[code] = table[code & !(outer_mask as usize)];
            }
        }
    }
    table
}

/// The pattern of `code` given a way to look up the pattern of a child code.
fn classify(code: u32, me: u32, kind: WinKind, child: impl Fn(u32) -> u8) -> Pattern {
    match judge_run(code, me, kind) {
        Run::Five => return Pattern::F5,
        Run::Overline => return Pattern::OL,
        Run::None => {}
    }
    let points = five_points(code, me, kind);
    match points.len() {
        0 => {}
        1 => return Pattern::B4,
        _ => return four_kind(&points),
    }
    let mut best = Pattern::Dead;
    for o in NEAR {
        let s = 2 * slot(o);
        if (code >> s) & 3 != C_EMPTY {
            continue;
        }
        let grown = Pattern::from_u8(child(code | (me << s)));
        best = best.max(shrink(grown, kind));
    }
    best
}

/// What a pattern one stone short of `grown` is.
fn shrink(grown: Pattern, kind: WinKind) -> Pattern {
    match grown {
        Pattern::F4 => Pattern::F3,
        // Two fours in one line is as good as a straight four when it is not a foul
        // (every rule but renju black: two completion points, like a straight four);
        // for renju black that move is a forbidden double four, so it only counts as a
        // closed route.
        Pattern::F44 => {
            if kind == WinKind::RenjuBlack {
                Pattern::B3
            } else {
                Pattern::F3
            }
        }
        Pattern::B4 => Pattern::B3,
        Pattern::F3 => Pattern::F2,
        Pattern::B3 => Pattern::B2,
        Pattern::F2 => Pattern::F1,
        Pattern::B2 => Pattern::B1,
        _ => Pattern::Dead,
    }
}

/// The reference classifier used by tests: the same definitions, evaluated by plain
/// recursion with no table, so that it cannot share a table bug.
pub fn classify_slow(code: u32, me: u32, kind: WinKind) -> Pattern {
    classify(code, me, kind, |c| classify_slow(c, me, kind) as u8)
}

static TABLES: [[OnceLock<Box<[u8]>>; 2]; 5] = [
    [OnceLock::new(), OnceLock::new()],
    [OnceLock::new(), OnceLock::new()],
    [OnceLock::new(), OnceLock::new()],
    [OnceLock::new(), OnceLock::new()],
    [OnceLock::new(), OnceLock::new()],
];

/// The pattern table for a colour under a win kind (built on first use).
pub fn table(kind: WinKind, color: Color) -> &'static [u8] {
    TABLES[kind.index()][color.idx()].get_or_init(|| match color {
        Color::Black => build(kind, C_BLACK),
        // White's table is black's with the colours of every neighbour exchanged.
        Color::White => {
            let black = table(kind, Color::Black);
            (0..CODES as u32)
                .map(|code| black[swap_colors(code) as usize])
                .collect()
        }
    })
}

/// Exchanges black and white in a line code (walls and empties stay).
#[inline]
pub fn swap_colors(code: u32) -> u32 {
    // For each two-bit cell: 01 <-> 10, 00 and 11 unchanged.
    let lo = code & 0x55555;
    let hi = (code >> 1) & 0x55555;
    let differ = lo ^ hi;
    code ^ (differ | (differ << 1))
}

// The pair table packs two patterns in a byte.
const _: () = assert!(Pattern::COUNT <= 16, "a pattern must fit in four bits");

/// Both colours' pattern tables of `rule` in one: the byte for a line code holds
/// black's pattern in its low four bits and white's in its high four. The board's
/// update reads one byte per cell instead of two from tables twice the size, which
/// halves the cache traffic of the hottest loop.
pub fn pair_table(rule: Rule) -> &'static [u8] {
    static PAIRS: [OnceLock<Box<[u8]>>; 5] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let i = Rule::ALL
        .iter()
        .position(|&r| r == rule)
        .expect("every rule is in Rule::ALL");
    PAIRS[i].get_or_init(|| {
        let black = table(WinKind::of(rule, Color::Black), Color::Black);
        let white = table(WinKind::of(rule, Color::White), Color::White);
        black
            .iter()
            .zip(white)
            .map(|(&b, &w)| b | (w << 4))
            .collect()
    })
}

/// The table the board reads patterns from, with how a line code indexes it: the
/// index is `(code >> shift) & mask`. Under freestyle a cell's patterns never depend on
/// its fifth neighbours (every five through it lies within four cells), so its table
/// drops them: 64 KiB instead of 1 MiB, which the hottest loop of the board update
/// keeps in cache far better. Other rules read [`pair_table`] whole.
pub fn lookup_table(rule: Rule) -> (&'static [u8], u32, u32) {
    if rule != Rule::Freestyle {
        return (pair_table(rule), 0, (CODES - 1) as u32);
    }
    static NEAR: OnceLock<Box<[u8]>> = OnceLock::new();
    let table = NEAR.get_or_init(|| {
        let full = pair_table(rule);
        // Index i holds slots 1..=8 (offsets −4…4); the fifth neighbours read as empty.
        (0..CODES as u32 >> 4)
            .map(|i| full[(i << 2) as usize])
            .collect()
    });
    (table, 2, (CODES as u32 >> 4) - 1)
}

/// Builds every table now, so that later look-ups never pay for it (call at start-up,
/// for example from a background thread).
pub fn warm_tables() {
    for rule in Rule::ALL {
        lookup_table(rule);
    }
}

/// A per-cell threat class: the strongest combination of line patterns a stone there
/// makes for one side. Ordered weakest to strongest.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
#[repr(u8)]
pub enum Threat {
    /// Nothing worth mentioning.
    None = 0,
    /// Only ones.
    One,
    /// One two (or closed three).
    Two,
    /// Two or more twos / closed threes.
    Two2,
    /// One open three.
    Three,
    /// One open three plus a two or closed three.
    ThreePlus,
    /// Two or more open threes (a renju foul for black).
    Three3,
    /// One closed four.
    Four,
    /// A closed four plus a two or closed three.
    FourPlus,
    /// A closed four plus an open three: wins unless answered with a four.
    Four3,
    /// A straight four or two fours: wins next move unless the opponent makes five.
    Flex4,
    /// A five.
    Five,
}

impl Threat {
    /// Number of threat classes.
    pub const COUNT: usize = 12;
}

/// Threat class and ordering score of a combination of four line patterns.
pub struct Combo {
    /// The combined class.
    pub threat: Threat,
    /// A weight for move ordering and evaluation.
    pub score: i16,
}

/// Weight of each line pattern in a cell's score (index = pattern discriminant).
pub const PATTERN_SCORE: [i16; Pattern::COUNT] = [0, 0, 1, 3, 5, 14, 16, 50, 55, 400, 400, 4000];

fn combine(p: [Pattern; 4]) -> Combo {
    let n = |q: Pattern| p.iter().filter(|&&x| x == q).count();
    let fours = n(Pattern::B4);
    let threes = n(Pattern::F3);
    let small = n(Pattern::B3) + n(Pattern::F2);
    let threat = if n(Pattern::F5) > 0 {
        Threat::Five
    } else if n(Pattern::F4) > 0 || n(Pattern::F44) > 0 || fours >= 2 {
        Threat::Flex4
    } else if fours == 1 && threes > 0 {
        Threat::Four3
    } else if fours == 1 && small > 0 {
        Threat::FourPlus
    } else if fours == 1 {
        Threat::Four
    } else if threes >= 2 {
        Threat::Three3
    } else if threes == 1 && small > 0 {
        Threat::ThreePlus
    } else if threes == 1 {
        Threat::Three
    } else if small >= 2 {
        Threat::Two2
    } else if small == 1 {
        Threat::Two
    } else if p.iter().any(|&x| x >= Pattern::B1) {
        Threat::One
    } else {
        Threat::None
    };
    let base: i32 = p.iter().map(|&x| PATTERN_SCORE[x as usize] as i32).sum();
    let bonus = match threat {
        Threat::Flex4 => 600,
        Threat::Four3 => 500,
        Threat::Three3 => 300,
        Threat::FourPlus => 40,
        Threat::ThreePlus => 30,
        Threat::Two2 => 8,
        _ => 0,
    };
    Combo {
        threat,
        score: (base + bonus).min(i16::MAX as i32) as i16,
    }
}

/// Index of a combination of four patterns into the combo table.
#[inline]
pub fn combo_index(p: [u8; 4]) -> usize {
    ((p[0] as usize * 12 + p[1] as usize) * 12 + p[2] as usize) * 12 + p[3] as usize
}

/// The combination table: threat class and score for every four patterns.
pub fn combos() -> &'static [(Threat, i16)] {
    static COMBOS: OnceLock<Vec<(Threat, i16)>> = OnceLock::new();
    COMBOS.get_or_init(|| {
        let mut v = Vec::with_capacity(12 * 12 * 12 * 12);
        for a in 0..12u8 {
            for b in 0..12u8 {
                for c in 0..12u8 {
                    for d in 0..12u8 {
                        let combo = combine([a, b, c, d].map(Pattern::from_u8));
                        v.push((combo.threat, combo.score));
                    }
                }
            }
        }
        v
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board skips re-reading freestyle patterns five cells from a move
    /// (`Board::reach`): this is why that is sound. The pair table packs both
    /// colours, so it is checked at once.
    #[test]
    fn freestyle_patterns_ignore_the_fifth_neighbours() {
        let pairs = pair_table(Rule::Freestyle);
        let far = (3 << (2 * slot(-5))) | (3 << (2 * slot(5)));
        for code in 0..CODES as u32 {
            assert_eq!(
                pairs[code as usize],
                pairs[(code & !far) as usize],
                "{code:#x}"
            );
        }
        // The board's compact freestyle table reads the same.
        let (compact, shift, mask) = lookup_table(Rule::Freestyle);
        for code in 0..CODES as u32 {
            assert_eq!(
                compact[((code >> shift) & mask) as usize],
                pairs[code as usize],
                "{code:#x}"
            );
        }
        // Under exact five the fifth neighbour matters (it makes an overline).
        let exact = pair_table(Rule::Standard);
        assert!((0..CODES as u32).any(|c| exact[c as usize] != exact[(c & !far) as usize]));
    }

    /// Builds a line code from a picture like `"..XX.[.]XO..."`: eleven characters,
    /// the centre (index 5) must be `.` and stands for the cell itself.
    fn code_of(s: &str) -> u32 {
        let cells: Vec<char> = s.chars().collect();
        assert_eq!(cells.len(), 11, "{s}");
        let mut code = 0;
        for (i, ch) in cells.iter().enumerate() {
            if i == 5 {
                continue;
            }
            let o = i as i32 - 5;
            let v = match ch {
                '.' => C_EMPTY,
                'X' => C_BLACK,
                'O' => C_WHITE,
                '|' => C_WALL,
                _ => panic!("bad char {ch}"),
            };
            code |= v << (2 * slot(o));
        }
        code
    }

    fn pat(s: &str, kind: WinKind) -> Pattern {
        Pattern::from_u8(table(kind, Color::Black)[code_of(s) as usize])
    }

    #[test]
    fn basic_patterns_freestyle() {
        let k = WinKind::FiveOrMore;
        assert_eq!(pat("...XX.XX...", k), Pattern::F5);
        assert_eq!(pat("..XXX.X....", k), Pattern::F5);
        assert_eq!(pat("....X.XX...", k), Pattern::F4);
        assert_eq!(pat("...OX.XX...", k), Pattern::B4);
        assert_eq!(pat("....X.X....", k), Pattern::F3);
        assert_eq!(pat("...X..X....", k), Pattern::F3);
        assert_eq!(pat("...OX.X....", k), Pattern::B3);
        assert_eq!(pat("...X.X.X...", k), Pattern::B3);
        assert_eq!(pat("..X.X.X.X..", k), Pattern::F44);
        assert_eq!(pat("......X....", k), Pattern::F2);
        assert_eq!(pat("OXXX..|....", k), Pattern::B4);
        assert_eq!(pat("OXX...|....", k), Pattern::B3);
        assert_eq!(pat("....O.O....", k), Pattern::Dead);
        assert_eq!(pat("XX...X.....", k), Pattern::B2);
    }

    #[test]
    fn exact_five_and_overline() {
        let k = WinKind::ExactFive;
        assert_eq!(pat("..XXX.XX...", k), Pattern::OL);
        assert_eq!(pat("..OXX.XX...", k), Pattern::F5);
        assert_eq!(pat("...XX.XX.X.", k), Pattern::F5);
        assert_eq!(pat("..X.X.X.X..", k), Pattern::F44);
        // _XXXX_ with an own stone two beyond: one side makes six.
        assert_eq!(pat(".X.XX.X....", k), Pattern::B4);
        assert_eq!(pat("..XXX.X....", WinKind::FiveOrMore), Pattern::F5);
    }

    #[test]
    fn caro_blocked_five() {
        assert_eq!(pat(".OXXX.XO...", WinKind::Caro), Pattern::Dead);
        assert_eq!(pat(".OXXX.X....", WinKind::Caro), Pattern::F5);
        assert_eq!(pat("|XXXX.O....", WinKind::Caro), Pattern::F5);
        assert_eq!(pat("OXXXX.XO...", WinKind::Caro), Pattern::F5);
        assert_eq!(pat("OXXXX.XO...", WinKind::CaroExact), Pattern::OL);
        assert_eq!(pat(".OXXX.XO...", WinKind::CaroExact), Pattern::Dead);
    }

    #[test]
    fn tables_agree_with_slow_reference_on_a_sample() {
        // The full sweep of every code lives in tests/patterns.rs; this is a quick check.
        let mut x: u64 = 12345;
        for kind in [
            WinKind::FiveOrMore,
            WinKind::ExactFive,
            WinKind::Caro,
            WinKind::CaroExact,
            WinKind::RenjuBlack,
        ] {
            let t = table(kind, Color::Black);
            for _ in 0..2000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let code = (x % CODES as u64) as u32;
                assert_eq!(
                    Pattern::from_u8(t[code as usize]),
                    classify_slow(code, C_BLACK, kind),
                    "code {code:#x} {kind:?}"
                );
            }
        }
    }
}
