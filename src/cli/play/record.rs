//! Game records people exchange: SGF (`GM[4]`, Gomoku) and Piskvork's `.psq`.
//!
//! Both store moves in the protocol's frame: SGF as two letters (`a` = 0) for x then
//! y, `.psq` as 1-based `x,y,ms` lines. Readers are tolerant: unknown SGF properties,
//! variations after the main line, and the trailing lines of a `.psq` are skipped.

use crate::board::Board;
use crate::types::{Pos, Rule, MAX_SIZE, MIN_SIZE};
use anyhow::{anyhow, bail, Result};
use std::fmt::Write;

/// A game as stored in a file: the board, the rule and the moves (black first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The rule, if the file names one (`.psq` does not).
    pub rule: Option<Rule>,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// The moves in order, black first.
    pub moves: Vec<Pos>,
}

/// The record formats we read and write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Smart Game Format, `GM[4]`.
    Sgf,
    /// Piskvork's game file.
    Psq,
}

impl Format {
    /// The format a file name asks for: `.psq` is Piskvork's, everything else SGF.
    pub fn from_file_name(name: &str) -> Format {
        if name.to_ascii_lowercase().ends_with(".psq") {
            Format::Psq
        } else {
            Format::Sgf
        }
    }
}

impl GameRecord {
    /// Checks that the record is a legal game (size in range, every move on an empty
    /// cell) and returns the final board under `rule`.
    pub fn replay(&self, rule: Rule) -> Result<Board> {
        Ok(Board::from_moves(
            self.width,
            self.height,
            rule,
            &self.moves,
        )?)
    }

    /// Writes the record in `format`.
    pub fn write(&self, format: Format) -> String {
        match format {
            Format::Sgf => self.to_sgf(),
            Format::Psq => self.to_psq(),
        }
    }

    /// The record as SGF.
    pub fn to_sgf(&self) -> String {
        let mut s = String::from("(;GM[4]FF[4]CA[UTF-8]AP[Tengen]");
        if self.width == self.height {
            let _ = write!(s, "SZ[{}]", self.width);
        } else {
            let _ = write!(s, "SZ[{}:{}]", self.width, self.height);
        }
        if let Some(rule) = self.rule {
            let _ = write!(s, "RU[{}]", rule.name());
        }
        let _ = write!(
            s,
            "PB[{}]PW[{}]",
            sgf_escape(&self.black),
            sgf_escape(&self.white)
        );
        for (i, m) in self.moves.iter().enumerate() {
            let c = if i % 2 == 0 { 'B' } else { 'W' };
            let _ = write!(s, "\n;{c}[{}{}]", letter(m.x()), letter(m.y()));
        }
        s.push_str(")\n");
        s
    }

    /// The record as a Piskvork `.psq` file.
    pub fn to_psq(&self) -> String {
        let mut s = format!("Piskvorky {}x{}, 11:11, 0\n", self.width, self.height);
        for m in &self.moves {
            let _ = writeln!(s, "{},{},0", m.x() + 1, m.y() + 1);
        }
        let _ = writeln!(s, "{}", self.black.replace(['\n', '\r'], " "));
        let _ = writeln!(s, "{}", self.white.replace(['\n', '\r'], " "));
        s
    }

    /// Reads either format, telling them apart by content (a `.psq` starts with
    /// `Piskvorky`, an SGF with `(`).
    pub fn parse(text: &str) -> Result<GameRecord> {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('(') {
            parse_sgf(t)
        } else if t.to_ascii_lowercase().starts_with("piskvork") {
            parse_psq(t)
        } else {
            bail!("not a game record: expected an SGF file (starting with '(') or a Piskvork .psq file (starting with 'Piskvorky')")
        }
    }
}

