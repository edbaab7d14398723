//! The learned evaluation: pattern classes, weight files, the incremental value sums
//! against a recomputation, the tuner (loss goes down on a shipped sample; known
//! weights are recovered from synthetic data), and `datagen`/`tune` through the binary.

use std::process::Command;
use tengen::board::weights::{self, class_of, class_patterns, Family, Weights, CLASSES};
use tengen::board::{Board, Threat};
use tengen::eval::evaluate;
use tengen::eval::tune::{
    self, fit, loss, parse_data, samples, split, Layout, Record, Sample, TuneOptions,
};
use tengen::types::{Color, Pos, Rule, SplitMix64};

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_pbrain-tengen")
}

/// Runs `pbrain-tengen datagen ARGS`, which must succeed: its records and its stderr.
fn datagen(args: &[&str]) -> (Vec<Record>, String) {
    let out = Command::new(exe())
        .arg("datagen")
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{err}");
    (
        parse_data(&String::from_utf8_lossy(&out.stdout)).unwrap(),
        err,
    )
}

/// The scripted test engine in its teacher mode: it answers START with OK; for every
/// BOARD it reports Eval 10 times the stone count, or a mate once 12 or more stones are
/// down, then plays 0,0.
fn scripted_teacher() -> String {
    format!("{} teacher", env!("CARGO_BIN_EXE_tengen-scripted-engine"))
}

#[test]
fn classes_ignore_direction_and_cover_every_combination() {
    let mut seen = vec![false; CLASSES];
    for a in 0..12u8 {
        for b in 0..12u8 {
            for c in 0..12u8 {
                for d in 0..12u8 {
                    let k = class_of([a, b, c, d]);
                    assert_eq!(k, class_of([d, c, b, a]));
                    assert_eq!(k, class_of([b, d, a, c]));
                    let mut sorted = [a, b, c, d];
                    sorted.sort_unstable();
                    assert_eq!(class_patterns(k).map(|p| p as u8), sorted);
                    seen[k] = true;
                }
            }
        }
    }
    assert!(seen.iter().all(|&s| s), "every class is some combination");
}

#[test]
fn threat_shapes_are_numbered_one_to_one_and_counts_are_capped() {
    // shape_parts is a left inverse of shape_index on every shape, so no two shapes
    // share their parts.
    for s in 0..weights::SHAPES {
        let (level, counts) = weights::shape_parts(s);
        assert!(level < weights::LEVELS);
        assert!(counts
            .iter()
            .zip(weights::SHAPE_CAPS)
            .all(|(&n, cap)| n <= cap));
        assert_eq!(weights::shape_index(level, counts), s);
    }
    // Counts above a cap count as the cap.
    assert_eq!(
        weights::shape_index(2, [9, 40, 7, 3]),
        weights::shape_index(2, weights::SHAPE_CAPS)
    );
    assert_eq!(
        weights::shape_parts(weights::SHAPES - 1),
        (8, weights::SHAPE_CAPS)
    );
}

#[test]
fn builtin_weights_parse_and_round_trip() {
    for f in Family::ALL {
        let w = weights::builtin(f);
        let text = w.to_text("header\nsecond line");
        assert_eq!(&weights::parse(&text).unwrap(), w, "{}", f.name());
        let mut v = w.clone();
        for (i, t) in v.threat.iter_mut().enumerate() {
            *t = (i as i16 * 37) % 501 - 250;
        }
        let text = v.to_text("with every threat entry set");
        assert_eq!(weights::parse(&text).unwrap(), v, "{}", f.name());
        for (i, t) in v.shape.iter_mut().enumerate() {
            *t = (i as i16 * 53) % 401 - 200;
        }
        let text = v.to_text("with every shape entry set");
        assert_eq!(weights::parse(&text).unwrap(), v, "{}", f.name());
        for (i, t) in v.cross.iter_mut().enumerate() {
            *t = (i as i16 % 977) % 301 - 150;
        }
        let text = v.to_text("with every cross entry set");
        assert_eq!(weights::parse(&text).unwrap(), v, "{}", f.name());
        assert!(
            weights::builtin_text(f).starts_with('#'),
            "{} has a provenance header",
            f.name()
        );
    }
}

