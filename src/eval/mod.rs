//! Static evaluation from the board's incremental pattern state.
//!
//! Every empty cell carries, per side, the learned value of its four-direction pattern
//! combination ([`crate::board::weights`]), once as the side to move's and once as
//! the waiting side's, plus a cross entry for that combination when the other side's
//! threat at the same cell is a double two or more (`Weights::cross`). The board keeps
//! both sums incrementally, so the evaluation is the side to move's own sum minus the
//! opponent's waiting sum, plus a tempo bonus,
//! a table entry for the pair of threat levels (the best move each side has), and one
//! entry per side for its threat shape (its level and how many threats of each kind).
//! Values are on the scale of [`VALUE_SCALE`]: `1 / (1 + exp(-v / 600))` is the
//! expected score of the side to move.

pub mod policy;
pub mod tune;

use crate::board::weights;
use crate::board::Board;
use crate::types::Value;

pub use crate::board::weights::VALUE_SCALE;

/// Largest static value, kept far from mate scores.
pub const EVAL_LIMIT: Value = 10_000;

/// The static value of `board` for the side to move.
#[inline]
pub fn evaluate(board: &Board) -> Value {
    let me = board.side_to_move();
    let own = board.value_sum(me)[0];
    let opp = board.value_sum(me.opp())[1];
    let w = board.weights(me);
    let (mine, theirs) = (board.threat_level(me), board.threat_level(me.opp()));
    let threat = w.threat[mine * weights::LEVELS + theirs];
    let shape = w.shape[board.threat_shape_at(me, mine)] as i32
        + w.shape[weights::SHAPES + board.threat_shape_at(me.opp(), theirs)] as i32;
    (own - opp + w.tempo as i32 + threat as i32 + shape).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}
