//! The engine: owns the position, the transposition table and the options, and turns
//! a "think" request into a search. Protocol-neutral: the Gomocup front end, the
//! terminal game and the tools all drive it through this API.

use crate::board::{Board, BoardError, Threat};
use crate::search::movegen::{self, MoveList};
use crate::search::params::{
    ROOT_BRANCH, ROOT_VCF_DEPTH, ROOT_VCF_NODES, ROOT_VCF_TIME_PERMILLE, ROOT_VCT_ATTACK_NODES,
    ROOT_VCT_ATTACK_PERMILLE, ROOT_VCT_CHECK_NODES, ROOT_VCT_CHECK_PERMILLE, ROOT_VCT_DEPTH,
    ROOT_VCT_PASS_NODES, ROOT_VCT_PASS_PERMILLE, VERIFY_MAIN_PERMILLE, VERIFY_PERMILLE,
    VERIFY_ROUNDS,
};
use crate::search::time::{Clock, TimeLimits, Timer};
use crate::search::tt::TranspositionTable;
use crate::search::{self, vcf, Limits};
use crate::types::{mate_in, Pos, Rule, Value, VALUE_MATE_BOUND};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub use crate::search::{IterationInfo, NoReport, Reporter, SearchResult};

/// Memory assumed when the manager sets no limit (Gomocup's 350 MiB).
pub const DEFAULT_MAX_MEMORY: u64 = 350 * 1024 * 1024;
/// Transposition table size when nothing else is asked for.
pub const DEFAULT_HASH_BYTES: u64 = 64 * 1024 * 1024;
/// Memory kept for everything but the table: code, pattern tables, stacks, threads.
pub const BASE_MEMORY: u64 = 24 * 1024 * 1024;
/// Most threads we start.
pub const MAX_THREADS: usize = 64;
/// Deepest iteration when no depth limit is set.
pub const MAX_DEPTH: i32 = 100;

/// Settings, mostly from Gomocup `INFO` keys.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// The rule (`INFO rule`).
    pub rule: Rule,
    /// ms per move; 0 = as fast as possible.
    pub timeout_turn_ms: i64,
    /// ms per game; 0 = unlimited.
    pub timeout_match_ms: i64,
    /// ms left on the match clock, if sent.
    pub time_left_ms: Option<i64>,
    /// Fischer increment (ms).
    pub time_increment_ms: i64,
    /// Process memory limit in bytes; 0 = the default (350 MiB).
    pub max_memory: u64,
    /// Hash size in KiB, if set (`INFO hash_size`).
    pub hash_size_kib: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// Depth limit (`INFO max_depth`).
    pub max_depth: Option<i32>,
    /// Node limit (`INFO max_node`).
    pub max_nodes: Option<u64>,
    /// Yixin-Board search width 0…; kept for the front end.
    pub caution_factor: i64,
    /// Number of best lines for analysis (`YXNBEST`).
    pub nbest: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            rule: Rule::Freestyle,
            timeout_turn_ms: 5_000,
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

impl EngineOptions {
    /// The table size these options allow, in bytes.
    pub fn hash_bytes(&self) -> u64 {
        let limit = if self.max_memory == 0 {
            DEFAULT_MAX_MEMORY
        } else {
            self.max_memory
        };
        let room = limit.saturating_sub(BASE_MEMORY) / 2;
        let want = self
            .hash_size_kib
            .map(|k| k.saturating_mul(1024))
            .unwrap_or(DEFAULT_HASH_BYTES);
        want.min(room).max(64 * 1024)
    }

    /// The time limits for a move after `ply` stones with `empty_cells` left.
    pub fn time_limits(&self, ply: usize, empty_cells: usize) -> TimeLimits {
        TimeLimits::compute(
            &Clock {
                turn_ms: self.timeout_turn_ms,
                match_ms: self.timeout_match_ms,
                left_ms: self.time_left_ms,
                increment_ms: self.time_increment_ms,
                max_own_moves: empty_cells.div_ceil(2) as i64,
            },
            ply,
        )
    }
}