#[test]
fn malformed_weights_are_clear_errors() {
    let cases = [
        ("tempo 0\nDead Dead Dead XX 1 1\n", 2, "unknown pattern"),
        ("tempo 0\nDead Dead Dead F1 1\n", 2, "found 5 words"),
        ("tempo 0\nDead Dead Dead F1 1 99999\n", 2, "not a value"),
        (
            "tempo 0\nDead Dead Dead F1 1 1\nF1 Dead Dead Dead 2 2\n",
            3,
            "listed twice",
        ),
        ("# no tempo\nDead Dead Dead F1 1 1\n", 2, "no `tempo` line"),
        ("tempo 1\ntempo 2\n", 2, "second tempo"),
        ("tempo x\n", 1, "not a value"),
        (
            "tempo 0\nthreat four\n",
            2,
            "expected `threat MINE THEIRS N`",
        ),
        ("tempo 0\nthreat four huge 3\n", 2, "unknown threat level"),
        (
            "tempo 0\nthreat four three 3\nthreat four three 4\n",
            3,
            "listed twice",
        ),
        (
            "tempo 0\nshape own three 0 1 2\n",
            2,
            "expected `shape own|opp",
        ),
        (
            "tempo 0\nshape mine three 0 1 2 0 5\n",
            2,
            "expected own or opp",
        ),
        (
            "tempo 0\nshape own huge 0 1 2 0 5\n",
            2,
            "unknown threat level",
        ),
        ("tempo 0\nshape own three 5 1 2 0 5\n", 2, "is not in 0..=4"),
        ("tempo 0\nshape opp three 0 1 2 3 5\n", 2, "is not in 0..=2"),
        ("tempo 0\nshape opp three 0 1 2 0 x\n", 2, "not a value"),
        (
            "tempo 0\nshape opp four 1 0 0 0 5\nshape opp four 1 0 0 0 6\n",
            3,
            "listed twice",
        ),
        (
            "tempo 0\ncross four Dead Dead Dead F1 1\n",
            2,
            "expected `cross BUCKET`",
        ),
        (
            "tempo 0\ncross five Dead Dead Dead F1 1 2\n",
            2,
            "unknown cross bucket",
        ),
        (
            "tempo 0\ncross four Dead Dead Dead XX 1 2\n",
            2,
            "unknown pattern",
        ),
        (
            "tempo 0\ncross four Dead Dead Dead F1 1 x\n",
            2,
            "not a value",
        ),
        (
            "tempo 0\ncross two2 Dead Dead Dead F1 1 2\ncross two2 F1 Dead Dead Dead 3 4\n",
            3,
            "listed twice",
        ),
    ];
    for (text, line, what) in cases {
        let e = weights::parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(what), "{text:?}: {e}");
    }
    let ok = weights::parse(
        "# c\ntempo -3\nthreat four3 three 250\nB4 F3 Dead Dead 120 -7\nshape opp three 0 2 1 0 -40\n",
    )
    .unwrap();
    let s = weights::SHAPES + weights::shape_index(1, [0, 2, 1, 0]);
    assert_eq!(ok.shape[s], -40);
    assert_eq!(ok.shape.iter().filter(|&&v| v != 0).count(), 1);
    assert_eq!(weights::shape_parts(s - weights::SHAPES), (1, [0, 2, 1, 0]));
    assert_eq!(ok.tempo, -3);
    assert_eq!(ok.threat[6 * weights::LEVELS + 1], 250);
    assert_eq!(ok.threat.iter().filter(|&&v| v != 0).count(), 1);
    let k = class_of([0, 0, 7, 8]);
    assert_eq!((ok.own[k], ok.opp[k]), (120, -7));
    let ok = weights::parse("tempo 0\nB4 F3 Dead Dead 120 -7\ncross three F3 B4 Dead Dead 30 -4\n")
        .unwrap();
    let e = (CLASSES + k) * 2;
    assert_eq!((ok.cross[e], ok.cross[e + 1]), (30, -4));
    assert_eq!(ok.cross.iter().filter(|&&v| v != 0).count(), 2);
    assert_eq!(ok.cell_value(0, k), [120, -7]);
    assert_eq!(ok.cell_value(2, k), [150, -11]);
    assert_eq!(ok.cell_value(1, k), [120, -7]);
}

