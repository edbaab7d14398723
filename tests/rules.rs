//! Rule knowledge at board level, written as diagrams: the protocol's rule positions
//! (protocol.md §14.4, P1–P4), the additional rule tests listed there, a renju
//! forbidden-point suite, board errors and diagram round trips.

use tengen::board::{Board, BoardError, Cell, GameResult, Pattern};
use tengen::types::{Color, Pos, Rule};

const H: usize = 0; // horizontal
const V: usize = 1; // vertical

fn p(x: usize, y: usize) -> Pos {
    Pos::new(x, y)
}

/// A protocol `BOARD` block (1 = the side to move, 2 = the opponent) turned into a
/// position: equal counts make the side to move black, one fewer makes it white.
fn from_board_lines(size: usize, rule: Rule, lines: &[(usize, usize, u8)]) -> Board {
    let own = lines.iter().filter(|l| l.2 == 1).count();
    let opp = lines.iter().filter(|l| l.2 == 2).count();
    let me = if own == opp {
        Color::Black
    } else {
        assert_eq!(opp, own + 1, "inconsistent BOARD counts");
        Color::White
    };
    let mut b = Board::new(size, size, rule).unwrap();
    for &(x, y, f) in lines {
        let c = if f == 1 { me } else { me.opp() };
        b.put_stone(p(x, y), c).unwrap();
    }
    b.set_side(me);
    b
}

/// A 15×15 diagram given as `(row, cells)` pairs (rows not given are empty; short rows
/// are padded with `.`). Besides `.XO#`, `F` marks an empty cell that must be a renju
/// forbidden point for black and `L` an empty cell that must not be one.
struct Marked {
    board: Board,
    forbidden: Vec<Pos>,
    legal: Vec<Pos>,
}

fn marked(rule: Rule, rows: &[(usize, &str)]) -> Marked {
    let mut grid = vec![vec!['.'; 15]; 15];
    let (mut forbidden, mut legal) = (Vec::new(), Vec::new());
    for &(y, row) in rows {
        for (x, ch) in row.chars().enumerate() {
            grid[y][x] = match ch {
                'F' => {
                    forbidden.push(p(x, y));
                    '.'
                }
                'L' => {
                    legal.push(p(x, y));
                    '.'
                }
                '.' | 'X' | 'O' | '#' => ch,
                _ => panic!("bad cell {ch:?}"),
            };
        }
    }
    // Write it the way to_diagram does, labels included, and read it back.
    let mut text = String::from("   ");
    for x in 0..15 {
        text.push(' ');
        text.push((b'a' + x as u8) as char);
    }
    text.push('\n');
    for (y, row) in grid.iter().enumerate() {
        text.push_str(&format!("{:>3}", y + 1));
        for ch in row {
            text.push(' ');
            text.push(*ch);
        }
        text.push('\n');
    }
    let board = Board::parse_diagram(&text, rule).unwrap_or_else(|e| panic!("{e}\n{text}"));
    Marked {
        board,
        forbidden,
        legal,
    }
}

fn check_renju(name: &str, rows: &[(usize, &str)]) {
    let Marked {
        mut board,
        forbidden,
        legal,
    } = marked(Rule::Renju, rows);
    assert!(
        !forbidden.is_empty() || !legal.is_empty(),
        "{name}: nothing asked"
    );
    let (hash, diagram) = (board.hash(), board.to_diagram());
    let all = board.forbidden_points();
    for &q in &forbidden {
        assert!(
            board.is_forbidden(q),
            "{name}: {q} must be forbidden\n{diagram}"
        );
        assert!(
            all.contains(&q),
            "{name}: forbidden_points misses {q}: {all:?}"
        );
        assert!(!board.is_winning_move(q, Color::Black), "{name}: {q}");
    }
    for &q in &legal {
        assert!(
            !board.is_forbidden(q),
            "{name}: {q} must be legal\n{diagram}"
        );
        assert!(!all.contains(&q), "{name}: forbidden_points lists {q}");
    }
    // forbidden_points is exactly the cells is_forbidden accepts.
    let cells: Vec<Pos> = board.cells().collect();
    let by_cell: Vec<Pos> = cells
        .into_iter()
        .filter(|&q| board.is_forbidden(q))
        .collect();
    assert_eq!(all, by_cell, "{name}: forbidden_points vs is_forbidden");
    // Asking changes nothing.
    assert_eq!(
        (board.hash(), board.to_diagram()),
        (hash, diagram),
        "{name}"
    );
    board.verify_incremental().unwrap();
}

