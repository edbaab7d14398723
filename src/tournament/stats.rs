//! Match statistics: Elo from a score, its 95% interval, likelihood of superiority and
//! the sequential probability ratio test (SPRT) that engine authors use to accept or
//! reject a change.
//!
//! All formulas use the logistic Elo model, `score = 1 / (1 + 10^(-elo/400))`.
//!
//! The SPRT is the generalised SPRT (GSPRT) on game results (win/draw/loss, the
//! "trinomial" model) in the normal approximation derived by Michel Van den Bergh and
//! used by fishtest (`LLR_alt2`): with `s` the observed mean score, `var` the observed
//! per-game variance of the score and `s0`, `s1` the scores that `elo0`, `elo1` imply,
//!
//! ```text
//! LLR = n · (s1 − s0) · (2·s − s0 − s1) / (2·var)
//! ```
//!
//! Outcome classes that did not occur count as 0.001 games (fishtest's regularisation).
//! The test accepts H1 (`elo ≥ elo1`) when `LLR ≥ ln((1−β)/α)` and H0 (`elo ≤ elo0`)
//! when `LLR ≤ ln(β/(1−α))` (Wald's bounds).

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Win/loss/draw counts from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
}

impl Wdl {
    /// Counts from the given numbers.
    pub fn new(wins: u64, losses: u64, draws: u64) -> Wdl {
        Wdl {
            wins,
            losses,
            draws,
        }
    }

    /// Number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// Mean score per game (win 1, draw ½, loss 0); `None` without games.
    pub fn score(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.moments().0)
    }

    /// Observed per-game variance of the score; `None` without games.
    pub fn variance(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.moments().1)
    }

    fn moments(&self) -> (f64, f64) {
        moments(self.wins as f64, self.losses as f64, self.draws as f64)
    }

    /// The same games seen from the opponent's side.
    pub fn flipped(&self) -> Wdl {
        Wdl::new(self.losses, self.wins, self.draws)
    }

    /// Elo difference with its 95% confidence interval; `None` without games.
    pub fn elo(&self) -> Option<EloEstimate> {
        let s = self.score()?;
        let n = self.games() as f64;
        let stderr = (self.variance()? / n).sqrt();
        Some(EloEstimate {
            elo: elo_from_score(s),
            low: elo_from_score(s - Z95 * stderr),
            high: elo_from_score(s + Z95 * stderr),
        })
    }

    /// Likelihood of superiority: the probability that the player is the stronger
    /// one, from wins and losses only (draws carry no information here):
    /// `LOS = ½·(1 + erf((w − l) / √(2(w + l))))`. `None` without decisive games.
    pub fn los(&self) -> Option<f64> {
        let decisive = self.wins + self.losses;
        if decisive == 0 {
            return None;
        }
        let x = (self.wins as f64 - self.losses as f64) / (2.0 * decisive as f64).sqrt();
        Some(0.5 * (1.0 + erf(x)))
    }
}

/// An Elo difference and its 95% interval. Infinite at a score of 0% or 100%.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Point estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl EloEstimate {
    /// Half the width of the interval (the "±" people quote).
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// Mean and variance of the per-game score for (possibly fractional) counts.
fn moments(w: f64, l: f64, d: f64) -> (f64, f64) {
    let n = w + l + d;
    let s = (w + 0.5 * d) / n;
    let var = (w * (1.0 - s).powi(2) + l * s.powi(2) + d * (0.5 - s).powi(2)) / n;
    (s, var)
}

/// Elo difference implied by a mean score (logistic model). ±∞ at 1 and 0.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Expected score for an Elo difference (logistic model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, by Abramowitz and Stegun formula 7.1.26 (absolute error below
/// 1.5·10⁻⁷, plenty for a percentage printed with one decimal).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Parameters of a sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtParams {
    /// Elo under the null hypothesis (the change is no better than this).
    pub elo0: f64,
    /// Elo under the alternative hypothesis (the change gains at least this).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 is true (false positive).
    pub alpha: f64,
    /// Probability of accepting H0 when H1 is true (false negative).
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// Neither bound crossed yet: keep playing.
    Continue,
    /// The lower bound was crossed: accept H0 (reject the change).
    AcceptH0,
    /// The upper bound was crossed: accept H1 (accept the change).
    AcceptH1,
}

