//! Subcommands for people and scripts. Each has `main(args) -> anyhow::Result<i32>`
//! taking the arguments after the subcommand word and returning the exit code.

pub mod analyse;
pub mod bench;
pub mod datagen;
pub mod matchrun;
pub mod play;
pub mod solve;
pub mod tune;

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
