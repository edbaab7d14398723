//! Shared helpers for the protocol integration tests: a spawned brain process with
//! timed line reads, and the transcript runner.

#![allow(dead_code)]

pub mod inproc;
pub mod transcript;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Path of the brain binary built by cargo for the tests.
pub fn brain_path() -> &'static str {
    env!("CARGO_BIN_EXE_pbrain-tengen")
}

/// One line the brain wrote, with the time it was read.
#[derive(Clone, Debug)]
pub struct OutLine {
    /// The text, without its LF.
    pub text: String,
    /// When the reader thread got it.
    pub at: Instant,
    /// Whether it ended with LF (the last line before EOF might not).
    pub terminated: bool,
}

/// A running `pbrain-tengen` with piped stdio.
pub struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Receiver<OutLine>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// When the last line was written to the brain.
    pub last_send: Instant,
    /// Set once the child has been reaped.
    pub status: Option<ExitStatus>,
}

impl Brain {
    /// Starts the brain with `args` and no `RUST_LOG`.
    pub fn spawn_with(args: &[&str]) -> Brain {
        let mut child = Command::new(brain_path())
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn pbrain-tengen");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let mut stderr_pipe = child.stderr.take().expect("stderr");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let terminated = buf.last() == Some(&b'\n');
                        if terminated {
                            buf.pop();
                        }
                        let line = OutLine {
                            text: String::from_utf8_lossy(&buf).into_owned(),
                            at: Instant::now(),
                            terminated,
                        };
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Brain {
            child,
            stdin,
            out: rx,
            stderr,
            last_send: Instant::now(),
            status: None,
        }
    }

    /// Starts the brain with no arguments.
    pub fn spawn() -> Brain {
        Brain::spawn_with(&[])
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Writes raw bytes (no terminator added). Errors (brain gone) are ignored.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        if let Some(s) = &mut self.stdin {
            let _ = s.write_all(bytes);
            let _ = s.flush();
        }
        self.last_send = Instant::now();
    }

    /// Writes one line with LF.
    pub fn send(&mut self, line: &str) {
        let mut b = line.as_bytes().to_vec();
        b.push(b'\n');
        self.send_raw(&b);
    }

    /// The next output line, waiting at most `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Result<OutLine, String> {
        match self.out.recv_timeout(timeout) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(format!("no output within {timeout:?}")),
            Err(RecvTimeoutError::Disconnected) => Err("brain closed its output".into()),
        }
    }

    /// The next line that is not a `MESSAGE`/`DEBUG` line.
    pub fn recv_reply(&mut self, timeout: Duration) -> Result<OutLine, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let l = self.recv(left)?;
            if !(l.text.starts_with("MESSAGE ") || l.text.starts_with("DEBUG ")) {
                return Ok(l);
            }
        }
    }

    /// Asserts nothing arrives for `d`; returns the line that did, if any.
    pub fn silent_for(&mut self, d: Duration) -> Option<OutLine> {
        self.out.recv_timeout(d).ok()
    }

    /// Closes the brain's stdin (end of input).
    pub fn close(&mut self) {
        self.stdin = None;
        self.last_send = Instant::now();
    }

    /// Waits up to `timeout` for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        if let Some(s) = self.status {
            return Some(s);
        }
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(s)) = self.child.try_wait() {
                self.status = Some(s);
                return Some(s);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Resident memory (VmRSS) in bytes, from /proc.
    pub fn rss_bytes(&self) -> Option<u64> {
        let s = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    }

    /// Everything the brain wrote to stderr so far.
    pub fn stderr_text(&self) -> String {
        // Give the stderr reader a moment to drain after exit.
        std::thread::sleep(Duration::from_millis(5));
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    /// Lines still unread (after exit).
    pub fn drain(&mut self) -> Vec<String> {
        let mut v = Vec::new();
        while let Ok(l) = self.out.recv_timeout(Duration::from_millis(20)) {
            v.push(l.text);
        }
        v
    }

    /// Kills the process if it is still running.
    pub fn kill(&mut self) {
        if self.status.is_none() {
            let _ = self.child.kill();
            self.status = self.child.wait().ok();
        }
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        self.kill();
    }
}
