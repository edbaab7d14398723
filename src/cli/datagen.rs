//! `pbrain-tengen datagen`: labelled positions for the evaluation tuner.
//!
//! Plays Tengen against itself at a fixed node count from openings (a file, or the
//! centre stone), with random choices among the best-ordered moves for the first
//! plies after the opening so that games differ, and writes each quiet position once
//! (none that an `--exclude` data file has) in the tuner's data format
//! ([`crate::eval::tune`]): the game's result for the side to move and, with
//! `--teacher`, the value a teacher engine gives it,
//! read through the Gomocup protocol from its `MESSAGE … Eval N` lines at a fixed
//! node count (Rapfi prints these). `--from-sgf` labels the positions of recorded
//! games instead of playing new ones. `--wander N` adds, beside each game position,
//! one position a few random plausible plies off the game's line, valued by the
//! teacher only, so that the data also cover the kind of positions a search meets.

use crate::board::{Board, Threat};
use crate::cli::play::record::parse_games;
use crate::engine::{Engine, NoReport};
use crate::eval::tune::{board_key, parse_data, position_key, Record};
use crate::search::movegen;
use crate::search::time::TimeLimits;
use crate::search::Limits;
use crate::tournament::opening::{parse_openings, OpeningFormat};
use crate::tournament::process::{EngineProcess, Recv};
use crate::types::{Color, Pos, Rule, SplitMix64};
use anyhow::{anyhow, bail, Context, Result};
use clap::Parser;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(
    about = "Writes labelled positions for `pbrain-tengen tune` (self-play at fixed nodes, optionally valued by a teacher engine)",
    after_help = "Output: one position per line, `RULE WIDTH HEIGHT VALUE RESULT MOVES` (see src/eval/tune.rs).\n\
Example:\n  pbrain-tengen datagen --games 200 --nodes 20000 --teacher ../shared/sparring/pbrain-rapfi \\\n    --teacher-nodes 20000 --openings tournaments/openings/gomocup2025_freestyle15.txt --out data.txt"
)]
struct Args {
    /// Games of self-play to record.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Nodes per move for Tengen's self-play.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Rule (freestyle, standard, renju, caro, caro9 or a number).
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Board size.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Opening file (c-gomoku-cli formats); games start from a random opening of it.
    #[arg(long)]
    openings: Option<String>,
    /// Plies after the opening played at random among the best-ordered moves.
    #[arg(long, default_value_t = 4)]
    random_plies: usize,
    /// How many of the best-ordered moves a random ply chooses from.
    #[arg(long, default_value_t = 5)]
    random_width: usize,
    /// Seed of the random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Teacher engine command (a pbrain engine that prints `Eval N` in MESSAGE lines).
    #[arg(long)]
    teacher: Option<String>,
    /// Nodes per position for the teacher (sent as INFO max_node).
    #[arg(long, default_value_t = 20_000)]
    teacher_nodes: u64,
    /// Label the positions of the games in this record file (SGF, one or many games, or
    /// Piskvork's `.psq`) instead of playing self-play games.
    #[arg(long)]
    from_sgf: Option<String>,
    /// Also label, beside each position of a game, one position off the game's line:
    /// 1 to N plies further, each ply a random pick among the `--random-width`
    /// best-ordered moves, as the search's leaves lie off the played line. Such
    /// positions have no game result, so this needs `--teacher`.
    #[arg(long, default_value_t = 0)]
    wander: usize,
    /// Output file (appended to); standard output without it.
    #[arg(long)]
    out: Option<String>,
    /// A data file (the tuner's format) whose positions are not labelled again; may be
    /// given more than once. A position met twice in one run is labelled once either
    /// way (the tuner keeps the first record of each position).
    #[arg(long)]
    exclude: Vec<String>,
}

/// A teacher engine driven through the Gomocup protocol.
pub struct Teacher {
    process: EngineProcess,
    width: usize,
    height: usize,
    rule: Rule,
    nodes: u64,
}

/// How long a teacher may take for one position before it counts as hung.
const TEACHER_TIMEOUT: Duration = Duration::from_secs(60);

impl Teacher {
    /// Starts `command` (split on blanks) for positions of the given board and rule.
    pub fn start(
        command: &str,
        width: usize,
        height: usize,
        rule: Rule,
        nodes: u64,
    ) -> Result<Teacher> {
        let words: Vec<String> = command.split_whitespace().map(String::from).collect();
        let process = EngineProcess::spawn(&words)
            .with_context(|| format!("cannot start teacher {command:?}"))?;
        let mut t = Teacher {
            process,
            width,
            height,
            rule,
            nodes,
        };
        t.restart()?;
        Ok(t)
    }

    fn restart(&mut self) -> Result<()> {
        let start = if self.width == self.height {
            format!("START {}", self.width)
        } else {
            format!("RECTSTART {},{}", self.width, self.height)
        };
        self.process.send(&start)?;
        self.wait_for(|l| l == "OK")?;
        for line in [
            format!("INFO rule {}", self.rule.info_value()),
            "INFO timeout_turn 0".to_string(),
            "INFO timeout_match 0".to_string(),
            format!("INFO max_node {}", self.nodes),
        ] {
            self.process.send(&line)?;
        }
        Ok(())
    }

