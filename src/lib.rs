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
