//! Every opening set in tournaments/openings/ fits the board it is meant for: stones on
//! the board, no cell twice, no five already made, and (renju sets) no black stone on a
//! forbidden point. A set copied in for the wrong board size fails here.

use tengen::board::Board;
use tengen::tournament::opening::parse_openings;
use tengen::tournament::OpeningFormat;
use tengen::types::{Color, Rule};

/// File, board size and the rules it is played under.
const SETS: &[(&str, usize, &[Rule])] = &[
    ("balanced_freestyle20_public.txt", 20, &[Rule::Freestyle]),
    ("balanced_renju15_public.txt", 15, &[Rule::Renju]),
    (
        "balanced_standard15_public.txt",
        15,
        &[Rule::Standard, Rule::Freestyle],
    ),
    ("gomocup2024_freestyle15.txt", 15, &[Rule::Freestyle]),
    ("gomocup2025_freestyle15.txt", 15, &[Rule::Freestyle]),
    ("gomocupjudge_openings_20.txt", 20, &[Rule::Freestyle]),
    ("piskvork_openings.txt", 20, &[Rule::Freestyle]),
    ("rapfi_balanced_freestyle15.txt", 15, &[Rule::Freestyle]),
    ("rapfi_balanced_freestyle20.txt", 20, &[Rule::Freestyle]),
    (
        "renju26_canonical_15.txt",
        15,
        &[Rule::Renju, Rule::Freestyle],
    ),
];

#[test]
fn every_opening_fits_its_board() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments/openings");
    let mut listed: Vec<&str> = SETS.iter().map(|s| s.0).collect();
    listed.sort_unstable();
    let mut present: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    present.sort_unstable();
    assert_eq!(present, listed, "a new opening set needs a line in SETS");
    for &(file, size, rules) in SETS {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for &rule in rules {
            let openings = parse_openings(&text, OpeningFormat::Offset, size, rule)
                .unwrap_or_else(|e| panic!("{file} on {size}x{size} ({rule}): {e}"));
            assert!(!openings.is_empty(), "{file}");
            if rule != Rule::Renju {
                continue;
            }
            for o in &openings {
                let mut b = Board::new(size, size, rule).unwrap();
                for &m in &o.moves {
                    if b.side_to_move() == Color::Black {
                        assert!(
                            !b.is_forbidden(m),
                            "{file} line {}: black foul at {m}",
                            o.line
                        );
                    }
                    b.play(m).unwrap();
                }
            }
        }
    }
}
