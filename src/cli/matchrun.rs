//! `pbrain-tengen match`: plays engines against each other as a Gomocup manager and
//! reports the result (per-game lines, a table with Elo and LOS, SGF and PGN records,
//! an optional SPRT). The work is done by [`crate::tournament`]; this file parses the
//! arguments and prints.

use crate::tournament::opening::{opening_order, parse_openings};
use crate::tournament::process::{locate_program_here, probe_about};
use crate::tournament::spec::{about_name, dedup_names, split_words};
use crate::tournament::stats::{EloEstimate, SprtParams, SprtVerdict, Wdl};
use crate::tournament::{
    run_match, schedule, Control, EngineSpec, Event, GameRecord, GameSettings, OpeningFormat,
    Pairing, TimeControl,
};
use crate::types::{Color, Rule, MAX_SIZE, MIN_SIZE};
use clap::Parser;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Plays Gomoku engines (any pbrain/Gomocup engine) against each other.
///
/// Arguments may also come from files: `@FILE` or `--preset NAME` (NAME.args in
/// tournaments/presets/) insert the words of the file at that point; later arguments
/// override earlier ones.
#[derive(Parser, Debug)]
#[command(
    name = "pbrain-tengen match",
    args_override_self = true,
    after_help = "Example:\n  pbrain-tengen match --engine \"cmd=./new name=new\" --engine \"cmd=./old name=old\" \\\n    --preset fastgame20 --sprt \"elo0=0 elo1=10\" --concurrency 2 --sgf games.sgf --pgn games.pgn"
)]
struct Args {
    /// An engine: "cmd=PROGRAM [ARGS..] name=NAME nodes=N depth=N threads=N memory=BYTES
    /// option.KEY=VALUE" (all but cmd optional; without name= the name comes from the
    /// engine's ABOUT answer). Give it once per engine, at least twice.
    #[arg(long = "engine", value_name = "SPEC")]
    engines: Vec<String>,
    /// Settings applied to every engine (same keys as --engine except cmd; an engine's
    /// own settings win).
    #[arg(long, value_name = "SETTINGS")]
    each: Option<String>,
    /// Insert the arguments of tournaments/presets/NAME.args (or of the file NAME).
    #[arg(long, value_name = "NAME")]
    preset: Vec<String>,
    /// The first engine plays each of the others (default: round robin).
    #[arg(long)]
    gauntlet: bool,
    /// Rule: 0 freestyle, 1 standard (exact five), 4 renju, 8 caro, 9 caro with exact
    /// five; names (freestyle, standard, renju, caro, caro9) work too.
    #[arg(long, default_value = "0")]
    rule: String,
    /// Board size (5..22).
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Opening file, one opening per line (c-gomoku-cli formats). Each opening is played
    /// twice with colours exchanged. Without a file games start on the empty board.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Opening format: offset ("dx,dy, dx,dy" from the centre), pos ("h8i9j8") or auto.
    #[arg(long, default_value = "auto")]
    opening_format: String,
    /// Shuffle the openings with this seed (default: file order).
    #[arg(long)]
    seed: Option<u64>,
    /// Games per pair of engines (default: two per opening, or 2 without openings;
    /// 100000 with --sprt, which stops earlier).
    #[arg(long)]
    games: Option<usize>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Time per move in milliseconds (0: none, only the game clock).
    #[arg(long, default_value_t = 5000)]
    turn_ms: u64,
    /// Time per game and player in milliseconds (0: none, only the move limit).
    #[arg(long, default_value_t = 0)]
    match_ms: u64,
    /// Added to a player's game clock before each of its moves, in milliseconds.
    #[arg(long, default_value_t = 0)]
    increment_ms: u64,
    /// Grace on top of each limit before a move is a time forfeit; also the deadline
    /// for answers to ABOUT and START.
    #[arg(long, default_value_t = 1000)]
    tolerance_ms: u64,
    /// Adjudicate a draw once this many stones are on the board (opening included).
    #[arg(long, value_name = "PLIES")]
    draw_after: Option<usize>,
    /// INFO max_memory sent to the engines, in bytes.
    #[arg(long, default_value_t = 367_001_600)]
    max_memory: u64,
    /// Write every game as SGF to this file (replaced if it exists).
    #[arg(long, value_name = "FILE")]
    sgf: Option<PathBuf>,
    /// Write every result as PGN (no moves) for BayesElo/Ordo to this file (replaced if
    /// it exists). PGN White is the player who moved first (Gomoku's black).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Write a transcript of every game (each line sent to and received from the
    /// engines, with times) to DIR/game-NNNNN.log.
    #[arg(long, value_name = "DIR")]
    log: Option<PathBuf>,
    /// Event name for the PGN file.
    #[arg(long, default_value = "tengen match")]
    event: String,
    /// Run an SPRT for the first engine against the second and stop when it decides:
    /// "elo1=5" or "elo0=0 elo1=5 alpha=0.05 beta=0.05" (defaults elo0=0, alpha=beta=0.05).
    /// GSPRT on win/draw/loss counts with logistic Elo, as fishtest; no verdict before
    /// 16 games.
    #[arg(long, value_name = "PARAMS")]
    sprt: Option<String>,
    /// Also print first-player (black) statistics: win rates and game lengths.
    #[arg(long)]
    stats: bool,
}

