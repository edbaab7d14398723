//! `pbrain-tengen match` as a user runs it: arguments, presets, output files, exit codes.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_pbrain-tengen");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The scripted test engine (tests/engines/scripted.rs); `{}` in the specs below.
fn script() -> String {
    env!("CARGO_BIN_EXE_tengen-scripted-engine").to_string()
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("match")
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("run pbrain-tengen")
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-match-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn help_tells_the_options() {
    let o = run(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let s = text(&o.stdout);
    for opt in [
        "--engine",
        "--gauntlet",
        "--openings",
        "--concurrency",
        "--sprt",
        "--sgf",
        "--pgn",
        "--preset",
        "--stats",
        "--draw-after",
    ] {
        assert!(s.contains(opt), "help lacks {opt}:\n{s}");
    }
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let good = format!("cmd={} good", script());
    let bad_openings = tmp("bad-openings.txt");
    std::fs::write(&bad_openings, "0,0, 1,1\n0,0, 99,0\n").unwrap();
    let bad_openings = bad_openings.to_string_lossy().into_owned();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--engine", &good], "at least two"),
        (
            vec!["--engine", &good, "--engine", &good, "--rule", "3"],
            "unknown rule",
        ),
        (
            vec!["--engine", &good, "--engine", &good, "--size", "23"],
            "board size",
        ),
        (
            vec!["--engine", &good, "--engine", "cmd=/no/such/engine"],
            "not found",
        ),
        (vec!["--engine", &good, "--engine", "name=x"], "no cmd="),
        (
            vec![
                "--engine",
                &good,
                "--engine",
                &good,
                "--openings",
                "/no/such/file",
            ],
            "cannot read opening file",
        ),
        (
            vec![
                "--engine",
                &good,
                "--engine",
                &good,
                "--openings",
                &bad_openings,
            ],
            "line 2",
        ),
        (
            vec![
                "--engine",
                &good,
                "--engine",
                &good,
                "--sprt",
                "elo0=5 elo1=1",
            ],
            "elo0 < elo1",
        ),
        (
            vec!["--engine", &good, "--engine", &good, "--turn-ms", "0"],
            "time control",
        ),
        (
            vec![
                "--engine",
                &good,
                "--engine",
                &good,
                "--preset",
                "nosuchpreset",
            ],
            "no preset",
        ),
        (
            vec!["--engine", &good, "--engine", &good, "--bogus"],
            "--bogus",
        ),
    ];
    for (args, want) in cases {
        let o = run(&args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_match_writes_results_sgf_and_pgn() {
    let sgf = tmp("m.sgf");
    let pgn = tmp("m.pgn");
    let log = tmp("logs");
    let a = format!("cmd={} good name=Good", script());
    let b = format!("cmd={} crash 3 name=Crashy", script());
    let t = Instant::now();
    let o = run(&[
        "--engine",
        &a,
        "--engine",
        &b,
        "--openings",
        "tournaments/openings/renju26_canonical_15.txt",
        "--rule",
        "standard",
        "--games",
        "6",
        "--seed",
        "11",
        "--concurrency",
        "2",
        "--sgf",
        sgf.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
        "--stats",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(t.elapsed() < Duration::from_secs(30));
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}\n{}", text(&o.stderr));
    assert_eq!(
        out.lines().filter(|l| l.starts_with("Game ")).count(),
        6,
        "{out}"
    );
    assert!(out.contains("Score of Good vs Crashy: "), "{out}");
    assert!(out.contains("Rank Name"), "{out}");
    assert!(out.contains("Endings: crash 6"), "{out}");
    assert!(out.contains("Stats: 6 games"), "{out}");
    let table_line = out
        .lines()
        .find(|l| l.contains(" Crashy ") && l.trim_start().starts_with('2'))
        .unwrap();
    assert!(
        table_line.trim_end().ends_with(" 6"),
        "fails column: {table_line}"
    );

    let sgf = std::fs::read_to_string(sgf).unwrap();
    assert_eq!(sgf.matches("(;FF[4]GM[4]").count(), 6);
    assert_eq!(sgf.matches('(').count(), sgf.matches(')').count());
    assert!(sgf.contains("RU[1]") && sgf.contains("TE[") && sgf.contains("C[opening]"));
    // One transcript per game: what was sent and received, and the crash.
    for n in 1..=6 {
        let t = std::fs::read_to_string(log.join(format!("game-{n:05}.log"))).unwrap();
        assert!(t.starts_with(&format!("Game {n}/6: ")), "{t}");
        assert!(t.contains("> START 15") && t.contains("< OK") && t.contains("> INFO rule 1"));
        assert!(t.contains("! output closed"), "{t}");
    }
    let pgn = std::fs::read_to_string(pgn).unwrap();
    assert_eq!(pgn.matches("[Result \"").count(), 6);
    assert_eq!(pgn.matches("[Termination \"").count(), 6);
    // The crashing engine loses every game whichever colour it has.
    assert_eq!(
        pgn.matches("[Result \"1-0\"]").count() + pgn.matches("[Result \"0-1\"]").count(),
        6
    );
}

#[test]
fn sprt_stops_as_soon_as_a_bound_is_crossed() {
    let a = format!("cmd={} good name=Good", script());
    let b = format!("cmd={} crash name=Crashy", script());
    let o = run(&[
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "200",
        "--concurrency",
        "2",
        "--sprt",
        "elo0=0 elo1=20 alpha=0.05 beta=0.05",
    ]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("bounds -2.94 .. 2.94"), "{out}");
    assert!(out.contains("H1 accepted"), "{out}");
    let played = out.lines().filter(|l| l.starts_with("Game ")).count();
    assert_eq!(played, 16, "{out}");
    assert!(out.contains("scheduled games were not played"), "{out}");
}

#[test]
fn presets_and_argument_files_expand() {
    let args = tmp("args.txt");
    let a = format!("cmd={} good name=A", script());
    std::fs::write(
        &args,
        format!(
            "# engines for the test\n--engine \"{a}\"\n--engine \"cmd={} good name=B\"\n",
            script()
        ),
    )
    .unwrap();
    let at = format!("@{}", args.display());
    // The renju preset sets rule 4, 15x15 and its openings; --games and --turn-ms override.
    let o = run(&[
        &at,
        "--preset",
        "renju15",
        "--games",
        "2",
        "--turn-ms",
        "2000",
    ]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}\n{}", text(&o.stderr));
    assert!(
        out.contains("rule 4 (renju) | 15x15 | 2 games | 2000 ms/move, 24000 ms/game"),
        "{out}"
    );
    assert!(
        out.contains("openings from tournaments/openings/balanced_renju15_public.txt"),
        "{out}"
    );
}

#[test]
fn names_come_from_about_unless_given() {
    let good = format!("cmd={} good", script());
    let named = format!("cmd={} good name=Mine", script());
    let o = run(&["--engine", &good, "--engine", &named, "--games", "2"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    // The scripted engine answers ABOUT with name="scripted".
    assert!(out.starts_with("Match: scripted, Mine |"), "{out}");
    assert!(
        out.contains("Score of scripted vs Mine: 1 - 1 - 0"),
        "{out}"
    );
}

/// An engine given by a bare name: on Windows it is found in the current folder (and
/// next to the manager), as Windows finds programs; elsewhere only in PATH, and the
/// message says how to name the one in the current folder.
#[test]
fn a_bare_engine_name_is_found_as_the_system_finds_programs() {
    let dir = tmp("bare");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = if cfg!(windows) {
        "pbrain-scripted.exe"
    } else {
        "pbrain-scripted"
    };
    std::fs::copy(script(), dir.join(exe)).unwrap();
    let o = Command::new(BIN)
        .args([
            "match",
            "--engine",
            "cmd=pbrain-scripted good name=A",
            "--engine",
            "cmd=pbrain-scripted good name=B",
            "--games",
            "2",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    if cfg!(windows) {
        assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
        assert_eq!(
            out.lines().filter(|l| l.starts_with("Game ")).count(),
            2,
            "{out}"
        );
    } else {
        assert_eq!(o.status.code(), Some(2), "{out}\n{err}");
        assert!(
            err.contains("`pbrain-scripted` not found in PATH")
                && err.contains("./pbrain-scripted"),
            "{err}"
        );
    }
}
