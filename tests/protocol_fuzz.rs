//! Property tests (proptest) of the command parser and the session, in-process.
//!
//! Random byte lines and random command sequences (plausible words with hostile
//! arguments) are fed to the parser and to a live session with a fake writer. The
//! properties: nothing panics; a line never produces more than one `ERROR`/`UNKNOWN`
//! line; every reply line is a protocol line; every move printed is on the board and
//! was an empty cell. The default run is sized for a few seconds; set
//! `TENGEN_FUZZ_CASES` for a longer one. Each test prints how many inputs it ran.

mod common;

use common::inproc::{as_move, Driver};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::sync::atomic::{AtomicU64, Ordering};
use tengen::protocol::command::parse_command;
use tengen::protocol::reader::read_lines;

fn cases(default: u32) -> u32 {
    std::env::var("TENGEN_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Whether an output line is one of the forms the protocol allows (`INFO …` lines only
/// in Yixin-Board GUI mode).
fn well_formed(line: &str, gui: bool) -> bool {
    if line.is_empty() || line.contains(['\n', '\r']) {
        return false;
    }
    if as_move(line).is_some() || line == "OK" || line == "SWAP" {
        return true;
    }
    if gui && line.starts_with("INFO ") {
        return line.len() > "INFO ".len();
    }
    for p in ["ERROR ", "UNKNOWN ", "MESSAGE ", "FORBID ", "name=\""] {
        if let Some(rest) = line.strip_prefix(p) {
            return !rest.trim().is_empty();
        }
    }
    // Swap2 proposals: two or three moves separated by one blank.
    let parts: Vec<&str> = line.split(' ').collect();
    (2..=3).contains(&parts.len()) && parts.iter().all(|m| as_move(m).is_some())
}

/// Moves and error lines seen across all session cases (reported at the end).
static MOVES: AtomicU64 = AtomicU64::new(0);
static ERRORS: AtomicU64 = AtomicU64::new(0);

/// Feeds `lines` to a fresh session; checks the properties after each line.
fn run_session(lines: &[String]) -> Result<(), TestCaseError> {
    // Half the cases start like `run_stdio`, with the engine built in the background.
    let mut d = if lines.len().is_multiple_of(2) {
        Driver::new()
    } else {
        Driver::new_lazy()
    };
    for line in lines {
        let before = d.session.engine().map(|e| e.board().clone());
        d.feed(line);
        d.settle();
        if d.exited {
            break;
        }
        let out = d.take();
        let errors = out
            .iter()
            .filter(|l| l.starts_with("ERROR ") || l.starts_with("UNKNOWN "))
            .count();
        prop_assert!(errors <= 1, "{line:?} gave {out:?}");
        ERRORS.fetch_add(errors as u64, Ordering::Relaxed);
        MOVES.fetch_add(
            out.iter().filter(|l| as_move(l).is_some()).count() as u64,
            Ordering::Relaxed,
        );
        for l in &out {
            let gui = d.session.gui_mode();
            prop_assert!(well_formed(l, gui), "{line:?} gave bad line {l:?}");
            if let (Some((x, y)), Some(b)) = (as_move(l), &before) {
                let word = line
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_ascii_uppercase();
                // BOARD replaces the position: check against the board after it.
                if word == "DONE" {
                    continue;
                }
                prop_assert!(x < b.width() && y < b.height(), "{line:?}: {l} off board");
                let p = b.pos(x as i64, y as i64).unwrap();
                let was_turn = word == "TURN";
                prop_assert!(b.is_empty(p) || was_turn, "{line:?}: {l} on a taken cell");
            }
        }
    }
    Ok(())
}

#[test]
fn parser_never_panics_on_random_bytes() {
    let count = AtomicU64::new(0);
    let mut runner = TestRunner::new(Config {
        cases: cases(50_000),
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&proptest::collection::vec(any::<u8>(), 0..300), |bytes| {
            count.fetch_add(1, Ordering::Relaxed);
            read_lines(&bytes[..], |line, _| {
                if let Err(e) = parse_command(&line) {
                    let r = e.reply();
                    assert!(!r.contains('\n') && r.len() < 200, "{r:?}");
                }
                true
            });
            Ok(())
        })
        .unwrap();
    eprintln!(
        "parser: {} random byte inputs",
        count.load(Ordering::Relaxed)
    );
}

/// A plausible command line with hostile arguments.
fn command_line() -> impl Strategy<Value = String> {
    let num = prop_oneof![
        6 => 0i64..15,
        2 => -2i64..24,
        1 => any::<i64>(),
    ];
    let word = prop_oneof![
        Just("START"),
        Just("RECTSTART"),
        Just("RESTART"),
        Just("BEGIN"),
        Just("TURN"),
        Just("BOARD"),
        Just("YXBOARD"),
        Just("SWAP2BOARD"),
        Just("DONE"),
        Just("INFO"),
        Just("ABOUT"),
        Just("TAKEBACK"),
        Just("PLAY"),
        Just("YXSTOP"),
        Just("STOP"),
        Just("YXSHOWFORBID"),
        Just("YXHASHCLEAR"),
        Just("YXSHOWINFO"),
        Just("YXNBEST"),
        Just("FOO"),
    ];
    let info_key = prop_oneof![
        Just("timeout_turn"),
        Just("timeout_match"),
        Just("time_left"),
        Just("max_memory"),
        Just("game_type"),
        Just("rule"),
        Just("folder"),
        Just("evaluate"),
        Just("thread_num"),
        Just("max_depth"),
        Just("max_node"),
        Just("time_increment"),
        Just("hash_size"),
        Just("caution_factor"),
        Just("pondering"),
        Just("show_detail"),
        Just("zzz"),
    ];
    let sep = prop_oneof![Just(","), Just(" , "), Just(" "), Just(",,"), Just("")];
    let lower = any::<bool>();
    (
        word,
        info_key,
        num.clone(),
        num.clone(),
        num,
        sep,
        lower,
        0u8..8,
    )
        .prop_map(|(w, k, a, b, c, sep, lower, shape)| {
            let w = if lower {
                w.to_ascii_lowercase()
            } else {
                w.to_string()
            };
            let line = match (w.to_ascii_uppercase().as_str(), shape) {
                // Keep searches short: small time values only.
                ("INFO", _) if k == "timeout_turn" || k == "time_left" => {
                    format!("{w} {k} {}", a.rem_euclid(30) - 5)
                }
                ("INFO", _) if k == "max_memory" || k == "hash_size" => {
                    format!("{w} {k} {}", a.rem_euclid(1 << 16))
                }
                ("INFO", _) if k == "thread_num" => format!("{w} {k} {}", a.rem_euclid(4)),
                ("INFO", _) if k == "timeout_match" => format!("{w} {k} 0"),
                ("INFO", s) if s < 6 => format!("{w} {k} {a}"),
                ("INFO", _) => format!("{w} {k} {a}{sep}{b}"),
                (_, 0) => w,
                (_, 1) => format!("{w} {a}"),
                (_, 2) => format!("{w} {a}{sep}{b}"),
                (_, 3) => format!("  {w}\t{a}{sep}{b}  "),
                (_, 4) => format!("{w} {a}{sep}{b}{sep}{c}"),
                (_, 5) => format!("{a}{sep}{b}{sep}{}", c.rem_euclid(4)),
                (_, 6) => format!("{a},{b}"),
                _ => format!("{w} x{sep}y"),
            };
            line
        })
}

#[test]
fn session_survives_random_command_sequences() {
    let count = AtomicU64::new(0);
    let lines = AtomicU64::new(0);
    let mut runner = TestRunner::new(Config {
        cases: cases(5_000),
        failure_persistence: None,
        ..Config::default()
    });
    // Most sequences start a game so that the commands reach the engine.
    let seq = (
        any::<bool>(),
        proptest::collection::vec(
            prop_oneof![
                3 => command_line(),
                1 => (0i64..15, 0i64..15).prop_map(|(x, y)| format!("TURN {x},{y}")),
            ],
            1..40,
        ),
    )
        .prop_map(|(start, mut v)| {
            // Searches stay short: the default turn time would be 5 s.
            if start {
                v.insert(0, "START 15".into());
            }
            v.insert(0, "INFO timeout_turn 0".into());
            v
        });
    runner
        .run(&seq, |v| {
            count.fetch_add(1, Ordering::Relaxed);
            lines.fetch_add(v.len() as u64, Ordering::Relaxed);
            run_session(&v)
        })
        .unwrap();
    eprintln!(
        "session: {} random command sequences, {} lines (all session cases so far: {} moves, {} error lines)",
        count.load(Ordering::Relaxed),
        lines.load(Ordering::Relaxed),
        MOVES.load(Ordering::Relaxed),
        ERRORS.load(Ordering::Relaxed)
    );
}

#[test]
fn session_survives_random_byte_lines() {
    let count = AtomicU64::new(0);
    let mut runner = TestRunner::new(Config {
        cases: cases(3_000),
        failure_persistence: None,
        ..Config::default()
    });
    let input = proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..80), 1..20);
    runner
        .run(&input, |chunks| {
            count.fetch_add(1, Ordering::Relaxed);
            let mut lines = vec!["INFO timeout_turn 0".to_string(), "START 15".to_string()];
            for c in &chunks {
                read_lines(&c[..], |l, _| {
                    lines.push(l);
                    true
                });
            }
            run_session(&lines)
        })
        .unwrap();
    eprintln!(
        "session: {} random byte-line inputs",
        count.load(Ordering::Relaxed)
    );
}
