//! Live reload in a headless App: saving the level file replaces the level
//! and keeps the player where it was; a bad save keeps the last good level
//! running with the error (file, line, problem); a good save clears it.

use std::path::PathBuf;
use std::time::Duration;

use crate::common::{level_name, temp_dir};
use bevy::prelude::*;
use tangent::collision::PhysicsPosition;
use tangent::level::LevelWatchPlugin;
use tangent::level::watch::LevelWatch;
use tangent::level::{CurrentLevel, LevelStatus};
use tangent::player::Player;
use tangent::sim::headless::headless_app;

fn temp_level() -> (PathBuf, String) {
    let dir = temp_dir("live");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/levels/1-1-hills.level.ron"
    ))
    .unwrap();
    let path = dir.join("live.level.ron");
    std::fs::write(&path, &text).unwrap();
    // Its `next` must be there too (the loader checks it).
    let next = "4-1-halfpipe.level.ron";
    let levels = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/levels/");
    std::fs::copy(format!("{levels}{next}"), dir.join(next)).unwrap();
    (path, text)
}

fn player_x(app: &mut App) -> f32 {
    let mut q = app
        .world_mut()
        .query_filtered::<&PhysicsPosition, With<Player>>();
    q.single(app.world()).unwrap().0.x
}

/// Runs past the watcher's poll interval (a headless app's clocks advance
/// one fixed step, 1/60 s, per update, so 0.25 s is 15 updates) until the
/// watcher has started loading the saved file, and checks that the running
/// level is untouched while the file loads off the main thread; then runs
/// until the load is done and the level switched (a few more updates).
pub(crate) fn settle(app: &mut App) {
    std::thread::sleep(Duration::from_millis(20));
    let before = level_name(app);
    let mut updates = 0;
    while !app.world().resource::<LevelWatch>().is_loading() {
        app.update();
        updates += 1;
        assert!(
            updates < 40,
            "the save was not noticed in {updates} updates"
        );
    }
    // The load was started in the last update and is only looked at in
    // the next: nothing has changed yet.
    assert_eq!(
        level_name(app),
        before,
        "the level changed before its load ended"
    );
    let mut waited = 0;
    while app.world().resource::<LevelWatch>().is_loading() {
        std::thread::sleep(Duration::from_millis(5));
        app.update();
        waited += 1;
        assert!(waited < 2000, "the load never ended");
    }
    for _ in 0..3 {
        app.update();
    }
}

#[test]
fn saving_the_file_reloads_the_level_and_a_bad_save_keeps_the_last_good_one() {
    let (path, text) = temp_level();
    let mut app = headless_app(&path, None).unwrap();
    app.add_plugins(LevelWatchPlugin);
    app.update();
    // Walk a little so the player is away from the spawn.
    app.world_mut()
        .resource_mut::<tangent::player::PlayerInput>()
        .right = true;
    for _ in 0..30 {
        app.update();
    }
    app.world_mut()
        .resource_mut::<tangent::player::PlayerInput>()
        .right = false;
    for _ in 0..30 {
        app.update(); // come to a stop
    }
    let x_before = player_x(&mut app);
    assert!(x_before > 150.0);

    // A good edit away from the player: rename the level, reshape a far hill.
    let edited = text
        .replacen("name: \"Rolling Hills\"", "name: \"Edited Hills\"", 1)
        .replacen("(1380, 110), (1460, 110)", "(1380, 160), (1460, 160)", 1);
    std::fs::write(&path, &edited).unwrap();
    settle(&mut app);
    let name = app
        .world()
        .resource::<CurrentLevel>()
        .level
        .file
        .name
        .clone();
    assert_eq!(name, "Edited Hills");
    let x_after = player_x(&mut app);
    assert!(
        (x_after - x_before).abs() < 1.0,
        "player moved from {x_before} to {x_after}"
    );

    // An edit that buries the player under a raised hill puts it at the spawn.
    let player_hill = "(points: [(224, 32), (352, 128), (480, 32)])";
    let buried = edited.replacen(
        player_hill,
        "(points: [(224, 32), (352, 400), (480, 32)])",
        1,
    );
    std::fs::write(&path, &buried).unwrap();
    settle(&mut app);
    assert_eq!(
        player_x(&mut app),
        96.0,
        "a buried player goes back to the spawn"
    );

    // A bad edit: the last good level keeps running, the error names file and line.
    std::fs::write(&path, edited.replacen("'.': Empty,", "", 1)).unwrap();
    settle(&mut app);
    let status = app.world().resource::<LevelStatus>().clone();
    let err = status.error.expect("the bad save should be reported");
    assert!(
        err.contains("live.level.ron:") && err.contains("not in the legend"),
        "{err}"
    );
    assert_eq!(
        app.world().resource::<CurrentLevel>().level.file.name,
        "Edited Hills"
    );
    for _ in 0..10 {
        app.update();
    }

    // Fixing the file clears the error.
    std::fs::write(&path, &text).unwrap();
    settle(&mut app);
    assert!(app.world().resource::<LevelStatus>().error.is_none());
    assert_eq!(
        app.world().resource::<CurrentLevel>().level.file.name,
        "Rolling Hills"
    );
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}
