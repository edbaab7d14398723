//! Threat-aware move generation from the board's pattern state.

use crate::board::weights::NEAR;
use crate::board::{Board, Threat};
use crate::types::{Color, Pos, Rule};
use arrayvec::ArrayVec;

/// Largest number of moves a position can have (22×22).
pub const MAX_MOVES: usize = 484;

/// A list of moves with ordering scores.
pub type MoveList = ArrayVec<(Pos, i32), MAX_MOVES>;

/// Whether the side to move may play `p` (renju: never a forbidden point for black).
#[inline]
pub fn is_playable(board: &mut Board, p: Pos) -> bool {
    board.is_empty(p)
        && !(board.side_to_move() == Color::Black
            && board.might_be_forbidden(p)
            && board.is_forbidden(p))
}

/// Ordering score of a move for the side to move: own potential, the opponent's
/// potential taken away (the weight sets' per-class policy scores, with big values for
/// forcing classes: the side to move's `policy` of its class there and the opponent's
/// `policy_opp` of his), a bonus by the pair of threat classes the cell has for both
/// sides, and a bonus by the distance to the last move and to the side to move's
/// previous move (see [`crate::board::weights::Weights`]).
#[inline]
pub fn move_score(board: &Board, p: Pos) -> i32 {
    let me = board.side_to_move();
    let own = board.cell_score(p, me);
    let opp = board.cell_score_opp(p, me.opp());
    let pair = board.weights(me).policy_threat
        [board.threat(p, me) as usize * Threat::COUNT + board.threat(p, me.opp()) as usize];
    own * 5 + opp * 4 + pair as i32 + near_bonus(board, p)
}

/// The distance part of [`move_score`].
#[inline]
pub fn near_bonus(board: &Board, p: Pos) -> i32 {
    let near = &board.weights(board.side_to_move()).near;
    let h = board.history();
    near[near_bucket(h, p, 1)] as i32 + near[NEAR + near_bucket(h, p, 2)] as i32
}

/// The [`crate::board::weights::Weights::near`] bucket of `p` for the move `back`
/// moves ago in `history` (1: the last move): the Chebyshev distance, capped at
/// `NEAR - 1`, which also stands for "no such move".
#[inline]
pub fn near_bucket(history: &[Pos], p: Pos, back: usize) -> usize {
    let Some(&q) = history.len().checked_sub(back).map(|i| &history[i]) else {
        return NEAR - 1;
    };
    p.x()
        .abs_diff(q.x())
        .max(p.y().abs_diff(q.y()))
        .min(NEAR - 1)
}

/// Every playable cell where `color` makes at least `min`, which must be a four or
/// more: only the candidates are looked at (see [`Board::candidates`]).
pub fn moves_with_threat(board: &mut Board, color: Color, min: Threat, out: &mut MoveList) {
    debug_assert!(
        min >= Threat::Four,
        "moves_with_threat below a four: {min:?}"
    );
    let cells: ArrayVec<Pos, MAX_MOVES> = board
        .candidates()
        .filter(|&p| board.threat(p, color) >= min)
        .collect();
    for p in cells {
        if is_playable(board, p) {
            out.push((p, move_score(board, p)));
        }
    }
}

/// Whether `color` has a straight four or double four it may really play: in renju a
/// black one on a forbidden point is no threat (the rule forbids completing it), so
/// the other side need not answer the three that made it.
pub fn has_playable_flex4(board: &mut Board, color: Color) -> bool {
    if board.threat_count(color, Threat::Flex4) == 0 {
        return false;
    }
    if color == Color::White || board.rule() != Rule::Renju {
        return true;
    }
    let cells: ArrayVec<Pos, MAX_MOVES> = board
        .candidates()
        .filter(|&p| board.threat(p, color) == Threat::Flex4)
        .collect();
    cells.into_iter().any(|p| !board.is_forbidden(p))
}

/// Generates the moves worth searching for the side to move, with ordering scores,
/// unsorted, in `out`. Assumes the side to move has no winning move (callers check that
/// first). Against a five threat only the blocks; against an open three (the opponent
/// can make a straight four or a double four it may play) only defences and our own
/// fours;
/// otherwise every playable cell near the stones.
pub fn generate(board: &mut Board, out: &mut MoveList) {
    out.clear();
    let me = board.side_to_move();
    let opp = me.opp();
    if board.threat_count(opp, Threat::Five) > 0 {
        moves_with_threat(board, opp, Threat::Five, out);
        // A block is forced; our own five was ruled out by the caller.
        out.retain(|&mut (p, _)| board.threat(p, opp) == Threat::Five);
    } else if board.count() == 0 {
        let c = board.center();
        out.push((c, 0));
    } else if has_playable_flex4(board, opp) {
        let cells: ArrayVec<Pos, MAX_MOVES> = board
            .candidates()
            .filter(|&p| {
                board.threat(p, opp) >= Threat::Four || board.threat(p, me) >= Threat::Four
            })
            .collect();
        for p in cells {
            if is_playable(board, p) {
                out.push((p, move_score(board, p)));
            }
        }
    } else {
        let cells: ArrayVec<Pos, MAX_MOVES> = board.candidates().collect();
        for p in cells {
            if is_playable(board, p) {
                out.push((p, move_score(board, p)));
            }
        }
    }
    if out.is_empty() {
        // Nothing near the stones (or every candidate forbidden): any playable cell.
        let cells: ArrayVec<Pos, MAX_MOVES> =
            board.cells().filter(|&p| board.is_empty(p)).collect();
        for p in cells {
            if is_playable(board, p) {
                out.push((p, move_score(board, p)));
            }
        }
    }
}

/// Sorts by score, best first; ties by position so the order is deterministic.
pub fn sort(moves: &mut MoveList) {
    moves.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
}

/// Moves the best of `moves[i..]` to index `i` (ties by position) and returns it:
/// lazy ordering, since most nodes search only their first few moves.
#[inline]
pub fn pick(moves: &mut MoveList, i: usize) -> (Pos, i32) {
    let mut best = i;
    for j in i + 1..moves.len() {
        let (a, b) = (moves[j], moves[best]);
        if a.1 > b.1 || (a.1 == b.1 && a.0 < b.0) {
            best = j;
        }
    }
    moves.swap(i, best);
    moves[i]
}
