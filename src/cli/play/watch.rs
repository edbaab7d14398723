//! `play --watch`: Tengen plays itself, or another pbrain engine given as a command,
//! move by move, for demonstrations.
//!
//! The other engine is driven with the Gomocup protocol (`START`/`RECTSTART`, `INFO`,
//! `BEGIN`, `TURN`, `END`). A reader thread turns its stdout into lines on a channel,
//! and every wait for an answer has a deadline, so a silent, crashed or confused
//! opponent ends its game with a message instead of hanging the demonstration.

use super::game::{level_limits, StatusLine, Style};
use super::outcome::{color_name, foul_kind, outcome_after_move, Outcome};
use super::view::{render, Marks};
use crate::board::Board;
use crate::engine::Engine;
use crate::tournament::process::locate_program_here;
use crate::tournament::spec::split_words;
use crate::types::{format_value, Color, Pos, Rule};
use anyhow::{anyhow, bail, Context, Result};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What `--watch` was asked to do.
#[derive(Clone, Debug)]
pub struct WatchSettings {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The rule.
    pub rule: Rule,
    /// Milliseconds per move (Tengen's budget, and `timeout_turn` for the opponent).
    pub time_ms: u64,
    /// Tengen's strength (level 1 is the greedy move).
    pub level: u32,
    /// Games to play.
    pub games: u32,
    /// Stop a game after this many moves.
    pub max_moves: Option<usize>,
    /// The opponent's command line, if not Tengen itself.
    pub opponent: Option<String>,
    /// Extra time the opponent gets for every answer before it is given up on.
    pub opponent_margin_ms: u64,
}

/// A short name for an engine command: the program's file name, or the script's
/// when the program is an interpreter (`sh brain.sh` is `brain.sh`).
pub fn short_name(command: &str) -> String {
    const INTERPRETERS: [&str; 8] = [
        "sh", "bash", "python", "python3", "wine", "node", "java", "env",
    ];
    let base = |t: &str| -> String { t.rsplit(['/', '\\']).next().unwrap_or(t).to_string() };
    let mut tokens = command.split_whitespace().filter(|t| !t.starts_with('-'));
    let Some(first) = tokens.next() else {
        return "opponent".to_string();
    };
    let name = base(first);
    if INTERPRETERS.contains(&name.as_str()) {
        if let Some(script) = tokens.next() {
            return base(script);
        }
    }
    name
}

/// Another engine speaking the Gomocup protocol on its stdin and stdout.
pub struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    /// Starts `command`: through `sh -c` on Unix (so shell syntax works); on Windows
    /// directly, split into words like a `match --engine` command and found the way
    /// Windows finds programs. Not through `cmd /C`: killing a hung opponent kills only
    /// the process we started, and an engine left running under `cmd` would keep our
    /// own output handles open (Windows children inherit them) for as long as it hangs.
    pub fn spawn(command: &str) -> Result<Brain> {
        let mut cmd = if cfg!(windows) {
            let words = split_words(command).map_err(|e| anyhow!(e))?;
            let (program, args) = words
                .split_first()
                .ok_or_else(|| anyhow!("empty opponent command"))?;
            let program = locate_program_here(program)
                .ok_or_else(|| anyhow!("opponent program `{program}` not found"))?;
            let mut c = Command::new(program);
            c.args(args);
            c
        } else {
            let mut c = Command::new("sh");
            c.arg("-c").arg(command);
            c
        };
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start opponent {command:?}"))?;
        let stdin = child.stdin.take().ok_or_else(|| anyhow!("no stdin pipe"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| anyhow!("no stdout pipe"))?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Brain {
            child,
            stdin,
            lines: rx,
        })
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .context("the opponent stopped reading its input")
    }

    /// The next answer line within `timeout`, skipping `MESSAGE`/`DEBUG` lines;
    /// `ERROR`/`UNKNOWN` answers are errors.
    pub fn answer(&mut self, timeout: Duration) -> Result<String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let upper = line.to_ascii_uppercase();
                    if line.is_empty()
                        || upper.starts_with("MESSAGE")
                        || upper.starts_with("DEBUG")
                        || upper.starts_with("SUGGEST")
                    {
                        continue;
                    }
                    if upper.starts_with("ERROR") || upper.starts_with("UNKNOWN") {
                        bail!("the opponent answered {line:?}");
                    }
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => {
                    bail!(
                        "the opponent did not answer within {} ms",
                        timeout.as_millis()
                    )
                }
                Err(RecvTimeoutError::Disconnected) => bail!("the opponent exited"),
            }
        }
    }

    /// Reads a move answer `x,y` and checks it is an empty cell of `board`.
    pub fn answer_move(&mut self, board: &Board, timeout: Duration) -> Result<Pos> {
        let line = self.answer(timeout)?;
        let p = line
            .split_once(',')
            .and_then(|(x, y)| Some((x.trim().parse::<i64>().ok()?, y.trim().parse::<i64>().ok()?)))
            .and_then(|(x, y)| board.pos(x, y))
            .ok_or_else(|| anyhow!("the opponent answered {line:?}, not a cell of the board"))?;
        if !board.is_empty(p) {
            bail!("the opponent played {p}, which is not empty");
        }
        Ok(p)
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.send("END");
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Games won by Tengen, by the opponent, and drawn (or stopped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Tengen's wins (black's wins in self-play).
    pub first: u32,
    /// The opponent's wins (white's wins in self-play).
    pub second: u32,
    /// Draws and games stopped at the move limit.
    pub draws: u32,
}

