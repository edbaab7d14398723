//! Typed commands of the Gomocup protocol (plus the Yixin-Board subset), parsed from
//! one line at a time.
//!
//! Parsing never looks at the game: a line is either a well-formed command with raw
//! numbers (the session checks them against the board), nothing (a blank line), or a
//! [`ParseError`] that becomes exactly one `ERROR …` or `UNKNOWN …` line. Command
//! words and `INFO` keys are case-insensitive; blanks and tabs around words, numbers and
//! commas are tolerated (`  TURN   7 , 8  `).

use std::fmt;

/// A cell as received, not yet checked against the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    /// Column, 0-based.
    pub x: i64,
    /// Row, 0-based.
    pub y: i64,
}

/// One manager → brain command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n` (also `START n n` and `START w h` as sent by old Yixin-Board builds).
    Start {
        /// Columns.
        width: i64,
        /// Rows.
        height: i64,
    },
    /// `RECTSTART w,h`.
    RectStart {
        /// Columns.
        width: i64,
        /// Rows.
        height: i64,
    },
    /// `RESTART`: new game, same size.
    Restart,
    /// `BEGIN`: we open on the empty board.
    Begin,
    /// `TURN x,y`: the opponent played there; our move is due.
    Turn(Coord),
    /// `BOARD`: a block of `x,y,f` lines up to `DONE` follows; our move is due after it.
    Board,
    /// `YXBOARD`: like `BOARD` but only sets the position.
    YxBoard,
    /// `SWAP2BOARD`: a block of `x,y` (or `x,y,f`) lines up to `DONE` for the swap2 opening.
    Swap2Board,
    /// `DONE` (outside a block it is an unknown command).
    Done,
    /// `INFO key value`; the key is lower-cased, the value is the rest of the line, trimmed.
    Info {
        /// Lower-case key (empty when the line had none).
        key: String,
        /// Everything after the key.
        value: String,
    },
    /// `END`.
    End,
    /// `ABOUT`.
    About,
    /// `TAKEBACK x,y`.
    Takeback(Coord),
    /// `PLAY x,y`: play exactly there.
    Play(Coord),
    /// `YXSTOP` or `STOP`: answer now.
    Stop,
    /// `YXSHOWFORBID`.
    ShowForbid,
    /// `YXHASHCLEAR`.
    HashClear,
    /// `YXSHOWINFO`: switches to Yixin-Board GUI mode.
    ShowInfo,
    /// `YXNBEST n`.
    NBest(i64),
}

impl Command {
    /// Whether the command changes the position or needs the engine's board, so that it
    /// must wait for (and, if it changes the position, abort) a running search.
    pub fn needs_engine(&self) -> bool {
        !matches!(
            self,
            Command::Info { .. }
                | Command::End
                | Command::About
                | Command::Stop
                | Command::ShowInfo
                | Command::Done
        )
    }

    /// Whether the command replaces or edits the position; a search running when it
    /// arrives is aborted without printing its move.
    pub fn changes_position(&self) -> bool {
        self.needs_engine() && !matches!(self, Command::ShowForbid | Command::HashClear)
    }
}

/// Why a line is not a valid command. Each error is answered with exactly one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The command word is not one we know: answered `UNKNOWN …`.
    Unknown(String),
    /// A known command with bad arguments: answered `ERROR …`.
    Invalid(String),
}

