//! Engine descriptions given on the command line: `cmd=PATH [ARGS…] name=NAME nodes=N …`.

/// How to start one engine and what to tell it besides the match settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Display name (tables, SGF, PGN). Unique within a match.
    pub name: String,
    /// Whether the name came from `name=` (otherwise it may be replaced by the name
    /// the engine gives in its ABOUT answer).
    pub name_given: bool,
    /// Program and arguments.
    pub command: Vec<String>,
    /// `INFO max_node` (node limit per move).
    pub max_nodes: Option<u64>,
    /// `INFO max_depth`.
    pub max_depth: Option<u64>,
    /// `INFO thread_num`.
    pub threads: Option<u64>,
    /// `INFO max_memory` in bytes, overriding the match default.
    pub max_memory: Option<u64>,
    /// Extra `INFO key value` lines sent after the standard block.
    pub options: Vec<(String, String)>,
}

/// Keys understood in an engine description.
pub const SPEC_KEYS: &str = "cmd, name, nodes, depth, threads, memory, option.KEY";

impl EngineSpec {
    /// Parses a description such as `cmd=./pbrain-x --fast name=X nodes=20000`.
    ///
    /// Tokens are split on blanks with shell-like quoting (`'…'`, `"…"`, `\`). After
    /// `cmd=`, tokens that are not one of the known `key=value` settings are arguments
    /// of the program, so `cmd=bash engine.sh fast name=E` runs `bash engine.sh fast`.
    /// `cmd='prog arg'` works too (the value of `cmd=` is split into words once more,
    /// so a path with blanks needs two levels of quotes: `cmd="'/my dir/engine'"`).
    /// Without `name=` the program's file stem is used.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut spec = EngineSpec {
            name: String::new(),
            name_given: false,
            command: Vec::new(),
            max_nodes: None,
            max_depth: None,
            threads: None,
            max_memory: None,
            options: Vec::new(),
        };
        let mut in_cmd = false;
        for tok in split_words(text)? {
            let kv = tok.split_once('=');
            let known = kv.is_some_and(|(k, _)| {
                matches!(k, "cmd" | "name" | "nodes" | "depth" | "threads" | "memory")
                    || k.starts_with("option.")
            });
            if !known {
                if in_cmd {
                    spec.command.push(tok);
                    continue;
                }
                return Err(format!(
                    "`{tok}` in engine description `{text}`: expected key=value with a key among {SPEC_KEYS}"
                ));
            }
            let (key, value) = kv.expect("known keys have a value");
            in_cmd = false;
            let num = |what: &str| {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("engine {what}=`{value}` is not a non-negative integer"))
            };
            match key {
                "cmd" => {
                    if !spec.command.is_empty() {
                        return Err(format!("two cmd= in engine description `{text}`"));
                    }
                    spec.command = split_words(value)?;
                    in_cmd = true;
                }
                "name" => {
                    spec.name = value.to_string();
                    spec.name_given = true;
                }
                "nodes" => spec.max_nodes = Some(num("nodes")?),
                "depth" => spec.max_depth = Some(num("depth")?),
                "threads" => spec.threads = Some(num("threads")?),
                "memory" => spec.max_memory = Some(num("memory")?),
                _ => {
                    let k = &key["option.".len()..];
                    if k.is_empty() || k.contains(char::is_whitespace) {
                        return Err(format!("bad option key in `{tok}`"));
                    }
                    spec.options.push((k.to_string(), value.to_string()));
                }
            }
        }
        if spec.command.is_empty() {
            return Err(format!("engine description `{text}` has no cmd="));
        }
        if spec.name.is_empty() {
            spec.name = std::path::Path::new(&spec.command[0])
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| spec.command[0].clone());
        }
        Ok(spec)
    }
}

/// The `name="…"` value of an ABOUT answer (`name="Tengen", version="0.1", …`).
pub fn about_name(about: &str) -> Option<String> {
    let mut rest = about;
    while let Some(i) = rest.find("name") {
        let before_ok = rest[..i]
            .chars()
            .last()
            .is_none_or(|c| c == ',' || c.is_whitespace());
        let after = rest[i + 4..].trim_start();
        if before_ok {
            if let Some(v) = after.strip_prefix('=') {
                let v = v.trim_start().strip_prefix('"')?;
                let name = &v[..v.find('"')?];
                return (!name.trim().is_empty()).then(|| name.trim().to_string());
            }
        }
        rest = &rest[i + 4..];
    }
    None
}

