//! Iterative-deepening principal variation search with a shared transposition table,
//! threat-aware move generation and VCF (victory by continuous fours) at the root and
//! at the leaves. The search never prints: it reports through [`Reporter`].

pub mod movegen;
pub mod params;
pub mod pns;
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
            time: TimeLimits::UNLIMITED,
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

/// Whether a stored value with this bound settles a node searched with `alpha`/`beta`.
#[inline]
fn tt_cuts(bound: Bound, v: Value, alpha: Value, beta: Value) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
        Bound::None => false,
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
    move_lists: Vec<Option<Box<MoveList>>>,
    /// Whether the move into ply `i + 1` was a null move (no two in a row).
    null_at: [bool; MAX_PLY + 2],
    /// The move a singular-extension search at ply `i` leaves out (`Pos::NONE`: none).
    excluded: [Pos; MAX_PLY + 2],
    /// Late-move reductions by depth and move index.
    lmr: Box<[[i8; 64]; 64]>,
    /// From this depth every generated move is searched (see [`full_width_depth`]).
    full_width: i32,
}

/// log2(x) in 1/256 units, by integer arithmetic only (the search takes no decision
/// from floating point: design habit 6).
fn log2_q8(x: u32) -> u32 {
    let int = 31 - x.leading_zeros();
    // x / 2^int in [1, 2), 16 fraction bits; each squaring yields one more bit.
    let mut y: u64 = ((x as u64) << 16) >> int;
    let mut frac = 0;
    for bit in (0..8).rev() {
        y = (y * y) >> 16;
        if y >= 2 << 16 {
            y >>= 1;
            frac |= 1 << bit;
        }
    }
    int * 256 + frac
}

/// Moves a history score by `delta`, scaled down by how close it already is to the
/// bound on that side, so that it stays within (-HISTORY_GRAVITY, HISTORY_GRAVITY).
#[inline]
fn pull_history(h: &mut i32, delta: i32) {
    *h += delta - *h * delta.abs() / HISTORY_GRAVITY;
}

