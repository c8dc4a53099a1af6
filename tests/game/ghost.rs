//! The ghost of the best run: a run to the goal saves the player's path;
//! playing the level again with the same keys, the ghost is where the
//! player is on every step, and where the saved path says; a level
//! changed since drops its ghost with a note; Settings turn it off.

use std::path::Path;

use bevy::prelude::*;
use tangent::level::{LevelCommand, LevelStatus};
use tangent::player::{PlayerInput, Replay};
use tangent::profile::ghost::{Ghost, GhostFile, GhostRun, ghost_file};
use tangent::profile::settings::Settings;
use tangent::profile::store;
use tangent::profile::{ProfilePlugin, ProfileWarnings};
use tangent::sim::headless::headless_app;

use crate::common::{hold, player, shipped, temp_dir};
use crate::profile::{game, profile_dir, teleport_to_goal};

fn ghost_at(app: &mut App) -> Option<(Vec2, Visibility)> {
    let mut q = app.world_mut().query::<(&Ghost, &Visibility)>();
    q.single(app.world()).ok().map(|(g, v)| (g.at, *v))
}

#[test]
fn the_ghost_runs_exactly_where_the_recorded_run_went() {
    let dir = profile_dir("ghost");
    // 1. The shipped replay to the goal: its path is saved.
    let mut app = game(&dir, true);
    let mut path = Vec::new();
    let steps = loop {
        app.update();
        path.push(player(&mut app).0);
        if app.world().resource::<LevelStatus>().goals > 0 {
            app.update();
            break path.len();
        }
        assert!(path.len() < 5000, "never reached the goal");
    };
    let level = shipped("1-1-hills.level.ron");
    let (saved, problem) = store::load::<GhostFile>(&ghost_file(&dir, &level), "ghost");
    assert_eq!(problem, None);
    assert_eq!(saved.path.len(), steps);
    // The saved path is where the player was seen, step for step (but the
    // goal's step, where the next level is loaded before the test looks).
    for (k, (at, seen)) in saved.path.iter().zip(&path).enumerate().take(steps - 1) {
        assert_eq!(*at, (seen.x, seen.y), "saved step {k}");
    }
    drop(app);
    // 2. Again with the same keys: the ghost is on the player every step,
    // and on the saved path.
    let mut app = game(&dir, true);
    let mut worst = 0.0f32;
    for k in 0..steps {
        app.update();
        let (at, shown) = ghost_at(&mut app).expect("a ghost");
        assert_eq!(shown, Visibility::Inherited, "step {k}");
        assert_eq!((at.x, at.y), saved.path[k], "step {k}");
        // On the goal's step the next level is loaded before the test
        // looks at the player.
        if k + 1 < steps {
            let me = player(&mut app).0;
            worst = worst.max((at - me).length());
            assert_eq!(at, me, "step {k}");
        }
    }
    println!("ghost: {steps} steps recorded and replayed, worst gap {worst} px");
    // Past its end it is hidden.
    app.update();
    app.update();
    assert_ne!(ghost_at(&mut app).map(|g| g.1), Some(Visibility::Inherited));
    drop(app);
    // 3. Other keys (none: the player stands at the spawn): the ghost
    // still runs the saved path, away from the player.
    let mut app = game(&dir, false);
    let mut apart = 0;
    for (k, at_saved) in saved.path.iter().enumerate() {
        app.update();
        let (at, _) = ghost_at(&mut app).expect("a ghost");
        assert_eq!((at.x, at.y), *at_saved, "step {k} with other keys");
        if (at - player(&mut app).0).length() > 1.0 {
            apart += 1;
        }
    }
    println!(
        "ghost with other keys: on the saved path, {apart} of {steps} steps away from the player"
    );
    assert!(
        apart > steps / 2,
        "the ghost followed the player: {apart} of {steps} apart"
    );
}

#[test]
fn a_changed_level_drops_its_ghost_with_a_note_and_settings_turn_it_off() {
    let dir = profile_dir("ghost-changed");
    let levels = temp_dir("ghost-levels");
    let level = levels.join("1-1-hills.level.ron");
    let text = std::fs::read_to_string(shipped("1-1-hills.level.ron")).unwrap();
    std::fs::write(&level, &text).unwrap();
    let run = |dir: &Path, ghost: bool| {
        let mut app = headless_app(&level, None::<Replay>).unwrap();
        app.add_plugins(ProfilePlugin {
            dir: dir.to_path_buf(),
        });
        app.world_mut().resource_mut::<Settings>().ghost = ghost;
        app
    };
    // A quick run to the goal: its ghost.
    let mut app = run(&dir, true);
    hold(&mut app, PlayerInput::default(), 40);
    teleport_to_goal(&mut app);
    hold(&mut app, PlayerInput::default(), 2);
    drop(app);
    assert!(ghost_file(&dir, &level).exists());
    // The same level: the ghost is back.
    let mut app = run(&dir, true);
    hold(&mut app, PlayerInput::default(), 5);
    assert!(!app.world().resource::<GhostRun>().path.is_empty());
    drop(app);
    // Turned off: none.
    let mut app = run(&dir, false);
    hold(&mut app, PlayerInput::default(), 5);
    assert!(app.world().resource::<GhostRun>().path.is_empty());
    drop(app);
    // The spawn moved: dropped, with a note; a comment alone keeps it.
    std::fs::write(&level, format!("// edited\n{text}")).unwrap();
    let mut app = run(&dir, true);
    hold(&mut app, PlayerInput::default(), 5);
    assert!(
        !app.world().resource::<GhostRun>().path.is_empty(),
        "a comment dropped it"
    );
    drop(app);
    std::fs::write(
        &level,
        text.replacen("spawn: (96, 46.5)", "spawn: (100, 46.5)", 1),
    )
    .unwrap();
    let mut app = run(&dir, true);
    hold(&mut app, PlayerInput::default(), 5);
    assert!(app.world().resource::<GhostRun>().path.is_empty());
    let notes = app.world().resource::<ProfileWarnings>().0.clone();
    println!("{notes:?}");
    assert!(
        notes.iter().any(|n| n.contains("older version")),
        "{notes:?}"
    );
    assert_ne!(ghost_at(&mut app).map(|g| g.1), Some(Visibility::Inherited));
    // Dropped for good: a restart says nothing more.
    let said = notes.len();
    app.world_mut().write_message(LevelCommand::Restart);
    hold(&mut app, PlayerInput::default(), 5);
    let notes = &app.world().resource::<ProfileWarnings>().0;
    assert_eq!(notes.len(), said, "{notes:?}");
}
