//! Search-level tests through the real interfaces: the bench signature, the puzzle
//! solver binary, and positions where the move is known.

use std::process::Command;
use tengen::board::Board;
use tengen::engine::{Engine, NoReport};
use tengen::search::Limits;
use tengen::types::{Pos, Rule, VALUE_MATE_BOUND};

/// The bench node count. A change that alters it must say `Bench: N` in its commit.
const BENCH_SIGNATURE: u64 = 2_189_531;

#[test]
fn bench_signature_is_pinned() {
    let r = tengen::cli::bench::run(tengen::cli::bench::BENCH_DEPTH);
    assert_eq!(r.nodes, BENCH_SIGNATURE, "bench node count changed");
}

#[test]
fn solve_binary_solves_the_first_vcf_puzzles() {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args([
            "solve",
            "tests/data/vcf_public.txt",
            "--limit",
            "60",
            "--time",
            "3000",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("solved 60/60"), "{text}");
    assert_eq!(text.lines().filter(|l| l.contains(" WIN ")).count(), 60);
}

#[test]
fn solve_reports_bad_files_without_panicking() {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(["solve", "/nonexistent/puzzles.txt"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

/// `pbrain-tengen solve FILE | head -1`: when the reader closes the pipe after the first
/// line, the solver ends quietly with exit code 0 instead of panicking on the next line.
#[test]
fn solve_ends_quietly_when_its_reader_goes() {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(["solve", "tests/data/vcf_public.txt", "--limit", "60"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("puzzle"), "{first}");
    // The reader is dropped here: the next lines meet a closed pipe.
    let out = child.wait_with_output().expect("ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}

fn best(diagram: &str, rule: Rule, depth: i32) -> (Pos, i32) {
    let mut e = Engine::new();
    e.options_mut().hash_size_kib = Some(4096);
    e.set_board(Board::parse_diagram(diagram, rule).unwrap());
    let stop = std::sync::atomic::AtomicBool::new(false);
    let r = e.think_with(
        Limits::depth(depth),
        std::time::Instant::now(),
        &mut NoReport,
        &stop,
        1,
    );
    (r.best, r.value)
}

#[test]
fn standard_blocks_open_three_instead_of_making_six() {
    // Protocol spec §14.4 P2 (standard, 15x15): the side to move (white here) has
    // XXXXX?-style six at 7,12 that does not win; it must block black's open three.
    let mut b = Board::new(15, 15, Rule::Standard).unwrap();
    // BOARD lines with 1 = side to move: 7,7,2 7,8,1 8,7,2 7,9,1 6,7,2 7,10,1 9,12,2 7,11,1 6,13,2 7,13,1 8,14,2
    let stones = [
        ((7, 7), 2),
        ((7, 8), 1),
        ((8, 7), 2),
        ((7, 9), 1),
        ((6, 7), 2),
        ((7, 10), 1),
        ((9, 12), 2),
        ((7, 11), 1),
        ((6, 13), 2),
        ((7, 13), 1),
        ((8, 14), 2),
    ];
    // Side 2 (the opponent) has 6 stones and moved first: black. We are white.
    for ((x, y), f) in stones {
        let c = if f == 2 {
            tengen::types::Color::Black
        } else {
            tengen::types::Color::White
        };
        b.put_stone(Pos::new(x, y), c).unwrap();
    }
    b.set_side(tengen::types::Color::White);
    let mut e = Engine::new();
    e.set_board(b);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let r = e.think_with(
        Limits::depth(6),
        std::time::Instant::now(),
        &mut NoReport,
        &stop,
        1,
    );
    assert!(
        r.best == Pos::new(5, 7) || r.best == Pos::new(9, 7),
        "{:?}",
        r.best
    );
}

#[test]
fn plays_the_five_in_a_split_four() {
    let (m, v) = best(
        "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . X . . . . . . . . .
        . . . . X . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . X . . . . . .
        . . . O O O . X O . . . .
        . . . . . . . . . . . . .
        . . . . . . O . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . O",
        Rule::Freestyle,
        6,
    );
    // X to move (fewer stones): 5,5 fills the gap of the diagonal 3,3..7,7.
    assert_eq!(m, Pos::new(5, 5));
    assert!(v >= VALUE_MATE_BOUND, "value {v} move {m:?}");
}

/// Renju: a black three whose straight-four point is forbidden is no threat, so White's
/// moves are not narrowed to defences against it; a black three that can really become
/// a straight four still narrows them. Positions come from random renju games, checked
/// against the forbidden-point code.
#[test]
fn renju_threes_completed_only_on_fouls_do_not_narrow_whites_moves() {
    use tengen::board::Threat;
    use tengen::search::movegen::{generate, has_playable_flex4, MoveList};
    use tengen::types::{Color, SplitMix64};
    let mut rng = SplitMix64::new(7);
    let (mut false_threats, mut real_threats) = (0, 0);
    for _game in 0..3000 {
        let mut b = Board::new(15, 15, Rule::Renju).unwrap();
        for _ in 0..60 {
            if b.winner().is_some() || b.is_full() {
                break;
            }
            let mut near: Vec<Pos> = b
                .cells()
                .filter(|&p| b.is_empty(p) && b.near_count(p) > 0)
                .collect();
            near.retain(|&p| !b.is_forbidden(p));
            let pool = if near.is_empty() {
                vec![b.center()]
            } else {
                near
            };
            b.make_move(pool[rng.index(pool.len())]);
            let me = b.side_to_move();
            if me != Color::White
                || b.threat_count(Color::Black, Threat::Flex4) == 0
                || b.threat_count(Color::Black, Threat::Five) > 0
                || b.threat_count(Color::White, Threat::Five) > 0
            {
                continue;
            }
            let flex: Vec<Pos> = b
                .cells()
                .filter(|&p| b.is_empty(p) && b.threat(p, Color::Black) == Threat::Flex4)
                .collect();
            let real = flex.iter().any(|&p| !b.is_forbidden(p));
            assert_eq!(has_playable_flex4(&mut b, Color::Black), real);
            let mut moves = MoveList::new();
            generate(&mut b, &mut moves);
            let narrowed = moves.iter().all(|&(p, _)| {
                b.threat(p, Color::Black) >= Threat::Four
                    || b.threat(p, Color::White) >= Threat::Four
            });
            if real {
                real_threats += 1;
                assert!(narrowed, "a real black three must narrow White's moves");
            } else {
                false_threats += 1;
                assert!(
                    !narrowed,
                    "a three completed only on a foul narrowed White's moves"
                );
            }
        }
        if false_threats >= 3 && real_threats >= 3 {
            break;
        }
    }
    assert!(
        false_threats >= 3,
        "found {false_threats} false black threes"
    );
    assert!(real_threats >= 3, "found {real_threats} real black threes");
}

/// VCT through its real function: a double open three wins by threats in one threat
/// move (then a straight four), a lone three that gets blocked does not, and depth 0
/// leaves only the VCF (none here).
#[test]
fn vct_finds_a_double_three_and_not_a_lone_three() {
    use tengen::search::vcf::{vct, Budget};
    // X to move: 8,7 makes open threes along row 7 and column 8 at once.
    let double = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . O . O . . . . . . . . . . .
        . . . . . . . O . . . . . O .";
    let mut b = Board::parse_diagram(double, Rule::Freestyle).unwrap();
    assert_eq!(b.side_to_move(), tengen::types::Color::Black);
    let before = b.to_diagram();
    assert!(vct(&mut b, 1, &mut Budget::nodes(100_000)).is_some());
    assert!(vct(&mut b, 0, &mut Budget::nodes(100_000)).is_none());
    // The proof-number search finds the same move: the double three, then a straight
    // four whichever three is blocked, then five (five plies).
    let pns = tengen::search::pns::vct_move(&mut b, 1, &mut Budget::nodes(100_000));
    assert_eq!(pns, Some((Pos::new(8, 7), 5)));
    assert!(tengen::search::pns::vct_move(&mut b, 0, &mut Budget::nodes(100_000)).is_none());
    assert_eq!(
        b.to_diagram(),
        before,
        "the search leaves the board as it found it"
    );
    // The engine finds it at the root even with a one-ply main search.
    let (m, v) = best(double, Rule::Freestyle, 1);
    assert_eq!(m, Pos::new(8, 7));
    assert!(v >= VALUE_MATE_BOUND, "value {v}");
    // Only one line: a three is blocked and nothing follows.
    let lone = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . O .";
    let mut b = Board::parse_diagram(lone, Rule::Freestyle).unwrap();
    assert!(vct(&mut b, 4, &mut Budget::nodes(100_000)).is_none());
    assert!(tengen::search::pns::vct_move(&mut b, 4, &mut Budget::nodes(100_000)).is_none());
}

/// A defender's four does not end a VCT: the attacker blocks it (at no cost in threat
/// moves, but only while one is left) and his threats still stand. X's double three at
/// 8,7 is answered by O's four at 4,1 (or 5,1); X blocks, and O still cannot stop both
/// threes. Before 2026-12-03 both threat searches counted the four as a defence and
/// found nothing here.
#[test]
fn vct_blocks_a_defenders_four_and_goes_on() {
    use tengen::search::pns;
    use tengen::search::vcf::{vct_move, Budget};
    let diagram = "
        . . . . . . . . . . . . . . .
        X O O O . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . O . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .";
    let mut b = Board::parse_diagram(diagram, Rule::Freestyle).unwrap();
    assert_eq!(b.side_to_move(), tengen::types::Color::Black);
    // The double three, O's four, X's block, O's block of one three, X's straight
    // four, O's block at one end, the five: seven plies.
    let expected = Some((Pos::new(8, 7), 7));
    assert_eq!(vct_move(&mut b, 2, &mut Budget::nodes(100_000)), expected);
    assert_eq!(
        pns::vct_move(&mut b, 2, &mut Budget::nodes(100_000)),
        expected
    );
    // With one threat move the double three is played, O's four answers it, and no
    // threat move is left to go on with after the block.
    assert!(vct_move(&mut b, 1, &mut Budget::nodes(100_000)).is_none());
    assert!(pns::vct_move(&mut b, 1, &mut Budget::nodes(100_000)).is_none());
    // Without the attacker's threats the block leads nowhere: O to move, O's four and
    // X's block are no VCT for O.
    let mut quiet = Board::parse_diagram(diagram, Rule::Freestyle).unwrap();
    quiet.play(Pos::new(14, 0)).unwrap();
    assert!(vct_move(&mut quiet, 3, &mut Budget::nodes(100_000)).is_none());
}

/// The root threat defence: the opponent (O) has no open three yet, but would win by
/// threats if we passed (a double three at 8,7, or a three first). A shallow search
/// cannot see that; the move chosen must leave O without a VCT.
#[test]
fn root_defence_leaves_the_opponent_without_a_vct() {
    use tengen::search::vcf::{vct, Budget};
    let diagram = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . O O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . X . X . . . . . . . . . . .
        . . . . . . . X . . . . . X .";
    let b = Board::parse_diagram(diagram, Rule::Freestyle).unwrap();
    for depth in [1, 2] {
        let (m, _) = best(diagram, Rule::Freestyle, depth);
        let mut after = b.clone();
        after.play(m).unwrap();
        assert!(
            vct(&mut after, 6, &mut Budget::nodes(1_000_000)).is_none(),
            "depth {depth}: {m:?} lets O win by threats"
        );
    }
}

/// Searches `board` to `depth` with the bare search (no root threat searches).
fn search_value(board: &Board, depth: i32) -> (Pos, i32) {
    let tt = tengen::search::tt::TranspositionTable::new(16 << 20);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let r = tengen::search::think(
        board,
        &tt,
        Limits::depth(depth),
        tengen::search::time::Timer::new(std::time::Instant::now()),
        1,
        &stop,
        &mut tengen::search::NoReport,
        1,
    );
    (r.best, r.value)
}

/// From a game against AIWine (freestyle 15x15, 500 ms a move) where Tengen, white,
/// claimed a mate in 11 with k13 (10,12) and was mated instead. After k13 black wins:
/// the four at 6,7 forces 4,7, then 8,9 and 5,6 make a four-three. The win's second
/// move ranks beyond the eight moves an interior node searches, and every one of those
/// eight lost, so the search called black lost: a mate claimed with moves left
/// unsearched.
#[test]
fn no_mate_is_claimed_while_moves_are_left_unsearched() {
    let game: Vec<Pos> = [
        (10, 11),
        (8, 12),
        (5, 12),
        (4, 11),
        (3, 9),
        (7, 10),
        (6, 10),
        (5, 9),
        (6, 9),
        (6, 8),
        (7, 7),
        (8, 7),
        (8, 8),
        (9, 9),
        (5, 5),
        (7, 9),
        (5, 7),
        (6, 6),
        (3, 7),
        (7, 11),
        (7, 8),
    ]
    .iter()
    .map(|&(x, y)| Pos::new(x, y))
    .collect();
    let mut b = Board::from_moves(15, 15, Rule::Freestyle, &game).unwrap();
    // White to move: the position is not won for white at any depth the test reaches.
    for depth in 4..=8 {
        let (_, v) = search_value(&b, depth);
        assert!(
            v < VALUE_MATE_BOUND,
            "depth {depth}: white claims a mate ({v})"
        );
    }
    // After k13 black, to move, wins, and the search at depth 4 proves it.
    b.play(Pos::new(10, 12)).unwrap();
    let (m, v) = search_value(&b, 4);
    assert!(v >= VALUE_MATE_BOUND, "black's win not found: {m} {v}");
    assert_eq!(m, Pos::new(6, 7));
}

/// The proof-number VCT against the depth-first one, on every position of 12 real
/// games (every fourth of a gauntlet record: Tengen against AIWine and Pela, 15×15
/// freestyle; all 48 agreed in 4,326 positions, 518 of them wins). Where
/// both settle the question within their budgets at the same number of threat moves,
/// they give the same answer; and each first move the proof-number search gives is
/// checked with the depth-first search: after it, every answer the defender's move
/// generator gives still loses, with one threat fewer.
#[test]
fn pns_vct_agrees_with_the_depth_first_vct() {
    use tengen::search::movegen::{generate, MoveList};
    use tengen::search::pns;
    use tengen::search::vcf::{vct, Budget};
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/games/gauntlet-sample.sgf"),
    )
    .unwrap();
    let stone = regex::Regex::new(r";[BW]\[([a-o])([a-o])\]").unwrap();
    let (mut compared, mut wins) = (0, 0);
    for game in text.split("(;").skip(1).step_by(4) {
        let moves: Vec<Pos> = stone
            .captures_iter(game)
            .map(|c| {
                Pos::new(
                    (c[1].as_bytes()[0] - b'a') as usize,
                    (c[2].as_bytes()[0] - b'a') as usize,
                )
            })
            .collect();
        for n in 0..moves.len() {
            let mut b = Board::from_moves(15, 15, Rule::Freestyle, &moves[..n]).unwrap();
            for depth in [2, 3] {
                let mut budget = Budget::nodes(20_000);
                let dfs = vct(&mut b, depth, &mut budget);
                if budget.exhausted() {
                    continue;
                }
                let mut budget = Budget::nodes(1_000_000);
                let before = b.hash();
                let found = pns::vct_move(&mut b, depth, &mut budget);
                assert_eq!(
                    b.hash(),
                    before,
                    "the search leaves the board as it found it"
                );
                if budget.exhausted() {
                    continue;
                }
                compared += 1;
                assert_eq!(
                    found.is_some(),
                    dfs.is_some(),
                    "game {game:.12}, after {n} moves, {depth} threats: {found:?} against {dfs:?}"
                );
                let Some((m, plies)) = found else {
                    continue;
                };
                wins += 1;
                assert!(
                    plies % 2 == 1,
                    "a win ends with the attacker's five: {plies}"
                );
                b.make_move(m);
                if b.winner().is_none() {
                    let mut answers = MoveList::new();
                    generate(&mut b, &mut answers);
                    assert!(!answers.is_empty());
                    for &(a, _) in &answers {
                        b.make_move(a);
                        assert!(b.winner().is_none(), "after {n} moves, {m:?}: {a:?} wins");
                        assert!(
                            vct(&mut b, depth - 1, &mut Budget::nodes(1_000_000)).is_some(),
                            "after {n} moves, {m:?}: {a:?} holds"
                        );
                        b.undo_move();
                    }
                }
                b.undo_move();
            }
        }
    }
    assert!(
        compared >= 500 && wins >= 50,
        "{compared} compared, {wins} wins"
    );
}