/// The engine.
pub struct Engine {
    board: Board,
    options: EngineOptions,
    tt: Option<TranspositionTable>,
    tt_dirty: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// A 15×15 freestyle engine with default options. Cheap: the table is allocated at
    /// the first search.
    pub fn new() -> Engine {
        Engine {
            board: Board::new(15, 15, Rule::Freestyle).expect("15x15 is valid"),
            options: EngineOptions::default(),
            tt: None,
            tt_dirty: false,
        }
    }

    /// The options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// The options, for changing. A changed rule takes effect through [`Engine::set_rule`].
    pub fn options_mut(&mut self) -> &mut EngineOptions {
        &mut self.options
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A new empty game of the given size, keeping the options.
    pub fn new_game(&mut self, width: usize, height: usize) -> Result<(), BoardError> {
        self.board = Board::new(width, height, self.options.rule)?;
        self.tt_dirty = true;
        Ok(())
    }

    /// Changes the rule and rebuilds the current position under it.
    pub fn set_rule(&mut self, rule: Rule) {
        self.options.rule = rule;
        if self.board.rule() != rule {
            self.board = self.board.with_rule(rule);
            self.tt_dirty = true;
        }
    }

    /// Plays `p` for the side to move.
    pub fn play(&mut self, p: Pos) -> Result<(), BoardError> {
        self.board.play(p)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Pos> {
        self.board.undo().ok()
    }

    /// Replaces the position: a new board with `blocked` cells, then `moves` in order
    /// (black first). On error nothing changes.
    pub fn set_position(
        &mut self,
        width: usize,
        height: usize,
        moves: &[Pos],
        blocked: &[Pos],
    ) -> Result<(), BoardError> {
        let mut b = Board::new(width, height, self.options.rule)?;
        for &p in blocked {
            b.set_blocked(p)?;
        }
        for &m in moves {
            b.play(m)?;
        }
        self.board = b;
        Ok(())
    }

    /// Replaces the position with an arbitrary board (same rule is not required).
    pub fn set_board(&mut self, board: Board) {
        self.options.rule = board.rule();
        self.board = board;
    }

    /// Forgets the transposition table's content.
    pub fn clear_hash(&mut self) {
        self.tt_dirty = true;
    }

    /// Whether the transposition table holds an entry for `board` (what a search
    /// would find there; false once the table is cleared).
    pub fn hash_holds(&self, board: &Board) -> bool {
        match &self.tt {
            Some(tt) if !self.tt_dirty => tt.probe(board.hash()).is_some(),
            _ => false,
        }
    }

    fn table(&mut self) -> &TranspositionTable {
        let bytes = self.options.hash_bytes() as usize;
        let fits = self
            .tt
            .as_ref()
            .is_some_and(|t| t.bytes() <= bytes && t.bytes() * 2 > bytes);
        if !fits || self.tt_dirty {
            // A fresh zeroed table is the cheapest clear: its pages come from the
            // operating system untouched. Free the old one first so both never live
            // at once.
            self.tt = None;
            self.tt = Some(TranspositionTable::new(bytes));
            self.tt_dirty = false;
        }
        self.tt.as_ref().expect("allocated")
    }

    /// The search limits the options give for the current move.
    pub fn limits(&self) -> Limits {
        let empty = self.board.width() * self.board.height() - self.board.count();
        let mut time = self.options.time_limits(self.board.ply(), empty);
        let mut max_depth = self
            .options
            .max_depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        if self.options.timeout_turn_ms <= 0 {
            // "As fast as possible": a shallow search is all we may spend.
            max_depth = max_depth.min(2);
            time.soft_ms = time.soft_ms.min(time.hard_ms);
        }
        Limits {
            time,
            max_depth,
            max_nodes: self.options.max_nodes.unwrap_or(0),
            excluded: Vec::new(),
        }
    }

    /// Thinks about the side to move's move under the options' limits.
    /// Always returns a playable move if the board has an empty cell (never a renju
    /// foul for black unless only fouls remain); `Pos::NONE` on a full board.
    pub fn think(
        &mut self,
        start: Instant,
        reporter: &mut dyn Reporter,
        stop: &AtomicBool,
    ) -> SearchResult {
        let limits = self.limits();
        self.think_with(limits, start, reporter, stop, 1)
    }

    /// Thinks with explicit limits (bench, tools).
    pub fn think_with(
        &mut self,
        limits: Limits,
        start: Instant,
        reporter: &mut dyn Reporter,
        stop: &AtomicBool,
        multipv: usize,
    ) -> SearchResult {
        let timer = Timer::new(start);
        let mut quick = SearchResult::default();
        if self.board.is_full() {
            return quick;
        }
        let me = self.board.side_to_move();
        // A five wins at once.
        if let Some(p) = self
            .board
            .cells()
            .find(|&p| self.board.is_empty(p) && self.board.threat(p, me) == Threat::Five)
            .filter(|p| !limits.excluded.contains(p))
        {
            quick.best = p;
            quick.value = mate_in(1);
            quick.depth = 1;
            quick.pv = vec![p];
            quick.time_ms = timer.elapsed_ms();
            reporter.iteration(&info_of(&quick, multipv));
            return quick;
        }
        let mut moves = MoveList::new();
        movegen::generate(&mut self.board, &mut moves);
        movegen::sort(&mut moves);
        moves.retain(|m| !limits.excluded.contains(&m.0));
        if moves.is_empty() {
            // Only fouls (or excluded cells) remain: any empty cell.
            quick.best = self
                .board
                .cells()
                .find(|&p| self.board.is_empty(p) && !limits.excluded.contains(&p))
                .unwrap_or(Pos::NONE);
            quick.pv = vec![quick.best];
            return quick;
        }
        if moves.len() == 1 && multipv == 1 {
            quick.best = moves[0].0;
            quick.pv = vec![quick.best];
            quick.depth = 1;
            quick.value = crate::eval::evaluate(&self.board);
            quick.time_ms = timer.elapsed_ms();
            reporter.iteration(&info_of(&quick, multipv));
            return quick;
        }
        // A VCF at the root, within a share of the time.
        if self.board.threat_count(me.opp(), Threat::Five) == 0 {
            let hard = limits.time.hard_ms;
            let vcf_deadline = timer.deadline(hard.saturating_mul(ROOT_VCF_TIME_PERMILLE) / 1000);
            // Under a node limit the threat searches get a share of it, like the time.
            let vcf_nodes =
                ThreatShare::new(&limits, timer).nodes(ROOT_VCF_TIME_PERMILLE, ROOT_VCF_NODES);
            let mut budget = vcf::Budget::timed(vcf_nodes, vcf_deadline, stop);
            let mut line = Vec::new();
            // Deepening the VCF finds the shortest win first.
            let mut found = None;
            for depth in 1..=ROOT_VCF_DEPTH {
                found = vcf::vcf_line(&mut self.board, depth, &mut budget, &mut line);
                if found.is_some() || budget.exhausted() {
                    break;
                }
            }
            quick.nodes = budget.used();
            log::debug!(
                "root VCF: {found:?} in {} nodes, {} ms",
                budget.used(),
                timer.elapsed_ms()
            );
            if let Some(plies) = found.filter(|_| !limits.excluded.contains(&line[0])) {
                quick.best = line[0];
                quick.value = mate_in(plies as i32);
                quick.depth = plies as i32;
                quick.pv = line;
                quick.time_ms = timer.elapsed_ms();
                reporter.iteration(&info_of(&quick, multipv));
                return quick;
            }
        }
        // A VCT at the root (issue 9, item 4): wins by threes and fours that the main
        // search is too shallow to see, within its own share of the time.
        if self.board.threat_count(me.opp(), Threat::Five) == 0 {
            let share = ThreatShare::new(&limits, timer);
            let mut budget = vcf::Budget::timed(
                share.nodes(ROOT_VCT_ATTACK_PERMILLE, ROOT_VCT_ATTACK_NODES),
                share.deadline(ROOT_VCT_ATTACK_PERMILLE),
                stop,
            );
            let found = vcf::deepening_vct(&mut self.board, ROOT_VCT_DEPTH, &mut budget);
            quick.nodes += budget.used();
            log::debug!(
                "root VCT: {found:?} in {} nodes, {} ms",
                budget.used(),
                timer.elapsed_ms()
            );
            if let Some((m, plies)) = found.filter(|(m, _)| !limits.excluded.contains(m)) {
                quick.best = m;
                quick.value = mate_in(plies as i32);
                quick.depth = 1;
                quick.pv = vec![m];
                quick.time_ms = timer.elapsed_ms();
                reporter.iteration(&info_of(&quick, multipv));
                return quick;
            }
        }
        let mut limits = limits;
        let refuted = self.lost_to_threats(&moves, &limits, &timer, stop, &mut quick.nodes);
        limits.excluded.extend(refuted);
        let threads = self.options.threads.clamp(1, MAX_THREADS);
        let board = self.board.clone();
        let tt = self.table();
        if limits.max_nodes > 0 {
            limits.max_nodes = limits.max_nodes.saturating_sub(quick.nodes).max(1);
        }
        // Under a node or time limit, the chosen move is verified (see VERIFY_PERMILLE):
        // the main search ends early enough to leave nodes or time for it.
        let meter = Meter::of(&limits);
        let mut main = limits.clone();
        if let Some(meter) = meter {
            let until = meter.hard(&limits) * VERIFY_MAIN_PERMILLE / 1000;
            meter.limit(&mut main, 0, until);
            main.time.soft_ms = main.time.soft_ms.min(limits.time.soft_ms);
        }
        let mut result = search::think(&board, tt, main, timer, threads, stop, reporter, multipv);
        if let Some(meter) = meter {
            result = verify_best(
                &board, tt, &limits, meter, timer, threads, stop, reporter, multipv, result,
            );
        }
        result.nodes += quick.nodes;
        log::debug!(
            "search: {} value {} depth {} seldepth {} nodes {} in {} ms",
            result.best.to_human(),
            result.value,
            result.depth,
            result.seldepth,
            result.nodes,
            timer.elapsed_ms()
        );
        if result.best == Pos::NONE || !movegen::is_playable(&mut self.board, result.best) {
            result.best = moves[0].0;
            result.pv = vec![result.best];
        }
        result
    }

    /// Threat defence at the root (issue 9, item 3). If the opponent, were we to pass,
    /// would win by continuous threats (VCT), then each root move the search would try
    /// is checked: those after which the opponent still wins by VCT are proven lost,
    /// and returned so that the search leaves them out, together with the moves ordered
    /// below the [`ROOT_BRANCH`] checked ones (never checked, so not known to hold).
    /// Nothing is returned when no threat is found, when every checked move loses (the
    /// search then picks the longest resistance), or when the opponent already has an
    /// open three (the move generator restricts the moves to its defences). A check cut
    /// short by its budget or by the deadline counts as holding.
    fn lost_to_threats(
        &mut self,
        moves: &MoveList,
        limits: &Limits,
        timer: &Timer,
        stop: &AtomicBool,
        used: &mut u64,
    ) -> Vec<Pos> {
        let me = self.board.side_to_move();
        let opp = me.opp();
        if self.board.threat_count(opp, Threat::Five) > 0
            || movegen::has_playable_flex4(&mut self.board, opp)
        {
            return Vec::new();
        }
        let share = ThreatShare::new(limits, *timer);
        // The opponent to move on our stones: a null move.
        let mut probe = self.board.clone();
        probe.set_side(opp);
        let mut budget = vcf::Budget::timed(
            share.nodes(ROOT_VCT_PASS_PERMILLE, ROOT_VCT_PASS_NODES),
            share.deadline(ROOT_VCT_PASS_PERMILLE),
            stop,
        );
        let threat = vcf::vct(&mut probe, ROOT_VCT_DEPTH, &mut budget);
        *used += budget.used();
        log::debug!(
            "root VCT pass check: {threat:?} in {} nodes, {} ms",
            budget.used(),
            timer.elapsed_ms()
        );
        if threat.is_none() {
            return Vec::new();
        }
        let candidates: Vec<Pos> = moves
            .iter()
            .map(|m| m.0)
            .filter(|m| !limits.excluded.contains(m))
            .take(ROOT_BRANCH)
            .collect();
        // One deadline for all the checks; each gets an equal part of the node cap.
        let deadline = share.deadline(ROOT_VCT_CHECK_PERMILLE);
        let per_move = share.nodes(ROOT_VCT_CHECK_PERMILLE, ROOT_VCT_CHECK_NODES)
            / candidates.len().max(1) as u64;
        let mut refuted = Vec::new();
        let mut held = 0;
        for m in candidates {
            if Instant::now() >= deadline || stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            let mut budget = vcf::Budget::timed(per_move.max(1), deadline, stop);
            self.board.make_move(m);
            let r = vcf::vct(&mut self.board, ROOT_VCT_DEPTH, &mut budget);
            self.board.undo_move();
            *used += budget.used();
            match r {
                Some(_) => refuted.push(m),
                None => held += 1,
            }
        }
        log::debug!(
            "root VCT defence: {} lost, {held} hold, {} ms",
            refuted.len(),
            timer.elapsed_ms()
        );
        if held == 0 {
            return Vec::new();
        }
        // The moves ordered below the checked ones were never checked: against a
        // threat that wins if we pass, a move is kept only if it was seen to hold (a
        // test found the search otherwise playing the 42nd move, which let the VCT
        // through, after the first 32 had been checked and 30 of them excluded).
        refuted.extend(
            moves
                .iter()
                .map(|m| m.0)
                .filter(|m| !limits.excluded.contains(m))
                .skip(ROOT_BRANCH),
        );
        refuted
    }

    /// The `n` best moves, best first (multi-PV by excluding earlier answers). The time
    /// budget is shared between them.
    pub fn think_nbest(
        &mut self,
        n: usize,
        start: Instant,
        reporter: &mut dyn Reporter,
        stop: &AtomicBool,
    ) -> Vec<SearchResult> {
        let n = n.max(1);
        let base = self.limits();
        let mut out: Vec<SearchResult> = Vec::new();
        for i in 0..n {
            let mut limits = base.clone();
            let share = |ms: u64| ms.saturating_mul(i as u64 + 1) / n as u64;
            limits.time.soft_ms = share(base.time.soft_ms);
            limits.time.hard_ms = share(base.time.hard_ms);
            limits.excluded = out.iter().map(|r| r.best).collect();
            let r = self.think_with(limits, start, reporter, stop, i + 1);
            if r.best == Pos::NONE || out.iter().any(|o| o.best == r.best) {
                break;
            }
            out.push(r);
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
        }
        out
    }
}

fn info_of(r: &SearchResult, multipv: usize) -> IterationInfo {
    IterationInfo {
        depth: r.depth,
        seldepth: r.seldepth.max(r.depth),
        value: r.value,
        nodes: r.nodes,
        time_ms: r.time_ms,
        pv: r.pv.clone(),
        multipv,
    }
}

/// Convenience for tools and tests: the value type re-exported.
pub type EngineValue = Value;

/// The part of a move's limits a root threat search may spend: a share (per mille) of
/// the hard time limit from now, and of the node limit when there is one (else a cap).
struct ThreatShare {
    hard_ms: u64,
    max_nodes: u64,
    timer: Timer,
}

impl ThreatShare {
    fn new(limits: &Limits, timer: Timer) -> ThreatShare {
        ThreatShare {
            hard_ms: limits.time.hard_ms,
            max_nodes: limits.max_nodes,
            timer,
        }
    }
    /// `permille` of the hard limit from now.
    fn deadline(&self, permille: u64) -> Instant {
        let share = self.hard_ms.saturating_mul(permille) / 1000;
        self.timer
            .deadline(self.timer.elapsed_ms().saturating_add(share))
    }
    /// `cap` nodes, or `permille` of the node limit if that is less.
    fn nodes(&self, permille: u64, cap: u64) -> u64 {
        match self.max_nodes {
            0 => cap,
            n => cap.min(n.saturating_mul(permille) / 1000),
        }
    }
}

/// Verifies the search's choice (issue 9): the position after the chosen move is
/// searched for the opponent, within [`VERIFY_PERMILLE`] of the hard limit (time or
/// nodes, by `meter`). If he wins there by force, the move is excluded and the position
/// searched again, with half of what is left so that the replacement is verified in
/// turn (with all of it in the last round); up to [`VERIFY_ROUNDS`] times. A
/// replacement is kept only if its own value is better than the proven loss (when
/// everything loses, the longest resistance stays).
/// Games showed why: most losses came from a move after which the opponent's own
/// search found his win at once.
#[allow(clippy::too_many_arguments)]
fn verify_best(
    board: &Board,
    tt: &TranspositionTable,
    limits: &Limits,
    meter: Meter,
    timer: Timer,
    threads: usize,
    stop: &AtomicBool,
    reporter: &mut dyn Reporter,
    multipv: usize,
    mut result: SearchResult,
) -> SearchResult {
    let hard = meter.hard(limits);
    let share = hard * VERIFY_PERMILLE / 1000;
    let mut excluded = limits.excluded.clone();
    let mut nodes = result.nodes;
    for round in 1..=VERIFY_ROUNDS {
        let now = meter.now(&timer, nodes);
        if result.best == Pos::NONE
            || result.value >= VALUE_MATE_BOUND
            || stop.load(std::sync::atomic::Ordering::Relaxed)
            // Not worth starting with less than a quarter of its share left.
            || now + share / 4 >= hard
        {
            break;
        }
        // The opponent's search after the move: a root search of its own, all its
        // replies considered, sees refutations that the reply nodes of our search (a
        // few moves each, reduced) cut away.
        let mut after = board.clone();
        after.make_move(result.best);
        let mut reply = limits.clone();
        reply.excluded = Vec::new();
        meter.limit(&mut reply, now, (now + share).min(hard));
        let check = search::think(&after, tt, reply, timer, threads, stop, &mut NoReport, 1);
        nodes += check.nodes;
        log::debug!(
            "verify {}: opponent's value {} depth {} nodes {} at {} ms, pv {}",
            result.best.to_human(),
            check.value,
            check.depth,
            check.nodes,
            timer.elapsed_ms(),
            Pos::line_to_human(&check.pv)
        );
        if check.value < VALUE_MATE_BOUND {
            break;
        }
        // Proven lost: search the others in the time left.
        excluded.push(result.best);
        let mut rest = limits.clone();
        rest.excluded = excluded.clone();
        let now = meter.now(&timer, nodes);
        if let Some(until) = research_until(now, hard, round) {
            meter.limit(&mut rest, now, until);
        } else if meter == Meter::Nodes {
            // The last round may spend what is left (a search counts its own nodes).
            meter.limit(&mut rest, now, hard);
        }
        let lost = SearchResult {
            value: -check.value,
            ..result.clone()
        };
        let again = search::think(board, tt, rest, timer, threads, stop, reporter, multipv);
        nodes += again.nodes;
        log::debug!(
            "re-search without {}: {} value {} depth {}",
            lost.best.to_human(),
            again.best.to_human(),
            again.value,
            again.depth
        );
        if again.best == Pos::NONE || again.value <= lost.value {
            result = lost;
            break;
        }
        result = again;
    }
    result.nodes = nodes;
    result
}

/// What the verification shares out: the time of a timed move, or the nodes of a
/// node-limited one (so that fixed-node games, which screens use, play the same
/// pipeline as timed ones). Depth-limited and unlimited searches are not verified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Meter {
    /// Milliseconds since the move's start.
    Time,
    /// Nodes searched since the main search's start.
    Nodes,
}

impl Meter {
    /// The meter of a move's limits (a node limit wins over a time limit: it binds
    /// first in every use of both, and it keeps the games deterministic).
    fn of(limits: &Limits) -> Option<Meter> {
        if limits.max_nodes > 0 {
            Some(Meter::Nodes)
        } else if limits.time.is_timed() {
            Some(Meter::Time)
        } else {
            None
        }
    }

