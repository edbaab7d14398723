//! The match runner against scripted engines that misbehave on purpose
//! (`tengen-scripted-engine`, tests/engines/scripted.rs): each failure must be adjudicated as the protocol
//! spec (§8) says, and the runner must finish in bounded time whatever the engines do.

use std::time::{Duration, Instant};
use tengen::tournament::{
    run_match, schedule, Control, EngineSpec, Event, GameRecord, GameSettings, Opening, Pairing,
    Termination, TimeControl,
};
use tengen::types::{Color, Pos, Rule};

fn engine(name: &str, args: &str) -> EngineSpec {
    let program = env!("CARGO_BIN_EXE_tengen-scripted-engine");
    EngineSpec::parse(&format!("cmd={program} {args} name={name}")).unwrap()
}

fn settings(rule: Rule, turn_ms: u64, match_ms: u64) -> GameSettings {
    GameSettings {
        size: 15,
        rule,
        tc: TimeControl {
            turn_ms,
            match_ms,
            increment_ms: 0,
            tolerance_ms: 300,
        },
        draw_after: None,
        max_memory: 367_001_600,
        transcript: false,
    }
}

/// Plays `games` games (colours alternating) and returns the records in game order.
fn play(
    engines: &[EngineSpec],
    settings: &GameSettings,
    games: usize,
    openings: &[Opening],
) -> Vec<GameRecord> {
    let order: Vec<usize> = (0..openings.len()).collect();
    let jobs = schedule(engines.len(), Pairing::RoundRobin, games, openings, &order);
    let mut out = Vec::new();
    let mut started = 0;
    let cancelled = run_match(engines, settings, &jobs, 2, |ev| {
        match ev {
            Event::Started(_) => started += 1,
            Event::Finished(r) => out.push(*r),
        }
        Control::Continue
    });
    assert_eq!(cancelled, 0);
    assert_eq!(started, jobs.len());
    out.sort_by_key(|r| r.number);
    out
}

/// Replays a record on a fresh board: every stone must be legal.
fn replay_is_legal(r: &GameRecord) -> bool {
    let mut b = tengen::board::Board::new(r.size, r.size, r.rule).unwrap();
    r.opening
        .iter()
        .copied()
        .chain(r.moves.iter().map(|m| m.pos))
        .all(|p| b.play(p).is_ok())
}

/// Both engines scan row by row, so black completes the anti-diagonal x+y=4 at its
/// 31st stone (ply 61): black wins by five in every game.
fn assert_normal_games(records: &[GameRecord]) {
    for r in records {
        assert_eq!(r.termination, Termination::Five, "{r:?}");
        assert_eq!(r.winner, Some(Color::Black), "{r:?}");
        assert_eq!(r.plies(), 61, "{r:?}");
        assert_eq!(r.moves.last().unwrap().pos, Pos::new(0, 4));
        assert!(replay_is_legal(r));
    }
}

#[test]
fn correct_engines_play_to_a_five() {
    let e = [engine("a", "good"), engine("b", "good")];
    let recs = play(&e, &settings(Rule::Freestyle, 2000, 0), 2, &[]);
    assert_eq!(recs.len(), 2);
    assert_normal_games(&recs);
    assert_eq!((recs[0].black, recs[1].black), (0, 1));
    let sgf = recs[0].to_sgf(&["a".into(), "b".into()]);
    assert!(
        sgf.starts_with("(;FF[4]GM[4]GN[1]SZ[15]RU[0]PB[a]PW[b]RE[B+1]"),
        "{sgf}"
    );
}

/// Plays `bad` against a correct engine, two games with colours exchanged, and checks
/// the bad engine lost both with `want`; returns the records.
fn bad_engine_loses(args: &str, want: Termination, s: &GameSettings) -> Vec<GameRecord> {
    let e = [engine("bad", args), engine("good", "good")];
    let t = Instant::now();
    let recs = play(&e, s, 2, &[]);
    assert!(
        t.elapsed() < Duration::from_secs(20),
        "{args}: {:?}",
        t.elapsed()
    );
    for r in &recs {
        assert_eq!(r.termination, want, "{args}: {r:?}");
        assert_eq!(r.winner_engine(), Some(1), "{args}: {r:?}");
        assert!(replay_is_legal(r));
    }
    recs
}

