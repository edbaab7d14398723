//! Learned cell values: what a cell's four-direction pattern combination is worth to
//! the side to move ("own") and to the side that waits ("opp").
//!
//! A cell's combination of four line patterns is reduced to its *class*, the sorted
//! multiset of the four patterns (direction does not matter): 1,365 classes out of
//! 12^4 combinations. Each weight set holds, per class, an own and an opp value, plus
//! a tempo bonus for the side to move, and per class and bucket of the other colour's
//! threat at the same cell a cross entry added to both values ([`Weights::cross`]).
//! The board keeps per-colour sums of both values over the empty cells, updated in
//! make/undo like the other cell state, so the static evaluation is two subtractions.
//!
//! A weight set also carries the move-ordering policy: per class, the ordering score of
//! a cell (the board keeps it per cell as it keeps the values), and a bonus by the
//! distance to the last two moves. A file that gives none keeps the hand-set ordering.
//!
//! Weight sets are per rule family and colour (renju is asymmetric). They are text
//! files compiled into the binary (`src/board/weights/*.txt`), written by
//! `pbrain-tengen tune`; [`parse`] reads them and reports malformed input by line.

use super::pattern::{combo_index, combos, Pattern, Threat};
use crate::types::{Color, Rule};
use std::fmt;
use std::sync::OnceLock;

/// Number of pattern classes (multisets of four patterns out of twelve).
pub const CLASSES: usize = 1365;

/// Evaluation values are in units where `1 / (1 + exp(-v / VALUE_SCALE))` is the side
/// to move's expected score. The scale is the one the search's margins (futility,
/// aspiration, threat bonuses) were set on: the hand-set evaluation fits the data best
/// at about this scale, so fitted weights keep those margins meaningful.
pub const VALUE_SCALE: f64 = 600.0;

/// A teacher's values (Rapfi's `Eval N`) are in units where
/// `1 / (1 + exp(-v / TEACHER_SCALE))` is the expected score.
pub const TEACHER_SCALE: f64 = 200.0;

/// A rule family with its own weight set.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Family {
    /// Freestyle, both colours.
    Freestyle,
    /// Standard (exact five), both colours.
    Standard,
    /// Renju, black's cells.
    RenjuBlack,
    /// Renju, white's cells.
    RenjuWhite,
    /// Caro (rules 8 and 9), both colours.
    Caro,
}

impl Family {
    /// Every family, in file order.
    pub const ALL: [Family; 5] = [
        Family::Freestyle,
        Family::Standard,
        Family::RenjuBlack,
        Family::RenjuWhite,
        Family::Caro,
    ];

    /// The family that values `color`'s cells under `rule`.
    pub fn of(rule: Rule, color: Color) -> Family {
        match (rule, color) {
            (Rule::Freestyle, _) => Family::Freestyle,
            (Rule::Standard, _) => Family::Standard,
            (Rule::Renju, Color::Black) => Family::RenjuBlack,
            (Rule::Renju, Color::White) => Family::RenjuWhite,
            (Rule::Caro | Rule::CaroExact, _) => Family::Caro,
        }
    }

