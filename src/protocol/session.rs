//! The protocol state machine: owns the [`Engine`], turns commands into engine calls and
//! engine results into protocol lines.
//!
//! Everything arrives as an [`Event`] on one channel: lines from the stdin reader, and
//! progress reports and finished searches from the search thread. A search runs on its
//! own thread, which takes the engine with it and sends it back with the result, so the
//! session stays responsive: `END` exits at once, `YXSTOP` makes the search answer now,
//! `INFO` and `ABOUT` are handled while thinking, and a command that changes the
//! position aborts the search (its move is never printed) and runs once the engine is
//! back. Lines that need the engine wait in an input queue, in arrival order.
//!
//! The session never prints directly: it writes through an [`Output`], so tests drive
//! it in-process with a fake writer.

use super::command::{self, parse_command, parse_stone, sanitize, Command, Coord, ParseError};
use crate::board::{Board, Cell};
use crate::engine::{Engine, IterationInfo, Reporter, SearchResult};
use crate::types::{format_value, Color, Pos, Rule, Value, MAX_SIZE, MIN_SIZE, VALUE_MATE_BOUND};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Instant;

/// Where protocol lines go. One call writes one whole line (without its terminator).
pub trait Output: Send {
    /// Writes `text` as one line and flushes it.
    fn line(&mut self, text: &str);
}

/// Something that happened: the input to [`Session::handle`].
pub enum Event {
    /// A line from the manager (terminator stripped), with the time it was read.
    Line {
        /// The text.
        text: String,
        /// When the reader got it: the move clock starts here.
        at: Instant,
    },
    /// End of input: behaves like `END`.
    Eof,
    /// Output lines produced by the search thread's reporter (GUI mode only).
    Report {
        /// The search that produced them.
        id: u64,
        /// Lines to print.
        lines: Vec<String>,
    },
    /// The engine built in the background at start-up ([`Session::new_lazy`]).
    EngineReady(Box<Engine>),
    /// A search finished and hands the engine back.
    SearchDone {
        /// The search.
        id: u64,
        /// The engine, returned by the search thread.
        engine: Box<Engine>,
        /// Best first; at least one entry unless the board had no legal move.
        results: Vec<SearchResult>,
    },
}

/// What the caller should do after [`Session::handle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep feeding events.
    Continue,
    /// `END` or end of input: flush and exit without printing anything more.
    Exit,
}

/// Why a search runs, which decides what its result is turned into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// Our move in the game (`BEGIN`, `TURN`, `BOARD`): printed and played.
    Move,
    /// `YXNBEST`: the best move is printed, not played.
    NBest,
    /// `SWAP2BOARD` with 3 or 5 stones: `SWAP` or a move, not played.
    Swap2,
}

