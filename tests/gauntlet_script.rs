//! scripts/gauntlet.sh without sparring engines says so and exits 0, so that nothing
//! in CI needs them; with a link to Tengen itself as the only engine, it plays.

/// Runs scripts/gauntlet.sh with `args`.
#[cfg(unix)]
fn gauntlet(args: &[&str]) -> std::process::Output {
    gauntlet_with(args, &[])
}

/// Runs scripts/gauntlet.sh with `args` and the environment variables `env`.
#[cfg(unix)]
fn gauntlet_with(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let root = env!("CARGO_MANIFEST_DIR");
    std::process::Command::new("bash")
        .arg(format!("{root}/scripts/gauntlet.sh"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("run bash")
}

#[cfg(unix)]
#[test]
fn gauntlet_without_engines_exits_cleanly() {
    let empty = std::env::temp_dir().join(format!("tengen-no-engines-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let o = gauntlet(&["--engines", empty.to_str().unwrap()]);
    std::fs::remove_dir_all(&empty).ok();
    assert!(o.status.success(), "{o:?}");
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("no sparring engines"),
        "{o:?}"
    );
}

/// At fixed nodes an opening replayed with the same colours is the same game: the
/// script warns when the games asked for exceed the distinct ones (before it looks
/// for engines, so this runs without any).
#[cfg(unix)]
#[test]
fn gauntlet_warns_of_replayed_games_at_fixed_nodes() {
    let empty = std::env::temp_dir().join(format!("tengen-no-engines-n-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let openings = empty.join("two.txt");
    std::fs::write(&openings, "# two openings\n0,0\n\n1,1, 0,1\n").unwrap();
    let run = |games: &str| {
        gauntlet(&[
            "--engines",
            empty.to_str().unwrap(),
            "--nodes",
            "1000",
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            games,
        ])
    };
    let five = run("5");
    let four = run("4");
    std::fs::remove_dir_all(&empty).ok();
    assert!(five.status.success(), "{five:?}");
    assert!(
        String::from_utf8_lossy(&five.stderr)
            .contains("5 games from 2 openings replay only 4 distinct games"),
        "{five:?}"
    );
    assert!(four.status.success(), "{four:?}");
    assert!(
        !String::from_utf8_lossy(&four.stderr).contains("warning"),
        "{four:?}"
    );
}

/// Renju games end in a draw at size*size - 25 stones, as the real managers judge
/// them. A real gauntlet on a 7x7 board (24 stones) with TENGEN_BIN against a link to
/// the same binary: no game may go past 24 stones or fill the board (49).
#[cfg(unix)]
#[test]
fn gauntlet_draws_renju_games_where_the_managers_do() {
    let exe = env!("CARGO_BIN_EXE_pbrain-tengen");
    let dir = std::env::temp_dir().join(format!("tengen-twin-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let twin = dir.join("pbrain-twin");
    std::fs::remove_file(&twin).ok();
    std::os::unix::fs::symlink(exe, &twin).unwrap();
    let o = gauntlet_with(
        &[
            "--engines",
            dir.to_str().unwrap(),
            "--rule",
            "renju",
            "--size",
            "7",
            "--nodes",
            "2000",
            "--games",
            "2",
            "--concurrency",
            "1",
            "--no-ladder",
        ],
        &[("TENGEN_BIN", exe), ("NODE_ENGINES", "twin")],
    );
    std::fs::remove_dir_all(&dir).ok();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{o:?}");
    assert!(out.contains("draw at 24 stones"), "{out}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("Game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for g in games {
        let plies: usize = g
            .split('[')
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no ply count in {g}"));
        assert!(plies <= 24, "{g}");
        assert!(!g.contains("full board"), "{g}");
    }
}

/// `--help` prints the whole header comment, to its last line.
#[cfg(unix)]
#[test]
fn gauntlet_help_is_the_whole_header() {
    let o = gauntlet(&["--help"]);
    assert!(o.status.success(), "{o:?}");
    let help = String::from_utf8_lossy(&o.stdout);
    assert!(help.starts_with("Gauntlet: "), "{help}");
    assert!(help.contains("TENGEN_BIN names a built"), "{help}");
    assert!(help.trim_end().ends_with("says so and exits 0."), "{help}");
}
