//! The schedule of a match and the worker threads that play it.

use super::game::{play_game, GameJob, GameSettings};
use super::opening::Opening;
use super::record::GameRecord;
use super::spec::EngineSpec;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// The games of a match, in the order they are started.
///
/// Each pair plays `games_per_pair` games. Games `2k` and `2k+1` of a pair use the
/// same opening (`openings[order[k % len]]`) with colours exchanged; without openings
/// every game starts from the empty board and colours alternate. Pairs are interleaved
/// so that every pair progresses at the same pace.
pub fn schedule(
    engines: usize,
    pairing: Pairing,
    games_per_pair: usize,
    openings: &[Opening],
    order: &[usize],
) -> Vec<GameJob> {
    let pairs: Vec<(usize, usize)> = match pairing {
        Pairing::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        Pairing::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect(),
    };
    let mut jobs = Vec::new();
    for g in 0..games_per_pair {
        for &(a, b) in &pairs {
            let (black, white) = if g.is_multiple_of(2) { (a, b) } else { (b, a) };
            let (opening, opening_line) = if openings.is_empty() {
                (Vec::new(), None)
            } else {
                let o = &openings[order[(g / 2) % order.len()]];
                (o.moves.clone(), Some(o.line))
            };
            jobs.push(GameJob {
                number: jobs.len() + 1,
                black,
                white,
                opening,
                opening_line,
            });
        }
    }
    jobs
}

/// What the match reports while it runs.
#[derive(Debug)]
pub enum Event {
    /// A game is starting.
    Started(GameJob),
    /// A game ended (boxed: records are large next to the other events).
    Finished(Box<GameRecord>),
}

/// Whether to keep playing after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Keep going.
    Continue,
    /// Stop: start no more games and cancel the running ones (they do not count).
    Stop,
}

/// Plays `jobs` with `concurrency` games at a time, calling `on_event` on the calling
/// thread for every start and finish, in the order they happen. Returns the number of
/// scheduled games that were not played (cancelled or never started after a `Stop`).
pub fn run_match(
    engines: &[EngineSpec],
    settings: &GameSettings,
    jobs: &[GameJob],
    concurrency: usize,
    mut on_event: impl FnMut(Event) -> Control,
) -> usize {
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Event>();
    let mut finished = 0;
    thread::scope(|s| {
        for _ in 0..concurrency.max(1).min(jobs.len().max(1)) {
            let tx = tx.clone();
            let (next, abort) = (&next, &abort);
            s.spawn(move || loop {
                if abort.load(Ordering::Relaxed) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { return };
                if tx.send(Event::Started(job.clone())).is_err() {
                    return;
                }
                match play_game(settings, job, engines, abort) {
                    Some(rec) => {
                        if tx.send(Event::Finished(Box::new(rec))).is_err() {
                            return;
                        }
                    }
                    None => return,
                }
            });
        }
        drop(tx);
        for ev in rx {
            let is_finish = matches!(ev, Event::Finished(_));
            if abort.load(Ordering::Relaxed) {
                continue; // drain: results after a stop do not count
            }
            if is_finish {
                finished += 1;
            }
            if on_event(ev) == Control::Stop {
                abort.store(true, Ordering::Relaxed);
            }
        }
    });
    jobs.len() - finished
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Pos;

    fn openings(n: usize) -> Vec<Opening> {
        (0..n)
            .map(|i| Opening {
                line: i + 1,
                moves: vec![Pos::new(i, 0)],
            })
            .collect()
    }

    #[test]
    fn each_opening_twice_with_colours_swapped() {
        let o = openings(3);
        let jobs = schedule(2, Pairing::RoundRobin, 6, &o, &[2, 0, 1]);
        let got: Vec<_> = jobs
            .iter()
            .map(|j| (j.black, j.white, j.opening_line.unwrap()))
            .collect();
        assert_eq!(
            got,
            [
                (0, 1, 3),
                (1, 0, 3),
                (0, 1, 1),
                (1, 0, 1),
                (0, 1, 2),
                (1, 0, 2)
            ]
        );
        assert_eq!(
            jobs.iter().map(|j| j.number).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
    }

    #[test]
    fn round_robin_and_gauntlet_pairs() {
        let rr = schedule(3, Pairing::RoundRobin, 2, &[], &[]);
        let pairs: Vec<_> = rr.iter().map(|j| (j.black, j.white)).collect();
        assert_eq!(pairs, [(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)]);
        assert!(rr
            .iter()
            .all(|j| j.opening.is_empty() && j.opening_line.is_none()));
        let g = schedule(3, Pairing::Gauntlet, 2, &[], &[]);
        let pairs: Vec<_> = g.iter().map(|j| (j.black, j.white)).collect();
        assert_eq!(pairs, [(0, 1), (0, 2), (1, 0), (2, 0)]);
    }
}
