//! Subcommands for people and scripts. Each has `pub fn main(args) -> anyhow::Result<i32>`.

pub mod matchrun;
