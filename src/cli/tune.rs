//! `pbrain-tengen tune`: fits the evaluation's cell-value weights to labelled
//! positions (see [`crate::eval::tune`]) and writes the weight files that the build
//! compiles in (`src/board/weights/`).

use crate::board::weights::{self, Weights};
use crate::cli::play::record::parse_games;
use crate::eval::policy;
use crate::eval::tune::{
    best_scale, builtin_sets, dedupe, families, fit, loss, parse_data, samples, split, Layout,
    TuneOptions,
};
use crate::types::{Color, Rule, SplitMix64};
use anyhow::{bail, Context, Result};
use clap::Parser;
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    about = "Fits the evaluation weights to labelled positions (logistic loss, held-out validation) and writes weight files",
    after_help = "Data: lines written by `pbrain-tengen datagen` (format in src/eval/tune.rs); several files may be given.\n\
With --policy, the data are game records instead (SGF collections as `match --sgf` writes them, or .psq),\n\
and the fit is of the move ordering (src/eval/policy.rs): which moves the players chose.\n\
Writes DIR/<family>.txt for the rule's families (freestyle, standard, renju-black and renju-white, caro),\n\
with a header naming the data, the command and the losses; a value fit keeps the built-in ordering and\n\
a policy fit keeps the built-in values. Rebuild to compile them in.\n\
Examples:\n  pbrain-tengen tune data/free15.txt --rule freestyle --epochs 30 --out src/board/weights\n  \
pbrain-tengen tune --policy games.sgf --exclude pela --rule freestyle --init handset --out src/board/weights"
)]
struct Args {
    /// Data files.
    #[arg(required = true)]
    data: Vec<String>,
    /// Rule whose positions are fitted (others in the data are skipped).
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Start from: `builtin` (the weights compiled in), `handset` (the original hand-set
    /// evaluation; with --policy, the hand-set ordering and no distance bonus) or `zero`.
    #[arg(long, default_value = "builtin")]
    init: String,
    /// Passes over the training data.
    #[arg(long, default_value_t = 100)]
    epochs: usize,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Adam step size at the start (weight units); it falls linearly to a tenth
    /// [default: 4, or 2 with --policy].
    #[arg(long)]
    lr: Option<f64>,
    /// L2 pull towards the starting weights.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Weight of the game result in the target (the rest is the teacher's value;
    /// positions without a teacher value use the result alone).
    #[arg(long, default_value_t = 0.2)]
    result_weight: f32,
    /// Percent of the positions held out for validation (ignored with --holdout).
    #[arg(long, default_value_t = 10)]
    validation: u64,
    /// Data file whose positions are the validation set instead of a random share of
    /// the training data (positions of one game are alike, so a random split measures
    /// partly on games it trained on); may be given again. Value fits only.
    #[arg(long, value_name = "FILE")]
    holdout: Vec<String>,
    /// Seed of the split and of the visiting order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Folder to write the weight files to; without it nothing is written.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Fit the move-ordering policy to the moves of game records (the data files)
    /// instead of the values to labelled positions.
    #[arg(long)]
    policy: bool,
    /// With --policy: a player (as named in the records) whose moves are not learned;
    /// may be given again.
    #[arg(long, value_name = "NAME")]
    exclude: Vec<String>,
    /// With --policy: learn only the moves of this player (as named in the records);
    /// may be given again. Without it every player not excluded is learned.
    #[arg(long, value_name = "NAME")]
    learn: Vec<String>,
}

/// The comment lines of the built-in weights of `family` that describe the other part
/// of the file (its values for a policy fit, its policy for a value fit): a value fit
/// keeps the lines that start with `Policy`, a policy fit the others. An indented line
/// continues the line above it and goes with it.
fn kept_header(family: weights::Family, policy_lines: bool) -> String {
    let mut policy = false;
    weights::builtin_text(family)
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.strip_prefix("# ").unwrap_or(&l[1..]))
        .filter(|l| {
            if !l.starts_with(' ') {
                policy = l.starts_with("Policy");
            }
            policy == policy_lines
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Writes `w` as `dir/<family>.txt` under `header` and checks that it reads back.
fn write_weights(
    dir: &std::path::Path,
    family: weights::Family,
    w: &Weights,
    header: &str,
) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join(format!("{}.txt", family.name()));
    std::fs::write(&path, w.to_text(header))
        .with_context(|| format!("cannot write {}", path.display()))?;
    weights::parse(&std::fs::read_to_string(&path)?)
        .with_context(|| format!("{} does not read back", path.display()))?;
    crate::outln!("wrote {}", path.display());
    Ok(())
}

/// `tune --policy`: fits the ordering scores, threat-pair and distance bonuses (see
/// [`crate::eval::policy`]) to the moves of game records.
fn policy_main(args: &Args, raw_args: &str, rule: Rule) -> Result<i32> {
    let (mut train, mut val) = (Vec::new(), Vec::new());
    let mut games = 0usize;
    let named = |list: &[String], name: &str| list.iter().any(|e| e.eq_ignore_ascii_case(name));
    let skip = |name: &str| {
        named(&args.exclude, name) || (!args.learn.is_empty() && !named(&args.learn, name))
    };
    for path in &args.data {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
        for (rec, notes) in parse_games(&text, None).with_context(|| path.clone())? {
            games += 1;
            let (skip_black, skip_white) = (skip(&rec.black), skip(&rec.white));
            let s = policy::game_samples(
                rec.width,
                rec.height,
                rule,
                &rec.moves,
                notes.opening,
                |c| {
                    if c == Color::Black {
                        !skip_black
                    } else {
                        !skip_white
                    }
                },
            )
            .with_context(|| format!("{path}: game {games}"))?;
            // Whole games are held out, so that no position of a held-out game is learned.
            if SplitMix64::new(args.seed ^ games as u64).next_u64() % 100 < args.validation {
                val.extend(s);
            } else {
                train.extend(s);
            }
        }
    }
    if train.is_empty() {
        bail!(
            "no moves to learn from in {games} games of rule {}",
            rule.name()
        );
    }
    crate::outln!(
        "{games} games of rule {}: {} positions for training, {} held out",
        rule.name(),
        train.len(),
        val.len()
    );
    let mut sets: Vec<Weights> = builtin_sets(rule).into_iter().cloned().collect();
    // `Weights::zero` carries the hand-set ordering and no distance bonus.
    let handset = policy::pack(&vec![&Weights::zero(); sets.len()]);
    // The temperature is the hand-set ordering's, whatever the start: the fitted scores
    // stay in its units (those of the killer and history bonuses).
    let temperature = policy::best_temperature(&train, &handset);
    let mut params = match args.init.as_str() {
        "builtin" => policy::pack(&sets.iter().collect::<Vec<_>>()),
        "handset" => handset,
        "zero" => vec![0.0; handset.len()],
        other => bail!("--init must be builtin, handset or zero, not {other:?}"),
    };
    let summary = |params: &[f64]| {
        format!(
            "train {:.5} validation {:.5}; validation top-1 {:.1}%, top-8 {:.1}%",
            policy::loss(&train, params, temperature),
            policy::loss(&val, params, temperature),
            100.0 * policy::top_k(&val, params, 1),
            100.0 * policy::top_k(&val, params, 8)
        )
    };
    let start = summary(&params);
    crate::outln!("temperature {temperature:.5}; start: {start}");
    policy::fit(
        &mut params,
        &train,
        &val,
        temperature,
        args.epochs,
        args.batch,
        args.lr.unwrap_or(2.0),
        args.seed,
        &mut |epoch, t, v| crate::outln!("epoch {epoch:>3}: train {t:.5} validation {v:.5}"),
    );
    policy::unpack(&params, &mut sets);
    // The rounded scores are what the engine uses: report them.
    let rounded = policy::pack(&sets.iter().collect::<Vec<_>>());
    let end = summary(&rounded);
    crate::outln!("final (integer scores): {end}");
    if let Some(dir) = &args.out {
        for (w, family) in sets.iter().zip(families(rule)) {
            let header = format!(
                "{}Policy written by: pbrain-tengen tune {raw_args}\n\
                 Policy data: {games} games, {} positions ({} held out)\n\
                 Policy before: {start}\n\
                 Policy after: {end}",
                kept_header(family, false),
                train.len() + val.len(),
                val.len()
            );
            write_weights(dir, family, w, &header)?;
        }
    }
    Ok(0)
}

/// Entry point of `pbrain-tengen tune`.
pub fn main(args: &[String]) -> Result<i32> {
    let raw_args = args.join(" ");
    let args: Args = match super::parse_args("pbrain-tengen tune", args) {
        Ok(a) => a,
        Err(code) => return Ok(code),
    };
    let rule = Rule::parse(&args.rule).with_context(|| format!("unknown rule {:?}", args.rule))?;
    if args.policy {
        if !args.holdout.is_empty() {
            bail!("--holdout applies to value fits only (a policy fit holds out whole games)");
        }
        return policy_main(&args, &raw_args, rule);
    }
    if !args.exclude.is_empty() || !args.learn.is_empty() {
        bail!("--exclude and --learn apply to --policy fits only");
    }
    let same_family = |r: Rule| {
        r == rule
            || (matches!(r, Rule::Caro | Rule::CaroExact)
                && matches!(rule, Rule::Caro | Rule::CaroExact))
    };
    let read = |paths: &[String]| -> Result<Vec<_>> {
        let mut records = Vec::new();
        for path in paths {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
            let recs = parse_data(&text).with_context(|| path.clone())?;
            records.extend(recs.into_iter().filter(|r| same_family(r.rule)));
        }
        Ok(records)
    };
    let records = read(&args.data)?;
    if records.is_empty() {
        bail!("no positions of rule {} in the data", rule.name());
    }
    let layout = Layout::of(rule);
    let held = if args.holdout.is_empty() {
        Vec::new()
    } else {
        let held = read(&args.holdout)?;
        if held.is_empty() {
            bail!("no positions of rule {} in the --holdout data", rule.name());
        }
        held
    };
    let read_count = records.len() + held.len();
    // Each position once, and training never sees a held-out one.
    let (held, held_keys) = dedupe(held, &Default::default())?;
    let (mut records, _) = dedupe(records, &held_keys)?;
    let (train, val) = if held.is_empty() {
        split(
            samples(&records, layout, args.result_weight)?,
            args.validation,
            args.seed,
        )
    } else {
        let train = samples(&records, layout, args.result_weight)?;
        let val = samples(&held, layout, args.result_weight)?;
        records.extend(held);
        (train, val)
    };
    if train.is_empty() {
        bail!("no positions left for training (all of them are held out)");
    }
    crate::outln!(
        "{} positions of rule {} ({} repeated ones dropped): {} for training, {} held out{}",
        records.len(),
        rule.name(),
        read_count - records.len(),
        train.len(),
        val.len(),
        if args.holdout.is_empty() {
            String::new()
        } else {
            format!(" (the positions of {})", args.holdout.join(", "))
        }
    );
    let handset = Weights::handset();
    let handset_params = layout.pack(&vec![&handset; layout.sets]);
    let (hs_scale, hs_loss) = best_scale(&val, &handset_params, 0.01, 10.0);
    let builtin_params = layout.pack(&builtin_sets(rule));
    let builtin_loss = loss(&val, &builtin_params, 1.0);
    crate::outln!(
        "validation loss: hand-set evaluation {hs_loss:.5} (at its best scale {hs_scale:.3}); built-in weights {builtin_loss:.5}"
    );
    let mut params = match args.init.as_str() {
        "builtin" => builtin_params,
        "handset" => {
            // The hand-set values on this scale.
            handset_params.iter().map(|v| v * hs_scale).collect()
        }
        "zero" => vec![0.0; layout.len()],
        other => bail!("--init must be builtin, handset or zero, not {other:?}"),
    };
    crate::outln!(
        "start: train {:.5} validation {:.5}",
        loss(&train, &params, 1.0),
        loss(&val, &params, 1.0)
    );
    let opts = TuneOptions {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.lr.unwrap_or(4.0),
        l2: args.l2,
    };
    fit(&mut params, &train, &val, &opts, args.seed, &mut |r| {
        crate::outln!(
            "epoch {:>3}: train {:.5} validation {:.5}",
            r.epoch,
            r.train,
            r.validation
        );
    });
    let mut sets = layout.unpack(&params);
    // The ordering part is not fitted here: keep the built-in one.
    for (w, start) in sets.iter_mut().zip(builtin_sets(rule)) {
        w.policy = start.policy.clone();
        w.policy_opp = start.policy_opp.clone();
        w.policy_threat = start.policy_threat.clone();
        w.near = start.near;
    }
    // The rounded weights are what the engine uses: report their loss.
    let rounded = layout.pack(&sets.iter().collect::<Vec<_>>());
    let final_val = loss(&val, &rounded, 1.0);
    crate::outln!("final validation loss (integer weights): {final_val:.5}");
    if let Some(dir) = &args.out {
        for (w, family) in sets.iter().zip(families(rule)) {
            let header = format!(
                "Tengen evaluation weights, family {}: per pattern class (four line patterns),\n\
                 the value for the side to move (own) and for the side that waits (opp).\n\
                 Written by: pbrain-tengen tune {raw_args}\n\
                 Data: {} positions of rule {} ({} held out for validation)\n\
                 Validation loss: {final_val:.5} (hand-set evaluation {hs_loss:.5}; before this fit {builtin_loss:.5})\n{}",
                family.name(),
                records.len(),
                rule.name(),
                val.len(),
                kept_header(family, true),
            );
            write_weights(dir, family, w, header.trim_end())?;
        }
    }
    Ok(0)
}
