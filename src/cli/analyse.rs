//! `pbrain-tengen analyse GAME`: a review of a finished game. Every position is
//! searched again; per move it shows the move played and Tengen's choice with both
//! values, marks the moves that threw the game away, and names the move after which
//! the loser was lost and why (missed own win, missed defence against a VCF, a VCT or
//! a slow attack, a position lost before the search could see it, or time).
//!
//! A loser's move proven lost is only blamed if another move held: the move the search
//! preferred there is checked by searching the position after it (and, if that loses
//! too, the next ones). Where every move checked loses, the verdict walks back to an
//! earlier move.
//!
//! Values are from the point of view of the side that moved. The value of the played
//! move is the negated value of the position after it (one search per position, not
//! two per move). Positions are searched from the last to the first with one
//! transposition table, so that wins found near the end are in the table when the
//! earlier positions that lead to them are searched.

use super::play::record::{parse_games, GameNotes, GameRecord};
use crate::board::Board;
use crate::engine::{Engine, NoReport, SearchResult, MAX_DEPTH};
use crate::search::movegen::{self, MoveList};
use crate::search::params::{ROOT_VCF_DEPTH, ROOT_VCT_DEPTH};
use crate::search::time::TimeLimits;
use crate::search::{pns, vcf, Limits};
use crate::types::{format_value, Color, Pos, Rule, Value, VALUE_MATE, VALUE_MATE_BOUND};
use anyhow::{anyhow, bail, Context, Result};
use clap::Parser;
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// How long each position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Milliseconds per position.
    Time(u64),
    /// Iterations to this depth.
    Depth(i32),
    /// Nodes per position (deterministic).
    Nodes(u64),
}

impl Budget {
    fn limits(self) -> Limits {
        let mut l = Limits::depth(MAX_DEPTH);
        match self {
            Budget::Time(ms) => {
                l.time = TimeLimits {
                    soft_ms: (ms / 2).max(1),
                    hard_ms: ms.max(1),
                }
            }
            Budget::Depth(d) => l.max_depth = d.clamp(1, MAX_DEPTH),
            Budget::Nodes(n) => l.max_nodes = n.max(1),
        }
        l
    }

    fn describe(self) -> String {
        match self {
            Budget::Time(ms) => format!("{ms} ms per position"),
            Budget::Depth(d) => format!("depth {d} per position"),
            Budget::Nodes(n) => format!("{n} nodes per position"),
        }
    }
}

/// Why a move is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing to say.
    None,
    /// The mover's value fell by at least the margin (`?`).
    Drop,
    /// A position that was not lost became a proven loss (`??`).
    Lost,
    /// A proven win was let go (`??`).
    MissedWin,
    /// A renju foul: black played a forbidden point and lost at once (`??`).
    Foul,
}

impl Mark {
    fn text(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Drop => "?",
            Mark::Lost => "?? lost",
            Mark::MissedWin => "?? missed win",
            Mark::Foul => "?? foul",
        }
    }
}

/// One move of the game, reviewed.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// Move number, 1-based (opening stones count).
    pub number: usize,
    /// Who played it.
    pub mover: Color,
    /// The move played.
    pub played: Pos,
    /// Part of the opening (set, not chosen; not searched).
    pub opening: bool,
    /// Tengen's move in the position before (`Pos::NONE` in the opening).
    pub best: Pos,
    /// The value of the position before, for the mover.
    pub best_value: Value,
    /// The value of the move played, for the mover.
    pub played_value: Value,
    /// The verdict.
    pub mark: Mark,
}

