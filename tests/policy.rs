//! The learned move ordering: the policy and distance lines of weight files, the
//! ordering score the search uses, the policy fit (a known preference is recovered; the
//! loss falls on recorded games) and `tune --policy` through the binary.

use std::process::Command;
use tengen::board::weights::{self, class_of, Family, NEAR};
use tengen::board::{Board, Threat};
use tengen::eval::policy::{self, PolicySample, NEAR_AT, OPP_AT, PAIR_AT, PER_SET};
use tengen::search::movegen::{generate, move_score, MoveList};
use tengen::types::{Color, Pos, Rule, SplitMix64};

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_pbrain-tengen")
}

/// `tune --policy` on the shipped gauntlet sample, with more arguments.
fn tune_policy_on_sample(args: &[&str]) -> std::process::Output {
    Command::new(exe())
        .args(["tune", "--policy", "tests/data/games/gauntlet-sample.sgf"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn policy_and_distance_lines_round_trip() {
    for f in Family::ALL {
        let mut w = weights::builtin(f).clone();
        for (k, p) in w.policy.iter_mut().enumerate() {
            if k % 7 == 0 {
                *p = (k as i16 % 300) - 150;
            }
        }
        for (k, p) in w.policy_opp.iter_mut().enumerate() {
            if k % 5 == 0 {
                *p = (k as i16 % 200) - 120;
            }
        }
        for (i, t) in w.policy_threat.iter_mut().enumerate() {
            if i % 3 == 0 {
                *t = i as i16 * 7 - 300;
            }
        }
        for (i, n) in w.near.iter_mut().enumerate() {
            *n = if i % NEAR == 0 { 0 } else { i as i16 * 11 - 40 };
        }
        let text = w.to_text("policy and distances set");
        assert!(text.contains("\npolicy "), "{text}");
        assert!(text.contains("\npolicy-opp "), "{text}");
        assert!(text.contains("\npolicy-threat "), "{text}");
        assert!(text.contains("\nnear last 1 "), "{text}");
        assert_eq!(weights::parse(&text).unwrap(), w, "{}", f.name());
    }
    // Classes a file does not list keep the hand-set ordering score.
    let plain = weights::parse("tempo 0\n").unwrap();
    assert_eq!(plain.policy, weights::handset_policy());
    assert_eq!(plain.policy_opp, weights::handset_policy());
    assert_eq!(plain.policy_threat, vec![0; Threat::COUNT * Threat::COUNT]);
    assert_eq!(plain.near, [0; 2 * NEAR]);
    let set = weights::parse(
        "tempo 0\nnear own 2 -30\npolicy B4 F3 Dead Dead 77\npolicy-opp F3 F3 Dead Dead -5\n\
         policy-threat four three 40\n",
    )
    .unwrap();
    assert_eq!(set.near[NEAR + 2], -30);
    assert_eq!(set.policy[class_of([0, 0, 7, 8])], 77);
    // A class without a policy-opp line scores the same for the side that waits.
    assert_eq!(set.policy_opp[class_of([0, 0, 7, 8])], 77);
    assert_eq!(set.policy_opp[class_of([0, 0, 7, 7])], -5);
    assert_ne!(set.policy[class_of([0, 0, 7, 7])], -5);
    assert_eq!(
        set.policy_threat[Threat::Four as usize * Threat::COUNT + Threat::Three as usize],
        40
    );
    assert_eq!(set.policy_threat.iter().filter(|&&t| t != 0).count(), 1);
}

#[test]
fn malformed_policy_lines_are_clear_errors() {
    let cases = [
        (
            "tempo 0\npolicy Dead Dead Dead 5\n",
            2,
            "four pattern names and a score",
        ),
        (
            "tempo 0\npolicy Dead Dead Dead XX 5\n",
            2,
            "unknown pattern",
        ),
        (
            "tempo 0\npolicy Dead Dead Dead F1 99999\n",
            2,
            "not a value",
        ),
        (
            "tempo 0\npolicy Dead Dead Dead F1 1\npolicy F1 Dead Dead Dead 2\n",
            3,
            "listed twice",
        ),
        ("tempo 0\nnear last 0 5\n", 2, "not in 1..=4"),
        ("tempo 0\nnear last 5 5\n", 2, "not in 1..=4"),
        ("tempo 0\nnear side 1 5\n", 2, "last or own"),
        ("tempo 0\nnear own 1\n", 2, "expected `near"),
        ("tempo 0\nnear own 1 3\nnear own 1 4\n", 3, "listed twice"),
        (
            "tempo 0\npolicy-opp F1 F1 F1\n",
            2,
            "`policy-opp` with four",
        ),
        (
            "tempo 0\npolicy-opp F1 F1 F1 F1 2\npolicy-opp F1 F1 F1 F1 3\n",
            3,
            "listed twice",
        ),
        (
            "tempo 0\npolicy-threat four three\n",
            2,
            "expected `policy-threat",
        ),
        (
            "tempo 0\npolicy-threat four open3 5\n",
            2,
            "unknown threat class",
        ),
        ("tempo 0\npolicy-threat four five x\n", 2, "not a value"),
        (
            "tempo 0\npolicy-threat one two 1\npolicy-threat one two 1\n",
            3,
            "listed twice",
        ),
    ];
    for (text, line, what) in cases {
        let e = weights::parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(what), "{text:?}: {e}");
    }
}

/// The search's ordering score is the weight sets' policy of both colours' classes (the
/// side to move's `policy`, the opponent's `policy_opp`) plus the threat-pair and
/// distance bonuses, on positions of every rule.
#[test]
fn move_score_reads_the_policy_and_the_distances() {
    let mut rng = SplitMix64::new(5);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        let mut b = Board::new(15, 15, rule).unwrap();
        for _ in 0..30 {
            let me = b.side_to_move();
            let (wm, wo) = (b.weights(me), b.weights(me.opp()));
            let h = b.history().to_vec();
            let dist = |p: Pos, back: usize| -> usize {
                if h.len() < back {
                    return NEAR - 1;
                }
                let q = h[h.len() - back];
                p.x()
                    .abs_diff(q.x())
                    .max(p.y().abs_diff(q.y()))
                    .min(NEAR - 1)
            };
            let mut list = MoveList::new();
            generate(&mut b, &mut list);
            for &(p, s) in list.iter() {
                let cm = class_of(b.patterns(p, me).map(|x| x as u8));
                let co = class_of(b.patterns(p, me.opp()).map(|x| x as u8));
                let pair =
                    b.threat(p, me) as usize * Threat::COUNT + b.threat(p, me.opp()) as usize;
                let want = 5 * wm.policy[cm] as i32
                    + 4 * wo.policy_opp[co] as i32
                    + wm.policy_threat[pair] as i32
                    + wm.near[dist(p, 1)] as i32
                    + wm.near[NEAR + dist(p, 2)] as i32;
                assert_eq!(move_score(&b, p), want, "{rule:?} at {p:?}");
                if !h.is_empty() {
                    // (The first move is the centre, unscored.)
                    assert_eq!(s, want, "{rule:?} at {p:?}: the generator's score");
                }
            }
            let m = list[rng.below(list.len() as u64) as usize].0;
            b.play(m).unwrap();
            if b.winner().is_some() {
                break;
            }
        }
    }
}

/// Synthetic positions whose chosen move is always the best candidate under hidden
/// rankings of its own class, the opponent's class and its threat pair: the fit learns
/// to put it first.
#[test]
fn policy_fit_recovers_a_known_preference() {
    let mut rng = SplitMix64::new(9);
    let classes = 40u64;
    let hidden = |k: u32| (k * 37) % 40;
    let mut make = |n: usize| -> Vec<PolicySample> {
        (0..n)
            .map(|_| {
                let cands: Vec<[u32; 5]> = (0..6)
                    .map(|_| {
                        [
                            rng.below(classes) as u32,
                            (OPP_AT as u64 + rng.below(classes)) as u32,
                            (NEAR_AT + 4) as u32,
                            (NEAR_AT + NEAR + 4) as u32,
                            (PAIR_AT as u64 + rng.below(classes)) as u32,
                        ]
                    })
                    .collect();
                let hidden_score = |c: &[u32; 5]| {
                    5 * hidden(c[0])
                        + 4 * hidden(c[1] - OPP_AT as u32)
                        + 3 * hidden(c[4] - PAIR_AT as u32)
                };
                let target = (0..cands.len())
                    .max_by_key(|&j| hidden_score(&cands[j]))
                    .unwrap();
                PolicySample { cands, target }
            })
            .collect()
    };
    let (train, val) = (make(3000), make(500));
    let mut params = vec![0.0; PER_SET];
    let before = policy::loss(&val, &params, 0.1);
    assert!(policy::top_k(&val, &params, 1) < 0.3, "ties count against");
    policy::fit(
        &mut params,
        &train,
        &val,
        0.1,
        30,
        64,
        2.0,
        1,
        &mut |_, _, _| {},
    );
    let after = policy::loss(&val, &params, 0.1);
    assert!(after < before * 0.5, "loss {before} -> {after}");
    assert!(
        policy::top_k(&val, &params, 1) > 0.8,
        "top-1 {}",
        policy::top_k(&val, &params, 1)
    );
    // Distance 0 is never used and stays zero.
    assert_eq!(params[NEAR_AT], 0.0);
    // Each part of the ordering learned its ranking: the best class is scored above
    // the worst in each block.
    let best = |at: usize| (0..40).find(|&k| hidden(k) == 39).unwrap() as usize + at;
    let worst = |at: usize| (0..40).find(|&k| hidden(k) == 0).unwrap() as usize + at;
    for at in [0, OPP_AT, PAIR_AT] {
        assert!(params[best(at)] > params[worst(at)], "block at {at}");
    }
}

/// Samples of a recorded game: one per learned move the generator offers, the played
/// move among the candidates.
#[test]
fn recorded_games_give_samples_of_the_played_moves() {
    let moves: Vec<Pos> = [(7, 7), (8, 8), (7, 8), (8, 7), (7, 9), (7, 6)]
        .iter()
        .map(|&(x, y)| Pos::new(x, y))
        .collect();
    let all = policy::game_samples(15, 15, Rule::Freestyle, &moves, 2, |_| true).unwrap();
    assert_eq!(all.len(), 4);
    let black =
        policy::game_samples(15, 15, Rule::Freestyle, &moves, 2, |c| c == Color::Black).unwrap();
    assert_eq!(black.len(), 2);
    for s in &all {
        assert!(s.target < s.cands.len());
    }
    let bad = [Pos::new(7, 7), Pos::new(7, 7)];
    assert!(policy::game_samples(15, 15, Rule::Freestyle, &bad, 0, |_| true).is_err());
}

#[test]
fn tune_policy_cli_lowers_the_loss_and_keeps_the_values() {
    let dir = std::env::temp_dir().join(format!("tengen-policy-{}", std::process::id()));
    let out = Command::new(exe())
        .args([
            "tune",
            "--policy",
            "tests/data/games/gauntlet-sample.sgf",
            "--exclude",
            "pela",
            "--epochs",
            "3",
            "--validation",
            "20",
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
    assert!(stdout.contains("48 games of rule freestyle"), "{stdout}");
    let train_loss = |line: &str| -> f64 {
        let l = stdout.lines().find(|l| l.contains(line)).unwrap();
        let i = l.find("train ").unwrap() + 6;
        l[i..].split_whitespace().next().unwrap().parse().unwrap()
    };
    let (start, end) = (train_loss("start:"), train_loss("final (integer scores):"));
    assert!(end < start, "{stdout}");
    let text = std::fs::read_to_string(dir.join("freestyle.txt")).unwrap();
    assert!(
        text.contains("Policy written by: pbrain-tengen tune --policy"),
        "{text}"
    );
    let w = weights::parse(&text).unwrap();
    let builtin = weights::builtin(Family::Freestyle);
    assert_eq!(
        (&w.own, &w.opp, w.tempo, &w.threat),
        (&builtin.own, &builtin.opp, builtin.tempo, &builtin.threat),
        "a policy fit keeps the values"
    );
    assert_ne!(w.policy, builtin.policy);
    assert_ne!(w.policy_opp, builtin.policy_opp);
    assert_ne!(w.policy_threat, builtin.policy_threat);
    std::fs::remove_dir_all(&dir).ok();
    // Without --policy, --exclude is an error; a data file is not a game record.
    let bad = Command::new(exe())
        .args(["tune", "tests/data/tune_sample.txt", "--exclude", "pela"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--policy fits only"));
    let bad = Command::new(exe())
        .args(["tune", "tests/data/tune_sample.txt", "--learn", "rapfi"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--policy fits only"));
    let bad = Command::new(exe())
        .args(["tune", "--policy", "tests/data/tune_sample.txt"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("tests/data/tune_sample.txt"));
}

/// `--init` chooses the starting ordering of a policy fit: the compiled-in one (fitted
/// for freestyle) or the hand-set one, which the weight file's provenance command starts
/// from. The temperature is the hand-set ordering's either way.
#[test]
fn tune_policy_starts_from_the_chosen_ordering() {
    let start = |init: &str| -> String {
        let out = tune_policy_on_sample(&["--epochs", "0", "--init", init]);
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines()
            .find(|l| l.contains("start:"))
            .unwrap()
            .to_string()
    };
    let (builtin, handset) = (start("builtin"), start("handset"));
    let temperature = |l: &str| l.split(';').next().unwrap().to_string();
    assert_eq!(temperature(&builtin), temperature(&handset));
    assert_ne!(
        builtin, handset,
        "the built-in freestyle ordering is fitted"
    );
    let bad = tune_policy_on_sample(&["--init", "x"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--init must be"));
}

/// `--learn` keeps only the named players' moves; `--exclude` drops the named ones. In
/// the sample, Tengen played 48 games, AIWine and Pela 24 each: learning AIWine alone
/// gives as many positions as excluding Tengen and Pela, and fewer than excluding Pela.
#[test]
fn tune_policy_learns_the_chosen_players() {
    let positions = |args: &[&str]| -> usize {
        let out = tune_policy_on_sample(&[&["--epochs", "0", "--validation", "0"], args].concat());
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let line = text
            .lines()
            .find(|l| l.contains("positions for training"))
            .unwrap();
        line.split(": ")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let aiwine = positions(&["--learn", "AIWine"]);
    assert!(aiwine > 0);
    assert_eq!(
        aiwine,
        positions(&["--exclude", "tengen", "--exclude", "pela"])
    );
    assert!(aiwine < positions(&["--exclude", "pela"]));
    let none = tune_policy_on_sample(&["--learn", "aiwine", "--exclude", "aiwine"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no moves to learn"));
}