/// Entry point: `args` are the words after `match`.
pub fn main(args: &[String]) -> anyhow::Result<i32> {
    match run(args) {
        Ok(code) => Ok(code),
        Err(Failure::Usage(msg)) => {
            eprintln!("pbrain-tengen match: {msg}");
            Ok(2)
        }
        Err(Failure::Io(e)) if super::is_broken_pipe(&e) => Ok(0),
        Err(Failure::Io(e)) => {
            eprintln!("pbrain-tengen match: {e:#}");
            Ok(1)
        }
    }
}

/// Why the command stopped early.
enum Failure {
    /// Bad arguments or input files: exit code 2.
    Usage(String),
    /// Writing output failed: exit code 1.
    Io(anyhow::Error),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        Failure::Io(e.into())
    }
}

fn usage<T>(msg: impl Into<String>) -> Result<T, Failure> {
    Err(Failure::Usage(msg.into()))
}

/// Everything the match needs, checked.
struct Plan {
    engines: Vec<EngineSpec>,
    settings: GameSettings,
    jobs: Vec<crate::tournament::GameJob>,
    concurrency: usize,
    sprt: Option<SprtParams>,
    args: Args,
    openings_used: Option<(PathBuf, usize)>,
}

fn run(raw: &[String]) -> Result<i32, Failure> {
    let mut roots = Vec::new();
    let words = expand_args(raw, &mut roots, 0)?;
    let argv = std::iter::once("pbrain-tengen match".to_string()).chain(words);
    let args = match Args::try_parse_from(argv) {
        Ok(a) => a,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return Ok(0);
            }
            eprint!("{e}");
            return Ok(2);
        }
    };
    let plan = plan(args, &roots)?;
    play(plan)
}

/// Expands `@FILE` and `--preset NAME` into the words of those files.
fn expand_args(
    raw: &[String],
    roots: &mut Vec<PathBuf>,
    depth: usize,
) -> Result<Vec<String>, Failure> {
    if depth > 8 {
        return usage("argument files include each other too deeply");
    }
    let mut out = Vec::new();
    let mut it = raw.iter();
    while let Some(w) = it.next() {
        let file = if let Some(f) = w.strip_prefix('@') {
            Some(PathBuf::from(f))
        } else if w == "--preset" {
            let Some(name) = it.next() else {
                return usage("--preset needs a NAME");
            };
            Some(find_preset(name, roots)?)
        } else if let Some(name) = w.strip_prefix("--preset=") {
            Some(find_preset(name, roots)?)
        } else {
            None
        };
        match file {
            Some(path) => {
                let text = std::fs::read_to_string(&path).or_else(|e| {
                    usage(format!(
                        "cannot read arguments file {}: {e}",
                        path.display()
                    ))
                })?;
                let mut words = Vec::new();
                for line in text.lines() {
                    let line = line.trim();
                    if line.starts_with('#') {
                        continue;
                    }
                    words.extend(
                        split_words(line)
                            .or_else(|e| usage(format!("in {}: {e}", path.display())))?,
                    );
                }
                out.extend(expand_args(&words, roots, depth + 1)?);
            }
            None => out.push(w.clone()),
        }
    }
    Ok(out)
}

