//! The game's modes (`GameMode`, a Bevy `States`): Esc pauses and resumes,
//! Tab or E opens and closes the editor once a level is loaded, and the
//! virtual clock (so the fixed step) stops while paused or editing. Every
//! key in every mode, with and without a level. Also: a loaded level's
//! terrain set is the collision index as built when the level was checked
//! (built once per load, not rebuilt from the entities).

use crate::common::tap_key as tap;
use bevy::prelude::*;
use tangent::collision::TerrainIndex;
use tangent::level::CurrentLevel;
use tangent::mode::{GameMode, LevelLoaded, ModePlugin};
use tangent::sim::headless::headless_app;

fn app(level_loaded: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, ModePlugin))
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(LevelLoaded(level_loaded));
    app.update();
    app
}

fn mode(app: &App) -> GameMode {
    *app.world().resource::<State<GameMode>>().get()
}

fn clock_stopped(app: &App) -> bool {
    app.world().resource::<Time<Virtual>>().is_paused()
}

#[test]
fn every_key_in_every_mode() {
    // (level loaded, keys from Playing, expected mode after each)
    let cases: [(bool, &[KeyCode], &[GameMode]); 7] = [
        (
            false,
            &[KeyCode::Escape, KeyCode::Escape],
            &[GameMode::Paused, GameMode::Playing],
        ),
        (
            false,
            &[KeyCode::Tab, KeyCode::KeyE],
            &[GameMode::Playing, GameMode::Playing],
        ),
        (
            true,
            &[KeyCode::Tab, KeyCode::Tab],
            &[GameMode::Editing, GameMode::Playing],
        ),
        (
            true,
            &[KeyCode::KeyE, KeyCode::KeyE],
            &[GameMode::Editing, GameMode::Playing],
        ),
        (
            true,
            &[KeyCode::Tab, KeyCode::Escape, KeyCode::Tab],
            &[GameMode::Editing, GameMode::Editing, GameMode::Playing],
        ),
        (
            true,
            &[KeyCode::Escape, KeyCode::Tab, KeyCode::Tab],
            &[GameMode::Paused, GameMode::Editing, GameMode::Playing],
        ),
        (
            false,
            &[KeyCode::Escape, KeyCode::Tab, KeyCode::KeyR],
            &[GameMode::Paused, GameMode::Paused, GameMode::Paused],
        ),
    ];
    let mut checked = 0;
    for (loaded, keys, expected) in cases {
        let mut app = app(loaded);
        assert_eq!(mode(&app), GameMode::Playing);
        assert!(!clock_stopped(&app));
        for (key, want) in keys.iter().zip(expected) {
            tap(&mut app, *key);
            assert_eq!(
                mode(&app),
                *want,
                "level {loaded}, after {key:?} in {keys:?}"
            );
            assert_eq!(
                clock_stopped(&app),
                *want != GameMode::Playing,
                "clock in {want:?} after {key:?} in {keys:?}"
            );
            checked += 1;
        }
    }
    println!("{checked} key presses checked");
}

#[test]
fn a_loaded_level_is_indexed_with_the_set_it_was_checked_with() {
    let path = crate::common::first_level();
    let mut app = headless_app(&path, None).unwrap();
    for _ in 0..3 {
        app.update();
    }
    let world = app.world();
    let level = &world.resource::<CurrentLevel>().level;
    let index = world.resource::<TerrainIndex>();
    assert_eq!(index.set.id(), level.terrain.id(), "the index was rebuilt");
    assert_eq!(index.set.pieces(), level.terrain.pieces());
    assert_eq!(index.entities.len(), level.terrain.len());
    assert!(world.resource::<LevelLoaded>().0);
}