struct Search {
    id: u64,
    stop: Arc<AtomicBool>,
    purpose: Purpose,
    /// A position-changing command arrived: the result is thrown away.
    aborted: bool,
    /// `MESSAGE` lines to print just before the move.
    warnings: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BlockKind {
    Board,
    YxBoard,
    Swap2,
}

struct Block {
    kind: BlockKind,
    lines: Vec<command::StoneLine>,
    warnings: Vec<String>,
    at: Instant,
}

/// Settings that do not belong to the engine.
#[derive(Clone, Debug, Default)]
pub struct SessionSettings {
    /// `INFO game_type`.
    pub game_type: i64,
    /// `INFO folder` (the whole rest of the line).
    pub folder: Option<String>,
    /// `INFO pondering` (accepted; we never ponder).
    pub pondering: bool,
    /// `INFO show_detail`: bit 1 realtime markers, bit 2 detail blocks (GUI mode only).
    pub show_detail: i64,
}

/// The value of `INFO time_left` that means "no match clock".
const TIME_LEFT_UNLIMITED: i64 = 2_147_483_647;

/// Log2 of the largest hash we offer Yixin-Board, in KiB (2^20 KiB = 1 GiB).
const MAX_HASH_SIZE_LOG2_KIB: u32 = 20;

/// `country` in the ABOUT line.
pub const ABOUT_COUNTRY: &str = "International";
/// `www` in the ABOUT line (the project has no public page yet).
pub const ABOUT_WWW: &str = "n/a";

/// The ABOUT line: `key="value"` pairs, the name first (c-gomoku-cli reads `name=`).
pub fn about_line() -> String {
    format!(
        "name=\"Tengen\", version=\"{}\", author=\"Tengen developers\", country=\"{ABOUT_COUNTRY}\", www=\"{ABOUT_WWW}\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// The protocol state machine. See the module docs.
pub struct Session {
    out: Box<dyn Output>,
    tx: Sender<Event>,
    /// `None` while a search thread holds it.
    engine: Option<Box<Engine>>,
    /// A `START` has succeeded.
    started: bool,
    search: Option<Search>,
    /// Lines waiting for the engine, oldest first.
    queue: VecDeque<(String, Instant)>,
    /// `INFO` lines that arrived while the engine was away.
    deferred_info: Vec<(String, String)>,
    block: Option<Block>,
    /// Yixin-Board GUI mode (after `YXSHOWINFO`).
    gui: bool,
    settings: SessionSettings,
    next_id: u64,
    /// The engine is still being built ([`Session::new_lazy`]).
    initializing: bool,
    /// A `START` answered while the engine was being built: the size to set up.
    pending_start: Option<(usize, usize)>,
}

impl Session {
    /// A session writing to `out`; search threads report back on `tx`, which must feed
    /// the same channel the caller passes to [`Session::handle`].
    pub fn new(out: Box<dyn Output>, tx: Sender<Event>) -> Session {
        let mut s = Session::empty(out, tx);
        s.engine = Some(Box::new(Engine::new()));
        s
    }

    fn empty(out: Box<dyn Output>, tx: Sender<Event>) -> Session {
        Session {
            out,
            tx,
            engine: None,
            started: false,
            search: None,
            queue: VecDeque::new(),
            deferred_info: Vec::new(),
            block: None,
            gui: false,
            settings: SessionSettings::default(),
            next_id: 0,
            initializing: false,
            pending_start: None,
        }
    }

    /// Like [`Session::new`], but the engine (whose pattern tables take tens of ms to
    /// build) is made on another thread and arrives as [`Event::EngineReady`] on `tx`.
    /// Meanwhile `ABOUT`, `INFO` and a valid `START` are answered at once, so a
    /// manager's first `START` gets its `OK` within a few ms of process start.
    pub fn new_lazy(out: Box<dyn Output>, tx: Sender<Event>) -> Session {
        let builder_tx = tx.clone();
        let mut s = Session::new_without_engine(out, tx);
        let spawned = std::thread::Builder::new()
            .name("engine-init".into())
            .spawn(move || {
                let _ = builder_tx.send(Event::EngineReady(Box::default()));
            });
        match spawned {
            Ok(_) => s.initializing = true,
            Err(_) => s.engine = Some(Box::new(Engine::new())),
        }
        s
    }

    fn new_without_engine(out: Box<dyn Output>, tx: Sender<Event>) -> Session {
        let mut s = Session::empty(out, tx);
        s.engine = None;
        s
    }

    /// Whether the engine is away: a search is running (its result will arrive as
    /// [`Event::SearchDone`]) or the engine is still being built.
    pub fn is_busy(&self) -> bool {
        self.search.is_some() || self.initializing
    }

    /// The engine, when no search holds it.
    pub fn engine(&self) -> Option<&Engine> {
        self.engine.as_deref()
    }

    /// Whether a game has been started.
    pub fn started(&self) -> bool {
        self.started
    }

    /// Settings kept by the session itself.
    pub fn settings(&self) -> &SessionSettings {
        &self.settings
    }

    /// Whether Yixin-Board GUI mode is on.
    pub fn gui_mode(&self) -> bool {
        self.gui
    }

    /// Handles one event.
    pub fn handle(&mut self, ev: Event) -> Flow {
        match ev {
            Event::Eof => Flow::Exit,
            Event::Line { text, at } => {
                // END is honoured at once, whatever is queued or running.
                if matches!(parse_command(&text), Ok(Some(Command::End))) {
                    if let Some(s) = &self.search {
                        s.stop.store(true, Ordering::SeqCst);
                    }
                    return Flow::Exit;
                }
                self.queue.push_back((text, at));
                self.pump()
            }
            Event::Report { id, lines } => {
                if let Some(s) = &self.search {
                    if s.id == id && !s.aborted {
                        for l in lines {
                            self.out.line(&l);
                        }
                    }
                }
                Flow::Continue
            }
            Event::EngineReady(engine) => {
                self.initializing = false;
                self.engine = Some(engine);
                for (k, v) in std::mem::take(&mut self.deferred_info) {
                    self.info(&k, &v);
                }
                if let Some((w, h)) = self.pending_start.take() {
                    let r = self.eng().new_game(w, h);
                    debug_assert!(r.is_ok(), "size checked when START was answered");
                }
                self.pump()
            }
            Event::SearchDone {
                id,
                engine,
                results,
            } => {
                self.search_done(id, engine, results);
                self.pump()
            }
        }
    }

    /// Processes queued lines while possible.
    fn pump(&mut self) -> Flow {
        while let Some((text, at)) = self.queue.pop_front() {
            if self.initializing {
                // A valid START needs no engine to be answered: the board is set up as
                // soon as the engine arrives, before any later command.
                if let Ok(Some(
                    Command::Start { width, height } | Command::RectStart { width, height },
                )) = parse_command(&text)
                {
                    let range = MIN_SIZE as i64..=MAX_SIZE as i64;
                    if range.contains(&width) && range.contains(&height) {
                        self.pending_start = Some((width as usize, height as usize));
                        self.started = true;
                        self.say("OK");
                        continue;
                    }
                }
            }
            if self.is_busy() {
                // While thinking only commands that leave the engine alone run now.
                let parsed = parse_command(&text);
                match &parsed {
                    Ok(Some(cmd)) if cmd.needs_engine() => {
                        if cmd.changes_position() {
                            self.abort_search();
                        }
                        self.queue.push_front((text, at));
                        return Flow::Continue;
                    }
                    _ => {}
                }
            }
            if self.process_line(&text, at) == Flow::Exit {
                return Flow::Exit;
            }
        }
        Flow::Continue
    }

    fn abort_search(&mut self) {
        if let Some(s) = &mut self.search {
            s.aborted = true;
            s.stop.store(true, Ordering::SeqCst);
        }
    }

    fn say(&mut self, text: &str) {
        self.out.line(text);
    }

    fn error(&mut self, msg: &str) {
        let line = format!("ERROR {msg}");
        self.out.line(&line);
    }

    fn parse_error(&mut self, e: &ParseError) {
        // Yixin-Board GUI mode ignores unknown commands silently (§6.4).
        if self.gui && matches!(e, ParseError::Unknown(_)) {
            return;
        }
        let line = e.reply();
        self.out.line(&line);
    }

    fn process_line(&mut self, text: &str, at: Instant) -> Flow {
        if self.block.is_some() {
            self.block_line(text);
            return Flow::Continue;
        }
        match parse_command(text) {
            Ok(None) => Flow::Continue,
            Err(e) => {
                self.parse_error(&e);
                Flow::Continue
            }
            Ok(Some(cmd)) => self.run(cmd, at),
        }
    }

    /// Runs a command. Commands that need the engine only get here while it is home.
    fn run(&mut self, cmd: Command, at: Instant) -> Flow {
        match cmd {
            Command::End => return Flow::Exit,
            Command::Info { key, value } => self.info(&key, &value),
            Command::About => {
                let line = about_line();
                self.say(&line);
            }
            Command::Stop => {
                if let Some(s) = &self.search {
                    s.stop.store(true, Ordering::SeqCst);
                }
            }
            Command::ShowInfo => {
                self.gui = true;
                let threads = std::thread::available_parallelism()
                    .map(|n| n.get())
                    .unwrap_or(1);
                self.say(&format!("MESSAGE Tengen {}", env!("CARGO_PKG_VERSION")));
                self.say(&format!("MESSAGE INFO MAX_THREAD_NUM {threads}"));
                self.say(&format!(
                    "MESSAGE INFO MAX_HASH_SIZE {MAX_HASH_SIZE_LOG2_KIB}"
                ));
            }
            Command::Done => self.parse_error(&ParseError::Unknown("DONE".into())),
            Command::Start { width, height } => self.start(width, height, "START"),
            Command::RectStart { width, height } => self.start(width, height, "RECTSTART"),
            Command::Restart => {
                if !self.started {
                    self.error("no game started (RESTART before START)");
                } else {
                    let (w, h) = self.size();
                    // Same size: keep the hash (see `start`).
                    let r = self.eng().set_position(w, h, &[], &[]);
                    match r {
                        Ok(()) => self.say("OK"),
                        Err(e) => self.error(&e.to_string()),
                    }
                }
            }
            Command::Begin => {
                if !self.started {
                    self.error("no game started (BEGIN before START)");
                } else if self.board().count() > 0 {
                    self.error("board not empty (BEGIN is only for the first move)");
                } else {
                    self.think(Purpose::Move, at, Vec::new(), 1);
                }
            }
            Command::Turn(c) => match self.cell_for(c, "TURN") {
                Err(msg) => self.error(&msg),
                Ok(p) => {
                    if let Err(e) = self.eng().play(p) {
                        self.error(&e.to_string());
                    } else {
                        self.think(Purpose::Move, at, Vec::new(), 1);
                    }
                }
            },
            Command::Play(c) => match self.cell_for(c, "PLAY") {
                Err(msg) => self.error(&msg),
                Ok(p) => {
                    let mut probe = self.board().clone();
                    if probe.side_to_move() == Color::Black && probe.is_forbidden(p) {
                        self.error(&format!("{p} is a forbidden point for black"));
                    } else if let Err(e) = self.eng().play(p) {
                        self.error(&e.to_string());
                    } else {
                        self.say(&p.to_string());
                    }
                }
            },
            Command::Takeback(c) => self.takeback(c),
            Command::Board => self.open_block(BlockKind::Board, at),
            Command::YxBoard => self.open_block(BlockKind::YxBoard, at),
            Command::Swap2Board => self.open_block(BlockKind::Swap2, at),
            Command::ShowForbid => {
                if !self.started {
                    self.error("no game started (YXSHOWFORBID before START)");
                } else {
                    let mut b = self.board().clone();
                    let mut line = String::from("FORBID ");
                    for p in b.forbidden_points() {
                        line.push_str(&format!("{:02}{:02}", p.x(), p.y()));
                    }
                    line.push('.');
                    self.say(&line);
                }
            }
            Command::HashClear => self.eng().clear_hash(),
            Command::NBest(n) => {
                if !self.started {
                    self.error("no game started (YXNBEST before START)");
                } else if n < 1 {
                    self.error("YXNBEST needs a count of at least 1");
                } else {
                    let n = n.min(self.empty_cells() as i64).max(1) as usize;
                    self.think(Purpose::NBest, at, Vec::new(), n);
                }
            }
        }
        Flow::Continue
    }

    /// The engine; only called where it is home (see [`Session::pump`]).
    fn eng(&mut self) -> &mut Engine {
        self.engine
            .as_deref_mut()
            .expect("engine-needing commands run only while the engine is home")
    }

    fn board(&self) -> &Board {
        self.engine
            .as_deref()
            .expect("engine-needing commands run only while the engine is home")
            .board()
    }

    fn size(&self) -> (usize, usize) {
        let b = self.board();
        (b.width(), b.height())
    }

    fn empty_cells(&self) -> usize {
        let b = self.board();
        b.cells().filter(|&p| b.is_empty(p)).count()
    }

    fn start(&mut self, width: i64, height: i64, word: &str) {
        let range = MIN_SIZE as i64..=MAX_SIZE as i64;
        if !range.contains(&width) || !range.contains(&height) {
            let size = if width == height {
                width.to_string()
            } else {
                format!("{width}x{height}")
            };
            self.error(&format!(
                "unsupported board size {size} in {word} (each side must be {MIN_SIZE}..{MAX_SIZE})"
            ));
            return;
        }
        let (w, h) = (width as usize, height as usize);
        // Yixin-Board sends START + BOARD before many moves and c-gomoku-cli START
        // before every game: on the same size an empty position keeps the hash table's
        // content (entries are keyed by position, and a rule change clears it), so a
        // resync costs nothing. Another size starts afresh.
        let r = if self.started && self.size() == (w, h) {
            self.eng().set_position(w, h, &[], &[])
        } else {
            self.eng().new_game(w, h)
        };
        match r {
            Ok(()) => {
                self.started = true;
                self.say("OK");
            }
            Err(e) => self.error(&e.to_string()),
        }
    }

    /// Checks a received cell: a game exists, it is on the board and playable.
    fn cell_for(&self, c: Coord, word: &str) -> Result<Pos, String> {
        if !self.started {
            return Err(format!("no game started ({word} before START)"));
        }
        let b = self.board();
        let p = b.pos(c.x, c.y).ok_or_else(|| {
            format!(
                "{},{} is off the {}x{} board",
                c.x,
                c.y,
                b.width(),
                b.height()
            )
        })?;
        match b.cell(p) {
            Cell::Empty => Ok(p),
            Cell::Blocked => Err(format!("{p} is blocked")),
            _ => Err(format!("{p} is already occupied")),
        }
    }

    fn info(&mut self, key: &str, value: &str) {
        if self.engine.is_none() {
            self.deferred_info
                .push((key.to_string(), value.to_string()));
            return;
        }
        let num = value
            .split_whitespace()
            .next()
            .and_then(|v| v.parse::<i64>().ok());
        // Settings the engine does not hold.
        match key {
            "folder" => {
                if !value.is_empty() {
                    self.settings.folder = Some(value.to_string());
                }
                return;
            }
            "game_type" => {
                if let Some(v) = num {
                    self.settings.game_type = v;
                }
                return;
            }
            "pondering" => {
                if let Some(v) = num {
                    self.settings.pondering = v != 0;
                }
                return;
            }
            "show_detail" => {
                if let Some(v) = num {
                    self.settings.show_detail = v;
                }
                return;
            }
            _ => {}
        }
        let Some(v) = num else {
            log::debug!("INFO {key}: ignoring value {value:?}");
            return;
        };
        if key == "rule" {
            let rule = Rule::from_info(v);
            self.eng().set_rule(rule);
            return;
        }
        let o = self.eng().options_mut();
        match key {
            "timeout_turn" => o.timeout_turn_ms = v.max(0),
            "timeout_match" => o.timeout_match_ms = v.max(0),
            "time_left" => {
                o.time_left_ms = if v == TIME_LEFT_UNLIMITED {
                    None
                } else {
                    Some(v)
                }
            }
            "time_increment" => o.time_increment_ms = v.max(0),
            "max_memory" => {
                if v >= 0 {
                    o.max_memory = v as u64
                }
            }
            "hash_size" => o.hash_size_kib = (v > 0).then_some(v as u64),
            "thread_num" => o.threads = v.clamp(1, 256) as usize,
            "max_depth" => o.max_depth = (v > 0).then(|| v.min(i32::MAX as i64) as i32),
            "max_node" => o.max_nodes = (v > 0).then_some(v as u64),
            "caution_factor" => o.caution_factor = v,
            // `evaluate` (debug mouse position) and unknown keys: silently ignored.
            _ => log::debug!("INFO {key} ignored"),
        }
    }

    fn takeback(&mut self, c: Coord) {
        if !self.started {
            self.error("no game started (TAKEBACK before START)");
            return;
        }
        let b = self.board();
        let Some(p) = b.pos(c.x, c.y) else {
            let msg = format!("{},{} is off the board", c.x, c.y);
            self.error(&msg);
            return;
        };
        let Some(color) = b.cell(p).color() else {
            let msg = if b.count() == 0 {
                "board is empty, nothing to take back".to_string()
            } else {
                format!("no stone at {p} to take back")
            };
            self.error(&msg);
            return;
        };
        if b.last_move() == Some(p) {
            self.eng().undo();
            self.say("OK");
            return;
        }
        // An earlier stone: remove it and rebuild, keeping every other stone's colour.
        // That is only expressible as an alternating history when the stone belongs to
        // the side that moved last.
        let last_color = b.last_move().and_then(|m| b.cell(m).color());
        if last_color != Some(color) {
            let msg = format!(
                "cannot take back {p}: only stones of the side that moved last can be removed"
            );
            self.error(&msg);
            return;
        }
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for &m in b.history() {
            if m == p {
                continue;
            }
            match b.cell(m).color() {
                Some(Color::Black) => black.push(m),
                Some(Color::White) => white.push(m),
                None => {}
            }
        }
        let blocked = blocked_cells(b);
        let (w, h) = (b.width(), b.height());
        let Some(moves) = interleave(&black, &white) else {
            self.error(&format!("cannot take back {p}"));
            return;
        };
        let r = self.eng().set_position(w, h, &moves, &blocked);
        match r {
            Ok(()) => self.say("OK"),
            Err(e) => self.error(&e.to_string()),
        }
    }

    fn open_block(&mut self, kind: BlockKind, at: Instant) {
        self.block = Some(Block {
            kind,
            lines: Vec::new(),
            warnings: Vec::new(),
            at,
        });
    }

    fn block_line(&mut self, text: &str) {
        let (word, rest) = command::split_word(text);
        if word.is_empty() {
            return;
        }
        if word.eq_ignore_ascii_case("done") {
            let block = self.block.take().expect("in a block");
            self.finish_block(block);
            return;
        }
        if word.eq_ignore_ascii_case("info") {
            // Harmless inside a block; some GUIs interleave them.
            let (k, v) = command::split_word(rest);
            let k = k.to_ascii_lowercase();
            self.info(&k, v);
            return;
        }
        let block = self.block.as_mut().expect("in a block");
        let n = block.lines.len() + block.warnings.len() + 1;
        match parse_stone(text) {
            Some(s) => block.lines.push(s),
            None => block.warnings.push(format!(
                "line {n} '{}' is not x,y,f; ignored",
                sanitize(text)
            )),
        }
    }

    fn finish_block(&mut self, block: Block) {
        let word = match block.kind {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2 => "SWAP2BOARD",
        };
        if !self.started {
            self.error(&format!("no game started ({word} before START)"));
            return;
        }
        match block.kind {
            BlockKind::Board | BlockKind::YxBoard => self.finish_board(block),
            BlockKind::Swap2 => self.finish_swap2(block),
        }
    }

    fn finish_board(&mut self, block: Block) {
        let Block {
            kind,
            lines,
            mut warnings,
            at,
        } = block;
        let (w, h) = self.size();
        let mut seen = vec![false; w * h];
        let (mut own, mut opp, mut blocked) = (Vec::new(), Vec::new(), Vec::new());
        for s in lines {
            let (x, y) = (s.at.x, s.at.y);
            if !(0..w as i64).contains(&x) || !(0..h as i64).contains(&y) {
                warnings.push(format!("stone {x},{y} is off the board; ignored"));
                continue;
            }
            let idx = y as usize * w + x as usize;
            if seen[idx] {
                warnings.push(format!("duplicate cell {x},{y}; ignored"));
                continue;
            }
            let p = Pos::new(x as usize, y as usize);
            match s.field {
                Some(1) => own.push(p),
                Some(2) => opp.push(p),
                Some(3) => blocked.push(p),
                Some(f) => {
                    warnings.push(format!(
                        "stone {x},{y} has field {f} (not 1, 2 or 3); ignored"
                    ));
                    continue;
                }
                None => {
                    warnings.push(format!("stone {x},{y} has no colour field; ignored"));
                    continue;
                }
            }
            seen[idx] = true;
        }
        // Colours from counts: equal ⇒ we are black; one more opponent stone ⇒ white.
        let we_are_black = own.len() >= opp.len();
        let (black, white) = if we_are_black {
            (&mut own, &mut opp)
        } else {
            (&mut opp, &mut own)
        };
        // Black must have as many stones as white (we are black) or one more (we are
        // white). Otherwise the position is set up stone by stone with explicit colours.
        let want_black = if we_are_black {
            white.len()
        } else {
            white.len() + 1
        };
        let r = if black.len() == want_black {
            let moves = interleave(black, white).expect("counts checked");
            self.eng().set_position(w, h, &moves, &blocked)
        } else {
            warnings.push(format!(
                "inconsistent stone counts ({} own, {} opponent); playing as {}",
                if we_are_black {
                    black.len()
                } else {
                    white.len()
                },
                if we_are_black {
                    white.len()
                } else {
                    black.len()
                },
                if we_are_black { "black" } else { "white" },
            ));
            let me = if we_are_black {
                Color::Black
            } else {
                Color::White
            };
            let rule = self.board().rule();
            setup_board(w, h, rule, black, white, &blocked, me).map(|b| self.eng().set_board(b))
        };
        if let Err(e) = r {
            self.error(&format!("cannot set up the position: {e}"));
            return;
        }
        match kind {
            BlockKind::YxBoard => {
                for m in warnings {
                    self.say(&format!("MESSAGE {m}"));
                }
            }
            _ => self.think(Purpose::Move, at, warnings, 1),
        }
    }

    fn finish_swap2(&mut self, block: Block) {
        let (w, h) = self.size();
        let mut warnings = block.warnings;
        let mut moves: Vec<Pos> = Vec::new();
        for s in block.lines {
            let (x, y) = (s.at.x, s.at.y);
            if !(0..w as i64).contains(&x) || !(0..h as i64).contains(&y) {
                warnings.push(format!("stone {x},{y} is off the board; ignored"));
                continue;
            }
            let p = Pos::new(x as usize, y as usize);
            if moves.contains(&p) {
                warnings.push(format!("duplicate cell {x},{y}; ignored"));
                continue;
            }
            moves.push(p);
        }
        if !matches!(moves.len(), 0 | 3 | 5) {
            self.error(&format!(
                "SWAP2BOARD needs 0, 3 or 5 stones, got {}",
                moves.len()
            ));
            return;
        }
        let r = self.eng().set_position(w, h, &moves, &[]);
        if let Err(e) = r {
            self.error(&format!("cannot set up the position: {e}"));
            return;
        }
        if moves.is_empty() {
            // Propose the first three stones: a compact, roughly balanced shape around
            // the centre (black, white, black).
            let (cx, cy) = (w / 2, h / 2);
            let line = format!(
                "{} {} {}",
                Pos::new(cx, cy),
                Pos::new(cx + 1, cy - 1),
                Pos::new(cx + 1, cy + 1)
            );
            for m in warnings {
                self.say(&format!("MESSAGE {m}"));
            }
            self.say(&line);
        } else {
            self.think(Purpose::Swap2, block.at, warnings, 1);
        }
    }

    /// Hands the engine to a new search thread.
    fn think(&mut self, purpose: Purpose, at: Instant, warnings: Vec<String>, n: usize) {
        if self.empty_cells() == 0 {
            self.error("no empty cell left to play");
            return;
        }
        let mut engine = self.engine.take().expect("engine is home");
        self.next_id += 1;
        let id = self.next_id;
        let stop = Arc::new(AtomicBool::new(false));
        self.search = Some(Search {
            id,
            stop: stop.clone(),
            purpose,
            aborted: false,
            warnings,
        });
        let tx = self.tx.clone();
        let mut reporter = GuiReporter {
            tx: tx.clone(),
            id,
            detail: if self.gui {
                self.settings.show_detail
            } else {
                0
            },
            numpv: n,
            started: at,
        };
        let spawned = std::thread::Builder::new()
            .name(format!("search-{id}"))
            .spawn(move || {
                let results = if n > 1 {
                    engine.think_nbest(n, at, &mut reporter, &stop)
                } else {
                    vec![engine.think(at, &mut reporter, &stop)]
                };
                // The receiver is gone only when the process is exiting.
                let _ = tx.send(Event::SearchDone {
                    id,
                    engine,
                    results,
                });
            });
        if let Err(e) = spawned {
            // The engine moved into the closure that could not run: start over with a
            // fresh one rather than hang.
            log::error!("cannot spawn search thread: {e}");
            self.search = None;
            self.engine = Some(Box::new(Engine::new()));
            self.started = false;
            self.error("internal error: cannot start the search thread");
        }
    }

    fn search_done(&mut self, id: u64, engine: Box<Engine>, results: Vec<SearchResult>) {
        let Some(search) = self.search.take_if(|s| s.id == id) else {
            // Not ours (cannot happen: one search at a time); keep the engine anyway.
            self.engine = Some(engine);
            return;
        };
        // Idle from here on, before anything is written: a command that arrives right
        // after our move is handled against the new state.
        self.engine = Some(engine);
        for (k, v) in std::mem::take(&mut self.deferred_info) {
            self.info(&k, &v);
        }
        if search.aborted {
            return;
        }
        let best = self.legal_choice(results.first().map(|r| r.best));
        let Some(best) = best else {
            self.error("no legal move left");
            return;
        };
        for w in &search.warnings {
            let line = format!("MESSAGE {w}");
            self.say(&line);
        }
        match search.purpose {
            Purpose::Move => {
                let r = self.eng().play(best);
                debug_assert!(r.is_ok());
                self.say(&best.to_string());
            }
            Purpose::NBest => self.say(&best.to_string()),
            Purpose::Swap2 => {
                // White is to move and we are provisionally white: swap when the
                // search says white stands worse.
                let value = results.first().map(|r| r.value).unwrap_or(0);
                if value < 0 {
                    self.say("SWAP");
                } else {
                    self.say(&best.to_string());
                }
            }
        }
    }

    /// The engine's move if it is legal, else the first legal cell (a safety net: the
    /// engine promises legal moves, but a loss for an illegal one is not worth risking).
    fn legal_choice(&mut self, proposed: Option<Pos>) -> Option<Pos> {
        let mut b = self.board().clone();
        let ok = |b: &mut Board, p: Pos| {
            b.on_board(p)
                && b.is_empty(p)
                && !(b.side_to_move() == Color::Black && b.is_forbidden(p))
        };
        if let Some(p) = proposed {
            if ok(&mut b, p) {
                return Some(p);
            }
            log::error!("engine proposed illegal move {p:?}");
        }
        let cells: Vec<Pos> = b.cells().collect();
        let first = cells.iter().copied().find(|&p| ok(&mut b, p));
        // With only forbidden points left, any empty cell beats no answer.
        first.or_else(|| cells.into_iter().find(|&p| b.is_empty(p)))
    }
}

/// A board with the given stones (each list in order, black's first), blocked cells and
/// side to move, for positions that no alternating history produces.
fn setup_board(
    width: usize,
    height: usize,
    rule: Rule,
    black: &[Pos],
    white: &[Pos],
    blocked: &[Pos],
    to_move: Color,
) -> Result<Board, crate::board::BoardError> {
    let mut b = Board::new(width, height, rule)?;
    for &p in blocked {
        b.set_blocked(p)?;
    }
    for i in 0..black.len().max(white.len()) {
        if let Some(&p) = black.get(i) {
            b.put_stone(p, Color::Black)?;
        }
        if let Some(&p) = white.get(i) {
            b.put_stone(p, Color::White)?;
        }
    }
    b.set_side(to_move);
    Ok(b)
}

/// Cells marked blocked on `b`.
fn blocked_cells(b: &Board) -> Vec<Pos> {
    b.cells().filter(|&p| b.cell(p) == Cell::Blocked).collect()
}

/// An alternating history (black first) from the stones of each colour, each list in
/// the order given. `None` unless black has as many stones as white, or one more.
pub fn interleave(black: &[Pos], white: &[Pos]) -> Option<Vec<Pos>> {
    if black.len() != white.len() && black.len() != white.len() + 1 {
        return None;
    }
    let mut moves = Vec::with_capacity(black.len() + white.len());
    for (i, &b) in black.iter().enumerate() {
        moves.push(b);
        if let Some(&w) = white.get(i) {
            moves.push(w);
        }
    }
    Some(moves)
}

/// Turns search iterations into Yixin-Board output (§6.3); silent outside GUI mode.
struct GuiReporter {
    tx: Sender<Event>,
    id: u64,
    /// `show_detail` bits, or 0 when not in GUI mode.
    detail: i64,
    numpv: usize,
    started: Instant,
}

/// Winning probability shown by Yixin-Board (display only).
fn winrate(v: Value) -> f64 {
    if v >= VALUE_MATE_BOUND {
        1.0
    } else if v <= -VALUE_MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-(v as f64) / 200.0).exp())
    }
}

