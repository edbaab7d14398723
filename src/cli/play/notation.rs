//! Reading the moves people type: `h8` (column letter, row number from 1) or the
//! protocol's `7,7` (0-based `x,y`).

use crate::types::Pos;
use std::fmt;

/// Why a typed move was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not written like a move at all.
    NotAMove,
    /// Written like a move, but outside the `width`×`height` board.
    OffBoard {
        /// The move as typed.
        text: String,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotAMove => write!(f, "not a move (type a cell like h8 or 7,7)"),
            MoveError::OffBoard {
                text,
                width,
                height,
            } => write!(
                f,
                "{text} is off the board: this board is {width}x{height}, a1..{} or 0,0..{},{}",
                Pos::new(width - 1, height - 1).to_human(),
                width - 1,
                height - 1
            ),
        }
    }
}

/// The human name of the column `x` (`a` is 0).
pub fn column_name(x: usize) -> char {
    (b'a' + x as u8) as char
}

/// Parses a move on a `width`×`height` board: `h8` / `H8` (letter = x from `a`,
/// number = y + 1, as [`Pos::to_human`] writes it) or `x,y` (0-based, spaces allowed
/// around the comma).
pub fn parse_move(text: &str, width: usize, height: usize) -> Result<Pos, MoveError> {
    let t = text.trim();
    let (x, y) = if let Some((a, b)) = t.split_once(',') {
        (parse_number(a.trim())?, parse_number(b.trim())?)
    } else {
        let mut chars = t.chars();
        let letter = chars.next().ok_or(MoveError::NotAMove)?;
        if !letter.is_ascii_alphabetic() {
            return Err(MoveError::NotAMove);
        }
        let row = parse_number(chars.as_str())?;
        let x = (letter.to_ascii_lowercase() as u8 - b'a') as u64;
        if row == 0 {
            return Err(off(t, width, height));
        }
        (x, row - 1)
    };
    if x >= width as u64 || y >= height as u64 {
        return Err(off(t, width, height));
    }
    Ok(Pos::new(x as usize, y as usize))
}

fn off(t: &str, width: usize, height: usize) -> MoveError {
    MoveError::OffBoard {
        text: t.to_string(),
        width,
        height,
    }
}

/// A non-negative decimal; huge numbers saturate (they are off any board anyway).
fn parse_number(s: &str) -> Result<u64, MoveError> {
    let s = s.strip_prefix('+').unwrap_or(s);
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        // A minus sign is written like a move but is off the board; the caller
        // cannot tell, so treat `-1` as a (too large) number.
        if let Some(rest) = s.strip_prefix('-') {
            if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
                return Ok(u64::MAX);
            }
        }
        return Err(MoveError::NotAMove);
    }
    Ok(s.parse::<u64>().unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_and_protocol_forms() {
        assert_eq!(parse_move("h8", 15, 15), Ok(Pos::new(7, 7)));
        assert_eq!(parse_move("H8", 15, 15), Ok(Pos::new(7, 7)));
        assert_eq!(parse_move("  a1 ", 15, 15), Ok(Pos::new(0, 0)));
        assert_eq!(parse_move("o15", 15, 15), Ok(Pos::new(14, 14)));
        assert_eq!(parse_move("7,7", 15, 15), Ok(Pos::new(7, 7)));
        assert_eq!(parse_move("3 , 12", 15, 15), Ok(Pos::new(3, 12)));
        assert_eq!(parse_move("v22", 22, 22), Ok(Pos::new(21, 21)));
        for p in [Pos::new(0, 0), Pos::new(4, 9), Pos::new(14, 14)] {
            assert_eq!(parse_move(&p.to_human(), 15, 15), Ok(p));
            assert_eq!(parse_move(&p.to_string(), 15, 15), Ok(p));
        }
    }

    #[test]
    fn off_board_and_garbage() {
        for t in [
            "p1",
            "a16",
            "a0",
            "15,0",
            "0,15",
            "-1,3",
            "z99",
            "99999999999999999999,1",
        ] {
            assert!(
                matches!(parse_move(t, 15, 15), Err(MoveError::OffBoard { .. })),
                "{t}"
            );
        }
        for t in [
            "", "h", "8", "hh", "h8x", ",", "1,", "a,b", "é5", "8h", "1,2,3",
        ] {
            assert_eq!(parse_move(t, 15, 15), Err(MoveError::NotAMove), "{t}");
        }
        let msg = parse_move("p1", 15, 15).unwrap_err().to_string();
        assert!(msg.contains("o15") && msg.contains("15x15"), "{msg}");
    }
}
