//! The `tangent` binary's headless mode: a run that reaches a goal, and a bad
//! level that exits non-zero with the validation message.

use crate::common::{run_ok, tangent, temp_dir};
use std::path::Path;

#[test]
fn headless_replay_run_reaches_the_goal() {
    let stdout = run_ok(tangent().args([
        "headless",
        "--level",
        "assets/levels/1-1-hills.level.ron",
        "--frames",
        "600",
        "--replay",
        "assets/replays/1-1-hills.replay",
    ]));
    assert!(stdout.contains("goals reached: 1"), "{stdout}");
}

#[test]
fn a_bad_level_exits_non_zero_with_file_line_and_problem() {
    let dir = temp_dir("cli");
    let bad = dir.join("bad.level.ron");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/levels/1-1-hills.level.ron"
    ))
    .unwrap()
    .replacen("'=': OneWay,", "", 1);
    std::fs::write(&bad, text).unwrap();
    let out = tangent()
        .args([
            "headless",
            "--level",
            bad.to_str().unwrap(),
            "--frames",
            "10",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("bad.level.ron:") && stderr.contains("'=' in row"),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn unknown_arguments_are_refused_with_usage() {
    let out = tangent().arg("--frobnicate").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unexpected argument '--frobnicate'") && err.contains("Usage:"),
        "{err}"
    );
}

#[test]
fn a_subcommand_missing_its_option_says_which_and_exits_2() {
    let out = tangent().args(["headless"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--frames <N>"), "{err}");
}

#[test]
fn the_old_flags_still_work() {
    // `--headless` anywhere on the line, as the hand-parsed form took it.
    let stdout = run_ok(tangent().args([
        "--level",
        "assets/levels/1-1-hills.level.ron",
        "--headless",
        "--frames",
        "3",
    ]));
    assert!(stdout.contains("ran 3 frames"), "{stdout}");
    let stdout = run_ok(tangent().args([
        "headless",
        "--frames",
        "3",
        "--level",
        "assets/levels/1-1-hills.level.ron",
    ]));
    assert!(stdout.contains("ran 3 frames"), "{stdout}");
}

#[test]
fn new_level_writes_a_valid_starter_and_never_overwrites() {
    let dir = temp_dir("new");
    let path = dir.join("fresh.level.ron");
    let said = run_ok(tangent().args(["new-level", path.to_str().unwrap()]));
    assert!(said.contains("tangent play --level"), "{said}");
    let text = std::fs::read_to_string(&path).unwrap();
    let level = tangent_level::Level::parse(&text, "fresh").unwrap();
    assert_eq!(level.file.name, "fresh");
    let again = tangent()
        .args(["--new-level", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn import_svg_replaces_a_levels_curves_with_the_drawings_and_names_bad_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = temp_dir("cli-svg");
    // The shipped level is exactly what importing its drawing gives.
    let shipped = std::fs::read_to_string(root.join("assets/levels/1-2-drawn.level.ron")).unwrap();
    let level = dir.join("1-2-drawn.level.ron");
    let emptied = {
        // Start from the level with no curves at all.
        let parsed = tangent_level::Level::parse(&shipped, "shipped")
            .unwrap()
            .file;
        let mut none = parsed.clone();
        none.curves.clear();
        tangent_level::files::save::write_over(&shipped, &parsed, &none)
    };
    std::fs::write(&level, &emptied).unwrap();
    // The level's `next`, beside it as in the shipped folder.
    std::fs::copy(
        root.join("assets/levels/4-2-loop-valley.level.ron"),
        dir.join("4-2-loop-valley.level.ron"),
    )
    .unwrap();
    let svg = root.join("assets/svg/1-2-drawn.svg");
    let import = |svg: &Path| {
        tangent()
            .args(["import-svg", svg.to_str().unwrap(), "--into"])
            .arg(&level)
            .output()
            .unwrap()
    };
    let out = import(&svg);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("13 paths as 39 curves"));
    assert_eq!(std::fs::read_to_string(&level).unwrap(), shipped);
    // A bad drawing: an error naming it and its line; the level untouched.
    let bad = dir.join("bad.svg");
    std::fs::write(
        &bad,
        "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<path d=\"M0 0 L9 9\"></svg>",
    )
    .unwrap();
    let out = import(&bad);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.svg:2:"), "{err}");
    assert_eq!(std::fs::read_to_string(&level).unwrap(), shipped);
    // Path data with an error part-way: kept up to it, with a warning
    // naming the drawing's line.
    let part = dir.join("part.svg");
    std::fs::write(
        &part,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\n<path d=\"M0 0 L90 0 A1\"/></svg>",
    )
    .unwrap();
    let out = import(&part);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("1 paths as 1 curves") && said.contains("warning: "),
        "{said}"
    );
    assert!(said.contains("part.svg:2:1: <path>: path data:"), "{said}");
    std::fs::write(&level, &shipped).unwrap();
    // No --into: a usage error.
    let out = tangent()
        .args(["import-svg", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(dir).ok();
}