// ---------------------------------------------------------------------------------
// Protocol rule positions (§14.4). BOARD lines there use 1 = side to move.

#[test]
fn p1_open_four_is_completed_under_every_rule() {
    let lines = [
        (7, 7, 1),
        (7, 8, 2),
        (8, 7, 1),
        (8, 8, 2),
        (9, 7, 1),
        (9, 8, 2),
        (10, 7, 1),
        (10, 8, 2),
    ];
    for size in [15, 20] {
        for rule in Rule::ALL {
            let b = from_board_lines(size, rule, &lines);
            // Four stones each: the side to move is black, and black has the open four.
            assert_eq!(b.side_to_move(), Color::Black);
            assert_eq!(b.cell(p(7, 7)), Cell::Black);
            for w in [p(6, 7), p(11, 7)] {
                assert!(b.is_winning_move(w, Color::Black), "{rule} {size} {w}");
                let mut after = b.clone();
                after.play(w).unwrap();
                assert_eq!(after.result(), GameResult::Win(Color::Black), "{rule}");
            }
            assert!(!b.is_winning_move(p(12, 7), Color::Black));
            assert_eq!(b.pattern(p(6, 7), Color::Black, H), Pattern::F5);
        }
    }
}

#[test]
fn p2_standard_six_is_no_win_and_the_open_three_must_be_seen() {
    let lines = [
        (7, 7, 2),
        (7, 8, 1),
        (8, 7, 2),
        (7, 9, 1),
        (6, 7, 2),
        (7, 10, 1),
        (9, 12, 2),
        (7, 11, 1),
        (6, 13, 2),
        (7, 13, 1),
        (8, 14, 2),
    ];
    let b = from_board_lines(15, Rule::Standard, &lines);
    // Five own stones against six: the side to move is white.
    assert_eq!(b.side_to_move(), Color::White);
    assert_eq!(b.cell(p(7, 8)), Cell::White);
    assert_eq!(b.cell(p(7, 7)), Cell::Black);
    // 7,12 joins 8..11 and 13 into six: an overline, not a win, in standard.
    assert!(!b.is_winning_move(p(7, 12), Color::White));
    assert_eq!(b.pattern(p(7, 12), Color::White, V), Pattern::OL);
    let mut six = b.clone();
    six.play(p(7, 12)).unwrap();
    assert_eq!(six.result(), GameResult::Ongoing);
    // White has no winning move at all.
    assert!(b
        .cells_with_threat(Color::White, tengen::board::Threat::Five)
        .is_empty());
    // Black's open three 6..8,7: 5,7 and 9,7 make a straight four.
    for q in [p(5, 7), p(9, 7)] {
        assert_eq!(b.pattern(q, Color::Black, H), Pattern::F4, "{q}");
        assert!(b.threat(q, Color::Black) >= tengen::board::Threat::Flex4);
    }
    // Under freestyle the same 7,12 wins.
    assert!(b
        .with_rule(Rule::Freestyle)
        .is_winning_move(p(7, 12), Color::White));
}