    fn wait_for(&mut self, mut done: impl FnMut(&str) -> bool) -> Result<String> {
        let deadline = Instant::now() + TEACHER_TIMEOUT;
        loop {
            match self.process.recv(deadline) {
                Recv::Line(_, l) if done(l.trim()) => return Ok(l),
                Recv::Line(..) => {}
                Recv::Timeout => bail!("the teacher did not answer within {TEACHER_TIMEOUT:?}"),
                Recv::Eof => bail!("the teacher exited"),
            }
        }
    }

    /// The teacher's value of the position after `moves` for the side to move, or
    /// `None` if it reports a mate or no value.
    pub fn value(&mut self, moves: &[Pos]) -> Result<Option<i32>> {
        let mut lines = vec!["BOARD".to_string()];
        let me = moves.len() % 2;
        for (i, m) in moves.iter().enumerate() {
            lines.push(format!(
                "{},{},{}",
                m.x(),
                m.y(),
                if i % 2 == me { 1 } else { 2 }
            ));
        }
        lines.push("DONE".to_string());
        self.process.send_all(&lines)?;
        let mut value = None;
        self.wait_for(|l| {
            if let Some(rest) = l.split("Eval ").nth(1) {
                let word = rest.split_whitespace().next().unwrap_or("");
                value = word.parse::<i32>().ok();
            }
            crate::tournament::game::parse_move(l).is_some()
        })?;
        Ok(value)
    }
}

impl Drop for Teacher {
    fn drop(&mut self) {
        let _ = self.process.send("END");
        self.process.terminate(Duration::from_millis(500));
    }
}

/// Whether a position is worth a label: nobody has won, the side to move has no
/// five, and it is not answering a five (those are settled by search, not by value).
fn quiet(board: &Board) -> bool {
    let me = board.side_to_move();
    board.winner().is_none()
        && !board.is_full()
        && board.threat_count(me, Threat::Five) == 0
        && board.threat_count(me.opp(), Threat::Five) == 0
}

/// A position 1 to `max` plies off `board`'s line, each ply a random pick among the
/// `width` best-ordered moves (the move generator never offers a renju foul); None
/// where the walk meets a position that is not quiet (a five to make or to stop) or
/// one with no move.
fn wander(board: &Board, max: usize, width: usize, rng: &mut SplitMix64) -> Option<Board> {
    let mut b = board.clone();
    for _ in 0..1 + rng.index(max) {
        let mut moves = movegen::MoveList::new();
        movegen::generate(&mut b, &mut moves);
        movegen::sort(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.index(moves.len().min(width.max(1)))].0;
        b.play(m).ok()?;
        if !quiet(&b) {
            return None;
        }
    }
    Some(b)
}

/// One self-play game: returns the moves and the winner (None for a draw).
fn self_play(
    engine: &mut Engine,
    opening: &[Pos],
    args: &Args,
    rng: &mut SplitMix64,
) -> Result<(Vec<Pos>, Option<Color>)> {
    let size = args.size;
    engine.new_game(size, size)?;
    for &m in opening {
        engine.play(m)?;
    }
    let stop = AtomicBool::new(false);
    let mut random_left = args.random_plies;
    loop {
        let board = engine.board().clone();
        if let Some(w) = board.winner() {
            return Ok((board.history().to_vec(), Some(w)));
        }
        if board.is_full() {
            return Ok((board.history().to_vec(), None));
        }
        let mv = if random_left > 0 {
            random_left -= 1;
            let mut b = board.clone();
            let mut moves = movegen::MoveList::new();
            movegen::generate(&mut b, &mut moves);
            movegen::sort(&mut moves);
            let me = b.side_to_move();
            // A win on the board is taken; otherwise a random pick among the best.
            let win = b
                .cells()
                .find(|&p| b.is_empty(p) && b.threat(p, me) == Threat::Five);
            match win {
                Some(p) => p,
                None if moves.is_empty() => bail!("no move in a position that is not full"),
                None => moves[rng.index(moves.len().min(args.random_width.max(1)))].0,
            }
        } else {
            let limits = Limits {
                time: TimeLimits::UNLIMITED,
                max_depth: crate::engine::MAX_DEPTH,
                max_nodes: args.nodes,
                excluded: Vec::new(),
            };
            engine
                .think_with(limits, Instant::now(), &mut NoReport, &stop, 1)
                .best
        };
        if mv == Pos::NONE {
            bail!("the engine found no move");
        }
        engine.play(mv)?;
    }
}