#[test]
fn a_hung_engine_loses_on_time_and_is_killed() {
    let t = Instant::now();
    let recs = bad_engine_loses(
        "timeout 3",
        Termination::Timeout,
        &settings(Rule::Freestyle, 300, 0),
    );
    // Two moves each before the hang; each game waits 300 + 300 ms for the hung move
    // and at most 500 ms for END: far below the engine's 30 s sleep.
    assert!(t.elapsed() < Duration::from_secs(6), "{:?}", t.elapsed());
    assert!(recs
        .iter()
        .all(|r| r.detail.contains("no move within 300 ms")));
}

#[test]
fn an_endless_stream_of_messages_loses_on_time() {
    let t = Instant::now();
    bad_engine_loses(
        "spam 2",
        Termination::Timeout,
        &settings(Rule::Freestyle, 300, 0),
    );
    assert!(t.elapsed() < Duration::from_secs(6), "{:?}", t.elapsed());
}

#[test]
fn a_slow_engine_loses_on_the_game_clock() {
    // 0.15 s per move against a 1 s game clock: the clock runs out around move 7.
    let recs = bad_engine_loses(
        "slow",
        Termination::Timeout,
        &settings(Rule::Freestyle, 0, 1000),
    );
    for r in recs {
        let bad = if r.black == 0 { 0 } else { 1 };
        let own = r.moves.iter().skip(bad).step_by(2).count();
        assert!((5..=9).contains(&own), "{own} moves: {r:?}");
    }
}

#[test]
fn a_crash_loses() {
    let recs = bad_engine_loses(
        "crash 2",
        Termination::Crash,
        &settings(Rule::Freestyle, 2000, 0),
    );
    assert!(
        recs.iter().all(|r| r.detail.contains("exit status 3")),
        "{recs:?}"
    );
}

#[test]
fn a_move_onto_a_stone_loses() {
    let recs = bad_engine_loses(
        "occupied 2",
        Termination::IllegalMove,
        &settings(Rule::Standard, 2000, 0),
    );
    assert!(
        recs.iter().all(|r| r.detail.contains("occupied")),
        "{recs:?}"
    );
}

#[test]
fn off_board_and_garbage_replies_lose() {
    let s = settings(Rule::Freestyle, 2000, 0);
    let recs = bad_engine_loses("offboard", Termination::IllegalMove, &s);
    assert!(
        recs.iter()
            .all(|r| r.detail.contains("15,0 is off the board")),
        "{recs:?}"
    );
    let recs = bad_engine_loses("garbage", Termination::IllegalMove, &s);
    assert!(
        recs.iter().all(|r| r.detail.contains("thinking hard")),
        "{recs:?}"
    );
}

#[test]
fn an_error_where_a_move_is_due_loses() {
    let recs = bad_engine_loses(
        "error 3",
        Termination::ErrorReply,
        &settings(Rule::Caro, 2000, 0),
    );
    assert!(
        recs.iter().all(|r| r.detail == "ERROR cannot think"),
        "{recs:?}"
    );
}

#[test]
fn an_error_to_start_loses() {
    bad_engine_loses(
        "badstart",
        Termination::StartFailure,
        &settings(Rule::Freestyle, 2000, 0),
    );
}

#[test]
fn message_floods_and_a_silent_about_are_tolerated() {
    let s = settings(Rule::Freestyle, 5000, 0);
    let e = [engine("flood", "flood"), engine("quiet", "noabout")];
    let t = Instant::now();
    let recs = play(&e, &s, 2, &[]);
    assert_normal_games(&recs);
    // The silent ABOUT costs one tolerance (300 ms) per game, not a hang.
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
}

#[test]
fn a_renju_forbidden_move_loses_for_black_only() {
    // Opening: black 5,7 6,7 7,5 7,6 and four white stones far away; black to move.
    // 7,7 makes two open threes (a double three), forbidden for black.
    let opening = Opening {
        line: 1,
        moves: vec![
            Pos::new(5, 7),
            Pos::new(0, 14),
            Pos::new(6, 7),
            Pos::new(14, 14),
            Pos::new(7, 5),
            Pos::new(14, 0),
            Pos::new(7, 6),
            Pos::new(0, 0),
        ],
    };
    let e = [engine("fouler", "script 1 7,7"), engine("good", "good")];
    let recs = play(&e, &settings(Rule::Renju, 2000, 0), 2, &[opening]);
    let foul = &recs[0];
    assert_eq!(foul.black, 0);
    assert_eq!(foul.termination, Termination::Forbidden, "{foul:?}");
    assert_eq!(foul.winner, Some(Color::White));
    assert_eq!(foul.moves.len(), 1);
    assert_eq!(foul.moves[0].pos, Pos::new(7, 7));
    // As white the same move is fine and the game goes on (until the scanning black
    // engine runs into a forbidden point or a five decides it).
    let other = &recs[1];
    assert!(other.moves.len() > 2 && other.moves[1].pos == Pos::new(7, 7));
    assert!(
        matches!(
            other.termination,
            Termination::Five | Termination::Forbidden
        ),
        "{other:?}"
    );
    if other.termination == Termination::Forbidden {
        assert_eq!(other.winner, Some(Color::White));
    }
}