impl ParseError {
    /// The single protocol line that answers this error.
    pub fn reply(&self) -> String {
        match self {
            ParseError::Unknown(word) => format!("UNKNOWN command {word}"),
            ParseError::Invalid(msg) => format!("ERROR {msg}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reply())
    }
}

impl std::error::Error for ParseError {}

/// Longest piece of received text we ever echo back.
const ECHO_MAX: usize = 40;

/// Makes received text safe to echo in one short output line: control characters
/// become `?` and the length is capped.
pub fn sanitize(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(ECHO_MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(ECHO_MAX).is_some() {
        out.push_str("...");
    }
    out
}

/// Splits a line into its first word and the trimmed rest.
pub fn split_word(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    }
}

/// Parses an integer field, tolerating surrounding blanks.
fn int(field: &str) -> Option<i64> {
    field.trim().parse::<i64>().ok()
}

/// Parses `x,y` with optional blanks around the numbers and the comma.
pub fn parse_coord(text: &str) -> Option<Coord> {
    let mut parts = text.split(',');
    let x = int(parts.next()?)?;
    let y = int(parts.next()?)?;
    if parts.next().is_some() {
        return None;
    }
    Some(Coord { x, y })
}

/// A line inside a `BOARD`/`YXBOARD`/`SWAP2BOARD` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoneLine {
    /// The cell.
    pub at: Coord,
    /// The third field, if the line had one (`1` own, `2` opponent, `3` blocked).
    pub field: Option<i64>,
}

/// Parses a block body line: `x,y` or `x,y,f`, blanks tolerated.
pub fn parse_stone(text: &str) -> Option<StoneLine> {
    let fields: Vec<&str> = text.split(',').collect();
    match fields.as_slice() {
        [x, y] => Some(StoneLine {
            at: Coord {
                x: int(x)?,
                y: int(y)?,
            },
            field: None,
        }),
        [x, y, f] => Some(StoneLine {
            at: Coord {
                x: int(x)?,
                y: int(y)?,
            },
            field: Some(int(f)?),
        }),
        _ => None,
    }
}

/// Whether a block body line is the terminating `DONE`.
pub fn is_done(line: &str) -> bool {
    split_word(line).0.eq_ignore_ascii_case("done")
}

/// Parses the size arguments of `START` / `RECTSTART`: one number, or two separated by
/// blanks and/or a comma.
fn parse_size(rest: &str, word: &str, need_two: bool) -> Result<(i64, i64), ParseError> {
    let fields: Vec<&str> = rest
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    let bad = || ParseError::Invalid(format!("bad {word} parameter '{}'", sanitize(rest)));
    match fields.as_slice() {
        [] => Err(ParseError::Invalid(format!("{word} needs a board size"))),
        [n] if !need_two => {
            let n = int(n).ok_or_else(bad)?;
            Ok((n, n))
        }
        [w, h] => Ok((int(w).ok_or_else(bad)?, int(h).ok_or_else(bad)?)),
        _ => Err(bad()),
    }
}

fn coord_arg(rest: &str, word: &str) -> Result<Coord, ParseError> {
    parse_coord(rest).ok_or_else(|| {
        ParseError::Invalid(format!(
            "bad coordinates for {word}: '{}' (expected x,y)",
            sanitize(rest)
        ))
    })
}

/// Parses one line (already stripped of its terminator) outside a block.
///
/// `Ok(None)` for a blank line (which gets no reply at all).
pub fn parse_command(line: &str) -> Result<Option<Command>, ParseError> {
    let (word, rest) = split_word(line);
    if word.is_empty() {
        return Ok(None);
    }
    let upper = word.to_ascii_uppercase();
    let cmd = match upper.as_str() {
        "START" => {
            let (width, height) = parse_size(rest, "START", false)?;
            Command::Start { width, height }
        }
        "RECTSTART" => {
            let (width, height) = parse_size(rest, "RECTSTART", true)?;
            Command::RectStart { width, height }
        }
        "RESTART" => Command::Restart,
        "BEGIN" => Command::Begin,
        "TURN" => Command::Turn(coord_arg(rest, "TURN")?),
        "BOARD" => Command::Board,
        "YXBOARD" => Command::YxBoard,
        "SWAP2BOARD" => Command::Swap2Board,
        "DONE" => Command::Done,
        "INFO" => {
            let (key, value) = split_word(rest);
            Command::Info {
                key: key.to_ascii_lowercase(),
                value: value.to_string(),
            }
        }
        "END" => Command::End,
        "ABOUT" => Command::About,
        "TAKEBACK" => Command::Takeback(coord_arg(rest, "TAKEBACK")?),
        "PLAY" => Command::Play(coord_arg(rest, "PLAY")?),
        "YXSTOP" | "STOP" => Command::Stop,
        "YXSHOWFORBID" => Command::ShowForbid,
        "YXHASHCLEAR" => Command::HashClear,
        "YXSHOWINFO" => Command::ShowInfo,
        "YXNBEST" => {
            let n = int(rest).ok_or_else(|| {
                ParseError::Invalid(format!("bad YXNBEST count '{}'", sanitize(rest)))
            })?;
            Command::NBest(n)
        }
        _ => return Err(ParseError::Unknown(sanitize(word))),
    };
    Ok(Some(cmd))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse_command(line).unwrap().unwrap()
    }

