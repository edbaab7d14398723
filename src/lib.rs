//! Tengen: a Gomoku / Renju engine for the Gomocup (Piskvork) "pbrain" protocol.
//!
//! Layers only look down: `types ← board ← eval ← search ← engine ← protocol/cli`.

pub mod board;
pub mod cli;
pub mod engine;
pub mod eval;
pub mod protocol;
pub mod search;
pub mod tournament;
pub mod types;

/// Sends `log` output to stderr when `RUST_LOG` is set (the brain, `bench` and
/// `analyse` share it); without `RUST_LOG` nothing is logged.
pub fn init_log_from_env() {
    if std::env::var_os("RUST_LOG").is_some() {
        let _ = env_logger::Builder::from_default_env()
            .target(env_logger::Target::Stderr)
            .try_init();
    }
}