impl Reporter for GuiReporter {
    fn iteration(&mut self, info: &IterationInfo) {
        if self.detail == 0 {
            return;
        }
        let mut lines = Vec::new();
        let best = info.pv.first().copied();
        if self.detail & 1 != 0 {
            if let Some(b) = best {
                lines.push(format!("MESSAGE REALTIME BEST {b}"));
            }
        }
        if self.detail & 2 != 0 {
            let ms = self.started.elapsed().as_millis().max(1) as u64;
            let line: Vec<String> = info.pv.iter().map(|p| p.to_string()).collect();
            lines.push(format!("INFO PV {}", info.multipv.saturating_sub(1)));
            lines.push(format!("INFO NUMPV {}", self.numpv));
            lines.push(format!("INFO DEPTH {}", info.depth));
            lines.push(format!("INFO SELDEPTH {}", info.seldepth));
            lines.push(format!("INFO NODES {}", info.nodes));
            lines.push(format!("INFO TOTALNODES {}", info.nodes));
            lines.push(format!("INFO TOTALTIME {ms}"));
            lines.push(format!("INFO SPEED {}", info.nodes * 1000 / ms));
            lines.push(format!("INFO EVAL {}", format_value(info.value)));
            lines.push(format!("INFO WINRATE {:.4}", winrate(info.value)));
            if !line.is_empty() {
                lines.push(format!("INFO BESTLINE {}", line.join(" ")));
            }
            lines.push("INFO PV DONE".to_string());
        }
        if !lines.is_empty() {
            let _ = self.tx.send(Event::Report { id: self.id, lines });
        }
    }
}
