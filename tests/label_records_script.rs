//! scripts/label-records.sh labels the games of record files with a teacher, skips the
//! files of another rule and writes the files' data in the order given.

#[cfg(unix)]
#[test]
fn label_records_script_labels_files_of_the_rule_in_order() {
    use std::process::Command;
    let root = env!("CARGO_MANIFEST_DIR");
    let exe = env!("CARGO_BIN_EXE_pbrain-tengen");
    // The scripted engine's teacher mode reports Eval 10 times the stone count.
    let teacher = format!("{} teacher", env!("CARGO_BIN_EXE_tengen-scripted-engine"));
    let dir = std::env::temp_dir().join(format!("tengen-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = format!("{root}/tests/data/games/two-games.sgf");
    let text = std::fs::read_to_string(&games).unwrap();
    let (copy, renju, list) = (
        dir.join("copy.sgf"),
        dir.join("renju.sgf"),
        dir.join("list"),
    );
    std::fs::write(&copy, &text).unwrap();
    std::fs::write(&renju, text.replace("RU[0]", "RU[4]")).unwrap();
    std::fs::write(&list, format!("# listed first\n{games}\n")).unwrap();
    let out = dir.join("out.txt");
    let o = Command::new("bash")
        .arg(format!("{root}/scripts/label-records.sh"))
        .args(["--teacher", &teacher, "--jobs", "2", "--list"])
        .arg(&list)
        .arg("--out")
        .arg(&out)
        .arg(&renju)
        .arg(&copy)
        .env("TENGEN_BIN", exe)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(stderr.contains("skipped (not freestyle)"), "{stderr}");
    // The same as labelling the file directly, once for the listed file and once for
    // its copy; nothing from the renju file.
    let direct = Command::new(exe)
        .args(["datagen", "--from-sgf", &games, "--teacher", &teacher])
        .output()
        .unwrap();
    assert!(direct.status.success());
    let one = String::from_utf8_lossy(&direct.stdout).to_string();
    assert!(one.lines().count() >= 5, "{one}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), one.repeat(2));
    // A file of many games (their SZ[] values once filled a pipe that `head` had
    // closed, which stopped the script), the same two games again and again: each
    // position is labelled once; with --exclude of that data, none is.
    let big = dir.join("big.sgf");
    std::fs::write(&big, text.repeat(6000)).unwrap();
    assert!(std::fs::metadata(&big).unwrap().len() > 1_000_000);
    let (once, again) = (dir.join("once.txt"), dir.join("again.txt"));
    let label = |extra: &[&std::path::Path], out: &std::path::Path| {
        let mut c = Command::new("bash");
        c.arg(format!("{root}/scripts/label-records.sh"))
            .args(["--teacher", &teacher]);
        for e in extra {
            c.arg("--exclude").arg(e);
        }
        let o = c
            .arg("--out")
            .arg(out)
            .arg(&big)
            .env("TENGEN_BIN", exe)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(out).unwrap()
    };
    assert_eq!(label(&[], &once), one);
    assert_eq!(label(&[&out, &once], &again), "");
    // Nothing to label: a clear error.
    let none = Command::new("bash")
        .arg(format!("{root}/scripts/label-records.sh"))
        .env("TENGEN_BIN", exe)
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no SGF files given"));
    std::fs::remove_dir_all(&dir).ok();
}
