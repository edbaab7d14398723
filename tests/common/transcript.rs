//! Runs a protocol transcript (`protocol-tests/*.tpt`) against the real binary.
//! The format is described in `protocol-tests/README.md`.

use super::{Brain, CLOSED};
use regex::Regex;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// How long an expectation without `within` waits.
const DEFAULT_WAIT: Duration = Duration::from_secs(10);

/// Extra time allowed for a reply whose timing began before the brain had written
/// anything (so the process's start-up lies inside the measured interval), from the
/// environment variable `TENGEN_FIRST_REPLY_SLACK_MS` (default 0). Under Wine (the
/// Windows build's check) start-up costs up to a second that no Windows machine pays;
/// bounds measured from a line sent after the brain's first output are unchanged.
fn first_reply_slack() -> Duration {
    std::env::var("TENGEN_FIRST_REPLY_SLACK_MS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .map(Duration::from_millis)
        .unwrap_or(Duration::ZERO)
}

/// Tracks which cells are taken, from the lines sent and the moves received, so that
/// `< move` can check the brain's answer is a legal cell.
struct Tracker {
    width: i64,
    height: i64,
    taken: HashSet<(i64, i64)>,
    /// Inside BOARD/YXBOARD/SWAP2BOARD.
    in_block: bool,
    /// Upper-case word of the last command sent outside a block.
    last_word: String,
}

fn coord(s: &str) -> Option<(i64, i64)> {
    let mut it = s.split(',');
    let x = it.next()?.trim().parse().ok()?;
    let y = it.next()?.trim().parse().ok()?;
    Some((x, y))
}

impl Tracker {
    fn new() -> Tracker {
        Tracker {
            width: 0,
            height: 0,
            taken: HashSet::new(),
            in_block: false,
            last_word: String::new(),
        }
    }

    fn sent(&mut self, line: &str) {
        let t = line.trim();
        let (word, rest) = match t.find(char::is_whitespace) {
            Some(i) => (&t[..i], t[i..].trim()),
            None => (t, ""),
        };
        let word = word.to_ascii_uppercase();
        if self.in_block {
            if word == "DONE" {
                self.in_block = false;
            } else if let Some(c) = coord(t) {
                self.taken.insert(c);
            }
            return;
        }
        match word.as_str() {
            "START" | "RECTSTART" => {
                let nums: Vec<i64> = rest
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter_map(|s| s.parse().ok())
                    .collect();
                let (w, h) = match nums.as_slice() {
                    [n] => (*n, *n),
                    [w, h] => (*w, *h),
                    _ => (0, 0),
                };
                if (5..=22).contains(&w) && (5..=22).contains(&h) {
                    self.width = w;
                    self.height = h;
                    self.taken.clear();
                }
            }
            "RESTART" => self.taken.clear(),
            "TURN" => {
                if let Some(c) = coord(rest) {
                    self.taken.insert(c);
                }
            }
            "TAKEBACK" => {
                if let Some(c) = coord(rest) {
                    self.taken.remove(&c);
                }
            }
            "BOARD" | "YXBOARD" | "SWAP2BOARD" => {
                self.taken.clear();
                self.in_block = true;
            }
            _ => {}
        }
        if !word.is_empty() && word != "INFO" {
            self.last_word = word;
        }
    }

    fn check_move(&self, text: &str) -> Result<(i64, i64), String> {
        let re = Regex::new(r"^-?\d+,-?\d+$").unwrap();
        if !re.is_match(text) {
            return Err(format!("'{text}' is not a move x,y"));
        }
        let c = coord(text).unwrap();
        if c.0 < 0 || c.1 < 0 || c.0 >= self.width || c.1 >= self.height {
            return Err(format!(
                "move {text} is off the {}x{} board",
                self.width, self.height
            ));
        }
        if self.taken.contains(&c) {
            return Err(format!("move {text} is on a taken cell"));
        }
        Ok(c)
    }

    /// Records our move unless the command was analysis or a swap2 proposal.
    fn played(&mut self, c: (i64, i64)) {
        if self.last_word != "YXNBEST" && self.last_word != "SWAP2BOARD" {
            self.taken.insert(c);
        }
    }
}

fn parse_ms(s: &str) -> Result<Duration, String> {
    let n = s
        .trim()
        .strip_suffix("ms")
        .ok_or_else(|| format!("duration '{s}' must end in ms"))?;
    Ok(Duration::from_millis(
        n.trim()
            .parse()
            .map_err(|_| format!("bad duration '{s}'"))?,
    ))
}

/// Expands `{{N*TEXT}}` into TEXT repeated N times and `$move` into the last move read.
fn expand(line: &str, last_move: &str) -> String {
    let mut s = line.replace("$move", last_move);
    while let Some(a) = s.find("{{") {
        let Some(b) = s[a..].find("}}") else { break };
        let inner = &s[a + 2..a + b];
        let rep = match inner.split_once('*') {
            Some((n, t)) => t.repeat(n.trim().parse().unwrap_or(0)),
            None => inner.to_string(),
        };
        s = format!("{}{}{}", &s[..a], rep, &s[a + b + 2..]);
    }
    s
}

/// Runs the transcript `text`; `Err` names the first failing line.
pub fn run(name: &str, text: &str) -> Result<(), String> {
    let mut brain = Brain::spawn();
    let mut tracker = Tracker::new();
    let mut eol = "\n".to_string();
    let mut last_move = String::new();
    let mut exited = false;
    let slack = first_reply_slack();
    // When the brain's first output line arrived.
    let mut first_output: Option<Instant> = None;
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let line = raw.trim_end();
        let fail = |msg: String| format!("{name}:{ln}: `{line}`: {msg}");
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('>') {
            let rest = rest.strip_prefix(' ').unwrap_or(rest);
            let out = expand(rest, &last_move);
            tracker.sent(&out);
            let mut bytes = out.into_bytes();
            bytes.extend_from_slice(eol.as_bytes());
            brain.send_raw(&bytes);
        } else if let Some(rest) = line.strip_prefix('<') {
            // `<~` skips MESSAGE/INFO/DEBUG lines (Yixin-Board detail output) first.
            let (skip_info, rest) = match rest.strip_prefix('~') {
                Some(r) => (true, r.trim()),
                None => (false, rest.trim()),
            };
            let (expect, within) = match rest.rsplit_once(" within ") {
                Some((e, d)) => (e.trim(), Some(parse_ms(d).map_err(&fail)?)),
                None => (rest, None),
            };
            let wait = within
                .map(|d| d + slack + Duration::from_millis(500))
                .unwrap_or(DEFAULT_WAIT);
            let deadline = Instant::now() + wait;
            let got = loop {
                let left = deadline.saturating_duration_since(Instant::now());
                let got = brain.recv(left).map_err(|e| {
                    // A brain that dies before its first line died starting up (under
                    // Wine, Wine's own start-up: scripts/windows-check.sh retries that).
                    match first_output {
                        None if e == CLOSED => fail(format!("{e} before its first line")),
                        _ => fail(e),
                    }
                })?;
                first_output.get_or_insert(got.at);
                let side = ["MESSAGE ", "INFO ", "DEBUG "]
                    .iter()
                    .find(|p| got.text.starts_with(**p));
                match side {
                    Some(p) if skip_info => {
                        if got.text[p.len()..].trim().is_empty() {
                            return Err(fail(format!("empty side line '{}'", got.text)));
                        }
                    }
                    _ => break got,
                }
            };
            if !got.terminated {
                return Err(fail(format!("line '{}' not terminated by LF", got.text)));
            }
            if let Some(mut d) = within {
                if first_output.is_some_and(|f| brain.last_send <= f) {
                    d += slack; // start-up is inside this interval
                }
                let took = got.at.duration_since(brain.last_send);
                if took > d {
                    return Err(fail(format!("'{}' took {took:?} > {d:?}", got.text)));
                }
            }
            check_expect(expect, &got.text, &mut tracker, &mut last_move).map_err(&fail)?;
        } else if let Some(rest) = line.strip_prefix('!') {
            let rest = rest.trim();
            let (word, arg) = rest.split_once(' ').unwrap_or((rest, ""));
            match word {
                "eol" => {
                    eol = match arg.trim() {
                        "lf" => "\n",
                        "crlf" => "\r\n",
                        "cr" => "\r",
                        other => return Err(fail(format!("unknown eol '{other}'"))),
                    }
                    .to_string()
                }
                "no-output" => {
                    let d = parse_ms(arg).map_err(&fail)?;
                    if let Some(l) = brain.silent_for(d) {
                        return Err(fail(format!("unexpected output '{}'", l.text)));
                    }
                }
                "sleep" => std::thread::sleep(parse_ms(arg).map_err(&fail)?),
                "close" => brain.close(),
                "exit" => {
                    let d = parse_ms(arg.trim().strip_prefix("within").unwrap_or(arg))
                        .map_err(&fail)?;
                    // Timed from the last line sent (END) or the close.
                    let deadline = brain.last_send + d;
                    let left = deadline.saturating_duration_since(Instant::now());
                    match brain.wait_exit(left) {
                        Some(s) if s.success() => {}
                        Some(s) => return Err(fail(format!("exit status {s}"))),
                        None => {
                            let late = brain.wait_exit(Duration::from_secs(3));
                            return Err(fail(format!(
                                "still running after {d:?} (later: {late:?})"
                            )));
                        }
                    }
                    let rest = brain.drain();
                    if !rest.is_empty() {
                        return Err(fail(format!("output after the last expectation: {rest:?}")));
                    }
                    exited = true;
                }
                "rss-below" => {
                    let limit: u64 = arg
                        .trim()
                        .parse()
                        .map_err(|_| fail("bad byte count".into()))?;
                    let rss = brain.rss_bytes().ok_or_else(|| fail("no VmRSS".into()))?;
                    if rss >= limit {
                        return Err(fail(format!("VmRSS {rss} >= {limit}")));
                    }
                }
                other => return Err(fail(format!("unknown directive '{other}'"))),
            }
        } else {
            return Err(fail("line must start with >, <, ! or #".into()));
        }
    }
    if !exited {
        return Err(format!(
            "{name}: transcript must end with `! exit within …`"
        ));
    }
    let err = brain.stderr_text();
    if !err.is_empty() {
        return Err(format!("{name}: brain wrote to stderr: {err:?}"));
    }
    Ok(())
}

