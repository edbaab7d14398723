//! `pbrain-tengen play`: a game of Gomoku in the terminal, human against Tengen, or
//! (`--watch`) Tengen against itself or another pbrain engine.
//!
//! The game logic lives in testable pieces: [`notation`] reads typed moves, [`record`]
//! reads and writes SGF and `.psq`, [`outcome`] finds the winning five, names renju
//! fouls and makes the beginner's move, [`view`] draws the board, [`game`] is the loop
//! over any input and output, and [`watch`] plays demonstrations.

pub mod game;
pub mod notation;
pub mod outcome;
pub mod record;
pub mod view;
pub mod watch;

use crate::types::{Color, Rule};
use anyhow::Result;
use clap::Parser;
use game::{Game, Settings, Style, MAX_LEVEL};
use std::io::{self, IsTerminal};
use watch::WatchSettings;

/// Command-line options of `play`.
#[derive(Parser, Debug)]
#[command(
    name = "pbrain-tengen play",
    about = "Play Gomoku against Tengen in the terminal",
    after_help = "Type moves as h8 (column letter, row number; row 1 is the bottom row) or \
                  7,7 (0-based x,y as in the protocol). Type 'help' during the game for commands: \
                  hint, undo, new, swap, resign, forbid, save FILE, load FILE, moves, quit."
)]
struct Args {
    /// Board size (5..22).
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(5..=22))]
    size: u32,
    /// The rule: freestyle, standard, renju, caro or caro9.
    #[arg(long, default_value = "freestyle", value_parser = parse_rule)]
    rule: Rule,
    /// Your colour (black moves first).
    #[arg(long, default_value = "black", value_parser = ["black", "white"])]
    color: String,
    /// Most milliseconds Tengen thinks per move.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    time: u64,
    /// Strength: 1 is a beginner (greedy attack and defence), 6 the full engine.
    #[arg(long, default_value_t = MAX_LEVEL, value_parser = clap::value_parser!(u32).range(1..=MAX_LEVEL as i64))]
    level: u32,
    /// Watch Tengen play itself (or --opponent) instead of playing.
    #[arg(long)]
    watch: bool,
    /// With --watch: another pbrain engine's command line to play against.
    #[arg(long, requires = "watch")]
    opponent: Option<String>,
    /// With --watch: number of games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    games: u32,
    /// With --watch: stop a game after this many moves.
    #[arg(long)]
    max_moves: Option<usize>,
    /// With --opponent: ms the opponent may take beyond --time before it loses.
    #[arg(long, default_value_t = 5000)]
    opponent_timeout: u64,
}

fn parse_rule(s: &str) -> Result<Rule, String> {
    match s.to_ascii_lowercase().as_str() {
        "freestyle" => Ok(Rule::Freestyle),
        "standard" => Ok(Rule::Standard),
        "renju" => Ok(Rule::Renju),
        "caro" => Ok(Rule::Caro),
        "caro9" => Ok(Rule::CaroExact),
        _ => Err("expected freestyle, standard, renju, caro or caro9".into()),
    }
}

/// Whether colours are wanted on a terminal: `NO_COLOR` (non-empty) turns them off.
fn colours_allowed() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Entry point: `args` are the arguments after `play`.
pub fn main(args: &[String]) -> Result<i32> {
    let a: Args = match super::parse_args("pbrain-tengen play", args) {
        Ok(a) => a,
        Err(code) => return Ok(code),
    };
    let terminal = io::stdout().is_terminal();
    let style = Style {
        color: terminal && colours_allowed(),
        terminal,
        live: io::stderr().is_terminal(),
    };
    let size = a.size as usize;
    if a.watch {
        let s = WatchSettings {
            width: size,
            height: size,
            rule: a.rule,
            time_ms: a.time,
            level: a.level,
            games: a.games,
            max_moves: a.max_moves,
            opponent: a.opponent,
            opponent_margin_ms: a.opponent_timeout,
        };
        let mut out = io::stdout();
        let mut status = io::stderr();
        watch::watch(&s, style, &mut out, &mut status)?;
        return Ok(0);
    }
    let settings = Settings {
        width: size,
        height: size,
        rule: a.rule,
        human: if a.color == "white" {
            Color::White
        } else {
            Color::Black
        },
        time_ms: a.time,
        level: a.level,
    };
    let mut game = Game::new(settings, style, io::stdout(), Box::new(io::stderr()))?;
    game.run(io::stdin().lock())
}