/// Finds a preset: the file NAME itself, or NAME.args under tournaments/presets/ of the
/// working directory or of a directory above the executable (so a built binary finds
/// the presets of its checkout). Records the project root for relative paths in it.
fn find_preset(name: &str, roots: &mut Vec<PathBuf>) -> Result<PathBuf, Failure> {
    let direct = Path::new(name);
    if direct.is_file() {
        return Ok(direct.to_path_buf());
    }
    let mut bases = vec![PathBuf::from(".")];
    if let Ok(exe) = std::env::current_exe() {
        bases.extend(exe.ancestors().skip(1).map(Path::to_path_buf));
    }
    for base in bases {
        let p = base
            .join("tournaments/presets")
            .join(format!("{name}.args"));
        if p.is_file() {
            roots.push(base);
            return Ok(p);
        }
    }
    usage(format!(
        "no preset `{name}` (looked for tournaments/presets/{name}.args here and above the executable)"
    ))
}

/// `path` as given if it exists, else under one of the project roots of the presets.
fn resolve(path: &Path, roots: &[PathBuf]) -> PathBuf {
    if path.exists() || path.is_absolute() {
        return path.to_path_buf();
    }
    roots
        .iter()
        .map(|r| r.join(path))
        .find(|p| p.exists())
        .unwrap_or_else(|| path.to_path_buf())
}

fn plan(args: Args, roots: &[PathBuf]) -> Result<Plan, Failure> {
    let rule = match Rule::parse(&args.rule) {
        Some(r) if matches!(args.rule.parse::<i64>(), Ok(0 | 1 | 4 | 8 | 9) | Err(_)) => r,
        _ => {
            return usage(format!(
                "unknown rule `{}` (use 0, 1, 4, 8 or 9)",
                args.rule
            ))
        }
    };
    if !(MIN_SIZE..=MAX_SIZE).contains(&args.size) {
        return usage(format!(
            "board size {} is not in {MIN_SIZE}..{MAX_SIZE}",
            args.size
        ));
    }
    if args.engines.len() < 2 {
        return usage("at least two --engine are needed");
    }
    let mut engines = Vec::new();
    for e in &args.engines {
        let text = match &args.each {
            Some(each) => format!("{each} {e}"),
            None => e.clone(),
        };
        let mut spec = EngineSpec::parse(&text).or_else(usage)?;
        spec.command[0] = check_program(&spec.command[0])?;
        if !spec.name_given {
            // Like c-gomoku-cli: without name= the engine's ABOUT answer names it.
            let wait = Duration::from_millis(args.tolerance_ms.clamp(100, 5000));
            let about = probe_about(&spec.command, wait)
                .or_else(|e| usage(format!("cannot start `{}`: {e}", spec.command.join(" "))))?;
            if let Some(name) = about.as_deref().and_then(about_name) {
                spec.name = name;
            }
        }
        engines.push(spec);
    }
    dedup_names(&mut engines);
    let tc = TimeControl {
        turn_ms: args.turn_ms,
        match_ms: args.match_ms,
        increment_ms: args.increment_ms,
        tolerance_ms: args.tolerance_ms,
    };
    tc.validate().or_else(usage)?;
    if args.concurrency == 0 {
        return usage("--concurrency must be at least 1");
    }
    let sprt = match &args.sprt {
        None => None,
        Some(text) => {
            if engines.len() != 2 {
                return usage("--sprt needs exactly two engines");
            }
            Some(parse_sprt(text).or_else(usage)?)
        }
    };
    let format = OpeningFormat::parse(&args.opening_format).ok_or_else(|| {
        Failure::Usage(format!(
            "unknown opening format `{}` (offset, pos or auto)",
            args.opening_format
        ))
    })?;
    let (openings, openings_used) = match &args.openings {
        None => (Vec::new(), None),
        Some(p) => {
            let path = resolve(p, roots);
            let text = std::fs::read_to_string(&path)
                .or_else(|e| usage(format!("cannot read opening file {}: {e}", path.display())))?;
            let o = parse_openings(&text, format, args.size, rule)
                .or_else(|e| usage(format!("opening file {}: {e}", path.display())))?;
            let n = o.len();
            (o, Some((path, n)))
        }
    };
    let games = match args.games {
        Some(0) => return usage("--games must be at least 1"),
        Some(g) => g,
        None if sprt.is_some() => 100_000,
        None => 2 * openings.len().max(1),
    };
    let order = opening_order(openings.len(), args.seed);
    let pairing = if args.gauntlet {
        Pairing::Gauntlet
    } else {
        Pairing::RoundRobin
    };
    let jobs = schedule(engines.len(), pairing, games, &openings, &order);
    let settings = GameSettings {
        size: args.size,
        rule,
        tc,
        draw_after: args.draw_after,
        max_memory: args.max_memory,
        transcript: args.log.is_some(),
    };
    Ok(Plan {
        engines,
        settings,
        jobs,
        concurrency: args.concurrency,
        sprt,
        args,
        openings_used,
    })
}