/// The evaluation is the side to move's own sum minus the waiting side's opp sum plus
/// tempo, and those sums equal a recomputation from the weights over the empty cells
/// after random make/undo sequences, for every rule.
#[test]
fn evaluation_equals_recomputation_for_every_rule() {
    let mut rng = SplitMix64::new(42);
    for rule in Rule::ALL {
        for &(w, h) in &[(15usize, 15usize), (20, 20), (9, 13)] {
            let mut b = Board::new(w, h, rule).unwrap();
            for step in 0..300 {
                let empties: Vec<Pos> = b.cells().filter(|&p| b.is_empty(p)).collect();
                if empties.is_empty() || b.winner().is_some() || (step % 7 == 6 && b.ply() > 0) {
                    b.undo_move();
                    continue;
                }
                let near: Vec<Pos> = empties
                    .iter()
                    .copied()
                    .filter(|&p| b.near_count(p) > 0)
                    .collect();
                let pool = if near.is_empty() { &empties } else { &near };
                b.make_move(pool[rng.index(pool.len())]);
                let me = b.side_to_move();
                let mine = weights::builtin(Family::of(rule, me));
                let mut expect = mine.tempo as i32;
                // The threat levels from a scan of the empty cells, not the counts.
                let level = |c: Color| {
                    b.cells()
                        .filter(|&p| b.is_empty(p))
                        .map(|p| weights::LEVEL_OF_THREAT[b.threat(p, c) as usize] as usize)
                        .max()
                        .unwrap_or(0)
                };
                expect += mine.threat[level(me) * weights::LEVELS + level(me.opp())] as i32;
                // The threat shapes, also from a scan.
                let shape = |c: Color| {
                    let mut counts = [0usize; 4];
                    for p in b.cells().filter(|&p| b.is_empty(p)) {
                        match b.threat(p, c) {
                            Threat::Four | Threat::FourPlus => counts[0] += 1,
                            Threat::Three | Threat::ThreePlus => counts[1] += 1,
                            Threat::Two2 => counts[2] += 1,
                            Threat::Three3 => counts[3] += 1,
                            _ => {}
                        }
                    }
                    weights::shape_index(level(c), counts)
                };
                expect += mine.shape[shape(me)] as i32;
                expect += mine.shape[weights::SHAPES + shape(me.opp())] as i32;
                for p in b.cells().filter(|&p| b.is_empty(p)) {
                    for c in Color::BOTH {
                        let wt = weights::builtin(Family::of(rule, c));
                        let k = class_of(b.patterns(p, c).map(|x| x as u8));
                        // The other side's threat bucket at the cell adds its cross entry.
                        let bucket = weights::CROSS_BUCKET[b.threat(p, c.opp()) as usize] as usize;
                        let cross = |slot: usize| {
                            if bucket == 0 {
                                0
                            } else {
                                wt.cross[((bucket - 1) * CLASSES + k) * 2 + slot] as i32
                            }
                        };
                        if c == me {
                            expect += wt.own[k] as i32 + cross(0);
                        } else {
                            expect -= wt.opp[k] as i32 + cross(1);
                        }
                    }
                }
                assert_eq!(
                    evaluate(&b),
                    expect.clamp(-10_000, 10_000),
                    "{rule:?} {w}x{h} step {step}"
                );
                // The tuner's model of the position gives the same value.
                let layout = tune::Layout::of(rule);
                let params = layout.pack(&tune::builtin_sets(rule));
                let model: f64 = tune::features(&b, layout)
                    .iter()
                    .map(|&(i, c)| params[i as usize] * c as f64)
                    .sum();
                assert_eq!(model as i32, expect, "{rule:?} {w}x{h} step {step}: tuner");
                b.verify_incremental().unwrap();
            }
        }
    }
}

