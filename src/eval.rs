//! Static evaluation from the board's incremental pattern state.
//!
//! Every empty cell carries, per side, a score for the line patterns a stone there
//! would make. Their sums measure each side's potential; the side to move converts
//! potential first, so its own sum weighs more.

use crate::board::Board;
use crate::types::Value;

/// Weight of the side to move's potential (per mille).
pub const OWN_WEIGHT: i32 = 1_100;
/// Weight of the opponent's potential (per mille).
pub const OPP_WEIGHT: i32 = 1_000;
/// Divisor that brings raw pattern sums to the search's value scale.
pub const SCALE: i32 = 4;
/// Largest static value, kept far from mate scores.
pub const EVAL_LIMIT: Value = 10_000;

/// The static value of `board` for the side to move.
#[inline]
pub fn evaluate(board: &Board) -> Value {
    let me = board.side_to_move();
    let own = board.score_sum(me);
    let opp = board.score_sum(me.opp());
    let v = (own * OWN_WEIGHT - opp * OPP_WEIGHT) / (1000 * SCALE);
    v.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}
