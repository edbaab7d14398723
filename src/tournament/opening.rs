//! Opening sets in the two c-gomoku-cli formats, and their playing order.
//!
//! * offset format: `dx,dy, dx,dy, …` relative to the centre `floor(size/2)`;
//! * pos format: `h8i9j8` (letter = column from `a`, number = row + 1).
//!
//! Black moves first in every opening; the side to move afterwards is whoever is next.

use crate::board::Board;
use crate::types::SplitMix64;
use crate::types::{Pos, Rule};

/// How an opening file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    /// `dx,dy, dx,dy, …` offsets from the centre.
    Offset,
    /// `h8i9j8` cell names.
    Pos,
    /// Decide per line: a comma means offsets, otherwise cell names.
    Auto,
}

impl OpeningFormat {
    /// Parses `offset`, `pos` or `auto`.
    pub fn parse(s: &str) -> Option<OpeningFormat> {
        match s.to_ascii_lowercase().as_str() {
            "offset" => Some(OpeningFormat::Offset),
            "pos" => Some(OpeningFormat::Pos),
            "auto" => Some(OpeningFormat::Auto),
            _ => None,
        }
    }
}

/// One opening: the stones in the order they were played, black first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// 1-based line number in its file (for messages).
    pub line: usize,
    /// The stones, black first, alternating.
    pub moves: Vec<Pos>,
}

/// Parses an opening file for a `size`×`size` board under `rule`. Blank lines and lines
/// starting with `#` are skipped. Every stone must be on the board, no cell may be used
/// twice and no opening may already contain a winning five. Errors name the line.
pub fn parse_openings(
    text: &str,
    format: OpeningFormat,
    size: usize,
    rule: Rule,
) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let lineno = i + 1;
        let fmt = match format {
            OpeningFormat::Auto if line.contains(',') => OpeningFormat::Offset,
            OpeningFormat::Auto => OpeningFormat::Pos,
            f => f,
        };
        let coords = match fmt {
            OpeningFormat::Offset => parse_offset_line(line, size),
            _ => parse_pos_line(line),
        }
        .map_err(|e| format!("line {lineno}: {e}"))?;
        let moves = place(&coords, size, rule).map_err(|e| format!("line {lineno}: {e}"))?;
        out.push(Opening {
            line: lineno,
            moves,
        });
    }
    if out.is_empty() {
        return Err("no openings found".to_string());
    }
    Ok(out)
}

/// Absolute `(x, y)` cells from an offset line.
fn parse_offset_line(line: &str, size: usize) -> Result<Vec<(i64, i64)>, String> {
    let nums = line
        .split(',')
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<i64>()
                .map_err(|_| format!("`{t}` is not an integer offset"))
        })
        .collect::<Result<Vec<i64>, String>>()?;
    if !nums.len().is_multiple_of(2) {
        return Err(format!("odd number of offsets ({})", nums.len()));
    }
    let c = (size / 2) as i64;
    Ok(nums.chunks(2).map(|p| (p[0] + c, p[1] + c)).collect())
}

/// Absolute `(x, y)` cells from a pos line such as `h8i9j8`.
fn parse_pos_line(line: &str) -> Result<Vec<(i64, i64)>, String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let letter = chars[i].to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(format!("expected a column letter, found `{}`", chars[i]));
        }
        i += 1;
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if start == i {
            return Err(format!("column `{letter}` has no row number"));
        }
        let digits: String = chars[start..i].iter().collect();
        let row: i64 = digits
            .parse()
            .map_err(|_| format!("bad row number `{digits}`"))?;
        out.push(((letter as u8 - b'a') as i64, row - 1));
    }
    Ok(out)
}

/// Checks the cells on a fresh board and returns them as positions.
fn place(coords: &[(i64, i64)], size: usize, rule: Rule) -> Result<Vec<Pos>, String> {
    let mut board = Board::new(size, size, rule).map_err(|e| e.to_string())?;
    let mut moves = Vec::with_capacity(coords.len());
    for &(x, y) in coords {
        let p = board
            .pos(x, y)
            .ok_or_else(|| format!("stone {x},{y} is off the {size}x{size} board"))?;
        board.play(p).map_err(|e| e.to_string())?;
        if board.winner().is_some() {
            return Err(format!("the opening already contains a five at {p}"));
        }
        moves.push(p);
    }
    Ok(moves)
}

