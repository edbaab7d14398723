//! Splits a byte stream into protocol lines.
//!
//! Terminators are LF, CR LF and a lone CR (§1.3). Blank lines are dropped here: they
//! never get a reply. Invalid UTF-8 is replaced, and a line longer than
//! [`MAX_LINE`] bytes is cut there (the rest up to its terminator is discarded), so
//! memory stays bounded whatever arrives.

use std::io::{ErrorKind, Read};
use std::time::Instant;

/// Longest line kept, in bytes (long enough for any `INFO folder` path).
pub const MAX_LINE: usize = 64 * 1024;

/// Hands a finished line to `emit` (blank lines are dropped) and clears it.
fn flush(line: &mut Vec<u8>, emit: &mut impl FnMut(String, Instant) -> bool) -> bool {
    let keep_going = if line.iter().all(|b| b.is_ascii_whitespace()) {
        true
    } else {
        emit(String::from_utf8_lossy(line).into_owned(), Instant::now())
    };
    line.clear();
    keep_going
}

/// Reads `input` to its end, calling `emit(line, time_read)` for each non-blank line.
/// Stops early when `emit` returns false. Read errors other than interruptions count
/// as end of input.
pub fn read_lines<R: Read>(mut input: R, mut emit: impl FnMut(String, Instant) -> bool) {
    let mut chunk = [0u8; 8192];
    let mut line: Vec<u8> = Vec::new();
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        for &b in &chunk[..n] {
            if b == b'\n' || b == b'\r' {
                if !flush(&mut line, &mut emit) {
                    return;
                }
            } else if line.len() < MAX_LINE {
                line.push(b);
            }
        }
    }
    flush(&mut line, &mut emit);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<String> {
        let mut v = Vec::new();
        read_lines(bytes, |l, _| {
            v.push(l);
            true
        });
        v
    }

    #[test]
    fn all_terminators() {
        assert_eq!(lines(b"A\nB\r\nC\rD"), ["A", "B", "C", "D"]);
        assert_eq!(lines(b"\r\n\r\n  \n\tX\r\r\n"), ["\tX"]);
    }

    #[test]
    fn long_lines_are_cut_and_bad_utf8_replaced() {
        let mut input = vec![b'x'; MAX_LINE * 3];
        input.extend_from_slice(b"\nnext\n\xff\xfe\n");
        let v = lines(&input);
        assert_eq!(v.len(), 3);
        assert_eq!(v[0].len(), MAX_LINE);
        assert_eq!(v[1], "next");
        assert!(v[2].contains('\u{FFFD}'));
    }

    #[test]
    fn stops_when_told() {
        let mut n = 0;
        read_lines(&b"a\nb\nc\n"[..], |_, _| {
            n += 1;
            false
        });
        assert_eq!(n, 1);
    }
}