fn check_expect(
    expect: &str,
    got: &str,
    tracker: &mut Tracker,
    last_move: &mut String,
) -> Result<(), String> {
    if let Some(re) = expect.strip_prefix('/').and_then(|e| e.strip_suffix('/')) {
        let re = Regex::new(re).map_err(|e| format!("bad regex: {e}"))?;
        return if re.is_match(got) {
            Ok(())
        } else {
            Err(format!("got '{got}', want /{re}/"))
        };
    }
    let (word, arg) = expect.split_once(' ').unwrap_or((expect, ""));
    match word {
        "move" => {
            let c = tracker.check_move(got)?;
            let arg = arg.trim();
            if let Some(list) = arg.strip_prefix("in ") {
                if !list.split_whitespace().any(|m| coord(m) == Some(c)) {
                    return Err(format!("move {got} not among {list}"));
                }
            } else if let Some(list) = arg.strip_prefix("not ") {
                if list.split_whitespace().any(|m| coord(m) == Some(c)) {
                    return Err(format!("move {got} is one of the excluded {list}"));
                }
            } else if !arg.is_empty() {
                return Err(format!("bad move expectation '{arg}'"));
            }
            tracker.played(c);
            *last_move = got.to_string();
            Ok(())
        }
        "moves" => {
            let n: usize = arg.trim().parse().map_err(|_| "bad count".to_string())?;
            check_moves(got, n..=n, tracker)
        }
        "swap-or-moves" => {
            if got == "SWAP" {
                return Ok(());
            }
            let n: usize = arg.trim().parse().map_err(|_| "bad count".to_string())?;
            check_moves(got, 1..=n, tracker)
        }
        _ => {
            if got == expect {
                Ok(())
            } else {
                Err(format!("got '{got}', want '{expect}'"))
            }
        }
    }
}

fn check_moves(
    got: &str,
    count: std::ops::RangeInclusive<usize>,
    tracker: &Tracker,
) -> Result<(), String> {
    let parts: Vec<&str> = got.split(' ').collect();
    if !count.contains(&parts.len()) {
        return Err(format!(
            "'{got}': want {count:?} moves separated by one blank"
        ));
    }
    let mut seen = HashSet::new();
    for p in parts {
        let c = tracker.check_move(p)?;
        if !seen.insert(c) {
            return Err(format!("'{got}' repeats {p}"));
        }
    }
    Ok(())
}
