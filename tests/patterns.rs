//! The pattern tables agree with a slow, independent reference classifier on every
//! line code (all 4^10), for every rule and both colours.
//!
//! The reference works on an explicit eleven-cell line (`[u8; 11]`, the centre at
//! index 5 holds the stone being judged) and follows the definitions directly:
//! * five: the run of own stones through the centre wins under the rule (exact five,
//!   five or more, caro's "not blocked by opponent stones at both ends"; the board edge
//!   never blocks); a run that is too long for an exact-five rule is an overline;
//! * four: the cells where one more own stone makes a winning five through the centre,
//!   found by trying every empty cell. One such cell is a (closed) four; two cells that
//!   are the two ends of four contiguous own stones are a straight four; two other
//!   cells are two fours in one line (`X_XXX_X`);
//! * three / two / one: the best pattern one more own stone (on any empty cell) can
//!   reach, one level down: a straight four makes an open three, a closed four a
//!   closed three, an open three an open two, and so on. Two fours in one line is as
//!   good as a straight four (an open three one move earlier) except for renju black,
//!   for whom that move is a forbidden double four: only a closed route.

use tengen::board::pattern::{self, WinKind, CODES};
use tengen::board::Pattern;
use tengen::types::{Color, Rule};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;
const CENTRE: usize = 5;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Win {
    Five,
    Overline,
    No,
}

/// The rule as seen by one colour, written out independently of `WinKind`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct RefRule {
    rule: Rule,
    me: u8,
}

impl RefRule {
    fn opp(self) -> u8 {
        if self.me == BLACK {
            WHITE
        } else {
            BLACK
        }
    }

    /// Judges the maximal run of own stones through the centre of `line`.
    fn judge(self, line: &[u8; 11]) -> Win {
        assert_eq!(line[CENTRE], self.me);
        let mut a = CENTRE;
        while a > 0 && line[a - 1] == self.me {
            a -= 1;
        }
        let mut b = CENTRE;
        while b < 10 && line[b + 1] == self.me {
            b += 1;
        }
        let len = b - a + 1;
        if len < 5 {
            return Win::No;
        }
        // A run that reaches the end of the window is at least six long; a run of
        // exactly five has both neighbours inside the window.
        let blocked_both = len == 5 && line[a - 1] == self.opp() && line[b + 1] == self.opp();
        let renju_black = self.rule == Rule::Renju && self.me == BLACK;
        match self.rule {
            Rule::Freestyle => Win::Five,
            Rule::Renju if !renju_black => Win::Five,
            Rule::Standard | Rule::Renju => {
                if len == 5 {
                    Win::Five
                } else {
                    Win::Overline
                }
            }
            Rule::Caro => {
                if len > 5 || !blocked_both {
                    Win::Five
                } else {
                    Win::No
                }
            }
            Rule::CaroExact => {
                if len > 5 {
                    Win::Overline
                } else if blocked_both {
                    Win::No
                } else {
                    Win::Five
                }
            }
        }
    }

    fn double_four_is_foul(self) -> bool {
        self.rule == Rule::Renju && self.me == BLACK
    }
}

/// Memoised reference classification; `memo` is indexed by the base-4 number of the
/// ten neighbours (my own encoding, not the engine's line code).
struct Reference {
    r: RefRule,
    memo: Vec<u8>,
}

const UNSET: u8 = 0xFF;

fn key(line: &[u8; 11]) -> usize {
    line.iter()
        .enumerate()
        .filter(|&(i, _)| i != CENTRE)
        .fold(0, |k, (_, &c)| k * 4 + c as usize)
}

impl Reference {
    fn new(rule: Rule, color: Color) -> Reference {
        let me = match color {
            Color::Black => BLACK,
            Color::White => WHITE,
        };
        Reference {
            r: RefRule { rule, me },
            memo: vec![UNSET; CODES],
        }
    }

    fn classify(&mut self, line: &[u8; 11]) -> Pattern {
        let k = key(line);
        if self.memo[k] != UNSET {
            return Pattern::from_u8(self.memo[k]);
        }
        let p = self.classify_uncached(line);
        self.memo[k] = p as u8;
        p
    }