    /// The file name stem of the family's weights.
    pub fn name(self) -> &'static str {
        match self {
            Family::Freestyle => "freestyle",
            Family::Standard => "standard",
            Family::RenjuBlack => "renju-black",
            Family::RenjuWhite => "renju-white",
            Family::Caro => "caro",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The class of every pattern combination (indexed by [`combo_index`]), and the
/// patterns of every class.
struct Classes {
    of_combo: Vec<u16>,
    patterns: Vec<[Pattern; 4]>,
}

fn classes() -> &'static Classes {
    static C: OnceLock<Classes> = OnceLock::new();
    C.get_or_init(|| {
        let mut patterns = Vec::with_capacity(CLASSES);
        for a in 0..12u8 {
            for b in a..12 {
                for c in b..12 {
                    for d in c..12 {
                        patterns.push([a, b, c, d].map(Pattern::from_u8));
                    }
                }
            }
        }
        debug_assert_eq!(patterns.len(), CLASSES);
        // A combination's class is the class of its patterns sorted.
        let mut of_combo = vec![0u16; 12 * 12 * 12 * 12];
        for (k, p) in patterns.iter().enumerate() {
            of_combo[combo_index(p.map(|x| x as u8))] = k as u16;
        }
        for i in 0..of_combo.len() {
            let mut p = [i / 1728, i / 144 % 12, i / 12 % 12, i % 12].map(|x| x as u8);
            p.sort_unstable();
            of_combo[i] = of_combo[combo_index(p)];
        }
        Classes { of_combo, patterns }
    })
}

/// The class of the four line patterns `p` (any order).
#[inline]
pub fn class_of(p: [u8; 4]) -> usize {
    classes().of_combo[combo_index(p)] as usize
}

/// The four patterns (sorted, weakest first) of class `k`.
pub fn class_patterns(k: usize) -> [Pattern; 4] {
    classes().patterns[k]
}

/// One weight set: per class, the value for the side to move and for the side that
/// waits, and the side to move's tempo bonus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of a cell of the class for the side to move.
    pub own: Vec<i16>,
    /// Value of a cell of the class for the side that waits (subtracted).
    pub opp: Vec<i16>,
    /// Added to every evaluation for the side to move.
    pub tempo: i16,
    /// Added by threat levels: `threat[mine * LEVELS + theirs]`, the side to move's
    /// level first (see `Board::threat_level`). It carries what a sum over cells cannot: a
    /// four-three to play is worth far more when the other side has no four to answer.
    pub threat: Vec<i16>,
    /// Added by threat shapes: `shape[s]` for the side to move's shape `s` and
    /// `shape[SHAPES + s]` for the waiting side's (see [`shape_index`]). The threat levels
    /// say how strong each side's best move is; the shape also counts the cells that
    /// make a four, an open three, a double two and a double three, which a sum over
    /// cells weighs only one by one: several threats at once are what an attack of
    /// many moves is made of.
    pub shape: Vec<i16>,
    /// Added to a cell's class values by the threat the *other* side makes at the same
    /// cell: `cross[((b - 1) * CLASSES + class) * 2 + (0 own | 1 opp)]` for the other
    /// side's bucket `b` ≥ 1 ([`CROSS_BUCKET`]); bucket 0 adds nothing. A cell is worth
    /// more, or less, when it is also where the other side attacks: a three made on
    /// the other side's four point, a two that also blocks a three.
    pub cross: Vec<i16>,
    /// Move-ordering score of a cell of the class for the side to move (see
    /// `search::movegen::move_score`): the hand-set [`crate::board::pattern::combos`]
    /// score unless fitted.
    pub policy: Vec<i16>,
    /// Move-ordering score of a cell of the class for the side that waits (blocking
    /// it): the same as [`Self::policy`] unless fitted apart.
    pub policy_opp: Vec<i16>,
    /// Move-ordering bonus by the threat classes a cell has for the side to move and
    /// for the side that waits, `policy_threat[mine * Threat::COUNT + theirs]`: what
    /// two separate class scores cannot say, such as a move that makes a four and
    /// blocks a three at once.
    pub policy_threat: Vec<i16>,
    /// Move-ordering bonus by Chebyshev distance (capped at [`NEAR`] - 1; the cap also
    /// stands for "no such move") to the last move, `near[d]`, and to the side to
    /// move's own previous move, `near[NEAR + d]`. Distance 0 never occurs.
    pub near: [i16; 2 * NEAR],
}

/// Distance buckets of [`Weights::near`]: 0 to 4 (4 and beyond).
pub const NEAR: usize = 5;

/// The hand-set ordering score of every class.
pub fn handset_policy() -> Vec<i16> {
    let table = combos();
    (0..CLASSES)
        .map(|k| table[combo_index(class_patterns(k).map(|x| x as u8))].1)
        .collect()
}

