//! The time manager: how long to think about one move.
//!
//! It turns the manager's limits (`timeout_turn`, `time_left`, `timeout_match`,
//! `time_increment`) and the move number into a soft limit (do not start an iteration
//! past it) and a hard limit (stop now). The arithmetic is pure; the clock is passed
//! in, so tests need not sleep.

use std::time::Instant;

/// Milliseconds always kept back from every limit: pipe latency, process scheduling
/// and the manager's own measurement (Rapfi keeps 30 ms; we are more careful). 60 until
/// the twenty-fourth session. A turn limit keeps back this or [`TURN_HARD_PERMILLE`]'s
/// share, whichever is more: 500 ms a move gives a hard limit of 460 ms (until the
/// twenty-sixth session both were kept back, 437 ms, and Tengen answered at about
/// 392 ms where Rapfi answers at about 470 ms).
pub const RESERVE_MS: i64 = 40;
/// Time each move costs outside the search, kept back from the match clock per
/// expected remaining move.
pub const MOVE_OVERHEAD_MS: i64 = 12;
/// The turn limit's hard limit is at most this fraction (per mille) of it: long turns
/// keep back 5% (250 ms of 5 s), short ones [`RESERVE_MS`].
pub const TURN_HARD_PERMILLE: i64 = 950;
/// Moves we still expect to play, at least: long games must not drain the clock.
pub const MIN_MOVES_LEFT: i64 = 20;
/// Moves we expect a game to last for one side, for spreading the match clock.
pub const EXPECTED_MOVES: i64 = 40;
/// The hard limit as a multiple (per mille) of the per-move share of the match clock.
pub const HARD_PER_SHARE_PERMILLE: i64 = 2_500;
/// The soft limit as a fraction (per mille) of the optimum, under a match clock (time
/// saved now is time for later moves).
pub const SOFT_PERMILLE: i64 = 600;
/// The soft limit as a fraction (per mille) of the turn limit when only the turn is
/// limited: time not used now is lost, and an iteration cut short still counts (the
/// search keeps a root move that beat the previous best at the new depth).
pub const TURN_SOFT_PERMILLE: i64 = 1000;
/// Smallest budget ever given (ms): enough for a shallow, safe answer.
pub const MIN_BUDGET_MS: i64 = 5;
/// The value of `time_left` that means "no match clock".
pub const UNLIMITED: i64 = 2_147_483_647;

/// The limits one move is searched under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimits {
    /// Don't start a new iteration after this many ms.
    pub soft_ms: u64,
    /// Stop searching at once after this many ms.
    pub hard_ms: u64,
}

/// Far beyond any real budget, and far from overflowing when added to a clock reading.
const UNLIMITED_MS: u64 = u64::MAX / 4;

impl TimeLimits {
    /// No time limit (depth- or node-limited searches: bench, tests, tools).
    pub const UNLIMITED: TimeLimits = TimeLimits {
        soft_ms: UNLIMITED_MS,
        hard_ms: UNLIMITED_MS,
    };

    /// Whether the clock limits this search (a real time budget, not [`Self::UNLIMITED`]).
    pub fn is_timed(&self) -> bool {
        self.hard_ms < UNLIMITED_MS
    }
}

/// The inputs of the time manager.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    /// `timeout_turn` in ms; 0 means "as fast as possible".
    pub turn_ms: i64,
    /// `timeout_match` in ms; 0 means unlimited.
    pub match_ms: i64,
    /// `time_left` in ms, if the manager sent it.
    pub left_ms: Option<i64>,
    /// Fischer increment per move in ms.
    pub increment_ms: i64,
    /// Our moves left until the board is full (0 if unknown): the longest the game
    /// can still last, for keeping back per-move overhead.
    pub max_own_moves: i64,
}

impl TimeLimits {
    /// Budget for the move after `ply` stones were played.
    pub fn compute(clock: &Clock, ply: usize) -> TimeLimits {
        let turn = if clock.turn_ms <= 0 {
            // "timeout_turn 0": play as fast as possible.
            MIN_BUDGET_MS
        } else {
            let kept = RESERVE_MS.max(clock.turn_ms * (1000 - TURN_HARD_PERMILLE) / 1000);
            (clock.turn_ms - kept).max(MIN_BUDGET_MS)
        };
        let left = match clock.left_ms {
            Some(l) if l != UNLIMITED && l < UNLIMITED => Some(l),
            Some(_) => None,
            None if clock.match_ms > 0 => Some(clock.match_ms),
            None => None,
        };
        let (optimum, hard) = match left {
            None => {
                let soft = turn * TURN_SOFT_PERMILLE / 1000;
                return TimeLimits {
                    soft_ms: soft.max(1) as u64,
                    hard_ms: turn.max(MIN_BUDGET_MS) as u64,
                };
            }
            Some(left) => {
                let own_moves = (ply as i64) / 2;
                let moves_left = (EXPECTED_MOVES - own_moves).max(MIN_MOVES_LEFT);
                // Every move also costs time outside the search (pipes, scheduling):
                // keep that back for the moves still to come.
                let overhead_moves = if clock.max_own_moves > 0 {
                    clock.max_own_moves
                } else {
                    moves_left
                };
                let usable = (left - RESERVE_MS - MOVE_OVERHEAD_MS * overhead_moves).max(0);
                let share = usable / moves_left + clock.increment_ms * 3 / 4;
                // An iteration started just before the soft limit may overrun it; the
                // hard limit bounds that overrun relative to the share.
                let hard_cap = (share * HARD_PER_SHARE_PERMILLE / 1000)
                    .min(usable / 6 + clock.increment_ms / 2);
                let hard = turn.min(hard_cap.max(MIN_BUDGET_MS));
                (share.max(MIN_BUDGET_MS).min(hard), hard)
            }
        };
        let soft = optimum * SOFT_PERMILLE / 1000;
        TimeLimits {
            soft_ms: soft.max(1) as u64,
            hard_ms: hard.max(MIN_BUDGET_MS) as u64,
        }
    }
}

