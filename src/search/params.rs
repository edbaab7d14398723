//! Search constants, in one place (house habit 10). Each was kept because it helped
//! in self-play or in the bench; change them with a match result.

/// Ordering bonus of the first killer move (the second gets half).
pub const KILLER_BONUS: i32 = 2_000;
/// History scores live in (-HISTORY_GRAVITY, HISTORY_GRAVITY): a cutoff adds a bonus
/// to the move that cut and takes the same from the moves tried before it at that node,
/// each scaled down by how close the score already is to the bound ("gravity"), so old
/// knowledge fades and a move that keeps failing sinks.
/// Against main's history (quiet cutoffs only, a capped sum), at 500 ms against AIWine
/// (tournaments/results/2026-12-04-session18.md): 86-11-3 where main scored 82-18 on
/// 15×15 (paired +0.055 ± 0.085 a game), 84-16 where main scored 85-15 on 20×20
/// (−0.010 ± 0.086); at fixed nodes against Rapfi (Tengen 100k, Rapfi 20k, 400 games
/// a size) +0.035 ± 0.049 and +0.040 ± 0.049 (session 17).
pub const HISTORY_GRAVITY: i32 = 1024;
/// The bonus of a cutoff at `depth` plies to go: depth² + depth, at most this.
pub const HISTORY_BONUS_MAX: i32 = 400;
/// A history score joins the ordering score as `h * HISTORY_WEIGHT / HISTORY_GRAVITY`
/// (at most ±3,000, a little above a killer).
pub const HISTORY_WEIGHT: i32 = 3_000;
/// At most this many moves are searched at nodes shallower than FULL_WIDTH_DEPTH
/// (the threat-aware generator has already kept every forced defence). With the
/// hand-set evaluation, 12 plus a four extension (a move making a four cost no depth)
/// scored 39-89 against Rapfi at 30k/5k nodes (8 without it: 31-97;
/// tournaments/results/2026-12-01-defence.md); with the fitted evaluation the pair
/// scored 7-40-1 where 8 without it scored 17-30-1
/// (tournaments/results/2026-12-01-learned-eval.md), so 8 stays, without the extension.
pub const MAX_BRANCH: usize = 8;
/// At most this many moves are searched at the root.
pub const ROOT_BRANCH: usize = 32;
/// From this depth on every generated move is searched: the cap above binds only the
/// nodes near the horizon. Near the root, the move that refutes ours is often not among
/// the eight best by the ordering (in 1,005 positions of 20×20 games, Rapfi's move
/// ranked 9th or lower in our static order in 11%), and the verification kept finding
/// such refutations after the search had chosen. Against AIWine at 500 ms
/// (tournaments/results/2026-12-04-session15.md), full width from depth 7 scored 121-39
/// in 160 games on 20×20 where the cap everywhere scored 107-53 in 160 (paired +0.087
/// ± 0.088 a game), and 81-15 on 15×15 where main scored 82-14. From depth 5 it scored
/// 64-16 on 20×20 but 75-21 on 15×15. Boards of [`LARGE_BOARD`] and more use
/// [`FULL_WIDTH_DEPTH_LARGE`] instead.
pub const FULL_WIDTH_DEPTH: i32 = 7;
/// Full width from this depth on large boards. Against AIWine at 500 ms
/// (tournaments/results/2026-12-04-session16.md), from depth 6 scored 136-24 in 160
/// games on 20×20 (balanced openings) where depth 7 scored 181-59 in 240 (paired +0.096
/// ± 0.072 a game), and 79-17 where depth 7 scored 73-23 with the 15×15 Gomocup openings
/// played on a 20×20 board (+0.062 ± 0.086); but on 15×15 it scored 69-25-2 where depth
/// 7 scored 81-15 (−0.115 ± 0.111). The wider board leaves more room around the stones,
/// so more good replies fall outside the ordering's first eight.
pub const FULL_WIDTH_DEPTH_LARGE: i32 = 6;
/// Boards whose shorter side is at least this many cells count as large (measured on
/// 15 and 20 only; 16 to 19 are untested).
pub const LARGE_BOARD: usize = 18;

