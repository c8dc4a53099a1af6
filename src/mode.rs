//! The game's modes as a Bevy [`States`]: the menus (title, level select,
//! settings), playing, paused (the pause menu) and editing. Systems say
//! when they run with `run_if(in_state(..))`; entering a mode does its
//! one-time work in `OnEnter` (the clock runs only while playing; menus
//! spawn their screens, scoped to their mode).
//!
//! Keys here: Esc or a gamepad's Start pauses and resumes; Tab or E enters
//! and leaves the editor (from play or pause, once a level is loaded), and
//! leaving it plays the edited level at once. The menus' own keys are in
//! [`crate::menu`].

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

/// What the game is doing.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// The title screen (the game started without `--level`).
    Title,
    /// Choosing a level, with each one's best time and deaths.
    LevelSelect,
    /// Volume, fullscreen and key bindings.
    Settings,
    /// The simulation runs and the player plays.
    #[default]
    Playing,
    /// The clock is stopped; the pause menu shows (Esc, Start).
    Paused,
    /// The clock is stopped; the level editor is open (Tab or E).
    Editing,
}

impl GameMode {
    /// A menu screen, over a stopped game.
    pub fn is_menu(self) -> bool {
        matches!(
            self,
            GameMode::Title | GameMode::LevelSelect | GameMode::Settings | GameMode::Paused
        )
    }
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
            .add_systems(OnEnter(GameMode::Playing), start_clock);
        for mode in [
            GameMode::Title,
            GameMode::LevelSelect,
            GameMode::Settings,
            GameMode::Paused,
            GameMode::Editing,
        ] {
            app.add_systems(OnEnter(mode), stop_clock);
        }
    }
}

/// Esc or Start toggles pause (not while editing or in another menu); Tab
/// or E toggles the editor.
fn switch_mode(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    mode: Res<State<GameMode>>,
    loaded: Res<LevelLoaded>,
    mut next: ResMut<NextState<GameMode>>,
) {
    let edit = keys.just_pressed(KeyCode::Tab) || keys.just_pressed(KeyCode::KeyE);
    let pause = keys.just_pressed(KeyCode::Escape)
        || pads.iter().any(|p| p.just_pressed(GamepadButton::Start));
    let to = match (*mode.get(), edit, pause) {
        (GameMode::Editing, true, _) => GameMode::Playing,
        (GameMode::Playing | GameMode::Paused, true, _) if loaded.0 => GameMode::Editing,
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