/// Measures elapsed time from the moment the command arrived.
#[derive(Clone, Copy, Debug)]
pub struct Timer {
    start: Instant,
}

impl Timer {
    /// A timer started at `start`.
    pub fn new(start: Instant) -> Timer {
        Timer { start }
    }
    /// The instant `ms` milliseconds after the start.
    pub fn deadline(&self, ms: u64) -> Instant {
        self.start + std::time::Duration::from_millis(ms)
    }
    /// Milliseconds since the start.
    #[inline]
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_limit_binds_without_match_clock() {
        let c = Clock {
            turn_ms: 1000,
            match_ms: 0,
            left_ms: Some(UNLIMITED),
            increment_ms: 0,
            max_own_moves: 0,
        };
        let t = TimeLimits::compute(&c, 10);
        assert!(t.hard_ms < 1000 - RESERVE_MS as u64 + 1);
        assert!(t.hard_ms >= 800);
        // Time not used on this move is lost: search until the turn limit.
        assert_eq!(t.soft_ms, t.hard_ms * TURN_SOFT_PERMILLE as u64 / 1000);
    }

    #[test]
    fn a_short_turn_keeps_back_the_reserve_and_a_long_one_five_percent() {
        let turn = |turn_ms| {
            TimeLimits::compute(
                &Clock {
                    turn_ms,
                    match_ms: 0,
                    left_ms: None,
                    increment_ms: 0,
                    max_own_moves: 0,
                },
                10,
            )
            .hard_ms as i64
        };
        assert_eq!(turn(500), 500 - RESERVE_MS);
        assert_eq!(turn(200), 200 - RESERVE_MS);
        assert_eq!(turn(5000), 5000 * TURN_HARD_PERMILLE / 1000);
        assert_eq!(turn(30_000), 28_500);
    }

    #[test]
    fn match_clock_spreads_over_moves() {
        // Gomocup fastgame: 5 s per move, 120 s per game.
        let c = Clock {
            turn_ms: 5000,
            match_ms: 120_000,
            left_ms: Some(120_000),
            increment_ms: 0,
            max_own_moves: 0,
        };
        let early = TimeLimits::compute(&c, 0);
        // The turn limit binds, and at least 5% of it is kept back.
        assert!(early.hard_ms <= 4_750, "{early:?}");
        assert!(early.soft_ms <= 3_000, "{early:?}");
        // Little time left: the budget shrinks with it and never exceeds it.
        let late = TimeLimits::compute(
            &Clock {
                left_ms: Some(2_000),
                ..c
            },
            150,
        );
        assert!(late.hard_ms <= 2_000 / 4, "{late:?}");
    }

    #[test]
    fn negative_or_zero_time_still_answers() {
        let c = Clock {
            turn_ms: 1000,
            match_ms: 10_000,
            left_ms: Some(-500),
            increment_ms: 0,
            max_own_moves: 0,
        };
        let t = TimeLimits::compute(&c, 30);
        assert_eq!(t.hard_ms, MIN_BUDGET_MS as u64);
        let fast = TimeLimits::compute(
            &Clock {
                turn_ms: 0,
                ..Clock::default()
            },
            30,
        );
        assert_eq!(fast.hard_ms, MIN_BUDGET_MS as u64);
    }

    #[test]
    fn a_long_game_never_runs_out_even_at_the_hard_limit() {
        // Scaled fastgame (1 s/move, 24 s/game; 500 ms, 12 s) and Gomocup fastgame
        // (5 s, 120 s): a game to Piskvork's 20x20 draw cap (375 plies, 188 own moves)
        // where every move spends its full hard limit plus 5 ms of latency never lets
        // the clock go negative.
        for (turn, game) in [(1_000, 24_000), (5_000, 120_000), (500, 12_000)] {
            let mut left: i64 = game;
            for own in 0..188usize {
                let t = TimeLimits::compute(
                    &Clock {
                        turn_ms: turn,
                        match_ms: game,
                        left_ms: Some(left),
                        increment_ms: 0,
                        max_own_moves: (400 - own as i64 * 2) / 2,
                    },
                    own * 2,
                );
                assert!(t.hard_ms as i64 <= turn, "turn limit");
                left -= t.hard_ms as i64 + 5;
                assert!(left > 0, "ran out at own move {own} ({turn}/{game})");
            }
        }
    }

    #[test]
    fn increment_adds_to_the_share() {
        let base = Clock {
            turn_ms: 30_000,
            match_ms: 60_000,
            left_ms: Some(60_000),
            increment_ms: 0,
            max_own_moves: 0,
        };
        let with_inc = Clock {
            increment_ms: 2_000,
            ..base
        };
        assert!(
            TimeLimits::compute(&with_inc, 20).soft_ms > TimeLimits::compute(&base, 20).soft_ms
        );
    }
}
