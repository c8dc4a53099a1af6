//! The game's modes as a Bevy [`States`]: playing, paused, editing. Systems
//! say when they run with `run_if(in_state(..))`; entering and leaving a mode
//! does its one-time work in `OnEnter` / `OnExit` (the clock stops while
//! paused or editing). Menus added later are more variants here.
//!
//! Keys: Esc pauses and resumes; Tab or E enters and leaves the editor (from
//! play or pause, once a level is loaded), and leaving it plays the edited
//! level at once.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

/// What the game is doing.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// The simulation runs and the player plays.
    #[default]
    Playing,
    /// The clock is stopped; the pause screen shows (Esc).
    Paused,
    /// The clock is stopped; the level editor is open (Tab or E).
    Editing,
}

/// Whether a level is loaded, so the editor has something to edit. Set by
/// whoever loads levels.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelLoaded(pub bool);

/// The modes, their keys, and the clock they stop.
pub struct ModePlugin;

impl Plugin for ModePlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<StatesPlugin>() {
            app.add_plugins(StatesPlugin);
        }
        app.init_state::<GameMode>()
            .init_resource::<LevelLoaded>()
            .add_systems(Update, switch_mode)
            .add_systems(OnEnter(GameMode::Paused), stop_clock)
            .add_systems(OnExit(GameMode::Paused), start_clock)
            .add_systems(OnEnter(GameMode::Editing), stop_clock)
            .add_systems(OnExit(GameMode::Editing), start_clock);
    }
}

/// Esc toggles pause (not while editing); Tab or E toggles the editor.
fn switch_mode(
    keys: Res<ButtonInput<KeyCode>>,
    mode: Res<State<GameMode>>,
    loaded: Res<LevelLoaded>,
    mut next: ResMut<NextState<GameMode>>,
) {
    let edit = keys.just_pressed(KeyCode::Tab) || keys.just_pressed(KeyCode::KeyE);
    let pause = keys.just_pressed(KeyCode::Escape);
    let to = match (*mode.get(), edit, pause) {
        (GameMode::Editing, true, _) => GameMode::Playing,
        (_, true, _) if loaded.0 => GameMode::Editing,
        (GameMode::Playing, false, true) => GameMode::Paused,
        (GameMode::Paused, false, true) => GameMode::Playing,
        _ => return,
    };
    next.set(to);
}

fn stop_clock(mut time: ResMut<Time<Virtual>>) {
    time.pause();
}

fn start_clock(mut time: ResMut<Time<Virtual>>) {
    time.unpause();
}