/// The order in which `count` openings are used: sequential, or a Fisher–Yates
/// shuffle driven by `seed`.
pub fn opening_order(count: usize, seed: Option<u64>) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).collect();
    if let Some(seed) = seed {
        let mut rng = SplitMix64::new(seed);
        for i in (1..count).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_format_is_relative_to_the_floor_centre() {
        let o = parse_openings(
            "0,0, 1,0, 1,3\n",
            OpeningFormat::Offset,
            15,
            Rule::Freestyle,
        )
        .unwrap();
        assert_eq!(
            o[0].moves,
            vec![Pos::new(7, 7), Pos::new(8, 7), Pos::new(8, 10)]
        );
        let o = parse_openings("-3,-5, -6,-6", OpeningFormat::Auto, 20, Rule::Freestyle).unwrap();
        assert_eq!(o[0].moves, vec![Pos::new(7, 5), Pos::new(4, 4)]);
        // size 16: centre 8
        let o = parse_openings("0,0", OpeningFormat::Auto, 16, Rule::Freestyle).unwrap();
        assert_eq!(o[0].moves, vec![Pos::new(8, 8)]);
    }

    #[test]
    fn pos_format_reads_letters_and_rows() {
        let o = parse_openings(
            "h8i9j8\n\n# comment\nA1 b2\n",
            OpeningFormat::Auto,
            15,
            Rule::Renju,
        )
        .unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(
            o[0].moves,
            vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 7)]
        );
        assert_eq!(o[1].moves, vec![Pos::new(0, 0), Pos::new(1, 1)]);
        assert_eq!(o[1].line, 4);
    }

    #[test]
    fn bad_openings_name_the_line() {
        let bad = [
            ("0,0, 1", "odd number"),
            ("0,0, x,1", "not an integer"),
            ("0,0, 8,0", "off the"),
            ("0,0, 0,0", "occupied"),
            ("h", "no row number"),
            ("h8 7", "column letter"),
            ("z1", "off the"),
        ];
        for (text, want) in bad {
            let e = parse_openings(
                &format!("0,1\n{text}\n"),
                OpeningFormat::Auto,
                15,
                Rule::Freestyle,
            )
            .unwrap_err();
            assert!(e.starts_with("line 2:") && e.contains(want), "{text}: {e}");
        }
        assert!(parse_openings(
            "\n# only comments\n",
            OpeningFormat::Auto,
            15,
            Rule::Freestyle
        )
        .is_err());
        // A five inside the opening is refused.
        let five = "0,0, 0,1, 1,0, 1,1, 2,0, 2,1, 3,0, 3,1, 4,0";
        let e = parse_openings(five, OpeningFormat::Offset, 15, Rule::Freestyle).unwrap_err();
        assert!(e.contains("five"), "{e}");
    }

    #[test]
    fn shipped_opening_sets_parse() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tournaments/openings");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let size = if name.contains("15") { 15 } else { 20 };
            let rule = if name.contains("renju") {
                Rule::Renju
            } else {
                Rule::Freestyle
            };
            let text = std::fs::read_to_string(&path).unwrap();
            let o = parse_openings(&text, OpeningFormat::Auto, size, rule)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!o.is_empty());
            seen += 1;
        }
        assert!(seen >= 8);
    }

    #[test]
    fn shuffle_is_a_deterministic_permutation() {
        assert_eq!(opening_order(5, None), vec![0, 1, 2, 3, 4]);
        let a = opening_order(40, Some(7));
        let b = opening_order(40, Some(7));
        let c = opening_order(40, Some(8));
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..40).collect::<Vec<_>>());
        // splitmix64 reference value for seed 0 (first output).
        assert_eq!(SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }
}
