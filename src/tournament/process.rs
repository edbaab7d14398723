//! An engine child process seen from the manager: commands go to its stdin, and a
//! reader thread turns its stdout into time-stamped lines on a channel, so every wait
//! has a deadline (`recv_timeout`) and a silent or hung engine can never block us.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Longest line we keep from an engine; anything longer is cut into pieces, so a
/// runaway engine cannot make us buffer without bound.
const MAX_LINE: u64 = 64 * 1024;

/// What the reader thread saw.
#[derive(Debug)]
enum Output {
    Line(Instant, String),
    Eof,
}

/// The result of waiting for the next line.
#[derive(Debug, PartialEq, Eq)]
pub enum Recv {
    /// A line (without its terminator) and when it arrived.
    Line(Instant, String),
    /// The deadline passed first.
    Timeout,
    /// The engine closed its output (exited or crashed).
    Eof,
}

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Output>,
    eof: bool,
}

impl EngineProcess {
    /// Starts `command[0]` with the remaining elements as arguments. Its stderr is
    /// discarded (engines must not write there, and we must not mix it into our output).
    pub fn spawn(command: &[String]) -> io::Result<EngineProcess> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty engine command"))?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        {
            // Own process group, so that killing the engine also kills anything it
            // started (a script's `sleep`, a launcher's real engine).
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || read_lines(stdout, tx))?;
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            eof: false,
        })
    }

    /// Writes one command line (LF-terminated) and flushes it.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// Writes several lines at once (a BOARD block) and flushes.
    pub fn send_all(&mut self, lines: &[String]) -> io::Result<()> {
        let mut buf = String::new();
        for l in lines {
            buf.push_str(l);
            buf.push('\n');
        }
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(buf.as_bytes())?;
        stdin.flush()
    }

    /// The next line, waiting until `deadline` at most.
    pub fn recv(&mut self, deadline: Instant) -> Recv {
        if self.eof {
            return Recv::Eof;
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Output::Line(at, text)) => Recv::Line(at, text),
            Ok(Output::Eof) | Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                Recv::Eof
            }
            Err(RecvTimeoutError::Timeout) => Recv::Timeout,
        }
    }

    /// A description of how the process ended, if it has (`exit status 3`, `signal 9`).
    pub fn exit_status(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(Some(st)) => Some(describe_status(st)),
            _ => None,
        }
    }

    /// Sends `END` (ignoring errors: the engine may be gone) and closes its stdin.
    pub fn send_end(&mut self) {
        let _ = self.send("END");
        self.stdin = None;
    }

    /// Waits until `deadline` for the process to exit, then kills it (and its process
    /// group) and reaps it. Returns whether it had to be killed.
    pub fn finish(&mut self, deadline: Instant) -> bool {
        loop {
            if let Ok(Some(_)) = self.child.try_wait() {
                // Reap anything it left behind in its group as well.
                self.kill_group();
                return false;
            }
            if Instant::now() >= deadline {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill_group();
        let _ = self.child.kill();
        let _ = self.child.wait();
        true
    }

    /// Sends `END`, allows `grace` for a clean exit, then kills.
    pub fn terminate(&mut self, grace: Duration) -> bool {
        self.send_end();
        self.finish(Instant::now() + grace)
    }

    fn kill_group(&mut self) {
        #[cfg(unix)]
        {
            let pgid = format!("-{}", self.child.id());
            let _ = Command::new("kill")
                .args(["-KILL", "--", &pgid])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill_group();
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Starts `command`, sends `ABOUT` and returns the first answer line that is not a
/// `MESSAGE`/`DEBUG` line, waiting at most `timeout`; then ends the process.
/// `Ok(None)` if it said nothing useful in time.
pub fn probe_about(command: &[String], timeout: Duration) -> io::Result<Option<String>> {
    let mut p = EngineProcess::spawn(command)?;
    let deadline = Instant::now() + timeout;
    let mut answer = None;
    if p.send("ABOUT").is_ok() {
        while let Recv::Line(_, text) = p.recv(deadline) {
            let t = text.trim();
            let up = t.get(..7).unwrap_or(t).to_ascii_uppercase();
            if t.is_empty() || up.starts_with("MESSAGE") || up.starts_with("DEBUG") {
                continue;
            }
            answer = Some(t.to_string());
            break;
        }
    }
    p.terminate(Duration::from_millis(500));
    Ok(answer)
}

fn describe_status(st: std::process::ExitStatus) -> String {
    if let Some(code) = st.code() {
        return format!("exit status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = st.signal() {
            return format!("killed by signal {sig}");
        }
    }
    "terminated".to_string()
}

/// The reader thread: one message per line (CR LF, LF or long-line pieces), then EOF.
fn read_lines(stdout: impl Read, tx: mpsc::Sender<Output>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Output::Eof);
                return;
            }
            Ok(_) => {
                let at = Instant::now();
                while matches!(buf.last(), Some(b'\n' | b'\r')) {
                    buf.pop();
                }
                let text = String::from_utf8_lossy(&buf).into_owned();
                if tx.send(Output::Line(at, text)).is_err() {
                    return; // nobody listens any more
                }
            }
        }
    }
}

// Tested in tests/engine_process.rs, against the scripted test engine (a binary of the
// package, which unit tests cannot locate).
