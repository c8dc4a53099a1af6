//! The windowed game: [`GamePlugin`] adds what a person sees and presses
//! to the simulation ([`crate::sim::SimPlugin`]).

use bevy::prelude::*;

use crate::art::ArtPlugin;
use crate::assets::GameAssetsPlugin;
use crate::audio::SoundPlugin;
use crate::collision::CollisionDebugPlugin;
use crate::editor::EditorPlugin;
use crate::level::list::LevelList;
use crate::level::{LevelCommand, LevelViewPlugin};
use crate::menu::MenuPlugin;
use crate::mode::{GameMode, ModePlugin};
use crate::player::PlayerViewPlugin;
use crate::profile::ProfilePlugin;
use crate::sim::SimPlugin;
use crate::ui::UiPlugin;
use crate::window::GameWindowPlugin;

/// The windowed game on top of [`SimPlugin`]: keyboard and gamepads and the
/// camera ([`PlayerViewPlugin`]), the player's profile (settings, best
/// times; [`ProfilePlugin`] in the data folder unless added before), menus,
/// the level's visuals, clock and live reload ([`LevelViewPlugin`]), HUD,
/// sounds, the window (F11) and the F1 collision overlay.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<ProfilePlugin>() {
            app.add_plugins(ProfilePlugin::in_data_dir());
        }
        app.add_plugins((
            SimPlugin,
            GameAssetsPlugin,
            PlayerViewPlugin,
            LevelViewPlugin,
            ModePlugin,
            CollisionDebugPlugin,
            UiPlugin,
            SoundPlugin,
            EditorPlugin,
        ))
        .add_plugins((MenuPlugin, GameWindowPlugin, ArtPlugin))
        .init_resource::<LevelList>()
        .add_systems(
            Update,
            game_keys.run_if(in_state(GameMode::Playing).or_else(in_state(GameMode::Paused))),
        );
    }
}

/// R restarts, N skips ahead, 1–9 pick a level (Esc and Tab: see
/// [`crate::mode`]).
fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    list: Res<LevelList>,
    mut commands: MessageWriter<LevelCommand>,
) {
    if keys.just_pressed(KeyCode::KeyR) {
        commands.write(LevelCommand::Restart);
    }
    if keys.just_pressed(KeyCode::KeyN) {
        commands.write(LevelCommand::Next);
    }
    for (i, k) in crate::player::keys::DIGIT_KEYS.iter().enumerate() {
        if keys.just_pressed(*k)
            && let Some(p) = list.0.get(i)
        {
            commands.write(LevelCommand::Load(p.clone()));
        }
    }
}
