//! The protocol session in-process: colours, set-up, take-back, INFO keys, illegal
//! commands leaving the state alone, and behaviour while a search runs.

mod common;

use common::inproc::{as_move, Driver};
use tengen::board::Cell;
use tengen::protocol::session::Flow;
use tengen::types::{Color, Pos, Rule};

fn started(turn_ms: u32) -> Driver {
    let mut d = Driver::new();
    assert_eq!(d.send("START 15"), ["OK"]);
    assert!(d.send(&format!("INFO timeout_turn {turn_ms}")).is_empty());
    d
}

fn one_move(out: &[String]) -> Pos {
    let moves: Vec<_> = out.iter().filter_map(|l| as_move(l)).collect();
    assert_eq!(moves.len(), 1, "{out:?}");
    Pos::new(moves[0].0, moves[0].1)
}

#[test]
fn board_colours_follow_the_counts() {
    // Equal counts: we are black.
    let mut d = started(50);
    let out = d.send_all(&["BOARD", "7,7,1", "8,8,2", "DONE"]);
    let m = one_move(&out);
    let b = d.board();
    assert_eq!(b.cell(Pos::new(7, 7)), Cell::Black);
    assert_eq!(b.cell(Pos::new(8, 8)), Cell::White);
    assert_eq!(b.cell(m), Cell::Black);
    // One more opponent stone: we are white; the given order is kept when it alternates.
    let out = d.send_all(&["BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"]);
    let m = one_move(&out);
    let b = d.board();
    assert_eq!(b.cell(Pos::new(7, 7)), Cell::Black);
    assert_eq!(b.cell(Pos::new(8, 8)), Cell::White);
    assert_eq!(b.cell(m), Cell::White);
    assert_eq!(
        &b.history()[..3],
        &[Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 9)]
    );
    // Inconsistent: a warning first, the stones keep their colours, we play black.
    let out = d.send_all(&["BOARD", "7,7,1", "8,8,1", "9,9,2", "DONE"]);
    assert!(
        out[0].starts_with("MESSAGE ") && out[0].contains("inconsistent"),
        "{out:?}"
    );
    let m = one_move(&out);
    let b = d.board();
    assert_eq!(b.cell(Pos::new(7, 7)), Cell::Black);
    assert_eq!(b.cell(Pos::new(8, 8)), Cell::Black);
    assert_eq!(b.cell(Pos::new(9, 9)), Cell::White);
    assert_eq!(b.cell(m), Cell::Black);
}

#[test]
fn board_block_skips_bad_lines_and_blocks_field_three() {
    let mut d = started(50);
    let out = d.send_all(&[
        "BOARD", "7,7,1", "junk", "7,7,2", "99,1,1", "3,3,9", "4,4", "8,8,2", "5,5,3", "done",
    ]);
    let warnings = out.iter().filter(|l| l.starts_with("MESSAGE ")).count();
    assert_eq!(warnings, 5, "{out:?}");
    assert_eq!(out.len(), 6, "{out:?}");
    assert!(as_move(out.last().unwrap()).is_some());
    let b = d.board();
    assert_eq!(b.cell(Pos::new(5, 5)), Cell::Blocked);
    assert_eq!(b.cell(Pos::new(7, 7)), Cell::Black);
    assert_eq!(b.count(), 3);
}

#[test]
fn takeback_rebuilds_or_refuses_without_changes() {
    let mut d = started(50);
    assert!(d
        .send_all(&["YXBOARD", "1,1,1", "2,2,2", "3,3,1", "4,4,2", "DONE"])
        .is_empty());
    // White moved last (4,4). Taking back white's earlier 2,2 keeps every colour.
    assert_eq!(d.send("TAKEBACK 2,2"), ["OK"]);
    let b = d.board();
    assert_eq!(b.cell(Pos::new(2, 2)), Cell::Empty);
    assert_eq!(b.cell(Pos::new(1, 1)), Cell::Black);
    assert_eq!(b.cell(Pos::new(3, 3)), Cell::Black);
    assert_eq!(b.cell(Pos::new(4, 4)), Cell::White);
    assert_eq!(b.side_to_move(), Color::White);
    // The rebuilt history is 1,1 4,4 3,3: black moved last, so white's 4,4 cannot be
    // removed alone (no alternating history has that position): refused, no change.
    assert_eq!(d.board().last_move(), Some(Pos::new(3, 3)));
    let before = d.board().hash();
    let out = d.send("TAKEBACK 4,4");
    assert_eq!(out.len(), 1);
    assert!(out[0].starts_with("ERROR "));
    assert_eq!(d.board().hash(), before);
    // The last move is simply undone.
    assert_eq!(d.send("TAKEBACK 3,3"), ["OK"]);
    assert_eq!(d.board().count(), 2);
}