/// Why the loser lost, as far as the searches can tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Nobody won on the board.
    NoWinner,
    /// The game ended by time, crash, illegal move or protocol error (the `TE` text).
    Forfeit(String),
    /// The loser had a proven win at this move (number) and played something else.
    MissedWin(usize),
    /// After this move the winner had a VCF (continuous fours); another move held.
    MissedVcfDefence(usize),
    /// After this move the winner had a win with threes (a VCT, proven by the
    /// threat searches); another move held.
    MissedVctDefence(usize),
    /// After this move the winner had a win that the search proved but the threat
    /// searches did not find within their limits: one that needs quiet moves before
    /// the threats, or a VCT deeper than they reach (renju black's threats are not
    /// searched); another move held.
    MissedSlowDefence(usize),
    /// A renju foul at this move.
    Foul(usize),
    /// Every move already lost at this move: the mistake came earlier, deeper than the
    /// search sees (a positional misjudgment).
    Positional(usize),
    /// The loser's position was never proven lost before the end.
    Unclear,
}

impl Cause {
    /// A short label for tallies.
    pub fn label(&self) -> &'static str {
        match self {
            Cause::NoWinner => "no winner",
            Cause::Forfeit(_) => "time or forfeit",
            Cause::MissedWin(_) => "missed own win",
            Cause::MissedVcfDefence(_) => "missed defence against a VCF",
            Cause::MissedVctDefence(_) => "missed defence against a VCT",
            Cause::MissedSlowDefence(_) => "missed defence against a slow attack",
            Cause::Foul(_) => "renju foul",
            Cause::Positional(_) => "positional misjudgment",
            Cause::Unclear => "unclear",
        }
    }
}

/// A reviewed game.
#[derive(Clone, Debug)]
pub struct GameReview {
    /// Every move, opening included.
    pub moves: Vec<MoveReview>,
    /// Who won: a five on the board, else the record's result.
    pub winner: Option<Color>,
    /// Index into `moves` of the loser's move after which it was lost for good.
    pub lost_after: Option<usize>,
    /// The winner's line from the position after that move.
    pub refutation: Vec<Pos>,
    /// Why.
    pub cause: Cause,
}

/// Settings of a review.
#[derive(Clone, Copy, Debug)]
pub struct ReviewSettings {
    /// The rule the game is judged by.
    pub rule: Rule,
    /// Search budget per position.
    pub budget: Budget,
    /// A drop of at least this much (non-mate values) gets a `?`.
    pub margin: Value,
}

/// The value of a move for its mover, from the value of the position after it for the
/// opponent: negated, and a mate one ply further away.
fn value_of_move(child: Value) -> Value {
    let v = -child;
    if v >= VALUE_MATE_BOUND {
        v - 1
    } else if v <= -VALUE_MATE_BOUND {
        v + 1
    } else {
        v
    }
}

fn is_win(v: Value) -> bool {
    v >= VALUE_MATE_BOUND
}

fn is_loss(v: Value) -> bool {
    v <= -VALUE_MATE_BOUND
}