#[test]
fn p3_renju_black_double_three_is_forbidden() {
    let lines = [
        (7, 7, 1),
        (7, 8, 2),
        (8, 6, 1),
        (8, 8, 2),
        (7, 9, 1),
        (8, 5, 2),
        (8, 10, 1),
        (8, 11, 2),
    ];
    let mut b = from_board_lines(15, Rule::Renju, &lines);
    assert_eq!(b.side_to_move(), Color::Black);
    assert_eq!(b.cell(p(8, 6)), Cell::Black);
    assert!(b.is_forbidden(p(6, 8)));
    assert!(b.forbidden_points().contains(&p(6, 8)));
    // The same shape is an ordinary move under the other rules.
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::CaroExact] {
        let mut o = b.with_rule(rule);
        assert!(!o.is_forbidden(p(6, 8)), "{rule}");
        assert!(o.forbidden_points().is_empty(), "{rule}");
    }
}

#[test]
fn p4_caro_five_blocked_at_both_ends_does_not_win() {
    let lines = [
        (7, 7, 1),
        (5, 7, 2),
        (6, 7, 1),
        (5, 8, 2),
        (8, 7, 1),
        (5, 6, 2),
        (9, 7, 1),
        (11, 7, 2),
    ];
    let b = from_board_lines(15, Rule::Caro, &lines);
    assert_eq!(b.side_to_move(), Color::Black);
    assert!(!b.is_winning_move(p(10, 7), Color::Black));
    let mut after = b.clone();
    after.play(p(10, 7)).unwrap();
    assert_eq!(after.result(), GameResult::Ongoing);
    assert!(!b
        .with_rule(Rule::CaroExact)
        .is_winning_move(p(10, 7), Color::Black));
    // Not blocked by the rule elsewhere: freestyle lets it win.
    assert!(b
        .with_rule(Rule::Freestyle)
        .is_winning_move(p(10, 7), Color::Black));
    // White's open three 5,6..5,8: 5,5 and 5,9 make a straight four.
    for q in [p(5, 5), p(5, 9)] {
        assert_eq!(b.pattern(q, Color::White, V), Pattern::F4, "{q}");
    }
    for q in [p(5, 4), p(5, 10)] {
        assert_eq!(b.pattern(q, Color::White, V), Pattern::B4, "{q}");
    }
}

// ---------------------------------------------------------------------------------
// Additional rule tests (§14.4).

/// One row (y = 7) of a 15×15 board; returns the board with `mover` to move.
fn row(rule: Rule, cells: &str) -> Board {
    let m = marked(rule, &[(7, cells)]);
    m.board
}

#[test]
fn renju_white_overline_wins_black_overline_is_a_foul() {
    let mut w = row(Rule::Renju, "..OOO.OO.......");
    assert!(w.is_winning_move(p(5, 7), Color::White));
    w.put_stone(p(5, 7), Color::White).unwrap();
    assert_eq!(w.result(), GameResult::Win(Color::White));

    let mut b = row(Rule::Renju, "..XXX.XX.......");
    assert!(!b.is_winning_move(p(5, 7), Color::Black));
    assert!(b.is_forbidden(p(5, 7)));
    b.put_stone(p(5, 7), Color::Black).unwrap();
    assert_eq!(b.winner(), None);
}

#[test]
fn renju_black_four_three_is_legal_and_five_with_double_four_wins() {
    let mut m = marked(
        Rule::Renju,
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "...OXXXL......."),
        ],
    );
    assert!(!m.board.is_forbidden(m.legal[0]));

    let mut m = marked(
        Rule::Renju,
        &[
            (4, "....X..X......."),
            (5, ".....X.X......."),
            (6, "......XX......."),
            (7, "...XXXXL......."),
        ],
    );
    let q = m.legal[0];
    assert_eq!(m.board.pattern(q, Color::Black, V), Pattern::F4);
    assert!(m.board.is_winning_move(q, Color::Black));
    assert!(!m.board.is_forbidden(q));
    m.board.put_stone(q, Color::Black).unwrap();
    assert_eq!(m.board.result(), GameResult::Win(Color::Black));
}

