//! The interactive game loop, written over any `BufRead` input and `Write` output so
//! that tests drive it in-process exactly as a terminal does.

use super::notation::{parse_move, MoveError};
use super::outcome::{color_name, foul_kind, greedy_move, outcome_after_move, Outcome};
use super::record::{Format, GameRecord};
use super::view::{render, Marks};
use crate::board::Board;
use crate::engine::{Engine, IterationInfo, Reporter};
use crate::types::{format_value, Color, Pos, Rule};
use anyhow::Result;
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The strongest level: the engine's full search within the time per move.
pub const MAX_LEVEL: u32 = 6;
/// Longest input line we read; longer ones are refused (and skipped to their end).
pub const MAX_LINE: usize = 1024;
/// Largest game record we load.
pub const MAX_RECORD_BYTES: u64 = 1 << 20;

/// What the player chose on the command line.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The rule.
    pub rule: Rule,
    /// The human's colour.
    pub human: Color,
    /// Most milliseconds per engine move.
    pub time_ms: u64,
    /// Strength 1..=[`MAX_LEVEL`].
    pub level: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
            human: Color::Black,
            time_ms: 2000,
            level: MAX_LEVEL,
        }
    }
}

/// The search limits of a level: depth limit and time per move in ms, `None` for
/// level 1 (the greedy move, no search).
pub fn level_limits(level: u32, time_ms: u64) -> Option<(Option<i32>, u64)> {
    let (depth, cap) = match level {
        0 | 1 => return None,
        2 => (Some(2), 300),
        3 => (Some(4), 600),
        4 => (Some(6), 1200),
        5 => (Some(9), 2500),
        _ => (None, u64::MAX),
    };
    Some((depth, time_ms.min(cap).max(1)))
}

/// How output is presented.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// ANSI colours.
    pub color: bool,
    /// The output is a terminal: redraw the screen in place.
    pub terminal: bool,
    /// The status output is a terminal: keep the engine's progress on one line.
    pub live: bool,
}

/// One line of input, as far as the loop cares.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    /// A line (without its newline), invalid UTF-8 replaced.
    Line(String),
    /// A line longer than the limit (skipped entirely).
    TooLong,
    /// End of input.
    Eof,
}

/// Reads one line of at most `max` bytes; a longer line is consumed and reported as
/// [`Input::TooLong`] without ever holding it in memory.
pub fn read_input(input: &mut impl BufRead, max: usize) -> io::Result<Input> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if !any {
                return Ok(Input::Eof);
            }
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + chunk.len() > max {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Input::TooLong);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Input::Line(String::from_utf8_lossy(&line).into_owned()))
}

/// Writes the engine's progress: one line rewritten in place on a terminal, plain
/// lines otherwise.
pub struct StatusLine<'a> {
    out: &'a mut (dyn Write + Send),
    live: bool,
    label: &'a str,
    shown: bool,
}

impl<'a> StatusLine<'a> {
    /// A status writer for `label` ("Tengen thinking", "hint").
    pub fn new(out: &'a mut (dyn Write + Send), live: bool, label: &'a str) -> StatusLine<'a> {
        StatusLine {
            out,
            live,
            label,
            shown: false,
        }
    }

    /// Clears the live line.
    pub fn finish(&mut self) {
        if self.live && self.shown {
            let _ = write!(self.out, "\r\x1b[K");
            let _ = self.out.flush();
        }
    }
}

/// One status line for an iteration.
pub fn status_text(label: &str, info: &IterationInfo) -> String {
    let best = info
        .pv
        .first()
        .map(|p| p.to_human())
        .unwrap_or_else(|| "-".into());
    format!(
        "{label}: depth {} eval {} best {best} nodes {} time {} ms",
        info.depth,
        format_value(info.value),
        info.nodes,
        info.time_ms
    )
}

impl Reporter for StatusLine<'_> {
    fn iteration(&mut self, info: &IterationInfo) {
        let text = status_text(self.label, info);
        let _ = if self.live {
            write!(self.out, "\r\x1b[K{text}")
        } else {
            writeln!(self.out, "{text}")
        };
        let _ = self.out.flush();
        self.shown = true;
    }
}

/// What the loop does after a line.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

