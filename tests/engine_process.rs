//! An engine process seen from the match runner (`tengen::tournament::process`):
//! line framing, timeouts, end of output, the ABOUT probe, and killing a hung engine.
//! The engines are modes of the scripted test engine (tests/engines/scripted.rs), so
//! these run on Windows as well.

use std::time::{Duration, Instant};
use tengen::tournament::process::{probe_about, EngineProcess, Recv};

fn scripted(mode: &str) -> Vec<String> {
    vec![
        env!("CARGO_BIN_EXE_tengen-scripted-engine").to_string(),
        mode.to_string(),
    ]
}

#[test]
fn lines_timeouts_and_eof() {
    let mut e = EngineProcess::spawn(&scripted("framing")).unwrap();
    e.send("hello").unwrap();
    let far = Instant::now() + Duration::from_secs(5);
    assert!(matches!(e.recv(far), Recv::Line(_, t) if t == "got hello"));
    assert!(matches!(e.recv(far), Recv::Line(_, t) if t == "x"));
    assert_eq!(
        e.recv(Instant::now() + Duration::from_millis(20)),
        Recv::Timeout
    );
    assert!(matches!(e.recv(far), Recv::Line(_, t) if t == "late"));
    assert_eq!(e.recv(far), Recv::Eof);
    assert!(!e.finish(Instant::now() + Duration::from_secs(2)));
    assert_eq!(e.exit_status().as_deref(), Some("exit status 0"));
}

#[test]
fn about_probe() {
    // `flood` writes a MESSAGE line before its answer: the probe skips it.
    let a = probe_about(&scripted("flood"), Duration::from_secs(3));
    assert_eq!(
        a.unwrap().as_deref(),
        Some(r#"name="scripted", version="1.0", author="tengen tests""#)
    );
    let t = Instant::now();
    let a = probe_about(&scripted("silent"), Duration::from_millis(100));
    assert_eq!(a.unwrap(), None);
    assert!(t.elapsed() < Duration::from_secs(2));
    assert!(probe_about(&["/no/such/engine".to_string()], Duration::from_secs(1)).is_err());
}

#[test]
fn a_hung_engine_is_killed() {
    let mut e = EngineProcess::spawn(&scripted("silent")).unwrap();
    let start = Instant::now();
    assert!(e.terminate(Duration::from_millis(100)));
    assert_eq!(e.recv(Instant::now() + Duration::from_secs(3)), Recv::Eof);
    assert!(start.elapsed() < Duration::from_secs(3));
    assert!(e.exit_status().is_some());
}

/// Unix only: the runner starts each engine in its own process group and kills the
/// group, so a process the engine started (a launcher's real engine) dies with it and
/// the engine's output closes. On Windows `Child::kill` (TerminateProcess) ends the
/// engine itself only; the runner still never waits on the orphan (see
/// `a_hung_engine_is_killed`), but its output stays open until it ends by itself.
#[cfg(unix)]
#[test]
fn a_hung_engine_and_its_children_are_killed() {
    let mut e = EngineProcess::spawn(&scripted("parent")).unwrap();
    std::thread::sleep(Duration::from_millis(100)); // let it start its child
    let start = Instant::now();
    assert!(e.terminate(Duration::from_millis(100)));
    // The reader sees EOF only once the child (holding stdout) is dead too.
    assert_eq!(e.recv(Instant::now() + Duration::from_secs(3)), Recv::Eof);
    assert!(start.elapsed() < Duration::from_secs(3));
}