    #[test]
    fn words_are_case_insensitive_and_blanks_tolerated() {
        assert_eq!(
            ok("start 15"),
            Command::Start {
                width: 15,
                height: 15
            }
        );
        assert_eq!(
            ok("  START\t20  "),
            Command::Start {
                width: 20,
                height: 20
            }
        );
        assert_eq!(
            ok("Start 15 15"),
            Command::Start {
                width: 15,
                height: 15
            }
        );
        assert_eq!(ok("begin"), Command::Begin);
        assert_eq!(ok("  TURN   7 , 8  "), Command::Turn(Coord { x: 7, y: 8 }));
        assert_eq!(ok("TURN\t7,8"), Command::Turn(Coord { x: 7, y: 8 }));
        assert_eq!(ok("turn 7, 8"), Command::Turn(Coord { x: 7, y: 8 }));
        assert_eq!(ok("yxstop"), Command::Stop);
        assert_eq!(ok("STOP"), Command::Stop);
        assert_eq!(ok("end now"), Command::End);
    }

    #[test]
    fn blank_lines_are_nothing() {
        assert_eq!(parse_command(""), Ok(None));
        assert_eq!(parse_command("   \t "), Ok(None));
    }

    #[test]
    fn sizes() {
        assert_eq!(
            ok("RECTSTART 20,15"),
            Command::RectStart {
                width: 20,
                height: 15
            }
        );
        assert_eq!(
            ok("RECTSTART 20 , 15"),
            Command::RectStart {
                width: 20,
                height: 15
            }
        );
        assert_eq!(
            ok("START -3"),
            Command::Start {
                width: -3,
                height: -3
            }
        );
        for bad in [
            "START",
            "START abc",
            "START 1 2 3",
            "RECTSTART 20",
            "START 99999999999999999999",
        ] {
            assert!(
                matches!(parse_command(bad), Err(ParseError::Invalid(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn malformed_coordinates_are_errors() {
        for bad in [
            "TURN 5",
            "TURN a,b",
            "TURN 7,",
            "TURN ,7",
            "TURN 7,7,7",
            "TURN",
            "TURN 7 8",
            "TAKEBACK",
            "PLAY x",
        ] {
            let e = parse_command(bad).unwrap_err();
            assert!(matches!(e, ParseError::Invalid(_)), "{bad}");
            assert!(e.reply().starts_with("ERROR "));
            assert!(!e.reply().contains('\n'));
        }
        // Out-of-range numbers parse: the session checks them against the board.
        assert_eq!(ok("TURN -1,3"), Command::Turn(Coord { x: -1, y: 3 }));
    }

    #[test]
    fn info_keeps_the_rest_of_the_line() {
        assert_eq!(
            ok("INFO folder C:\\Some Dir\\x"),
            Command::Info {
                key: "folder".into(),
                value: "C:\\Some Dir\\x".into()
            }
        );
        assert_eq!(
            ok("INFO TIMEOUT_TURN 300"),
            Command::Info {
                key: "timeout_turn".into(),
                value: "300".into()
            }
        );
        assert_eq!(
            ok("INFO"),
            Command::Info {
                key: String::new(),
                value: String::new()
            }
        );
    }

    #[test]
    fn unknown_words_echo_a_short_safe_word() {
        let e = parse_command("FOO bar").unwrap_err();
        assert_eq!(e, ParseError::Unknown("FOO".into()));
        assert_eq!(e.reply(), "UNKNOWN command FOO");
        let long = "X".repeat(10_000);
        let r = parse_command(&long).unwrap_err().reply();
        assert!(r.starts_with("UNKNOWN") && r.len() < 100);
        let ctl = parse_command("\u{1}\u{7}abc").unwrap_err().reply();
        assert!(!ctl.chars().any(|c| c.is_control()));
    }

    #[test]
    fn stone_lines() {
        assert_eq!(
            parse_stone(" 7 , 8 , 1 "),
            Some(StoneLine {
                at: Coord { x: 7, y: 8 },
                field: Some(1)
            })
        );
        assert_eq!(
            parse_stone("7,8"),
            Some(StoneLine {
                at: Coord { x: 7, y: 8 },
                field: None
            })
        );
        assert_eq!(parse_stone("7,8,1,2"), None);
        assert_eq!(parse_stone("garbage"), None);
        assert!(is_done("done"));
        assert!(is_done("  DONE "));
        assert!(!is_done("7,7,1"));
    }

    #[test]
    fn classification() {
        assert!(ok("TURN 1,1").changes_position());
        assert!(ok("BOARD").changes_position());
        assert!(!ok("INFO a b").needs_engine());
        assert!(ok("YXSHOWFORBID").needs_engine());
        assert!(!ok("YXSHOWFORBID").changes_position());
        assert!(!ok("ABOUT").needs_engine());
    }
}
