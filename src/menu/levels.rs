//! The level select, world by world: the shown world's name and how much
//! of it is done, then its levels by name, with the player's best time (a
//! star when it is within the level's par), the par, and deaths; a level
//! not yet open (see [`crate::profile::progress`]) is shown locked and
//! cannot be chosen. Then "Next world" (Left and Right on any item go back
//! and forth too) and Back. It opens on the world of the level played
//! last. Choosing an open level plays it from the start.

use bevy::prelude::*;

use super::state::MenuReturn;
use super::widget::{MenuCursor, MenuPress, item, screen, text};
use crate::level::list::LevelList;
use crate::level::play::load_level_file;
use crate::level::{CurrentLevel, LevelCommand};
use crate::mode::GameMode;
use crate::profile::progress::{RunLevel, open_levels, under_par};
use crate::profile::records::{LevelRecord, Records};
use crate::ui::format_time;

/// Which world the level select shows (an index into the list's worlds).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShownWorld(pub usize);

/// What the level select's items are: the list's index of each level item
/// in order, how many worlds there are, which levels of the list are open,
/// and the world they are (`None` before the panel is built).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ShownLevels {
    pub levels: Vec<usize>,
    pub worlds: usize,
    pub open: Vec<bool>,
    pub world: Option<usize>,
}

/// The level select's panel (rebuilt when the shown world changes).
#[derive(Component)]
pub struct LevelSelectScreen;

/// The world heading's second line: how many of its `total` levels are
/// finished and under par, or that it is locked.
///
/// ```
/// use tangent::menu::levels::world_progress;
/// assert_eq!(world_progress(4, 2, 1, true), "2 of 4 finished   1 under par");
/// assert_eq!(world_progress(4, 0, 0, false), "locked: finish the world before it");
/// ```
pub fn world_progress(total: usize, finished: usize, under_par: usize, open: bool) -> String {
    if !open {
        return "locked: finish the world before it".into();
    }
    format!("{finished} of {total} finished   {under_par} under par")
}

/// A level's line in the list: number, name, best time (or `--:--.--`,
/// with a star when within par), par, the dev's time (the shipped replay's),
/// deaths, and the most of its `coins`
/// taken in a finished run (when it has any); or, not yet open, its name
/// and "locked".
///
/// ```
/// use tangent::menu::levels::level_line;
/// use tangent::profile::records::LevelRecord;
/// let r = LevelRecord { best_steps: Some(750), deaths: 3, ..Default::default() };
/// assert_eq!(level_line(0, "Rolling Hills", &r, (Some(13.0), Some(9.8), 0), true),
///            "1. Rolling Hills   best 0:12.50 *   par 0:13   dev 0:09.80   3 deaths");
/// assert_eq!(level_line(0, "Rolling Hills", &r, (Some(12.25), None, 0), true),
///            "1. Rolling Hills   best 0:12.50   par 0:12.25   3 deaths");
/// let r = LevelRecord { best_coins: 2, ..Default::default() };
/// assert_eq!(level_line(1, "Pipe", &r, (None, None, 3), true),
///            "2. Pipe   best --:--.--   0 deaths   coins 2/3");
/// assert_eq!(level_line(2, "Loop", &LevelRecord::default(), (Some(30.0), None, 3), false),
///            "3. Loop   locked: finish the level before it");
/// ```
pub fn level_line(
    index: usize,
    name: &str,
    record: &LevelRecord,
    (par, dev, coins): (Option<f32>, Option<f32>, usize),
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
            format!(
                "   par {}",
                format_time((p as f64 * crate::collision::CollisionPlugin::FIXED_HZ).ceil() as u64)
            )
        }
    });
    let dev = dev.map_or_else(String::new, |d| {
        let steps = (d as f64 * crate::collision::CollisionPlugin::FIXED_HZ).round() as u64;
        format!("   dev {}", format_time(steps))
    });
    let deaths = match record.deaths {
        1 => "1 death".to_string(),
        n => format!("{n} deaths"),
    };
    let coins = if coins > 0 {
        format!("   coins {}/{coins}", record.best_coins)
    } else {
        String::new()
    };
    format!("{n}. {name}   best {best}{medal}{par}{dev}   {deaths}{coins}")
}

/// Forgets the panel built before, so the next one opens on the world of
/// the level played last.
pub fn forget_shown_world(mut built: ResMut<ShownLevels>) {
    built.world = None;
}

/// Whether the panel on screen is not the shown world's (the player turned
/// to another world).
pub fn world_turned(shown: Res<ShownWorld>, built: Res<ShownLevels>) -> bool {
    built.world != Some(shown.0)
}

/// Which of the list's levels are open (`nexts`: the level each leads to).
fn open_of(list: &LevelList, nexts: &[Option<String>], records: &Records) -> Vec<bool> {
    let run: Vec<RunLevel> = list
        .0
        .iter()
        .zip(nexts)
        .map(|(path, next)| RunLevel {
            path: path.clone(),
            next: next.clone(),
        })
        .collect();
    open_levels(&run, records)
}

/// The line under a world's heading: its levels finished and within par,
/// whether it is open, and a hint to other worlds when there are several.
fn progress_line(
    levels: &[usize],
    list: &LevelList,
    records: &Records,
    pars: &[Option<f32>],
    open: &[bool],
    several_worlds: bool,
) -> String {
    let finished = levels
        .iter()
        .filter(|&&i| records.get(&list.0[i]).finishes > 0)
        .count();
    let medals = levels
        .iter()
        .filter(|&&i| under_par(&records.get(&list.0[i]), pars[i]))
        .count();
    let world_open = levels.first().is_none_or(|&i| open[i]);
    let hint = if several_worlds {
        "   < > other worlds"
    } else {
        ""
    };
    world_progress(levels.len(), finished, medals, world_open) + hint
}

