//! Incremental equals recomputed: random make/undo sequences on every size class and
//! rule, with blocked cells sometimes, checking the incremental state against a rebuild
//! from scratch (`verify_incremental`) and that undo restores the exact hash and
//! diagram.

use tengen::board::{Board, Cell, Threat};
use tengen::types::SplitMix64 as Rng;
use tengen::types::{Color, Pos, Rule};

const SIZES: [(usize, usize); 7] = [
    (5, 5),
    (7, 7),
    (15, 15),
    (20, 20),
    (22, 22),
    (13, 19),
    (22, 6),
];

/// A random empty cell: mostly next to an existing stone (so that lines fill up and
/// fours, fives and overlines appear), sometimes anywhere.
fn pick_move(b: &Board, rng: &mut Rng) -> Option<Pos> {
    let empties: Vec<Pos> = b.cells().filter(|&p| b.is_empty(p)).collect();
    if empties.is_empty() {
        return None;
    }
    if b.count() > 0 && rng.chance(80) {
        let near: Vec<Pos> = empties
            .iter()
            .copied()
            .filter(|&p| b.near_count(p) > 0)
            .collect();
        if !near.is_empty() {
            return Some(near[rng.index(near.len())]);
        }
    }
    Some(empties[rng.index(empties.len())])
}

fn check(b: &Board, what: &str) {
    if let Err(e) = b.verify_incremental() {
        panic!("{what}: {e}\n{}", b.to_diagram());
    }
}

fn run_sequence(rng: &mut Rng, seq: usize) {
    let (w, h) = SIZES[rng.index(SIZES.len())];
    let rule = Rule::ALL[rng.index(Rule::ALL.len())];
    let mut b = Board::new(w, h, rule).unwrap();
    let ctx = |b: &Board| format!("sequence {seq} {w}x{h} {rule} ply {}", b.ply());
    if rng.chance(25) {
        for _ in 0..1 + rng.index(4) {
            let p = Pos::new(rng.index(w), rng.index(h));
            if b.is_empty(p) {
                b.set_blocked(p).unwrap();
                assert_eq!(b.cell(p), Cell::Blocked);
            }
        }
        check(&b, &ctx(&b));
    }
    let start_hash = b.hash();
    let start_diagram = b.to_diagram();
    // Before each make, the state it must return to on undo.
    let mut saved: Vec<(u64, String, Color)> = Vec::new();
    let steps = 1 + rng.index(60);
    for step in 0..steps {
        let undo = !saved.is_empty() && rng.chance(30);
        if undo {
            let (hash, diagram, side) = saved.pop().unwrap();
            b.undo_move();
            assert_eq!(b.hash(), hash, "{}: hash after undo", ctx(&b));
            assert_eq!(b.to_diagram(), diagram, "{}: diagram after undo", ctx(&b));
            assert_eq!(b.side_to_move(), side, "{}", ctx(&b));
        } else {
            let Some(p) = pick_move(&b, rng) else { break };
            saved.push((b.hash(), b.to_diagram(), b.side_to_move()));
            let mover = b.side_to_move();
            b.make_move(p);
            assert_eq!(b.cell(p), Cell::stone(mover), "{}", ctx(&b));
            assert_eq!(b.side_to_move(), mover.opp());
        }
        check(&b, &ctx(&b));
        // The renju forbidden-point probe must leave everything as it found it.
        if rule == Rule::Renju && step % 7 == 0 {
            let (hash, diagram) = (b.hash(), b.to_diagram());
            let _ = b.forbidden_points();
            assert_eq!((b.hash(), b.to_diagram()), (hash, diagram), "{}", ctx(&b));
            check(&b, &format!("{} after forbidden_points", ctx(&b)));
        }
    }
    // The same stones replayed from scratch give the same key.
    let replay = b.with_rule(rule);
    assert_eq!(replay.hash(), b.hash(), "{}: replay hash", ctx(&b));
    assert_eq!(replay.to_diagram(), b.to_diagram());
    // Unwinding everything returns to the start.
    while !saved.is_empty() {
        saved.pop();
        b.undo_move();
    }
    assert_eq!(b.hash(), start_hash, "{}: unwound hash", ctx(&b));
    assert_eq!(
        b.to_diagram(),
        start_diagram,
        "{}: unwound diagram",
        ctx(&b)
    );
    assert_eq!(b.ply(), 0);
    check(&b, &ctx(&b));
}

