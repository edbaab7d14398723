//! `pbrain-tengen`: argument dispatch only.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = match args.get(1).map(String::as_str) {
        Some("match") => exit_code(tengen::cli::matchrun::main(&args[2..])),
        _ => 0,
    };
    std::process::exit(code);
}

/// Exit code of a subcommand; an unexpected error is reported and exits with 1.
fn exit_code(result: anyhow::Result<i32>) -> i32 {
    result.unwrap_or_else(|e| {
        eprintln!("pbrain-tengen: {e:#}");
        1
    })
}
