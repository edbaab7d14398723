//! Fitting the cell-value weights to labelled positions (Texel-style logistic
//! regression), and the data format of the labelled positions.
//!
//! # Data format
//!
//! One position per line, fields separated by single spaces:
//!
//! ```text
//! RULE WIDTH HEIGHT VALUE RESULT MOVES
//! 0 15 15 -87 L hhihjgiijh
//! ```
//!
//! - `RULE`: the Gomocup `INFO rule` value (0, 1, 4, 8, 9).
//! - `VALUE`: a teacher's value of the position for the side to move, on the
//!   teacher's own scale (converted to a score with [`TEACHER_SCALE`]), or `-` if
//!   there is none.
//! - `RESULT`: how the game ended for the side to move: `W`, `L`, `D`, or `-`.
//! - `MOVES`: the stones in the order played, black first, two letters each
//!   (`a` = 0 for x, then y), as in SGF.
//!
//! `#` lines and blank lines are ignored.
//!
//! # Model
//!
//! The value of a position for the side to move is the sum, over the empty cells and
//! both colours, of the class weight of the cell (own weight for the side to move's
//! cells, minus the opp weight for the other side's), plus the tempo weight, the
//! entry of the pair of threat levels, and the two sides' threat-shape entries (see
//! [`crate::eval::evaluate`]); the predicted score is `sigmoid(v / VALUE_SCALE)`. The target is the teacher's score,
//! blended with the game result by `result_weight`. The tuner minimises the
//! cross-entropy with Adam, and reports the loss on a held-out split every epoch.

use crate::board::weights::{
    class_of, cross_index, Family, Weights, CLASSES, CROSS_BUCKET, CROSS_BUCKETS, LEVELS, SHAPES,
    TEACHER_SCALE, VALUE_SCALE,
};
use crate::board::{Board, Cell};
use crate::types::{Color, Pos, Rule};
use anyhow::{anyhow, bail, Result};

/// One labelled position, as read from a data line.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The rule.
    pub rule: Rule,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The teacher's value for the side to move.
    pub value: Option<i32>,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: Option<f32>,
    /// The moves, black first.
    pub moves: Vec<Pos>,
}

impl Record {
    /// The data line of this record.
    pub fn to_line(&self) -> String {
        let value = self.value.map_or("-".to_string(), |v| v.to_string());
        let result = match self.result {
            Some(r) if r > 0.75 => "W",
            Some(r) if r < 0.25 => "L",
            Some(_) => "D",
            None => "-",
        };
        let moves: String = self
            .moves
            .iter()
            .flat_map(|p| [(b'a' + p.x() as u8) as char, (b'a' + p.y() as u8) as char])
            .collect();
        format!(
            "{} {} {} {value} {result} {moves}",
            self.rule.info_value(),
            self.width,
            self.height
        )
    }

    /// Reads a data line (see the module docs).
    pub fn parse(line: &str) -> Result<Record> {
        let f: Vec<&str> = line.split(' ').collect();
        if f.len() != 6 {
            bail!("expected 6 fields, found {}", f.len());
        }
        let rule_value: i64 = f[0].parse().map_err(|_| anyhow!("bad rule {:?}", f[0]))?;
        if ![0, 1, 4, 8, 9].contains(&rule_value) {
            bail!("bad rule {rule_value}");
        }
        let rule = Rule::from_info(rule_value);
        let dim = |s: &str| -> Result<usize> {
            s.parse::<usize>()
                .ok()
                .filter(|v| (5..=22).contains(v))
                .ok_or_else(|| anyhow!("bad board dimension {s:?}"))
        };
        let (width, height) = (dim(f[1])?, dim(f[2])?);
        let value = match f[3] {
            "-" => None,
            s => Some(s.parse().map_err(|_| anyhow!("bad value {s:?}"))?),
        };
        let result = match f[4] {
            "W" => Some(1.0),
            "L" => Some(0.0),
            "D" => Some(0.5),
            "-" => None,
            s => bail!("bad result {s:?}"),
        };
        let bytes = f[5].as_bytes();
        if !bytes.len().is_multiple_of(2) || !bytes.iter().all(|b| b.is_ascii_lowercase()) {
            bail!("bad move list {:?}", f[5]);
        }
        let moves = bytes
            .chunks(2)
            .map(|c| Pos::new((c[0] - b'a') as usize, (c[1] - b'a') as usize))
            .collect();
        Ok(Record {
            rule,
            width,
            height,
            value,
            result,
            moves,
        })
    }