/// Fails early on a program that does not exist, rather than losing every game, and
/// returns the program to start. On Windows a bare name is also found next to this
/// executable and in the current folder, as Windows itself does, and is returned as a
/// full path (Rust starts programs from `PATH` and the executable's folder only).
fn check_program(program: &str) -> Result<String, Failure> {
    match locate_program_here(program) {
        Some(found) if cfg!(windows) => Ok(found.to_string_lossy().into_owned()),
        Some(_) => Ok(program.to_string()),
        None => {
            let here = !program.contains('/') && Path::new(program).is_file();
            let hint = if here {
                format!(" in PATH (for the one in the current folder, say ./{program})")
            } else {
                String::new()
            };
            usage(format!("engine program `{program}` not found{hint}"))
        }
    }
}

/// Parses "elo0=0 elo1=5 alpha=0.05 beta=0.05" (blanks or commas between).
fn parse_sprt(text: &str) -> Result<SprtParams, String> {
    let mut p = SprtParams {
        elo0: 0.0,
        elo1: f64::NAN,
        alpha: 0.05,
        beta: 0.05,
    };
    for item in text.split([' ', ',']).filter(|s| !s.is_empty()) {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| format!("--sprt: expected key=value, got `{item}`"))?;
        let v: f64 = v
            .parse()
            .map_err(|_| format!("--sprt: `{v}` is not a number"))?;
        match k {
            "elo0" => p.elo0 = v,
            "elo1" => p.elo1 = v,
            "alpha" => p.alpha = v,
            "beta" => p.beta = v,
            _ => {
                return Err(format!(
                    "--sprt: unknown key `{k}` (elo0, elo1, alpha, beta)"
                ))
            }
        }
    }
    if p.elo1.is_nan() {
        return Err("--sprt needs elo1=".into());
    }
    p.validate()?;
    Ok(p)
}

/// Running totals.
#[derive(Default)]
struct Tally {
    /// Per engine, from its own side.
    per_engine: Vec<Wdl>,
    /// Failures (timeouts, crashes, …) per engine.
    failures: Vec<u64>,
    /// First engine against the second (two-engine matches).
    head: Wdl,
    black_wins: u64,
    white_wins: u64,
    draws: u64,
    plies: u64,
    engine_moves: u64,
    by_reason: BTreeMap<&'static str, u64>,
}

