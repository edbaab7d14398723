//! Finished games and their records: SGF (c-gomoku-cli style) and a PGN-style
//! result file that BayesElo and Ordo read.

use crate::types::{Color, Pos, Rule};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// A winning five (judged by the rule).
    Five,
    /// Black played a renju forbidden point (double three, double four or overline).
    Forbidden,
    /// The reply was off the board, on an occupied cell or not a move at all.
    IllegalMove,
    /// The engine answered `ERROR …` where a move was due.
    ErrorReply,
    /// No move within the time limit (plus tolerance).
    Timeout,
    /// The engine exited or closed its output.
    Crash,
    /// The engine could not be started or did not answer `START` with `OK`.
    StartFailure,
    /// Draw: the board is full.
    FullBoard,
    /// Draw: the move cap (`--draw-after`) was reached.
    MoveCap,
}

impl Termination {
    /// A short lower-case label (SGF `TE`, PGN `Termination`, tables).
    pub fn label(self) -> &'static str {
        match self {
            Termination::Five => "five",
            Termination::Forbidden => "forbidden move",
            Termination::IllegalMove => "illegal move",
            Termination::ErrorReply => "error reply",
            Termination::Timeout => "time forfeit",
            Termination::Crash => "crash",
            Termination::StartFailure => "start failure",
            Termination::FullBoard => "full board",
            Termination::MoveCap => "move cap",
        }
    }

    /// Whether the loser broke the rules of play or the protocol (not a five or a draw).
    pub fn is_failure(self) -> bool {
        !matches!(
            self,
            Termination::Five | Termination::FullBoard | Termination::MoveCap
        )
    }
}

/// One move made by an engine during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Where the stone went.
    pub pos: Pos,
    /// Thinking time as measured by the manager, in milliseconds.
    pub time_ms: u64,
}

/// Everything known about a finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based game number in the schedule.
    pub number: usize,
    /// Index of the engine playing black (first mover).
    pub black: usize,
    /// Index of the engine playing white.
    pub white: usize,
    /// Board side.
    pub size: usize,
    /// Rule the game was judged by.
    pub rule: Rule,
    /// Opening stones (black first), placed by the manager.
    pub opening: Vec<Pos>,
    /// 1-based line of the opening in its file, if an opening file was used.
    pub opening_line: Option<usize>,
    /// Moves made by the engines after the opening, in order.
    pub moves: Vec<MoveRecord>,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
    /// A human-readable detail (the offending reply, the exit status, …).
    pub detail: String,
    /// Every line exchanged with the engines, if a transcript was asked for
    /// ([`GameSettings::transcript`](super::GameSettings::transcript)).
    pub transcript: Vec<String>,
}

impl GameRecord {
    /// Index of the engine that won, if any.
    pub fn winner_engine(&self) -> Option<usize> {
        self.winner.map(|c| self.engine_of(c))
    }

