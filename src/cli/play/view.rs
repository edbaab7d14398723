//! Drawing the board for a terminal: columns as letters, rows as numbers with row 1
//! at the bottom as in printed Gomoku diagrams (the cell `h8` is `x = 7, y = 7`, as
//! [`crate::types::Pos::to_human`] names it), the last move in brackets, the winning
//! five and renju forbidden points marked, ANSI colours when asked for.

use super::notation::column_name;
use crate::board::{Board, Cell};
use crate::types::Pos;
use std::fmt::Write;

/// What to mark on the drawn board.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// The last move (drawn in brackets).
    pub last: Option<Pos>,
    /// The stones of a winning line (drawn as `*` without colours).
    pub five: Vec<Pos>,
    /// Renju forbidden points (drawn as `!`).
    pub forbidden: Vec<Pos>,
    /// Where a hint points (drawn as `?`).
    pub hint: Option<Pos>,
}

const RESET: &str = "\x1b[0m";
const BLACK_STONE: &str = "\x1b[1;91m";
const WHITE_STONE: &str = "\x1b[1;96m";
const EMPTY: &str = "\x1b[90m";
const LAST: &str = "\x1b[1;93m";
const FIVE: &str = "\x1b[1;30;102m";
const FORBID: &str = "\x1b[1;31m";
const HINT: &str = "\x1b[1;95m";
const LABEL: &str = "\x1b[2m";

/// The board as text, one line per row, ending with a newline.
pub fn render(board: &Board, marks: &Marks, color: bool) -> String {
    let (w, h) = (board.width(), board.height());
    let paint = |s: &mut String, style: &str, text: &str| {
        if color {
            let _ = write!(s, "{style}{text}{RESET}");
        } else {
            s.push_str(text);
        }
    };
    let mut header = String::from("   ");
    for x in 0..w {
        header.push(' ');
        header.push(column_name(x));
    }
    let mut s = String::new();
    paint(&mut s, LABEL, &header);
    s.push('\n');
    for y in (0..h).rev() {
        paint(&mut s, LABEL, &format!("{:>3}", y + 1));
        for x in 0..w {
            let p = Pos::new(x, y);
            let is_last = marks.last == Some(p);
            let after_last = x > 0 && marks.last == Some(Pos::new(x - 1, y));
            if is_last {
                paint(&mut s, LAST, "[");
            } else if after_last {
                paint(&mut s, LAST, "]");
            } else {
                s.push(' ');
            }
            let cell = board.cell(p);
            let (ch, style) = if marks.five.contains(&p) {
                (if color { stone_char(cell) } else { '*' }, FIVE)
            } else if cell == Cell::Empty && marks.hint == Some(p) {
                ('?', HINT)
            } else if cell == Cell::Empty && marks.forbidden.contains(&p) {
                ('!', FORBID)
            } else {
                let style = match cell {
                    Cell::Black => BLACK_STONE,
                    Cell::White => WHITE_STONE,
                    _ => EMPTY,
                };
                (stone_char(cell), style)
            };
            paint(&mut s, style, &ch.to_string());
        }
        if marks.last == Some(Pos::new(w - 1, y)) {
            paint(&mut s, LAST, "]");
        } else {
            s.push(' ');
        }
        paint(&mut s, LABEL, &format!("{}", y + 1));
        s.push('\n');
    }
    paint(&mut s, LABEL, &header);
    s.push('\n');
    s
}

fn stone_char(cell: Cell) -> char {
    match cell {
        Cell::Empty => '.',
        Cell::Black => 'X',
        Cell::White => 'O',
        Cell::Blocked => '#',
        Cell::Wall => ' ',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Rule;

    #[test]
    fn plain_board_with_marks() {
        let b =
            Board::from_moves(5, 5, Rule::Freestyle, &[Pos::new(0, 0), Pos::new(4, 4)]).unwrap();
        let marks = Marks {
            last: b.last_move(),
            five: vec![Pos::new(0, 0)],
            forbidden: vec![Pos::new(1, 1)],
            hint: Some(Pos::new(2, 2)),
        };
        let text = render(&b, &marks, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    a b c d e");
        // Row 5 (y = 4) is on top; the last move e5 is in brackets at the right edge.
        assert_eq!(lines[1], "  5 . . . .[O]5");
        assert_eq!(lines[3], "  3 . . ? . . 3");
        assert_eq!(lines[4], "  2 . ! . . . 2");
        assert_eq!(lines[5], "  1 * . . . . 1");
        assert_eq!(lines.len(), 7);
        assert!(!text.contains('\x1b'));
        let coloured = render(&b, &marks, true);
        assert!(coloured.contains('\x1b') && coloured.contains('X'));
    }
}