#[test]
fn standard_exact_five_for_both_colours() {
    for (c, stone) in [(Color::Black, 'X'), (Color::White, 'O')] {
        let five = row(
            Rule::Standard,
            &"..SSSS........".replace('S', &stone.to_string()),
        );
        assert!(five.is_winning_move(p(6, 7), c), "{c:?} five");
        assert!(five.is_winning_move(p(1, 7), c), "{c:?} five");
        let six = row(
            Rule::Standard,
            &"..SSS.SS.......".replace('S', &stone.to_string()),
        );
        assert!(!six.is_winning_move(p(5, 7), c), "{c:?} overline");
        assert!(six.with_rule(Rule::Freestyle).is_winning_move(p(5, 7), c));
        // A five with an own stone one beyond the gap is still exactly five.
        let gap = row(
            Rule::Standard,
            &"..SSSS.S.......".replace('S', &stone.to_string()),
        );
        assert!(gap.is_winning_move(p(1, 7), c));
        assert!(!gap.is_winning_move(p(6, 7), c));
    }
}

#[test]
fn caro_edge_does_not_block_and_opponent_stones_do() {
    for rule in [Rule::Caro, Rule::CaroExact] {
        // Against the left edge with a white stone at the other end: a win.
        let b = row(rule, "XXXX.O.........");
        assert!(b.is_winning_move(p(4, 7), Color::Black), "{rule}");
        // Along the top edge, vertically from the corner.
        let mut b = Board::new(15, 15, rule).unwrap();
        for y in 0..4 {
            b.put_stone(p(0, y), Color::White).unwrap();
        }
        b.put_stone(p(0, 5), Color::Black).unwrap();
        assert!(b.is_winning_move(p(0, 4), Color::White), "{rule}");
        // Opponent stones at both ends: no win.
        let b = row(rule, "...OXXXX.O.....");
        assert!(!b.is_winning_move(p(8, 7), Color::Black), "{rule}");
        // One end open: a win.
        let b = row(rule, "...OXXXX..O....");
        assert!(b.is_winning_move(p(8, 7), Color::Black), "{rule}");
    }
}

#[test]
fn caro_overline_wins_under_rule_8_not_under_rule_9() {
    let b = row(Rule::Caro, "..XXX.XX.......");
    assert!(b.is_winning_move(p(5, 7), Color::Black));
    let b = row(Rule::CaroExact, "..XXX.XX.......");
    assert!(!b.is_winning_move(p(5, 7), Color::Black));
    // A six blocked at both ends still wins under rule 8.
    let b = row(Rule::Caro, ".OXXX.XXO......");
    assert!(b.is_winning_move(p(5, 7), Color::Black));
    let b = row(Rule::CaroExact, ".OXXX.XXO......");
    assert!(!b.is_winning_move(p(5, 7), Color::Black));
}

#[test]
fn freestyle_overline_wins_for_both() {
    for (c, s) in [(Color::Black, "XXX.XX"), (Color::White, "OOO.OO")] {
        let b = row(Rule::Freestyle, s);
        assert!(b.is_winning_move(p(3, 7), c));
    }
}

// ---------------------------------------------------------------------------------
// Renju forbidden points. `F` = forbidden for black, `L` = legal. Reasoning by the RIF
// definitions: a four is one move from an exact five; a straight four has two such
// moves at the ends of four in a row; a three is a line one move from a straight four,
// where that move must itself not be forbidden.

#[test]
fn renju_double_three() {
    check_renju(
        "crossing threes",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, ".....XXF......."),
        ],
    );
    check_renju(
        "diagonal threes",
        &[
            (5, ".....X...X....."),
            (6, "......X.X......"),
            (7, ".......F......."),
        ],
    );
    check_renju(
        "two split threes",
        &[
            (4, ".......X......."),
            (6, ".......X......."),
            (7, "....XX.F......."),
        ],
    );
    check_renju(
        "split three with the stone inside",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "......XF.X....."),
        ],
    );
    check_renju(
        "triple three",
        &[
            (5, ".....X.X......."),
            (6, "......XX......."),
            (7, ".....XXF......."),
        ],
    );
    check_renju(
        "white one gap away leaves a three",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "...O.XXF......."),
        ],
    );
    check_renju(
        "white two beyond still a three",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, ".....XXF..O...."),
        ],
    );
    check_renju(
        "three with one completion point",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, ".....XXF.O....."),
        ],
    );
    check_renju(
        "four-three-three is a double three",
        &[
            (5, ".....X.X......."),
            (6, "......XX......."),
            (7, "...OXXXF......."),
        ],
    );
}

