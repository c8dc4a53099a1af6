//! The level select: each level beside the first, by its name, with the
//! player's best time and deaths on it, then Back. Choosing one plays it
//! from the start.

use bevy::prelude::*;

use super::state::MenuReturn;
use super::widget::{MenuPress, item, screen, text};
use crate::level::LevelCommand;
use crate::level::list::LevelList;
use crate::level::play::load_level_file;
use crate::mode::GameMode;
use crate::profile::records::{LevelRecord, Records};
use crate::ui::format_time;

/// A level's line in the list: number, name, best time (or `--:--.--`)
/// and deaths.
///
/// ```
/// use tangent::menu::levels::level_line;
/// use tangent::profile::records::LevelRecord;
/// let r = LevelRecord { best_steps: Some(750), deaths: 3, ..Default::default() };
/// assert_eq!(level_line(0, "Rolling Hills", &r), "1. Rolling Hills    best 0:12.50    3 deaths");
/// assert_eq!(level_line(1, "Pipe", &LevelRecord::default()), "2. Pipe    best --:--.--    0 deaths");
/// ```
pub fn level_line(index: usize, name: &str, record: &LevelRecord) -> String {
    let best = record
        .best_steps
        .map_or_else(|| "--:--.--".to_string(), format_time);
    let deaths = match record.deaths {
        1 => "1 death".to_string(),
        n => format!("{n} deaths"),
    };
    format!("{}. {name}    best {best}    {deaths}", index + 1)
}

pub fn spawn_level_select(mut commands: Commands, list: Res<LevelList>, records: Res<Records>) {
    let root = commands
        .spawn((
            screen(GameMode::LevelSelect),
            children![text("Levels", 56.0, Color::WHITE)],
        ))
        .id();
    let n = list.0.len();
    for (i, path) in list.0.iter().enumerate() {
        let name = match load_level_file(path) {
            Ok(level) => level.file.name,
            Err(_) => format!(
                "{} (cannot be loaded)",
                path.file_name().unwrap_or_default().to_string_lossy()
            ),
        };
        let line = level_line(i, &name, &records.get(path));
        commands.entity(root).with_child(item(i, line));
    }
    commands.entity(root).with_child(item(n, "Back"));
}

pub fn level_select_choices(
    mut presses: MessageReader<MenuPress>,
    list: Res<LevelList>,
    back_to: Res<MenuReturn>,
    mut level: MessageWriter<LevelCommand>,
    mut next: ResMut<NextState<GameMode>>,
) {
    for press in presses.read() {
        match press {
            MenuPress::Confirm(i) if *i < list.0.len() => {
                level.write(LevelCommand::Load(list.0[*i].clone()));
                next.set(GameMode::Playing);
            }
            MenuPress::Confirm(_) | MenuPress::Back => next.set(back_to.0),
            _ => {}
        }
    }
}