/// Reviews one game. `record.moves` must be a legal game under `settings.rule` (checked:
/// an illegal move or a move after a five is an error).
pub fn review(
    record: &GameRecord,
    notes: &GameNotes,
    settings: &ReviewSettings,
) -> Result<GameReview> {
    let (w, h, rule) = (record.width, record.height, settings.rule);
    let n = record.moves.len();
    // Replay once: legality, fouls, where the game ended.
    let mut board = Board::new(w, h, rule)?;
    let mut fouls = vec![false; n];
    for (i, &m) in record.moves.iter().enumerate() {
        if board.winner().is_some() {
            bail!("the game goes on after a five (move {} follows it)", i + 1);
        }
        if !board.on_board(m) {
            bail!("move {} is off the {w}x{h} board", i + 1);
        }
        fouls[i] = board.side_to_move() == Color::Black && board.is_forbidden(m);
        board
            .play(m)
            .map_err(|e| anyhow!("move {} ({}) is illegal: {e}", i + 1, m.to_human()))?;
    }
    let final_board = board;
    let opening = notes.opening.min(n);

    // root[k]: the search of the position after k moves, for its side to move.
    // forced[k]: the value of move k+1 as played, searched with every other root move
    // excluded, when Tengen preferred another move. Values from searches one ply apart
    // are not comparable (the horizon and the side to move's share of the evaluation
    // differ), so the played move is valued in the same position as the best one.
    let mut root: Vec<SearchResult> = vec![SearchResult::default(); n + 1];
    let mut forced: Vec<Option<Value>> = vec![None; n + 1];
    let mut engine = Engine::new();
    engine.set_rule(rule);
    let stop = AtomicBool::new(false);
    for k in (opening..=n).rev() {
        if k == n && (final_board.winner().is_some() || final_board.is_full()) {
            continue;
        }
        if k > 0 && fouls[k - 1] {
            // The foul ended the game; nothing after it is searched.
            continue;
        }
        engine.set_position(w, h, &record.moves[..k], &[])?;
        let limits = settings.budget.limits();
        root[k] = engine.think_with(limits.clone(), Instant::now(), &mut NoReport, &stop, 1);
        if k == n || fouls[k] || root[k].best == record.moves[k] {
            continue;
        }
        let played = record.moves[k];
        let mut b = engine.board().clone();
        let mut list = MoveList::new();
        movegen::generate(&mut b, &mut list);
        // A move the generator does not offer (one that ignores a four, say) cannot be
        // searched alone; the search of the position after it values it instead.
        if list.iter().any(|m| m.0 == played) {
            let mut only = limits;
            only.excluded = b
                .cells()
                .filter(|&p| b.is_empty(p) && p != played)
                .collect();
            // multipv 2: a single legal move must still be searched, not just evaluated.
            let f = engine.think_with(only, Instant::now(), &mut NoReport, &stop, 2);
            if f.best == played {
                forced[k] = Some(f.value);
            }
        }
    }

    let winner = final_board.winner().or_else(|| {
        // A foul loses for black; otherwise trust the record.
        if n > 0 && fouls[n - 1] {
            Some(Color::White)
        } else {
            notes.winner()
        }
    });

    // From the end backwards: a proven result of the position after a move (a mate
    // score) decides that move's value, and a move proven better than the search's
    // choice raises the value of the position before it.
    let mut value_after = if final_board.winner().is_some() {
        -VALUE_MATE
    } else {
        root[n].value
    };
    let mut moves = vec![];
    for i in (0..n).rev() {
        let played = record.moves[i];
        let mover = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        if i < opening {
            moves.push(MoveReview {
                number: i + 1,
                mover,
                played,
                opening: true,
                best: Pos::NONE,
                best_value: 0,
                played_value: 0,
                mark: Mark::None,
            });
            continue;
        }
        let searched = &root[i];
        let child = value_of_move(value_after);
        let played_value = if fouls[i] {
            -VALUE_MATE + 1
        } else if is_win(child) || is_loss(child) {
            child
        } else if searched.best == played {
            searched.value
        } else {
            forced[i].unwrap_or(child)
        };
        // Tengen's own choice is worth what the move played is worth.
        let (mut best, mut best_value) = if played == searched.best || played_value > searched.value
        {
            (played, played_value)
        } else {
            (searched.best, searched.value)
        };
        // The loser's move is proven lost but the move preferred instead is only
        // valued, not proven: check it (see `check_alternatives`), so that a position
        // already lost moves Lost after further back instead of blaming this move.
        if winner == Some(mover.opp()) && is_loss(played_value) && !is_loss(best_value) {
            (best, best_value) = check_alternatives(
                &mut engine,
                settings,
                (w, h),
                &record.moves[..i],
                played,
                (best, best_value),
                &stop,
            )?;
        }
        value_after = best_value;
        let mark = if fouls[i] {
            Mark::Foul
        } else if is_win(best_value) && !is_win(played_value) {
            Mark::MissedWin
        } else if !is_loss(best_value) && is_loss(played_value) {
            Mark::Lost
        } else if !is_win(best_value)
            && !is_loss(best_value)
            && !is_loss(played_value)
            && best_value - played_value >= settings.margin
        {
            Mark::Drop
        } else {
            Mark::None
        };
        moves.push(MoveReview {
            number: i + 1,
            mover,
            played,
            opening: false,
            best,
            best_value,
            played_value,
            mark,
        });
    }
    moves.reverse();
    let lines: Vec<Vec<Pos>> = root.iter().map(|r| r.pv.clone()).collect();

    let Some(winner) = winner else {
        return Ok(GameReview {
            moves,
            winner: None,
            lost_after: None,
            refutation: Vec::new(),
            cause: Cause::NoWinner,
        });
    };
    let loser = winner.opp();
    let loser_moves: Vec<usize> = (opening..n).filter(|&i| moves[i].mover == loser).collect();
    // Walking back from the end over the loser's moves while each was lost: the first
    // one where another move would have held is the decisive mistake. If even the best
    // move was lost there too, the mistake is earlier than the searches can see.
    let mut lost_after = None;
    for &i in loser_moves.iter().rev() {
        if !is_loss(moves[i].played_value) {
            break;
        }
        lost_after = Some(i);
        if !is_loss(moves[i].best_value) {
            break;
        }
    }
    let on_board_end = final_board.winner().is_some() || (n > 0 && fouls[n - 1]);
    let missed_win = loser_moves
        .iter()
        .copied()
        .find(|&i| moves[i].mark == Mark::MissedWin && lost_after.is_none_or(|j| i <= j));
    let cause = if !on_board_end {
        Cause::Forfeit(
            notes
                .termination
                .clone()
                .unwrap_or_else(|| "the game ended without a five".into()),
        )
    } else if let Some(i) = missed_win {
        Cause::MissedWin(moves[i].number)
    } else if let Some(j) = lost_after {
        let m = &moves[j];
        if m.mark == Mark::Foul {
            Cause::Foul(m.number)
        } else if is_loss(m.best_value) {
            Cause::Positional(m.number)
        } else if has_vcf(w, h, rule, &record.moves[..=j]) {
            Cause::MissedVcfDefence(m.number)
        } else if has_vct(w, h, rule, &record.moves[..=j]) {
            Cause::MissedVctDefence(m.number)
        } else {
            Cause::MissedSlowDefence(m.number)
        }
    } else {
        Cause::Unclear
    };
    let refutation = lost_after.map(|j| lines[j + 1].clone()).unwrap_or_default();
    Ok(GameReview {
        moves,
        winner: Some(winner),
        lost_after,
        refutation,
        cause,
    })
}