impl Tally {
    fn add(&mut self, r: &GameRecord) {
        let add = |w: &mut Wdl, won: Option<bool>| match won {
            Some(true) => w.wins += 1,
            Some(false) => w.losses += 1,
            None => w.draws += 1,
        };
        let winner = r.winner_engine();
        for e in [r.black, r.white] {
            add(&mut self.per_engine[e], winner.map(|w| w == e));
        }
        if r.black <= 1 && r.white <= 1 {
            add(&mut self.head, winner.map(|w| w == 0));
        }
        if r.termination.is_failure() {
            if let Some(w) = r.winner {
                self.failures[r.engine_of(w.opp())] += 1;
            }
        }
        match r.winner {
            Some(Color::Black) => self.black_wins += 1,
            Some(Color::White) => self.white_wins += 1,
            None => self.draws += 1,
        }
        self.plies += r.plies() as u64;
        self.engine_moves += r.moves.len() as u64;
        *self.by_reason.entry(r.termination.label()).or_default() += 1;
    }

    fn games(&self) -> u64 {
        self.black_wins + self.white_wins + self.draws
    }
}

fn fmt_elo(e: Option<EloEstimate>) -> (String, String) {
    match e {
        Some(e) if e.elo.is_finite() => (
            // `+ 0.0` turns a negative zero into a positive one: "+0.0", not "-0.0".
            format!("{:+.1}", e.elo + 0.0),
            if e.margin().is_finite() {
                format!("{:.1}", e.margin())
            } else {
                "inf".into()
            },
        ),
        Some(e) => (
            if e.elo > 0.0 { "+inf" } else { "-inf" }.into(),
            "inf".into(),
        ),
        None => ("-".into(), "-".into()),
    }
}

fn pct(x: Option<f64>) -> String {
    x.map(|v| format!("{:.1}%", 100.0 * v))
        .unwrap_or_else(|| "-".into())
}

