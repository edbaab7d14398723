//! VCF: victory by continuous fours. The attacker plays only fours; each four leaves
//! the defender a single block. A straight four, a double four, a block that is a renju
//! foul, or a five ends it.

use super::movegen::MAX_MOVES;
use crate::board::{Board, Pattern, Threat};
use crate::types::{Color, Pos, Rule};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a threat search may spend: nodes, and optionally wall time and a stop flag.
pub struct Budget<'a> {
    left: u64,
    used: u64,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    /// Positions (by key) where no VCF exists within the stored number of fours:
    /// different orders of the same fours meet again, and deepening repeats work.
    failed: Option<fxhash::FxHashMap<u64, u32>>,
    /// The same for [`vct`], by number of threat moves.
    vct_failed: fxhash::FxHashMap<u64, u32>,
}

impl<'a> Budget<'a> {
    /// A budget of `nodes` nodes only.
    pub fn nodes(nodes: u64) -> Budget<'static> {
        Budget {
            left: nodes,
            used: 0,
            deadline: None,
            stop: None,
            failed: None,
            vct_failed: fxhash::FxHashMap::default(),
        }
    }
    /// A budget of `nodes` nodes that also ends at `deadline` or when `stop` is set.
    pub fn timed(nodes: u64, deadline: Instant, stop: &'a AtomicBool) -> Budget<'a> {
        Budget {
            left: nodes,
            used: 0,
            deadline: Some(deadline),
            stop: Some(stop),
            failed: Some(fxhash::FxHashMap::default()),
            vct_failed: fxhash::FxHashMap::default(),
        }
    }
    /// Spends one node; false when nothing is left.
    #[inline]
    pub fn take(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        self.used += 1;
        if self.used & 255 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
            if late || stopped {
                self.left = 0;
            }
        }
        true
    }
    /// Whether the budget is spent.
    #[inline]
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }
    /// Nodes spent so far.
    pub fn used(&self) -> u64 {
        self.used
    }
    /// Whether the position with key `key` is stored as having no VCF within `depth`
    /// fours (never, without a failure table).
    #[inline]
    fn vcf_failed(&self, key: u64, depth: u32) -> bool {
        self.failed
            .as_ref()
            .is_some_and(|f| f.get(&key).is_some_and(|&d| d >= depth))
    }
}

/// Whether black may play `p` (renju fouls excluded); white always may.
#[inline]
fn legal(board: &mut Board, color: Color, p: Pos) -> bool {
    !(color == Color::Black && board.might_be_forbidden(p) && board.is_forbidden(p))
}

/// Searches a VCF for the side to move with at most `depth` attacking fours and a
/// node budget. Returns the number of plies to the winning five (the five included).
pub fn vcf(board: &mut Board, depth: u32, budget: &mut Budget) -> Option<u32> {
    let mut line = Vec::new();
    vcf_line(board, depth, budget, &mut line)
}

/// Like [`vcf`], and fills `line` with the attacker's and defender's moves of the win
/// (ending with the attacker's last four or five).
pub fn vcf_line(
    board: &mut Board,
    depth: u32,
    budget: &mut Budget,
    line: &mut Vec<Pos>,
) -> Option<u32> {
    line.clear();
    let me = board.side_to_move();
    let opp = me.opp();
    if let Some(p) = board.find_threat(me, Threat::Five) {
        line.push(p);
        return Some(1);
    }
    let opp_fives = board.threat_count(opp, Threat::Five);
    if opp_fives >= 2 || depth == 0 {
        return None;
    }
    let key = board.hash();
    if budget.vcf_failed(key, depth) {
        return None;
    }
    if !budget.take() {
        return None;
    }
    let r = vcf_moves(board, depth, budget, line, opp_fives);
    if r.is_none() && !budget.exhausted() {
        if let Some(failed) = &mut budget.failed {
            failed.insert(key, depth);
        }
    }
    r
}

/// Moves of a threat-search node, with their order keys.
pub(super) type ThreatMoves = ArrayVec<(Pos, i32), MAX_MOVES>;