/// Most alternatives [`check_alternatives`] searches before it calls a position lost.
const ALTERNATIVES_CHECKED: usize = 3;

/// Checks the move preferred to a move proven lost. The position after the preferred
/// move is searched with the same budget, for the opponent; if that proves a win, the
/// preferred move was lost too, and the next best (searched with the lost moves left
/// out) is checked, up to [`ALTERNATIVES_CHECKED`] moves. Returns the first move not
/// proven lost with its value; the preferred move as it was when the checks ran out
/// with moves left unchecked; or, when every move is proven lost (the checked ones by
/// their own searches, the rest by the root search that left those out), the one that
/// loses slowest with its (mate) value.
///
/// Without this, a game lost several moves before the search could see it was blamed
/// on a later move whose alternative only looked better: in a review of 24 lost games
/// at 100k nodes, 3-second searches after the preferred move found a forced win for
/// the opponent in 22.
fn check_alternatives(
    engine: &mut Engine,
    settings: &ReviewSettings,
    (w, h): (usize, usize),
    before: &[Pos],
    played: Pos,
    preferred: (Pos, Value),
    stop: &AtomicBool,
) -> Result<(Pos, Value)> {
    let mut candidate = preferred;
    let mut excluded = vec![played];
    let mut slowest: Option<(Pos, Value)> = None;
    let mut line = before.to_vec();
    for round in 0..ALTERNATIVES_CHECKED {
        line.push(candidate.0);
        engine.set_position(w, h, &line, &[])?;
        line.pop();
        let limits = settings.budget.limits();
        let after = engine.think_with(limits.clone(), Instant::now(), &mut NoReport, stop, 1);
        if !is_win(after.value) {
            return Ok(candidate);
        }
        let lost = value_of_move(after.value);
        log::debug!(
            "checked {:?} after {} moves: lost ({})",
            candidate.0,
            before.len(),
            lost
        );
        if slowest.is_none_or(|(_, v)| lost > v) {
            slowest = Some((candidate.0, lost));
        }
        if round + 1 == ALTERNATIVES_CHECKED {
            // Moves are left unchecked: the position is not proven lost.
            return Ok(preferred);
        }
        excluded.push(candidate.0);
        engine.set_position(w, h, before, &[])?;
        let mut others = limits;
        others.excluded = excluded.clone();
        let next = engine.think_with(others, Instant::now(), &mut NoReport, stop, 1);
        if next.best == Pos::NONE || excluded.contains(&next.best) {
            break;
        }
        if is_loss(next.value) {
            // The root search proves every move left lost; its choice may lose slowest.
            if slowest.is_none_or(|(_, v)| next.value > v) {
                slowest = Some((next.best, next.value));
            }
            break;
        }
        candidate = (next.best, next.value);
    }
    // Every move is lost: the checked ones by their searches, the rest by the root
    // search that left the checked ones out.
    Ok(slowest.expect("the first candidate was searched"))
}