/// Number of threat levels.
pub const LEVELS: usize = 9;

/// The threat level of each [`Threat`] class (by discriminant): 0 for twos and less,
/// then three, three plus, double three, four, four plus, four-three, flex four, five.
pub const LEVEL_OF_THREAT: [u8; Threat::COUNT] = [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8];

/// Caps of a threat shape's counts (see [`shape_index`]): cells that make a closed
/// four (with or without a two), an open three (with or without a two), a double two,
/// and a double three.
pub const SHAPE_CAPS: [usize; 4] = [4, 6, 6, 2];

/// Number of threat shapes: a level and the four capped counts.
pub const SHAPES: usize =
    LEVELS * (SHAPE_CAPS[0] + 1) * (SHAPE_CAPS[1] + 1) * (SHAPE_CAPS[2] + 1) * (SHAPE_CAPS[3] + 1);

/// The shape of a threat level and counts (each capped at its [`SHAPE_CAPS`] entry).
#[inline]
pub fn shape_index(level: usize, counts: [usize; 4]) -> usize {
    let mut i = level;
    for (n, cap) in counts.into_iter().zip(SHAPE_CAPS) {
        i = i * (cap + 1) + n.min(cap);
    }
    i
}

/// The level and counts of shape `s` (the inverse of [`shape_index`]).
pub fn shape_parts(mut s: usize) -> (usize, [usize; 4]) {
    let mut counts = [0; 4];
    for j in (0..4).rev() {
        counts[j] = s % (SHAPE_CAPS[j] + 1);
        s /= SHAPE_CAPS[j] + 1;
    }
    (s, counts)
}

/// Number of buckets of the other side's threat class at a cell ([`Weights::cross`]).
pub const CROSS_BUCKETS: usize = 4;

/// The bucket of each [`Threat`] class (by discriminant) of the other side at a cell:
/// 0 below a double two (no entry), 1 a double two, 2 an open three (alone, with a
/// two, or double), 3 a four or more.
pub const CROSS_BUCKET: [u8; Threat::COUNT] = [0, 0, 0, 1, 2, 2, 2, 3, 3, 3, 3, 3];

/// Where the own entry of class `class` in bucket `bucket` (≥ 1) lies in
/// [`Weights::cross`]; the opp entry follows it.
#[inline]
pub fn cross_index(bucket: usize, class: usize) -> usize {
    ((bucket - 1) * CLASSES + class) * 2
}

/// Names of the buckets 1.. of [`CROSS_BUCKET`] in `cross` lines.
pub const CROSS_NAMES: [&str; CROSS_BUCKETS - 1] = ["two2", "three", "four"];

/// Names of the threat classes ([`Threat`] by discriminant) in `policy-threat` lines.
pub const THREAT_NAMES: [&str; Threat::COUNT] = [
    "none", "one", "two", "two2", "three", "three+", "three3", "four", "four+", "four3", "flex4",
    "five",
];

/// Names of the threat levels in weight files.
pub const LEVEL_NAMES: [&str; LEVELS] = [
    "quiet", "three", "three+", "three3", "four", "four+", "four3", "flex4", "five",
];

impl Weights {
    /// All values zero, with the hand-set move ordering.
    pub fn zero() -> Weights {
        Weights {
            own: vec![0; CLASSES],
            opp: vec![0; CLASSES],
            tempo: 0,
            threat: vec![0; LEVELS * LEVELS],
            shape: vec![0; 2 * SHAPES],
            cross: vec![0; (CROSS_BUCKETS - 1) * CLASSES * 2],
            policy: handset_policy(),
            policy_opp: handset_policy(),
            policy_threat: vec![0; Threat::COUNT * Threat::COUNT],
            near: [0; 2 * NEAR],
        }
    }

