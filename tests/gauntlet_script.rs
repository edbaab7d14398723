//! scripts/gauntlet.sh without sparring engines says so and exits 0, so that nothing
//! in CI needs them.

#[cfg(unix)]
#[test]
fn gauntlet_without_engines_exits_cleanly() {
    let root = env!("CARGO_MANIFEST_DIR");
    let empty = std::env::temp_dir().join(format!("tengen-no-engines-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let o = std::process::Command::new("bash")
        .arg(format!("{root}/scripts/gauntlet.sh"))
        .args(["--engines", empty.to_str().unwrap()])
        .output()
        .expect("run bash");
    std::fs::remove_dir_all(&empty).ok();
    assert!(o.status.success(), "{o:?}");
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("no sparring engines"),
        "{o:?}"
    );
}
