//! Vocabulary shared by every layer: positions, colours, rules, values.
//!
//! Nothing here knows about a particular board; `Pos` is an index into a fixed,
//! padded grid so that neighbour look-ups never need bounds checks.

use std::fmt;

/// The largest board side we support.
pub const MAX_SIZE: usize = 22;
/// The smallest board side we support.
pub const MIN_SIZE: usize = 5;
/// Padding of wall cells around the playing area: a five plus its two
/// neighbours (needed for overline and caro checks) never leaves the grid.
pub const PAD: usize = 5;
/// Row stride of the padded grid.
pub const STRIDE: usize = 32;
/// Number of cells in the padded grid.
pub const GRID: usize = STRIDE * STRIDE;

// The padded grid must hold the largest board plus padding on both sides.
const _: () = assert!(MAX_SIZE + 2 * PAD <= STRIDE);

/// A cell of the padded grid. `(x, y)` is 0-based column and row on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos(pub u16);

impl Pos {
    /// A sentinel that is never a board cell (it lies in the padding).
    pub const NONE: Pos = Pos(0);

    /// The cell at column `x`, row `y` (both 0-based, `< MAX_SIZE`).
    #[inline]
    pub const fn new(x: usize, y: usize) -> Pos {
        Pos(((y + PAD) * STRIDE + x + PAD) as u16)
    }

    /// The cell at `(x, y)` if both are within `0..MAX_SIZE`.
    pub fn checked(x: i64, y: i64) -> Option<Pos> {
        if (0..MAX_SIZE as i64).contains(&x) && (0..MAX_SIZE as i64).contains(&y) {
            Some(Pos::new(x as usize, y as usize))
        } else {
            None
        }
    }

    /// Column (0-based).
    #[inline]
    pub const fn x(self) -> usize {
        (self.0 as usize % STRIDE).wrapping_sub(PAD)
    }

    /// Row (0-based).
    #[inline]
    pub const fn y(self) -> usize {
        (self.0 as usize / STRIDE).wrapping_sub(PAD)
    }

    /// Index into grid-sized arrays.
    #[inline]
    pub const fn idx(self) -> usize {
        self.0 as usize
    }

    /// The cell `k` steps away in direction `dir`.
    #[inline]
    pub fn step(self, dir: usize, k: i32) -> Pos {
        Pos((self.0 as i32 + DIR_OFFSET[dir] * k) as u16)
    }

    /// Human notation used by players: column letter, row number from 1 (`h8`).
    pub fn to_human(self) -> String {
        format!("{}{}", (b'a' + self.x() as u8) as char, self.y() + 1)
    }

    /// A line of moves in human notation, separated by spaces (`h8 i9 g7`).
    pub fn line_to_human(line: &[Pos]) -> String {
        line.iter()
            .map(|p| p.to_human())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x(), self.y())
    }
}

impl fmt::Display for Pos {
    /// Protocol form `x,y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x(), self.y())
    }
}

/// Grid offsets of the four line directions: horizontal, vertical, diagonal, anti-diagonal.
pub const DIR_OFFSET: [i32; 4] = [1, STRIDE as i32, STRIDE as i32 + 1, STRIDE as i32 - 1];

/// A player. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    /// The other player.
    #[inline]
    pub const fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    /// 0 for black, 1 for white.
    #[inline]
    pub const fn idx(self) -> usize {
        self as usize
    }
    /// Both colours, black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];
}

/// The game rules Tengen plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rule {
    /// Five or more in a row wins (Gomocup rule 0).
    #[default]
    Freestyle,
    /// Exactly five wins, for both colours (rule 1).
    Standard,
    /// Renju: black exactly five and forbidden double-three, double-four and overline;
    /// white five or more (rule 4; rule 2 in Yixin-Board).
    Renju,
    /// Caro (rule 8): five or more, but an exact five blocked by opponent stones at
    /// both ends does not win.
    Caro,
    /// Standard caro (rule 9): exactly five, not blocked by opponent stones at both ends.
    CaroExact,
}

