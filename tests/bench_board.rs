//! Prints the make/undo throughput. Run with
//! `cargo test --release --test bench_board -- --ignored --nocapture`.

use tengen::board::bench::bench_make_undo;

#[test]
#[ignore]
fn make_undo_throughput() {
    for size in [15, 20] {
        bench_make_undo(size, 4, 20); // warm tables and caches
        let (pairs, rate) = bench_make_undo(size, 16, 200);
        println!("{size}x{size}: {pairs} make+undo pairs, {rate:.0} pairs/s");
    }
}

#[test]
fn bench_is_deterministic_and_counts_pairs() {
    let (a, _) = bench_make_undo(15, 2, 1);
    let (b, _) = bench_make_undo(15, 2, 3);
    assert!(a > 0);
    assert_eq!(b, 3 * a);
}
