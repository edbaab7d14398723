//! Renju forbidden points on random positions against an independent, brute-force
//! implementation of the RIF definitions on a plain grid:
//! * five: black makes a run of exactly five (wins, never forbidden);
//! * overline: a run of six or more (forbidden);
//! * four: in one line, an empty cell where one more black stone makes an exact five
//!   through the move; two such cells at the ends of four in a row are one (straight)
//!   four, two other cells are two fours;
//! * three: a line that is not a four and where one more black stone, on a cell that
//!   is itself not forbidden, makes a straight four through the move;
//! * forbidden: overline, two or more fours, or two or more threes (unless a five).

use tengen::board::Board;
use tengen::types::SplitMix64;
use tengen::types::{Pos, Rule};

const N: i32 = 15;
const E: u8 = 0;
const B: u8 = 1;
const W: u8 = 2;
const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

struct Grid([[u8; 15]; 15]);

impl Grid {
    fn at(&self, x: i32, y: i32) -> Option<u8> {
        ((0..N).contains(&x) && (0..N).contains(&y)).then(|| self.0[y as usize][x as usize])
    }
    fn is(&self, x: i32, y: i32, c: u8) -> bool {
        self.at(x, y) == Some(c)
    }
    /// Length of the black run through (x, y) (which must hold black) along `d`.
    fn run(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> usize {
        let mut n = 1;
        for s in [1, -1] {
            let mut k = 1;
            while self.is(x + s * k * dx, y + s * k * dy, B) {
                n += 1;
                k += 1;
            }
        }
        n
    }
    /// Empty cells on the line of (x, y) along `d` where a black stone makes an exact
    /// five that contains (x, y).
    fn five_points(&mut self, x: i32, y: i32, d: (i32, i32)) -> Vec<i32> {
        let mut pts = Vec::new();
        for k in -5..=5 {
            let (qx, qy) = (x + k * d.0, y + k * d.1);
            if k == 0 || !self.is(qx, qy, E) {
                continue;
            }
            self.0[qy as usize][qx as usize] = B;
            if self.run(x, y, d) == 5 && self.run(qx, qy, d) == 5 {
                // Same run (q and (x, y) both in it, since both have run 5 and the
                // cells between must be black for it to pass through both).
                let lo = k.min(0);
                let hi = k.max(0);
                if (lo..=hi).all(|j| self.is(x + j * d.0, y + j * d.1, B)) {
                    pts.push(k);
                }
            }
            self.0[qy as usize][qx as usize] = E;
        }
        pts
    }
    /// Number of fours black's stone at (x, y) makes along `d`, and whether it is a
    /// straight four.
    fn fours(&mut self, x: i32, y: i32, d: (i32, i32)) -> (usize, bool) {
        let pts = self.five_points(x, y, d);
        match pts.len() {
            0 => (0, false),
            1 => (1, false),
            2 => {
                let (a, b) = (pts[0], pts[1]);
                let straight =
                    b - a == 5 && (a + 1..b).all(|j| self.is(x + j * d.0, y + j * d.1, B));
                if straight {
                    (1, true)
                } else {
                    (2, false)
                }
            }
            n => panic!("{n} five points in one line"),
        }
    }
    /// Whether black playing the empty cell (x, y) is forbidden.
    fn forbidden(&mut self, x: i32, y: i32) -> bool {
        assert!(self.is(x, y, E));
        self.0[y as usize][x as usize] = B;
        let verdict = self.judge(x, y);
        self.0[y as usize][x as usize] = E;
        verdict
    }
    fn judge(&mut self, x: i32, y: i32) -> bool {
        if DIRS.iter().any(|&d| self.run(x, y, d) == 5) {
            return false;
        }
        if DIRS.iter().any(|&d| self.run(x, y, d) >= 6) {
            return true;
        }
        let mut fours = 0;
        let mut threes = 0;
        for d in DIRS {
            let (f, _) = self.fours(x, y, d);
            if f > 0 {
                fours += f;
                continue;
            }
            if self.real_three(x, y, d) {
                threes += 1;
            }
        }
        fours >= 2 || threes >= 2
    }
    /// A move on the line of (x, y) that makes a straight four through it and is not
    /// itself forbidden.
    fn real_three(&mut self, x: i32, y: i32, d: (i32, i32)) -> bool {
        for k in -5..=5 {
            let (qx, qy) = (x + k * d.0, y + k * d.1);
            if k == 0 || !self.is(qx, qy, E) {
                continue;
            }
            self.0[qy as usize][qx as usize] = B;
            let straight = self.run(x, y, d) == 4 && self.fours(x, y, d) == (1, true);
            self.0[qy as usize][qx as usize] = E;
            if straight && !self.forbidden(qx, qy) {
                return true;
            }
        }
        false
    }
}

fn below(rng: &mut SplitMix64, n: u64) -> i32 {
    rng.below(n) as i32
}

#[test]
fn forbidden_points_match_brute_force_on_random_positions() {
    let mut rng = SplitMix64::new(0x4E4A_u64);
    let mut forbidden_seen = 0;
    let mut positions = 0;
    for round in 0..4000 {
        let mut g = Grid([[E; 15]; 15]);
        // A dense cluster of mostly black stones, somewhere on the board (corners and
        // edges included), so that threes, fours and overlines are common.
        let span = 5 + below(&mut rng, 5);
        let (ox, oy) = (
            below(&mut rng, (N - span + 1) as u64),
            below(&mut rng, (N - span + 1) as u64),
        );
        let stones = 8 + below(&mut rng, 22);
        for _ in 0..stones {
            let (x, y) = (
                ox + below(&mut rng, span as u64),
                oy + below(&mut rng, span as u64),
            );
            let c = if below(&mut rng, 100) < 65 { B } else { W };
            g.0[y as usize][x as usize] = c;
        }
        // Skip positions where black already has five or more: not a game position.
        let has_long = (0..N)
            .any(|y| (0..N).any(|x| g.is(x, y, B) && DIRS.iter().any(|&d| g.run(x, y, d) >= 5)));
        if has_long {
            continue;
        }
        let mut b = Board::new(15, 15, Rule::Renju).unwrap();
        for y in 0..N {
            for x in 0..N {
                let c = g.0[y as usize][x as usize];
                if c != E {
                    let colour = if c == B {
                        tengen::types::Color::Black
                    } else {
                        tengen::types::Color::White
                    };
                    b.put_stone(Pos::new(x as usize, y as usize), colour)
                        .unwrap();
                }
            }
        }
        positions += 1;
        let mut want = Vec::new();
        for y in 0..N {
            for x in 0..N {
                if g.is(x, y, E) && g.forbidden(x, y) {
                    want.push(Pos::new(x as usize, y as usize));
                }
            }
        }
        forbidden_seen += want.len();
        let got = b.forbidden_points();
        assert_eq!(got, want, "round {round}\n{}", b.to_diagram());
    }
    // The sample must actually exercise the rule.
    assert!(positions > 2000, "{positions}");
    assert!(forbidden_seen > 2000, "{forbidden_seen}");
}