/// A path's file name, for a level that cannot be loaded.
fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into()
}
/// Builds the level select's panel (replacing the one on screen) for the
/// shown world, or, just opened, for the world of the level played last.
pub fn spawn_level_select(
    mut commands: Commands,
    (list, records, current): (Res<LevelList>, Res<Records>, Option<Res<CurrentLevel>>),
    mut shown: ResMut<ShownWorld>,
    mut built: ResMut<ShownLevels>,
    mut cursor: ResMut<MenuCursor>,
    old: Query<Entity, With<LevelSelectScreen>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let files: Vec<_> = list.0.iter().map(|p| load_level_file(p)).collect();
    let nexts: Vec<Option<String>> = files
        .iter()
        .map(|f| f.as_ref().ok().and_then(|l| l.file.next.clone()))
        .collect();
    let open = open_of(&list, &nexts, &records);
    let worlds = list.worlds_with(&nexts);
    let wanted = match built.world {
        Some(_) => shown.0,
        None => current
            .and_then(|c| list.world_holding(&worlds, &c.path))
            .unwrap_or(0),
    };
    let w = wanted.min(worlds.len().saturating_sub(1));
    shown.0 = w;
    let world = worlds.get(w);
    let levels: Vec<usize> = world.map_or_else(Vec::new, |w| w.levels.clone());
    let heading = match world {
        Some(world) if worlds.len() > 1 => {
            format!("World {} of {}: {}", w + 1, worlds.len(), world.name)
        }
        Some(world) => world.name.clone(),
        None => "Levels".into(),
    };
    let pars: Vec<Option<f32>> = files
        .iter()
        .map(|f| f.as_ref().ok().and_then(|l| l.file.par))
        .collect();
    let devs: Vec<Option<f32>> = files
        .iter()
        .map(|f| f.as_ref().ok().and_then(|l| l.file.dev_time))
        .collect();
    let coins: Vec<usize> = files
        .iter()
        .map(|f| f.as_ref().map_or(0, |l| l.file.coins.len()))
        .collect();
    let mut progress = progress_line(&levels, &list, &records, &pars, &open, worlds.len() > 1);
    let all: usize = levels.iter().map(|&i| coins[i]).sum();
    if all > 0 {
        let got: u32 = levels
            .iter()
            .map(|&i| records.get(&list.0[i]).best_coins)
            .sum();
        progress += &format!("   coins {got} of {all}");
    }
    let root = commands
        .spawn((
            LevelSelectScreen,
            screen(GameMode::LevelSelect),
            children![
                text(heading, 44.0, Color::WHITE),
                text(progress, 20.0, Color::srgb(0.75, 0.8, 0.9)),
            ],
        ))
        .id();
    for (k, &i) in levels.iter().enumerate() {
        let path = &list.0[i];
        let name = match &files[i] {
            Ok(level) => level.file.name.clone(),
            Err(_) => format!("{} (cannot be loaded)", file_name(path)),
        };
        let line = level_line(
            k,
            &name,
            &records.get(path),
            (pars[i], devs[i], coins[i]),
            open[i],
        );
        commands.entity(root).with_child(item(k, line));
    }
    let mut n = levels.len();
    if worlds.len() > 1 {
        let to = (w + 1) % worlds.len();
        let label = format!("World {}: {}   >", to + 1, worlds[to].name);
        commands.entity(root).with_child(item(n, label));
        n += 1;
    }
    commands.entity(root).with_child(item(n, "Back"));
    cursor.0 = cursor.0.min(n);
    *built = ShownLevels {
        levels,
        worlds: worlds.len(),
        open,
        world: Some(w),
    };
}

pub fn level_select_choices(
    mut presses: MessageReader<MenuPress>,
    list: Res<LevelList>,
    shown_levels: Res<ShownLevels>,
    mut shown: ResMut<ShownWorld>,
    back_to: Res<MenuReturn>,
    mut level: MessageWriter<LevelCommand>,
    mut next: ResMut<NextState<GameMode>>,
) {
    let n = shown_levels.levels.len();
    let worlds = shown_levels.worlds.max(1);
    let turn = |shown: &mut ShownWorld, by: usize| shown.0 = (shown.0 + by) % worlds;
    for press in presses.read() {
        let level_at = |i: &usize| shown_levels.levels.get(*i).copied();
        match press {
            MenuPress::Confirm(i) => match level_at(i) {
                // A locked level stays in the list, not chosen.
                Some(l) if !shown_levels.open.get(l).copied().unwrap_or(true) => {}
                Some(l) if l < list.0.len() => {
                    level.write(LevelCommand::Load(list.0[l].clone()));
                    next.set(GameMode::Playing);
                }
                _ if *i == n && worlds > 1 => turn(&mut shown, 1),
                _ => next.set(back_to.0),
            },
            MenuPress::Right(_) if worlds > 1 => turn(&mut shown, 1),
            MenuPress::Left(_) if worlds > 1 => turn(&mut shown, worlds - 1),
            MenuPress::Back => next.set(back_to.0),
            _ => {}
        }
    }
}