    /// The hand-set evaluation this project started with, expressed as weights: each
    /// cell's ordering score, times 1.1 for the side to move, divided by 4.
    pub fn handset() -> Weights {
        let mut w = Weights::zero();
        for k in 0..CLASSES {
            let score = w.policy[k] as i32;
            w.own[k] = ((score * 1100 + 2000) / 4000) as i16;
            w.opp[k] = ((score * 1000 + 2000) / 4000) as i16;
        }
        w
    }

    /// The text form that [`parse`] reads: `#` comment lines (`header`, one per line),
    /// `tempo N`, one `threat MINE THEIRS N` line per non-zero threat-level entry
    /// (level names from [`LEVEL_NAMES`]), one `shape own|opp LEVEL FOURS THREES TWO2S
    /// THREE3S N` line per non-zero threat-shape entry, one `near last|own D N` line per non-zero
    /// distance bonus (D in 1..=4), then one line per class with a non-zero
    /// value: four pattern names, own value, opp value; then one `cross BUCKET` line
    /// (bucket name from [`CROSS_NAMES`], four pattern names, own and opp entry) per
    /// class and bucket with a non-zero [`Self::cross`] entry; then one `policy` line (four
    /// pattern names, ordering score) per class whose score is not the hand-set one,
    /// one `policy-opp` line (the same) per class whose score for the side that waits
    /// is not its `policy` score, and one `policy-threat MINE THEIRS N` line (threat
    /// names from [`THREAT_NAMES`]) per non-zero threat-pair bonus.
    pub fn to_text(&self, header: &str) -> String {
        let mut s = String::new();
        for line in header.lines() {
            s.push_str("# ");
            s.push_str(line);
            s.push('\n');
        }
        s.push_str(&format!("tempo {}\n", self.tempo));
        for (i, &v) in self.threat.iter().enumerate() {
            if v != 0 {
                s.push_str(&format!(
                    "threat {} {} {}\n",
                    LEVEL_NAMES[i / LEVELS],
                    LEVEL_NAMES[i % LEVELS],
                    v
                ));
            }
        }
        for (i, &v) in self.shape.iter().enumerate() {
            if v != 0 {
                let which = if i < SHAPES { "own" } else { "opp" };
                let (level, c) = shape_parts(i % SHAPES);
                s.push_str(&format!(
                    "shape {which} {} {} {} {} {} {v}\n",
                    LEVEL_NAMES[level], c[0], c[1], c[2], c[3]
                ));
            }
        }
        for (i, &v) in self.near.iter().enumerate() {
            if v != 0 {
                let which = if i < NEAR { "last" } else { "own" };
                s.push_str(&format!("near {which} {} {v}\n", i % NEAR));
            }
        }
        for k in 0..CLASSES {
            if self.own[k] != 0 || self.opp[k] != 0 {
                s.push_str(&format!(
                    "{} {} {}\n",
                    class_name(k),
                    self.own[k],
                    self.opp[k]
                ));
            }
        }
        for b in 1..CROSS_BUCKETS {
            for k in 0..CLASSES {
                let e = cross_index(b, k);
                if self.cross[e] != 0 || self.cross[e + 1] != 0 {
                    s.push_str(&format!(
                        "cross {} {} {} {}\n",
                        CROSS_NAMES[b - 1],
                        class_name(k),
                        self.cross[e],
                        self.cross[e + 1]
                    ));
                }
            }
        }
        let handset = handset_policy();
        for k in 0..CLASSES {
            if self.policy[k] != handset[k] {
                s.push_str(&format!("policy {} {}\n", class_name(k), self.policy[k]));
            }
        }
        for k in 0..CLASSES {
            if self.policy_opp[k] != self.policy[k] {
                s.push_str(&format!(
                    "policy-opp {} {}\n",
                    class_name(k),
                    self.policy_opp[k]
                ));
            }
        }
        for (i, &v) in self.policy_threat.iter().enumerate() {
            if v != 0 {
                s.push_str(&format!(
                    "policy-threat {} {} {v}\n",
                    THREAT_NAMES[i / Threat::COUNT],
                    THREAT_NAMES[i % Threat::COUNT]
                ));
            }
        }
        s
    }
}