    /// Index of the engine playing `color`.
    pub fn engine_of(&self, color: Color) -> usize {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// Stones on the board at the end (opening plus moves).
    pub fn plies(&self) -> usize {
        self.opening.len() + self.moves.len()
    }

    /// A sentence such as `White wins by time forfeit` or `Draw by full board`.
    pub fn describe(&self) -> String {
        match self.winner {
            Some(Color::Black) => format!("Black wins by {}", self.reason_text()),
            Some(Color::White) => format!("White wins by {}", self.reason_text()),
            None => format!("Draw by {}", self.termination.label()),
        }
    }

    fn reason_text(&self) -> String {
        match self.termination {
            Termination::Five | Termination::FullBoard | Termination::MoveCap => {
                self.termination.label().to_string()
            }
            t => format!("opponent {}", t.label()),
        }
    }

    /// The game as SGF (`GM[4]`), in the layout c-gomoku-cli writes: lower-case
    /// coordinates (`a` = 0) column then row, `C[opening]` on opening stones and
    /// `C[<ms>ms]` on engine moves. `RE` is `B+1`, `W+1` or `0`.
    pub fn to_sgf(&self, names: &[String]) -> String {
        let re = match self.winner {
            Some(Color::Black) => "B+1",
            Some(Color::White) => "W+1",
            None => "0",
        };
        let mut s = format!(
            "(;FF[4]GM[4]GN[{}]SZ[{}]RU[{}]PB[{}]PW[{}]RE[{}]TE[{}]",
            self.number,
            self.size,
            self.rule.info_value(),
            sgf_escape(&names[self.black]),
            sgf_escape(&names[self.white]),
            re,
            sgf_escape(&self.termination_text()),
        );
        let stones = self
            .opening
            .iter()
            .map(|&p| (p, "opening".to_string()))
            .chain(
                self.moves
                    .iter()
                    .map(|m| (m.pos, format!("{}ms", m.time_ms))),
            );
        for (i, (p, comment)) in stones.enumerate() {
            if i % 8 == 0 {
                s.push('\n');
            }
            let tag = if color_of_ply(i) == Color::Black {
                'B'
            } else {
                'W'
            };
            s.push_str(&format!(";{tag}[{}]C[{comment}]", sgf_point(p)));
        }
        s.push_str(")\n");
        s
    }

    fn termination_text(&self) -> String {
        if self.detail.is_empty() {
            self.describe()
        } else {
            format!("{}: {}", self.describe(), self.detail)
        }
    }

    /// A PGN game without moves, as BayesElo and Ordo expect. Chess conventions apply:
    /// the PGN `White` is the player who moves **first** (Gomoku's black), so that
    /// the rating tools' first-move advantage means the same thing as in chess, and
    /// `1-0` means that first player won.
    pub fn to_pgn(&self, names: &[String], event: &str) -> String {
        let result = match self.winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        };
        format!(
            "[Event \"{}\"]\n[Site \"tengen match\"]\n[Round \"{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{}\"]\n[Termination \"{}\"]\n[PlyCount \"{}\"]\n\n{}\n\n",
            pgn_escape(event),
            self.number,
            pgn_escape(&names[self.black]),
            pgn_escape(&names[self.white]),
            result,
            pgn_escape(&self.termination_text()),
            self.plies(),
            result
        )
    }
}

/// The colour of the stone with 0-based index `i` in a game (black first, alternating).
pub fn color_of_ply(i: usize) -> Color {
    if i.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    }
}

/// An SGF point: column letter then row letter, `a` = 0.
pub fn sgf_point(p: Pos) -> String {
    format!(
        "{}{}",
        (b'a' + p.x() as u8) as char,
        (b'a' + p.y() as u8) as char
    )
}

fn sgf_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

fn pgn_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        GameRecord {
            number: 3,
            black: 1,
            white: 0,
            size: 15,
            rule: Rule::Renju,
            opening: vec![Pos::new(7, 7), Pos::new(8, 7)],
            opening_line: Some(1),
            moves: vec![
                MoveRecord {
                    pos: Pos::new(8, 8),
                    time_ms: 12,
                },
                MoveRecord {
                    pos: Pos::new(0, 14),
                    time_ms: 5,
                },
            ],
            winner: Some(Color::White),
            termination: Termination::Forbidden,
            detail: String::new(),
            transcript: Vec::new(),
        }
    }

    #[test]
    fn sgf_layout() {
        let names = vec!["A]x".to_string(), "B".to_string()];
        let s = sample().to_sgf(&names);
        assert!(
            s.starts_with("(;FF[4]GM[4]GN[3]SZ[15]RU[4]PB[B]PW[A\\]x]RE[W+1]"),
            "{s}"
        );
        assert!(
            s.contains("TE[White wins by opponent forbidden move]"),
            "{s}"
        );
        assert!(
            s.contains(";B[hh]C[opening];W[ih]C[opening];B[ii]C[12ms];W[ao]C[5ms])"),
            "{s}"
        );
        assert!(s.ends_with(")\n"));
    }

    #[test]
    fn pgn_uses_chess_conventions() {
        let names = vec!["A".to_string(), "B \"q\"".to_string()];
        let p = sample().to_pgn(&names, "t");
        assert!(
            p.contains("[White \"B \\\"q\\\"\"]\n[Black \"A\"]\n[Result \"0-1\"]"),
            "{p}"
        );
        assert!(p.contains("[PlyCount \"4\"]"));
        assert!(p.trim_end().ends_with("0-1"));
        let mut draw = sample();
        draw.winner = None;
        draw.termination = Termination::FullBoard;
        assert!(draw.to_pgn(&names, "t").contains("[Result \"1/2-1/2\"]"));
        assert_eq!(draw.describe(), "Draw by full board");
    }
}
