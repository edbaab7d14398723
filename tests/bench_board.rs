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

/// `pbrain-tengen bench` through its command line: one line per position (best move,
/// nodes, milliseconds) whose nodes add up to the total it prints, and with
/// `RUST_LOG=debug` the engine's log of each position's searches on stderr.
#[test]
fn bench_command_prints_each_position_and_the_total() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(["bench", "--depth", "3"])
        .env("RUST_LOG", "debug")
        .output()
        .expect("bench runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let line =
        regex::Regex::new(r"^position +(\d+): best \d+,\d+ +nodes (\d+) +ms (\d+)$").unwrap();
    let mut sum = 0u64;
    let mut positions = 0;
    for l in text.lines() {
        if let Some(c) = line.captures(l) {
            positions += 1;
            assert_eq!(c[1].parse::<usize>().unwrap(), positions, "{l}");
            sum += c[2].parse::<u64>().unwrap();
        }
    }
    assert_eq!(positions, 12, "{text}");
    let total = text
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched  : "))
        .expect("a total line")
        .parse::<u64>()
        .unwrap();
    assert_eq!(sum, total, "{text}");
    let log = String::from_utf8_lossy(&out.stderr);
    assert_eq!(log.matches("root VCF:").count(), 12, "{log}");
    assert_eq!(log.matches("] search: ").count(), 12, "{log}");
}