    /// The position after the moves (errors on a move off the board or on a stone).
    pub fn board(&self) -> Result<Board> {
        let mut b = Board::new(self.width, self.height, self.rule)?;
        for &m in &self.moves {
            if m.x() >= self.width || m.y() >= self.height {
                bail!("move {m:?} off the board");
            }
            b.play(m)?;
        }
        Ok(b)
    }
}

/// Reads every record of a data text; errors name the line.
pub fn parse_data(text: &str) -> Result<Vec<Record>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(Record::parse(line).map_err(|e| anyhow!("data line {}: {e}", i + 1))?);
    }
    Ok(out)
}

/// The parameters of a fit: the weight sets of one rule (one for both colours, or one
/// per colour for renju), flattened. Index of a class weight:
/// `(set * CLASSES + class) * 2 + (0 own | 1 opp)`; the tempo of a set follows all
/// class weights, then each set's threat-level table, then each set's threat-shape
/// table (own shapes, then opp shapes), then each set's cross table
/// ([`Weights::cross`], same order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The families fitted (one, or black's and white's for renju).
    pub sets: usize,
}

impl Layout {
    /// The layout for `rule`.
    pub fn of(rule: Rule) -> Layout {
        Layout {
            sets: if rule == Rule::Renju { 2 } else { 1 },
        }
    }
    /// The number of parameters.
    pub fn len(&self) -> usize {
        self.sets * (CLASSES * 2 + 1 + LEVELS * LEVELS + 2 * SHAPES + CROSS)
    }
    /// Always false (a layout has at least one set).
    pub fn is_empty(&self) -> bool {
        false
    }
    fn set_of(&self, color: Color) -> usize {
        if self.sets == 2 {
            color.idx()
        } else {
            0
        }
    }
    fn class(&self, set: usize, class: usize, opp: bool) -> usize {
        (set * CLASSES + class) * 2 + opp as usize
    }
    fn tempo(&self, set: usize) -> usize {
        self.sets * CLASSES * 2 + set
    }
    fn threat(&self, set: usize, entry: usize) -> usize {
        self.sets * (CLASSES * 2 + 1) + set * LEVELS * LEVELS + entry
    }
    fn shape(&self, set: usize, entry: usize) -> usize {
        self.sets * (CLASSES * 2 + 1 + LEVELS * LEVELS) + set * 2 * SHAPES + entry
    }
    fn cross(&self, set: usize, entry: usize) -> usize {
        self.sets * (CLASSES * 2 + 1 + LEVELS * LEVELS + 2 * SHAPES) + set * CROSS + entry
    }
    /// Parameters from weight sets (`sets` of them).
    pub fn pack(&self, sets: &[&Weights]) -> Vec<f64> {
        let mut v = vec![0.0; self.len()];
        for (s, w) in sets.iter().enumerate().take(self.sets) {
            for k in 0..CLASSES {
                v[self.class(s, k, false)] = w.own[k] as f64;
                v[self.class(s, k, true)] = w.opp[k] as f64;
            }
            v[self.tempo(s)] = w.tempo as f64;
            for (e, &t) in w.threat.iter().enumerate() {
                v[self.threat(s, e)] = t as f64;
            }
            for (e, &t) in w.shape.iter().enumerate() {
                v[self.shape(s, e)] = t as f64;
            }
            for (e, &t) in w.cross.iter().enumerate() {
                v[self.cross(s, e)] = t as f64;
            }
        }
        v
    }
    /// Weight sets from parameters, rounded to integers.
    pub fn unpack(&self, v: &[f64]) -> Vec<Weights> {
        let round = |x: f64| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
        (0..self.sets)
            .map(|s| {
                let mut w = Weights::zero();
                for k in 0..CLASSES {
                    w.own[k] = round(v[self.class(s, k, false)]);
                    w.opp[k] = round(v[self.class(s, k, true)]);
                }
                w.tempo = round(v[self.tempo(s)]);
                for e in 0..LEVELS * LEVELS {
                    w.threat[e] = round(v[self.threat(s, e)]);
                }
                for e in 0..2 * SHAPES {
                    w.shape[e] = round(v[self.shape(s, e)]);
                }
                for e in 0..CROSS {
                    w.cross[e] = round(v[self.cross(s, e)]);
                }
                w
            })
            .collect()
    }
}

/// The key of a record's position: rule, board size and the stones (the order they
/// were played in does not matter).
pub fn position_key(record: &Record) -> Result<u64> {
    Ok(board_key(&record.board()?))
}

/// The key [`position_key`] gives a record whose position is `board`.
pub fn board_key(board: &Board) -> u64 {
    let mut h = fxhash::FxHasher64::default();
    std::hash::Hash::hash(
        &(
            board.rule().info_value(),
            board.width(),
            board.height(),
            board.hash(),
        ),
        &mut h,
    );
    std::hash::Hasher::finish(&h)
}