/// A malformed weights file: the line (1-based) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "weights line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for WeightsError {}

const PATTERN_NAMES: [&str; 12] = [
    "Dead", "OL", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "F44", "F5",
];

fn pattern_name(p: Pattern) -> &'static str {
    PATTERN_NAMES[p as usize]
}

/// The four pattern names of class `k`, as weight files write them.
fn class_name(k: usize) -> String {
    let names: Vec<&str> = class_patterns(k).iter().map(|&p| pattern_name(p)).collect();
    names.join(" ")
}

/// Reads a weights file (format in [`Weights::to_text`]). Classes not listed are zero
/// (and keep the hand-set ordering score); a class listed twice, an unknown pattern
/// name, a missing or out-of-range value, a distance outside 1..=4, or a missing
/// `tempo` line is an error.
pub fn parse(text: &str) -> Result<Weights, WeightsError> {
    let mut w = Weights::zero();
    let mut seen = vec![false; CLASSES];
    let mut seen_threat = [false; LEVELS * LEVELS];
    let mut seen_policy = vec![false; CLASSES];
    let mut seen_policy_opp = vec![false; CLASSES];
    let mut seen_policy_threat = [false; Threat::COUNT * Threat::COUNT];
    let mut seen_near = [false; 2 * NEAR];
    let mut seen_shape = vec![false; 2 * SHAPES];
    let mut seen_cross = vec![false; (CROSS_BUCKETS - 1) * CLASSES * 2];
    let mut tempo = None;
    for (n, raw) in text.lines().enumerate() {
        let err = |message: String| WeightsError {
            line: n + 1,
            message,
        };
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let value = |s: &str| -> Result<i16, WeightsError> {
            s.parse::<i16>()
                .map_err(|_| err(format!("{s:?} is not a value in -32768..32767")))
        };
        if words[0] == "tempo" {
            if words.len() != 2 {
                return Err(err("expected `tempo N`".into()));
            }
            if tempo.is_some() {
                return Err(err("a second tempo line".into()));
            }
            tempo = Some(value(words[1])?);
            continue;
        }
        // `KEYWORD MINE THEIRS N`: one entry of a table indexed by a pair of names.
        let pair = |names: &[&str],
                    noun: &str,
                    seen: &mut [bool],
                    table: &mut [i16]|
         -> Result<(), WeightsError> {
            if words.len() != 4 {
                return Err(err(format!("expected `{} MINE THEIRS N`", words[0])));
            }
            let index = |name: &str| {
                names
                    .iter()
                    .position(|&l| l == name)
                    .ok_or_else(|| err(format!("unknown {noun} {name:?}")))
            };
            let i = index(words[1])? * names.len() + index(words[2])?;
            if seen[i] {
                return Err(err(format!(
                    "{} {} {} listed twice",
                    words[0], words[1], words[2]
                )));
            }
            seen[i] = true;
            table[i] = value(words[3])?;
            Ok(())
        };
        if words[0] == "threat" {
            pair(
                &LEVEL_NAMES,
                "threat level",
                &mut seen_threat,
                &mut w.threat,
            )?;
            continue;
        }
        if words[0] == "policy-threat" {
            pair(
                &THREAT_NAMES,
                "threat class",
                &mut seen_policy_threat,
                &mut w.policy_threat,
            )?;
            continue;
        }
        if words[0] == "shape" {
            if words.len() != 8 {
                return Err(err(
                    "expected `shape own|opp LEVEL FOURS THREES TWO2S THREE3S N`".into(),
                ));
            }
            let base = match words[1] {
                "own" => 0,
                "opp" => SHAPES,
                other => return Err(err(format!("expected own or opp, not {other:?}"))),
            };
            let level = LEVEL_NAMES
                .iter()
                .position(|&l| l == words[2])
                .ok_or_else(|| err(format!("unknown threat level {:?}", words[2])))?;
            let mut counts = [0; 4];
            for j in 0..4 {
                counts[j] = words[3 + j]
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n <= SHAPE_CAPS[j])
                    .ok_or_else(|| {
                        err(format!(
                            "count {:?} is not in 0..={}",
                            words[3 + j],
                            SHAPE_CAPS[j]
                        ))
                    })?;
            }
            let i = base + shape_index(level, counts);
            if seen_shape[i] {
                return Err(err(format!("{} listed twice", words[..7].join(" "))));
            }
            seen_shape[i] = true;
            w.shape[i] = value(words[7])?;
            continue;
        }
        if words[0] == "near" {
            if words.len() != 4 {
                return Err(err("expected `near last|own DISTANCE N`".into()));
            }
            let base = match words[1] {
                "last" => 0,
                "own" => NEAR,
                other => return Err(err(format!("expected last or own, not {other:?}"))),
            };
            let d = words[2]
                .parse::<usize>()
                .ok()
                .filter(|d| (1..NEAR).contains(d))
                .ok_or_else(|| {
                    err(format!(
                        "distance {:?} is not in 1..={}",
                        words[2],
                        NEAR - 1
                    ))
                })?;
            if seen_near[base + d] {
                return Err(err(format!("near {} {d} listed twice", words[1])));
            }
            seen_near[base + d] = true;
            w.near[base + d] = value(words[3])?;
            continue;
        }
        let class = |names: &[&str]| -> Result<usize, WeightsError> {
            let mut p = [0u8; 4];
            for i in 0..4 {
                p[i] = PATTERN_NAMES
                    .iter()
                    .position(|&name| name == names[i])
                    .ok_or_else(|| err(format!("unknown pattern {:?}", names[i])))?
                    as u8;
            }
            Ok(class_of(p))
        };
        if words[0] == "cross" {
            if words.len() != 8 {
                return Err(err(
                    "expected `cross BUCKET` with four pattern names and two values".into(),
                ));
            }
            let b = CROSS_NAMES
                .iter()
                .position(|&n| n == words[1])
                .ok_or_else(|| err(format!("unknown cross bucket {:?}", words[1])))?;
            let k = class(&words[2..6])?;
            let e = cross_index(b + 1, k);
            if seen_cross[e] {
                return Err(err(format!("{} listed twice", words[..6].join(" "))));
            }
            seen_cross[e] = true;
            w.cross[e] = value(words[6])?;
            w.cross[e + 1] = value(words[7])?;
            continue;
        }
        if words[0] == "policy" || words[0] == "policy-opp" {
            if words.len() != 6 {
                return Err(err(format!(
                    "expected `{}` with four pattern names and a score",
                    words[0]
                )));
            }
            let k = class(&words[1..5])?;
            let (seen, table) = if words[0] == "policy" {
                (&mut seen_policy, &mut w.policy)
            } else {
                (&mut seen_policy_opp, &mut w.policy_opp)
            };
            if seen[k] {
                return Err(err(format!(
                    "{} {} listed twice",
                    words[0],
                    words[1..5].join(" ")
                )));
            }
            seen[k] = true;
            table[k] = value(words[5])?;
            continue;
        }
        if words.len() != 6 {
            return Err(err(format!(
                "expected four pattern names and two values, found {} words",
                words.len()
            )));
        }
        let k = class(&words[..4])?;
        if seen[k] {
            return Err(err(format!("class {} listed twice", words[..4].join(" "))));
        }
        seen[k] = true;
        w.own[k] = value(words[4])?;
        w.opp[k] = value(words[5])?;
    }
    // A class without a `policy-opp` line scores the same for both sides.
    for k in 0..CLASSES {
        if !seen_policy_opp[k] {
            w.policy_opp[k] = w.policy[k];
        }
    }
    w.tempo = tempo.ok_or(WeightsError {
        line: text.lines().count(),
        message: "no `tempo` line".into(),
    })?;
    Ok(w)
}

