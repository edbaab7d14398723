//! The Gomocup / Piskvork "pbrain" protocol front end (plus the Yixin-Board subset).
//!
//! [`run_stdio`] wires three parts together: a reader thread that splits stdin into
//! lines, the [`session::Session`] state machine (which owns the engine and spawns
//! search threads), and a single stdout writer. Everything the session reacts to comes
//! through one channel of [`session::Event`]s. See `shared/protocol.md` for the
//! specification this follows.

pub mod command;
pub mod reader;
pub mod session;

use session::{Event, Flow, Output, Session};
use std::io::Write;
use std::sync::mpsc;

/// Writes protocol lines to stdout, one write and one flush per line.
pub struct StdoutOutput;

impl Output for StdoutOutput {
    fn line(&mut self, text: &str) {
        let mut buf = String::with_capacity(text.len() + 1);
        buf.push_str(text);
        buf.push('\n');
        let mut out = std::io::stdout().lock();
        // A write error means the manager is gone; end of input follows.
        let _ = out.write_all(buf.as_bytes());
        let _ = out.flush();
    }
}

/// Runs the protocol on stdin/stdout until `END` or end of input; returns the exit code.
///
/// Nothing is written before the first command and nothing ever goes to stderr, except
/// `log` output when `RUST_LOG` asks for it.
pub fn run_stdio() -> i32 {
    crate::init_log_from_env();
    // Piskvork reads our stderr as replies: a panic message must not land there.
    std::panic::set_hook(Box::new(|info| log::error!("panic: {info}")));

    let (tx, rx) = mpsc::channel::<Event>();
    let reader_tx = tx.clone();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            reader::read_lines(stdin.lock(), |text, at| {
                reader_tx.send(Event::Line { text, at }).is_ok()
            });
            let _ = reader_tx.send(Event::Eof);
        });
    if spawned.is_err() {
        return 1;
    }
    let mut session = Session::new_lazy(Box::new(StdoutOutput), tx);
    while let Ok(ev) = rx.recv() {
        if session.handle(ev) == Flow::Exit {
            break;
        }
    }
    let _ = std::io::stdout().flush();
    0
}
