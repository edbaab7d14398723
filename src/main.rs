//! `pbrain-tengen`: argument dispatch only.

use std::process::exit;

const HELP: &str = "\
pbrain-tengen: the Tengen Gomoku engine

Usage:
  pbrain-tengen                 Gomocup/Piskvork brain on stdin/stdout (what managers run)
  pbrain-tengen bench [opts]    search a fixed position set; print nodes and nodes/s
  pbrain-tengen solve FILE      solve a puzzle file (VCF benchmark)
  pbrain-tengen match [opts]    play engines against each other (tournaments, SPRT)
  pbrain-tengen play [opts]     play Gomoku against Tengen in the terminal (--watch: demo)
  pbrain-tengen datagen [opts]  write labelled positions for the evaluation tuner
  pbrain-tengen tune DATA..     fit the evaluation weights to labelled positions
  pbrain-tengen analyse GAME    review a game (SGF or .psq): Tengen's move and value per move,
                                the mistakes marked, the move after which the loser was lost
  pbrain-tengen --help          this text
  pbrain-tengen --version       the version

Run a subcommand with --help for its options. Unknown arguments (such as
Yixin-Board's --force-utf8) start the brain.";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sub = args.get(1).map(String::as_str);
    let run = |r: anyhow::Result<i32>| -> i32 {
        match r {
            Ok(code) => code,
            Err(e) if tengen::cli::is_broken_pipe(&e) => 0,
            Err(e) => {
                eprintln!("error: {e:#}");
                2
            }
        }
    };
    let code = match sub {
        Some("bench") => run(tengen::cli::bench::main(&args[2..])),
        Some("solve") => run(tengen::cli::solve::main(&args[2..])),
        Some("match") => run(tengen::cli::matchrun::main(&args[2..])),
        Some("play") => run(tengen::cli::play::main(&args[2..])),
        Some("datagen") => run(tengen::cli::datagen::main(&args[2..])),
        Some("tune") => run(tengen::cli::tune::main(&args[2..])),
        Some("analyse") | Some("analyze") => run(tengen::cli::analyse::main(&args[2..])),
        Some("--help") | Some("-h") | Some("help") => {
            println!("{HELP}");
            0
        }
        Some("--version") | Some("-V") => {
            println!("pbrain-tengen {}", env!("CARGO_PKG_VERSION"));
            0
        }
        // No arguments, or arguments we do not know: be a brain.
        _ => tengen::protocol::run_stdio(),
    };
    exit(code);
}