#[test]
fn renju_false_threes() {
    check_renju(
        "one three blocked by white",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "....OXXL......."),
        ],
    );
    check_renju(
        "split three blocked by white",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "...OX.XL......."),
        ],
    );
    check_renju(
        "white two away on both sides",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "...O.XXL.O....."),
        ],
    );
    check_renju(
        "three blocked by a blocked cell",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "....#XXL......."),
        ],
    );
    check_renju(
        "straight four would need an overline point",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "...X..XLX..X..."),
        ],
    );
    check_renju(
        "only route to four is a double four in the line",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, ".....X.L.X.X..."),
        ],
    );
}

#[test]
fn renju_threes_at_the_edge() {
    check_renju(
        "three against the edge is no three",
        &[(5, "..X"), (6, "..X"), (7, "XXL")],
    );
    check_renju(
        "three one cell from the edge is a three",
        &[(5, "...X"), (6, "...X"), (7, ".XXF")],
    );
    check_renju(
        "edge row three and a column three cut by the edge",
        &[(0, "..XXL"), (1, "....X"), (2, "....X")],
    );
    check_renju(
        "one row in: both threes real",
        &[(1, "..XXF"), (2, "....X"), (3, "....X")],
    );
    check_renju(
        "corner diagonal and row",
        &[(1, ".FXX"), (2, "..X"), (3, "...X")],
    );
    check_renju(
        "bottom-right corner",
        &[
            (11, ".............X."),
            (12, ".............X."),
            (13, "...........XXF."),
        ],
    );
}

#[test]
fn renju_double_four() {
    check_renju("X_XXX_X in one line", &[(7, "...X.XFX.X.....")]);
    check_renju("XX_XX_XX in one line", &[(7, "..XX.XF.XX.....")]);
    check_renju(
        "closed four and straight four across lines",
        &[
            (4, ".......X......."),
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "...OXXXF......."),
        ],
    );
    check_renju(
        "two split fours across lines",
        &[
            (7, "...XX.XF......."),
            (8, ".......X......."),
            (9, ".......X......."),
            (11, ".......X......."),
        ],
    );
    check_renju(
        "corner double four",
        &[(0, "FXXX"), (1, "X"), (2, "X"), (3, "X")],
    );
    check_renju(
        "a four whose five would be an overline is no four",
        &[
            (4, ".......X......."),
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "..XX.XXL......."),
        ],
    );
    check_renju(
        "closed four and split three: four-three is legal",
        &[
            (4, ".......X......."),
            (6, ".......X......."),
            (7, "...X.XXL......."),
        ],
    );
}

#[test]
fn renju_overline_and_five() {
    check_renju("overline", &[(7, "..XXXFXX.......")]);
    check_renju("overline at the edge", &[(7, "XXXFXX")]);
    check_renju("four plus one", &[(7, "..XXXXFX.......")]);
    check_renju("five at the edge", &[(7, "XXXXL.")]);
    check_renju(
        "five that is also a double four",
        &[
            (4, "....X..X......."),
            (5, ".....X.X......."),
            (6, "......XX......."),
            (7, "...XXXXL......."),
        ],
    );
    check_renju(
        "five that is also a double three",
        &[
            (5, ".....X.X......."),
            (6, "......XX......."),
            (7, "...XXXXL......."),
        ],
    );
}