/// The empty cells where `color` makes at least `min`, strongest class first, then by
/// ordering score, ties by position (the move order of both threat searches), in
/// `out`. `min` must be an open three or more, so that only the move generator's
/// candidates need looking at; the scan stops once it has found as many cells as the
/// board's threat counts say there are: these searches run it at every node.
pub(super) fn threat_moves(board: &Board, color: Color, min: Threat, out: &mut ThreatMoves) {
    debug_assert!(min >= Threat::Three, "threat_moves below a three: {min:?}");
    out.clear();
    let mut left = board.threat_count_from(color, min);
    if left == 0 {
        return;
    }
    for p in board.candidates() {
        if board.threat(p, color) >= min {
            out.push((
                p,
                board.threat(p, color) as i32 * 1000 + board.cell_score(p, color),
            ));
            left -= 1;
            if left == 0 {
                break;
            }
        }
    }
    debug_assert_eq!(left, 0, "a {min:?} cell outside the candidates");
    out.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
}

/// The attacker's fours at one VCF node (see [`vcf_line`]).
fn vcf_moves(
    board: &mut Board,
    depth: u32,
    budget: &mut Budget,
    line: &mut Vec<Pos>,
    opp_fives: u32,
) -> Option<u32> {
    let me = board.side_to_move();
    let opp = me.opp();
    let mut fours = ThreatMoves::new();
    if opp_fives == 1 {
        // The defender's block made a four: we must block it, and the chain goes on
        // only if our block is itself a four.
        let block = board.find_threat(opp, Threat::Five).expect("counted");
        if board.threat(block, me) < Threat::Four {
            return None;
        }
        fours.push((block, 0));
    } else {
        threat_moves(board, me, Threat::Four, &mut fours);
    }
    let renju_black = me == Color::Black && board.rule() == Rule::Renju;
    let precheck = budget.failed.is_some() && !(opp == Color::Black && board.rule() == Rule::Renju);
    for &(p, _) in &fours {
        if !legal(board, me, p) {
            continue;
        }
        let t = board.threat(p, me);
        if t == Threat::Flex4 {
            // A straight four wins outright; for renju black only a straight four (a
            // double four would be a foul, and we checked it is not one).
            let straight = !renju_black || board.patterns(p, me).contains(&Pattern::F4);
            if straight {
                line.push(p);
                return Some(3);
            }
        }
        // A transposition is looked up before the four and its block are played: over
        // half of all fours lead to a position already known to fail. Not where the
        // block may be a renju foul (a win that the stored failure, reached by another
        // order, would hide).
        let block = if precheck {
            board.four_completion(p, me)
        } else {
            None
        };
        if block.is_some_and(|q| budget.vcf_failed(board.hash_after_pair(p, q), depth - 1)) {
            continue;
        }
        board.make_move(p);
        let fives = board.threat_count(me, Threat::Five);
        debug_assert!(
            block.is_none() || (fives == 1 && board.find_threat(me, Threat::Five) == block),
            "four_completion disagrees with the board at {p:?}"
        );
        let result = if fives >= 2 {
            line.push(p);
            Some(3)
        } else if fives == 1 {
            let block = block
                .or_else(|| board.find_threat(me, Threat::Five))
                .expect("counted");
            if !legal(board, opp, block) {
                line.push(p);
                Some(3)
            } else {
                board.make_move(block);
                let mut sub = Vec::new();
                let r = vcf_line(board, depth - 1, budget, &mut sub);
                board.undo_move();
                r.map(|plies| {
                    line.push(p);
                    line.push(block);
                    line.extend_from_slice(&sub);
                    plies + 2
                })
            }
        } else {
            None
        };
        board.undo_move();
        if result.is_some() {
            return result;
        }
        if budget.exhausted() {
            return None;
        }
    }
    None
}

/// Fours the VCF inside each VCT node may play.
const VCT_VCF_DEPTH: u32 = 8;