/// What a record says about a game beyond its moves (the match runner writes all of
/// these into its SGF files).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameNotes {
    /// `GN`: the game's number in its match.
    pub number: Option<String>,
    /// `RE`: the result (`B+1`, `W+1`, `B+R`, `0`, …).
    pub result: Option<String>,
    /// `TE`: the match runner's ending text (`White wins by five`, `… time forfeit`).
    pub termination: Option<String>,
    /// How many moves at the start are marked `C[opening]` (set, not chosen by the players).
    pub opening: usize,
    /// Whether the file gave the board size (`SZ`, or the `.psq` header).
    pub size_given: bool,
}

impl GameNotes {
    /// The winner according to `RE`, if it names one (`B+…` / `W+…`).
    pub fn winner(&self) -> Option<crate::types::Color> {
        let re = self.result.as_deref()?.trim().to_ascii_uppercase();
        if re.starts_with("B+") {
            Some(crate::types::Color::Black)
        } else if re.starts_with("W+") {
            Some(crate::types::Color::White)
        } else {
            None
        }
    }
}

/// Reads every game of a file: an SGF collection (`(;…)(;…)`, as `match --sgf` writes
/// one game tree per game) or one `.psq` game, each with its [`GameNotes`]. An SGF
/// game without `SZ` is on a `default_size` board (15 if `None`).
pub fn parse_games(
    text: &str,
    default_size: Option<usize>,
) -> Result<Vec<(GameRecord, GameNotes)>> {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.to_ascii_lowercase().starts_with("piskvork") {
        let rec = parse_psq(t)?;
        let notes = GameNotes {
            size_given: true,
            ..GameNotes::default()
        };
        return Ok(vec![(rec, notes)]);
    }
    if !t.starts_with('(') {
        // The same message as a single-game read.
        GameRecord::parse(t)?;
    }
    let mut out = Vec::new();
    for (i, tree) in sgf_game_trees(t)?.into_iter().enumerate() {
        let with_game = |e: anyhow::Error| e.context(format!("SGF game {}", i + 1));
        let rec = parse_sgf_sized(tree, default_size.unwrap_or(15)).map_err(with_game)?;
        let notes = sgf_notes(tree).map_err(with_game)?;
        out.push((rec, notes));
    }
    Ok(out)
}

/// Splits an SGF collection into its top-level game trees, respecting property values
/// (which may hold brackets and parentheses) and escapes.
fn sgf_game_trees(text: &str) -> Result<Vec<&str>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0usize;
    let mut in_value = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_value {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, ']') => in_value = false,
                _ => {}
            }
            continue;
        }
        match c {
            '[' if depth > 0 => in_value = true,
            '(' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push(&text[start..=i]);
                }
            }
            c if depth == 0 && !c.is_whitespace() => {
                bail!(
                    "unexpected {c:?} between SGF games (after game {})",
                    out.len()
                )
            }
            _ => {}
        }
    }
    if in_value {
        bail!("SGF ends inside a property value");
    }
    if depth > 0 {
        bail!("SGF ends before the game tree is closed");
    }
    if out.is_empty() {
        bail!("no SGF game tree found");
    }
    Ok(out)
}

/// The [`GameNotes`] of one SGF game tree (its main line).
fn sgf_notes(text: &str) -> Result<GameNotes> {
    let mut notes = GameNotes::default();
    let mut moves = 0usize;
    let mut opening_run = true;
    for (id, value) in sgf_main_line(text)? {
        match id.as_str() {
            "GN" => notes.number = Some(value.trim().to_string()),
            "RE" => notes.result = Some(value.trim().to_string()),
            "TE" => notes.termination = Some(value.trim().to_string()),
            "SZ" => notes.size_given = true,
            "B" | "W" => {
                // A move without the opening comment ends the opening.
                if opening_run && notes.opening < moves {
                    opening_run = false;
                }
                moves += 1;
            }
            "C" if opening_run && moves == notes.opening + 1 => {
                if value.trim().eq_ignore_ascii_case("opening") {
                    notes.opening = moves;
                } else {
                    opening_run = false;
                }
            }
            _ => {}
        }
    }
    Ok(notes)
}

fn letter(v: usize) -> char {
    (b'a' + v as u8) as char
}

