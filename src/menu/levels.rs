//! The level select: each level beside the first, by its name, with the
//! player's best time (a star when it is within the level's par), the par,
//! and deaths; a level not yet open (see [`crate::profile::progress`]) is
//! shown locked and cannot be chosen. Then Back. Choosing an open level
//! plays it from the start.

use bevy::prelude::*;

use super::state::MenuReturn;
use super::widget::{MenuPress, item, screen, text};
use crate::level::LevelCommand;
use crate::level::list::LevelList;
use crate::level::play::load_level_file;
use crate::mode::GameMode;
use crate::profile::progress::{RunLevel, open_levels, under_par};
use crate::profile::records::{LevelRecord, Records};
use crate::ui::format_time;

/// Which levels of the list the level select shows open (set as it opens).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct OpenLevels(pub Vec<bool>);

/// A level's line in the list: number, name, best time (or `--:--.--`,
/// with a star when within par), par, and deaths; or, not yet open, its
/// name and "locked".
///
/// ```
/// use tangent::menu::levels::level_line;
/// use tangent::profile::records::LevelRecord;
/// let r = LevelRecord { best_steps: Some(750), deaths: 3, ..Default::default() };
/// assert_eq!(level_line(0, "Rolling Hills", &r, Some(13.0), true),
///            "1. Rolling Hills   best 0:12.50 *   par 0:13   3 deaths");
/// assert_eq!(level_line(0, "Rolling Hills", &r, Some(12.25), true),
///            "1. Rolling Hills   best 0:12.50   par 0:12.25   3 deaths");
/// assert_eq!(level_line(1, "Pipe", &LevelRecord::default(), None, true),
///            "2. Pipe   best --:--.--   0 deaths");
/// assert_eq!(level_line(2, "Loop", &LevelRecord::default(), Some(30.0), false),
///            "3. Loop   locked: finish the level before it");
/// ```
pub fn level_line(
    index: usize,
    name: &str,
    record: &LevelRecord,
    par: Option<f32>,
    open: bool,
) -> String {
    let n = index + 1;
    if !open {
        return format!("{n}. {name}   locked: finish the level before it");
    }
    let best = record
        .best_steps
        .map_or_else(|| "--:--.--".to_string(), format_time);
    let medal = if under_par(record, par) { " *" } else { "" };
    let par = par.map_or_else(String::new, |p| {
        let whole = p as u64;
        if whole as f32 == p {
            format!("   par {}:{:02}", whole / 60, whole % 60)
        } else {
            format!("   par {}", format_time((p as f64 * 60.0).ceil() as u64))
        }
    });
    let deaths = match record.deaths {
        1 => "1 death".to_string(),
        n => format!("{n} deaths"),
    };
    format!("{n}. {name}   best {best}{medal}{par}   {deaths}")
}

pub fn spawn_level_select(mut commands: Commands, list: Res<LevelList>, records: Res<Records>) {
    let root = commands
        .spawn((
            screen(GameMode::LevelSelect),
            children![text("Levels", 56.0, Color::WHITE)],
        ))
        .id();
    let n = list.0.len();
    let files: Vec<_> = list.0.iter().map(|p| load_level_file(p)).collect();
    let run: Vec<RunLevel> = list
        .0
        .iter()
        .zip(&files)
        .map(|(path, f)| RunLevel {
            path: path.clone(),
            next: f.as_ref().ok().and_then(|l| l.file.next.clone()),
        })
        .collect();
    let open = open_levels(&run, &records);
    for (i, (path, file)) in list.0.iter().zip(&files).enumerate() {
        let (name, par) = match file {
            Ok(level) => (level.file.name.clone(), level.file.par),
            Err(_) => (
                format!(
                    "{} (cannot be loaded)",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ),
                None,
            ),
        };
        let line = level_line(i, &name, &records.get(path), par, open[i]);
        commands.entity(root).with_child(item(i, line));
    }
    commands.entity(root).with_child(item(n, "Back"));
    commands.insert_resource(OpenLevels(open));
}

pub fn level_select_choices(
    mut presses: MessageReader<MenuPress>,
    list: Res<LevelList>,
    open: Res<OpenLevels>,
    back_to: Res<MenuReturn>,
    mut level: MessageWriter<LevelCommand>,
    mut next: ResMut<NextState<GameMode>>,
) {
    for press in presses.read() {
        match press {
            // A locked level stays in the list, not chosen.
            MenuPress::Confirm(i)
                if *i < list.0.len() && !open.0.get(*i).copied().unwrap_or(true) => {}
            MenuPress::Confirm(i) if *i < list.0.len() => {
                level.write(LevelCommand::Load(list.0[*i].clone()));
                next.set(GameMode::Playing);
            }
            MenuPress::Confirm(_) | MenuPress::Back => next.set(back_to.0),
            _ => {}
        }
    }
}
