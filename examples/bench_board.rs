//! Prints make/undo throughput: `cargo run --release --example bench_board [iters]`.
//! (The engine's own `pbrain-tengen bench` will report the same figure.)

use tengen::board::bench::bench_make_undo;

fn main() {
    let iters: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    for size in [15, 20] {
        bench_make_undo(size, 4, 2); // warm tables and caches
        let (pairs, rate) = bench_make_undo(size, 16, iters);
        println!("{size}x{size}: {pairs} make+undo pairs, {rate:.0} pairs/s");
    }
}