fn sgf_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

fn check_size(width: usize, height: usize) -> Result<()> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
        bail!("board size {width}x{height} is not supported (each side {MIN_SIZE}..{MAX_SIZE})");
    }
    Ok(())
}

/// Reads the main line of an SGF game: `SZ`, `RU`, `PB`, `PW` and `B`/`W` moves.
/// Without `SZ` the board is 15×15.
pub fn parse_sgf(text: &str) -> Result<GameRecord> {
    parse_sgf_sized(text, 15)
}

/// [`parse_sgf`] with the board size to assume when the game has no `SZ`.
fn parse_sgf_sized(text: &str, default_size: usize) -> Result<GameRecord> {
    check_size(default_size, default_size)?;
    let props = sgf_main_line(text)?;
    let mut rec = GameRecord {
        width: default_size,
        height: default_size,
        rule: None,
        black: String::new(),
        white: String::new(),
        moves: Vec::new(),
    };
    let mut raw_moves: Vec<(char, String)> = Vec::new();
    for (id, value) in props {
        match id.as_str() {
            "GM" if value.trim() != "4" => {
                bail!("SGF game type GM[{}] is not Gomoku (GM[4])", value.trim());
            }
            "SZ" => {
                let v = value.trim();
                let (w, h) = match v.split_once(':') {
                    Some((w, h)) => (w.trim(), h.trim()),
                    None => (v, v),
                };
                let w: usize = w.parse().map_err(|_| anyhow!("bad SGF size SZ[{v}]"))?;
                let h: usize = h.parse().map_err(|_| anyhow!("bad SGF size SZ[{v}]"))?;
                check_size(w, h)?;
                rec.width = w;
                rec.height = h;
            }
            "RU" => rec.rule = Rule::parse(value.trim()),
            "PB" => rec.black = value,
            "PW" => rec.white = value,
            "B" | "W" => raw_moves.push((if id == "B" { 'B' } else { 'W' }, value)),
            _ => {}
        }
    }
    for (i, (c, v)) in raw_moves.iter().enumerate() {
        let want = if i % 2 == 0 { 'B' } else { 'W' };
        if *c != want {
            bail!("SGF move {} is {c}[{v}], but {want} is to move", i + 1);
        }
        let b = v.trim().as_bytes();
        if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
            bail!(
                "SGF move {} {c}[{v}] is not a cell (passes are not supported)",
                i + 1
            );
        }
        let (x, y) = ((b[0] - b'a') as usize, (b[1] - b'a') as usize);
        if x >= rec.width || y >= rec.height {
            bail!("SGF move {} {c}[{v}] is off the board", i + 1);
        }
        rec.moves.push(Pos::new(x, y));
    }
    Ok(rec)
}

/// The properties of the nodes on the main line, in order. The first `)` ends the
/// main line: it closes the first variation at every branch.
fn sgf_main_line(text: &str) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut started = false;
    let mut id = String::new();
    while let Some(c) = chars.next() {
        match c {
            '(' => started = true,
            ')' => {
                if started {
                    return Ok(out);
                }
            }
            '[' => {
                if !started {
                    bail!("SGF property before the game tree starts");
                }
                let mut value = String::new();
                loop {
                    match chars.next() {
                        None => bail!("SGF ends inside a property value"),
                        Some('\\') => {
                            if let Some(e) = chars.next() {
                                value.push(e);
                            }
                        }
                        Some(']') => break,
                        Some(ch) => value.push(ch),
                    }
                }
                if id.is_empty() {
                    bail!("SGF property value without a name: [{value}]");
                }
                out.push((id.clone(), value));
                // Further values of the same property repeat the name (`AB[aa][bb]`).
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                if chars.peek() != Some(&'[') {
                    id.clear();
                }
            }
            ';' => id.clear(),
            c if c.is_ascii_uppercase() => id.push(c),
            // Lower-case letters in old-style property names (`GaMe[4]`) are ignored.
            c if c.is_ascii_lowercase() || c.is_whitespace() => {}
            other => bail!("unexpected character {other:?} in SGF"),
        }
    }
    if started {
        bail!("SGF ends before the game tree is closed")
    }
    bail!("no SGF game tree found")
}