#[test]
fn the_move_cap_draws() {
    let mut s = settings(Rule::Freestyle, 2000, 0);
    s.draw_after = Some(20);
    let recs = play(&[engine("a", "good"), engine("b", "good")], &s, 2, &[]);
    for r in recs {
        assert_eq!(
            (r.winner, r.termination, r.plies()),
            (None, Termination::MoveCap, 20)
        );
    }
}

#[test]
fn stop_cancels_the_rest_of_the_match() {
    let e = [engine("a", "good"), engine("b", "good")];
    let s = settings(Rule::Freestyle, 2000, 0);
    let jobs = schedule(2, Pairing::RoundRobin, 10, &[], &[]);
    let mut finished = 0;
    let cancelled = run_match(&e, &s, &jobs, 2, |ev| {
        if let Event::Finished(_) = ev {
            finished += 1;
            return Control::Stop;
        }
        Control::Continue
    });
    assert_eq!(finished, 1);
    assert_eq!(cancelled, 9);
}

#[test]
fn engines_are_driven_like_gomocup_managers_do() {
    // Both engines log what they receive; check the transcript of the white engine,
    // which gets its first move by BOARD (protocol spec §7.3) and then TURN.
    let dir = std::env::temp_dir().join(format!("tengen-transcript-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (lb, lw) = (dir.join("black.log"), dir.join("white.log"));
    let _ = std::fs::remove_file(&lb);
    let _ = std::fs::remove_file(&lw);
    let e = [
        engine("b", &format!("log 1 {}", lb.display())),
        EngineSpec {
            max_nodes: Some(777),
            threads: Some(1),
            options: vec![("hash_size".into(), "1024".into())],
            ..engine("w", &format!("log 1 {}", lw.display()))
        },
    ];
    let mut s = settings(Rule::Renju, 0, 10_000);
    s.tc.increment_ms = 100;
    s.draw_after = Some(6);
    let jobs = schedule(2, Pairing::RoundRobin, 1, &[], &[]);
    let mut recs = Vec::new();
    run_match(&e, &s, &jobs, 1, |ev| {
        if let Event::Finished(r) = ev {
            recs.push(r);
        }
        Control::Continue
    });
    assert_eq!(recs[0].termination, Termination::MoveCap);
    let white = std::fs::read_to_string(&lw).unwrap();
    let lines: Vec<&str> = white.lines().collect();
    assert_eq!(
        lines[..10],
        [
            "ABOUT",
            "START 15",
            "INFO timeout_turn 10000",
            "INFO timeout_match 10000",
            "INFO max_memory 367001600",
            "INFO game_type 1",
            "INFO rule 4",
            "INFO max_node 777",
            "INFO thread_num 1",
            "INFO hash_size 1024",
        ]
    );
    // First move by BOARD with black's opening stone as the opponent's (2), then TURN;
    // a time_left (with the increment added) before every move; END at the end.
    assert!(lines[10].starts_with("INFO time_left "), "{white}");
    let left: i64 = lines[10]["INFO time_left ".len()..].parse().unwrap();
    assert!((10_000..=10_100).contains(&left), "{white}");
    assert_eq!(lines[11..14], ["BOARD", "0,0,2", "DONE"]);
    assert!(
        lines[14].starts_with("INFO time_left ") && lines[15] == "TURN 2,0",
        "{white}"
    );
    assert!(
        lines[16].starts_with("INFO time_left ") && lines[17] == "TURN 4,0",
        "{white}"
    );
    assert_eq!(lines[18..], ["END"]);
    let black = std::fs::read_to_string(&lb).unwrap();
    let bl: Vec<&str> = black.lines().collect();
    assert_eq!(bl[7], "INFO time_left 10100", "{black}");
    assert_eq!(bl[8], "BEGIN", "{black}");
    assert_eq!(bl[10], "TURN 1,0", "{black}");
}