/// The position after `moves`, unless they are not a legal game or it is over.
fn position_after(w: usize, h: usize, rule: Rule, moves: &[Pos]) -> Option<Board> {
    Board::from_moves(w, h, rule, moves)
        .ok()
        .filter(|b| b.winner().is_none())
}

/// Whether the side to move after `moves` wins by continuous fours (VCF).
fn has_vcf(w: usize, h: usize, rule: Rule, moves: &[Pos]) -> bool {
    let Some(mut board) = position_after(w, h, rule, moves) else {
        return false;
    };
    let mut budget = vcf::Budget::nodes(2_000_000);
    let mut line = Vec::new();
    for depth in 1..=ROOT_VCF_DEPTH {
        if vcf::vcf_line(&mut board, depth, &mut budget, &mut line).is_some() {
            return true;
        }
        if budget.exhausted() {
            break;
        }
    }
    false
}

/// Threat moves and nodes of the proof-number VCT check of [`has_vct`]: far beyond
/// what a game needs, and a second or two at most.
const VCT_CHECK_DEPTH: u32 = 30;
const VCT_CHECK_NODES: u64 = 1_000_000;

/// Whether the side to move after `moves` wins by threats (a VCT). Both threat
/// searches try: the proof-number search reaches long wins, and the depth-first one,
/// deepened a threat at a time, finds some short narrow wins in far fewer nodes (one
/// of three threats took it 74 nodes, and the proof-number search 52,840). Their proofs
/// are sound; "not found" proves nothing.
fn has_vct(w: usize, h: usize, rule: Rule, moves: &[Pos]) -> bool {
    let Some(mut board) = position_after(w, h, rule, moves) else {
        return false;
    };
    let mut budget = vcf::Budget::nodes(VCT_CHECK_NODES);
    if vcf::deepening_vct(&mut board, ROOT_VCT_DEPTH, &mut budget).is_some() {
        return true;
    }
    let mut budget = vcf::Budget::nodes(VCT_CHECK_NODES);
    pns::vct_move(&mut board, VCT_CHECK_DEPTH, &mut budget).is_some()
}