#[test]
fn illegal_commands_change_nothing() {
    let mut d = started(50);
    d.send("TURN 7,7");
    let snapshot = |d: &Driver| {
        let b = d.board();
        let o = d.session.engine().unwrap().options().clone();
        (
            b.hash(),
            b.history().to_vec(),
            b.width(),
            b.rule(),
            format!("{o:?}"),
        )
    };
    let before = snapshot(&d);
    for bad in [
        "TURN 7,7",
        "TURN 15,0",
        "TURN -1,2",
        "TURN a,b",
        "TURN 1",
        "BEGIN",
        "START 4",
        "START 23",
        "START abc",
        "RECTSTART 30,15",
        "TAKEBACK 0,0",
        "TAKEBACK 20,20",
        "PLAY 7,7",
        "YXNBEST 0",
        "YXNBEST x",
        "DONE",
        "FOO",
        "SWAP2BOARD",
        "1,1",
        "DONE",
    ] {
        let out = d.send(bad);
        let errors = out
            .iter()
            .filter(|l| l.starts_with("ERROR ") || l.starts_with("UNKNOWN "))
            .count();
        assert!(errors <= 1 && out.len() <= 1, "{bad}: {out:?}");
        if bad != "SWAP2BOARD" && bad != "1,1" {
            assert_eq!(errors, 1, "{bad}: {out:?}");
        }
        assert_eq!(snapshot(&d), before, "{bad} changed the state");
    }
}

#[test]
fn info_keys_reach_the_engine_and_session() {
    let mut d = Driver::new();
    let lines = [
        "INFO timeout_turn 1234",
        "INFO timeout_match 50000",
        "INFO time_left -500",
        "INFO max_memory 83886080",
        "INFO game_type 2",
        "INFO folder C:\\Some Dir\\x y",
        "INFO evaluate 3,3",
        "INFO thread_num 3",
        "INFO max_depth 9",
        "INFO max_node 100000",
        "INFO time_increment 250",
        "INFO hash_size 16384",
        "INFO caution_factor 4",
        "INFO pondering 1",
        "INFO show_detail 3",
        "INFO RULE 4",
        "INFO unknown_key 1",
        "INFO timeout_turn nonsense",
    ];
    for l in lines {
        assert!(d.send(l).is_empty(), "{l}");
    }
    let o = d.session.engine().unwrap().options().clone();
    assert_eq!(o.timeout_turn_ms, 1234);
    assert_eq!(o.timeout_match_ms, 50000);
    assert_eq!(o.time_left_ms, Some(-500));
    assert_eq!(o.max_memory, 83886080);
    assert_eq!(o.threads, 3);
    assert_eq!(o.max_depth, Some(9));
    assert_eq!(o.max_nodes, Some(100000));
    assert_eq!(o.time_increment_ms, 250);
    assert_eq!(o.hash_size_kib, Some(16384));
    assert_eq!(o.caution_factor, 4);
    assert_eq!(o.rule, Rule::Renju);
    let s = d.session.settings();
    assert_eq!(s.game_type, 2);
    assert_eq!(s.folder.as_deref(), Some("C:\\Some Dir\\x y"));
    assert!(s.pondering);
    assert_eq!(s.show_detail, 3);
    // Unlimited sentinels.
    d.send("INFO time_left 2147483647");
    d.send("INFO max_node -1");
    d.send("INFO rule 2");
    let o = d.session.engine().unwrap().options().clone();
    assert_eq!(o.time_left_ms, None);
    assert_eq!(o.max_nodes, None);
    assert_eq!(o.rule, Rule::Renju);
    // Settings survive START.
    assert_eq!(d.send("START 20"), ["OK"]);
    let o = d.session.engine().unwrap().options().clone();
    assert_eq!((o.timeout_turn_ms, o.rule), (1234, Rule::Renju));
    assert_eq!(d.board().rule(), Rule::Renju);
}

#[test]
fn info_and_about_while_thinking_stop_answers_now() {
    let mut d = started(10_000);
    d.send("INFO timeout_match 0");
    d.send_all(&["YXBOARD", "7,7,1", "8,8,2", "8,7,1", "DONE"]);
    d.feed("TURN 6,7");
    assert!(d.session.is_busy());
    d.feed("INFO timeout_turn 77");
    d.feed("ABOUT");
    let out = d.take();
    assert_eq!(out.len(), 1);
    assert!(out[0].starts_with("name=\"Tengen\""));
    d.feed("YXSTOP");
    d.settle();
    let out = d.take();
    one_move(&out);
    // The INFO that arrived during the search applies from now on.
    assert_eq!(d.session.engine().unwrap().options().timeout_turn_ms, 77);
}