const HELP: &str = "\
Moves: a cell like h8 (column letter, row number) or 7,7 (0-based x,y).
Commands:
  hint         ask Tengen for a move for you
  undo         take back your last move and Tengen's answer
  new          start a new game
  swap         swap colours (Tengen then plays your side)
  resign       give up this game
  forbid       show renju forbidden points for black (marked !)
  save FILE    save the game (FILE.psq: Piskvork, anything else: SGF)
  load FILE    load a game (SGF or .psq)
  moves        list the moves played
  board        draw the board again
  help         this text
  quit         leave";

/// A human-against-engine game session.
pub struct Game<W: Write> {
    out: W,
    status: Box<dyn Write + Send>,
    style: Style,
    settings: Settings,
    engine: Engine,
    over: Option<Outcome>,
    notes: Vec<String>,
    forbidden: Vec<Pos>,
    hint: Option<Pos>,
    dirty: bool,
}

impl<W: Write> Game<W> {
    /// A session writing the game to `out` and the engine's progress to `status`.
    pub fn new(
        settings: Settings,
        style: Style,
        out: W,
        status: Box<dyn Write + Send>,
    ) -> Result<Game<W>> {
        let mut engine = Engine::new();
        engine.options_mut().threads = 1;
        engine.set_rule(settings.rule);
        engine.new_game(settings.width, settings.height)?;
        Ok(Game {
            out,
            status,
            style,
            settings,
            engine,
            over: None,
            notes: Vec::new(),
            forbidden: Vec::new(),
            hint: None,
            dirty: true,
        })
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.engine.board()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.over.as_ref()
    }

    /// The output written so far.
    pub fn output(&self) -> &W {
        &self.out
    }

    /// Greets the player and lets the engine open if it plays black.
    pub fn begin(&mut self) -> Result<()> {
        self.note(format!(
            "New game: {} on {}x{}, you play {}. Type 'help' for commands.",
            self.settings.rule,
            self.settings.width,
            self.settings.height,
            self.describe(self.settings.human)
        ));
        self.engine_turn_if_due()
    }

    /// Handles one line of input as typed (the engine answers a move at once) and
    /// draws the result; false when the player quits.
    pub fn handle_line(&mut self, line: &str) -> Result<bool> {
        let flow = self.handle(line)?;
        self.show()?;
        Ok(flow == Flow::Continue)
    }

    /// Plays until `quit` or the end of input; returns the exit code.
    pub fn run(&mut self, mut input: impl BufRead) -> Result<i32> {
        self.begin()?;
        loop {
            self.show()?;
            match read_input(&mut input, MAX_LINE)? {
                Input::Eof => {
                    writeln!(self.out)?;
                    self.out.flush()?;
                    return Ok(0);
                }
                Input::TooLong => self.note(format!(
                    "That line is longer than {MAX_LINE} bytes; ignored."
                )),
                Input::Line(line) => {
                    if self.handle(&line)? == Flow::Quit {
                        writeln!(self.out, "Bye.")?;
                        self.out.flush()?;
                        return Ok(0);
                    }
                }
            }
        }
    }

    fn note(&mut self, s: impl Into<String>) {
        self.notes.push(s.into());
    }

    fn describe(&self, c: Color) -> String {
        let stone = if c == Color::Black { 'X' } else { 'O' };
        format!("{} ({stone})", color_name(c))
    }

    fn engine_name(&self) -> String {
        format!("Tengen ({})", color_name(self.settings.human.opp()))
    }

    fn marks(&self) -> Marks {
        let five = match &self.over {
            Some(Outcome::Five { line, .. }) => line.clone(),
            _ => Vec::new(),
        };
        Marks {
            last: self.board().last_move(),
            five,
            forbidden: self.forbidden.clone(),
            hint: self.hint,
        }
    }

    fn header(&self) -> String {
        let s = &self.settings;
        let strength = match level_limits(s.level, s.time_ms) {
            None => "level 1 (beginner)".to_string(),
            Some((_, ms)) => format!("level {} ({ms} ms/move)", s.level),
        };
        format!(
            "Tengen - {} {}x{} - you: {} - {strength} - move {}",
            s.rule,
            s.width,
            s.height,
            self.describe(s.human),
            self.board().ply() + 1
        )
    }

