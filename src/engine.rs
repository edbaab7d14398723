//! PLACEHOLDER engine for the `protocol` branch only.
//!
//! The lead engineer owns the real `src/engine.rs` on main. This file follows the
//! contract in `notes/api.md` so that the protocol front end can be built and tested
//! before it lands; on merge, main's version replaces it entirely.

use crate::board::{Board, BoardError, Threat};
use crate::types::{Color, Pos, Rule, Value};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Search and resource settings, mostly fed from `INFO` lines.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// The rule.
    pub rule: Rule,
    /// Per-move limit in ms, 0 = fastest.
    pub timeout_turn_ms: i64,
    /// Per-game limit in ms, 0 = unlimited.
    pub timeout_match_ms: i64,
    /// Time left in the match, if known.
    pub time_left_ms: Option<i64>,
    /// Fischer increment.
    pub time_increment_ms: i64,
    /// Memory limit in bytes, 0 = default.
    pub max_memory: u64,
    /// Hash size override.
    pub hash_size_kib: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// Depth limit.
    pub max_depth: Option<i32>,
    /// Node limit.
    pub max_nodes: Option<u64>,
    /// Search width knob.
    pub caution_factor: i64,
    /// Multi-PV count.
    pub nbest: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            rule: Rule::Freestyle,
            timeout_turn_ms: 5000,
            timeout_match_ms: 0,
            time_left_ms: None,
            time_increment_ms: 0,
            max_memory: 0,
            hash_size_kib: None,
            threads: 1,
            max_depth: None,
            max_nodes: None,
            caution_factor: 1,
            nbest: 1,
        }
    }
}

/// Receives search progress.
pub trait Reporter: Send {
    /// One iteration finished.
    fn iteration(&mut self, _info: &IterationInfo) {}
}

/// Progress of one iteration.
#[derive(Clone, Debug, Default)]
pub struct IterationInfo {
    /// Nominal depth.
    pub depth: i32,
    /// Selective depth.
    pub seldepth: i32,
    /// Score for the side to move.
    pub value: Value,
    /// Nodes so far.
    pub nodes: u64,
    /// Elapsed ms.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<Pos>,
    /// Index of the PV (0-based).
    pub multipv: usize,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Best move.
    pub best: Pos,
    /// Its score.
    pub value: Value,
    /// Depth reached.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Elapsed ms.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<Pos>,
}

/// The engine: position plus options.
pub struct Engine {
    board: Board,
    opts: EngineOptions,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// A fresh engine with a 15×15 freestyle board.
    pub fn new() -> Engine {
        Engine {
            board: Board::new(15, 15, Rule::Freestyle).expect("15x15"),
            opts: EngineOptions::default(),
        }
    }
    /// Options.
    pub fn options(&self) -> &EngineOptions {
        &self.opts
    }
    /// Mutable options.
    pub fn options_mut(&mut self) -> &mut EngineOptions {
        &mut self.opts
    }
    /// New empty game.
    pub fn new_game(&mut self, width: usize, height: usize) -> Result<(), BoardError> {
        self.board = Board::new(width, height, self.opts.rule)?;
        Ok(())
    }
    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Changes the rule, keeping the position.
    pub fn set_rule(&mut self, rule: Rule) {
        self.opts.rule = rule;
        self.board = self.board.with_rule(rule);
    }
    /// Plays a move.
    pub fn play(&mut self, p: Pos) -> Result<(), BoardError> {
        self.board.play(p)
    }
    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Pos> {
        self.board.undo().ok()
    }
    /// Sets a position.
    pub fn set_position(
        &mut self,
        width: usize,
        height: usize,
        moves: &[Pos],
        blocked: &[Pos],
    ) -> Result<(), BoardError> {
        let mut b = Board::new(width, height, self.opts.rule)?;
        for &p in blocked {
            b.set_blocked(p)?;
        }
        for &p in moves {
            b.play(p)?;
        }
        self.board = b;
        Ok(())
    }
    /// Clears the hash.
    pub fn clear_hash(&mut self) {}

    /// One-ply choice.
    pub fn think(
        &mut self,
        start: Instant,
        reporter: &mut dyn Reporter,
        stop: &AtomicBool,
    ) -> SearchResult {
        self.think_nbest(1, start, reporter, stop)
            .into_iter()
            .next()
            .unwrap_or(SearchResult {
                best: Pos::NONE,
                value: 0,
                depth: 0,
                nodes: 0,
                time_ms: 0,
                pv: vec![],
            })
    }

    /// One-ply choice of the `n` best.
    pub fn think_nbest(
        &mut self,
        n: usize,
        start: Instant,
        reporter: &mut dyn Reporter,
        _stop: &AtomicBool,
    ) -> Vec<SearchResult> {
        let me = self.board.side_to_move();
        let opp = me.opp();
        let cells: Vec<Pos> = self.board.cells().collect();
        let mut scored: Vec<(i64, Pos)> = Vec::new();
        let renju_black = self.board.rule() == Rule::Renju && me == Color::Black;
        for p in cells {
            if !self.board.is_empty(p) {
                continue;
            }
            if renju_black && self.board.might_be_forbidden(p) && self.board.is_forbidden(p) {
                continue;
            }
            let mut s = if self.board.threat(p, me) == Threat::Five {
                1_000_000
            } else if self.board.threat(p, opp) == Threat::Five {
                500_000
            } else {
                (self.board.cell_score(p, me) as i64) * 2 + self.board.cell_score(p, opp) as i64
            };
            if self.board.count() == 0 && p == self.board.center() {
                s += 10_000;
            }
            scored.push((s, p));
        }
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let t = start.elapsed().as_millis() as u64;
        let out: Vec<SearchResult> = scored
            .iter()
            .take(n.max(1))
            .map(|&(s, p)| SearchResult {
                best: p,
                value: (s / 100).clamp(-20000, 20000) as Value,
                depth: 1,
                nodes: 1,
                time_ms: t,
                pv: vec![p],
            })
            .collect();
        for (i, r) in out.iter().enumerate() {
            reporter.iteration(&IterationInfo {
                depth: 1,
                seldepth: 1,
                value: r.value,
                nodes: r.nodes,
                time_ms: t,
                pv: r.pv.clone(),
                multipv: i,
            });
        }
        out
    }
}