#[test]
fn a_position_change_during_search_discards_its_move() {
    let mut d = started(10_000);
    d.send("INFO timeout_match 0");
    d.feed("BEGIN");
    assert!(d.session.is_busy());
    // The manager changes its mind: a new game and a TURN. Only the TURN is answered.
    d.feed("START 15");
    d.feed("TURN 0,0");
    d.feed("YXSTOP");
    d.settle();
    let out = d.take();
    assert_eq!(out[0], "OK", "{out:?}");
    assert_eq!(out.len(), 2, "{out:?}");
    let m = one_move(&out);
    let b = d.board();
    assert_eq!(b.count(), 2);
    assert_eq!(b.cell(Pos::new(0, 0)), Cell::Black);
    assert_eq!(b.cell(m), Cell::White);
}

#[test]
fn end_and_eof_exit_without_a_move() {
    let mut d = started(10_000);
    d.feed("BEGIN");
    assert!(d.session.is_busy());
    assert_eq!(d.feed("END"), Flow::Exit);
    assert!(d.take().is_empty());
    let mut d = started(10_000);
    d.send_all(&["BOARD", "7,7,1"]);
    // END inside a BOARD block exits too.
    assert_eq!(d.feed("end"), Flow::Exit);
    assert!(d.take().is_empty());
}

#[test]
fn gui_mode_reports_and_hides_unknown() {
    let mut d = Driver::new();
    d.send("INFO show_detail 3");
    let out = d.send("YXSHOWINFO");
    assert_eq!(out.len(), 3);
    assert!(out[1].starts_with("MESSAGE INFO MAX_THREAD_NUM "));
    assert!(out[2].starts_with("MESSAGE INFO MAX_HASH_SIZE "));
    assert!(d.send("YXFOO").is_empty());
    assert_eq!(d.send("START 15"), ["OK"]);
    d.send("INFO timeout_turn 200");
    let out = d.send_all(&["BOARD", "7,7,2", "8,8,1", "8,7,2", "DONE"]);
    assert!(out.iter().any(|l| l.starts_with("INFO DEPTH ")), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("INFO EVAL ")), "{out:?}");
    assert!(
        out.iter().any(|l| l.starts_with("MESSAGE REALTIME BEST ")),
        "{out:?}"
    );
    assert!(as_move(out.last().unwrap()).is_some(), "{out:?}");
    // Outside GUI mode the same search prints only the move.
    let mut d = started(200);
    d.send("INFO show_detail 3");
    let out = d.send_all(&["BOARD", "7,7,2", "8,8,1", "8,7,2", "DONE"]);
    assert_eq!(out.len(), 1, "{out:?}");
}

#[test]
fn forbidden_points_are_listed_for_renju() {
    let mut d = started(50);
    d.send("INFO rule 4");
    d.send_all(&[
        "YXBOARD", "7,7,1", "7,8,2", "8,6,1", "8,8,2", "7,9,1", "8,5,2", "8,10,1", "8,11,2", "DONE",
    ]);
    let out = d.send("YXSHOWFORBID");
    assert_eq!(out.len(), 1);
    assert!(
        out[0].starts_with("FORBID ") && out[0].ends_with('.'),
        "{out:?}"
    );
    assert!(out[0].contains("0608"), "{out:?}");
    let body = &out[0]["FORBID ".len()..out[0].len() - 1];
    assert_eq!(body.len() % 4, 0);
}

#[test]
fn play_and_swap2() {
    let mut d = started(50);
    assert_eq!(d.send("PLAY 7,7"), ["7,7"]);
    assert_eq!(d.board().cell(Pos::new(7, 7)), Cell::Black);
    let out = d.send_all(&["SWAP2BOARD", "DONE"]);
    assert_eq!(out.len(), 1);
    assert_eq!(
        out[0].split(' ').filter(|m| as_move(m).is_some()).count(),
        3
    );
    let out = d.send_all(&["SWAP2BOARD", "7,7", "8,7", "9,9", "DONE"]);
    assert!(out == ["SWAP"] || as_move(&out[0]).is_some(), "{out:?}");
    // The swap2 answer is not played.
    assert_eq!(d.board().count(), 3);
}

/// Total nodes reported by the detail output of one search.
fn nodes_of(out: &[String]) -> u64 {
    out.iter()
        .filter_map(|l| l.strip_prefix("INFO TOTALNODES "))
        .filter_map(|n| n.parse::<u64>().ok())
        .max()
        .expect("detail output")
}

