//! Bad numbers in a level are refused quickly with the file and line: sizes,
//! coordinates, speeds, grid extent, a `next` out of the folder (a missing
//! one is a warning). Each case edits the first shipped
//! level; an oversized player used to hang the loader for over a minute.

use std::path::Path;
use std::time::{Duration, Instant};

use tangent_level::validate::Level;

fn hills_path() -> String {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("assets/levels/1-1-hills.level.ron")
        .to_string_lossy()
        .into_owned()
}

/// Replaces `from` by `to` in the first level, parses it as the file beside
/// the shipped ones, and returns the error's line and message; asserts the
/// refusal took well under a second.
fn refused(from: &str, to: &str) -> (usize, String) {
    let path = hills_path();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from}");
    let bad = text.replacen(from, to, 1);
    let start = Instant::now();
    let e = Level::parse(&bad, &path).expect_err("should be refused");
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{from} -> {to}: slow"
    );
    let line = bad.lines().position(|l| l.contains(to)).map(|i| i + 1);
    assert_eq!(Some(e.line), line, "{e}");
    assert!(e.to_string().contains("1-1-hills.level.ron:"), "{e}");
    (e.line, e.message)
}

#[test]
fn a_huge_player_is_refused_in_under_a_second() {
    let (_, m) = refused(
        "player: Rect(half_extents: (10, 14)),",
        "player: Circle(radius: 1e12),",
    );
    assert!(m.contains("256"), "{m}");
}

#[test]
fn far_points_fast_actors_and_big_grids_are_refused() {
    let (_, m) = refused("spawn: (", "spawn: (20000, 0), //");
    assert!(m.contains("16384"), "{m}");
    let (_, m) = refused("tile_size: 32,", "tile_size: 2000,");
    assert!(m.contains("tile_size"), "{m}");
    let (_, m) = refused(
        "position: (700, 260), restitution",
        "position: (700, 260), velocity: (1e30, 0), restitution",
    );
    assert!(m.contains("ball") && m.contains("speed"), "{m}");
}

/// A `next` that leads out of the folder is refused; one that names a
/// level not beside this one is a warning at its line (the level plays and
/// its goal ends the run); one that is there, none.
#[test]
fn next_must_stay_in_the_folder_and_a_missing_one_is_a_warning() {
    let (_, m) = refused(
        "next: Some(\"1-2-drawn.level.ron\"),",
        "next: Some(\"../../../etc/passwd\"),",
    );
    assert!(m.contains("same folder"), "{m}");
    let path = hills_path();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(Level::parse(&text, &path).unwrap().warnings.is_empty());
    let missing = text.replacen("1-2-drawn.level.ron", "99-missing.level.ron", 1);
    let level = Level::parse(&missing, &path).unwrap();
    let line = 1 + missing
        .lines()
        .position(|l| l.contains("99-missing"))
        .unwrap();
    assert_eq!(level.warnings.len(), 1, "{:?}", level.warnings);
    let w = &level.warnings[0];
    assert!(
        w.starts_with(&format!(
            "{path}:{line}: next names \"99-missing.level.ron\""
        )) && w.ends_with("the goal ends the run here"),
        "{w}"
    );
}