/// Keeps the first record of each position (see [`position_key`]) and drops the
/// positions in `exclude`; returns the kept records and their keys. The same position
/// reached in many games (openings, transpositions) would otherwise weigh as many.
pub fn dedupe(
    records: Vec<Record>,
    exclude: &fxhash::FxHashSet<u64>,
) -> Result<(Vec<Record>, fxhash::FxHashSet<u64>)> {
    let mut seen = fxhash::FxHashSet::default();
    let mut kept = Vec::with_capacity(records.len());
    for r in records {
        let key = position_key(&r)?;
        if !exclude.contains(&key) && seen.insert(key) {
            kept.push(r);
        }
    }
    Ok((kept, seen))
}

/// A position as the tuner sees it: sparse features (parameter index, coefficient)
/// and the target score.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Parameter indices and their coefficients; the value is their dot product.
    pub features: Vec<(u32, f32)>,
    /// Target expected score of the side to move, 0..1.
    pub target: f32,
}

/// Parameters of one set's cross table.
const CROSS: usize = (CROSS_BUCKETS - 1) * CLASSES * 2;

/// The features of `board` for the side to move under `layout`.
pub fn features(board: &Board, layout: Layout) -> Vec<(u32, f32)> {
    let me = board.side_to_move();
    let mut counts: fxhash::FxHashMap<u32, f32> = fxhash::FxHashMap::default();
    for p in board.cells() {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        for c in Color::BOTH {
            let pats = board.patterns(p, c).map(|x| x as u8);
            let k = class_of(pats);
            let opp = c != me;
            let idx = layout.class(layout.set_of(c), k, opp);
            let sign = if opp { -1.0 } else { 1.0 };
            *counts.entry(idx as u32).or_default() += sign;
            let b = CROSS_BUCKET[board.threat(p, c.opp()) as usize] as usize;
            if b > 0 {
                let e = cross_index(b, k) + opp as usize;
                *counts
                    .entry(layout.cross(layout.set_of(c), e) as u32)
                    .or_default() += sign;
            }
        }
    }
    let mut f: Vec<(u32, f32)> = counts.into_iter().filter(|&(_, c)| c != 0.0).collect();
    f.push((layout.tempo(layout.set_of(me)) as u32, 1.0));
    let entry = board.threat_level(me) * LEVELS + board.threat_level(me.opp());
    f.push((layout.threat(layout.set_of(me), entry) as u32, 1.0));
    let set = layout.set_of(me);
    f.push((layout.shape(set, board.threat_shape(me)) as u32, 1.0));
    f.push((
        layout.shape(set, SHAPES + board.threat_shape(me.opp())) as u32,
        1.0,
    ));
    f.sort_unstable_by_key(|&(i, _)| i);
    f
}

/// Turns records of one rule into samples. The target is the teacher's score blended
/// with the result (`result_weight` of the result); records with neither are skipped.
pub fn samples(records: &[Record], layout: Layout, result_weight: f32) -> Result<Vec<Sample>> {
    let mut out = Vec::with_capacity(records.len());
    for r in records {
        let teacher = r.value.map(|v| sigmoid(v as f64 / TEACHER_SCALE) as f32);
        let target = match (teacher, r.result) {
            (Some(t), Some(g)) => (1.0 - result_weight) * t + result_weight * g,
            (Some(t), None) => t,
            (None, Some(g)) => g,
            (None, None) => continue,
        };
        let board = r.board()?;
        out.push(Sample {
            features: features(&board, layout),
            target,
        });
    }
    Ok(out)
}

#[inline]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Cross-entropy of predictions `sigmoid(scale * v / VALUE_SCALE)` against the targets.
pub fn loss(samples: &[Sample], params: &[f64], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let mut total = 0.0;
    for s in samples {
        let v: f64 = s
            .features
            .iter()
            .map(|&(i, c)| params[i as usize] * c as f64)
            .sum();
        let p = sigmoid(scale * v / VALUE_SCALE).clamp(1e-9, 1.0 - 1e-9);
        let t = s.target as f64;
        total -= t * p.ln() + (1.0 - t) * (1.0 - p).ln();
    }
    total / samples.len() as f64
}

/// The scale factor in `lo..hi` that minimises [`loss`] for fixed parameters (for
/// weights on another scale, such as the hand-set evaluation's). Golden-section search.
pub fn best_scale(samples: &[Sample], params: &[f64], lo: f64, hi: f64) -> (f64, f64) {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (lo, hi);
    for _ in 0..40 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if loss(samples, params, c) < loss(samples, params, d) {
            b = d;
        } else {
            a = c;
        }
    }
    let s = (a + b) / 2.0;
    (s, loss(samples, params, s))
}