/// The weight files compiled into the binary, in [`Family::ALL`] order.
const BUILTIN: [&str; 5] = [
    include_str!("weights/freestyle.txt"),
    include_str!("weights/standard.txt"),
    include_str!("weights/renju-black.txt"),
    include_str!("weights/renju-white.txt"),
    include_str!("weights/caro.txt"),
];

/// The built-in weights of `family`.
pub fn builtin(family: Family) -> &'static Weights {
    static W: [OnceLock<Weights>; 5] = [const { OnceLock::new() }; 5];
    W[family.index()].get_or_init(|| {
        // The files are part of the source; a test parses every one of them.
        parse(BUILTIN[family.index()])
            .unwrap_or_else(|e| panic!("built-in weights {}: {e}", family.name()))
    })
}

/// The text of the built-in weights of `family` (for tools that show their header).
pub fn builtin_text(family: Family) -> &'static str {
    BUILTIN[family.index()]
}

/// The ordering score of a cell for the side that waits ([`Weights::policy_opp`]) per
/// pattern combination of `family` (built on first use). Kept apart from
/// [`cell_table`]: only move ordering reads it, never make/undo.
pub fn policy_opp_table(family: Family) -> &'static [i16] {
    static T: [OnceLock<Box<[i16]>>; 5] = [const { OnceLock::new() }; 5];
    T[family.index()].get_or_init(|| {
        let w = builtin(family);
        classes()
            .of_combo
            .iter()
            .map(|&k| w.policy_opp[k as usize])
            .collect()
    })
}

