//! One game between two engine processes, managed the way Gomocup managers do it
//! (protocol spec §7, §8): ABOUT, START, the INFO block, `INFO time_left` before every
//! move, BEGIN or BOARD for each side's first move, TURN afterwards, END and a kill
//! after 500 ms. The board judges every reply (§9).

use super::process::{EngineProcess, Recv};
use super::record::{color_of_ply, GameRecord, MoveRecord, Termination};
use super::spec::EngineSpec;
use crate::board::Board;
use crate::types::{Color, Pos, Rule};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// `INFO time_left` value meaning "no match clock".
const UNLIMITED: i64 = 2_147_483_647;
/// How long an engine may take to leave after `END` before it is killed.
const END_GRACE: Duration = Duration::from_millis(500);
/// How often a wait checks whether the match was cancelled.
const ABORT_POLL: Duration = Duration::from_millis(100);

/// Time limits, all in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Per-move limit; 0 = none (only the game clock).
    pub turn_ms: u64,
    /// Per-game clock for each player; 0 = none (only the move limit).
    pub match_ms: u64,
    /// Added to a player's game clock before each of its moves.
    pub increment_ms: u64,
    /// Grace on top of every limit before a move counts as late; also the deadline
    /// for the ABOUT and START answers.
    pub tolerance_ms: u64,
}

impl TimeControl {
    /// Checks that some limit exists (otherwise a hung engine could never be caught).
    pub fn validate(&self) -> Result<(), String> {
        if self.turn_ms == 0 && self.match_ms == 0 {
            return Err("a time control is needed: a move limit, a game clock or both".into());
        }
        Ok(())
    }
}

/// Settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Board side (5..=22).
    pub size: usize,
    /// The rule the board judges by and `INFO rule` announces.
    pub rule: Rule,
    /// Clocks.
    pub tc: TimeControl,
    /// Draw once this many stones (opening included) are on the board.
    pub draw_after: Option<usize>,
    /// `INFO max_memory` in bytes unless an engine overrides it.
    pub max_memory: u64,
    /// Keep a transcript of every line exchanged with the engines in the record.
    pub transcript: bool,
}

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameJob {
    /// 1-based game number.
    pub number: usize,
    /// Engine index playing black.
    pub black: usize,
    /// Engine index playing white.
    pub white: usize,
    /// Opening stones, black first.
    pub opening: Vec<Pos>,
    /// 1-based line of the opening in its file.
    pub opening_line: Option<usize>,
}

/// A game's end before the record is assembled.
struct End {
    winner: Option<Color>,
    termination: Termination,
    detail: String,
}

impl End {
    fn loss(loser: Color, termination: Termination, detail: impl Into<String>) -> End {
        End {
            winner: Some(loser.opp()),
            termination,
            detail: detail.into(),
        }
    }
}

/// Plays `job` between `engines[job.black]` and `engines[job.white]`. Returns `None`
/// if `abort` was raised before the game ended (the game then does not count).
pub fn play_game(
    settings: &GameSettings,
    job: &GameJob,
    engines: &[EngineSpec],
    abort: &AtomicBool,
) -> Option<GameRecord> {
    let mut board = Board::new(settings.size, settings.size, settings.rule).ok()?;
    for &p in &job.opening {
        board.play(p).ok()?;
    }
    let specs = [&engines[job.black], &engines[job.white]];
    let mut game = Game {
        settings,
        board,
        procs: [None, None],
        moves: Vec::new(),
        abort,
        started: Instant::now(),
        transcript: settings.transcript.then(Vec::new),
    };
    let end = game.run(specs);
    // END to both at once, then one shared grace period.
    for c in Color::BOTH {
        if game.procs[c.idx()].is_some() {
            game.note(c, '>', "END");
            game.proc(c).send_end();
        }
    }
    let deadline = Instant::now() + END_GRACE;
    for c in Color::BOTH {
        if let Some(p) = game.procs[c.idx()].as_mut() {
            if p.finish(deadline) {
                game.note(c, '!', "killed after END");
            }
        }
    }
    let end = end?;
    Some(GameRecord {
        number: job.number,
        black: job.black,
        white: job.white,
        size: settings.size,
        rule: settings.rule,
        opening: job.opening.clone(),
        opening_line: job.opening_line,
        moves: game.moves,
        winner: end.winner,
        termination: end.termination,
        detail: end.detail,
        transcript: game.transcript.unwrap_or_default(),
    })
}

