//! `pbrain-tengen play` driven as a player drives it: the binary with piped input.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longest any single run may take before the test calls it a hang.
const HANG: Duration = Duration::from_secs(60);

struct Run {
    code: i32,
    out: String,
    err: String,
    elapsed: Duration,
}

fn play(args: &[&str], input: &[u8]) -> Run {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start pbrain-tengen");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Writing in a thread: the program may stop reading early (quit), and a large
    // input must not block while its output fills the pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout.read_to_end(&mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            panic!("play {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    Run {
        code: status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&out_t.join().unwrap()).into_owned(),
        err: String::from_utf8_lossy(&err_t.join().unwrap()).into_owned(),
        elapsed: start.elapsed(),
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The lines the `moves` command printed, in order.
fn move_lists(out: &str) -> Vec<String> {
    out.split("> ")
        .flat_map(str::lines)
        .filter(|l| l.starts_with("Moves: ") || l.starts_with("No moves yet"))
        .map(str::to_string)
        .collect()
}

#[test]
fn help_and_bad_options() {
    let r = play(&["--help"], b"");
    assert_eq!(r.code, 0, "{}", r.err);
    for opt in [
        "--size",
        "--rule",
        "--color",
        "--time",
        "--level",
        "--watch",
        "--opponent",
    ] {
        assert!(r.out.contains(opt), "{opt} missing from help:\n{}", r.out);
    }
    for bad in [
        &["--size", "30"][..],
        &["--size", "4"],
        &["--rule", "chess"],
        &["--color", "red"],
        &["--level", "0"],
        &["--opponent", "x"],
        &["--bogus"],
    ] {
        let r = play(bad, b"");
        assert_eq!(r.code, 2, "{bad:?}");
        assert!(r.err.contains("error"), "{bad:?}: {}", r.err);
    }
    let top = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&top.stdout).contains("play"));
}

#[test]
fn end_of_input_leaves_cleanly() {
    let r = play(&["--level", "1"], b"");
    assert_eq!(r.code, 0);
    assert!(r.out.contains("Your move, black X>"));
    // In the middle of a game, and with a last line without its newline.
    let r = play(&["--level", "1", "--size", "9"], b"e5\nd4");
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("Tengen (white) plays"));
    // As white: Tengen opens, then the input ends.
    let r = play(&["--level", "2", "--time", "50", "--color", "white"], b"");
    assert_eq!(r.code, 0);
    assert!(r.out.contains("Tengen (black) plays h8"), "{}", r.out);
}

#[test]
fn every_kind_of_invalid_input_gets_an_answer() {
    let mut input = Vec::new();
    input.extend_from_slice(b"h8\n"); // a real move; Tengen answers
    input.extend_from_slice(b"garbage\n");
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"   \n");
    input.extend_from_slice(b"p1\n"); // column off the 15x15 board
    input.extend_from_slice(b"a16\n");
    input.extend_from_slice(b"15,3\n");
    input.extend_from_slice(b"-1,-1\n");
    input.extend_from_slice(b"99999999999999999999999,1\n");
    input.extend_from_slice(b"h8\n"); // occupied
    input.extend_from_slice(b"7,7\n"); // the same cell, protocol style
    input.extend_from_slice(&vec![b'x'; 200_000]); // a huge line
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"\xff\xfe\x00\x01\n"); // not text
    input.extend_from_slice(b"save\nload\nload /nonexistent/file.sgf\n");
    input.extend_from_slice(b"moves\nquit\n");
    let r = play(&["--level", "1"], &input);
    assert_eq!(r.code, 0, "{}", r.err);
    let o = &r.out;
    assert!(
        o.contains("'garbage' is neither a move nor a command"),
        "{o}"
    );
    assert!(o.contains("Type a move like h8 or 7,7, or 'help'."));
    for t in ["p1", "a16", "15,3", "-1,-1"] {
        assert!(
            o.contains(&format!("{t} is off the board: this board is 15x15")),
            "{t}\n{o}"
        );
    }
    assert!(o.contains("99999999999999999999999,1 is off the board"));
    assert!(o.contains("h8 is already taken"));
    assert_eq!(o.matches("is already taken").count(), 2);
    assert!(o.contains("longer than 1024 bytes; ignored"));
    // Control characters are not echoed back to the terminal.
    assert!(
        o.contains("'\u{fffd}\u{fffd}??' is neither a move nor a command"),
        "{o}"
    );
    assert!(!o.contains('\0'));
    assert!(o.contains("Usage: save FILE"));
    assert!(o.contains("Usage: load FILE"));
    assert!(o.contains("Cannot load /nonexistent/file.sgf"));
    // Nothing but the one real move and its answer was played.
    let lists = move_lists(o);
    assert_eq!(lists.len(), 1);
    assert!(lists[0].starts_with("Moves: 1. h8 "), "{lists:?}");
    assert_eq!(lists[0].split_whitespace().count(), 4, "{lists:?}");
    assert!(o.ends_with("Bye.\n"));
    // Each line got exactly one prompt: no loops, no swallowed lines.
    assert_eq!(o.matches("> ").count(), 18, "{o}");
}

