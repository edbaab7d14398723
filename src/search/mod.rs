//! Iterative-deepening principal variation search with a shared transposition table,
//! threat-aware move generation and VCF (victory by continuous fours) at the root and
//! at the leaves. The search never prints: it reports through [`Reporter`].

pub mod movegen;
pub mod params;
pub mod time;
pub mod tt;
pub mod vcf;

use crate::board::{Board, Threat};
use crate::eval::evaluate;
use crate::types::{
    mate_in, mated_in, Bound, Color, Pos, Value, GRID, VALUE_DRAW, VALUE_INFINITE, VALUE_MATE_BOUND,
};
use movegen::{generate, MoveList};
use params::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use time::{TimeLimits, Timer};
use tt::{TranspositionTable, TtEntry};

/// Nodes between two checks of the time, node and stop limits.
const CHECK_INTERVAL: u64 = 1024;

/// Deepest ply the search goes from the root.
pub const MAX_PLY: usize = 128;

/// One completed iteration, as reported while thinking.
#[derive(Clone, Debug, Default)]
pub struct IterationInfo {
    /// Nominal depth completed.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: i32,
    /// Value for the side to move (mate scores via [`crate::types::format_value`]).
    pub value: Value,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Milliseconds since the move was requested.
    pub time_ms: u64,
    /// Principal variation, first move first.
    pub pv: Vec<Pos>,
    /// Which of the n best lines this is (1-based).
    pub multipv: usize,
}

/// Receives progress while the engine thinks.
pub trait Reporter: Send {
    /// An iteration finished.
    fn iteration(&mut self, _info: &IterationInfo) {}
}

/// A reporter that ignores everything.
pub struct NoReport;
impl Reporter for NoReport {}

/// The answer of a search (`Default`: no move yet).
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// The move to play.
    pub best: Pos,
    /// Its value for the side to move.
    pub value: Value,
    /// Deepest completed iteration.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: i32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Milliseconds used.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<Pos>,
}

/// Limits of one search.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Time budget.
    pub time: TimeLimits,
    /// Deepest iteration to run.
    pub max_depth: i32,
    /// Stop after this many nodes (0 = no limit).
    pub max_nodes: u64,
    /// Root moves not to consider (multi-PV, analysis).
    pub excluded: Vec<Pos>,
}

impl Limits {
    /// Limits that only stop at `depth` (bench, tests).
    pub fn depth(depth: i32) -> Limits {
        Limits {
            time: TimeLimits {
                soft_ms: u64::MAX / 4,
                hard_ms: u64::MAX / 4,
            },
            max_depth: depth,
            max_nodes: 0,
            excluded: Vec::new(),
        }
    }
}

/// State shared by all threads of one search.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a TranspositionTable,
    /// External stop request (protocol STOP/END, or the main thread finishing).
    pub stop: &'a AtomicBool,
    /// Nodes of all threads.
    pub nodes: AtomicU64,
    /// Set when the main thread ends the search.
    pub done: AtomicBool,
}

/// Converts a value for storage: mate scores become relative to the node.
fn value_to_tt(v: Value, ply: i32) -> Value {
    if v >= VALUE_MATE_BOUND {
        v + ply
    } else if v <= -VALUE_MATE_BOUND {
        v - ply
    } else {
        v
    }
}

fn value_from_tt(v: Value, ply: i32) -> Value {
    if v >= VALUE_MATE_BOUND {
        v - ply
    } else if v <= -VALUE_MATE_BOUND {
        v + ply
    } else {
        v
    }
}

/// One search thread.
pub struct Searcher<'a> {
    /// The position being searched (its own copy).
    pub board: Board,
    shared: &'a Shared<'a>,
    limits: Limits,
    timer: Timer,
    main: bool,
    nodes: u64,
    /// Nodes already added to the shared count.
    reported: u64,
    /// Node count at which the limits are checked next.
    next_check: u64,
    seldepth: i32,
    aborted: bool,
    killers: [[Pos; 2]; MAX_PLY + 2],
    history: Box<[[i32; GRID]; 2]>,
    pv: Vec<Vec<Pos>>,
    move_lists: Vec<MoveList>,
}

