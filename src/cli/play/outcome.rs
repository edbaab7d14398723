//! How a game ends: the winning five, a renju foul named, a full board; and the
//! beginner level's greedy move.

use crate::board::{Board, Cell, GameResult, Pattern, Threat};
use crate::search::movegen::{is_playable, move_score};
use crate::types::{Color, Pos, Rule};
use std::fmt;

/// The kind of renju foul a forbidden black move makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foul {
    /// Two or more open threes at once.
    DoubleThree,
    /// Two or more fours at once.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::DoubleThree => "double three",
            Foul::DoubleFour => "double four",
            Foul::Overline => "overline",
        })
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` made five (or more, where the rule allows); `line` holds its stones.
    Five {
        /// Who won.
        winner: Color,
        /// The stones of the winning line(s).
        line: Vec<Pos>,
    },
    /// Black played a renju forbidden point at `at` and lost.
    Foul {
        /// Where black played.
        at: Pos,
        /// What the move made.
        kind: Foul,
    },
    /// The board filled up with nobody winning.
    Draw,
    /// `loser` resigned.
    Resigned {
        /// Who gave up.
        loser: Color,
    },
    /// The game was stopped after a move limit (watch mode).
    MoveLimit,
}

impl Outcome {
    /// The winner, if there is one.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Five { winner, .. } => Some(*winner),
            Outcome::Foul { .. } => Some(Color::White),
            Outcome::Resigned { loser } => Some(loser.opp()),
            Outcome::Draw | Outcome::MoveLimit => None,
        }
    }
}

/// The name people use for a colour.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// What black playing `p` on `board` would be under renju: `Some(foul)` for a
/// forbidden point, `None` for a legal move (and for any move under other rules).
pub fn foul_kind(board: &Board, p: Pos) -> Option<Foul> {
    let mut b = board.clone();
    if b.side_to_move() != Color::Black || !b.is_forbidden(p) {
        return None;
    }
    let pats = b.patterns(p, Color::Black);
    if pats.contains(&Pattern::OL) {
        Some(Foul::Overline)
    } else if pats.iter().map(|x| x.fours()).sum::<u32>() >= 2 {
        Some(Foul::DoubleFour)
    } else {
        Some(Foul::DoubleThree)
    }
}

/// The stones of the winning line(s) through the last move, if it won.
/// Under exact-five rules only runs of exactly five count (an overline beside a five
/// is not marked).
pub fn winning_line(board: &Board) -> Option<Vec<Pos>> {
    let last = board.last_move()?;
    let color = board.winner()?;
    let exact = matches!(
        (board.rule(), color),
        (Rule::Standard, _) | (Rule::CaroExact, _) | (Rule::Renju, Color::Black)
    );
    let stone = Cell::stone(color);
    let mut out = Vec::new();
    let mut longest: Vec<Pos> = Vec::new();
    for dir in 0..4 {
        let mut run = vec![last];
        for sign in [-1, 1] {
            let mut k = 1;
            loop {
                let q = last.step(dir, sign * k);
                if !board.on_board(q) || board.cell(q) != stone {
                    break;
                }
                run.push(q);
                k += 1;
            }
        }
        if run.len() >= 5 && (!exact || run.len() == 5) {
            out.extend(run.iter().copied());
        }
        if run.len() > longest.len() {
            longest = run;
        }
    }
    if out.is_empty() && longest.len() >= 5 {
        out = longest;
    }
    out.sort();
    out.dedup();
    (!out.is_empty()).then_some(out)
}

/// The outcome of the last move, if it ended the game: a five or a full board.
/// (Fouls are judged before the move is made: see [`foul_kind`].)
pub fn outcome_after_move(board: &Board) -> Option<Outcome> {
    match board.result() {
        GameResult::Win(winner) => Some(Outcome::Five {
            winner,
            line: winning_line(board).unwrap_or_default(),
        }),
        GameResult::Draw => Some(Outcome::Draw),
        GameResult::Ongoing => None,
    }
}

/// The beginner's move: win at once if possible, else block the opponent's five,
/// else the cell with the best attack-plus-defence score (never a renju foul for
/// black while another move exists). `None` on a full board.
pub fn greedy_move(board: &Board) -> Option<Pos> {
    let mut b = board.clone();
    let me = b.side_to_move();
    let cells: Vec<Pos> = b.cells().filter(|&p| b.is_empty(p)).collect();
    if let Some(&p) = cells.iter().find(|&&p| b.threat(p, me) == Threat::Five) {
        return Some(p);
    }
    if let Some(&p) = cells
        .iter()
        .find(|&&p| b.threat(p, me.opp()) == Threat::Five)
    {
        return Some(p);
    }
    if b.count() == 0 {
        return Some(b.center());
    }
    let mut best: Option<(i32, Pos)> = None;
    for &p in &cells {
        if !is_playable(&mut b, p) {
            continue;
        }
        // Prefer cells near the stones, so an empty-looking score never sends the
        // beginner to the far corner.
        let score = move_score(&b, p) * 4 + b.near_count(p).min(3) as i32;
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, p));
        }
    }
    best.map(|(_, p)| p).or_else(|| cells.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_winning_five() {
        let b = Board::from_moves(
            9,
            9,
            Rule::Freestyle,
            &[
                Pos::new(2, 4),
                Pos::new(2, 5),
                Pos::new(3, 4),
                Pos::new(3, 5),
                Pos::new(5, 4),
                Pos::new(5, 5),
                Pos::new(6, 4),
                Pos::new(0, 0),
                Pos::new(4, 4), // fills the gap: five a..g? 2..6 on row 4
            ],
        )
        .unwrap();
        let line = winning_line(&b).unwrap();
        assert_eq!(line, (2..7).map(|x| Pos::new(x, 4)).collect::<Vec<_>>());
        assert!(matches!(
            outcome_after_move(&b),
            Some(Outcome::Five {
                winner: Color::Black,
                ..
            })
        ));
        // One move earlier nobody has won.
        let mut before = b.clone();
        before.undo().unwrap();
        assert_eq!(winning_line(&before), None);
        assert_eq!(outcome_after_move(&before), None);
    }

    #[test]
    fn diagonal_five_and_overline() {
        let d = "
            X . . . . . . . .
            . X . . . . . . .
            . . X . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . X . . .
            . . . . . . . . .
            O O O O . . . . .
            . . . . . . . . .";
        let mut b = Board::parse_diagram(d, Rule::Freestyle).unwrap();
        // Make the last move the diagonal filler: white passes on a side cell first.
        b.put_stone(Pos::new(3, 3), Color::Black).unwrap();
        let line = winning_line(&b).unwrap();
        assert_eq!(line, (0..6).map(|i| Pos::new(i, i)).collect::<Vec<_>>());
        // The same overline is no win under the standard rule.
        let mut s = Board::parse_diagram(d, Rule::Standard).unwrap();
        s.put_stone(Pos::new(3, 3), Color::Black).unwrap();
        assert_eq!(winning_line(&s), None);
    }

    #[test]
    fn names_renju_fouls() {
        // Double three at e5 (4,4): threes along row 4 and column 4.
        let d3 = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . X . . O .
            . . X X . . . . .
            . . . . . . . O .
            . . . . . . . . .
            . . . . . . . . O
            O . . . . . . . .";
        let b = Board::parse_diagram(d3, Rule::Renju).unwrap();
        assert_eq!(b.side_to_move(), Color::Black);
        assert_eq!(foul_kind(&b, Pos::new(4, 4)), Some(Foul::DoubleThree));
        assert_eq!(foul_kind(&b, Pos::new(5, 5)), None);
        let free = Board::parse_diagram(d3, Rule::Freestyle).unwrap();
        assert_eq!(foul_kind(&free, Pos::new(4, 4)), None);
        let d4 = "
            O . . . . . . . .
            . . . . X . . . .
            . . . . X . . . .
            . . . . X . . O .
            . X X X . . . . .
            . . . . . . . O .
            . . . . . . O . .
            . . . . . . . . O
            . . . . . . O . .";
        let b = Board::parse_diagram(d4, Rule::Renju).unwrap();
        assert_eq!(foul_kind(&b, Pos::new(4, 4)), Some(Foul::DoubleFour));
        let dol = "
            O . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . O .
            X X X . X X . O .
            . . . . . . . O .
            . . . . . . . . .
            . . . . . . . . O
            . . . . . . . . .";
        let b = Board::parse_diagram(dol, Rule::Renju).unwrap();
        assert_eq!(foul_kind(&b, Pos::new(3, 4)), Some(Foul::Overline));
    }

    #[test]
    fn greedy_wins_blocks_and_attacks() {
        let win = "
            . . . . . . . . .
            . . . . . . . . .
            . X X X X . . . .
            . O O O O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let b = Board::parse_diagram(win, Rule::Freestyle).unwrap();
        let m = greedy_move(&b).unwrap();
        assert!(m == Pos::new(0, 2) || m == Pos::new(5, 2), "{m:?}");
        let block = "
            . . . . . . . . .
            . . . . . . . . .
            . X X X . . . . .
            . O O O O . . . .
            . . . . . . . . .
            . . . . . . . . X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let b = Board::parse_diagram(block, Rule::Freestyle).unwrap();
        assert_eq!(b.side_to_move(), Color::Black);
        let m = greedy_move(&b).unwrap();
        assert!(m == Pos::new(0, 3) || m == Pos::new(5, 3), "{m:?}");
        let empty = Board::new(15, 15, Rule::Renju).unwrap();
        assert_eq!(greedy_move(&empty), Some(Pos::new(7, 7)));
    }
}
