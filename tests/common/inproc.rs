//! Drives a [`Session`] in-process with a fake writer: every line is fed as if read
//! from stdin, then events are processed until no search is running.

use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tengen::board::Board;
use tengen::protocol::session::{Event, Flow, Output, Session};

/// Collects output lines.
#[derive(Clone, Default)]
pub struct Capture(pub Arc<Mutex<Vec<String>>>);

impl Output for Capture {
    fn line(&mut self, text: &str) {
        self.0.lock().unwrap().push(text.to_string());
    }
}

/// A session plus its event channel and captured output.
pub struct Driver {
    /// The session under test.
    pub session: Session,
    rx: Receiver<Event>,
    out: Capture,
    /// Set once the session asked to exit.
    pub exited: bool,
}

impl Default for Driver {
    fn default() -> Self {
        Driver::new()
    }
}

impl Driver {
    /// A fresh session.
    pub fn new() -> Driver {
        Driver::build(false)
    }

    /// A fresh session whose engine is built in the background (as `run_stdio` does).
    pub fn new_lazy() -> Driver {
        Driver::build(true)
    }

    fn build(lazy: bool) -> Driver {
        let (tx, rx) = mpsc::channel();
        let out = Capture::default();
        let session = if lazy {
            Session::new_lazy(Box::new(out.clone()), tx)
        } else {
            Session::new(Box::new(out.clone()), tx)
        };
        Driver {
            session,
            rx,
            out,
            exited: false,
        }
    }

    /// Feeds one line without waiting for a search.
    pub fn feed(&mut self, line: &str) -> Flow {
        if self.exited {
            return Flow::Exit;
        }
        let f = self.session.handle(Event::Line {
            text: line.to_string(),
            at: Instant::now(),
        });
        if f == Flow::Exit {
            self.exited = true;
        }
        f
    }

    /// Processes events until no search runs (or 30 s pass, which fails the test).
    pub fn settle(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.session.is_busy() && !self.exited {
            let left = deadline.saturating_duration_since(Instant::now());
            let ev = self.rx.recv_timeout(left).expect("search never finished");
            if self.session.handle(ev) == Flow::Exit {
                self.exited = true;
            }
        }
    }

    /// Takes the output written so far.
    pub fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut *self.out.0.lock().unwrap())
    }

    /// Feeds a line, waits for any search, and returns the new output.
    pub fn send(&mut self, line: &str) -> Vec<String> {
        self.feed(line);
        self.settle();
        self.take()
    }

    /// Feeds several lines (e.g. a BOARD block) and returns the output of all of them.
    pub fn send_all(&mut self, lines: &[&str]) -> Vec<String> {
        for l in lines {
            self.feed(l);
            self.settle();
        }
        self.take()
    }

    /// A copy of the engine's board (the engine is home after `settle`).
    pub fn board(&self) -> Board {
        self.session.engine().expect("engine home").board().clone()
    }
}

/// Whether `line` is a single move `x,y`.
pub fn as_move(line: &str) -> Option<(usize, usize)> {
    let (x, y) = line.split_once(',')?;
    if x.is_empty() || y.is_empty() || !x.bytes().chain(y.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((x.parse().ok()?, y.parse().ok()?))
}