#[test]
fn data_lines_round_trip_and_errors_name_the_line() {
    let text = include_str!("data/tune_sample.txt");
    let recs = parse_data(text).unwrap();
    assert!(
        recs.len() >= 200,
        "the shipped sample has {} positions",
        recs.len()
    );
    for r in recs.iter().take(50) {
        assert_eq!(&Record::parse(&r.to_line()).unwrap(), r);
        r.board().unwrap();
    }
    for bad in [
        "0 15 15 12 W hh hh",
        "3 15 15 12 W hh",
        "0 15 4 12 W hh",
        "0 15 15 x W hh",
        "0 15 15 12 Q hh",
        "0 15 15 12 W hhh",
    ] {
        let e = parse_data(&format!("# ok\n{bad}\n"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("data line 2:"), "{bad}: {e}");
    }
    // A stone twice is caught when the position is built.
    assert!(Record::parse("0 15 15 0 W hhhh").unwrap().board().is_err());
}

#[test]
fn tuner_lowers_the_loss_on_the_shipped_sample() {
    let recs = parse_data(include_str!("data/tune_sample.txt")).unwrap();
    let layout = Layout::of(Rule::Freestyle);
    let all = samples(&recs, layout, 0.2).unwrap();
    let (train, val) = split(all, 20, 7);
    assert!(!train.is_empty() && !val.is_empty());
    let mut params = vec![0.0; layout.len()];
    let before = (loss(&train, &params, 1.0), loss(&val, &params, 1.0));
    let mut epochs = Vec::new();
    let opts = TuneOptions {
        epochs: 20,
        batch: 32,
        learning_rate: 2.0,
        l2: 0.0,
    };
    fit(&mut params, &train, &val, &opts, 1, &mut |r| epochs.push(r));
    assert_eq!(epochs.len(), 20);
    let after = epochs.last().unwrap();
    assert!(
        after.train < before.0 - 0.01,
        "train {} -> {}",
        before.0,
        after.train
    );
    assert!(
        after.validation < before.1,
        "validation {} -> {}",
        before.1,
        after.validation
    );
}

/// Synthetic data whose targets come from known weights: the fit recovers them.
#[test]
fn tuner_recovers_known_weights() {
    let layout = Layout::of(Rule::Freestyle);
    let n = layout.len();
    let mut rng = SplitMix64::new(3);
    // 30 "true" classes with values in -100..100 for own and opp; the rest zero.
    let mut truth = vec![0.0f64; n];
    let active: Vec<usize> = (0..30).map(|i| i * 37 % CLASSES).collect();
    for &k in &active {
        truth[k * 2] = rng.below(200) as f64 - 100.0;
        truth[k * 2 + 1] = rng.below(200) as f64 - 100.0;
    }
    let make = |rng: &mut SplitMix64| -> Sample {
        let mut f: Vec<(u32, f32)> = Vec::new();
        for &k in &active {
            let own = rng.below(4) as f32;
            let opp = rng.below(4) as f32;
            if own > 0.0 {
                f.push(((k * 2) as u32, own));
            }
            if opp > 0.0 {
                f.push(((k * 2 + 1) as u32, -opp));
            }
        }
        let v: f64 = f.iter().map(|&(i, c)| truth[i as usize] * c as f64).sum();
        Sample {
            features: f,
            target: (1.0 / (1.0 + (-v / weights::VALUE_SCALE).exp())) as f32,
        }
    };
    let train: Vec<Sample> = (0..3000).map(|_| make(&mut rng)).collect();
    let val: Vec<Sample> = (0..300).map(|_| make(&mut rng)).collect();
    let mut params = vec![0.0; n];
    let opts = TuneOptions {
        epochs: 60,
        batch: 64,
        learning_rate: 2.0,
        l2: 0.0,
    };
    fit(&mut params, &train, &val, &opts, 5, &mut |_| {});
    for &k in &active {
        for s in 0..2 {
            let (got, want) = (params[k * 2 + s], truth[k * 2 + s]);
            assert!(
                (got - want).abs() < 8.0,
                "class {k} slot {s}: got {got:.1}, want {want}"
            );
        }
    }
    assert!(loss(&val, &params, 1.0) < loss(&val, &vec![0.0; n], 1.0));
}

#[test]
fn renju_fits_separate_black_and_white_sets() {
    let layout = Layout::of(Rule::Renju);
    assert_eq!(layout.sets, 2);
    let b = Board::from_moves(
        15,
        15,
        Rule::Renju,
        &[Pos::new(7, 7), Pos::new(8, 8), Pos::new(7, 8)],
    )
    .unwrap();
    let f = tune::features(&b, layout);
    // White to move: white's cells are own (positive, second set), black's opp (negative, first set).
    let half = CLASSES * 2;
    assert!(f.iter().any(|&(i, c)| (i as usize) < half && c < 0.0));
    assert!(f
        .iter()
        .any(|&(i, c)| (i as usize) >= half && (i as usize) < 2 * half && c > 0.0));
    let sets = layout.unpack(&layout.pack(&[&Weights::handset(), &Weights::zero()]));
    assert_eq!(sets[0], Weights::handset());
    assert_eq!(sets[1], Weights::zero());
}

#[test]
fn tune_cli_writes_weights_that_read_back() {
    let dir = std::env::temp_dir().join(format!("tengen-tune-{}", std::process::id()));
    let out = Command::new(exe())
        .args([
            "tune",
            "tests/data/tune_sample.txt",
            "--epochs",
            "2",
            "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("epoch   2: train"), "{stdout}");
    assert!(stdout.contains("hand-set evaluation"), "{stdout}");
    let text = std::fs::read_to_string(dir.join("freestyle.txt")).unwrap();
    assert!(text.contains("Written by: pbrain-tengen tune"), "{text}");
    // A value fit keeps the built-in policy's description whole, continuation lines
    // (indented) included.
    let builtin = weights::builtin_text(weights::Family::Freestyle);
    let mut policy = false;
    for line in builtin.lines().take_while(|l| l.starts_with('#')) {
        if !line.starts_with("#  ") {
            policy = line.starts_with("# Policy");
        }
        if policy {
            assert!(text.contains(line), "{line:?} lost:\n{text}");
        }
    }
    // ... and the ordering itself, every part of it.
    let w = weights::parse(&text).unwrap();
    let b = weights::builtin(weights::Family::Freestyle);
    assert_eq!(
        (&w.policy, &w.policy_opp, &w.policy_threat, w.near),
        (&b.policy, &b.policy_opp, &b.policy_threat, b.near)
    );
    std::fs::remove_dir_all(&dir).ok();
    // Bad input: a clear error and status 2.
    let bad = Command::new(exe())
        .args(["tune", "no-such-file.txt"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("cannot read no-such-file.txt"));
    let none = Command::new(exe())
        .args(["tune", "tests/data/tune_sample.txt", "--rule", "renju"])
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no positions of rule"));
}

#[test]
fn tune_holdout_validates_on_other_files() {
    let text = std::fs::read_to_string("tests/data/tune_sample.txt").unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let dir = std::env::temp_dir().join(format!("tengen-holdout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (train, held) = (dir.join("train.txt"), dir.join("held.txt"));
    std::fs::write(&train, lines[..200].join("\n")).unwrap();
    std::fs::write(&held, lines[200..].join("\n")).unwrap();
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# no positions\n").unwrap();
    let run_with = |held: &std::path::Path, extra: &[&str]| {
        Command::new(exe())
            .arg("tune")
            .arg(&train)
            .args(["--epochs", "1", "--holdout"])
            .arg(held)
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run_with(&held, &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    // The training file trains and the held-out file validates, each position once:
    // repeats, and training positions that are also held out, are dropped.
    let (mut distinct, mut distinct_held) = (
        std::collections::HashSet::new(),
        std::collections::HashSet::new(),
    );
    for (i, line) in lines.iter().enumerate() {
        let rec = tengen::eval::tune::Record::parse(line).unwrap();
        let key = tengen::eval::tune::position_key(&rec).unwrap();
        distinct.insert(key);
        if i >= 200 {
            distinct_held.insert(key);
        }
    }
    assert!(
        distinct.len() < lines.len(),
        "the sample has repeated positions"
    );
    let expect = format!(
        "{} positions of rule freestyle ({} repeated ones dropped): {} for training, {} held out (the positions of {})",
        distinct.len(),
        lines.len() - distinct.len(),
        distinct.len() - distinct_held.len(),
        distinct_held.len(),
        held.display()
    );
    assert!(stdout.contains(&expect), "{expect:?} not in\n{stdout}");
    // Holding out the training data itself leaves nothing to train on.
    let all = run_with(&train, &[]);
    assert_eq!(all.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&all.stderr).contains("no positions left for training"));
    // A held-out file without positions, and a policy fit: clear errors.
    let none = run_with(&empty, &[]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("in the --holdout data"));
    let policy = run_with(&held, &["--policy"]);
    assert_eq!(policy.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&policy.stderr).contains("--holdout applies to value fits"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn datagen_self_play_writes_parsable_positions() {
    let (recs, err) = datagen(&[
        "--games", "2", "--nodes", "300", "--size", "9", "--seed", "4",
    ]);
    assert!(recs.len() >= 4, "{recs:?}");
    for r in &recs {
        assert_eq!((r.width, r.value), (9, None));
        assert!(r.result.is_some());
        let b = r.board().unwrap();
        assert!(b.winner().is_none());
    }
    assert!(err.contains("game 2/2"));
}

/// The teacher's `MESSAGE … Eval N` lines become values; mates are skipped.
#[test]
fn datagen_reads_teacher_values() {
    let teacher = scripted_teacher();
    let (recs, _) = datagen(&[
        "--games",
        "1",
        "--nodes",
        "300",
        "--size",
        "9",
        "--teacher",
        &teacher,
    ]);
    assert!(!recs.is_empty());
    for r in &recs {
        assert!(r.moves.len() < 12);
        assert_eq!(r.value, Some(r.moves.len() as i32 * 10));
    }
}

/// `--from-sgf` labels the positions of recorded games (here a `match --sgf` file of two
/// games) after their opening stones, with each game's result by the board.
#[test]
fn datagen_labels_the_positions_of_recorded_games() {
    let (recs, _) = datagen(&["--from-sgf", "tests/data/games/two-games.sgf"]);
    // Game 1 (4 moves, 2 opening stones, unfinished): positions after 2 and 3 moves,
    // drawn. Game 2 (black's five on move 9) begins with game 1's moves: those two
    // positions are labelled once (as the tuner keeps them), then its quiet positions
    // after 4.. moves, won for black.
    assert!(recs.len() >= 4, "{recs:?}");
    assert!(recs.iter().all(|r| r.value.is_none()));
    let lens: Vec<usize> = recs.iter().map(|r| r.moves.len()).collect();
    assert_eq!(lens[..3], [2, 3, 4]);
    assert!(lens[2..].windows(2).all(|w| w[0] < w[1]), "{lens:?}");
    assert_eq!((recs[0].result, recs[1].result), (Some(0.5), Some(0.5)));
    for r in &recs[2..] {
        let black_to_move = r.moves.len() % 2 == 0;
        assert_eq!(
            r.result,
            Some(if black_to_move { 1.0 } else { 0.0 }),
            "{r:?}"
        );
    }
    let bad = Command::new(exe())
        .args([
            "datagen",
            "--from-sgf",
            "tests/data/games/two-games.sgf",
            "--size",
            "9",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not 9x9"));
}

/// `--exclude DATA` skips the positions a data file already has: labelling the games
/// again with their own data excluded writes nothing, and with part of it excluded
/// writes the rest. A missing or malformed data file is an error naming it.
#[test]
fn datagen_skips_the_positions_of_excluded_data() {
    let dir = std::env::temp_dir().join(format!("tengen-exclude-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = "tests/data/games/two-games.sgf";
    let run = |extra: &[&str]| {
        let out = Command::new(exe())
            .args(["datagen", "--from-sgf", games])
            .args(extra)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, all, err) = run(&[]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = all.lines().collect();
    assert!(lines.len() >= 4, "{all}");
    let (every, part) = (dir.join("all.txt"), dir.join("part.txt"));
    std::fs::write(&every, &all).unwrap();
    std::fs::write(&part, format!("# a comment\n{}\n{}\n", lines[0], lines[3])).unwrap();
    let (code, none, err) = run(&["--exclude", every.to_str().unwrap()]);
    assert_eq!((code, none.as_str()), (Some(0), ""), "{err}");
    let (code, rest, err) = run(&["--exclude", part.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let mut expected = lines.clone();
    expected.remove(3);
    expected.remove(0);
    assert_eq!(rest.lines().collect::<Vec<_>>(), expected);
    // Two --exclude files together exclude both.
    let (code, none, _) = run(&[
        "--exclude",
        part.to_str().unwrap(),
        "--exclude",
        every.to_str().unwrap(),
    ]);
    assert_eq!((code, none.as_str()), (Some(0), ""));
    let missing = dir.join("missing.txt");
    let (code, _, err) = run(&["--exclude", missing.to_str().unwrap()]);
    assert_ne!(code, Some(0));
    assert!(err.contains("missing.txt"), "{err}");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "0 15 15 x W hh\n").unwrap();
    let (code, _, err) = run(&["--exclude", bad.to_str().unwrap()]);
    assert_ne!(code, Some(0));
    assert!(err.contains("bad.txt") && err.contains("line 1"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--wander N` adds, beside each game position, a position 1 to N plies further along
/// the best-ordered moves: valued by the teacher, with no game result, and labelled
/// once. Without a teacher it is refused, as such positions would have no label.
#[test]
fn datagen_wanders_off_the_game_line() {
    let teacher = scripted_teacher();
    let games = "tests/data/games/two-games.sgf";
    let (recs, _) = datagen(&[
        "--from-sgf",
        games,
        "--wander",
        "3",
        "--seed",
        "5",
        "--teacher",
        &teacher,
    ]);
    let off: Vec<_> = recs.iter().filter(|r| r.result.is_none()).collect();
    assert!(!off.is_empty(), "{recs:?}");
    let mut keys = std::collections::HashSet::new();
    for (i, r) in recs.iter().enumerate() {
        assert!(
            keys.insert(tengen::eval::tune::position_key(r).unwrap()),
            "{r:?} twice"
        );
        assert_eq!(r.value, Some(r.moves.len() as i32 * 10), "{r:?}");
        let b = r.board().unwrap();
        assert!(b.winner().is_none(), "{r:?}");
        if r.result.is_none() {
            // It follows the game position it wandered from.
            let from = &recs[i - 1];
            assert!(from.result.is_some(), "{recs:?}");
            assert!(r.moves.starts_with(&from.moves), "{r:?} from {from:?}");
            assert!(
                (1..=3).contains(&(r.moves.len() - from.moves.len())),
                "{r:?}"
            );
        }
    }
    let refused = Command::new(exe())
        .args(["datagen", "--from-sgf", games, "--wander", "3"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--wander needs --teacher"));
}
