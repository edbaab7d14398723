//! VCT by proof-number search. The depth-first [`super::vcf::vct`] spends its budget
//! evenly over every line up to a fixed number of threats, so a win of eight or ten
//! threats is out of its reach: the lines it must refute multiply with each threat.
//! Proof-number search instead expands, one node at a time, the leaf that would most
//! cheaply settle the question: narrow forcing lines (one or two answers to each
//! threat) are followed deep at once, and wide ones wait. It keeps no table of
//! transposed positions, so some short wins behind wide defender nodes cost it far
//! more: one win of three threats took it 52,840 nodes, and the depth-first search 74.
//!
//! The nodes mean what they mean in [`super::vcf::vct`], so the two agree on what a
//! win is: the attacker (the side to move at the root) plays fours and open threes,
//! each answered by every defence the board's threat-aware move generator gives; at
//! every attacker node a short VCF is tried first; a defender four is blocked (the
//! block costs no threat move) and the line goes on only if a threat of the attacker
//! still stands after it; renju black never attacks. A win found is a proof within
//! those rules; "not found" proves nothing.

use super::movegen::{self, MoveList};
use super::vcf::{threat_moves, vcf_line, Budget, ThreatMoves};
use crate::board::{Board, Threat};
use crate::types::{Color, Pos, Rule};

/// Fours the VCF at each attacker node may play (as in [`super::vcf::vct`]).
const NODE_VCF_DEPTH: u32 = 8;
/// A proof or disproof number that stands for "impossible".
const INF: u32 = u32::MAX / 4;

/// One node of the proof tree. Attacker nodes (OR) are positions with the attacker to
/// move; defender nodes (AND) are positions after an attacker's threat.
#[derive(Clone, Copy)]
struct Node {
    /// The move that led here (Pos::NONE at the root).
    mv: Pos,
    pn: u32,
    dn: u32,
    /// Children, created together when the node is expanded: `first..first + count`.
    first: u32,
    count: u16,
    /// Attacker threats still allowed from this node (attacker nodes).
    left: u8,
    expanded: bool,
    /// Plies to the five once proven.
    plies: u16,
}

impl Node {
    fn leaf(mv: Pos, left: u8) -> Node {
        Node {
            mv,
            pn: 1,
            dn: 1,
            first: 0,
            count: 0,
            left,
            expanded: false,
            plies: 0,
        }
    }
    fn proven(mv: Pos, plies: u32) -> Node {
        Node {
            pn: 0,
            dn: INF,
            plies: plies.min(u16::MAX as u32) as u16,
            expanded: true,
            ..Node::leaf(mv, 0)
        }
    }
    fn disproven(mv: Pos) -> Node {
        Node {
            pn: INF,
            dn: 0,
            expanded: true,
            ..Node::leaf(mv, 0)
        }
    }
}

/// Searches a VCT for the side to move with at most `depth` threat moves by the
/// attacker, within `budget` (one node per tree node, plus the nodes of the VCF
/// searches inside). Returns the first move and the plies to the five.
pub fn vct_move(board: &mut Board, depth: u32, budget: &mut Budget) -> Option<(Pos, u32)> {
    let mut tree = Tree {
        nodes: Vec::new(),
        line: Vec::new(),
        answers: MoveList::new(),
    };
    let root = tree.attacker_node(board, Pos::NONE, depth.min(u8::MAX as u32) as u8, budget);
    if root.pn == 0 {
        let first = tree.line.first().copied().unwrap_or(Pos::NONE);
        return Some((first, root.plies as u32));
    }
    if root.dn == 0 {
        return None;
    }
    tree.nodes.push(root);
    let mut path: Vec<u32> = Vec::new();
    while tree.nodes[0].pn != 0 && tree.nodes[0].dn != 0 && !budget.exhausted() {
        // Down to the most-proving leaf, playing the moves on the way.
        path.clear();
        let mut at = 0u32;
        let mut attacker = true;
        loop {
            path.push(at);
            let n = tree.nodes[at as usize];
            if !n.expanded {
                break;
            }
            let kids = n.first..n.first + n.count as u32;
            at = if attacker {
                kids.min_by_key(|&c| tree.nodes[c as usize].pn)
            } else {
                kids.min_by_key(|&c| tree.nodes[c as usize].dn)
            }
            .expect("an expanded open node has children");
            board.make_move(tree.nodes[at as usize].mv);
            attacker = !attacker;
        }
        if attacker {
            tree.expand_attacker(board, at, budget);
        } else {
            tree.expand_defender(board, at, budget);
        }
        // Back up the numbers, undoing the moves on the way.
        for (i, &id) in path.iter().enumerate().rev() {
            let is_attacker = i % 2 == 0;
            tree.update(id, is_attacker);
            if i > 0 {
                board.undo_move();
            }
        }
    }
    let root = tree.nodes[0];
    if root.pn != 0 {
        return None;
    }
    let kids = root.first..root.first + root.count as u32;
    let best = kids
        .filter(|&c| tree.nodes[c as usize].pn == 0)
        .min_by_key(|&c| tree.nodes[c as usize].plies)?;
    let n = tree.nodes[best as usize];
    Some((n.mv, n.plies as u32))
}