#[test]
fn random_make_undo_sequences_match_rebuild() {
    // Two threads, 5,000 sequences each.
    let handles: Vec<_> = (0..2u64)
        .map(|t| {
            std::thread::spawn(move || {
                let mut rng = Rng::new(0xC0FF_EE00_0000_0000 + t);
                for seq in 0..5_000 {
                    run_sequence(&mut rng, seq);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

#[test]
fn every_rule_and_size_is_exercised_to_a_full_board() {
    // Fill small boards completely (every line code state, walls everywhere) and
    // take everything back.
    let mut rng = Rng::new(42);
    for rule in Rule::ALL {
        for (w, h) in [(5, 5), (6, 5), (5, 7)] {
            let mut b = Board::new(w, h, rule).unwrap();
            let empty = b.to_diagram();
            let h0 = b.hash();
            while let Some(p) = pick_move(&b, &mut rng) {
                b.make_move(p);
                check(&b, &format!("{rule} {w}x{h} fill"));
            }
            assert!(b.is_full());
            while b.ply() > 0 {
                b.undo_move();
            }
            check(&b, &format!("{rule} {w}x{h} unwind"));
            assert_eq!((b.hash(), b.to_diagram()), (h0, empty));
        }
    }
}

#[test]
fn transposed_move_orders_share_a_key() {
    let a = Board::from_moves(
        15,
        15,
        Rule::Freestyle,
        &[
            Pos::new(7, 7),
            Pos::new(8, 8),
            Pos::new(6, 6),
            Pos::new(9, 9),
        ],
    )
    .unwrap();
    let b = Board::from_moves(
        15,
        15,
        Rule::Freestyle,
        &[
            Pos::new(6, 6),
            Pos::new(9, 9),
            Pos::new(7, 7),
            Pos::new(8, 8),
        ],
    )
    .unwrap();
    assert_eq!(a.hash(), b.hash());
    let mut c = a.clone();
    c.set_side(Color::White);
    assert_ne!(c.hash(), a.hash(), "side to move is part of the key");
}

/// `four_completion` reads the forced block of a four from the line codes without
/// playing it (the VCF looks up transpositions with it); `hash_after_pair` is the key
/// after a move and its answer. Both must agree with actually playing the moves, on
/// every rule, for every empty cell of random positions.
#[test]
fn four_completion_and_pair_key_match_playing_the_moves() {
    let mut rng = Rng::new(0x0F0F_4444);
    let mut fours = 0;
    for seq in 0..1500 {
        let rule = Rule::ALL[seq % Rule::ALL.len()];
        let (w, h) = SIZES[rng.index(SIZES.len())];
        let mut b = Board::new(w, h, rule).unwrap();
        for _ in 0..rng.index(70) {
            let Some(p) = pick_move(&b, &mut rng) else {
                break;
            };
            b.make_move(p);
            if b.winner().is_some() {
                b.undo_move();
                break;
            }
        }
        let me = b.side_to_move();
        if b.threat_count(me, Threat::Five) > 0 {
            continue;
        }
        let empties: Vec<Pos> = b.cells().filter(|&p| b.is_empty(p)).collect();
        for p in empties {
            let predicted = b.four_completion(p, me);
            let key = predicted.map(|q| b.hash_after_pair(p, q));
            b.make_move(p);
            let fives = b.threat_count(me, Threat::Five);
            let actual = if fives == 1 {
                b.find_threat(me, Threat::Five)
            } else {
                None
            };
            assert_eq!(
                predicted,
                actual,
                "{rule} {w}x{h}: four at {p:?} ({fives} fives)\n{}",
                b.to_diagram()
            );
            if let Some(q) = actual {
                fours += 1;
                b.make_move(q);
                assert_eq!(Some(b.hash()), key, "{rule}: key after {p:?} {q:?}");
                b.undo_move();
            }
            b.undo_move();
        }
    }
    assert!(
        fours > 1000,
        "only {fours} fours met: the test lost its power"
    );
}
