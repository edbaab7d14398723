//! Fitting the move-ordering policy to the moves played in game records.
//!
//! The search orders the moves of a node by `5 * S[own class] + 4 * O[opp class] +
//! T[own threat, opp threat] + near[distance to the last move] + near[5 + distance to
//! the own previous move]` (`search::movegen::move_score`; `S` and `O` are
//! [`Weights::policy`] and [`Weights::policy_opp`] of the colour whose cell it is, `T`
//! and `near` the side to move's [`Weights::policy_threat`] and [`Weights::near`]).
//! The fit treats those scores, times a fixed temperature, as the logits of a
//! softmax over the moves the generator offers, and minimises the cross-entropy of the
//! move that was played (Adam). The temperature is the one that fits the hand-set
//! scores best (`tune --policy` fixes it so, whatever the start), so the fitted scores
//! stay in the units that killer and history bonuses are added in.

use super::tune::Layout;
use crate::board::weights::{class_of, Weights, CLASSES, NEAR};
use crate::board::{Board, Threat};
use crate::search::movegen::{generate, near_bucket, MoveList};
use crate::types::{Color, Pos, Rule};
use anyhow::Result;

/// Number of threat-pair bonuses per weight set.
const PAIRS: usize = Threat::COUNT * Threat::COUNT;
/// Where the distance bonuses, the scores for the side that waits and the threat-pair
/// bonuses start in a weight set's parameters (the side to move's scores come first).
pub const NEAR_AT: usize = CLASSES;
/// See [`NEAR_AT`].
pub const OPP_AT: usize = CLASSES + 2 * NEAR;
/// See [`NEAR_AT`].
pub const PAIR_AT: usize = 2 * CLASSES + 2 * NEAR;
/// Parameters per weight set.
pub const PER_SET: usize = PAIR_AT + PAIRS;
/// The coefficients of a candidate's parameters in its score.
const COEF: [f64; 5] = [5.0, 4.0, 1.0, 1.0, 1.0];

/// One position: the candidate moves as parameter indices, and which one was played.
#[derive(Clone, Debug)]
pub struct PolicySample {
    /// Per candidate: own-class, opp-class, last-move-distance, own-distance and
    /// threat-pair parameter indices.
    pub cands: Vec<[u32; 5]>,
    /// Index in `cands` of the move played.
    pub target: usize,
}

/// The weight set of `color`'s cells under `rule` (the value fit's layout: one set, or
/// black's and white's for renju).
fn set_of(rule: Rule, color: Color) -> usize {
    if Layout::of(rule).sets == 2 {
        color.idx()
    } else {
        0
    }
}

/// The sample of the position `board` where `played` was chosen, if the move
/// generator offers it among at least two moves.
pub fn sample(board: &mut Board, played: Pos) -> Option<PolicySample> {
    let rule = board.rule();
    let me = board.side_to_move();
    let opp = me.opp();
    let mut list = MoveList::new();
    generate(board, &mut list);
    if list.len() < 2 {
        return None;
    }
    let target = list.iter().position(|m| m.0 == played)?;
    let h = board.history();
    let bucket = |p: Pos, back: usize| near_bucket(h, p, back) as u32;
    let (sm, so) = (set_of(rule, me) * PER_SET, set_of(rule, opp) * PER_SET);
    let cands = list
        .iter()
        .map(|&(p, _)| {
            let cm = class_of(board.patterns(p, me).map(|x| x as u8));
            let co = class_of(board.patterns(p, opp).map(|x| x as u8));
            let pair = board.threat(p, me) as usize * Threat::COUNT + board.threat(p, opp) as usize;
            [
                (sm + cm) as u32,
                (so + OPP_AT + co) as u32,
                (sm + NEAR_AT) as u32 + bucket(p, 1),
                (sm + NEAR_AT + NEAR) as u32 + bucket(p, 2),
                (sm + PAIR_AT + pair) as u32,
            ]
        })
        .collect();
    Some(PolicySample { cands, target })
}

/// The samples of one game: every move from `from` on whose player `learn` accepts
/// (by colour), until the game is won.
pub fn game_samples(
    width: usize,
    height: usize,
    rule: Rule,
    moves: &[Pos],
    from: usize,
    learn: impl Fn(Color) -> bool,
) -> Result<Vec<PolicySample>> {
    let mut board = Board::new(width, height, rule)?;
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if board.winner().is_some() {
            break;
        }
        if i >= from && learn(board.side_to_move()) && board.is_empty(m) {
            if let Some(s) = sample(&mut board, m) {
                out.push(s);
            }
        }
        board.play(m)?;
    }
    Ok(out)
}

/// The parameters of weight sets (in the value fit's layout order).
pub fn pack(sets: &[&Weights]) -> Vec<f64> {
    let mut v = Vec::with_capacity(sets.len() * PER_SET);
    for w in sets {
        v.extend(w.policy.iter().map(|&x| x as f64));
        v.extend(w.near.iter().map(|&x| x as f64));
        v.extend(w.policy_opp.iter().map(|&x| x as f64));
        v.extend(w.policy_threat.iter().map(|&x| x as f64));
    }
    v
}