fn side(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The review as text: a header, a line per move (`brief`: only marked moves) and the
/// verdict.
pub fn render(
    index: usize,
    record: &GameRecord,
    notes: &GameNotes,
    settings: &ReviewSettings,
    r: &GameReview,
    brief: bool,
) -> String {
    let mut s = String::new();
    let name = |n: &str, c: Color| {
        if n.is_empty() {
            side(c).to_string()
        } else {
            n.to_string()
        }
    };
    let number = notes.number.clone().unwrap_or_else(|| index.to_string());
    let _ = writeln!(
        s,
        "Game {number}: {} (black) vs {} (white) | {} {}x{} | result {}{} | {} moves{}",
        name(&record.black, Color::Black),
        name(&record.white, Color::White),
        settings.rule,
        record.width,
        record.height,
        notes.result.as_deref().unwrap_or("?"),
        notes
            .termination
            .as_deref()
            .map(|t| format!(" ({t})"))
            .unwrap_or_default(),
        record.moves.len(),
        if notes.opening > 0 {
            format!(
                ", the first {} set by the opening",
                notes.opening.min(record.moves.len())
            )
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        s,
        "Search: {}; values are for the side that moved",
        settings.budget.describe()
    );
    let _ = writeln!(s, " move  side   played   value   best     value");
    for m in &r.moves {
        if m.opening || (brief && m.mark == Mark::None) {
            continue;
        }
        let row = format!(
            "{:>5}  {:<5}  {:<7}  {:>6}   {:<7}  {:>6}  {}",
            m.number,
            side(m.mover),
            m.played.to_human(),
            format_value(m.played_value),
            if m.best == Pos::NONE {
                "-".to_string()
            } else {
                m.best.to_human()
            },
            format_value(m.best_value),
            m.mark.text()
        );
        let _ = writeln!(s, "{}", row.trim_end());
    }
    match (r.winner, r.lost_after) {
        (None, _) => {
            let _ = writeln!(s, "No winner on the board.");
        }
        (Some(w), Some(j)) => {
            let m = &r.moves[j];
            let _ = writeln!(
                s,
                "Lost after: move {} ({} {}): {} before, {} after; Tengen's move was {}",
                m.number,
                side(w.opp()),
                m.played.to_human(),
                format_value(m.best_value),
                format_value(m.played_value),
                if m.best == Pos::NONE {
                    "-".into()
                } else {
                    m.best.to_human()
                }
            );
            if !r.refutation.is_empty() {
                let _ = writeln!(
                    s,
                    "Winning line for {}: {}",
                    side(w),
                    Pos::line_to_human(&r.refutation)
                );
            }
        }
        (Some(_), None) if matches!(r.cause, Cause::Forfeit(_)) => {
            let _ = writeln!(s, "Lost after: - (the game was not decided on the board)");
        }
        (Some(w), None) => {
            let _ = writeln!(
                s,
                "Lost after: not found ({} was never proven lost at this search budget)",
                side(w.opp())
            );
        }
    }
    let detail = match &r.cause {
        Cause::NoWinner => String::new(),
        Cause::Forfeit(t) => format!(" ({t})"),
        Cause::MissedWin(n) => format!(" at move {n}"),
        Cause::MissedVcfDefence(n)
        | Cause::MissedVctDefence(n)
        | Cause::MissedSlowDefence(n)
        | Cause::Foul(n) => {
            format!(" at move {n}")
        }
        Cause::Positional(n) => {
            format!(": at move {n} every move already lost; the mistake came earlier")
        }
        Cause::Unclear => String::new(),
    };
    let _ = writeln!(s, "Cause: {}{detail}", r.cause.label());
    s
}

#[derive(Parser, Debug)]
#[command(
    name = "pbrain-tengen analyse",
    about = "Review a game: search every position again, show per move the move played and Tengen's \
             move with their values, mark the mistakes, and say after which move the loser was lost and why",
    after_help = "Marks: '?' the mover's value fell by at least --margin; '?? lost' a position that was \
                  not lost became a proven loss; '?? missed win' a proven win was let go; '?? foul' a renju \
                  forbidden move. Values: +M5 / -M4 are wins / losses in that many plies.\n\n\
                  Examples:\n  pbrain-tengen analyse game.psq --rule renju\n  \
                  pbrain-tengen analyse games.sgf --game 3 --nodes 500000\n  \
                  pbrain-tengen analyse games.sgf --brief --time 200"
)]
struct Args {
    /// The game: SGF (`GM[4]`; a file with several games, as `match --sgf` writes) or
    /// Piskvork's `.psq`.
    file: String,
    /// Which game of a file with several: the one with `GN[N]` if the file numbers its
    /// games, else the N-th (default: every game).
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// Milliseconds per position (the default: 1000).
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes"])]
    time: Option<u64>,
    /// Search every position to this depth instead.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i32).range(1..=100), conflicts_with = "nodes")]
    depth: Option<i32>,
    /// Search this many nodes per position instead (deterministic).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Rule when the file names none (.psq never does): freestyle, standard, renju, caro,
    /// caro9 or 0/1/4/8/9.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Board size when the file gives none (an SGF without SZ).
    #[arg(long, value_parser = clap::value_parser!(u32).range(5..=22))]
    size: Option<u32>,
    /// Mark a move '?' when the mover's value falls by at least this much.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(i32).range(1..))]
    margin: i32,
    /// Print only the marked moves and the verdict.
    #[arg(long)]
    brief: bool,
}