    /// Draws what changed, the notes and the prompt.
    fn show(&mut self) -> Result<()> {
        let mut text = String::new();
        if self.style.terminal {
            text.push_str("\x1b[H\x1b[2J");
        }
        if self.style.terminal || self.dirty {
            text.push_str(&self.header());
            text.push('\n');
            text.push_str(&render(self.board(), &self.marks(), self.style.color));
        }
        for n in self.notes.drain(..) {
            text.push_str(&n);
            text.push('\n');
        }
        self.dirty = false;
        let prompt = if self.over.is_some() {
            "Game over - 'new', 'undo' or 'quit'> ".to_string()
        } else {
            let c = self.settings.human;
            let stone = if c == Color::Black { 'X' } else { 'O' };
            format!("Your move, {} {stone}> ", color_name(c))
        };
        text.push_str(&prompt);
        self.out.write_all(text.as_bytes())?;
        self.out.flush()?;
        Ok(())
    }

    fn handle(&mut self, line: &str) -> Result<Flow> {
        let t = line.trim();
        if t.is_empty() {
            self.note("Type a move like h8 or 7,7, or 'help'.");
            return Ok(Flow::Continue);
        }
        let (cmd, rest) = match t.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (t, ""),
        };
        match cmd.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => return Ok(Flow::Quit),
            "help" | "?" => self.note(HELP),
            "new" => self.new_game()?,
            "undo" => self.undo()?,
            "hint" => self.hint()?,
            "swap" => self.swap()?,
            "resign" => self.resign(),
            "forbid" => self.show_forbidden(),
            "save" => self.save(rest),
            "load" => self.load(rest)?,
            "moves" => self.list_moves(),
            "board" => self.dirty = true,
            _ => self.human_move(t)?,
        }
        Ok(Flow::Continue)
    }

    fn human_move(&mut self, text: &str) -> Result<()> {
        let (w, h) = (self.board().width(), self.board().height());
        let p = match parse_move(text, w, h) {
            Ok(p) => p,
            Err(MoveError::NotAMove) => {
                let shown: String = text
                    .chars()
                    .take(40)
                    .map(|c| if c.is_control() { '?' } else { c })
                    .collect();
                self.note(format!(
                    "'{shown}' is neither a move nor a command. Type a move like h8 or 7,7, or 'help'."
                ));
                return Ok(());
            }
            Err(e) => {
                self.note(format!("{e}."));
                return Ok(());
            }
        };
        if self.over.is_some() {
            self.note(
                "The game is over. Type 'new' for a new game, 'undo' to take back, or 'quit'.",
            );
            return Ok(());
        }
        if !self.board().is_empty(p) {
            self.note(format!(
                "{} is already taken; choose an empty cell.",
                p.to_human()
            ));
            return Ok(());
        }
        self.apply(p)?;
        if self.over.is_none() {
            self.engine_turn_if_due()?;
        }
        Ok(())
    }

    /// Plays `p` for the side to move and judges the result.
    fn apply(&mut self, p: Pos) -> Result<()> {
        let foul = if self.board().rule() == Rule::Renju {
            foul_kind(self.board(), p)
        } else {
            None
        };
        self.engine.play(p)?;
        self.dirty = true;
        self.hint = None;
        self.forbidden.clear();
        self.over = match foul {
            Some(kind) => Some(Outcome::Foul { at: p, kind }),
            None => outcome_after_move(self.board()),
        };
        if self.over.is_some() {
            self.announce();
        }
        Ok(())
    }

    fn who(&self, c: Color) -> String {
        if c == self.settings.human {
            "You".to_string()
        } else {
            "Tengen".to_string()
        }
    }

    fn announce(&mut self) {
        let Some(o) = self.over.clone() else { return };
        let text = match &o {
            Outcome::Five { winner, line } => {
                let cells: Vec<String> = line.iter().map(|p| p.to_human()).collect();
                format!(
                    "Five in a row: {}. {} ({}) win{}.",
                    cells.join(" "),
                    self.who(*winner),
                    color_name(*winner),
                    if *winner == self.settings.human {
                        ""
                    } else {
                        "s"
                    }
                )
            }
            Outcome::Foul { at, kind } => format!(
                "Forbidden move {} ({kind}) - black loses. {} (white) win{}.",
                at.to_human(),
                self.who(Color::White),
                if self.settings.human == Color::White {
                    ""
                } else {
                    "s"
                }
            ),
            Outcome::Draw => "The board is full: a draw.".to_string(),
            Outcome::Resigned { loser } => format!(
                "{} ({}) resign{}. {} win{}.",
                self.who(*loser),
                color_name(*loser),
                if *loser == self.settings.human {
                    ""
                } else {
                    "s"
                },
                self.who(loser.opp()),
                if *loser == self.settings.human {
                    "s"
                } else {
                    ""
                }
            ),
            Outcome::MoveLimit => "Stopped at the move limit.".to_string(),
        };
        self.note(text);
        self.note("Game over. Type 'new' for a new game (or 'undo', 'quit').");
    }

    fn engine_turn_if_due(&mut self) -> Result<()> {
        if self.over.is_some() || self.board().side_to_move() == self.settings.human {
            return Ok(());
        }
        if self.board().is_full() {
            return Ok(());
        }
        if self.style.terminal {
            // Show the human's move while the engine thinks.
            self.dirty = true;
            let mut text = String::from("\x1b[H\x1b[2J");
            text.push_str(&self.header());
            text.push('\n');
            text.push_str(&render(self.board(), &self.marks(), self.style.color));
            for n in &self.notes {
                text.push_str(n);
                text.push('\n');
            }
            self.out.write_all(text.as_bytes())?;
            self.out.flush()?;
        }
        let start = Instant::now();
        let (p, detail) = match level_limits(self.settings.level, self.settings.time_ms) {
            None => match greedy_move(self.board()) {
                Some(p) => (p, "level 1".to_string()),
                None => return Ok(()),
            },
            Some((depth, ms)) => {
                let r = self.search(depth, ms, "Tengen thinking");
                if r.best == Pos::NONE {
                    return Ok(());
                }
                (
                    r.best,
                    format!(
                        "depth {}, eval {}, {} ms",
                        r.depth,
                        format_value(r.value),
                        start.elapsed().as_millis()
                    ),
                )
            }
        };
        let name = self.engine_name();
        self.note(format!("{name} plays {} [{detail}].", p.to_human()));
        self.apply(p)
    }

    fn search(&mut self, depth: Option<i32>, ms: u64, label: &str) -> crate::engine::SearchResult {
        let opts = self.engine.options_mut();
        opts.max_depth = depth;
        opts.timeout_turn_ms = ms as i64;
        opts.timeout_match_ms = 0;
        opts.time_left_ms = None;
        let stop = AtomicBool::new(false);
        let mut status = StatusLine::new(&mut *self.status, self.style.live, label);
        let r = self.engine.think(Instant::now(), &mut status, &stop);
        status.finish();
        r
    }

    fn new_game(&mut self) -> Result<()> {
        self.engine.set_rule(self.settings.rule);
        self.engine
            .new_game(self.settings.width, self.settings.height)?;
        self.over = None;
        self.hint = None;
        self.forbidden.clear();
        self.dirty = true;
        self.note(format!(
            "New game: you play {}.",
            self.describe(self.settings.human)
        ));
        self.engine_turn_if_due()
    }

    fn undo(&mut self) -> Result<()> {
        let human = self.settings.human;
        let ply = self.board().ply();
        // With the engine as black its first stone alone is no "pair" to take back.
        if ply == 0 || (human == Color::White && ply == 1) {
            self.note("Nothing to take back.");
            return Ok(());
        }
        let mut taken = Vec::new();
        if let Some(p) = self.engine.undo() {
            taken.push(p);
        }
        while self.board().ply() > 0 && self.board().side_to_move() != human {
            match self.engine.undo() {
                Some(p) => taken.push(p),
                None => break,
            }
        }
        taken.reverse();
        let names: Vec<String> = taken.iter().map(|p| p.to_human()).collect();
        self.over = None;
        self.hint = None;
        self.forbidden.clear();
        self.dirty = true;
        self.note(format!("Took back {}.", names.join(" ")));
        self.engine_turn_if_due()
    }

    fn hint(&mut self) -> Result<()> {
        if self.over.is_some() {
            self.note("The game is over; no hint needed.");
            return Ok(());
        }
        let ms = self.settings.time_ms.max(1);
        let r = self.search(None, ms, "hint");
        if r.best == Pos::NONE {
            self.note("No move left to suggest.");
            return Ok(());
        }
        self.hint = Some(r.best);
        self.dirty = true;
        self.note(format!(
            "Hint: {} (eval {} for you, depth {}; marked ?).",
            r.best.to_human(),
            format_value(r.value),
            r.depth
        ));
        Ok(())
    }

    fn swap(&mut self) -> Result<()> {
        self.settings.human = self.settings.human.opp();
        self.dirty = true;
        self.note(format!(
            "You now play {}.",
            self.describe(self.settings.human)
        ));
        self.engine_turn_if_due()
    }

    fn resign(&mut self) {
        if self.over.is_some() {
            self.note("The game is already over.");
            return;
        }
        self.over = Some(Outcome::Resigned {
            loser: self.settings.human,
        });
        self.announce();
    }

    fn show_forbidden(&mut self) {
        if self.board().rule() != Rule::Renju {
            self.note(format!(
                "Forbidden points exist only under renju (this game: {}).",
                self.board().rule()
            ));
            return;
        }
        let pts = self.board().clone().forbidden_points();
        if pts.is_empty() {
            self.note("No forbidden points for black right now.");
        } else {
            let names: Vec<String> = pts.iter().map(|p| p.to_human()).collect();
            self.note(format!(
                "Forbidden for black (marked !): {}.",
                names.join(" ")
            ));
        }
        self.forbidden = pts;
        self.dirty = true;
    }

    fn list_moves(&mut self) {
        let h = self.board().history();
        if h.is_empty() {
            self.note("No moves yet.");
            return;
        }
        let pairs: Vec<String> = h
            .chunks(2)
            .enumerate()
            .map(|(i, c)| {
                let ms: Vec<String> = c.iter().map(|p| p.to_human()).collect();
                format!("{}. {}", i + 1, ms.join(" "))
            })
            .collect();
        self.note(format!("Moves: {}", pairs.join("  ")));
    }

    fn record(&self) -> GameRecord {
        let me = "Human".to_string();
        let it = format!("Tengen level {}", self.settings.level);
        let (black, white) = if self.settings.human == Color::Black {
            (me, it)
        } else {
            (it, me)
        };
        GameRecord {
            width: self.board().width(),
            height: self.board().height(),
            rule: Some(self.board().rule()),
            black,
            white,
            moves: self.board().history().to_vec(),
        }
    }

    fn save(&mut self, file: &str) {
        if file.is_empty() {
            self.note("Usage: save FILE  (FILE.psq for Piskvork, anything else SGF)");
            return;
        }
        let format = Format::from_file_name(file);
        let text = self.record().write(format);
        match std::fs::write(file, text) {
            Ok(()) => self.note(format!(
                "Saved {} moves to {file} ({}).",
                self.board().ply(),
                if format == Format::Psq { "psq" } else { "SGF" }
            )),
            Err(e) => self.note(format!("Cannot save to {file}: {e}.")),
        }
    }

    fn load(&mut self, file: &str) -> Result<()> {
        if file.is_empty() {
            self.note("Usage: load FILE  (SGF or Piskvork .psq)");
            return Ok(());
        }
        let text = match read_record_file(file) {
            Ok(t) => t,
            Err(e) => {
                self.note(format!("Cannot load {file}: {e:#}."));
                return Ok(());
            }
        };
        let rec = match GameRecord::parse(&text) {
            Ok(r) => r,
            Err(e) => {
                self.note(format!("Cannot load {file}: {e:#}."));
                return Ok(());
            }
        };
        let rule = rec.rule.unwrap_or(self.settings.rule);
        let board = match rec.replay(rule) {
            Ok(b) => b,
            Err(e) => {
                self.note(format!("Cannot load {file}: {e:#}."));
                return Ok(());
            }
        };
        // Judge the last move as if it had just been played.
        let over = match rec.moves.last() {
            None => None,
            Some(&last) => {
                let mut before = board.clone();
                let _ = before.undo();
                let foul = if rule == Rule::Renju {
                    foul_kind(&before, last)
                } else {
                    None
                };
                match foul {
                    Some(kind) => Some(Outcome::Foul { at: last, kind }),
                    None => outcome_after_move(&board),
                }
            }
        };
        self.settings.width = rec.width;
        self.settings.height = rec.height;
        self.settings.rule = rule;
        self.engine.set_board(board);
        self.engine.clear_hash();
        self.over = over;
        self.hint = None;
        self.forbidden.clear();
        self.dirty = true;
        self.note(format!(
            "Loaded {} moves from {file} ({} {}x{}).",
            rec.moves.len(),
            rule,
            rec.width,
            rec.height
        ));
        if self.over.is_some() {
            self.announce();
        }
        self.engine_turn_if_due()
    }
}

