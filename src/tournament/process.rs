//! An engine child process seen from the manager: commands go to its stdin, and a
//! reader thread turns its stdout into time-stamped lines on a channel, so every wait
//! has a deadline (`recv_timeout`) and a silent or hung engine can never block us.

use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
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

/// Where [`locate_program`] looks for a program given by a bare name.
#[derive(Clone, Debug)]
pub struct ProgramSearch<'a> {
    /// Windows rules: the folder of the running executable and the current folder
    /// come before `PATH`, and a name without an extension also matches `NAME.exe`.
    pub windows: bool,
    /// The current folder.
    pub current_dir: Option<&'a Path>,
    /// The folder holding the running executable (the manager).
    pub exe_dir: Option<&'a Path>,
    /// The `PATH` variable.
    pub path: Option<&'a OsStr>,
}

/// [`locate_program`] with the rules of the system we run on, this process's folders
/// and `PATH`.
pub fn locate_program_here(program: &str) -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok();
    let exe_dir = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf));
    let path = std::env::var_os("PATH");
    locate_program(
        program,
        &ProgramSearch {
            windows: cfg!(windows),
            current_dir: cwd.as_deref(),
            exe_dir: exe_dir.as_deref(),
            path: path.as_deref(),
        },
    )
}

/// Finds the file an engine command's program names, the way the system's own
/// launcher would, so that a missing engine is reported before any game starts.
///
/// A name with a folder in it is taken as it is. A bare name is looked up in `PATH`;
/// under Windows rules first next to the running executable, then in the current
/// folder (as `CreateProcess` does: Gomocup users keep brains beside the manager),
/// and `NAME` also matches `NAME.exe`. The result is the path to start: Rust's
/// `Command` on Windows does not search the current folder itself, so a brain found
/// there must be started by its full path.
pub fn locate_program(program: &str, search: &ProgramSearch<'_>) -> Option<PathBuf> {
    let with_exe = |p: PathBuf| -> Option<PathBuf> {
        if p.is_file() {
            return Some(p);
        }
        if search.windows && p.extension().is_none() {
            let e = p.with_extension("exe");
            if e.is_file() {
                return Some(e);
            }
        }
        None
    };
    let has_dir = program.contains('/') || (search.windows && program.contains('\\'));
    if has_dir {
        let p = PathBuf::from(program);
        let p = match (p.is_relative(), search.current_dir) {
            (true, Some(cwd)) => cwd.join(p),
            _ => p,
        };
        return with_exe(p);
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    if search.windows {
        dirs.extend(search.exe_dir.map(Path::to_path_buf));
        dirs.extend(search.current_dir.map(Path::to_path_buf));
    }
    if let Some(path) = search.path {
        dirs.extend(std::env::split_paths(path).filter(|d| !d.as_os_str().is_empty()));
    }
    dirs.into_iter().find_map(|d| with_exe(d.join(program)))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary folder with empty files `names`.
    fn folder(tag: &str, names: &[&str]) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tengen-locate-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        for n in names {
            std::fs::write(d.join(n), b"").unwrap();
        }
        d
    }

    #[test]
    fn bare_names_follow_the_system_rules() {
        let cwd = folder("cwd", &["pbrain-a.exe", "pbrain-b"]);
        let exe = folder("exe", &["pbrain-a.exe", "pbrain-c.exe"]);
        let bin = folder("bin", &["pbrain-d"]);
        let path = std::env::join_paths([&bin]).unwrap();
        let search = |windows| ProgramSearch {
            windows,
            current_dir: Some(&cwd),
            exe_dir: Some(&exe),
            path: Some(&path),
        };
        let win = search(true);
        // Next to the manager first, then the current folder, then PATH; `.exe` implied.
        assert_eq!(
            locate_program("pbrain-a.exe", &win),
            Some(exe.join("pbrain-a.exe"))
        );
        assert_eq!(
            locate_program("pbrain-a", &win),
            Some(exe.join("pbrain-a.exe"))
        );
        assert_eq!(locate_program("pbrain-b", &win), Some(cwd.join("pbrain-b")));
        assert_eq!(
            locate_program("pbrain-c", &win),
            Some(exe.join("pbrain-c.exe"))
        );
        assert_eq!(locate_program("pbrain-d", &win), Some(bin.join("pbrain-d")));
        assert_eq!(locate_program("pbrain-e", &win), None);
        // Unix: PATH only, names are exact.
        let unix = search(false);
        assert_eq!(locate_program("pbrain-a.exe", &unix), None);
        assert_eq!(locate_program("pbrain-b", &unix), None);
        assert_eq!(
            locate_program("pbrain-d", &unix),
            Some(bin.join("pbrain-d"))
        );
        // A name with a folder is taken as it is, relative to the current folder.
        let rel = format!("../{}/pbrain-c", exe.file_name().unwrap().to_string_lossy());
        assert_eq!(
            locate_program(&rel, &win),
            Some(cwd.join(&rel).with_extension("exe"))
        );
        assert_eq!(locate_program(&rel, &unix), None);
        assert_eq!(
            locate_program("./pbrain-b", &unix),
            Some(cwd.join("./pbrain-b"))
        );
        for d in [cwd, exe, bin] {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}