/// Entry point of `pbrain-tengen datagen`.
pub fn main(args: &[String]) -> Result<i32> {
    let args: Args = match super::parse_args("pbrain-tengen datagen", args) {
        Ok(a) => a,
        Err(code) => return Ok(code),
    };
    let rule = Rule::parse(&args.rule).with_context(|| format!("unknown rule {:?}", args.rule))?;
    if !(5..=22).contains(&args.size) {
        bail!("--size must be 5..22");
    }
    if args.wander > 0 && args.teacher.is_none() {
        bail!("--wander needs --teacher: positions off the game's line have no game result");
    }
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("cannot open {path}"))?,
        ),
        None => Box::new(std::io::stdout()),
    };
    let games: Vec<(Vec<Pos>, Option<Color>, usize)> = match &args.from_sgf {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
            record_games(&text, args.size, rule).with_context(|| path.clone())?
        }
        None => Vec::new(),
    };
    let openings: Vec<Vec<Pos>> = match &args.openings {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
            parse_openings(&text, OpeningFormat::Auto, args.size, rule)
                .map_err(|e| anyhow!("{path}: {e}"))?
                .into_iter()
                .map(|o| o.moves)
                .collect()
        }
        None => vec![Vec::new()],
    };
    let mut teacher = match &args.teacher {
        Some(cmd) => Some(Teacher::start(
            cmd,
            args.size,
            args.size,
            rule,
            args.teacher_nodes,
        )?),
        None => None,
    };
    // Positions already labelled (by --exclude files, or earlier in this run).
    let mut seen = fxhash::FxHashSet::default();
    for path in &args.exclude {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
        for r in parse_data(&text).with_context(|| path.clone())? {
            seen.insert(position_key(&r).with_context(|| path.clone())?);
        }
    }
    let mut rng = SplitMix64::new(args.seed);
    let mut engine = Engine::new();
    engine.set_rule(rule);
    let (mut positions, mut labelled) = (0usize, 0usize);
    let count = if args.from_sgf.is_some() {
        games.len()
    } else {
        args.games
    };
    for g in 0..count {
        let (moves, winner, first) =
            if let Some(game) = games.get(g).filter(|_| args.from_sgf.is_some()) {
                game.clone()
            } else {
                let opening = &openings[rng.index(openings.len())];
                let (moves, winner) = self_play(&mut engine, opening, &args, &mut rng)?;
                (moves, winner, opening.len().max(1))
            };
        let mut board = Board::new(args.size, args.size, rule)?;
        for (i, &m) in moves.iter().enumerate() {
            if i >= first && quiet(&board) && seen.insert(board_key(&board)) {
                let me = board.side_to_move();
                let result = Some(match winner {
                    None => 0.5,
                    Some(w) if w == me => 1.0,
                    Some(_) => 0.0,
                });
                let value = match teacher.as_mut() {
                    Some(t) => match t.value(&moves[..i])? {
                        Some(v) => Some(v),
                        // A mate or no value: not a position for the evaluation.
                        None => {
                            board.play(m)?;
                            continue;
                        }
                    },
                    None => None,
                };
                let rec = Record {
                    rule,
                    width: args.size,
                    height: args.size,
                    value,
                    result,
                    moves: moves[..i].to_vec(),
                };
                writeln!(out, "{}", rec.to_line())?;
                positions += 1;
                labelled += value.is_some() as usize;
                if let (Some(t), true) = (teacher.as_mut(), args.wander > 0) {
                    let side = wander(&board, args.wander, args.random_width, &mut rng);
                    if let Some(side) = side.filter(|b| seen.insert(board_key(b))) {
                        if let Some(v) = t.value(side.history())? {
                            let rec = Record {
                                value: Some(v),
                                result: None,
                                moves: side.history().to_vec(),
                                ..rec
                            };
                            writeln!(out, "{}", rec.to_line())?;
                            positions += 1;
                            labelled += 1;
                        }
                    }
                }
            }
            board
                .play(m)
                .with_context(|| format!("game {}: illegal move", g + 1))?;
        }
        out.flush()?;
        eprintln!(
            "game {}/{count}: {} moves, {}; {positions} positions so far ({labelled} valued by the teacher)",
            g + 1,
            moves.len(),
            match winner {
                Some(Color::Black) => "black won",
                Some(Color::White) => "white won",
                None => "draw",
            }
        );
    }
    Ok(0)
}

/// One game: its moves, the winner, and the number of opening stones.
type Game = (Vec<Pos>, Option<Color>, usize);

/// The games of a record file (an SGF collection, as `match --sgf` writes, or a
/// `.psq` game), read by the same code as `play` and `analyse`: moves, the winner by
/// the board, and the opening stones (moves commented `opening` by our match runner).
fn record_games(text: &str, size: usize, rule: Rule) -> Result<Vec<Game>> {
    let mut out = Vec::new();
    for (n, (rec, notes)) in parse_games(text, Some(size))?.into_iter().enumerate() {
        if (rec.width, rec.height) != (size, size) {
            bail!(
                "game {}: {}x{} board, not {size}x{size}",
                n + 1,
                rec.width,
                rec.height
            );
        }
        let winner = Board::from_moves(size, size, rule, &rec.moves)
            .ok()
            .and_then(|b| b.winner());
        out.push((rec.moves, winner, notes.opening.max(1)));
    }
    Ok(out)
}