fn play(plan: Plan) -> Result<i32, Failure> {
    let names: Vec<String> = plan.engines.iter().map(|e| e.name.clone()).collect();
    let total = plan.jobs.len();
    let tty = std::io::stdout().is_terminal();
    let mut out = std::io::stdout().lock();
    let mut sgf = open_output(plan.args.sgf.as_deref())?;
    let mut pgn = open_output(plan.args.pgn.as_deref())?;
    if let Some(dir) = &plan.args.log {
        std::fs::create_dir_all(dir).or_else(|e| {
            usage(format!(
                "cannot create log directory {}: {e}",
                dir.display()
            ))
        })?;
    }
    let mut tally = Tally {
        per_engine: vec![Wdl::default(); names.len()],
        failures: vec![0; names.len()],
        ..Tally::default()
    };
    let two = names.len() == 2;
    let rule = plan.settings.rule;
    writeln!(
        out,
        "Match: {} | rule {} ({}) | {}x{} | {} games | {}{}",
        names.join(", "),
        rule.info_value(),
        rule.name(),
        plan.settings.size,
        plan.settings.size,
        total,
        describe_tc(&plan.settings.tc),
        match &plan.openings_used {
            Some((p, n)) => format!(" | {n} openings from {}", p.display()),
            None => String::new(),
        }
    )?;
    if let Some(s) = &plan.sprt {
        let (lo, hi) = s.bounds();
        writeln!(
            out,
            "SPRT: elo0={} elo1={} alpha={} beta={} (bounds {lo:.2} .. {hi:.2}; GSPRT, logistic Elo, trinomial)",
            s.elo0, s.elo1, s.alpha, s.beta
        )?;
    }
    let mut verdict = SprtVerdict::Continue;
    let mut running = 0usize;
    let mut write_error: Option<std::io::Error> = None;
    let cancelled = run_match(
        &plan.engines,
        &plan.settings,
        &plan.jobs,
        plan.concurrency,
        |ev| {
            let res = (|| -> std::io::Result<Control> {
                match ev {
                    Event::Started(_) => running += 1,
                    Event::Finished(r) => {
                        running -= 1;
                        tally.add(&r);
                        if let Some(f) = sgf.as_mut() {
                            f.write_all(r.to_sgf(&names).as_bytes())?;
                            f.flush()?;
                        }
                        if let Some(f) = pgn.as_mut() {
                            f.write_all(r.to_pgn(&names, &plan.args.event).as_bytes())?;
                            f.flush()?;
                        }
                        let line = game_line(&r, &names, total);
                        if let Some(dir) = &plan.args.log {
                            let mut text = format!("{line}\n");
                            for l in &r.transcript {
                                text.push_str(l);
                                text.push('\n');
                            }
                            std::fs::write(dir.join(format!("game-{:05}.log", r.number)), text)?;
                        }
                        if tty {
                            write!(out, "\r\x1b[2K")?;
                        }
                        writeln!(out, "{line}")?;
                        if two && !tty {
                            writeln!(out, "{}", score_line(&tally, &names, plan.sprt.as_ref()))?;
                        }
                        if let Some(s) = &plan.sprt {
                            verdict = s.verdict(&tally.head);
                        }
                    }
                }
                if tty {
                    let done = tally.games();
                    let status = if two {
                        score_line(&tally, &names, plan.sprt.as_ref())
                    } else {
                        format!("{} finished", done)
                    };
                    write!(out, "\r\x1b[2K[{done}/{total}, {running} running] {status}")?;
                    out.flush()?;
                }
                Ok(if verdict == SprtVerdict::Continue {
                    Control::Continue
                } else {
                    Control::Stop
                })
            })();
            match res {
                Ok(c) => c,
                Err(e) => {
                    write_error = Some(e);
                    Control::Stop
                }
            }
        },
    );
    if tty {
        writeln!(out)?;
    }
    if let Some(e) = write_error {
        return Err(Failure::Io(
            anyhow::Error::from(e).context("writing results"),
        ));
    }
    writeln!(out)?;
    write_table(&mut out, &tally, &names)?;
    if let Some(s) = &plan.sprt {
        let llr = s.llr(&tally.head);
        let (lo, hi) = s.bounds();
        let text = match verdict {
            SprtVerdict::AcceptH1 => "H1 accepted: the first engine is stronger by at least elo1",
            SprtVerdict::AcceptH0 => "H0 accepted: the first engine is not stronger by elo1",
            SprtVerdict::Continue => "no decision yet (play more games)",
        };
        writeln!(
            out,
            "SPRT: LLR {llr:.2} (bounds {lo:.2} .. {hi:.2}) after {} games: {text}",
            tally.head.games()
        )?;
    }
    if plan.args.stats {
        write_stats(&mut out, &tally)?;
    }
    if cancelled > 0 {
        writeln!(out, "{cancelled} scheduled games were not played.")?;
    }
    out.flush()?;
    Ok(0)
}

fn open_output(path: Option<&Path>) -> Result<Option<BufWriter<File>>, Failure> {
    match path {
        None => Ok(None),
        Some(p) => File::create(p)
            .map(|f| Some(BufWriter::new(f)))
            .or_else(|e| usage(format!("cannot create {}: {e}", p.display()))),
    }
}

fn describe_tc(tc: &TimeControl) -> String {
    let mut parts = Vec::new();
    if tc.turn_ms > 0 {
        parts.push(format!("{} ms/move", tc.turn_ms));
    }
    if tc.match_ms > 0 {
        parts.push(format!("{} ms/game", tc.match_ms));
    }
    if tc.increment_ms > 0 {
        parts.push(format!("+{} ms/move", tc.increment_ms));
    }
    parts.push(format!("tolerance {} ms", tc.tolerance_ms));
    parts.join(", ")
}

fn game_line(r: &GameRecord, names: &[String], total: usize) -> String {
    let result = match r.winner {
        Some(Color::Black) => "1-0",
        Some(Color::White) => "0-1",
        None => "1/2",
    };
    let mut s = format!(
        "Game {}/{}: {} (black) vs {} (white): {} {} [{} plies",
        r.number,
        total,
        names[r.black],
        names[r.white],
        result,
        r.describe(),
        r.plies()
    );
    if let Some(l) = r.opening_line {
        s.push_str(&format!(", opening line {l}"));
    }
    s.push(']');
    if !r.detail.is_empty() {
        s.push_str(&format!(" {{{}}}", r.detail));
    }
    s
}

