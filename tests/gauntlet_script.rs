//! scripts/gauntlet.sh without sparring engines says so and exits 0, so that nothing
//! in CI needs them.

/// Runs scripts/gauntlet.sh with `args`.
#[cfg(unix)]
fn gauntlet(args: &[&str]) -> std::process::Output {
    let root = env!("CARGO_MANIFEST_DIR");
    std::process::Command::new("bash")
        .arg(format!("{root}/scripts/gauntlet.sh"))
        .args(args)
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