impl SprtParams {
    /// Checks that the parameters make a test: `elo0 < elo1`, `0 < α, β < ½`.
    pub fn validate(&self) -> Result<(), String> {
        if self.elo0.partial_cmp(&self.elo1) != Some(std::cmp::Ordering::Less) {
            return Err(format!(
                "SPRT needs elo0 < elo1 (got elo0={}, elo1={})",
                self.elo0, self.elo1
            ));
        }
        for (name, v) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("SPRT {name} must be in (0, 0.5), got {v}"));
            }
        }
        Ok(())
    }

    /// Wald's bounds `(lower, upper)` on the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these results. As fishtest does,
    /// an empty outcome class counts as 0.001 games, so that a run without draws (common
    /// in Gomoku) or without losses still has a variance. 0 before the first game.
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        if wdl.games() == 0 {
            return 0.0;
        }
        let reg = |c: u64| if c == 0 { 1e-3 } else { c as f64 };
        let (w, l, d) = (reg(wdl.wins), reg(wdl.losses), reg(wdl.draws));
        let n = w + l + d;
        let (s, var) = moments(w, l, d);
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The verdict for these results. No verdict is given before [`SPRT_MIN_GAMES`]
    /// games: the normal approximation needs a sample, and a handful of straight wins
    /// would otherwise cross a bound.
    pub fn verdict(&self, wdl: &Wdl) -> SprtVerdict {
        if wdl.games() < SPRT_MIN_GAMES {
            return SprtVerdict::Continue;
        }
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// Games an SPRT plays at least before it may stop.
pub const SPRT_MIN_GAMES: u64 = 16;

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    #[test]
    fn elo_of_known_scores() {
        // Published values of the logistic model: 60% ⇒ +70.4, 75% ⇒ +190.8, 50% ⇒ 0.
        assert!(close(elo_from_score(0.6), 70.44, 0.01));
        assert!(close(elo_from_score(0.75), 190.85, 0.01));
        assert!(close(elo_from_score(0.4), -70.44, 0.01));
        assert_eq!(elo_from_score(0.5), 0.0);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert!(close(score_from_elo(70.44), 0.6, 1e-4));
        let e = Wdl::new(60, 40, 0).elo().unwrap();
        assert!(close(e.elo, 70.44, 0.01));
    }

    #[test]
    fn elo_interval_matches_hand_computation() {
        // w=60 l=40 d=0: variance 0.24, standard error sqrt(0.24/100) = 0.04899,
        // interval 0.6 ± 0.09602 ⇒ Elo 2.77 … 144.0 (margin ±70.6).
        let e = Wdl::new(60, 40, 0).elo().unwrap();
        assert!(close(e.low, 2.77, 0.05), "{e:?}");
        assert!(close(e.high, 144.0, 0.1), "{e:?}");
        assert!(close(e.margin(), 70.6, 0.1), "{e:?}");
        // Draws shrink the variance: 30 wins, 10 losses, 60 draws (score 0.6).
        let w = Wdl::new(30, 10, 60);
        assert!(close(w.variance().unwrap(), 0.09, 1e-12));
        assert!(w.elo().unwrap().margin() < e.margin());
        assert_eq!(Wdl::default().elo(), None);
    }

    #[test]
    fn erf_and_los_known_values() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(1.0), 0.842_700_79, 2e-7));
        assert!(close(erf(-0.5), -0.520_499_88, 2e-7));
        assert!(close(erf(2.0), 0.995_322_27, 2e-7));
        // LOS for 60 wins and 40 losses: ½(1+erf(20/√200)) = 0.97725.
        assert!(close(Wdl::new(60, 40, 0).los().unwrap(), 0.977_25, 1e-4));
        // Draws do not change LOS; equal wins and losses give 50%.
        assert!(close(Wdl::new(60, 40, 77).los().unwrap(), 0.977_25, 1e-4));
        assert!(close(Wdl::new(5, 5, 3).los().unwrap(), 0.5, 1e-9));
        assert_eq!(Wdl::new(0, 0, 9).los(), None);
    }

    #[test]
    fn sprt_bounds_are_walds() {
        let p = SprtParams {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = p.bounds();
        assert!(close(lo, -2.944, 1e-3) && close(hi, 2.944, 1e-3));
        let p = SprtParams {
            alpha: 0.05,
            beta: 0.1,
            ..p
        };
        // ln(0.1/0.95) = -2.251, ln(0.9/0.05) = 2.890
        let (lo, hi) = p.bounds();
        assert!(close(lo, -2.251, 1e-3) && close(hi, 2.890, 1e-3));
        assert!(p.validate().is_ok());
        assert!(SprtParams { elo1: -1.0, ..p }.validate().is_err());
        assert!(SprtParams { alpha: 0.0, ..p }.validate().is_err());
    }

    #[test]
    fn sprt_llr_matches_the_formula() {
        let p = SprtParams {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        // w=60 l=40: s=0.6, var=0.24, s0=0.5, s1=0.514387:
        // LLR = 100 · 0.014387 · (1.2 − 1.014387) / 0.48 = 0.5563.
        let llr = p.llr(&Wdl::new(60, 40, 0));
        assert!(close(llr, 0.5563, 5e-4), "{llr}");
        assert_eq!(p.llr(&Wdl::default()), 0.0);
        // The verdicts follow the sign and size.
        assert_eq!(p.verdict(&Wdl::new(60, 40, 0)), SprtVerdict::Continue);
        assert_eq!(p.verdict(&Wdl::new(600, 400, 0)), SprtVerdict::AcceptH1);
        assert_eq!(p.verdict(&Wdl::new(400, 600, 0)), SprtVerdict::AcceptH0);
        // Straight wins decide only after the minimum number of games.
        assert_eq!(p.verdict(&Wdl::new(15, 0, 0)), SprtVerdict::Continue);
        assert!(p.llr(&Wdl::new(15, 0, 0)) > 2.944);
        assert_eq!(p.verdict(&Wdl::new(16, 0, 0)), SprtVerdict::AcceptH1);
        // Many draws say the engines are equal: below elo1, so H0.
        assert_eq!(p.verdict(&Wdl::new(0, 0, 50)), SprtVerdict::AcceptH0);
    }
}