#[test]
fn hash_survives_start_resync_and_yxhashclear_clears_it() {
    let mut d = Driver::new();
    d.send("INFO show_detail 2");
    d.send("YXSHOWINFO");
    d.send("START 15");
    for l in [
        "INFO timeout_turn 60000",
        "INFO timeout_match 0",
        "INFO max_depth 7",
    ] {
        d.send(l);
    }
    let position = [
        "BOARD", "7,7,2", "8,8,1", "8,7,2", "6,7,1", "9,6,2", "10,5,1", "7,9,2", "DONE",
    ];
    let first = d.send_all(&position);
    let cold = nodes_of(&first);
    // The searched position (the board before the engine's reply) is in the table.
    let mut root = d.board();
    assert_eq!(root.count(), 8, "the reply is on the board");
    root.undo_move();
    let holds = |d: &Driver| d.session.engine().expect("engine").hash_holds(&root);
    assert!(holds(&d));
    // Yixin-Board's resync: START + BOARD of the same position. The table still holds
    // the previous search.
    assert_eq!(d.send("START 15"), ["OK"]);
    assert!(holds(&d), "START kept the table");
    one_move(&d.send_all(&position));
    // YXHASHCLEAR empties it: the entry is gone, and the search is as expensive as
    // the first one.
    d.send("YXHASHCLEAR");
    assert!(!holds(&d), "YXHASHCLEAR emptied the table");
    assert_eq!(d.send("START 15"), ["OK"]);
    let cleared = nodes_of(&d.send_all(&position));
    assert_eq!(cleared, cold);
}

#[test]
fn start_is_answered_while_the_engine_is_built() {
    let mut d = Driver::new_lazy();
    assert!(d.session.is_busy(), "engine being built");
    d.feed("ABOUT");
    d.feed("INFO rule 4");
    d.feed("START 20");
    d.feed("START 4");
    // ABOUT and the valid START are answered before the engine exists; the bad START
    // waits for the engine and then gets its single ERROR, changing nothing.
    let early = d.take();
    assert_eq!(early.len(), 2, "{early:?}");
    assert!(early[0].starts_with("name="));
    assert_eq!(early[1], "OK");
    d.settle();
    let out = d.take();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("ERROR "));
    let b = d.board();
    assert_eq!((b.width(), b.height(), b.rule()), (20, 20, Rule::Renju));
    assert!(d.send("INFO timeout_turn 50").is_empty());
    one_move(&d.send("BEGIN"));
}

/// M17: every reply is legal: 1000 random positions, every rule, sizes 5 to 22 (15 and
/// 20 most often), some with blocked cells, fed through BOARD.
#[test]
fn random_positions_get_legal_replies() {
    let mut seed: u64 = 0x5EED_0F7E_46E5;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut d = Driver::new();
    d.send("INFO timeout_turn 0");
    let rules = [0, 1, 4, 8, 9];
    let mut checked = 0;
    for i in 0..1000 {
        let size = match i % 4 {
            0 => 15,
            1 => 20,
            _ => 5 + next(18) as usize,
        };
        let rule = rules[i % rules.len()];
        d.send(&format!("INFO rule {rule}"));
        assert_eq!(d.send(&format!("START {size}")), ["OK"]);
        // Fill a random share of the board, alternating colours (one more opponent
        // stone half of the time), plus a few blocked cells.
        let cells = size * size;
        let stones = next(cells as u64) as usize;
        let mut taken = vec![false; cells];
        let mut lines = vec!["BOARD".to_string()];
        let own_first = next(2) == 0;
        let mut placed = 0;
        while placed < stones {
            let c = next(cells as u64) as usize;
            if taken[c] {
                continue;
            }
            taken[c] = true;
            let own = (placed % 2 == 0) == own_first;
            let f = if next(40) == 0 {
                3
            } else if own {
                1
            } else {
                2
            };
            lines.push(format!("{},{},{f}", c % size, c / size));
            placed += 1;
        }
        lines.push("DONE".to_string());
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let out = d.send_all(&refs);
        let after = d.board();
        let moves: Vec<_> = out.iter().filter_map(|l| as_move(l)).collect();
        if after.is_full() && moves.is_empty() {
            continue;
        }
        assert_eq!(moves.len(), 1, "{out:?}");
        let p = Pos::new(moves[0].0, moves[0].1);
        assert!(moves[0].0 < size && moves[0].1 < size, "{out:?}");
        // Our stone is now on p; it must have been an empty, unblocked cell.
        let me = after.cell(p).color().expect("our stone");
        assert_eq!(after.last_move(), Some(p));
        let mut prior = after.clone();
        prior.undo_move();
        assert!(prior.is_empty(p));
        if me == Color::Black && prior.rule() == Rule::Renju {
            let only_fouls = prior
                .cells()
                .filter(|&q| prior.is_empty(q))
                .all(|q| prior.clone().is_forbidden(q));
            assert!(only_fouls || !prior.is_forbidden(p), "renju foul {p:?}");
        }
        checked += 1;
    }
    assert!(checked > 900, "{checked}");
}