/// Writes the (rounded) parameters into weight sets; distance 0 stays zero.
pub fn unpack(params: &[f64], sets: &mut [Weights]) {
    let round = |x: f64| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
    for (s, w) in sets.iter_mut().enumerate() {
        let base = s * PER_SET;
        for k in 0..CLASSES {
            w.policy[k] = round(params[base + k]);
            w.policy_opp[k] = round(params[base + OPP_AT + k]);
        }
        for i in 0..2 * NEAR {
            w.near[i] = if i.is_multiple_of(NEAR) {
                0
            } else {
                round(params[base + NEAR_AT + i])
            };
        }
        for i in 0..PAIRS {
            w.policy_threat[i] = round(params[base + PAIR_AT + i]);
        }
    }
}

#[inline]
fn score(c: &[u32; 5], params: &[f64]) -> f64 {
    c.iter()
        .zip(COEF)
        .map(|(&i, k)| k * params[i as usize])
        .sum()
}

/// The softmax of a sample's logits `temperature * score`, unnormalised: the largest
/// logit, the exponentials of the logits less it, and their sum.
fn softmax_terms(s: &PolicySample, params: &[f64], temperature: f64) -> (f64, Vec<f64>, f64) {
    let z: Vec<f64> = s
        .cands
        .iter()
        .map(|c| temperature * score(c, params))
        .collect();
    let m = z.iter().cloned().fold(f64::MIN, f64::max);
    let e: Vec<f64> = z.iter().map(|x| (x - m).exp()).collect();
    let sum = e.iter().sum();
    (m, e, sum)
}

/// Mean cross-entropy of the played moves, logits `temperature * score`.
pub fn loss(samples: &[PolicySample], params: &[f64], temperature: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let mut total = 0.0;
    for s in samples {
        let (z_max, _, sum) = softmax_terms(s, params, temperature);
        total += z_max + sum.ln() - temperature * score(&s.cands[s.target], params);
    }
    total / samples.len() as f64
}

/// The share of samples whose played move is among the first `k` of the ordering
/// (ties broken against it).
pub fn top_k(samples: &[PolicySample], params: &[f64], k: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let hits = samples
        .iter()
        .filter(|s| {
            let t = score(&s.cands[s.target], params);
            s.cands.iter().filter(|c| score(c, params) >= t).count() <= k
        })
        .count();
    hits as f64 / samples.len() as f64
}

/// The temperature (searched on a log grid) under which `params` fit best.
pub fn best_temperature(samples: &[PolicySample], params: &[f64]) -> f64 {
    let mut best = (f64::MAX, 1.0);
    for e in -50..=0 {
        let t = 10f64.powf(e as f64 / 10.0);
        let l = loss(samples, params, t);
        if l < best.0 {
            best = (l, t);
        }
    }
    best.1
}

/// Fits `params` on `train` with Adam (mini-batches of `batch`, step size falling
/// linearly from `lr` to a tenth); `report(epoch, train loss, validation loss)` after
/// each epoch. Distance-0 entries never move (they are never used).
#[allow(clippy::too_many_arguments)]
pub fn fit(
    params: &mut [f64],
    train: &[PolicySample],
    val: &[PolicySample],
    temperature: f64,
    epochs: usize,
    batch: usize,
    lr: f64,
    seed: u64,
    report: &mut dyn FnMut(usize, f64, f64),
) {
    let n = params.len();
    let (mut m1, mut m2) = (vec![0.0; n], vec![0.0; n]);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = crate::types::SplitMix64::new(seed);
    let mut step = 0i32;
    let mut g = vec![0.0; n];
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let rate = lr * (1.0 - 0.9 * (epoch - 1) as f64 / epochs.max(1) as f64);
        for chunk in order.chunks(batch.max(1)) {
            g.iter_mut().for_each(|x| *x = 0.0);
            for &si in chunk {
                let s = &train[si];
                let (_, e, sum) = softmax_terms(s, params, temperature);
                for (j, c) in s.cands.iter().enumerate() {
                    let d = temperature * (e[j] / sum - (j == s.target) as u8 as f64);
                    for (&i, k) in c.iter().zip(COEF) {
                        g[i as usize] += k * d;
                    }
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - 0.9f64.powi(step), 1.0 - 0.999f64.powi(step));
            for i in 0..n {
                let at = i % PER_SET;
                if (NEAR_AT..OPP_AT).contains(&at) && (at - NEAR_AT).is_multiple_of(NEAR) {
                    continue;
                }
                let gi = g[i] / chunk.len() as f64;
                m1[i] = 0.9 * m1[i] + 0.1 * gi;
                m2[i] = 0.999 * m2[i] + 0.001 * gi * gi;
                params[i] -= rate * (m1[i] / c1) / ((m2[i] / c2).sqrt() + 1e-8);
            }
        }
        report(
            epoch,
            loss(train, params, temperature),
            loss(val, params, temperature),
        );
    }
}
