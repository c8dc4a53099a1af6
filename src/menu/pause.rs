//! The pause menu (Esc or Start while playing): Resume, Restart, Levels,
//! Settings, Quit. Esc or Start again resumes ([`crate::mode`]).

use bevy::prelude::*;

use super::state::{MenuReturn, open_menu};
use super::widget::{MenuPress, item, screen, text};
use crate::level::LevelCommand;
use crate::mode::GameMode;

/// The pause menu's items, in order.
pub const PAUSE_ITEMS: [&str; 5] = ["Resume", "Restart", "Levels", "Settings", "Quit"];

pub fn spawn_pause(mut commands: Commands) {
    commands.spawn((
        screen(GameMode::Paused),
        children![
            text("Paused", 56.0, Color::WHITE),
            item(0, PAUSE_ITEMS[0]),
            item(1, PAUSE_ITEMS[1]),
            item(2, PAUSE_ITEMS[2]),
            item(3, PAUSE_ITEMS[3]),
            item(4, PAUSE_ITEMS[4]),
            text(
                "Tab: edit this level    R: restart    N: next level    1-9: pick a level",
                16.0,
                Color::srgb(0.6, 0.65, 0.7)
            ),
        ],
    ));
}

pub fn pause_choices(
    mut presses: MessageReader<MenuPress>,
    mut level: MessageWriter<LevelCommand>,
    mut next: ResMut<NextState<GameMode>>,
    mut back_to: ResMut<MenuReturn>,
    mut exit: MessageWriter<AppExit>,
) {
    for press in presses.read() {
        match press {
            MenuPress::Confirm(0) => next.set(GameMode::Playing),
            MenuPress::Confirm(1) => {
                level.write(LevelCommand::Restart);
                next.set(GameMode::Playing);
            }
            MenuPress::Confirm(2) => open_menu(
                GameMode::LevelSelect,
                GameMode::Paused,
                &mut next,
                &mut back_to,
            ),
            MenuPress::Confirm(3) => open_menu(
                GameMode::Settings,
                GameMode::Paused,
                &mut next,
                &mut back_to,
            ),
            MenuPress::Confirm(4) => {
                exit.write(AppExit::Success);
            }
            _ => {}
        }
    }
}