#[test]
fn renju_recursive_threes() {
    // Row three 5,6,(7) with white on 9,7: its only straight-four point is 4,7, an
    // overline point (column 4 holds 4..6 and 8..9). The row three is false.
    check_renju(
        "completion point is an overline",
        &[
            (4, "....X.........."),
            (5, "....X..X......."),
            (6, "....X..X......."),
            (7, "....FXXL.O....."),
            (8, "....X.........."),
            (9, "....X.........."),
        ],
    );
    // Control: without white on 9,7 the point 8,7 also completes it, and is legal.
    check_renju(
        "second completion point is legal",
        &[
            (4, "....X.........."),
            (5, "....X..X......."),
            (6, "....X..X......."),
            (7, "....FXXF......."),
            (8, "....X.........."),
            (9, "....X.........."),
        ],
    );
    // 4,7 alone is a four-three (legal), but once 7,7 is down it makes two fours.
    check_renju(
        "completion point becomes a double four",
        &[
            (4, "....X.........."),
            (5, "....X..X......."),
            (6, "....X..X......."),
            (7, "....LXXL.O....."),
        ],
    );
    // Both completion points of the row three become double fours (columns 4 and 8).
    check_renju(
        "both completion points forbidden",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "....LXXL.L....."),
            (8, "....X...X......"),
            (9, "....X...X......"),
            (10, "....X...X......"),
        ],
    );
    check_renju(
        "one completion point still legal",
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, "....LXXF......."),
            (8, "....X...X......"),
            (9, "....X...X......"),
            (10, "....X.........."),
        ],
    );
}

#[test]
fn renju_recursion_two_levels_deep() {
    // 7,7 makes a column three (real) and a row three whose only straight-four point
    // is A = 4,7. With 7,7 down, A makes a straight four in the row, a column three
    // (4,8 4,9; completions 4,6 and 4,10) and a diagonal three (5,8 6,9; white 8,11
    // leaves B = 3,6 as its only completion). A is a double three, hence forbidden,
    // exactly when B is a legal move.
    //
    // B legal: A forbidden, the row three of 7,7 is false, 7,7 is legal.
    check_renju(
        "level 2: B legal",
        &[
            (5, ".......X......."),
            (6, "...L...X......."),
            (7, ".....XXL.O....."),
            (8, "....XX........."),
            (9, "....X.X........"),
            (11, "........O......"),
        ],
    );
    // B forbidden (row 6 four to the edge + column 3 four): A's diagonal three is false,
    // A is a legal four-three, the row three of 7,7 is real: 7,7 is a double three.
    check_renju(
        "level 2: B forbidden",
        &[
            (3, "...X..........."),
            (4, "...X..........."),
            (5, "...X...X......."),
            (6, "XXXF...X......."),
            (7, ".....XXF.O....."),
            (8, "....XX........."),
            (9, "....X.X........"),
            (11, "........O......"),
        ],
    );
}

#[test]
fn renju_three_is_judged_through_its_own_stones() {
    // Row 7: black 3..5 (its own open three), then 9,7 with 10,11. The row three of 9,7
    // completes to a straight four only on 8,7 and 12,7, and both are double fours once
    // 9,7 is down (columns 8 and 12). 6,7 turns 3..5 into a straight four, but that four
    // does not contain 9,7, so it does not make the three of 9,7 real. Column 9,5 9,6 is
    // the only real three: 9,7 is legal.
    check_renju(
        "foreign straight four in the same line",
        &[
            (5, ".........X....."),
            (6, ".........X....."),
            (7, "...XXX...LXX..."),
            (8, "........X...X.."),
            (9, "........X...X.."),
            (10, "........X...X.."),
        ],
    );
}