/// VCT: victory by continuous threats. The attacker (the side to move) plays fours and
/// open threes; after each, the defender's every answer that can matter is tried: the
/// block of a four, and against an open three every cell that would make it a four
/// plus every four of the defender's own (the board's threat-aware move generator, so
/// renju fouls are excluded for black). The attack wins when every answer loses.
///
/// A defender four is answered by its forced block, which costs no threat move (but
/// needs one left); the line goes on only if a threat of the attacker still stands
/// after the block (the defender must then answer it again, and his fours run out).
/// AIWine's wins against us are often such lines: threes interleaved with the
/// defender's fours. The result is sound within its limits, and an exhausted budget is
/// "not found". Renju black as the attacker is not searched (his threes may be fouls),
/// so it is never found. `depth` counts the attacker's threat moves. Returns the plies
/// to the five.
pub fn vct(board: &mut Board, depth: u32, budget: &mut Budget) -> Option<u32> {
    vct_move(board, depth, budget).map(|(_, plies)| plies)
}

/// [`vct_move`] one threat move deeper at a time up to `max_depth`: the shortest win
/// first, and failures are remembered by depth in the budget, so the deeper passes
/// repeat little. The first move and the plies.
pub fn deepening_vct(board: &mut Board, max_depth: u32, budget: &mut Budget) -> Option<(Pos, u32)> {
    for depth in 1..=max_depth {
        let found = vct_move(board, depth, budget);
        if found.is_some() || budget.exhausted() {
            return found;
        }
    }
    None
}

/// Like [`vct`], and also returns the attacker's first move.
pub fn vct_move(board: &mut Board, depth: u32, budget: &mut Budget) -> Option<(Pos, u32)> {
    let me = board.side_to_move();
    let opp = me.opp();
    if let Some(p) = board.find_threat(me, Threat::Five) {
        return Some((p, 1));
    }
    if budget.exhausted() {
        return None;
    }
    let mut line = Vec::new();
    if let Some(plies) = vcf_line(board, VCT_VCF_DEPTH, budget, &mut line) {
        return Some((line[0], plies));
    }
    let opp_fives = board.threat_count(opp, Threat::Five);
    if depth == 0 || opp_fives >= 2 || (me == Color::Black && board.rule() == Rule::Renju) {
        return None;
    }
    let key = board.hash();
    if budget.vct_failed.get(&key).is_some_and(|&d| d >= depth) {
        return None;
    }
    if !budget.take() {
        return None;
    }
    let mut attacks = ThreatMoves::new();
    // The attacker's moves here, and the threat moves left after each.
    let next = if opp_fives == 1 {
        // The defender answered with a four: the attacker blocks it, and the attack
        // goes on if a threat of his still stands after the block. The block is forced,
        // so it costs no threat move (the defender's fours run out).
        attacks.push((board.find_threat(opp, Threat::Five).expect("counted"), 0));
        depth
    } else {
        threat_moves(board, me, Threat::Three, &mut attacks);
        depth - 1
    };
    let mut answers = super::movegen::MoveList::new();
    for &(p, _) in &attacks {
        board.make_move(p);
        let won = all_answers_lose(board, next, budget, &mut answers);
        board.undo_move();
        if let Some(longest) = won {
            return Some((p, longest + 2));
        }
        if budget.exhausted() {
            return None;
        }
    }
    if !budget.exhausted() {
        budget.vct_failed.insert(key, depth);
    }
    None
}

/// After an attacker's move (the defender to move): whether it is a real threat (a
/// four, or a three that becomes a straight four the attacker may play) and every
/// answer the move generator gives loses to a VCT of `depth` threat moves. The longest
/// of those wins, in plies.
fn all_answers_lose(
    board: &mut Board,
    depth: u32,
    budget: &mut Budget,
    answers: &mut super::movegen::MoveList,
) -> Option<u32> {
    let attacker = board.side_to_move().opp();
    let forcing = board.threat_count(attacker, Threat::Five) > 0
        || super::movegen::has_playable_flex4(board, attacker);
    if !forcing || board.threat_count(attacker.opp(), Threat::Five) > 0 {
        return None;
    }
    super::movegen::generate(board, answers);
    if answers.is_empty() {
        return None;
    }
    let mut longest = 0;
    // The deeper searches have lists of their own: `answers` stays as it is.
    for i in 0..answers.len() {
        board.make_move(answers[i].0);
        let r = if board.winner().is_some() {
            None
        } else {
            vct(board, depth, budget)
        };
        board.undo_move();
        longest = longest.max(r?);
    }
    Some(longest)
}
