//! Tournaments: a Gomocup-style manager that plays engines against each other.
//!
//! The pieces, bottom up: [`process`] runs one engine and reads its output with
//! deadlines; [`game`] plays one game and judges it with the [`Board`](crate::board::Board);
//! [`runner`] schedules the games and plays several at once; [`record`] writes SGF and
//! PGN; [`opening`] reads opening sets; [`stats`] turns results into Elo, LOS and SPRT
//! verdicts. Nothing here prints: the `match` subcommand (`cli::matchrun`) does.

pub mod game;
pub mod opening;
pub mod process;
pub mod record;
pub mod runner;
pub mod spec;
pub mod stats;

pub use game::{GameJob, GameSettings, TimeControl};
pub use opening::{Opening, OpeningFormat};
pub use record::{GameRecord, MoveRecord, Termination};
pub use runner::{run_match, schedule, Control, Event, Pairing};
pub use spec::EngineSpec;
pub use stats::{SprtParams, SprtVerdict, Wdl};