/// Entry point of `pbrain-tengen analyse`.
pub fn main(args: &[String]) -> Result<i32> {
    let a: Args = match super::parse_args("pbrain-tengen analyse", args) {
        Ok(a) => a,
        Err(code) => return Ok(code),
    };
    // `RUST_LOG=debug` shows the searches behind the verdicts (as in protocol mode).
    crate::init_log_from_env();
    match run(&a) {
        Ok(()) => Ok(0),
        // The reader of the review has gone (`analyse GAME | head`): nothing to report.
        Err(e) if super::is_broken_pipe(&e) => Ok(0),
        Err(e) => {
            eprintln!("ERROR: {e:#}");
            Ok(2)
        }
    }
}

fn run(a: &Args) -> Result<()> {
    let default_rule = Rule::parse(&a.rule).with_context(|| {
        format!(
            "unknown rule {:?} (freestyle, standard, renju, caro, caro9 or 0/1/4/8/9)",
            a.rule
        )
    })?;
    let bytes = std::fs::read(&a.file).with_context(|| format!("cannot read {}", a.file))?;
    let text = String::from_utf8_lossy(&bytes);
    let size = a.size.map(|s| s as usize);
    let games = parse_games(&text, size)
        .with_context(|| format!("{} is not a readable game record", a.file))?;
    let picked: Vec<(usize, &(GameRecord, GameNotes))> = match a.game {
        None => games.iter().enumerate().map(|(i, g)| (i + 1, g)).collect(),
        Some(n) => {
            let numbered = games.iter().any(|(_, notes)| notes.number.is_some());
            let found = if numbered {
                games
                    .iter()
                    .enumerate()
                    .find(|(_, (_, notes))| notes.number.as_deref() == Some(n.to_string().as_str()))
            } else {
                games.iter().enumerate().nth(n.wrapping_sub(1))
            };
            match found {
                Some((i, g)) => vec![(i + 1, g)],
                None if numbered => bail!("{} has no game with GN[{n}]", a.file),
                None => bail!(
                    "{} holds {} game(s); there is no game {n}",
                    a.file,
                    games.len()
                ),
            }
        }
    };
    let budget = match (a.time, a.depth, a.nodes) {
        (_, Some(d), _) => Budget::Depth(d),
        (_, _, Some(n)) => Budget::Nodes(n),
        (Some(t), _, _) => Budget::Time(t.max(1)),
        _ => Budget::Time(1000),
    };
    let mut out = std::io::stdout().lock();
    for (k, (index, (record, notes))) in picked.into_iter().enumerate() {
        let record = record.clone();
        let settings = ReviewSettings {
            rule: record.rule.unwrap_or(default_rule),
            budget,
            margin: a.margin,
        };
        let r = review(&record, notes, &settings)
            .with_context(|| format!("game {index} of {}", a.file))?;
        use std::io::Write;
        if k > 0 {
            writeln!(out)?;
        }
        write!(
            out,
            "{}",
            render(index, &record, notes, &settings, &r, a.brief)
        )?;
        out.flush()?;
    }
    Ok(())
}
