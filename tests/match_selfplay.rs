//! A real short match of `pbrain-tengen` against itself at a fixed node count (games
//! capped at 100 stones to keep the test short), run through `pbrain-tengen match`: no engine failures, and game records that are
//! well-formed SGF whose moves replay legally to the recorded result.

use std::process::Command;
use tengen::board::Board;
use tengen::types::{Color, Pos, Rule};

const BIN: &str = env!("CARGO_BIN_EXE_pbrain-tengen");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One parsed SGF game: header properties and the moves.
struct SgfGame {
    size: usize,
    rule: Rule,
    result: String,
    termination: String,
    moves: Vec<(char, Pos)>,
}

/// Value of property `key` in `node` (the text after `key[` up to `]`).
fn prop<'a>(node: &'a str, key: &str) -> Option<&'a str> {
    let start = node.find(&format!("{key}["))? + key.len() + 1;
    let end = start + node[start..].find(']')?;
    Some(&node[start..end])
}

fn parse_sgf(text: &str) -> Vec<SgfGame> {
    let mut depth = 0i32;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        assert!((0..=1).contains(&depth), "unbalanced parentheses");
    }
    assert_eq!(depth, 0, "unbalanced parentheses");
    text.split('(')
        .filter(|g| !g.trim().is_empty())
        .map(|g| {
            let g = g.trim().strip_suffix(')').expect("game ends with )");
            let mut nodes = g.split(';').filter(|n| !n.trim().is_empty());
            let head = nodes.next().expect("root node");
            assert_eq!(prop(head, "FF"), Some("4"));
            assert_eq!(prop(head, "GM"), Some("4"));
            let size: usize = prop(head, "SZ").unwrap().parse().unwrap();
            let rule = Rule::from_info(prop(head, "RU").unwrap().parse().unwrap());
            let moves = nodes
                .map(|n| {
                    let n = n.trim();
                    let colour = n.chars().next().unwrap();
                    assert!(colour == 'B' || colour == 'W', "{n}");
                    let v = prop(n, &colour.to_string()).unwrap().as_bytes();
                    assert_eq!(v.len(), 2, "{n}");
                    let (x, y) = ((v[0] - b'a') as usize, (v[1] - b'a') as usize);
                    assert!(x < size && y < size, "{n}");
                    (colour, Pos::new(x, y))
                })
                .collect();
            SgfGame {
                size,
                rule,
                result: prop(head, "RE").unwrap().to_string(),
                termination: prop(head, "TE").unwrap().to_string(),
                moves,
            }
        })
        .collect()
}

fn selfplay(rule: &str, openings: &str, tag: &str) -> Vec<SgfGame> {
    let dir = std::env::temp_dir().join(format!("tengen-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sgf = dir.join(format!("{tag}.sgf"));
    // TENGEN_SELFPLAY_ENGINE points the test at another build of the engine (e.g. a
    // branch not merged yet); the runner is always this build.
    let engine = std::env::var("TENGEN_SELFPLAY_ENGINE").unwrap_or_else(|_| BIN.to_string());
    let a = format!("cmd={engine} name=A nodes=3000");
    let b = format!("cmd={engine} name=B nodes=3000");
    let o = Command::new(BIN)
        .current_dir(ROOT)
        .args([
            "match", "--engine", &a, "--engine", &b, "--rule", rule, "--size", "15",
        ])
        .args([
            "--openings",
            openings,
            "--games",
            "2",
            "--seed",
            "1",
            "--concurrency",
            "2",
        ])
        .args([
            "--turn-ms",
            "500",
            "--tolerance-ms",
            "3000",
            "--draw-after",
            "100",
        ])
        .arg("--sgf")
        .arg(&sgf)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let endings = out.lines().find(|l| l.starts_with("Endings:")).unwrap();
    for bad in [
        "time forfeit",
        "crash",
        "illegal",
        "error reply",
        "start failure",
    ] {
        assert!(!endings.contains(bad), "{endings}\n{out}");
    }
    parse_sgf(&std::fs::read_to_string(&sgf).unwrap())
}

fn check_replay(g: &SgfGame) {
    let mut board = Board::new(g.size, g.size, g.rule).unwrap();
    for (i, &(colour, p)) in g.moves.iter().enumerate() {
        let want = if i % 2 == 0 { 'B' } else { 'W' };
        assert_eq!(colour, want, "colours alternate from black");
        assert!(board.winner().is_none(), "a move after the game was won");
        if board.side_to_move() == Color::Black && board.is_forbidden(p) {
            assert_eq!(i, g.moves.len() - 1, "play went on after a foul");
            assert_eq!(g.result, "W+1");
        }
        board.play(p).expect("legal move");
    }
    match g.result.as_str() {
        "B+1" if g.termination.contains("five") => assert_eq!(board.winner(), Some(Color::Black)),
        "W+1" if g.termination.contains("five") => assert_eq!(board.winner(), Some(Color::White)),
        "0" => assert!(board.winner().is_none() && (board.is_full() || board.ply() >= 100)),
        _ => assert!(g.termination.contains("forbidden"), "{}", g.termination),
    }
}

#[test]
fn engine_selfplay_games_are_well_formed() {
    let free = selfplay(
        "0",
        "tournaments/openings/gomocup2024_freestyle15.txt",
        "free",
    );
    let renju = selfplay(
        "4",
        "tournaments/openings/balanced_renju15_public.txt",
        "renju",
    );
    assert_eq!(free.len() + renju.len(), 4);
    for g in free.iter().chain(&renju) {
        assert!(!g.moves.is_empty());
        check_replay(g);
    }
}
