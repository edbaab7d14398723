//! Subcommands for people and scripts. Each has `main(args) -> anyhow::Result<i32>`
//! taking the arguments after the subcommand word and returning the exit code.

pub mod analyse;
pub mod bench;
pub mod datagen;
pub mod matchrun;
pub mod play;
pub mod solve;
pub mod tune;

use std::io::Write;

/// `println!` for the subcommands' reports: when the reader has gone
/// (`pbrain-tengen solve FILE | head`), the process ends quietly with exit code 0
/// instead of panicking as `println!` does.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::print_line(format_args!($($arg)*))
    };
}

/// Writes one line to standard output for [`outln!`]: ends the process quietly if the
/// reader has gone, and with a message and exit code 1 on any other write error.
pub fn print_line(line: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    let written = out.write_fmt(line).and_then(|_| out.write_all(b"\n"));
    if let Err(e) = written.and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("pbrain-tengen: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// Whether a subcommand failed only because standard output was closed by its reader:
/// then there is no one to report to, and the process ends quietly.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Parses a subcommand's arguments (`args` come after the subcommand word) with clap.
/// On `--help`/`--version` it prints to stdout and gives exit code 0; on a bad argument
/// it prints the error to stderr and gives exit code 2.
pub fn parse_args<T: clap::Parser>(name: &str, args: &[String]) -> Result<T, i32> {
    T::try_parse_from(std::iter::once(name.to_string()).chain(args.iter().cloned())).map_err(|e| {
        let code = if e.use_stderr() { 2 } else { 0 };
        let _ = e.print();
        code
    })
}