    fn classify_uncached(&mut self, line: &[u8; 11]) -> Pattern {
        match self.r.judge(line) {
            Win::Five => return Pattern::F5,
            Win::Overline => return Pattern::OL,
            Win::No => {}
        }
        let empties: Vec<usize> = (0..11).filter(|&i| line[i] == EMPTY).collect();
        let five_points: Vec<usize> = empties
            .iter()
            .copied()
            .filter(|&i| {
                let mut l = *line;
                l[i] = self.r.me;
                self.r.judge(&l) == Win::Five
            })
            .collect();
        match five_points.len() {
            0 => {}
            1 => return Pattern::B4,
            2 => {
                let (a, b) = (five_points[0], five_points[1]);
                let straight = b == a + 5 && (a + 1..b).all(|i| line[i] == self.r.me);
                return if straight { Pattern::F4 } else { Pattern::F44 };
            }
            n => panic!("{n} five points in one line through the centre: {line:?}"),
        }
        let mut best = Pattern::Dead;
        for &i in &empties {
            let mut l = *line;
            l[i] = self.r.me;
            let down = match self.classify(&l) {
                Pattern::F4 => Pattern::F3,
                Pattern::F44 if self.r.double_four_is_foul() => Pattern::B3,
                Pattern::F44 => Pattern::F3,
                Pattern::B4 => Pattern::B3,
                Pattern::F3 => Pattern::F2,
                Pattern::B3 => Pattern::B2,
                Pattern::F2 => Pattern::F1,
                Pattern::B2 => Pattern::B1,
                _ => Pattern::Dead,
            };
            best = best.max(down);
        }
        best
    }
}

/// The engine's line code of `line` (neighbour at offset `o` in slot `pattern::slot(o)`).
fn engine_code(line: &[u8; 11]) -> u32 {
    let mut code = 0;
    for (i, &c) in line.iter().enumerate() {
        if i != CENTRE {
            code |= (c as u32) << (2 * pattern::slot(i as i32 - 5));
        }
    }
    code
}

/// The line for the `n`-th combination of ten neighbours (my own enumeration).
fn line_of(mut n: usize, me: u8) -> [u8; 11] {
    let mut line = [EMPTY; 11];
    for i in (0..11).rev() {
        if i == CENTRE {
            line[i] = me;
            continue;
        }
        line[i] = (n % 4) as u8;
        n /= 4;
    }
    line
}

fn sweep(rule: Rule, color: Color) -> Vec<String> {
    let table = pattern::table(WinKind::of(rule, color), color);
    let mut reference = Reference::new(rule, color);
    let me = reference.r.me;
    let mut bad = Vec::new();
    for n in 0..CODES {
        let line = line_of(n, me);
        let want = reference.classify(&line);
        let got = Pattern::from_u8(table[engine_code(&line) as usize]);
        if want != got && bad.len() < 10 {
            let pic: String = line
                .iter()
                .enumerate()
                .map(|(i, &c)| match (i, c) {
                    (CENTRE, _) => '*',
                    (_, EMPTY) => '.',
                    (_, BLACK) => 'X',
                    (_, WHITE) => 'O',
                    (_, WALL) => '|',
                    _ => '?',
                })
                .collect();
            bad.push(format!(
                "{rule} {color:?} {pic}: table {got:?}, reference {want:?}"
            ));
        }
    }
    bad
}

#[test]
fn every_line_code_matches_the_reference() {
    // Ten sweeps of a million codes; two threads share them.
    let jobs: Vec<(Rule, Color)> = Rule::ALL
        .iter()
        .flat_map(|&r| Color::BOTH.map(|c| (r, c)))
        .collect();
    let (a, b) = jobs.split_at(jobs.len() / 2);
    let (a, b) = (a.to_vec(), b.to_vec());
    let ta = std::thread::spawn(move || {
        a.into_iter()
            .flat_map(|(r, c)| sweep(r, c))
            .collect::<Vec<String>>()
    });
    let tb = std::thread::spawn(move || {
        b.into_iter()
            .flat_map(|(r, c)| sweep(r, c))
            .collect::<Vec<String>>()
    });
    let mut bad: Vec<String> = ta.join().unwrap();
    bad.extend(tb.join().unwrap());
    assert!(
        bad.is_empty(),
        "table/reference disagreements:\n{}",
        bad.join("\n")
    );
}