impl<'a> Searcher<'a> {
    /// A searcher for `board`.
    pub fn new(
        board: Board,
        shared: &'a Shared<'a>,
        limits: Limits,
        timer: Timer,
        main: bool,
    ) -> Searcher<'a> {
        Searcher {
            board,
            shared,
            limits,
            timer,
            main,
            nodes: 0,
            reported: 0,
            next_check: CHECK_INTERVAL,
            seldepth: 0,
            aborted: false,
            killers: [[Pos::NONE; 2]; MAX_PLY + 2],
            history: Box::new([[0; GRID]; 2]),
            pv: vec![Vec::new(); MAX_PLY + 2],
            move_lists: (0..MAX_PLY + 2).map(|_| MoveList::new()).collect(),
        }
    }

    /// Counts a node and, every so often, checks the limits.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.shared
                .nodes
                .fetch_add(self.nodes - self.reported, Ordering::Relaxed);
            self.reported = self.nodes;
            self.next_check = self.nodes + CHECK_INTERVAL;
            if self.shared.stop.load(Ordering::Relaxed) || self.shared.done.load(Ordering::Relaxed)
            {
                self.aborted = true;
            } else if self.main {
                let total = self.shared.nodes.load(Ordering::Relaxed);
                if self.timer.elapsed_ms() >= self.limits.time.hard_ms
                    || (self.limits.max_nodes > 0 && total >= self.limits.max_nodes)
                {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// Static mate detection shared by every node: the side to move wins at once, is
    /// lost to a double five threat, or wins with a straight four.
    #[inline]
    fn static_mate(&mut self, ply: i32) -> Option<Value> {
        let me = self.board.side_to_move();
        let opp = me.opp();
        if self.board.threat_count(me, Threat::Five) > 0 {
            return Some(mate_in(ply + 1));
        }
        let opp_fives = self.board.threat_count(opp, Threat::Five);
        if opp_fives >= 2 {
            return Some(mated_in(ply + 2));
        }
        if opp_fives == 1 {
            // A single block is forced; if it is a renju foul for black, black is lost.
            if me == Color::Black {
                if let Some(b) = self.board.find_threat(opp, Threat::Five) {
                    if self.board.is_forbidden(b) {
                        return Some(mated_in(ply + 2));
                    }
                }
            }
            return None;
        }
        if self.board.threat_count(me, Threat::Flex4) > 0 {
            if me == Color::White || self.board.rule() != crate::types::Rule::Renju {
                return Some(mate_in(ply + 3));
            }
            // Black: a straight four that is not a foul.
            let cells: Vec<Pos> = self
                .board
                .cells()
                .filter(|&p| self.board.is_empty(p) && self.board.threat(p, me) == Threat::Flex4)
                .collect();
            for p in cells {
                let pats = self.board.patterns(p, me);
                if pats.contains(&crate::board::Pattern::F4) && !self.board.is_forbidden(p) {
                    return Some(mate_in(ply + 3));
                }
            }
        }
        None
    }

    /// Principal variation search.
    fn search(
        &mut self,
        mut alpha: Value,
        mut beta: Value,
        depth: i32,
        ply: i32,
        pv_node: bool,
    ) -> Value {
        let uply = ply as usize;
        self.pv[uply].clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.board.winner().is_some() {
            return mated_in(ply);
        }
        if self.board.is_full() {
            return VALUE_DRAW;
        }
        if ply > 0 {
            if let Some(v) = self.static_mate(ply) {
                return v;
            }
        }
        if uply >= MAX_PLY {
            return evaluate(&self.board);
        }
        // Mate distance pruning.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let me = self.board.side_to_move();
        // At the horizon, a forced block is still searched (it costs no depth).
        if depth <= 0 && self.board.threat_count(me.opp(), Threat::Five) == 0 {
            return self.leaf(alpha, beta, ply);
        }

        let key = self.board.hash();
        let entry = self.shared.tt.probe(key);
        let mut tt_move = Pos::NONE;
        if let Some(e) = entry {
            tt_move = e.mv;
            let v = value_from_tt(e.value, ply);
            if !pv_node && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return v;
                }
            }
        }

        let mut moves = std::mem::take(&mut self.move_lists[uply]);
        generate(&mut self.board, &mut moves);
        if ply == 0 && !self.limits.excluded.is_empty() {
            moves.retain(|m| !self.limits.excluded.contains(&m.0));
        }
        if moves.is_empty() {
            self.move_lists[uply] = moves;
            return VALUE_DRAW;
        }
        // Order: TT move, killers, then pattern score plus history.
        for m in moves.iter_mut() {
            if m.0 == tt_move {
                m.1 = i32::MAX;
            } else if m.0 == self.killers[uply][0] {
                m.1 += KILLER_BONUS;
            } else if m.0 == self.killers[uply][1] {
                m.1 += KILLER_BONUS / 2;
            }
            m.1 =
                m.1.saturating_add(self.history[me.idx()][m.0.idx()] / HISTORY_DIVISOR);
        }
        let branch = if ply == 0 {
            moves.len().min(ROOT_BRANCH)
        } else if depth < FULL_WIDTH_DEPTH {
            moves.len().min(MAX_BRANCH)
        } else {
            moves.len()
        };

        let forced = moves.len() == 1;
        let alpha_orig = alpha;
        let mut best = -VALUE_INFINITE;
        let mut best_move = Pos::NONE;
        for i in 0..branch {
            let (m, _) = movegen::pick(&mut moves, i);
            let quiet = self.board.threat(m, me) < Threat::Three
                && self.board.threat(m, me.opp()) < Threat::Three;
            self.board.make_move(m);
            // A forced reply costs no depth. (Fours extended the same way lost games
            // with the fitted evaluation: see MAX_BRANCH.)
            let new_depth = if forced { depth } else { depth - 1 };
            let mut v;
            if i == 0 {
                v = -self.search(-beta, -alpha, new_depth, ply + 1, pv_node);
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH && i >= LMR_MIN_INDEX && quiet {
                    r = 1 + (i >= LMR_MIN_INDEX * 3) as i32 + (depth >= 8 && i >= 12) as i32;
                }
                v = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false);
                if v > alpha && r > 0 {
                    v = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false);
                }
                if v > alpha && v < beta {
                    v = -self.search(-beta, -alpha, new_depth, ply + 1, true);
                }
            }
            self.board.undo_move();
            if self.aborted {
                self.move_lists[uply] = moves;
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(uply + 1);
                    head[uply].clear();
                    head[uply].push(m);
                    head[uply].extend_from_slice(&tail[0]);
                    if v >= beta {
                        if quiet {
                            if self.killers[uply][0] != m {
                                self.killers[uply][1] = self.killers[uply][0];
                                self.killers[uply][0] = m;
                            }
                            let h = &mut self.history[me.idx()][m.idx()];
                            *h = (*h + depth * depth).min(HISTORY_MAX);
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[uply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            TtEntry {
                mv: best_move,
                value: value_to_tt(best, ply),
                eval: 0,
                depth,
                bound,
            },
        );
        best
    }

    /// The value at the horizon: a VCF for the side to move proves a win, else the
    /// static evaluation.
    fn leaf(&mut self, _alpha: Value, _beta: Value, ply: i32) -> Value {
        let me = self.board.side_to_move();
        if self.board.threat_count(me, Threat::Four)
            + self.board.threat_count(me, Threat::FourPlus)
            + self.board.threat_count(me, Threat::Four3)
            > 0
        {
            let mut budget = vcf::Budget::nodes(LEAF_VCF_NODES);
            let found = vcf::vcf(&mut self.board, LEAF_VCF_DEPTH, &mut budget);
            self.nodes += budget.used();
            if let Some(plies) = found {
                return mate_in(ply + plies as i32);
            }
        }
        evaluate(&self.board)
    }

    /// Iterative deepening on this thread. Returns the last completed result.
    pub fn iterate(&mut self, reporter: &mut dyn Reporter, multipv: usize) -> SearchResult {
        let mut result = SearchResult::default();
        let mut prev_value: Value = 0;
        let start_depth = if self.main { 1 } else { 2 };
        let mut depth = start_depth;
        while depth <= self.limits.max_depth.max(1) {
            let mut delta = ASPIRATION_DELTA;
            let (mut alpha, mut beta) = if depth >= 5 && prev_value.abs() < VALUE_MATE_BOUND {
                (prev_value - delta, prev_value + delta)
            } else {
                (-VALUE_INFINITE, VALUE_INFINITE)
            };
            let value = loop {
                let v = self.search(alpha, beta, depth, 0, true);
                if self.aborted {
                    break v;
                }
                if v <= alpha {
                    alpha = (alpha - delta).max(-VALUE_INFINITE);
                } else if v >= beta {
                    beta = (beta + delta).min(VALUE_INFINITE);
                } else {
                    break v;
                }
                delta *= 2;
                if delta > 1000 {
                    alpha = -VALUE_INFINITE;
                    beta = VALUE_INFINITE;
                }
            };
            if self.aborted {
                // A cut-short iteration counts when it has a root move: one is put in
                // pv[0] only after its search at this depth finished above alpha, so
                // it is the previous best confirmed, or a move that beat it.
                if !self.pv[0].is_empty() {
                    result.best = self.pv[0][0];
                    result.pv = self.pv[0].clone();
                }
                break;
            }
            prev_value = value;
            if !self.pv[0].is_empty() {
                result.best = self.pv[0][0];
                result.pv = self.pv[0].clone();
            }
            result.value = value;
            result.depth = depth;
            result.seldepth = self.seldepth;
            if self.main {
                self.shared
                    .nodes
                    .fetch_add(self.nodes & 1023, Ordering::Relaxed);
                self.nodes &= !1023;
                let info = IterationInfo {
                    depth,
                    seldepth: self.seldepth,
                    value,
                    nodes: self.shared.nodes.load(Ordering::Relaxed),
                    time_ms: self.timer.elapsed_ms(),
                    pv: result.pv.clone(),
                    multipv,
                };
                reporter.iteration(&info);
                // Proven results need no deeper search.
                if value.abs() >= VALUE_MATE_BOUND && depth >= 4 {
                    break;
                }
                if self.timer.elapsed_ms() >= self.limits.time.soft_ms {
                    break;
                }
            }
            depth += 1;
        }
        self.shared
            .nodes
            .fetch_add(self.nodes & 1023, Ordering::Relaxed);
        self.nodes &= !1023;
        result
    }
}

/// Runs a full search of `board` with `threads` threads sharing `tt`.
#[allow(clippy::too_many_arguments)]
pub fn think(
    board: &Board,
    tt: &TranspositionTable,
    limits: Limits,
    timer: Timer,
    threads: usize,
    stop: &AtomicBool,
    reporter: &mut dyn Reporter,
    multipv: usize,
) -> SearchResult {
    tt.new_search();
    let shared = Shared {
        tt,
        stop,
        nodes: AtomicU64::new(0),
        done: AtomicBool::new(false),
    };
    let mut result = std::thread::scope(|s| {
        for t in 1..threads.max(1) {
            let b = board.clone();
            let shared = &shared;
            let mut helper_limits = limits.clone();
            helper_limits.max_depth = limits.max_depth + (t % 2) as i32;
            s.spawn(move || {
                let mut h = Searcher::new(b, shared, helper_limits, timer, false);
                h.iterate(&mut NoReport, multipv);
            });
        }
        let mut main = Searcher::new(board.clone(), &shared, limits.clone(), timer, true);
        let r = main.iterate(reporter, multipv);
        shared.done.store(true, Ordering::Relaxed);
        r
    });
    result.nodes = shared.nodes.load(Ordering::Relaxed);
    result.time_ms = timer.elapsed_ms();
    result
}