impl Rule {
    /// Decodes an `INFO rule` value as the protocol spec (§5.3) recommends:
    /// bit 4 renju; a bare 2 is renju (Yixin-Board); else bit 8 caro and bit 1 exact five.
    pub fn from_info(v: i64) -> Rule {
        if v & 4 != 0 || v == 2 {
            Rule::Renju
        } else if v & 8 != 0 {
            if v & 1 != 0 {
                Rule::CaroExact
            } else {
                Rule::Caro
            }
        } else if v & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// The Gomocup `INFO rule` value for this rule.
    pub fn info_value(self) -> i64 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::CaroExact => 9,
        }
    }

    /// Parses a rule name (`freestyle`, `standard`, `renju`, `caro`, `caro9`) or number.
    pub fn parse(s: &str) -> Option<Rule> {
        match s.to_ascii_lowercase().as_str() {
            "freestyle" | "free" | "f" => Some(Rule::Freestyle),
            "standard" | "exact" | "s" => Some(Rule::Standard),
            "renju" | "r" => Some(Rule::Renju),
            "caro" | "caro8" | "c" => Some(Rule::Caro),
            "caro9" | "caroexact" | "caro-exact" => Some(Rule::CaroExact),
            other => other.parse::<i64>().ok().map(Rule::from_info),
        }
    }

    /// All rules, for tests and benches.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroExact,
    ];

    /// A short lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroExact => "caro9",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Search score, from the side to move's point of view.
pub type Value = i32;
/// Search depth in plies.
pub type Depth = i32;

/// Score of a win on the board (before distance adjustment).
pub const VALUE_MATE: Value = 30_000;
/// Any score at least this large in magnitude is a proven win or loss.
pub const VALUE_MATE_BOUND: Value = VALUE_MATE - 1_000;
/// Larger than any real score.
pub const VALUE_INFINITE: Value = 32_000;
/// A draw.
pub const VALUE_DRAW: Value = 0;

/// Score for winning in `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: i32) -> Value {
    VALUE_MATE - ply
}

/// Score for losing in `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: i32) -> Value {
    -VALUE_MATE + ply
}

/// Kind of bound stored in the transposition table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

/// Formats a score for people: `+M5` / `-M4` for proven results, else the number.
pub fn format_value(v: Value) -> String {
    if v >= VALUE_MATE_BOUND {
        format!("+M{}", VALUE_MATE - v)
    } else if v <= -VALUE_MATE_BOUND {
        format!("-M{}", VALUE_MATE + v)
    } else {
        v.to_string()
    }
}

/// A small deterministic generator (splitmix64): the same seed gives the same
/// sequence on every machine (Zobrist keys, opening order, bench positions, tests).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index in `0..n` (`n > 0`).
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pos_round_trip() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                let p = Pos::new(x, y);
                assert_eq!((p.x(), p.y()), (x, y));
                assert!(p.idx() < GRID);
            }
        }
        assert_eq!(Pos::new(7, 7).to_human(), "h8");
        assert_eq!(Pos::new(3, 4).to_string(), "3,4");
    }

    #[test]
    fn rule_decoding_follows_spec() {
        assert_eq!(Rule::from_info(0), Rule::Freestyle);
        assert_eq!(Rule::from_info(1), Rule::Standard);
        assert_eq!(Rule::from_info(2), Rule::Renju);
        assert_eq!(Rule::from_info(3), Rule::Standard);
        assert_eq!(Rule::from_info(4), Rule::Renju);
        assert_eq!(Rule::from_info(8), Rule::Caro);
        assert_eq!(Rule::from_info(9), Rule::CaroExact);
        for r in Rule::ALL {
            assert_eq!(Rule::from_info(r.info_value()), r);
            assert_eq!(Rule::parse(r.name()), Some(r));
        }
    }

    #[test]
    fn mate_formatting() {
        assert_eq!(format_value(mate_in(5)), "+M5");
        assert_eq!(format_value(mated_in(4)), "-M4");
        assert_eq!(format_value(37), "37");
    }
}
