//! `pbrain-tengen tune`: fits the evaluation's cell-value weights to labelled
//! positions (see [`crate::eval::tune`]) and writes the weight files that the build
//! compiles in (`src/board/weights/`).

use crate::board::weights::{self, Weights};
use crate::eval::tune::{
    best_scale, builtin_sets, families, fit, loss, parse_data, samples, split, Layout, TuneOptions,
};
use crate::types::Rule;
use anyhow::{bail, Context, Result};
use clap::Parser;
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    about = "Fits the evaluation weights to labelled positions (logistic loss, held-out validation) and writes weight files",
    after_help = "Data: lines written by `pbrain-tengen datagen` (format in src/eval/tune.rs); several files may be given.\n\
Writes DIR/<family>.txt for the rule's families (freestyle, standard, renju-black and renju-white, caro),\n\
with a header naming the data, the command and the losses. Rebuild to compile them in.\n\
Example:\n  pbrain-tengen tune data/free15.txt --rule freestyle --epochs 30 --out src/board/weights"
)]
struct Args {
    /// Data files.
    #[arg(required = true)]
    data: Vec<String>,
    /// Rule whose positions are fitted (others in the data are skipped).
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Start from: `builtin` (the weights compiled in), `handset` (the original hand-set
    /// evaluation) or `zero`.
    #[arg(long, default_value = "builtin")]
    init: String,
    /// Passes over the training data.
    #[arg(long, default_value_t = 100)]
    epochs: usize,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Adam step size at the start (weight units); it falls linearly to a tenth.
    #[arg(long, default_value_t = 4.0)]
    lr: f64,
    /// L2 pull towards the starting weights.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Weight of the game result in the target (the rest is the teacher's value;
    /// positions without a teacher value use the result alone).
    #[arg(long, default_value_t = 0.2)]
    result_weight: f32,
    /// Percent of the positions held out for validation.
    #[arg(long, default_value_t = 10)]
    validation: u64,
    /// Seed of the split and of the visiting order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Folder to write the weight files to; without it nothing is written.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Entry point of `pbrain-tengen tune`.
pub fn main(args: &[String]) -> Result<i32> {
    let raw_args = args.join(" ");
    let args: Args = match super::parse_args("pbrain-tengen tune", args) {
        Ok(a) => a,
        Err(code) => return Ok(code),
    };
    let rule = Rule::parse(&args.rule).with_context(|| format!("unknown rule {:?}", args.rule))?;
    let same_family = |r: Rule| {
        r == rule
            || (matches!(r, Rule::Caro | Rule::CaroExact)
                && matches!(rule, Rule::Caro | Rule::CaroExact))
    };
    let mut records = Vec::new();
    for path in &args.data {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
        let recs = parse_data(&text).with_context(|| path.clone())?;
        records.extend(recs.into_iter().filter(|r| same_family(r.rule)));
    }
    if records.is_empty() {
        bail!("no positions of rule {} in the data", rule.name());
    }
    let layout = Layout::of(rule);
    let all = samples(&records, layout, args.result_weight)?;
    let (train, val) = split(all, args.validation, args.seed);
    println!(
        "{} positions of rule {}: {} for training, {} held out",
        records.len(),
        rule.name(),
        train.len(),
        val.len()
    );
    let handset = Weights::handset();
    let handset_params = layout.pack(&vec![&handset; layout.sets]);
    let (hs_scale, hs_loss) = best_scale(&val, &handset_params, 0.01, 10.0);
    let builtin_params = layout.pack(&builtin_sets(rule));
    let builtin_loss = loss(&val, &builtin_params, 1.0);
    println!(
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
    println!(
        "start: train {:.5} validation {:.5}",
        loss(&train, &params, 1.0),
        loss(&val, &params, 1.0)
    );
    let opts = TuneOptions {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.lr,
        l2: args.l2,
    };
    fit(&mut params, &train, &val, &opts, args.seed, &mut |r| {
        println!(
            "epoch {:>3}: train {:.5} validation {:.5}",
            r.epoch, r.train, r.validation
        );
    });
    let sets = layout.unpack(&params);
    // The rounded weights are what the engine uses: report their loss.
    let rounded = layout.pack(&sets.iter().collect::<Vec<_>>());
    let final_val = loss(&val, &rounded, 1.0);
    println!("final validation loss (integer weights): {final_val:.5}");
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for (w, family) in sets.iter().zip(families(rule)) {
            let header = format!(
                "Tengen evaluation weights, family {}: per pattern class (four line patterns),\n\
                 the value for the side to move (own) and for the side that waits (opp).\n\
                 Written by: pbrain-tengen tune {raw_args}\n\
                 Data: {} positions of rule {} ({} held out for validation)\n\
                 Validation loss: {final_val:.5} (hand-set evaluation {hs_loss:.5}; before this fit {builtin_loss:.5})",
                family.name(),
                records.len(),
                rule.name(),
                val.len(),
            );
            let path = dir.join(format!("{}.txt", family.name()));
            std::fs::write(&path, w.to_text(&header))
                .with_context(|| format!("cannot write {}", path.display()))?;
            // Check that what was written reads back.
            weights::parse(&std::fs::read_to_string(&path)?)
                .with_context(|| format!("{} does not read back", path.display()))?;
            println!("wrote {}", path.display());
        }
    }
    Ok(0)
}