#[test]
fn undo_takes_back_a_pair() {
    let r = play(
        &["--level", "1", "--size", "9"],
        b"e5\nmoves\nundo\nmoves\nundo\nd4\nc3\nundo\nmoves\n",
    );
    assert_eq!(r.code, 0);
    let lists = move_lists(&r.out);
    assert_eq!(lists.len(), 3, "{}", r.out);
    assert!(lists[0].starts_with("Moves: 1. e5 "));
    assert_eq!(lists[1], "No moves yet.");
    assert!(lists[2].starts_with("Moves: 1. d4 ") && !lists[2].contains("2. c3"));
    assert!(r.out.contains("Nothing to take back."));
    assert!(r.out.contains("Took back c3 "));
}

#[test]
fn save_and_load_round_trip_in_both_formats() {
    let sgf = temp("round.sgf");
    let psq = temp("round.psq");
    let script = format!(
        "h8\ni9\nj10\nmoves\nsave {s}\nsave {p}\nnew\nmoves\nload {s}\nmoves\nnew\nload {p}\nmoves\nquit\n",
        s = sgf.display(),
        p = psq.display()
    );
    let r = play(&["--level", "1"], script.as_bytes());
    assert_eq!(r.code, 0, "{}", r.err);
    let lists = move_lists(&r.out);
    assert_eq!(lists.len(), 4, "{}", r.out);
    assert!(lists[0].starts_with("Moves: 1. h8 "), "{lists:?}");
    assert!(lists[0].contains("3. j10 "), "{lists:?}");
    assert_eq!(lists[1], "No moves yet.");
    assert_eq!(lists[2], lists[0], "SGF round trip");
    assert_eq!(lists[3], lists[0], "psq round trip");
    let sgf_text = std::fs::read_to_string(&sgf).unwrap();
    assert!(sgf_text.starts_with("(;GM[4]") && sgf_text.contains("SZ[15]"));
    assert!(sgf_text.contains(";B[hh]") && sgf_text.contains("PB[Human]"));
    let psq_text = std::fs::read_to_string(&psq).unwrap();
    assert!(psq_text.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n"));
    assert!(r.out.contains("Saved 6 moves"));
    assert!(r
        .out
        .contains(&format!("Loaded 6 moves from {}", psq.display())));
}

#[test]
fn a_scripted_win_is_shown_and_a_new_game_offered() {
    // Black (the human) has an open four h8..k8; white has three stones and a stray.
    let file = temp("win.psq");
    std::fs::write(
        &file,
        "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,9,0\n9,8,0\n9,9,0\n10,8,0\n10,9,0\n11,8,0\n1,1,0\n",
    )
    .unwrap();
    let script = format!("load {}\ng8\na2\nnew\nmoves\n", file.display());
    let r = play(&["--level", "3", "--time", "50"], script.as_bytes());
    assert_eq!(r.code, 0, "{}", r.err);
    let o = &r.out;
    assert!(o.contains("Loaded 8 moves"), "{o}");
    assert!(
        o.contains("Five in a row: g8 h8 i8 j8 k8. You (black) win."),
        "{o}"
    );
    assert!(o.contains("Game over. Type 'new' for a new game"));
    // The five is marked on the board: row 8 shows five `*`.
    let row8 = o
        .lines()
        .rfind(|l| l.starts_with("  8 ") && l.contains('*'))
        .unwrap();
    assert_eq!(row8.matches('*').count(), 5, "{row8}");
    assert!(o.contains("The game is over. Type 'new'"));
    assert!(o.contains("New game: you play black (X)."));
    assert_eq!(move_lists(o), vec!["No moves yet.".to_string()]);
}

#[test]
fn a_renju_foul_loses_for_black() {
    // Black to move; e5 makes two open threes (column e and row 5).
    let file = temp("foul.sgf");
    std::fs::write(
        &file,
        "(;GM[4]FF[4]SZ[15]RU[renju];B[ec];W[hd];B[ed];W[hf];B[ce];W[ih];B[de];W[ai])",
    )
    .unwrap();
    let script = format!("load {}\nforbid\ne5\n", file.display());
    let r = play(&["--rule", "renju", "--level", "1"], script.as_bytes());
    assert_eq!(r.code, 0, "{}", r.err);
    let o = &r.out;
    assert!(o.contains("(renju 15x15)"), "{o}");
    assert!(o.contains("Forbidden for black (marked !): "), "{o}");
    let listed = o
        .lines()
        .find(|l| l.starts_with("Forbidden for black"))
        .unwrap();
    assert!(listed.contains(" e5"), "{listed}");
    assert!(
        o.contains("Forbidden move e5 (double three) - black loses. Tengen (white) wins."),
        "{o}"
    );
    assert!(o.contains("Game over"));
    // Under freestyle the same move is just a move.
    std::fs::write(
        temp("free.sgf"),
        "(;GM[4]SZ[15];B[ec];W[hd];B[ed];W[hf];B[ce];W[ih];B[de];W[ai])",
    )
    .unwrap();
    let r = play(
        &["--level", "1"],
        format!("load {}\ne5\n", temp("free.sgf").display()).as_bytes(),
    );
    assert!(!r.out.contains("Forbidden move"), "{}", r.out);
    assert!(r.out.contains("Tengen (white) plays"));
}

#[test]
fn a_full_board_is_a_draw() {
    // 5x5 filled in rows XXOOX / OOXXO / ...: no five anywhere. The last empty cell
    // (e5, top right) is black's 13th stone.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOO."];
    let mut black = Vec::new();
    let mut white = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                'X' => black.push((x, y)),
                'O' => white.push((x, y)),
                _ => {}
            }
        }
    }
    assert_eq!((black.len(), white.len()), (12, 12));
    let mut psq = String::from("Piskvorky 5x5, 11:11, 0\n");
    for (b, w) in black.iter().zip(&white) {
        psq.push_str(&format!(
            "{},{},0\n{},{},0\n",
            b.0 + 1,
            b.1 + 1,
            w.0 + 1,
            w.1 + 1
        ));
    }
    let file = temp("draw.psq");
    std::fs::write(&file, psq).unwrap();
    let r = play(
        &["--size", "5", "--level", "1"],
        format!("load {}\ne5\n", file.display()).as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("Loaded 24 moves"), "{}", r.out);
    assert!(r.out.contains("The board is full: a draw."), "{}", r.out);
}

