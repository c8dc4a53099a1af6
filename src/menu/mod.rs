//! The menus, one screen per [`GameMode`]: the title ([`title`]), the level
//! select ([`levels`]), the pause menu ([`pause`]) and the settings
//! ([`settings`]). Each is a column of items built from [`widget`], moved
//! through with the keyboard, a gamepad ([`nav`]) or the mouse; each
//! screen's entities live as long as its mode.

pub mod levels;
pub mod nav;
pub mod pause;
pub mod settings;
pub mod state;
pub mod title;
pub mod widget;

use bevy::prelude::*;

use crate::mode::GameMode;
use nav::{MenuNav, read_menu_nav};
use settings::{Rebinding, not_rebinding};
pub use state::{MenuReturn, open_menu};
use widget::{MenuCursor, MenuPress, highlight, move_cursor, point_and_click, reset_cursor};

fn in_menu(mode: Res<State<GameMode>>) -> bool {
    mode.get().is_menu()
}

/// The menu screens (needs [`crate::mode::ModePlugin`] and the profile's
/// settings and records).
pub struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        use GameMode::*;
        app.add_message::<MenuNav>()
            .add_message::<MenuPress>()
            .init_resource::<MenuCursor>()
            .init_resource::<MenuReturn>()
            .init_resource::<levels::ShownWorld>()
            .init_resource::<levels::ShownLevels>()
            .init_resource::<Rebinding>()
            .add_systems(OnEnter(Title), (title::spawn_title, reset_cursor))
            .add_systems(
                OnEnter(LevelSelect),
                (
                    levels::forget_shown_world,
                    levels::spawn_level_select,
                    reset_cursor,
                )
                    .chain(),
            )
            .add_systems(OnEnter(Paused), (pause::spawn_pause, reset_cursor))
            .add_systems(OnEnter(Settings), (settings::spawn_settings, reset_cursor))
            .add_systems(
                Update,
                (
                    read_menu_nav.run_if(not_rebinding),
                    point_and_click.run_if(not_rebinding),
                    move_cursor,
                    title::title_choices.run_if(in_state(Title)),
                    (
                        levels::level_select_choices,
                        levels::spawn_level_select.run_if(levels::world_turned),
                    )
                        .chain()
                        .run_if(in_state(LevelSelect)),
                    pause::pause_choices.run_if(in_state(Paused)),
                    (
                        settings::settings_choices,
                        settings::capture_key,
                        settings::label_settings,
                    )
                        .chain()
                        .run_if(in_state(Settings)),
                    highlight,
                )
                    .chain()
                    .run_if(in_menu),
            );
    }
}