/// The depth from which every generated move is searched, on a board of this size.
pub fn full_width_depth(width: usize, height: usize) -> i32 {
    if width.min(height) >= LARGE_BOARD {
        FULL_WIDTH_DEPTH_LARGE
    } else {
        FULL_WIDTH_DEPTH
    }
}
/// Late-move reductions start at this depth...
pub const LMR_MIN_DEPTH: i32 = 2;
/// ...for moves from this index on.
pub const LMR_MIN_INDEX: usize = 1;
/// The reduction of move `i` at depth `d` is `ln(d) * ln(i + 1) * 100 / LMR_DIVISOR`
/// plies, rounded (one less for moves that make or stop a three, one less at PV nodes).
pub const LMR_DIVISOR: u64 = 200;
/// Null-move pruning: from this depth, at non-PV nodes whose evaluation is at least
/// beta and where the opponent has no three or four to answer, passing is searched
/// with a reduction; if that still fails high the node is cut.
pub const NULL_MIN_DEPTH: i32 = 3;
/// The null move's reduction (plus one from depth 8).
pub const NULL_REDUCTION: i32 = 2;
/// Futility pruning: at non-PV nodes up to this depth, with no opponent threat to
/// answer, quiet moves after the first are skipped when the evaluation plus the margin
/// times the depth cannot reach alpha...
pub const FUTILITY_DEPTH: i32 = 3;
/// ...with this margin per ply.
pub const FUTILITY_MARGIN: i32 = 120;
/// Reverse futility: at non-PV nodes up to [`REVERSE_FUTILITY_DEPTH`] with no opponent
/// threat to answer, a position whose evaluation minus the margin times the depth is
/// still at least beta returns its evaluation.
pub const REVERSE_FUTILITY_MARGIN: i32 = 150;
/// The deepest node where reverse futility applies (3, as futility pruning, before
/// 2026-12-06). Together with [`IIR_MIN_DEPTH`], at fixed nodes against Rapfi (Tengen
/// 100k, Rapfi 20k, 400 games a size; tournaments/results/2026-12-06-session20.md):
/// +0.054 ± 0.049 a game against main on 15×15, −0.005 ± 0.043 on 20×20 (each part
/// alone +0.020 and +0.006 on 15×15); at 500 ms against AIWine 85-14-1 and 85-15 where
/// main scored 86-11-3 and 84-16 (paired −0.020 ± 0.074, +0.010 ± 0.094).
pub const REVERSE_FUTILITY_DEPTH: i32 = 6;
/// Internal iterative reduction: a node below the root with this many plies to go or
/// more and no move in the transposition table is searched one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;
/// Initial half-width of the aspiration window.
pub const ASPIRATION_DELTA: i32 = 40;
/// Node budget of a VCF search at a leaf. It runs only where the side to move has a
/// four-three to play: run at every leaf with a four (as before 2026-12-02), these
/// searches took about 85% of all nodes and left the search three plies shallower.
pub const LEAF_VCF_NODES: u64 = 200;
/// Attacker fours a leaf VCF may play.
pub const LEAF_VCF_DEPTH: u32 = 6;
/// Node budget of the VCF search at the root.
pub const ROOT_VCF_NODES: u64 = 2_000_000;
/// Attacker fours the root VCF may play.
pub const ROOT_VCF_DEPTH: u32 = 40;
/// The root VCF ends by this share (per mille) of the hard time limit.
pub const ROOT_VCF_TIME_PERMILLE: u64 = 500;
/// Threat moves (fours and threes) the opponent's VCT may play in the root defence.
pub const ROOT_VCT_DEPTH: u32 = 6;
/// Share (per mille) of the hard time limit for finding whether the opponent would win
/// by VCT if we passed...
pub const ROOT_VCT_PASS_PERMILLE: u64 = 100;
/// ...and its node cap.
pub const ROOT_VCT_PASS_NODES: u64 = 200_000;
/// Share (per mille) of the hard time limit for checking the root moves against it...
pub const ROOT_VCT_CHECK_PERMILLE: u64 = 250;
/// ...and the node cap of all the checks together.
pub const ROOT_VCT_CHECK_NODES: u64 = 1_000_000;
/// Share (per mille) of the hard time limit for our own VCT at the root...
pub const ROOT_VCT_ATTACK_PERMILLE: u64 = 150;
/// ...and its node cap.
pub const ROOT_VCT_ATTACK_NODES: u64 = 300_000;
/// Verification of the chosen root move (under a time or node limit; depth-limited
/// searches such as `bench` are not verified): the main search ends by this share
/// (per mille) of the hard limit, or of the node limit...
/// (Under a node limit since the twenty-fifth session: fixed-node games before it did
/// not verify, so fixed-node screens could not judge the split. Against Rapfi, 140k
/// nodes against 28k, 400 games on 15×15, verifying scored 45.6% where not verifying
/// scored 47.0%, −0.014 ± 0.048 a game.)
/// (650 until the twenty-fourth session: at 500 ms a move the main search then ended at
/// 272 ms and the answer came at about 355 ms, while Rapfi answers at 440-470 ms.)
/// (750 until the twenty-sixth session. 850 with the check at 100 scored 181-210-9 at
/// fixed nodes where 750 and 150 scored 179-214-7, +0.007 ± 0.047 a game; with the
/// hard limit of 500 ms moved from 437 to 460 ms (`time::RESERVE_MS`), the median
/// answer came at 437 ms instead of 392, and against Rapfi at 500 ms Tengen scored
/// 16-79-5 where it had scored 12-80-8, +0.025 ± 0.082 a game; see
/// tournaments/results/2026-12-06-session26.md.)
pub const VERIFY_MAIN_PERMILLE: u64 = 850;
/// ...then the chosen move alone is searched for up to this share of the limit;
/// if that proves it lost, it is left out and the search runs again in the time left
/// (200 until the twenty-fourth session, 150 until the twenty-sixth).
pub const VERIFY_PERMILLE: u64 = 100;
/// Most moves proven lost and replaced in one verification.
pub const VERIFY_ROUNDS: usize = 2;

/// Singular extension: from this depth a node whose stored move has a lower bound (or
/// exact value) from at least `depth - 3` checks whether the other moves, at half depth,
/// reach the stored value less `SINGULAR_MARGIN` per ply; if none does, the stored move
/// is searched a ply deeper; if one does and the bound is at or above beta at a non-PV
/// node, the node returns the bound (multi-cut). Kept in the twenty-first session on
/// games against outside engines: at fixed nodes against Rapfi, +0.019, +0.045 and +0.007
/// a game (three sets of 400, 15×15, 20×20 and 15×15 at other node counts); at 500 ms
/// against AIWine on 15×15, 92-8-0 where main scored 85-14-1 (100 games each).
pub const SINGULAR_DEPTH: i32 = 6;

/// See [`SINGULAR_DEPTH`].
pub const SINGULAR_MARGIN: i32 = 20;