/// Everything the board reads for one empty cell and colour, per pattern combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellEntry {
    /// The combined threat class.
    pub threat: Threat,
    /// The pattern class (index of [`CellValues`] within a row).
    pub class: u16,
    /// The move-ordering score.
    pub score: i16,
    /// Where the *other* colour's row of [`CellValues`] starts when this combination
    /// is this colour's at the cell: the [`CROSS_BUCKET`] of `threat` times
    /// [`CLASSES`].
    pub cross_row: u16,
}

/// The per-combination table of `family` (built on first use).
pub fn cell_table(family: Family) -> &'static [CellEntry] {
    static T: [OnceLock<Box<[CellEntry]>>; 5] = [const { OnceLock::new() }; 5];
    T[family.index()].get_or_init(|| {
        let w = builtin(family);
        let of = &classes().of_combo;
        combos()
            .iter()
            .enumerate()
            .map(|(i, &(threat, _))| {
                let k = of[i] as usize;
                CellEntry {
                    threat,
                    class: k as u16,
                    score: w.policy[k],
                    cross_row: (CROSS_BUCKET[threat as usize] as usize * CLASSES) as u16,
                }
            })
            .collect()
    })
}

/// A cell's learned values for one colour, `[own, opp]`, indexed by
/// `bucket * CLASSES + class`: the class values plus the [`Weights::cross`] entry of the
/// other colour's threat bucket at the cell (none in bucket 0).
pub type CellValues = [[i16; 2]];

impl Weights {
    /// The cell values of a colour with these weights, for class `k` when the other
    /// colour's threat bucket at the cell is `bucket` (see [`CellValues`]).
    pub fn cell_value(&self, bucket: usize, k: usize) -> [i16; 2] {
        let mut v = [self.own[k], self.opp[k]];
        if bucket > 0 {
            let e = cross_index(bucket, k);
            v[0] = v[0].saturating_add(self.cross[e]);
            v[1] = v[1].saturating_add(self.cross[e + 1]);
        }
        v
    }
}

/// The [`CellValues`] of `family` (built on first use).
pub fn value_table(family: Family) -> &'static CellValues {
    static T: [OnceLock<Box<CellValues>>; 5] = [const { OnceLock::new() }; 5];
    T[family.index()].get_or_init(|| {
        let w = builtin(family);
        (0..CROSS_BUCKETS)
            .flat_map(|b| (0..CLASSES).map(move |k| w.cell_value(b, k)))
            .collect()
    })
}