/// Settings of a fit.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Passes over the training split.
    pub epochs: usize,
    /// Samples per gradient step.
    pub batch: usize,
    /// Adam's step size at the start, in weight units; it falls linearly to a tenth
    /// of this over the run.
    pub learning_rate: f64,
    /// L2 pull of every weight towards its starting value, per step.
    pub l2: f64,
}

impl Default for TuneOptions {
    fn default() -> Self {
        TuneOptions {
            epochs: 100,
            batch: 256,
            learning_rate: 4.0,
            l2: 0.0,
        }
    }
}

/// Loss figures after one epoch.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// 1-based epoch.
    pub epoch: usize,
    /// Loss on the training split.
    pub train: f64,
    /// Loss on the held-out split.
    pub validation: f64,
}

/// Fits `params` (modified in place) to `train` with Adam, calling `report` after every
/// epoch with the losses on `train` and `validation`. Deterministic: samples are visited
/// in a fixed shuffled order derived from `seed`.
pub fn fit(
    params: &mut [f64],
    train: &[Sample],
    validation: &[Sample],
    opts: &TuneOptions,
    seed: u64,
    report: &mut dyn FnMut(EpochReport),
) {
    let n = params.len();
    let start = params.to_vec();
    let (mut m, mut v) = (vec![0.0f64; n], vec![0.0f64; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut t = 0i32;
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = crate::types::SplitMix64::new(seed);
    let mut grad = vec![0.0f64; n];
    let mut listed = vec![false; n];
    let mut touched: Vec<usize> = Vec::new();
    let steps_per_epoch = train.len().div_ceil(opts.batch.max(1)).max(1);
    let total_steps = (steps_per_epoch * opts.epochs).max(1) as f64;
    for epoch in 1..=opts.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.index(i + 1));
        }
        for chunk in order.chunks(opts.batch.max(1)) {
            touched.clear();
            for &si in chunk {
                let s = &train[si];
                let val: f64 = s
                    .features
                    .iter()
                    .map(|&(i, c)| params[i as usize] * c as f64)
                    .sum();
                let p = sigmoid(val / VALUE_SCALE);
                // d(cross-entropy)/d(value) = (p - target) / VALUE_SCALE.
                let g = (p - s.target as f64) / VALUE_SCALE / chunk.len() as f64;
                for &(i, c) in &s.features {
                    let i = i as usize;
                    if !listed[i] {
                        listed[i] = true;
                        touched.push(i);
                    }
                    grad[i] += g * c as f64;
                }
            }
            t += 1;
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            // The step size falls linearly to a tenth of its start over the run: large
            // steps find the region, small ones settle in it instead of jumping about.
            let lr = opts.learning_rate * (1.0 - 0.9 * (t as f64 - 1.0) / total_steps);
            for &i in &touched {
                let g = grad[i] + opts.l2 * (params[i] - start[i]);
                grad[i] = 0.0;
                listed[i] = false;
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                params[i] -= lr * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
            }
        }
        report(EpochReport {
            epoch,
            train: loss(train, params, 1.0),
            validation: loss(validation, params, 1.0),
        });
    }
}

/// Splits samples into training and validation sets: each goes to validation with
/// probability `validation_percent`/100, drawn from a generator seeded with `seed`.
pub fn split(
    samples: Vec<Sample>,
    validation_percent: u64,
    seed: u64,
) -> (Vec<Sample>, Vec<Sample>) {
    let mut rng = crate::types::SplitMix64::new(seed ^ 0x5EED);
    let (mut train, mut val) = (Vec::new(), Vec::new());
    for s in samples {
        if rng.chance(validation_percent) {
            val.push(s);
        } else {
            train.push(s);
        }
    }
    (train, val)
}

/// The built-in weight sets of `rule`, in layout order.
pub fn builtin_sets(rule: Rule) -> Vec<&'static Weights> {
    let layout = Layout::of(rule);
    (0..layout.sets)
        .map(|s| {
            let c = if s == 0 { Color::Black } else { Color::White };
            crate::board::weights::builtin(Family::of(rule, c))
        })
        .collect()
}

/// The families a fit of `rule` writes, in layout order.
pub fn families(rule: Rule) -> Vec<Family> {
    if Layout::of(rule).sets == 2 {
        vec![
            Family::of(rule, Color::Black),
            Family::of(rule, Color::White),
        ]
    } else {
        vec![Family::of(rule, Color::Black)]
    }
}