#[test]
fn renju_colour_and_rule_scope() {
    // White's double three is not forbidden (only black has forbidden moves).
    let mut m = marked(
        Rule::Renju,
        &[
            (5, ".......O......."),
            (6, ".......O......."),
            (7, ".....OOL......."),
        ],
    );
    assert!(!m.board.is_forbidden(m.legal[0]));
    assert!(m.board.forbidden_points().is_empty());
    // Black's forbidden points are reported whoever is to move.
    let mut m = marked(
        Rule::Renju,
        &[
            (5, ".......X......."),
            (6, ".......X......."),
            (7, ".....XXF......."),
        ],
    );
    assert_eq!(m.board.side_to_move(), Color::White);
    assert_eq!(m.board.forbidden_points(), m.forbidden);
    m.board.set_side(Color::Black);
    assert_eq!(m.board.forbidden_points(), m.forbidden);
    // Other rules have none.
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::CaroExact] {
        let mut o = m.board.with_rule(rule);
        assert!(!o.is_forbidden(m.forbidden[0]), "{rule}");
        assert!(o.forbidden_points().is_empty(), "{rule}");
    }
    // An occupied cell is never reported forbidden.
    let q = p(7, 5);
    assert!(!m.board.is_forbidden(q));
}

// ---------------------------------------------------------------------------------
// Errors: typed, naming the cell, and the board unchanged.

fn snapshot(b: &Board) -> (u64, String, Color, usize) {
    (b.hash(), b.to_diagram(), b.side_to_move(), b.ply())
}

#[test]
fn bad_sizes() {
    for (w, h) in [(4, 15), (15, 4), (23, 15), (15, 23), (0, 0), (4, 4)] {
        assert_eq!(
            Board::new(w, h, Rule::Freestyle).err(),
            Some(BoardError::BadSize {
                width: w as i64,
                height: h as i64
            })
        );
    }
    for (w, h) in [(5, 5), (22, 22), (5, 22), (22, 5)] {
        assert!(Board::new(w, h, Rule::Renju).is_ok());
    }
}

#[test]
fn bad_moves_change_nothing() {
    let mut b = Board::new(15, 15, Rule::Renju).unwrap();
    b.play(p(7, 7)).unwrap();
    b.play(p(8, 8)).unwrap();
    b.set_blocked(p(3, 3)).unwrap();
    let before = snapshot(&b);

    assert_eq!(b.play(p(7, 7)), Err(BoardError::Occupied(p(7, 7))));
    assert_eq!(snapshot(&b), before);
    assert_eq!(b.play(p(8, 8)), Err(BoardError::Occupied(p(8, 8))));
    assert_eq!(b.play(p(3, 3)), Err(BoardError::Blocked(p(3, 3))));
    assert_eq!(b.play(p(15, 3)), Err(BoardError::OffBoard { x: 15, y: 3 }));
    assert_eq!(b.play(p(2, 21)), Err(BoardError::OffBoard { x: 2, y: 21 }));
    assert_eq!(snapshot(&b), before);
    assert_eq!(
        b.put_stone(p(7, 7), Color::White),
        Err(BoardError::Occupied(p(7, 7)))
    );
    assert_eq!(
        b.put_stone(p(3, 3), Color::Black),
        Err(BoardError::Blocked(p(3, 3)))
    );
    assert_eq!(b.set_blocked(p(8, 8)), Err(BoardError::Occupied(p(8, 8))));
    assert_eq!(b.set_blocked(p(3, 3)), Err(BoardError::Blocked(p(3, 3))));
    assert_eq!(
        b.set_blocked(p(16, 16)),
        Err(BoardError::OffBoard { x: 16, y: 16 })
    );
    assert_eq!(snapshot(&b), before);
    b.verify_incremental().unwrap();
    // Board-size aware coordinates.
    assert_eq!(b.pos(14, 14), Some(p(14, 14)));
    assert_eq!(b.pos(15, 0), None);
    assert_eq!(b.pos(-1, 0), None);
    // Undo on an empty history.
    let mut e = Board::new(5, 5, Rule::Freestyle).unwrap();
    let before = snapshot(&e);
    assert_eq!(e.undo(), Err(BoardError::NoMoves));
    assert_eq!(snapshot(&e), before);
    // Error messages name the cell.
    assert!(BoardError::Occupied(p(7, 7)).to_string().contains("7,7"));
    assert!(BoardError::OffBoard { x: 15, y: 3 }
        .to_string()
        .contains("15,3"));
}