/// Makes names unique by appending `#2`, `#3`, … to repeats.
pub fn dedup_names(specs: &mut [EngineSpec]) {
    let mut seen: Vec<String> = Vec::new();
    for s in specs.iter_mut() {
        let base = s.name.clone();
        let mut k = 1;
        while seen.contains(&s.name) {
            k += 1;
            s.name = format!("{base}#{k}");
        }
        seen.push(s.name.clone());
    }
}

/// Splits text into words with shell-like quoting: blanks separate words; `'…'` is
/// literal; `"…"` allows `\"` and `\\`; a backslash outside quotes escapes a blank, a
/// quote or a backslash and is itself kept before anything else, so that Windows paths
/// (`cmd=C:\brains\pbrain-x.exe`) need no quoting. `#` has no special meaning.
pub fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut has = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if has {
                    words.push(std::mem::take(&mut cur));
                    has = false;
                }
            }
            '\'' => {
                has = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => cur.push(ch),
                        None => return Err(format!("unclosed ' in `{text}`")),
                    }
                }
            }
            '"' => {
                has = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(ch @ ('"' | '\\')) => cur.push(ch),
                            Some(ch) => {
                                cur.push('\\');
                                cur.push(ch);
                            }
                            None => return Err(format!("unclosed \" in `{text}`")),
                        },
                        Some(ch) => cur.push(ch),
                        None => return Err(format!("unclosed \" in `{text}`")),
                    }
                }
            }
            '\\' => {
                has = true;
                match chars.next() {
                    Some(ch) if ch.is_whitespace() || matches!(ch, '\'' | '"' | '\\') => {
                        cur.push(ch)
                    }
                    Some(ch) => {
                        cur.push('\\');
                        cur.push(ch);
                    }
                    None => return Err(format!("trailing backslash in `{text}`")),
                }
            }
            c => {
                has = true;
                cur.push(c);
            }
        }
    }
    if has {
        words.push(cur);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands_with_arguments() {
        let s = EngineSpec::parse("cmd=bash tests/e.sh crash name=Crasher nodes=500").unwrap();
        assert_eq!(s.command, ["bash", "tests/e.sh", "crash"]);
        assert_eq!(s.name, "Crasher");
        assert_eq!(s.max_nodes, Some(500));
        let s = EngineSpec::parse(
            r#"name=x cmd="'/opt/my engine/pbrain-a'" --hash=64 option.hash_size=1024 threads=2"#,
        )
        .unwrap();
        assert_eq!(s.command, ["/opt/my engine/pbrain-a", "--hash=64"]);
        assert_eq!(
            s.options,
            vec![("hash_size".to_string(), "1024".to_string())]
        );
        assert_eq!(s.threads, Some(2));
        let s = EngineSpec::parse("cmd=./target/release/pbrain-tengen").unwrap();
        assert_eq!(s.name, "pbrain-tengen");
    }

    #[test]
    fn rejects_bad_descriptions() {
        for bad in [
            "name=x",
            "foo",
            "cmd=a nodes=x",
            "cmd=a cmd=b",
            "cmd='a",
            "name=x bar",
        ] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn about_names() {
        let about = r#"name="Tengen", version="0.1.0", author="x""#;
        assert_eq!(about_name(about).as_deref(), Some("Tengen"));
        assert_eq!(
            about_name(r#"version="1", name = "Wine""#).as_deref(),
            Some("Wine")
        );
        assert_eq!(
            about_name(r#"engine_name="x", name="y""#).as_deref(),
            Some("y")
        );
        for none in ["", "OK", r#"version="1""#, r#"name="""#, "name=Bare"] {
            assert_eq!(about_name(none), None, "{none}");
        }
        assert!(EngineSpec::parse("cmd=a name=b").unwrap().name_given);
        assert!(!EngineSpec::parse("cmd=a").unwrap().name_given);
    }

    #[test]
    fn names_are_made_unique() {
        let mut v = vec![
            EngineSpec::parse("cmd=a").unwrap(),
            EngineSpec::parse("cmd=b name=a").unwrap(),
            EngineSpec::parse("cmd=c").unwrap(),
        ];
        dedup_names(&mut v);
        let names: Vec<_> = v.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["a", "a#2", "c"]);
    }

    #[test]
    fn word_splitting() {
        assert_eq!(
            split_words(r#" a "b c" 'd e'f g\ h "\"q\"" "#).unwrap(),
            ["a", "b c", "d ef", "g h", "\"q\""]
        );
        assert_eq!(split_words("''").unwrap(), [""]);
        assert!(split_words("\"x").is_err());
        // Windows paths keep their backslashes.
        assert_eq!(
            split_words(r"C:\brains\pbrain-x.exe a\\b c\'d").unwrap(),
            [r"C:\brains\pbrain-x.exe", r"a\b", "c'd"]
        );
    }
}
