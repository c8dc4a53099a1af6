//! The title screen: Play (the first level not yet finished), Levels,
//! Settings, Quit, over the first level standing still.

use bevy::prelude::*;

use super::state::{MenuReturn, open_menu};
use super::widget::{MenuPress, item, screen, text};
use crate::level::LevelCommand;
use crate::level::list::LevelList;
use crate::mode::GameMode;
use crate::profile::records::Records;

/// The title screen's items, in order.
pub const TITLE_ITEMS: [&str; 4] = ["Play", "Levels", "Settings", "Quit"];

pub fn spawn_title(mut commands: Commands) {
    commands.spawn((
        screen(GameMode::Title),
        children![
            text("TANGENT", 96.0, Color::srgb(0.98, 0.8, 0.3)),
            text(
                "a platformer on exact curves",
                22.0,
                Color::srgb(0.75, 0.82, 0.9)
            ),
            Node {
                height: px(30),
                ..default()
            },
            item(0, TITLE_ITEMS[0]),
            item(1, TITLE_ITEMS[1]),
            item(2, TITLE_ITEMS[2]),
            item(3, TITLE_ITEMS[3]),
            Node {
                height: px(30),
                ..default()
            },
            text(
                "Arrows, D-pad or stick: move    Enter or A: choose    Esc or B: back",
                16.0,
                Color::srgb(0.6, 0.65, 0.7)
            ),
        ],
    ));
}

/// The first level of `list` with no finish in `records` (the first level
/// when all are finished).
pub fn first_unfinished(list: &LevelList, records: &Records) -> Option<std::path::PathBuf> {
    list.0
        .iter()
        .find(|p| records.get(p).finishes == 0)
        .or(list.0.first())
        .cloned()
}

pub fn title_choices(
    mut presses: MessageReader<MenuPress>,
    list: Res<LevelList>,
    records: Res<Records>,
    mut level: MessageWriter<LevelCommand>,
    mut next: ResMut<NextState<GameMode>>,
    mut back_to: ResMut<MenuReturn>,
    mut exit: MessageWriter<AppExit>,
) {
    for press in presses.read() {
        match press {
            MenuPress::Confirm(0) => {
                if let Some(p) = first_unfinished(&list, &records) {
                    level.write(LevelCommand::Load(p));
                }
                next.set(GameMode::Playing);
            }
            MenuPress::Confirm(1) => open_menu(
                GameMode::LevelSelect,
                GameMode::Title,
                &mut next,
                &mut back_to,
            ),
            MenuPress::Confirm(2) => {
                open_menu(GameMode::Settings, GameMode::Title, &mut next, &mut back_to)
            }
            MenuPress::Confirm(3) => {
                exit.write(AppExit::Success);
            }
            _ => {}
        }
    }
}