#[test]
fn bad_move_lists_are_refused() {
    assert_eq!(
        Board::from_moves(15, 15, Rule::Freestyle, &[p(7, 7), p(7, 7)]).err(),
        Some(BoardError::Occupied(p(7, 7)))
    );
    assert_eq!(
        Board::from_moves(10, 10, Rule::Freestyle, &[p(7, 7), p(10, 1)]).err(),
        Some(BoardError::OffBoard { x: 10, y: 1 })
    );
}

#[test]
fn parse_errors() {
    // Ragged rows.
    let e = Board::parse_diagram(
        ". . . . .\n. . . .\n. . . . .\n. . . . .\n. . . . .",
        Rule::Freestyle,
    );
    assert!(matches!(e, Err(BoardError::Parse(_))), "{e:?}");
    // An unknown cell character makes its row short.
    let e = Board::parse_diagram(
        ". . . . .\n. . Z . .\n. . . . .\n. . . . .\n. . . . .",
        Rule::Freestyle,
    );
    assert!(matches!(e, Err(BoardError::Parse(_))), "{e:?}");
    // Too small / too large / empty.
    let e = Board::parse_diagram(". . . .\n. . . .\n. . . .\n. . . .", Rule::Freestyle);
    assert!(
        matches!(
            e,
            Err(BoardError::BadSize {
                width: 4,
                height: 4
            })
        ),
        "{e:?}"
    );
    let wide = vec![". ".repeat(23); 5].join("\n");
    let e = Board::parse_diagram(&wide, Rule::Freestyle);
    assert!(
        matches!(
            e,
            Err(BoardError::BadSize {
                width: 23,
                height: 5
            })
        ),
        "{e:?}"
    );
    let e = Board::parse_diagram("", Rule::Freestyle);
    assert!(matches!(e, Err(BoardError::BadSize { .. })), "{e:?}");
}

// ---------------------------------------------------------------------------------
// Diagrams.

#[test]
fn diagram_round_trip_all_sizes() {
    let mut seed = 0x5EED_u64;
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) as usize
    };
    let mut shapes: Vec<(usize, usize)> = (5..=22).map(|s| (s, s)).collect();
    shapes.extend([(5, 22), (22, 5), (15, 20), (20, 15), (7, 13)]);
    for (w, h) in shapes {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let mut b = Board::new(w, h, rule).unwrap();
            for _ in 0..(w * h / 3) {
                let q = p(next() % w, next() % h);
                if b.is_empty(q) {
                    if next() % 10 == 0 {
                        b.set_blocked(q).unwrap();
                    } else {
                        b.make_move(q);
                    }
                }
            }
            let text = b.to_diagram();
            let back = Board::parse_diagram(&text, rule)
                .unwrap_or_else(|e| panic!("{w}x{h}: {e}\n{text}"));
            assert_eq!(back.to_diagram(), text, "{w}x{h}");
            assert_eq!((back.width(), back.height()), (w, h));
            assert_eq!(back.count(), b.count());
            // Side to move from the counts; the key follows stones and side.
            assert_eq!(back.side_to_move(), b.side_to_move());
            assert_eq!(back.hash(), b.hash(), "{w}x{h}");
            back.verify_incremental().unwrap();
        }
    }
}

#[test]
fn diagram_format() {
    let mut b = Board::new(5, 5, Rule::Freestyle).unwrap();
    b.play(p(1, 1)).unwrap();
    b.play(p(2, 1)).unwrap();
    b.play(p(2, 2)).unwrap();
    b.set_blocked(p(3, 3)).unwrap();
    let want = "    a b c d e\n  1 . . . . .\n  2 . X O . .\n  3 . . X . .\n  4 . . . # .\n  5 . . . . .\n";
    assert_eq!(b.to_diagram(), want);
    // Labels are optional and lower-case stones are accepted.
    let c = Board::parse_diagram(".....\n.xo..\n..x..\n...#.\n.....", Rule::Freestyle).unwrap();
    assert_eq!(c.to_diagram(), want);
    assert_eq!(c.side_to_move(), Color::White);
}