/// The late-move reduction table: `ln(d) * ln(i + 1) * 100 / LMR_DIVISOR`, rounded
/// (see [`LMR_DIVISOR`]), from ln = log2 * ln 2 with ln(2)^2 taken as 0.4805.
fn lmr_table() -> Box<[[i8; 64]; 64]> {
    let mut t = Box::new([[0i8; 64]; 64]);
    let den: u64 = 65_536 * 10_000 * LMR_DIVISOR;
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate() {
            let num = log2_q8(d as u32) as u64 * log2_q8(i as u32 + 1) as u64 * 4_805 * 100;
            *r = ((num + den / 2) / den).min(100) as i8;
        }
    }
    t
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
        let full_width = full_width_depth(board.width(), board.height());
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
            move_lists: (0..MAX_PLY + 2).map(|_| Some(Box::default())).collect(),
            null_at: [false; MAX_PLY + 2],
            excluded: [Pos::NONE; MAX_PLY + 2],
            lmr: lmr_table(),
            full_width,
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
        // A straight four (or a double four) we may play; renju black's on a foul is none.
        if movegen::has_playable_flex4(&mut self.board, me) {
            return Some(mate_in(ply + 3));
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
        let key = self.board.hash();
        let entry = self.shared.tt.probe(key);
        // At the horizon, a forced block is still searched (it costs no depth).
        if depth <= 0 && self.board.threat_count(me.opp(), Threat::Five) == 0 {
            // A leaf's value does not depend on the window: stored exact at depth 0,
            // it serves later visits of the same position (and a deeper entry's value
            // serves too), which saves its VCF.
            if let Some(e) = entry {
                let v = value_from_tt(e.value, ply);
                if e.depth >= 0 && tt_cuts(e.bound, v, alpha, beta) {
                    return v;
                }
            }
            let v = self.leaf(alpha, beta, ply);
            // A deeper entry of this position is worth more than the leaf value.
            if entry.is_none_or(|e| e.depth <= 0) {
                self.shared.tt.store(
                    key,
                    TtEntry {
                        mv: Pos::NONE,
                        value: value_to_tt(v, ply),
                        eval: 0,
                        depth: 0,
                        bound: Bound::Exact,
                    },
                );
            }
            return v;
        }
        // A singular-extension search of this node (see below) leaves out `excluded`.
        let excluded = self.excluded[uply];
        let in_singular = excluded != Pos::NONE;
        let tt_move = entry.map_or(Pos::NONE, |e| e.mv);
        let tt_value = entry.map_or(0, |e| value_from_tt(e.value, ply));
        if let Some(e) = entry {
            if !pv_node
                && !in_singular
                && e.depth >= depth
                && tt_cuts(e.bound, tt_value, alpha, beta)
            {
                return tt_value;
            }
        }

        // Internal iterative reduction: a node with no stored move orders its moves by
        // the static scores alone, so it is searched a ply shallower (see IIR_MIN_DEPTH).
        let depth = if ply > 0 && depth >= IIR_MIN_DEPTH && tt_move == Pos::NONE && !in_singular {
            depth - 1
        } else {
            depth
        };
        // Pruning before any move, at non-PV nodes where the opponent has nothing to
        // answer (no five or straight four to make).
        let opp = me.opp();
        let threatened = self.board.threat_count(opp, Threat::Five) > 0
            || self.board.threat_count(opp, Threat::Flex4) > 0;
        let static_eval = if pv_node || threatened || ply == 0 || in_singular {
            None
        } else {
            Some(evaluate(&self.board))
        };
        if let Some(eval) = static_eval {
            if depth <= REVERSE_FUTILITY_DEPTH
                && eval - REVERSE_FUTILITY_MARGIN * depth >= beta
                && eval.abs() < VALUE_MATE_BOUND
            {
                return eval;
            }
            if depth >= NULL_MIN_DEPTH && eval >= beta && !self.null_at[uply - 1] {
                let r = NULL_REDUCTION + (depth >= 8) as i32;
                self.board.set_side(opp);
                self.null_at[uply] = true;
                let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
                self.null_at[uply] = false;
                self.board.set_side(me);
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return if v >= VALUE_MATE_BOUND { beta } else { v };
                }
            }
        }

        // Singular extension: when the stored move is the only one that holds the
        // stored value (the others, searched to half depth, stay below it by a
        // margin), it is searched a ply deeper.
        let mut singular = false;
        if let Some(e) = entry {
            if ply > 0
                && !in_singular
                && depth >= SINGULAR_DEPTH
                && tt_move != Pos::NONE
                && matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.depth >= depth - 3
                && tt_value.abs() < VALUE_MATE_BOUND
            {
                let sbeta = tt_value - SINGULAR_MARGIN * depth;
                self.excluded[uply] = tt_move;
                let s = self.search(sbeta - 1, sbeta, (depth - 1) / 2, ply, false);
                self.excluded[uply] = Pos::NONE;
                self.pv[uply].clear();
                if self.aborted {
                    return 0;
                }
                if s < sbeta {
                    singular = true;
                } else if !pv_node && sbeta >= beta {
                    return sbeta;
                }
            }
        }

        let mut moves = self.move_lists[uply].take().unwrap_or_default();
        generate(&mut self.board, &mut moves);
        if in_singular {
            moves.retain(|m| m.0 != excluded);
            if moves.is_empty() {
                self.move_lists[uply] = Some(moves);
                return alpha;
            }
        }
        if ply == 0 && !self.limits.excluded.is_empty() {
            moves.retain(|m| !self.limits.excluded.contains(&m.0));
        }
        if moves.is_empty() {
            self.move_lists[uply] = Some(moves);
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
            m.1 = m.1.saturating_add(
                self.history[me.idx()][m.0.idx()] * HISTORY_WEIGHT / HISTORY_GRAVITY,
            );
        }
        let branch = if ply == 0 {
            moves.len().min(ROOT_BRANCH)
        } else if depth < self.full_width {
            moves.len().min(MAX_BRANCH)
        } else {
            moves.len()
        };

        let forced = moves.len() == 1;
        // A defence against an open three costs no depth (as a forced block). Against
        // Rapfi at equal fixed nodes, paired with the search before it on the same
        // openings: on 20x20 +0.080 ± 0.045 a game at 50k (166-234 where it scored
        // 134-266) and +0.048 ± 0.042 at 200k (145-255 against 126-274); on 15x15
        // +0.064 ± 0.048 at 50k and +0.028 ± 0.045 at 200k; at 500 ms +0.020 ± 0.100
        // on 20x20 and -0.030 ± 0.088 on 15x15. Results: tournaments/results/, the
        // 2026-12-07 sessions 33 and 37 and 2026-12-08-session38.
        let vs_three = ply > 0
            && self.board.threat_count(opp, Threat::Five) == 0
            && self.board.threat_count(opp, Threat::Flex4) > 0;
        let alpha_orig = alpha;
        let mut best = -VALUE_INFINITE;
        let mut best_move = Pos::NONE;
        // The moves searched here that did not cut: a cutoff lowers their history.
        let mut tried: arrayvec::ArrayVec<Pos, 64> = arrayvec::ArrayVec::new();
        for i in 0..moves.len() {
            // The cap and futility pruning only apply once a move has been found that
            // does not lose by force: a mate claimed while moves were left unsearched
            // is false whenever one of them was the defence (games showed such claims:
            // the search then plays on into a lost line, certain it wins).
            let saved = best > -VALUE_MATE_BOUND;
            if i >= branch && saved {
                break;
            }
            let (m, _) = movegen::pick(&mut moves, i);
            let makes_three = self.board.threat(m, me) >= Threat::Three;
            let quiet = !makes_three && self.board.threat(m, me.opp()) < Threat::Three;
            // (A defence that makes a three of its own is not free: both sides could
            // go on answering threes with threes at no cost.)
            let free = vs_three && !makes_three;
            if i > 0 && quiet && depth <= FUTILITY_DEPTH && saved {
                if let Some(eval) = static_eval {
                    if eval + FUTILITY_MARGIN * depth <= alpha {
                        continue;
                    }
                }
            }
            self.shared.tt.prefetch(self.board.hash_after(m));
            self.board.make_move(m);
            // A forced reply costs no depth. (Fours extended the same way lost games
            // with the fitted evaluation: see MAX_BRANCH.)
            let new_depth = if forced || free {
                depth
            } else {
                depth - 1 + (singular && m == tt_move) as i32
            };
            let mut v;
            if i == 0 {
                v = -self.search(-beta, -alpha, new_depth, ply + 1, pv_node);
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH && i >= LMR_MIN_INDEX && !forced {
                    r = self.lmr[depth.min(63) as usize][i.min(63)] as i32;
                    r -= (!quiet) as i32 + pv_node as i32;
                    r = r.clamp(0, (new_depth - 1).max(0));
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
                self.move_lists[uply] = Some(moves);
                return 0;
            }
            if v < beta && !tried.is_full() {
                tried.push(m);
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
                        // Every move that cuts teaches the killers and the history, loud
                        // or quiet: most cutoffs here come from fours and threes.
                        if self.killers[uply][0] != m {
                            self.killers[uply][1] = self.killers[uply][0];
                            self.killers[uply][0] = m;
                        }
                        let bonus = (depth * depth + depth).min(HISTORY_BONUS_MAX);
                        let hist = &mut self.history[me.idx()];
                        pull_history(&mut hist[m.idx()], bonus);
                        for &q in &tried {
                            pull_history(&mut hist[q.idx()], -bonus);
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[uply] = Some(moves);
        if in_singular {
            // Its value is not the node's: nothing is stored.
            return best;
        }
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

    /// The value at the horizon: where the side to move has a four-three, a VCF proves
    /// a win; else the static evaluation (see [`LEAF_VCF_NODES`]).
    fn leaf(&mut self, _alpha: Value, _beta: Value, ply: i32) -> Value {
        let me = self.board.side_to_move();
        if self.board.threat_count(me, Threat::Four3) > 0 {
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
                log::debug!(
                    "iteration: depth {depth} seldepth {} value {value} nodes {} at {} ms, pv {}",
                    info.seldepth,
                    info.nodes,
                    info.time_ms,
                    Pos::line_to_human(&info.pv)
                );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_log2_matches_the_real_one() {
        for x in 1..=64u32 {
            let want = (x as f64).log2() * 256.0;
            let got = log2_q8(x) as f64;
            // Truncated to 1/256: never above, at most one unit below.
            assert!(
                got <= want + 1e-9 && want - got < 1.0,
                "log2({x}): {got} vs {want}"
            );
        }
    }

    #[test]
    fn reductions_grow_with_depth_and_move_index() {
        let t = lmr_table();
        // ln(8) * ln(8) / 2 = 2.16 plies; ln(3) * ln(2) / 2 = 0.38 rounds to none.
        assert_eq!(t[8][7], 2);
        assert_eq!(t[3][1], 0);
        assert_eq!(t[1][40], 0, "ln(1) = 0: nothing is reduced at depth 1");
        for d in 1..64 {
            for i in 1..64 {
                assert!(t[d][i] >= t[d - 1][i] && t[d][i] >= t[d][i - 1]);
            }
        }
    }
}
