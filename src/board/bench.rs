//! Make/undo throughput on deterministic midgame positions (for `pbrain-tengen bench`).
//!
//! No printing here: the caller reports the figures.

use super::Board;
use crate::types::{Pos, Rule, SplitMix64};
use std::hint::black_box;
use std::time::Instant;

/// Builds `count` deterministic midgame positions on a `size`×`size` board: 40–60
/// stones placed alternately within six cells of the centre, freestyle and renju
/// alternating.
pub fn midgame_positions(size: usize, count: usize) -> Vec<Board> {
    let mut rng = SplitMix64::new(0x7E46_BE4C_0000_0000 ^ size as u64);
    let mut out = Vec::with_capacity(count);
    let radius = 6.min(size / 2) as i64;
    let c = (size / 2) as i64;
    for i in 0..count {
        let rule = if i % 2 == 0 {
            Rule::Freestyle
        } else {
            Rule::Renju
        };
        let mut b = Board::new(size, size, rule).expect("bench sizes are valid");
        let stones = 40 + rng.below(21) as usize;
        let mut tries = 0;
        while b.count() < stones && tries < 10_000 {
            tries += 1;
            let x = c - radius + rng.below(2 * radius as u64 + 1) as i64;
            let y = c - radius + rng.below(2 * radius as u64 + 1) as i64;
            if let Some(p) = b.pos(x, y) {
                if b.is_empty(p) {
                    b.make_move(p);
                }
            }
        }
        out.push(b);
    }
    out
}

/// The moves a search would try: empty cells with a stone within two cells.
fn candidate_moves(b: &Board) -> Vec<Pos> {
    b.cells()
        .filter(|&p| b.is_empty(p) && b.near_count(p) > 0)
        .collect()
}

/// Times make+undo pairs (full incremental update) on every empty cell near the
/// stones of `positions` deterministic midgame positions of a `size`×`size` board,
/// repeated `iters` times. Returns the number of pairs and pairs per second.
pub fn bench_make_undo(size: usize, positions: usize, iters: usize) -> (u64, f64) {
    let mut boards = midgame_positions(size, positions);
    let moves: Vec<Vec<Pos>> = boards.iter().map(candidate_moves).collect();
    let mut pairs = 0u64;
    let mut acc = 0u64;
    let start = Instant::now();
    for _ in 0..iters {
        for (b, ms) in boards.iter_mut().zip(&moves) {
            for &m in ms {
                b.make_move(black_box(m));
                acc ^= b.hash();
                b.undo_move();
            }
            pairs += ms.len() as u64;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    black_box(acc);
    (pairs, pairs as f64 / secs.max(1e-9))
}