/// Reads a Piskvork `.psq` file: the `Piskvorky WxH, …` header, then `x,y,ms` moves
/// (1-based) until the first line that is not a move.
pub fn parse_psq(text: &str) -> Result<GameRecord> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("").trim();
    let dims = header
        .split(|c: char| c.is_whitespace() || c == ',')
        .find_map(|tok| {
            let (w, h) = tok.split_once(['x', 'X'])?;
            Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?))
        })
        .ok_or_else(|| anyhow!("psq header {header:?} has no board size like 15x15"))?;
    check_size(dims.0, dims.1)?;
    let mut rec = GameRecord {
        width: dims.0,
        height: dims.1,
        rule: None,
        black: String::new(),
        white: String::new(),
        moves: Vec::new(),
    };
    let mut rest = Vec::new();
    for line in lines.by_ref() {
        let fields: Vec<&str> = line.trim().split(',').map(str::trim).collect();
        let nums: Option<Vec<i64>> = fields.iter().map(|f| f.parse::<i64>().ok()).collect();
        match nums {
            Some(n) if n.len() == 2 || n.len() == 3 => {
                let (x, y) = (n[0], n[1]);
                if x < 1 || y < 1 || x > rec.width as i64 || y > rec.height as i64 {
                    bail!(
                        "psq move {x},{y} is off the {}x{} board",
                        rec.width,
                        rec.height
                    );
                }
                rec.moves.push(Pos::new(x as usize - 1, y as usize - 1));
            }
            _ => {
                rest.push(line.trim().to_string());
                break;
            }
        }
    }
    rest.extend(lines.map(|l| l.trim().to_string()));
    // Trailing lines name the players (Piskvork writes the brains' files there).
    let mut names = rest
        .into_iter()
        .filter(|l| !l.is_empty() && l.parse::<i64>().is_err() && !l.contains(','));
    rec.black = names.next().unwrap_or_default();
    rec.white = names.next().unwrap_or_default();
    Ok(rec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        GameRecord {
            width: 15,
            height: 15,
            rule: Some(Rule::Renju),
            black: "Human".into(),
            white: "Tengen ]x[".into(),
            moves: vec![
                Pos::new(7, 7),
                Pos::new(8, 8),
                Pos::new(0, 14),
                Pos::new(14, 0),
            ],
        }
    }

    #[test]
    fn sgf_round_trip() {
        let r = sample();
        let s = r.to_sgf();
        assert!(s.contains("GM[4]") && s.contains("SZ[15]") && s.contains("RU[renju]"));
        assert!(s.contains(";B[hh]") && s.contains(";W[ii]") && s.contains(";B[ao]"));
        assert_eq!(GameRecord::parse(&s).unwrap(), r);
        let mut rect = r.clone();
        rect.width = 20;
        rect.height = 9;
        rect.moves = vec![Pos::new(19, 8), Pos::new(0, 0)];
        assert!(rect.to_sgf().contains("SZ[20:9]"));
        assert_eq!(GameRecord::parse(&rect.to_sgf()).unwrap(), rect);
    }

    #[test]
    fn psq_round_trip() {
        let r = sample();
        let s = r.to_psq();
        assert!(s.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n1,15,0\n15,1,0\n"));
        let back = GameRecord::parse(&s).unwrap();
        assert_eq!(back.moves, r.moves);
        assert_eq!((back.width, back.height, back.rule), (15, 15, None));
        assert_eq!(back.black, "Human");
    }

    #[test]
    fn psq_is_read_tolerantly() {
        let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,120\r\n11, 11, 0\r\n9,9\r\nC:\\brains\\pbrain-a.exe\r\nC:\\brains\\pbrain-b.exe\r\n-1\r\n";
        let r = GameRecord::parse(text).unwrap();
        assert_eq!((r.width, r.height), (20, 20));
        assert_eq!(
            r.moves,
            vec![Pos::new(9, 9), Pos::new(10, 10), Pos::new(8, 8)]
        );
        assert_eq!(r.black, "C:\\brains\\pbrain-a.exe");
        assert!(GameRecord::parse("Piskvorky 15x15, 11:11, 0\n16,1,0\n").is_err());
        assert!(GameRecord::parse("Piskvorky 30x30, 11:11, 0\n").is_err());
        assert!(GameRecord::parse("Piskvorky, 11:11\n").is_err());
    }

    #[test]
    fn sgf_is_read_tolerantly() {
        // Comments, unknown properties, multi-valued properties, variations.
        let text = "(;FF[4]GM[4]SZ[15]C[a comment with \\] bracket]AB[aa][bb]PB[x]\n;B[hh]C[first];W[hi](;B[ij];W[jj])(;B[aa]))";
        let r = GameRecord::parse(text).unwrap();
        assert_eq!(
            r.moves,
            vec![
                Pos::new(7, 7),
                Pos::new(7, 8),
                Pos::new(8, 9),
                Pos::new(9, 9)
            ]
        );
        assert_eq!(r.rule, None);
        for bad in [
            "(;GM[1]SZ[19];B[aa])",
            "(;GM[4]SZ[15];B[aa];B[bb])",
            "(;GM[4]SZ[15];B[])",
            "(;GM[4]SZ[15];B[zz])",
            "(;GM[4]SZ[40])",
            "(;GM[4]SZ[15];B[aa]",
            "(;GM[4]SZ[15];B[a",
            "hello",
            "",
        ] {
            assert!(GameRecord::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn sgf_collections_are_split_into_games() {
        let text = "(;GM[4]GN[2]SZ[15]RE[B+1]TE[Black wins by five]C[a (tricky\\] one)]\n;B[hh]C[opening];W[ii]C[opening];B[jj]C[12ms];W[kk]C[opening])\n\
                    (;GM[4]GN[1]SZ[20]RE[0]\n;B[aa];W[bb](;B[cc])(;B[dd]))\n";
        let games = parse_games(text, None).unwrap();
        assert_eq!(games.len(), 2);
        let (r, n) = &games[0];
        assert_eq!(r.moves.len(), 4);
        assert_eq!(n.number.as_deref(), Some("2"));
        assert_eq!(n.winner(), Some(crate::types::Color::Black));
        assert_eq!(n.termination.as_deref(), Some("Black wins by five"));
        assert_eq!(n.opening, 2);
        assert!(n.size_given);
        let (r, n) = &games[1];
        assert_eq!((r.width, r.moves.len()), (20, 3));
        assert_eq!((n.opening, n.winner()), (0, None));
        let psq = parse_games("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n", None).unwrap();
        assert_eq!(psq.len(), 1);
        assert!(psq[0].1.size_given);
        for bad in [
            "(;GM[4]SZ[15];B[hh]) junk (;GM[4])",
            "(;GM[4]SZ[15];B[hh])(;GM[4]SZ[15];B[zz])",
            "(;GM[4]SZ[15];B[hh]",
            "(;GM[4]C[never closed",
            "hello",
            "",
        ] {
            assert!(parse_games(bad, None).is_err(), "{bad}");
        }
        let no_size = parse_games("(;GM[4];B[hh];W[ss])", Some(20)).unwrap();
        assert!(!no_size[0].1.size_given);
        assert_eq!(no_size[0].0.width, 20);
        assert!(parse_games("(;GM[4];B[hh];W[ss])", None).is_err());
    }

    #[test]
    fn replay_rejects_illegal_games() {
        let mut r = sample();
        assert!(r.replay(Rule::Freestyle).is_ok());
        r.moves.push(Pos::new(7, 7));
        assert!(r.replay(Rule::Freestyle).is_err());
    }
}