/// The reference itself, on hand-made lines whose answers follow from the rules.
#[test]
fn reference_on_known_shapes() {
    fn pat(s: &str, rule: Rule, color: Color) -> Pattern {
        let me = if color == Color::Black { BLACK } else { WHITE };
        let mut line = [EMPTY; 11];
        for (i, ch) in s.chars().enumerate() {
            line[i] = match ch {
                '*' => me,
                '.' => EMPTY,
                'X' => BLACK,
                'O' => WHITE,
                '|' => WALL,
                _ => panic!("{ch}"),
            };
        }
        assert_eq!(line[CENTRE], me, "{s}");
        let want = Reference::new(rule, color).classify(&line);
        let got = Pattern::from_u8(
            pattern::table(WinKind::of(rule, color), color)[engine_code(&line) as usize],
        );
        assert_eq!(got, want, "{s} {rule} {color:?}: table vs reference");
        want
    }
    use Color::{Black as B, White as W};
    use Rule::*;
    // Fives and overlines.
    assert_eq!(pat("...XX*XX...", Freestyle, B), Pattern::F5);
    assert_eq!(pat("..XXX*XX...", Freestyle, B), Pattern::F5);
    assert_eq!(pat("..XXX*XX...", Standard, B), Pattern::OL);
    assert_eq!(pat("..OOO*OO...", Standard, W), Pattern::OL);
    assert_eq!(pat("..XXX*XX...", Renju, B), Pattern::OL);
    assert_eq!(pat("..OOO*OO...", Renju, W), Pattern::F5);
    assert_eq!(pat("..OXX*XXO..", Caro, B), Pattern::Dead);
    assert_eq!(pat("..OXX*XX|..", Caro, B), Pattern::F5);
    assert_eq!(pat(".OXXX*XXO..", Caro, B), Pattern::F5);
    assert_eq!(pat(".OXXX*XXO..", CaroExact, B), Pattern::OL);
    assert_eq!(pat("..OXX*XX...", CaroExact, B), Pattern::F5);
    // Fours.
    assert_eq!(pat("....X*XX...", Freestyle, B), Pattern::F4);
    assert_eq!(pat("...OX*XX...", Freestyle, B), Pattern::B4);
    assert_eq!(pat("..X.X*X.X..", Renju, B), Pattern::F44);
    assert_eq!(pat(".XX.X*.XX..", Standard, B), Pattern::F44);
    // _XXXX_ with an own stone beyond one end: that side makes six.
    assert_eq!(pat(".X.X*XX....", Renju, B), Pattern::B4);
    assert_eq!(pat(".X.X*XX....", Freestyle, B), Pattern::F4);
    // Threes.
    assert_eq!(pat("....X*X....", Renju, B), Pattern::F3);
    assert_eq!(pat("...X.*X....", Renju, B), Pattern::F3);
    assert_eq!(pat("...OX*X....", Renju, B), Pattern::B3);
    assert_eq!(pat("...|X*X....", Renju, B), Pattern::B3);
    // .X.XX. with black one beyond: the straight four would be an overline point.
    assert_eq!(pat(".X..X*X..X.", Renju, B), Pattern::B3);
    assert_eq!(pat(".X..X*X..X.", Freestyle, B), Pattern::F3);
    // Two fours in one line one move away: an open three where that is no foul.
    assert_eq!(pat("...X.*.X.X.", Standard, B), Pattern::F3);
    assert_eq!(pat("...X.*.X.X.", CaroExact, W), Pattern::Dead);
    assert_eq!(pat("...O.*.O.O.", CaroExact, W), Pattern::F3);
    assert_eq!(pat("...X.*.X.X.", Renju, B), Pattern::B3);
    assert_eq!(pat("O...X*X..O.", Freestyle, B), Pattern::F3);
    assert_eq!(pat("...OX*X..O.", Freestyle, B), Pattern::B3);
    // Twos and ones.
    assert_eq!(pat(".....*X....", Freestyle, B), Pattern::F2);
    assert_eq!(pat("|....*.....", Freestyle, B), Pattern::F1);
    assert_eq!(pat("...O.*..O..", Freestyle, B), Pattern::Dead);
}
