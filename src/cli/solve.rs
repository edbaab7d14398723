//! `pbrain-tengen solve FILE`: the puzzle solver, and the VCF benchmark.
//!
//! Puzzle lines: `<size> <rule> <b|w> <stones> ; <solution> ; <key=value …>`, where
//! stones are `b:x,y` / `w:x,y` tokens in a plausible move order and the side given
//! is the attacker, to move. Lines starting with `#` are comments.

use crate::board::Board;
use crate::engine::{Engine, NoReport};
use crate::search::time::TimeLimits;
use crate::search::Limits;
use crate::types::{format_value, Color, Pos, Rule, VALUE_MATE_BOUND};
use anyhow::{bail, Context, Result};
use clap::Parser;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// One puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Line number in the file (1-based).
    pub line: usize,
    /// The position, attacker to move.
    pub board: Board,
    /// The source's winning line (may be empty).
    pub solution: Vec<Pos>,
    /// The `id=` token, or the line number.
    pub id: String,
}

fn parse_xy(s: &str) -> Option<(i64, i64)> {
    let (x, y) = s.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// Parses one puzzle line (not a comment) under `rule_override` if given.
pub fn parse_puzzle(line_no: usize, text: &str, rule_override: Option<Rule>) -> Result<Puzzle> {
    let mut parts = text.split(';');
    let head = parts.next().unwrap_or("");
    let solution_text = parts.next().unwrap_or("");
    let tokens_text = parts.next().unwrap_or("");
    let mut head = head.split_whitespace();
    let size: usize = head
        .next()
        .context("missing size")?
        .parse()
        .context("bad size")?;
    let rule_num: i64 = head
        .next()
        .context("missing rule")?
        .parse()
        .context("bad rule")?;
    let rule = rule_override.unwrap_or_else(|| Rule::from_info(rule_num));
    let to_move = match head.next().context("missing side to move")? {
        "b" | "B" => Color::Black,
        "w" | "W" => Color::White,
        other => bail!("bad side to move {other:?}"),
    };
    let mut board = Board::new(size, size, rule)?;
    for tok in head {
        let (c, xy) = tok
            .split_once(':')
            .with_context(|| format!("bad stone {tok:?}"))?;
        let color = match c {
            "b" | "B" => Color::Black,
            "w" | "W" => Color::White,
            _ => bail!("bad stone colour in {tok:?}"),
        };
        let (x, y) = parse_xy(xy).with_context(|| format!("bad stone {tok:?}"))?;
        let p = board
            .pos(x, y)
            .with_context(|| format!("stone {tok:?} off the board"))?;
        board.put_stone(p, color)?;
    }
    board.set_side(to_move);
    let solution = solution_text
        .split_whitespace()
        .filter_map(parse_xy)
        .filter_map(|(x, y)| board.pos(x, y))
        .collect();
    let id = tokens_text
        .split_whitespace()
        .find_map(|t| t.strip_prefix("id="))
        .map(str::to_string)
        .unwrap_or_else(|| line_no.to_string());
    Ok(Puzzle {
        line: line_no,
        board,
        solution,
        id,
    })
}

/// Parses a whole puzzle file.
pub fn parse_file(text: &str, rule_override: Option<Rule>) -> Result<Vec<Puzzle>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        out.push(parse_puzzle(i + 1, t, rule_override).with_context(|| format!("line {}", i + 1))?);
    }
    Ok(out)
}

/// The outcome of one puzzle.
#[derive(Clone, Debug)]
pub struct Solved {
    /// Whether a forced win was proved.
    pub won: bool,
    /// The engine's line.
    pub line: Vec<Pos>,
    /// Value found.
    pub value: i32,
    /// Nodes used.
    pub nodes: u64,
    /// Time used (ms).
    pub time_ms: u64,
}

/// Solves one puzzle within `time_ms`.
pub fn solve(puzzle: &Puzzle, time_ms: u64) -> Solved {
    let mut engine = Engine::new();
    engine.options_mut().hash_size_kib = Some(32 * 1024);
    engine.set_board(puzzle.board.clone());
    let stop = AtomicBool::new(false);
    let mut limits = Limits::depth(crate::engine::MAX_DEPTH);
    limits.time = TimeLimits {
        soft_ms: time_ms / 2,
        hard_ms: time_ms,
    };
    let start = Instant::now();
    let r = engine.think_with(limits, start, &mut NoReport, &stop, 1);
    Solved {
        won: r.value >= VALUE_MATE_BOUND,
        line: r.pv,
        value: r.value,
        nodes: r.nodes,
        time_ms: start.elapsed().as_millis() as u64,
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "pbrain-tengen solve",
    about = "Solve the puzzles of FILE: per puzzle whether a forced win was found, its line, nodes and time; then totals"
)]
struct Args {
    /// Puzzle file (see tests/data/vcf_public.txt for the format).
    file: String,
    /// Time limit per puzzle in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time: u64,
    /// Solve under this rule instead of the file's (freestyle, standard, renju, caro, caro9 or a number).
    #[arg(long)]
    rule: Option<String>,
    /// Only the first N puzzles.
    #[arg(long)]
    limit: Option<usize>,
}

fn median(v: &mut [u64]) -> u64 {
    v.sort_unstable();
    if v.is_empty() {
        0
    } else {
        v[v.len() / 2]
    }
}

/// Entry point of `pbrain-tengen solve`.
pub fn main(args: &[String]) -> Result<i32> {
    let args: Args = match super::parse_args("pbrain-tengen solve", args) {
        Ok(a) => a,
        Err(code) => return Ok(code),
    };
    let rule = match &args.rule {
        Some(r) => Some(Rule::parse(r).with_context(|| format!("unknown rule {r:?}"))?),
        None => None,
    };
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file))?;
    let mut puzzles = parse_file(&text, rule)?;
    if let Some(n) = args.limit {
        puzzles.truncate(n);
    }
    let (mut times, mut nodes) = (Vec::new(), Vec::new());
    let mut solved = 0;
    for p in &puzzles {
        let s = solve(p, args.time);
        if s.won {
            solved += 1;
        }
        let line: Vec<String> = s.line.iter().map(|m| m.to_string()).collect();
        crate::outln!(
            "puzzle {:>4}: {} value {:>6} nodes {:>9} time {:>5} ms line {}",
            p.id,
            if s.won { "WIN " } else { "FAIL" },
            format_value(s.value),
            s.nodes,
            s.time_ms,
            line.join(" ")
        );
        times.push(s.time_ms);
        nodes.push(s.nodes);
    }
    let worst_t = times.iter().copied().max().unwrap_or(0);
    let worst_n = nodes.iter().copied().max().unwrap_or(0);
    crate::outln!(
        "solved {solved}/{} | time median {} ms, worst {} ms | nodes median {}, worst {}",
        puzzles.len(),
        median(&mut times),
        worst_t,
        median(&mut nodes),
        worst_n
    );
    Ok(if solved == puzzles.len() { 0 } else { 1 })
}