struct Game<'a> {
    settings: &'a GameSettings,
    board: Board,
    procs: [Option<EngineProcess>; 2],
    moves: Vec<MoveRecord>,
    abort: &'a AtomicBool,
    started: Instant,
    transcript: Option<Vec<String>>,
}

/// What waiting for a reply produced.
enum Reply {
    Line(Instant, String),
    Timeout,
    Eof,
    Aborted,
}

impl Game<'_> {
    fn tolerance(&self) -> Duration {
        Duration::from_millis(self.settings.tc.tolerance_ms)
    }

    fn proc(&mut self, c: Color) -> &mut EngineProcess {
        self.procs[c.idx()].as_mut().expect("engine started")
    }

    /// Adds a transcript line: seconds since the game started, colour, direction
    /// (`>` to the engine, `<` from it, `!` an event) and the text.
    fn note(&mut self, c: Color, dir: char, text: &str) {
        if let Some(t) = self.transcript.as_mut() {
            let secs = self.started.elapsed().as_secs_f64();
            let who = if c == Color::Black { "black" } else { "white" };
            t.push(format!("{secs:9.3} {who} {dir} {text}"));
        }
    }

    /// Sends lines to the engine playing `c` (and notes them).
    fn send(&mut self, c: Color, lines: &[String]) -> std::io::Result<()> {
        for l in lines {
            self.note(c, '>', l);
        }
        self.proc(c).send_all(lines)
    }

    /// Next line that is not blank, `MESSAGE …` or `DEBUG …`, before `deadline`.
    fn reply(&mut self, c: Color, deadline: Instant) -> Reply {
        loop {
            if self.abort.load(Ordering::Relaxed) {
                return Reply::Aborted;
            }
            let step = deadline.min(Instant::now() + ABORT_POLL);
            match self.proc(c).recv(step) {
                Recv::Line(at, text) => {
                    self.note(c, '<', &text);
                    let t = text.trim();
                    let up = t.get(..7).unwrap_or(t).to_ascii_uppercase();
                    if t.is_empty() || up.starts_with("MESSAGE") || up.starts_with("DEBUG") {
                        // An engine that never stops talking is still out of time.
                        if at >= deadline {
                            self.note(c, '!', "deadline passed");
                            return Reply::Timeout;
                        }
                        continue;
                    }
                    return Reply::Line(at, t.to_string());
                }
                Recv::Timeout if Instant::now() >= deadline => {
                    self.note(c, '!', "deadline passed");
                    return Reply::Timeout;
                }
                Recv::Timeout => continue,
                Recv::Eof => {
                    self.note(c, '!', "output closed");
                    return Reply::Eof;
                }
            }
        }
    }

    fn crash_detail(&mut self, c: Color, when: &str) -> String {
        // The output closed; give the process a moment to be reaped for its status.
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            if let Some(st) = self.proc(c).exit_status() {
                return format!("{when}: {st}");
            }
            if Instant::now() >= until {
                return format!("{when}: output closed");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Starts both engines and plays until the game ends; `None` if aborted.
    fn run(&mut self, specs: [&EngineSpec; 2]) -> Option<End> {
        for c in Color::BOTH {
            match EngineProcess::spawn(&specs[c.idx()].command) {
                Ok(p) => self.procs[c.idx()] = Some(p),
                Err(e) => {
                    return Some(End::loss(
                        c,
                        Termination::StartFailure,
                        format!("cannot run `{}`: {e}", specs[c.idx()].command.join(" ")),
                    ))
                }
            }
        }
        if let Some(end) = self.handshake(specs) {
            return end;
        }
        loop {
            if let Some(end) = self.one_move() {
                return end;
            }
        }
    }

    /// ABOUT, START and the INFO block for both engines. `Some` ends the game.
    fn handshake(&mut self, specs: [&EngineSpec; 2]) -> Option<Option<End>> {
        // ABOUT is informative only: an engine that does not answer in time still plays
        // (c-gomoku-cli would block here forever).
        for c in Color::BOTH {
            let _ = self.send(c, &["ABOUT".to_string()]);
        }
        let deadline = Instant::now() + self.tolerance();
        for c in Color::BOTH {
            match self.reply(c, deadline) {
                Reply::Aborted => return Some(None),
                Reply::Eof => {
                    let d = self.crash_detail(c, "exited after ABOUT");
                    return Some(Some(End::loss(c, Termination::Crash, d)));
                }
                _ => {}
            }
        }
        let start = format!("START {}", self.settings.size);
        for c in Color::BOTH {
            if self.send(c, std::slice::from_ref(&start)).is_err() {
                let d = self.crash_detail(c, "cannot send START");
                return Some(Some(End::loss(c, Termination::Crash, d)));
            }
        }
        let deadline = Instant::now() + self.tolerance();
        for c in Color::BOTH {
            // Wait for exactly OK; other lines (a late ABOUT answer) are skipped.
            loop {
                match self.reply(c, deadline) {
                    Reply::Aborted => return Some(None),
                    Reply::Line(_, t) if t.eq_ignore_ascii_case("OK") => break,
                    Reply::Line(_, t) if t.to_ascii_uppercase().starts_with("ERROR") => {
                        return Some(Some(End::loss(
                            c,
                            Termination::StartFailure,
                            format!("START answered `{}`", clip(&t)),
                        )))
                    }
                    Reply::Line(..) => continue,
                    Reply::Timeout => {
                        return Some(Some(End::loss(
                            c,
                            Termination::StartFailure,
                            format!("no OK to START within {} ms", self.settings.tc.tolerance_ms),
                        )))
                    }
                    Reply::Eof => {
                        let d = self.crash_detail(c, "exited before answering START");
                        return Some(Some(End::loss(c, Termination::StartFailure, d)));
                    }
                }
            }
        }
        for c in Color::BOTH {
            let info = self.info_block(specs[c.idx()]);
            if self.send(c, &info).is_err() {
                let d = self.crash_detail(c, "cannot send INFO");
                return Some(Some(End::loss(c, Termination::Crash, d)));
            }
        }
        None
    }

    fn info_block(&self, spec: &EngineSpec) -> Vec<String> {
        let tc = &self.settings.tc;
        // With no move limit the game clock is the move limit (as in c-gomoku-cli);
        // 0 would mean "play instantly" to the engine.
        let turn = if tc.turn_ms > 0 {
            tc.turn_ms
        } else {
            tc.match_ms
        };
        let mut v = vec![
            format!("INFO timeout_turn {turn}"),
            format!("INFO timeout_match {}", tc.match_ms),
            format!(
                "INFO max_memory {}",
                spec.max_memory.unwrap_or(self.settings.max_memory)
            ),
            "INFO game_type 1".to_string(),
            format!("INFO rule {}", self.settings.rule.info_value()),
        ];
        if let Some(n) = spec.max_nodes {
            v.push(format!("INFO max_node {n}"));
        }
        if let Some(d) = spec.max_depth {
            v.push(format!("INFO max_depth {d}"));
        }
        if let Some(t) = spec.threads {
            v.push(format!("INFO thread_num {t}"));
        }
        for (k, val) in &spec.options {
            v.push(format!("INFO {k} {val}"));
        }
        v
    }

    /// Asks the side to move for a move and judges it. `Some` ends the game.
    fn one_move(&mut self) -> Option<Option<End>> {
        let side = self.board.side_to_move();
        let tc = self.settings.tc;
        // Game clock, kept per colour in the moves list implicitly.
        let used: u64 = self.moves_of(side).map(|m| m.time_ms).sum();
        let own_moves = self.moves_of(side).count() as i64;
        let clock = if tc.match_ms > 0 {
            tc.match_ms as i64 + tc.increment_ms as i64 * (own_moves + 1) - used as i64
        } else {
            UNLIMITED
        };
        // The move limit, or what is left on the game clock if that is less. The clock
        // can be negative after earlier moves ate into the tolerance: then only the
        // rest of the tolerance remains, and nothing at all once that is spent too.
        let mut budget = if tc.turn_ms > 0 {
            tc.turn_ms as i64
        } else {
            UNLIMITED
        };
        if tc.match_ms > 0 {
            budget = budget.min(clock);
        }
        let allowed = budget + tc.tolerance_ms as i64;
        if allowed <= 0 {
            return Some(Some(End::loss(
                side,
                Termination::Timeout,
                format!("game clock exhausted ({clock} ms left)"),
            )));
        }

        let mut lines = vec![format!("INFO time_left {clock}")];
        let first = self.moves_of(side).next().is_none();
        if first && self.board.count() == 0 {
            lines.push("BEGIN".into());
        } else if first {
            lines.push("BOARD".into());
            for (i, &p) in self.board.history().iter().enumerate() {
                let field = if color_of_ply(i) == side { 1 } else { 2 };
                lines.push(format!("{},{},{field}", p.x(), p.y()));
            }
            lines.push("DONE".into());
        } else {
            let last = self.board.last_move().expect("a move was made");
            lines.push(format!("TURN {},{}", last.x(), last.y()));
        }
        if self.send(side, &lines).is_err() {
            let d = self.crash_detail(side, "cannot send the move request");
            return Some(Some(End::loss(side, Termination::Crash, d)));
        }
        let sent = Instant::now();
        let deadline = sent + Duration::from_millis(allowed as u64);
        let (at, text) = match self.reply(side, deadline) {
            Reply::Aborted => return Some(None),
            Reply::Timeout => {
                return Some(Some(End::loss(
                    side,
                    Termination::Timeout,
                    format!("no move within {budget} ms"),
                )))
            }
            Reply::Eof => {
                let d = self.crash_detail(side, "exited while thinking");
                return Some(Some(End::loss(side, Termination::Crash, d)));
            }
            Reply::Line(at, t) => (at, t),
        };
        let ms = at.saturating_duration_since(sent).as_millis() as u64;
        if at > deadline {
            return Some(Some(End::loss(
                side,
                Termination::Timeout,
                format!("move after {ms} ms, limit {budget} ms"),
            )));
        }
        if text.to_ascii_uppercase().starts_with("ERROR") {
            return Some(Some(End::loss(side, Termination::ErrorReply, clip(&text))));
        }
        let Some((x, y)) = parse_move(&text) else {
            return Some(Some(End::loss(
                side,
                Termination::IllegalMove,
                format!("not a move: `{}`", clip(&text)),
            )));
        };
        let Some(p) = self.board.pos(x, y) else {
            return Some(Some(End::loss(
                side,
                Termination::IllegalMove,
                format!("{x},{y} is off the board"),
            )));
        };
        if !self.board.is_empty(p) {
            return Some(Some(End::loss(
                side,
                Termination::IllegalMove,
                format!("{x},{y} is occupied"),
            )));
        }
        let forbidden = side == Color::Black && self.board.is_forbidden(p);
        self.board.play(p).expect("checked empty");
        self.moves.push(MoveRecord {
            pos: p,
            time_ms: ms,
        });
        if forbidden {
            return Some(Some(End::loss(
                side,
                Termination::Forbidden,
                format!("{x},{y} is forbidden for black"),
            )));
        }
        if self.board.winner() == Some(side) {
            return Some(Some(End {
                winner: Some(side),
                termination: Termination::Five,
                detail: String::new(),
            }));
        }
        if self.board.is_full() {
            return Some(Some(End {
                winner: None,
                termination: Termination::FullBoard,
                detail: String::new(),
            }));
        }
        if self
            .settings
            .draw_after
            .is_some_and(|n| self.board.ply() >= n)
        {
            return Some(Some(End {
                winner: None,
                termination: Termination::MoveCap,
                detail: format!("{} stones", self.board.ply()),
            }));
        }
        None
    }

    /// Moves made by the engine playing `c` (the opening is not theirs).
    fn moves_of(&self, c: Color) -> impl Iterator<Item = &MoveRecord> {
        let opening = self.board.ply() - self.moves.len();
        self.moves
            .iter()
            .enumerate()
            .filter(move |(i, _)| color_of_ply(opening + i) == c)
            .map(|(_, m)| m)
    }
}

/// Reads an `x,y` reply: two integers around one comma, blanks allowed around them.
pub fn parse_move(text: &str) -> Option<(i64, i64)> {
    let (a, b) = text.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// Cuts a reply to a length that fits in a result line.
fn clip(s: &str) -> String {
    const MAX: usize = 80;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(MAX).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_parsing_is_tolerant_of_blanks_only() {
        assert_eq!(parse_move("7,8"), Some((7, 8)));
        assert_eq!(parse_move(" 7 , 8 "), Some((7, 8)));
        assert_eq!(parse_move("-1,3"), Some((-1, 3)));
        for bad in ["7", "7,", ",7", "7,7,7", "a,b", "SUGGEST 7,7", "7 7"] {
            assert_eq!(parse_move(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_time_control_is_required() {
        let tc = TimeControl {
            turn_ms: 0,
            match_ms: 0,
            increment_ms: 0,
            tolerance_ms: 100,
        };
        assert!(tc.validate().is_err());
        assert!(TimeControl { turn_ms: 5, ..tc }.validate().is_ok());
    }
}
