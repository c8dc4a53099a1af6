//! Shipped levels are played from the user level folder: a path there that
//! is not on disk reads as the built-in level; saving one (as the editor's
//! Ctrl+S does) writes the player's own copy there, which then wins, and
//! its `next` still finds the built-in levels. The binary's set is never
//! written. Every test here shares one user level folder under the system's
//! temporary folder (chosen once with `use_data_dir`, before any test
//! reads it).

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::common::level_name;
use bevy::prelude::*;
use tangent::level::{CurrentLevel, LevelCommand};
use tangent::sim::headless::headless_app;
use tangent_level::Level;
use tangent_level::files::save::save_level;
use tangent_level::files::{
    SHIPPED_LEVELS, level_exists, levels_beside, read_level_text, user_level_dir,
};

/// The shared user level folder, made empty once.
fn user_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let data = std::env::temp_dir().join(format!("tangent-user-{}", std::process::id()));
        std::fs::remove_dir_all(&data).ok();
        tangent_level::files::data_dir::use_data_dir(data).join("levels")
    })
    .clone()
}

#[test]
fn a_shipped_level_reads_from_the_binary_until_a_copy_is_saved() {
    let dir = user_dir();
    assert_eq!(user_level_dir(), dir);
    let path = dir.join("2-1-bounce.level.ron");
    assert!(!path.exists());
    assert!(level_exists(&path));
    let shipped = read_level_text(&path).unwrap();
    assert_eq!(shipped, shipped_text("2-1-bounce.level.ron"));
    // Keys 1-9 see all the shipped levels there.
    let beside = levels_beside(&path);
    assert_eq!(beside.len(), SHIPPED_LEVELS.len(), "{beside:?}");
    // A name that is not shipped is not found, and says so with the path.
    let missing = dir.join("99-none.level.ron");
    assert!(!level_exists(&missing));
    let e = read_level_text(&missing).unwrap_err();
    assert!(e.contains("99-none.level.ron: cannot read"), "{e}");
    // Saving writes the player's copy (making the folder), which wins.
    let edited = shipped.replacen("\"Bounce House\"", "\"My Bounce House\"", 1);
    save_level(&path, &edited).unwrap();
    assert_eq!(read_level_text(&path).unwrap(), edited);
    let level = Level::parse(&edited, &path.display().to_string()).unwrap();
    assert_eq!(level.file.name, "My Bounce House");
    // The built-in set is unchanged.
    assert!(shipped_text("2-1-bounce.level.ron").contains("name: \"Bounce House\""));
}

#[test]
fn a_copy_of_a_shipped_level_goes_on_to_the_built_in_next_level() {
    let dir = user_dir();
    let path = dir.join("1-1-hills.level.ron");
    let edited = SHIPPED_LEVELS[0]
        .1
        .replacen("\"Rolling Hills\"", "\"My Rolling Hills\"", 1);
    save_level(&path, &edited).unwrap();
    // Its `next` (1-2-drawn) is not on disk, but shipped: accepted.
    let mut app = headless_app(&path, None).unwrap();
    assert_eq!(level_name(&app), "My Rolling Hills");
    app.world_mut().write_message(LevelCommand::Next);
    app.update();
    assert_eq!(level_name(&app), "Drawn Bridge");
    let current = app.world().resource::<CurrentLevel>().path.clone();
    assert_eq!(current, dir.join("1-2-drawn.level.ron"));
    assert!(!current.exists());
}

/// A shipped level copied to a folder of one's own, where its `next` is
/// not: it plays, saying so (on screen and from the CLI, with the file and
/// the `next` line), and its goal ends the run; a `next` that leads out of
/// the folder is still refused.
#[test]
fn a_level_elsewhere_naming_a_missing_next_plays_with_a_warning() {
    use tangent::level::LevelStatus;
    let dir = user_dir();
    let elsewhere = dir.parent().unwrap().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    // Beside a level outside the user folder, shipped names are not found.
    let path = elsewhere.join("1-1-hills.level.ron");
    std::fs::write(&path, SHIPPED_LEVELS[0].1).unwrap();
    let mut app = headless_app(&path, None).unwrap();
    let line = 1 + SHIPPED_LEVELS[0]
        .1
        .lines()
        .position(|l| l.trim_start().starts_with("next:"))
        .unwrap();
    let warning = app.world().resource::<LevelStatus>().warning.clone();
    let warning = warning.expect("a warning for the missing next");
    assert!(
        warning.starts_with(&format!("{}:{line}: next names \"1-2-", path.display()))
            && warning.contains("the goal ends the run here"),
        "{warning}"
    );
    // The goal ends the run: no level after it, the same level kept.
    app.world_mut().write_message(LevelCommand::Next);
    app.update();
    assert!(app.world().resource::<LevelStatus>().won_all);
    assert_eq!(level_name(&app), "Rolling Hills");
    // The CLI says it too, and runs.
    let out = crate::common::tangent()
        .args(["headless", "--frames", "5", "--level"])
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("warning: ") && err.contains("the goal ends the run here"),
        "{err}"
    );
    // A `next` out of the folder is refused at its line.
    let out_of_folder =
        SHIPPED_LEVELS[0]
            .1
            .replacen("next: Some(\"1-2-", "next: Some(\"../1-2-", 1);
    assert_ne!(out_of_folder, SHIPPED_LEVELS[0].1);
    std::fs::write(&path, out_of_folder).unwrap();
    let e = headless_app(&path, None).err().unwrap();
    assert!(
        e.contains(&format!("1-1-hills.level.ron:{line}:"))
            && e.contains("next must name a .level.ron file in the same folder"),
        "{e}"
    );
}

/// The built-in text of the shipped level `file`.
fn shipped_text(file: &str) -> &'static str {
    SHIPPED_LEVELS.iter().find(|(n, _)| *n == file).unwrap().1
}

/// The user level folder, where the shipped levels are read from the
/// binary, has the shipped worlds too; a `worlds.ron` of one's own there
/// wins.
#[test]
fn the_user_level_folder_reads_the_built_in_worlds() {
    use tangent_level::files::worlds::{SHIPPED_WORLDS, parse_worlds, read_worlds};
    let dir = user_dir();
    let beside = dir.join("1-1-hills.level.ron");
    let defs = read_worlds(&beside).unwrap().unwrap();
    assert_eq!(defs, parse_worlds(SHIPPED_WORLDS, "shipped").unwrap());
    assert_eq!(defs.len(), 6);
    // Elsewhere, no worlds file: none.
    let elsewhere = dir.parent().unwrap().join("no-worlds-here");
    std::fs::create_dir_all(&elsewhere).unwrap();
    assert_eq!(read_worlds(&elsewhere.join("a.level.ron")).unwrap(), None);
    // A bad one names its line.
    std::fs::write(elsewhere.join("worlds.ron"), "[\n  (name: 1)]").unwrap();
    let e = read_worlds(&elsewhere.join("a.level.ron")).unwrap_err();
    assert!(e.contains("worlds.ron:2:"), "{e}");
}
