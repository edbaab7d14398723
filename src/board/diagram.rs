//! ASCII diagrams: how positions are written in tests, data files and debug output.
//!
//! ```text
//!     a b c d e
//!   1 . . . . .
//!   2 . X O . .
//!   3 . . X . .
//!   4 . . . # .
//!   5 . . . . .
//! ```
//! Columns are letters from `a` (x = 0), rows are numbers from 1 (y = 0, the top row).
//! `X` is black, `O` white, `#` a blocked cell, `.` empty. Parsing ignores the labels;
//! black is to move when the stone counts are equal, else white.

use super::{Board, BoardError, Cell};
use crate::types::{Color, Pos, Rule};
use std::fmt::Write;

impl Board {
    /// The position as an ASCII diagram (see the module docs).
    pub fn to_diagram(&self) -> String {
        let mut s = String::from("   ");
        for x in 0..self.width() {
            write!(s, " {}", (b'a' + x as u8) as char).unwrap();
        }
        s.push('\n');
        for y in 0..self.height() {
            write!(s, "{:>3}", y + 1).unwrap();
            for x in 0..self.width() {
                let ch = match self.cell(Pos::new(x, y)) {
                    Cell::Empty => '.',
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    Cell::Blocked => '#',
                    Cell::Wall => '?',
                };
                write!(s, " {ch}").unwrap();
            }
            s.push('\n');
        }
        s
    }

    /// Reads a diagram written by [`Board::to_diagram`] (labels optional). Stones are
    /// placed alternately black and white while both remain, so the history is a
    /// plausible game order; the side to move follows from the counts.
    pub fn parse_diagram(text: &str, rule: Rule) -> Result<Board, BoardError> {
        let mut rows: Vec<Vec<char>> = Vec::new();
        for line in text.lines() {
            // The header of column letters `a b c …` is skipped as a whole: from width
            // 15 on it contains `o` (and could contain `x`), which are also stones.
            if is_header(line) {
                continue;
            }
            let cells: Vec<char> = line
                .split_whitespace()
                .filter(|tok| tok.chars().all(|c| ".XxOo#".contains(c)))
                .flat_map(|tok| tok.chars())
                .collect();
            // A header line of column letters has no cell characters; skip it.
            if cells.is_empty() {
                continue;
            }
            rows.push(cells);
        }
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.len());
        if let Some((y, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(BoardError::Parse(format!(
                "row {} has {} cells, expected {width}",
                y + 1,
                r.len()
            )));
        }
        let mut board = Board::new(width, height, rule)?;
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for (y, row) in rows.iter().enumerate() {
            for (x, &ch) in row.iter().enumerate() {
                let p = Pos::new(x, y);
                match ch {
                    'X' | 'x' => black.push(p),
                    'O' | 'o' => white.push(p),
                    '#' => board.set_blocked(p)?,
                    _ => {}
                }
            }
        }
        let n = black.len().max(white.len());
        for i in 0..n {
            if let Some(&p) = black.get(i) {
                board.put_stone(p, Color::Black)?;
            }
            if let Some(&p) = white.get(i) {
                board.put_stone(p, Color::White)?;
            }
        }
        let side = if black.len() > white.len() {
            Color::White
        } else {
            Color::Black
        };
        board.set_side(side);
        Ok(board)
    }
}

/// Whether `line` is a column header: the letters `a`, `b`, `c`, … in order.
fn is_header(line: &str) -> bool {
    let mut n = 0u8;
    for tok in line.split_whitespace() {
        if tok.len() != 1 || tok.as_bytes()[0] != b'a' + n {
            return false;
        }
        n += 1;
    }
    n > 0
}