    /// The whole allowance, in the meter's unit.
    fn hard(self, limits: &Limits) -> u64 {
        match self {
            Meter::Time => limits.time.hard_ms,
            Meter::Nodes => limits.max_nodes,
        }
    }

    /// What has been spent: `nodes` by the searches so far, or the time since the start.
    fn now(self, timer: &Timer, nodes: u64) -> u64 {
        match self {
            Meter::Time => timer.elapsed_ms(),
            Meter::Nodes => nodes,
        }
    }

    /// Limits `limits` to end when the spending reaches `until`, `now` being spent.
    fn limit(self, limits: &mut Limits, now: u64, until: u64) {
        match self {
            Meter::Time => {
                limits.time.hard_ms = until;
                limits.time.soft_ms = until;
            }
            // A search's node limit counts its own nodes only; at least one.
            Meter::Nodes => limits.max_nodes = until.saturating_sub(now).max(1),
        }
    }
}

/// When the search that replaces a move proven lost in verification round `round`
/// must end (in the [`Meter`]'s unit: ms from the start, or nodes spent), at `now`
/// with the hard limit `hard`: half of what is left, so that the replacement is
/// verified in turn. None in the last round, which may use all of it. Before, the
/// replacement always took all the time left and was played unchecked.
fn research_until(now: u64, hard: u64, round: usize) -> Option<u64> {
    (round < VERIFY_ROUNDS).then(|| now + hard.saturating_sub(now) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replacement_leaves_time_for_its_own_verification() {
        // The first replacement gets half the time left...
        assert_eq!(research_until(300, 420, 1), Some(360));
        // ...none is left to halve past the hard limit...
        assert_eq!(research_until(500, 420, 1), Some(500));
        // ...and the last round's replacement may use all of it.
        assert_eq!(research_until(300, 420, VERIFY_ROUNDS), None);
        // Every round but the last leaves time for its verification, which needs at
        // least a quarter of its share to start.
        let hard = 418;
        let share = hard * VERIFY_PERMILLE / 1000;
        let main_end = hard * VERIFY_MAIN_PERMILLE / 1000;
        for round in 1..VERIFY_ROUNDS {
            let until = research_until(main_end, hard, round).unwrap();
            assert!(until + share / 4 < hard, "round {round}: {until}");
        }
    }

    fn think_on(diagram: &str, rule: Rule, depth: i32) -> SearchResult {
        let mut e = Engine::new();
        e.set_board(Board::parse_diagram(diagram, rule).unwrap());
        let stop = AtomicBool::new(false);
        e.think_with(
            Limits::depth(depth),
            Instant::now(),
            &mut NoReport,
            &stop,
            1,
        )
    }

    #[test]
    fn completes_an_open_four() {
        let r = think_on(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . X X X X . . .
            . . O O O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . O",
            Rule::Freestyle,
            4,
        );
        assert!(
            r.best == Pos::new(1, 2) || r.best == Pos::new(6, 2),
            "{r:?}"
        );
        assert_eq!(r.value, mate_in(1));
    }

    #[test]
    fn blocks_a_four() {
        let r = think_on(
            "
            . . . . . . . . .
            . . . . . . . . .
            . O O O O X . . .
            . . X . . . . . .
            . . . X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
            Rule::Freestyle,
            4,
        );
        assert_eq!(r.best, Pos::new(0, 2), "{r:?}");
    }

    #[test]
    fn verification_replaces_a_move_that_loses_to_the_opponents_search() {
        verification_replaces_a_losing_move(Limits {
            time: TimeLimits {
                soft_ms: 1000,
                hard_ms: 1000,
            },
            max_depth: MAX_DEPTH,
            max_nodes: 0,
            excluded: Vec::new(),
        });
    }

    #[test]
    fn verification_under_a_node_limit_replaces_a_losing_move() {
        verification_replaces_a_losing_move(Limits {
            time: TimeLimits::UNLIMITED,
            max_depth: MAX_DEPTH,
            max_nodes: 200_000,
            excluded: Vec::new(),
        });
    }

    #[test]
    fn the_verification_meters_nodes_first_then_time_and_never_a_depth_limit() {
        let mut limits = Limits::depth(8);
        assert_eq!(Meter::of(&limits), None);
        limits.time.hard_ms = 500;
        limits.time.soft_ms = 500;
        assert_eq!(Meter::of(&limits), Some(Meter::Time));
        limits.max_nodes = 1000;
        assert_eq!(Meter::of(&limits), Some(Meter::Nodes));
        // A node limit counts a search's own nodes: from 600 spent to 900 is 300 more.
        Meter::Nodes.limit(&mut limits, 600, 900);
        assert_eq!(limits.max_nodes, 300);
        assert_eq!(limits.time.hard_ms, 500);
        Meter::Time.limit(&mut limits, 100, 400);
        assert_eq!((limits.time.soft_ms, limits.time.hard_ms), (400, 400));
    }

    fn verification_replaces_a_losing_move(limits: Limits) {
        // White has an open three on row 7: a black move far away lets it become a
        // straight four. The verification must see that and put a defence in its place
        // (black's stones above and below the three leave White nothing after it).
        let board = Board::parse_diagram(
            "
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . X . . . .
            . . . . . . . . . . . X . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . X . . . . . . . . . .
            . . . O O O . . . . . . . . .
            . . . . X . . . . . . . . . .
            . . . . . . . . . . . . . O .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . O . . X . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .",
            Rule::Freestyle,
        )
        .unwrap();
        assert_eq!(board.side_to_move(), crate::types::Color::Black);
        let tt = TranspositionTable::new(1 << 22);
        let stop = AtomicBool::new(false);
        let meter = Meter::of(&limits).unwrap();
        let bad = Pos::new(13, 1);
        let chosen = SearchResult {
            best: bad,
            pv: vec![bad],
            ..SearchResult::default()
        };
        let timer = Timer::new(Instant::now());
        let r = verify_best(
            &board,
            &tt,
            &limits,
            meter,
            timer,
            1,
            &stop,
            &mut NoReport,
            1,
            chosen,
        );
        assert_ne!(r.best, bad, "{r:?}");
        assert!(r.value > -VALUE_MATE_BOUND, "{r:?}");
        // After the replacement White has no VCF.
        let mut after = board.clone();
        after.make_move(r.best);
        let mut budget = vcf::Budget::nodes(1_000_000);
        assert_eq!(vcf::vcf(&mut after, 20, &mut budget), None, "{r:?}");
    }

    #[test]
    fn search_is_deterministic_and_legal() {
        let d = "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . X O . . . . .
            . . . . O X . . . . .
            . . . . . X O . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .";
        for rule in Rule::ALL {
            let a = think_on(d, rule, 5);
            let b = think_on(d, rule, 5);
            assert_eq!(a.best, b.best);
            assert_eq!(a.nodes, b.nodes);
            let board = Board::parse_diagram(d, rule).unwrap();
            assert!(board.is_empty(a.best));
        }
    }
}
