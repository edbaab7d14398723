//! `pbrain-tengen bench`: a fixed set of positions (15×15 and 20×20, every rule)
//! searched to a fixed depth on one thread with a fixed table size. The total node
//! count is the bench signature: deterministic, pinned by a test, quoted as
//! `Bench: N` in commits that change it.

use crate::board::Board;
use crate::engine::{Engine, NoReport};
use crate::search::Limits;
use crate::types::{Pos, Rule};
use anyhow::Result;
use clap::Parser;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Depth every bench position is searched to.
pub const BENCH_DEPTH: i32 = 8;
/// Table size of the bench (KiB).
pub const BENCH_HASH_KIB: u64 = 16 * 1024;

/// Openings of the bench as offsets from the centre, black first.
const OPENINGS: [&[(i32, i32)]; 6] = [
    &[(0, 0), (1, 0), (1, 3)],
    &[(0, 0), (1, 1), (0, 3), (2, -1), (-1, 2)],
    &[(-3, -5), (-6, -6), (-5, -4), (-4, -6)],
    &[(0, 0), (0, -1), (2, -2), (1, -1), (0, -3), (-1, 1)],
    &[
        (6, -1),
        (-1, -2),
        (4, -5),
        (5, -4),
        (1, -2),
        (3, -3),
        (2, -4),
    ],
    &[(-3, 4), (1, 5), (-6, 6), (-3, 3), (-2, 1), (-2, 2), (-1, 3)],
];

/// The bench positions: every opening on 15×15 and 20×20 under every rule.
pub fn positions() -> Vec<Board> {
    let mut out = Vec::new();
    for size in [15usize, 20] {
        for (i, opening) in OPENINGS.iter().enumerate() {
            let rule = Rule::ALL[(i + size) % Rule::ALL.len()];
            let c = (size / 2) as i32;
            let moves: Vec<Pos> = opening
                .iter()
                .map(|&(dx, dy)| Pos::new((c + dx) as usize, (c + dy) as usize))
                .collect();
            out.push(Board::from_moves(size, size, rule, &moves).expect("bench opening is legal"));
        }
    }
    out
}

/// Totals of a bench run.
pub struct BenchResult {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Wall time in ms.
    pub time_ms: u64,
    /// Per position: best move, nodes and wall time in ms.
    pub lines: Vec<(Pos, u64, u64)>,
}

/// Runs the search bench at `depth`.
pub fn run(depth: i32) -> BenchResult {
    let mut nodes = 0;
    let mut lines = Vec::new();
    // Set-up (boards, and the pattern tables they build on first use) is not search.
    let boards = positions();
    crate::board::pattern::warm_tables();
    let start = Instant::now();
    for board in boards {
        let begun = Instant::now();
        let mut engine = Engine::new();
        engine.options_mut().hash_size_kib = Some(BENCH_HASH_KIB);
        engine.options_mut().threads = 1;
        engine.set_board(board);
        let stop = AtomicBool::new(false);
        let r = engine.think_with(
            Limits::depth(depth),
            Instant::now(),
            &mut NoReport,
            &stop,
            1,
        );
        nodes += r.nodes;
        lines.push((r.best, r.nodes, begun.elapsed().as_millis() as u64));
    }
    BenchResult {
        nodes,
        time_ms: start.elapsed().as_millis() as u64,
        lines,
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "pbrain-tengen bench",
    about = "Search a fixed set of positions to a fixed depth; print per position the best move, nodes and ms, then total nodes and nodes/s (RUST_LOG=debug: the engine's log)"
)]
struct Args {
    /// Search depth of every position.
    #[arg(long, default_value_t = BENCH_DEPTH)]
    depth: i32,
    /// Also measure make+undo pairs per second of the board (full incremental update,
    /// midgame positions of 15x15 and 20x20).
    #[arg(long)]
    board: bool,
}

/// Entry point of `pbrain-tengen bench`.
pub fn main(args: &[String]) -> Result<i32> {
    let args: Args = match super::parse_args("pbrain-tengen bench", args) {
        Ok(a) => a,
        Err(code) => return Ok(code),
    };
    // `RUST_LOG=debug` shows where each position's nodes go (root threat searches,
    // main search), as in protocol mode.
    crate::init_log_from_env();
    if args.board {
        for size in [15usize, 20] {
            let (pairs, per_sec) = crate::board::bench::bench_make_undo(size, 16, 200);
            crate::outln!(
                "make+undo {size}x{size}: {pairs} pairs, {:.2} M pairs/s",
                per_sec / 1e6
            );
        }
    }
    let r = run(args.depth);
    for (i, (best, nodes, ms)) in r.lines.iter().enumerate() {
        crate::outln!(
            "position {:>2}: best {:<6} nodes {:<8} ms {}",
            i + 1,
            best.to_string(),
            nodes,
            ms
        );
    }
    let nps = r.nodes * 1000 / r.time_ms.max(1);
    crate::outln!("Nodes searched  : {}", r.nodes);
    crate::outln!("Time (ms)       : {}", r.time_ms);
    crate::outln!("Nodes/second    : {}", nps);
    Ok(0)
}
