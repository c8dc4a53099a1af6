//! The player's profile on disk, through the running game (headless): a
//! finish saves the level's best time, a new game reads it back, only a
//! faster run replaces it, deaths are counted, and bad or missing files are
//! replaced with defaults and a warning instead of stopping the game.

use std::path::{Path, PathBuf};

use crate::common::shipped;
use crate::common::{goal_box, hold, steps};
use bevy::prelude::*;
use tangent::collision::PhysicsPosition;
use tangent::level::LevelStatus;
use tangent::player::{Player, PlayerInput, Replay};
use tangent::profile::records::{RECORDS_FILE, Records};
use tangent::profile::settings::{SETTINGS_FILE, Settings};
use tangent::profile::{ProfilePlugin, ProfileWarnings};
use tangent::sim::headless::headless_app;

pub(crate) fn profile_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tangent-profile-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Level 1 with the profile in `dir`, optionally fed its shipped replay.
pub(crate) fn game(dir: &Path, replay: bool) -> App {
    let replay = replay.then(|| {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/replays/1-1-hills.replay"),
        )
        .unwrap();
        Replay::parse(&text).unwrap()
    });
    let mut app = headless_app(&shipped("1-1-hills.level.ron"), replay).unwrap();
    app.add_plugins(ProfilePlugin {
        dir: dir.to_path_buf(),
    });
    app
}

/// Steps until the goal is reached (at most `limit`), returning the steps.
fn run_to_goal(app: &mut App, limit: usize) -> u64 {
    for _ in 0..limit {
        app.update();
        if app.world().resource::<LevelStatus>().goals > 0 {
            app.update(); // the records system reads the finish in Update
            return app.world().resource::<Records>().levels["1-1-hills.level.ron"]
                .best_steps
                .unwrap();
        }
    }
    panic!("the goal was not reached in {limit} steps");
}

pub(crate) fn teleport_to_goal(app: &mut App) {
    let goal = goal_box(app);
    let mut q = app
        .world_mut()
        .query_filtered::<&mut PhysicsPosition, With<Player>>();
    q.single_mut(app.world_mut()).unwrap().0 = goal.center();
}

#[test]
fn a_best_time_is_saved_reloaded_and_only_beaten_by_a_faster_run() {
    let dir = profile_dir("best");
    // 1. The shipped replay reaches the goal: its time is the first best.
    let mut app = game(&dir, true);
    let replay_best = run_to_goal(&mut app, 5000);
    let on_disk = std::fs::read_to_string(dir.join(RECORDS_FILE)).unwrap();
    assert!(on_disk.contains("1-1-hills.level.ron"), "{on_disk}");
    assert!(
        on_disk.contains(&format!("best_steps: Some({replay_best})")),
        "{on_disk}"
    );
    assert_eq!(
        app.world().resource::<ProfileWarnings>().0,
        Vec::<String>::new()
    );
    drop(app);

    // 2. A new game reads it back; a slower run leaves it.
    let mut app = game(&dir, false);
    let r = app.world().resource::<Records>().levels["1-1-hills.level.ron"];
    assert_eq!((r.best_steps, r.finishes), (Some(replay_best), 1));
    steps(&mut app, replay_best as usize + 30);
    teleport_to_goal(&mut app);
    assert_eq!(run_to_goal(&mut app, 5), replay_best);
    drop(app);

    // 3. A faster run replaces it, on disk too, with its deaths.
    let mut app = game(&dir, false);
    hold(&mut app, PlayerInput::default(), 100);
    teleport_to_goal(&mut app);
    let fast = run_to_goal(&mut app, 5);
    assert!(fast < replay_best && fast >= 100, "{fast} vs {replay_best}");
    drop(app);
    let app = game(&dir, false);
    let r = app.world().resource::<Records>().levels["1-1-hills.level.ron"];
    assert_eq!((r.best_steps, r.finishes), (Some(fast), 3));
    println!("best times: replay {replay_best} steps, then {fast}");
}

#[test]
fn deaths_are_counted_per_level() {
    let dir = profile_dir("deaths");
    let mut app = game(&dir, false);
    let mut q = app
        .world_mut()
        .query_filtered::<&mut PhysicsPosition, With<Player>>();
    for _ in 0..3 {
        // Far outside the level: a fall out, a death.
        q.single_mut(app.world_mut()).unwrap().0 = Vec2::new(-5000.0, -5000.0);
        steps(&mut app, 3);
    }
    assert_eq!(app.world().resource::<LevelStatus>().deaths, 3);
    drop(app);
    let app = game(&dir, false);
    assert_eq!(
        app.world().resource::<Records>().levels["1-1-hills.level.ron"].deaths,
        3
    );
}

#[test]
fn bad_or_missing_profile_files_become_defaults_with_a_warning() {
    let bad = [
        ("garbage", "not ron at all {"),
        ("truncated", "(levels: {\"a\": (best_steps: Some(1"),
        ("wrong types", "(volume: \"loud\")"),
        ("out of range", "(volume: 7.0)"),
        ("unknown key", "(keys: (jump: [\"Jetpack\"]))"),
        ("not text", "\u{0}\u{1}\u{2}"),
    ];
    for (what, text) in bad {
        let dir = profile_dir(&what.replace(' ', "-"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(SETTINGS_FILE), text).unwrap();
        std::fs::write(dir.join(RECORDS_FILE), text).unwrap();
        let mut app = game(&dir, false);
        steps(&mut app, 2);
        let warnings = app.world().resource::<ProfileWarnings>().0.clone();
        // Every case is bad settings; most are bad records too.
        assert!(
            warnings
                .iter()
                .any(|w| w.contains(SETTINGS_FILE) && w.contains("using default settings")),
            "{what}: {warnings:?}"
        );
        assert_eq!(
            *app.world().resource::<Settings>(),
            Settings::default(),
            "{what}"
        );
        for file in [SETTINGS_FILE, RECORDS_FILE] {
            let warned = warnings.iter().any(|w| w.contains(file));
            let kept = dir.join(format!("{file}.corrupt"));
            assert_eq!(warned, kept.is_file(), "{what}: {file}");
            if warned {
                assert_eq!(std::fs::read_to_string(&kept).unwrap(), text);
            }
        }
        drop(app);
        // The files were replaced with good ones: no warning the next time.
        let app = game(&dir, false);
        assert_eq!(
            app.world().resource::<ProfileWarnings>().0,
            Vec::<String>::new(),
            "{what}"
        );
    }
    // Missing files: defaults, written, and no warning.
    let dir = profile_dir("missing");
    let app = game(&dir, false);
    assert!(app.world().resource::<ProfileWarnings>().0.is_empty());
    assert!(dir.join(SETTINGS_FILE).is_file() && dir.join(RECORDS_FILE).is_file());
}
