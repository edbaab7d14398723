//! Subcommands for people and scripts. Each has `main(args) -> anyhow::Result<i32>`
//! taking the arguments after the subcommand word and returning the exit code.

pub mod bench;
pub mod matchrun;
pub mod play;
pub mod solve;