fn score_line(t: &Tally, names: &[String], sprt: Option<&SprtParams>) -> String {
    let h = &t.head;
    let mut s = format!(
        "Score of {} vs {}: {} - {} - {} [{}] {}",
        names[0],
        names[1],
        h.wins,
        h.losses,
        h.draws,
        h.score().map(|x| format!("{x:.3}")).unwrap_or("-".into()),
        h.games()
    );
    if let Some(p) = sprt {
        let (lo, hi) = p.bounds();
        s.push_str(&format!(", LLR {:.2} ({lo:.2}, {hi:.2})", p.llr(h)));
    }
    s
}

fn write_table(out: &mut impl Write, t: &Tally, names: &[String]) -> std::io::Result<()> {
    let width = names.iter().map(|n| n.len()).max().unwrap_or(4).max(4);
    writeln!(
        out,
        "Rank {:width$}  Games   Wins Losses  Draws   Score      Elo   ±95%     LOS  Fails",
        "Name"
    )?;
    let mut idx: Vec<usize> = (0..names.len()).collect();
    idx.sort_by(|&a, &b| {
        let sa = t.per_engine[a].score().unwrap_or(0.0);
        let sb = t.per_engine[b].score().unwrap_or(0.0);
        sb.total_cmp(&sa).then(a.cmp(&b))
    });
    for (rank, &i) in idx.iter().enumerate() {
        let w = &t.per_engine[i];
        let (elo, margin) = fmt_elo(w.elo());
        writeln!(
            out,
            "{:>4} {:width$} {:>6} {:>6} {:>6} {:>6} {:>7} {:>8} {:>6} {:>7} {:>6}",
            rank + 1,
            names[i],
            w.games(),
            w.wins,
            w.losses,
            w.draws,
            pct(w.score()),
            elo,
            margin,
            pct(w.los()),
            t.failures[i]
        )?;
    }
    if names.len() == 2 {
        let h = &t.head;
        let (elo, margin) = fmt_elo(h.elo());
        writeln!(
            out,
            "{} vs {}: {} - {} - {}, Elo difference {elo} ± {margin}, LOS {}",
            names[0],
            names[1],
            h.wins,
            h.losses,
            h.draws,
            pct(h.los())
        )?;
    }
    let reasons: Vec<String> = t
        .by_reason
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    writeln!(out, "Endings: {}", reasons.join(", "))
}

fn write_stats(out: &mut impl Write, t: &Tally) -> std::io::Result<()> {
    let n = t.games();
    if n == 0 {
        return writeln!(out, "Stats: no games");
    }
    let f = |x: u64| 100.0 * x as f64 / n as f64;
    let first = Wdl::new(t.black_wins, t.white_wins, t.draws);
    writeln!(
        out,
        "Stats: {n} games | black (first player) wins {} ({:.1}%), white wins {} ({:.1}%), draws {} ({:.1}%) | first-player score {} | average length {:.1} plies ({:.1} engine moves)",
        t.black_wins,
        f(t.black_wins),
        t.white_wins,
        f(t.white_wins),
        t.draws,
        f(t.draws),
        pct(first.score()),
        t.plies as f64 / n as f64,
        t.engine_moves as f64 / n as f64
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprt_arguments() {
        let p = parse_sprt("elo1=5").unwrap();
        assert_eq!((p.elo0, p.elo1, p.alpha, p.beta), (0.0, 5.0, 0.05, 0.05));
        let p = parse_sprt("elo0=-2,elo1=3 alpha=0.1 beta=0.2").unwrap();
        assert_eq!((p.elo0, p.elo1, p.alpha, p.beta), (-2.0, 3.0, 0.1, 0.2));
        for bad in [
            "",
            "elo0=1",
            "elo1=x",
            "gamma=1 elo1=2",
            "elo0=5 elo1=5",
            "elo1",
        ] {
            assert!(parse_sprt(bad).is_err(), "{bad}");
        }
    }
}