fn read_record_file(file: &str) -> Result<String> {
    let meta = std::fs::metadata(file)?;
    if !meta.is_file() {
        anyhow::bail!("not a file");
    }
    if meta.len() > MAX_RECORD_BYTES {
        anyhow::bail!("larger than {MAX_RECORD_BYTES} bytes, not a game record");
    }
    let bytes = std::fs::read(file)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoReport;

    fn game(settings: Settings, style: Style) -> Game<Vec<u8>> {
        Game::new(settings, style, Vec::new(), Box::new(io::sink())).unwrap()
    }

    fn text(g: &Game<Vec<u8>>) -> String {
        String::from_utf8_lossy(g.output()).into_owned()
    }

    fn small(level: u32) -> Settings {
        Settings {
            width: 9,
            height: 9,
            level,
            time_ms: 100,
            ..Settings::default()
        }
    }

    #[test]
    fn reads_lines_with_a_limit() {
        let mut input = io::Cursor::new(b"h8\r\n\nabc".to_vec());
        assert_eq!(
            read_input(&mut input, 10).unwrap(),
            Input::Line("h8".into())
        );
        assert_eq!(read_input(&mut input, 10).unwrap(), Input::Line("".into()));
        assert_eq!(
            read_input(&mut input, 10).unwrap(),
            Input::Line("abc".into())
        );
        assert_eq!(read_input(&mut input, 10).unwrap(), Input::Eof);
        let mut long = vec![b'x'; 5000];
        long.extend_from_slice(b"\nh8\n\xff\xfe\n");
        // A tiny buffer makes the long line arrive in many pieces.
        let mut input = io::BufReader::with_capacity(7, io::Cursor::new(long));
        assert_eq!(read_input(&mut input, 100).unwrap(), Input::TooLong);
        assert_eq!(
            read_input(&mut input, 100).unwrap(),
            Input::Line("h8".into())
        );
        assert_eq!(
            read_input(&mut input, 100).unwrap(),
            Input::Line("\u{fffd}\u{fffd}".into())
        );
        assert_eq!(read_input(&mut input, 100).unwrap(), Input::Eof);
    }

    #[test]
    fn levels_grow_to_full_strength() {
        assert_eq!(level_limits(1, 5000), None);
        let mut last = (0, 0);
        for level in 2..MAX_LEVEL {
            let (depth, ms) = level_limits(level, 1_000_000).unwrap();
            let d = depth.unwrap();
            assert!(d > last.0 && ms > last.1, "level {level}");
            last = (d, ms);
        }
        assert_eq!(level_limits(MAX_LEVEL, 1234), Some((None, 1234)));
        assert_eq!(level_limits(2, 50), Some((Some(2), 50)));
    }

    const HELPER_DEPTH: i32 = 6;

    #[test]
    fn a_strong_player_beats_level_one() {
        // The human's moves come from a full-strength search, so this stays a win
        // whatever the beginner's scores become.
        let settings = Settings {
            level: 1,
            ..Settings::default()
        };
        let mut g = game(settings, Style::default());
        g.begin().unwrap();
        // A depth limit (not a time limit) keeps the helper deterministic.
        let mut helper = Engine::new();
        helper.options_mut().timeout_turn_ms = 60_000;
        helper.options_mut().max_depth = Some(HELPER_DEPTH);
        let stop = AtomicBool::new(false);
        for _ in 0..40 {
            if g.outcome().is_some() {
                break;
            }
            helper.set_board(g.board().clone());
            let r = helper.think(Instant::now(), &mut NoReport, &stop);
            assert!(g.handle_line(&r.best.to_human()).unwrap());
        }
        match g.outcome() {
            Some(Outcome::Five { winner, line }) => {
                assert_eq!(*winner, Color::Black);
                assert!(line.len() >= 5);
                assert!(line.contains(&g.board().last_move().unwrap()));
            }
            other => panic!("no win: {other:?}\n{}", text(&g)),
        }
        let out = text(&g);
        assert!(out.contains("You (black) win."), "{out}");
        assert!(out.contains("Game over"));
        // The five is drawn with `*` on a plain board.
        assert!(out.lines().any(|l| l.matches('*').count() >= 1));
        // After the end a move is refused, and `new` starts again.
        let before = g.board().ply();
        g.handle_line("a1").unwrap();
        assert_eq!(g.board().ply(), before);
        assert!(text(&g).contains("The game is over"));
        g.handle_line("new").unwrap();
        assert_eq!(g.board().ply(), 0);
        assert!(g.outcome().is_none());
    }

    #[test]
    fn commands_change_the_game_as_described() {
        let mut g = game(small(1), Style::default());
        g.begin().unwrap();
        g.handle_line("e5").unwrap();
        assert_eq!(g.board().ply(), 2, "the engine answers");
        g.handle_line("hint").unwrap();
        assert!(text(&g).contains("Hint: "));
        assert_eq!(g.board().ply(), 2, "a hint plays nothing");
        g.handle_line("swap").unwrap();
        // Tengen now plays black, and it is black's turn: it moves.
        assert_eq!(g.board().ply(), 3);
        assert_eq!(g.board().side_to_move(), Color::White);
        g.handle_line("undo").unwrap();
        // A pair goes (black's answer and the white stone before it), back to the
        // human's (white's) turn; black's opening stone is no pair to take back.
        assert_eq!(g.board().ply(), 1);
        assert_eq!(g.board().side_to_move(), Color::White);
        g.handle_line("undo").unwrap();
        assert_eq!(g.board().ply(), 1);
        assert!(text(&g).contains("Nothing to take back."));
        g.handle_line("resign").unwrap();
        assert_eq!(g.outcome().and_then(|o| o.winner()), Some(Color::Black));
        assert!(text(&g).contains("You (white) resign. Tengen wins."));
        g.handle_line("resign").unwrap();
        assert!(text(&g).contains("already over"));
        g.handle_line("forbid").unwrap();
        assert!(text(&g).contains("only under renju"));
        g.handle_line("help").unwrap();
        assert!(text(&g).contains("save FILE"));
        assert!(!g.handle_line("quit").unwrap());
    }

    #[test]
    fn random_input_never_breaks_the_loop() {
        // A deterministic stream of moves, commands and junk under every rule; the
        // loop must answer each line and end at the end of input.
        let mut state: u64 = 0x5EED;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let words = [
            "undo",
            "new",
            "swap",
            "resign",
            "forbid",
            "moves",
            "board",
            "help",
            "?",
            "UNDO",
            "save",
            "load",
            "",
            " ",
            "x",
            "h8h8",
            ",",
            "1,",
            ",1",
            "--",
            "\u{1b}[2J",
            "ä1",
        ];
        for (i, rule) in Rule::ALL.into_iter().enumerate() {
            let settings = Settings {
                width: 5 + 4 * i,
                height: 5 + 4 * i,
                rule,
                level: 1,
                ..Settings::default()
            };
            let mut input = String::new();
            let mut lines = 0;
            for _ in 0..400 {
                let line = match next(4) {
                    0 => words[next(words.len() as u64) as usize].to_string(),
                    1 => format!("{},{}", next(25) as i64 - 2, next(25) as i64 - 2),
                    _ => format!("{}{}", (b'a' + next(24) as u8) as char, next(24)),
                };
                input.push_str(&line);
                input.push('\n');
                lines += 1;
            }
            let mut g = game(settings, Style::default());
            assert_eq!(g.run(io::Cursor::new(input)).unwrap(), 0);
            let out = text(&g);
            assert_eq!(out.matches("> ").count(), lines + 1, "{rule}");
            // Every stone on the board came from a legal, judged move.
            let b = g.board();
            assert_eq!(b.count(), b.ply());
        }
    }

    #[test]
    fn terminal_style_redraws_in_colour() {
        let style = Style {
            color: true,
            terminal: true,
            live: true,
        };
        let mut g = game(small(2), style);
        g.begin().unwrap();
        g.handle_line("e5").unwrap();
        let out = text(&g);
        assert!(out.contains("\x1b[H\x1b[2J"));
        assert!(out.contains("\x1b[1;91mX"));
        let mut plain = game(small(2), Style::default());
        plain.begin().unwrap();
        plain.handle_line("e5").unwrap();
        assert!(!text(&plain).contains('\x1b'));
    }
}
