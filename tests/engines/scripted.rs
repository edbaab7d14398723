//! `tengen-scripted-engine`: a scripted pbrain engine for the match-runner, process and
//! `play --watch` tests. It is a test fixture, not part of Tengen; it is a binary of
//! the package (rather than a shell script) so that the same tests run on Windows,
//! and integration tests find it through `CARGO_BIN_EXE_tengen-scripted-engine`.
//!
//! ```text
//! tengen-scripted-engine MODE [FROM] [MOVES...]
//! ```
//!
//! It plays the first empty cell scanning row by row from 0,0, and misbehaves on
//! purpose from its FROM-th move on (default 1) according to MODE:
//!
//! | mode | | mode | |
//! |---|---|---|---|
//! | `good` | never misbehaves | `flood` | 3000 MESSAGE lines before each move (and one before its ABOUT answer) |
//! | `timeout` | never answers (sleeps 30 s) | `noabout` | ignores ABOUT, otherwise good |
//! | `crash` | exits with status 3 | `error` | answers `ERROR ...` |
//! | `occupied` | plays the opponent's stone | `offboard` | plays x = board size |
//! | `garbage` | answers a non-move line | `slow` | sleeps 0.15 s before each move |
//! | `badstart` | answers START with ERROR | `script` | plays MOVES in order, then scans |
//! | `log` | plays well and appends every line it receives to the file MOVES\[0\] | `spam` | sends MESSAGE lines forever instead of a move |
//! | `teacher` | a `datagen --teacher`: after each BOARD of N stones it writes `MESSAGE Depth 3 \| Eval <10 N> \| Time 1ms` (or `Eval +M5` from 12 stones on), then `0,0` | | |
//!
//! Modes that act before any command (FROM is ignored):
//!
//! | mode | |
//! |---|---|
//! | `silent` | reads nothing, writes nothing, sleeps 30 s, exits |
//! | `exit` | exits at once with status 0 |
//! | `framing` | reads one line X, writes `got X`, `x` + CR LF, sleeps 0.3 s, writes `late`, exits |
//! | `parent` | starts a `silent` copy of itself that shares its stdout, then sleeps 30 s |

use std::collections::HashSet;
use std::io::{self, BufRead, Write};
use std::process::{exit, Command, Stdio};
use std::thread::sleep;
use std::time::Duration;

/// Writes one LF-terminated line and flushes; a closed pipe (the manager is gone)
/// ends the engine quietly.
fn say(line: &str) {
    let mut out = io::stdout().lock();
    if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
        exit(0);
    }
}

struct Engine {
    mode: String,
    from: usize,
    script: Vec<String>,
    size: i64,
    occ: HashSet<(i64, i64)>,
    n: usize,
    last: Option<(i64, i64)>,
}

fn coord(s: &str) -> Option<(i64, i64)> {
    let mut it = s.split(',');
    let x = it.next()?.trim().parse().ok()?;
    let y = it.next()?.trim().parse().ok()?;
    Some((x, y))
}

impl Engine {
    fn scan(&mut self) {
        for y in 0..self.size {
            for x in 0..self.size {
                if self.occ.insert((x, y)) {
                    say(&format!("{x},{y}"));
                    return;
                }
            }
        }
    }

    fn respond(&mut self) {
        self.n += 1;
        if self.n < self.from {
            self.scan();
            return;
        }
        match self.mode.as_str() {
            "timeout" => sleep(Duration::from_secs(30)),
            "crash" => exit(3),
            "error" => say("ERROR cannot think"),
            "occupied" => match self.last {
                Some((x, y)) => say(&format!("{x},{y}")),
                None => self.scan(),
            },
            "offboard" => say(&format!("{},0", self.size)),
            "garbage" => say("thinking hard"),
            "spam" => loop {
                say("MESSAGE still thinking");
            },
            "flood" => {
                for i in 0..3000 {
                    say(&format!("MESSAGE flood line {i}"));
                }
                say("DEBUG done flooding");
                self.scan();
            }
            "slow" => {
                sleep(Duration::from_millis(150));
                self.scan();
            }
            "script" => {
                let m = self.script.get(self.n - 1).and_then(|m| coord(m));
                match m {
                    Some(c) if !self.occ.contains(&c) => {
                        self.occ.insert(c);
                        say(&format!("{},{}", c.0, c.1));
                    }
                    _ => self.scan(),
                }
            }
            _ => self.scan(),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().cloned().unwrap_or_else(|| "good".into());
    match mode.as_str() {
        "silent" => {
            sleep(Duration::from_secs(30));
            return;
        }
        "exit" => return,
        "framing" => {
            let mut a = String::new();
            let _ = io::stdin().lock().read_line(&mut a);
            say(&format!("got {}", a.trim_end_matches(['\r', '\n'])));
            {
                let mut out = io::stdout().lock();
                let _ = out.write_all(b"x\r\n").and_then(|_| out.flush());
            }
            sleep(Duration::from_millis(300));
            say("late");
            return;
        }
        "parent" => {
            let me = std::env::current_exe().expect("own path");
            let mut child = Command::new(me)
                .arg("silent")
                .stdin(Stdio::null())
                .stdout(Stdio::inherit())
                .spawn()
                .expect("start the silent child");
            sleep(Duration::from_secs(30));
            let _ = child.wait();
            return;
        }
        _ => {}
    }
    let from = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let script: Vec<String> = args.iter().skip(2).cloned().collect();
    let logfile = (mode == "log").then(|| script.first().cloned()).flatten();
    let mut log = logfile.map(|f| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(f)
            .expect("open the log file")
    });
    let mut e = Engine {
        mode,
        from,
        script,
        size: 15,
        occ: HashSet::new(),
        n: 0,
        last: None,
    };
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut next_line = |log: &mut Option<std::fs::File>| -> Option<String> {
        let l = lines.next()?.ok()?;
        let l = l.trim_end_matches('\r').to_string();
        if let Some(f) = log.as_mut() {
            let _ = writeln!(f, "{l}");
        }
        Some(l)
    };
    while let Some(line) = next_line(&mut log) {
        let (word, rest) = line.split_once(' ').unwrap_or((&line, ""));
        match word.to_ascii_uppercase().as_str() {
            "ABOUT" => match e.mode.as_str() {
                "noabout" => {}
                m => {
                    if m == "flood" {
                        say("MESSAGE about to answer ABOUT");
                    }
                    say(r#"name="scripted", version="1.0", author="tengen tests""#)
                }
            },
            "START" => {
                if e.mode == "badstart" {
                    say("ERROR unsupported size");
                } else {
                    e.size = rest.trim().parse().unwrap_or(15);
                    e.occ.clear();
                    e.n = 0;
                    e.last = None;
                    say("OK");
                }
            }
            "BEGIN" => e.respond(),
            "TURN" => {
                e.last = coord(rest);
                if let Some(c) = e.last {
                    e.occ.insert(c);
                }
                e.respond();
            }
            "BOARD" => {
                let mut stones = 0;
                while let Some(l) = next_line(&mut log) {
                    if l.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    if let Some(c) = coord(&l) {
                        e.occ.insert(c);
                        e.last = Some(c);
                        stones += 1;
                    }
                }
                if e.mode == "teacher" {
                    if stones >= 12 {
                        say("MESSAGE Depth 3 | Eval +M5");
                    } else {
                        say(&format!(
                            "MESSAGE Depth 3 | Eval {} | Time 1ms",
                            stones * 10
                        ));
                    }
                    say("0,0");
                } else {
                    e.respond();
                }
            }
            "END" => exit(0),
            _ => {}
        }
    }
}