#[test]
fn watch_plays_itself_and_other_engines() {
    let r = play(
        &[
            "--watch",
            "--size",
            "9",
            "--time",
            "30",
            "--max-moves",
            "12",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("Game 1/1: Tengen (black) vs Tengen (white)"));
    assert!(
        r.out.contains("Move 1: Tengen (black) plays e5"),
        "{}",
        r.out
    );
    assert!(r.out.contains("Score: black "));
    // The scripted test engine plays the first empty cell row by row.
    let scripted = env!("CARGO_BIN_EXE_tengen-scripted-engine");
    // What watch calls an engine: its file name (`.exe` included on Windows).
    let file_name = |p: &str| {
        std::path::Path::new(p)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    };
    let name = file_name(scripted);
    let brain = format!("{scripted} good");
    let r = play(
        &[
            "--watch",
            "--size",
            "10",
            "--time",
            "100",
            "--games",
            "2",
            "--opponent",
            &brain,
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .contains(&format!("Game 2/2: {name} (black) vs Tengen (white)")),
        "{}",
        r.out
    );
    assert!(r.out.contains("plays a1"), "the opponent's moves are shown");
    assert!(
        r.out.contains(&format!("Score: Tengen 2 - {name} 0")),
        "{}",
        r.out
    );
    // Tengen's own brain mode, through the protocol.
    let tengen = file_name(env!("CARGO_BIN_EXE_pbrain-tengen"));
    let r = play(
        &[
            "--watch",
            "--size",
            "9",
            "--time",
            "100",
            "--max-moves",
            "12",
            "--opponent",
            env!("CARGO_BIN_EXE_pbrain-tengen"),
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .contains(&format!("Game 1/1: Tengen (black) vs {tengen} (white)")),
        "{}",
        r.out
    );
    assert!(
        r.out.contains(&format!("Move 2: {tengen} (white) plays ")),
        "{}",
        r.out
    );
    assert!(!r.out.contains("failed:"), "{}", r.out);
    // A silent opponent and a vanishing one end promptly with an error.
    // (silent: never answers; exit: gone at once; timeout: answers START, then never
    // a move; offboard: answers START, then a move off the board.)
    for mode in ["silent", "exit", "timeout", "offboard"] {
        let cmd = &format!("{scripted} {mode}");
        let r = play(
            &[
                "--watch",
                "--size",
                "9",
                "--time",
                "50",
                "--opponent",
                cmd,
                "--opponent-timeout",
                "400",
            ],
            b"",
        );
        assert!(
            r.elapsed < Duration::from_secs(10),
            "{cmd}: {:?}",
            r.elapsed
        );
        if mode == "timeout" || mode == "offboard" {
            // It starts, then fails to answer a move: it loses that game.
            assert_eq!(r.code, 0, "{cmd}: {}", r.err);
            assert!(r.out.contains("failed:"), "{cmd}: {}", r.out);
            assert!(r.out.contains("Score: Tengen 1 - "), "{cmd}: {}", r.out);
        } else {
            assert_eq!(r.code, 2, "{cmd}");
            assert!(r.err.contains("opponent"), "{cmd}: {}", r.err);
        }
    }
}
