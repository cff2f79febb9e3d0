//! `label-times`: reads binary PGM planes, labels them and says how many components; refuses
//! anything else with one line on stderr and exit status 2.

use std::process::Command;

/// Runs `label-times --ms 1` on a file holding `bytes`.
fn label_times(name: &str, bytes: &[u8]) -> std::process::Output {
    let path = std::env::temp_dir().join(format!("label-times-{}-{name}.pgm", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_label-times"))
        .args(["--ms", "1"])
        .arg(&path)
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    out
}

#[test]
fn a_plane_is_labeled_with_both_connectivities() {
    // X . X
    // . X .
    let mut pgm = b"P5\n3 2\n255\n".to_vec();
    pgm.extend([255, 0, 255, 0, 1, 0]);
    let out = label_times("diagonal", &pgm);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let counts: Vec<(&str, &str)> = text
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields[1], fields[2])
        })
        .collect();
    assert_eq!(counts, [("4", "3"), ("8", "1")]);
}

#[test]
fn malformed_planes_get_one_line_and_status_2() {
    for (name, bytes) in [
        ("ascii", b"P2\n2 1\n255\n0 1\n".to_vec()),
        ("short", b"P5\n3 3\n255\n\x01\x01".to_vec()),
        ("header", b"P5\n3\n".to_vec()),
        ("no-pixels", b"P5\n1 1\n255".to_vec()),
    ] {
        let out = label_times(name, &bytes);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let errors = String::from_utf8_lossy(&out.stderr);
        assert_eq!(errors.lines().count(), 1, "{name}: {errors}");
        assert!(errors.starts_with("label-times: "), "{name}: {errors}");
    }
}

/// Like every binary the README's build command makes, the tools answer `--version`, and a
/// command line they cannot read gets one line on stderr and exit status 2.
#[test]
fn the_tools_answer_version_and_refuse_a_bad_command_line() {
    for (tool, name, bad) in [
        (env!("CARGO_BIN_EXE_label-times"), "label-times", "--ms"),
        (env!("CARGO_BIN_EXE_make-board"), "make-board", "spiral"),
    ] {
        let out = Command::new(tool).arg("--version").output().unwrap();
        assert!(out.status.success(), "{name}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with(&format!("{name} ")), "{text}");
        let out = Command::new(tool).arg(bad).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{name} {bad}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
}