/// Plays the games and writes them to `out`; returns the score.
pub fn watch<W: Write>(
    s: &WatchSettings,
    style: Style,
    out: &mut W,
    status: &mut (dyn Write + Send),
) -> Result<Score> {
    let mut engine = Engine::new();
    engine.options_mut().threads = 1;
    engine.set_rule(s.rule);
    let mut score = Score::default();
    let (first_name, second_name) = match &s.opponent {
        Some(cmd) => ("Tengen".to_string(), short_name(cmd)),
        None => ("black".to_string(), "white".to_string()),
    };
    for g in 0..s.games.max(1) {
        engine.new_game(s.width, s.height)?;
        // Against an opponent Tengen takes black in odd-numbered games.
        let tengen_colors: Vec<Color> = match &s.opponent {
            None => vec![Color::Black, Color::White],
            Some(_) if g % 2 == 0 => vec![Color::Black],
            Some(_) => vec![Color::White],
        };
        let names = |c: Color| -> String {
            match &s.opponent {
                None => format!("Tengen ({})", color_name(c)),
                Some(cmd) if !tengen_colors.contains(&c) => {
                    format!("{} ({})", short_name(cmd), color_name(c))
                }
                Some(_) => format!("Tengen ({})", color_name(c)),
            }
        };
        let mut brain = match &s.opponent {
            Some(cmd) => Some(start_brain(cmd, s)?),
            None => None,
        };
        writeln!(
            out,
            "Game {}/{}: {} vs {} - {} {}x{}",
            g + 1,
            s.games.max(1),
            names(Color::Black),
            names(Color::White),
            s.rule,
            s.width,
            s.height
        )?;
        let mut outcome: Option<Outcome> = None;
        let mut failure: Option<(Color, String)> = None;
        while outcome.is_none() {
            if s.max_moves.is_some_and(|m| engine.board().ply() >= m) {
                outcome = Some(Outcome::MoveLimit);
                break;
            }
            if engine.board().is_full() {
                outcome = Some(Outcome::Draw);
                break;
            }
            let side = engine.board().side_to_move();
            let (p, detail) = if tengen_colors.contains(&side) {
                let r = tengen_move(&mut engine, s, style, status);
                match r {
                    Some(x) => x,
                    None => {
                        outcome = Some(Outcome::Draw);
                        break;
                    }
                }
            } else {
                let b = brain.as_mut().expect("an opponent plays this side");
                let timeout = Duration::from_millis(s.time_ms + s.opponent_margin_ms);
                let asked = match engine.board().last_move() {
                    None => b.send("BEGIN"),
                    Some(last) => b.send(&format!("TURN {last}")),
                };
                match asked.and_then(|_| b.answer_move(engine.board(), timeout)) {
                    Ok(p) => (p, String::new()),
                    Err(e) => {
                        failure = Some((side, format!("{e:#}")));
                        break;
                    }
                }
            };
            let foul = foul_kind(engine.board(), p);
            engine.play(p)?;
            outcome = match foul {
                Some(kind) => Some(Outcome::Foul { at: p, kind }),
                None => outcome_after_move(engine.board()),
            };
            let five = match &outcome {
                Some(Outcome::Five { line, .. }) => line.clone(),
                _ => Vec::new(),
            };
            let marks = Marks {
                last: Some(p),
                five,
                ..Marks::default()
            };
            let mut text = String::new();
            if style.terminal {
                text.push_str("\x1b[H\x1b[2J");
                text.push_str(&format!(
                    "Game {}/{}: {} vs {}\n",
                    g + 1,
                    s.games.max(1),
                    names(Color::Black),
                    names(Color::White)
                ));
            }
            text.push_str(&render(engine.board(), &marks, style.color));
            text.push_str(&format!(
                "Move {}: {} plays {}{detail}\n",
                engine.board().ply(),
                names(side),
                p.to_human()
            ));
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
        drop(brain);
        let winner = if let Some((side, why)) = failure {
            writeln!(out, "{} failed: {why}; it loses the game.", names(side))?;
            Some(side.opp())
        } else {
            let o = outcome.unwrap_or(Outcome::Draw);
            let text = match &o {
                Outcome::Five { winner, line } => {
                    let cells: Vec<String> = line.iter().map(|p| p.to_human()).collect();
                    format!("{} wins with five: {}.", names(*winner), cells.join(" "))
                }
                Outcome::Foul { at, kind } => format!(
                    "Forbidden move {} ({kind}) - black loses: {} wins.",
                    at.to_human(),
                    names(Color::White)
                ),
                Outcome::Draw => "The board is full: a draw.".to_string(),
                Outcome::MoveLimit => "Stopped at the move limit: no result.".to_string(),
                Outcome::Resigned { loser } => format!("{} resigns.", names(*loser)),
            };
            writeln!(out, "{text}")?;
            o.winner()
        };
        match winner {
            None => score.draws += 1,
            Some(c) => {
                let first_won = match &s.opponent {
                    None => c == Color::Black,
                    Some(_) => tengen_colors.contains(&c),
                };
                if first_won {
                    score.first += 1;
                } else {
                    score.second += 1;
                }
            }
        }
    }
    writeln!(
        out,
        "Score: {first_name} {} - {second_name} {} - draws {}",
        score.first, score.second, score.draws
    )?;
    out.flush()?;
    Ok(score)
}

fn start_brain(cmd: &str, s: &WatchSettings) -> Result<Brain> {
    let mut b = Brain::spawn(cmd)?;
    let margin = Duration::from_millis(s.opponent_margin_ms.max(1));
    if s.width == s.height {
        b.send(&format!("START {}", s.width))?;
    } else {
        b.send(&format!("RECTSTART {},{}", s.width, s.height))?;
    }
    let ok = b.answer(margin).context("the opponent did not start")?;
    if !ok.eq_ignore_ascii_case("OK") {
        bail!("the opponent answered {ok:?} to START");
    }
    b.send(&format!("INFO timeout_turn {}", s.time_ms))?;
    b.send("INFO timeout_match 0")?;
    b.send(&format!("INFO rule {}", s.rule.info_value()))?;
    Ok(b)
}

fn tengen_move(
    engine: &mut Engine,
    s: &WatchSettings,
    style: Style,
    status: &mut (dyn Write + Send),
) -> Option<(Pos, String)> {
    match level_limits(s.level, s.time_ms) {
        None => super::outcome::greedy_move(engine.board()).map(|p| (p, String::new())),
        Some((depth, ms)) => {
            let opts = engine.options_mut();
            opts.max_depth = depth;
            opts.timeout_turn_ms = ms as i64;
            let stop = AtomicBool::new(false);
            let label = format!("{} thinking", color_name(engine.board().side_to_move()));
            let mut line = StatusLine::new(status, style.live, &label);
            let r = engine.think(Instant::now(), &mut line, &stop);
            line.finish();
            (r.best != Pos::NONE).then(|| {
                (
                    r.best,
                    format!(" [depth {}, eval {}]", r.depth, format_value(r.value)),
                )
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_names_from_commands() {
        assert_eq!(short_name("/opt/brains/pbrain-rapfi"), "pbrain-rapfi");
        assert_eq!(short_name("pbrain-x --threads 2"), "pbrain-x");
        assert_eq!(short_name("sh tests/data/fake_brain.sh"), "fake_brain.sh");
        assert_eq!(short_name("wine C:\\brains\\pbrain-y.exe"), "pbrain-y.exe");
        assert_eq!(short_name("sh"), "sh");
        assert_eq!(short_name("  "), "opponent");
    }
}
