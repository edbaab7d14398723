//! Runs every transcript in `protocol-tests/` against the release binary.
//!
//! Transcripts run one at a time so that their timing bounds measure the brain, not
//! two searches fighting over a 2-core machine;
//! all failures are reported together.

mod common;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Every transcript, or those named in `TENGEN_TRANSCRIPTS` (file names separated by
/// commas or blanks; scripts/windows-check.sh reruns the ones that failed on timing).
fn transcripts() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("protocol-tests");
    let only: Option<Vec<String>> = std::env::var("TENGEN_TRANSCRIPTS").ok().map(|v| {
        v.split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    });
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("protocol-tests/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tpt"))
        .filter(|p| {
            only.as_ref().is_none_or(|names| {
                names
                    .iter()
                    .any(|n| p.file_name().is_some_and(|f| f == n.as_str()))
            })
        })
        .collect();
    v.sort();
    v
}

#[test]
fn every_transcript_passes() {
    let files = transcripts();
    let filtered = std::env::var_os("TENGEN_TRANSCRIPTS").is_some();
    assert!(
        files.len() >= if filtered { 1 } else { 10 },
        "expected the transcript suite, found {}",
        files.len()
    );
    let queue = Arc::new(Mutex::new(files.clone()));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let started = Instant::now();
    let workers: Vec<_> = (0..1)
        .map(|_| {
            let queue = queue.clone();
            let failures = failures.clone();
            std::thread::spawn(move || loop {
                let Some(path) = queue.lock().unwrap().pop() else {
                    break;
                };
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                let text = std::fs::read_to_string(&path).unwrap();
                let t = Instant::now();
                let r = common::transcript::run(&name, &text);
                eprintln!(
                    "{name}: {} in {:?}",
                    if r.is_ok() { "ok" } else { "FAILED" },
                    t.elapsed()
                );
                if let Err(e) = r {
                    failures.lock().unwrap().push(e);
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let failures = failures.lock().unwrap();
    eprintln!("{} transcripts in {:?}", files.len(), started.elapsed());
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The runner itself must catch a wrong answer, a late answer and stray output.
#[test]
fn runner_detects_failures() {
    let bad = [
        "> ABOUT\n< OK\n> END\n! exit within 500ms\n",
        "> START 15\n< OK\n> BEGIN\n< move in 0,0\n> END\n! exit within 500ms\n",
        "> START 15\n< OK\n> FOO\n! no-output 200ms\n> END\n! exit within 500ms\n",
        "> START 15\n< OK\n> END\n",
        "> START 15\n> END\n! exit within 500ms\n",
    ];
    for t in bad {
        assert!(common::transcript::run("bad", t).is_err(), "accepted:\n{t}");
    }
    let good =
        "> START 15\n< OK\n> INFO timeout_turn 100\n> BEGIN\n< move\n> END\n! exit within 500ms\n";
    common::transcript::run("good", good).unwrap();
    // A brain gone before its first line is told apart from one gone later (the first
    // is how Wine's start-up fails; scripts/windows-check.sh retries it).
    let early = common::transcript::run("early", "> END\n< OK\n! exit within 500ms\n");
    assert!(
        early
            .as_ref()
            .is_err_and(|e| e.ends_with("brain closed its output before its first line")),
        "{early:?}"
    );
    let late = common::transcript::run(
        "late",
        "> START 15\n< OK\n> END\n< OK\n! exit within 500ms\n",
    );
    assert!(
        late.as_ref()
            .is_err_and(|e| e.ends_with("brain closed its output")),
        "{late:?}"
    );
}
