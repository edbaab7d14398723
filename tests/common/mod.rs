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

/// What [`Brain::recv`] says when the brain's output is closed.
pub const CLOSED: &str = "brain closed its output";

/// Path of the brain binary built by cargo for the tests.
pub fn brain_path() -> &'static str {
    env!("CARGO_BIN_EXE_pbrain-tengen")
}

/// The command that starts a brain: `TENGEN_BRAIN` split at blanks when it is set
/// (`scripts/windows-check.sh` sets `wine …/pbrain-tengen.exe` to run the same
/// transcripts against the Windows build), else the binary cargo built.
pub fn brain_command() -> Vec<String> {
    match std::env::var("TENGEN_BRAIN") {
        Ok(cmd) if !cmd.trim().is_empty() => cmd.split_whitespace().map(String::from).collect(),
        _ => vec![brain_path().to_string()],
    }
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
        let cmd = brain_command();
        let mut child = Command::new(&cmd[0])
            .args(&cmd[1..])
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("spawn {cmd:?}: {e}"));
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
            Err(RecvTimeoutError::Disconnected) => Err(CLOSED.into()),
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

    /// Resident memory in bytes: VmRSS from /proc on Linux, the working set from
    /// `K32GetProcessMemoryInfo` on Windows (the same quantity: pages in RAM).
    pub fn rss_bytes(&self) -> Option<u64> {
        memory::resident_bytes(&self.child)
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

/// A child process's resident memory, read the way each system offers it.
mod memory {
    use std::process::Child;

    #[cfg(windows)]
    pub fn resident_bytes(child: &Child) -> Option<u64> {
        use std::os::windows::io::AsRawHandle;

        /// `PROCESS_MEMORY_COUNTERS` (psapi.h).
        #[repr(C)]
        #[derive(Default)]
        struct Counters {
            cb: u32,
            page_fault_count: u32,
            peak_working_set_size: usize,
            working_set_size: usize,
            quota_peak_paged_pool_usage: usize,
            quota_paged_pool_usage: usize,
            quota_peak_non_paged_pool_usage: usize,
            quota_non_paged_pool_usage: usize,
            pagefile_usage: usize,
            peak_pagefile_usage: usize,
        }
        #[link(name = "kernel32")]
        extern "system" {
            fn K32GetProcessMemoryInfo(
                process: *mut std::ffi::c_void,
                counters: *mut Counters,
                cb: u32,
            ) -> i32;
        }
        let mut c = Counters {
            cb: std::mem::size_of::<Counters>() as u32,
            ..Counters::default()
        };
        // SAFETY: the handle belongs to `child`, which outlives the call, and `c` is a
        // correctly sized PROCESS_MEMORY_COUNTERS with `cb` set.
        let ok = unsafe { K32GetProcessMemoryInfo(child.as_raw_handle(), &mut c, c.cb) };
        (ok != 0).then_some(c.working_set_size as u64)
    }

    #[cfg(not(windows))]
    pub fn resident_bytes(child: &Child) -> Option<u64> {
        let s = std::fs::read_to_string(format!("/proc/{}/status", child.id())).ok()?;
        let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    }
}