struct Tree {
    nodes: Vec<Node>,
    line: Vec<Pos>,
    answers: MoveList,
}

impl Tree {
    /// The node for the position on `board`, attacker to move: settled at once when the
    /// attacker has a five or a VCF, or cannot go on; else an open leaf.
    fn attacker_node(&mut self, board: &mut Board, mv: Pos, left: u8, budget: &mut Budget) -> Node {
        let me = board.side_to_move();
        let opp = me.opp();
        if let Some(p) = board.find_threat(me, Threat::Five) {
            self.line.clear();
            self.line.push(p);
            return Node::proven(mv, 1);
        }
        if let Some(plies) = vcf_line(board, NODE_VCF_DEPTH, budget, &mut self.line) {
            return Node::proven(mv, plies);
        }
        if left == 0
            || board.threat_count(opp, Threat::Five) >= 2
            || (me == Color::Black && board.rule() == Rule::Renju)
            || !budget.take()
        {
            return Node::disproven(mv);
        }
        Node::leaf(mv, left)
    }

    /// Creates the children of the attacker node `id` (its position is on `board`):
    /// one defender node per threat.
    fn expand_attacker(&mut self, board: &mut Board, id: u32, budget: &mut Budget) {
        let me = board.side_to_move();
        let opp = me.opp();
        let left = self.nodes[id as usize].left;
        let mut attacks = ThreatMoves::new();
        // As in the depth-first search: a defender's four is blocked, at no cost in
        // threat moves, and the attack goes on if a threat still stands.
        let next = if let Some(block) = board.find_threat(opp, Threat::Five) {
            attacks.push((block, 0));
            left
        } else {
            threat_moves(board, me, Threat::Three, &mut attacks);
            left - 1
        };
        let first = self.nodes.len() as u32;
        for &(p, _) in &attacks {
            board.make_move(p);
            let forcing =
                board.threat_count(me, Threat::Five) > 0 || movegen::has_playable_flex4(board, me);
            let node = if !forcing || board.threat_count(opp, Threat::Five) > 0 {
                Node::disproven(p)
            } else {
                movegen::generate(board, &mut self.answers);
                if self.answers.is_empty() || !budget.take() {
                    Node::disproven(p)
                } else {
                    // Fewer answers, easier to prove: the count is the proof number.
                    Node {
                        pn: self.answers.len() as u32,
                        ..Node::leaf(p, next)
                    }
                }
            };
            board.undo_move();
            self.nodes.push(node);
        }
        let n = &mut self.nodes[id as usize];
        n.first = first;
        n.count = attacks.len() as u16;
        n.expanded = true;
    }

    /// Creates the children of the defender node `id` (its position is on `board`): one
    /// attacker node per answer. The first answer that holds settles the node, and the
    /// rest are not created.
    fn expand_defender(&mut self, board: &mut Board, id: u32, budget: &mut Budget) {
        let left = self.nodes[id as usize].left;
        movegen::generate(board, &mut self.answers);
        let answers: Vec<Pos> = self.answers.iter().map(|a| a.0).collect();
        let first = self.nodes.len() as u32;
        for &d in &answers {
            board.make_move(d);
            let node = if board.winner().is_some() {
                Node::disproven(d)
            } else {
                self.attacker_node(board, d, left, budget)
            };
            board.undo_move();
            self.nodes.push(node);
            if node.dn == 0 {
                break;
            }
        }
        let count = (self.nodes.len() as u32 - first) as u16;
        let n = &mut self.nodes[id as usize];
        n.first = first;
        n.count = count;
        n.expanded = true;
    }

    /// Recomputes the numbers (and, once proven, the plies) of node `id` from its
    /// children.
    fn update(&mut self, id: u32, attacker: bool) {
        let n = self.nodes[id as usize];
        // A settled node stays settled; an open leaf has nothing to add up.
        if !n.expanded || n.pn == 0 || n.dn == 0 {
            return;
        }
        let kids = &self.nodes[n.first as usize..(n.first + n.count as u32) as usize];
        let (pn, dn, plies);
        if attacker {
            pn = kids.iter().map(|k| k.pn).min().unwrap_or(INF);
            dn = kids
                .iter()
                .map(|k| k.dn)
                .fold(0u32, |a, b| (a + b).min(INF));
            plies = kids
                .iter()
                .filter(|k| k.pn == 0)
                .map(|k| k.plies)
                .min()
                .unwrap_or(0);
        } else {
            pn = kids
                .iter()
                .map(|k| k.pn)
                .fold(0u32, |a, b| (a + b).min(INF));
            dn = kids.iter().map(|k| k.dn).min().unwrap_or(INF);
            // The threat, the longest defence, and what follows it.
            plies = kids
                .iter()
                .map(|k| k.plies)
                .max()
                .unwrap_or(0)
                .saturating_add(2);
        }
        let n = &mut self.nodes[id as usize];
        n.pn = pn;
        n.dn = dn;
        if pn == 0 {
            n.plies = plies;
        }
    }
}
