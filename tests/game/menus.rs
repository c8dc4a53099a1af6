//! The menus, driven headless by keyboard and gamepad: title → level select
//! → a level (a locked one refused, then open once the one before is
//! finished); the shipped run's unlock order; pause → settings (volume, a key rebound and saved, a reserved
//! key refused, Esc cancelling) → back → resume; restart; Play picks the
//! first unfinished level; Quit quits; the stick moves one item per push.

use std::path::PathBuf;

use crate::common::first_level;
use crate::common::{level_name, tap_key as tap};
use bevy::prelude::*;
use tangent::level::list::LevelList;
use tangent::level::play::load_level_file;
use tangent::menu::levels::{ShownLevels, ShownWorld};
use tangent::menu::settings::{FIRST_ACTION, Rebinding};
use tangent::menu::widget::{MenuCursor, MenuItem};
use tangent::menu::{MenuPlugin, MenuReturn};
use tangent::mode::{GameMode, ModePlugin};
use tangent::profile::ProfilePlugin;
use tangent::profile::records::Records;
use tangent::profile::settings::{SETTINGS_FILE, Settings};
use tangent::sim::headless::headless_app_with;

fn menu_app(tag: &str) -> (App, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tangent-menus-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let level = first_level();
    let mut app = headless_app_with(&level, None, |app| {
        app.add_plugins(ModePlugin)
            .add_plugins(ProfilePlugin { dir: dir.clone() })
            .add_plugins(MenuPlugin)
            .init_resource::<ButtonInput<KeyCode>>()
            .insert_resource(LevelList::around(&level))
            .insert_state(GameMode::Title);
    })
    .unwrap();
    app.update();
    (app, dir)
}

fn mode(app: &App) -> GameMode {
    *app.world().resource::<State<GameMode>>().get()
}

fn items(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&MenuItem>();
    q.iter(app.world()).count()
}

fn cursor(app: &App) -> usize {
    app.world().resource::<MenuCursor>().0
}

fn taps(app: &mut App, keys: &[KeyCode]) {
    for k in keys {
        tap(app, *k);
    }
}

use KeyCode::{ArrowDown as Down, ArrowLeft as Left, ArrowRight as Right, Enter, Escape};

#[test]
fn title_to_a_level_through_the_level_select_and_back() {
    let (mut app, _) = menu_app("select");
    assert_eq!(mode(&app), GameMode::Title);
    assert!(
        app.world().resource::<Time<Virtual>>().is_paused(),
        "the title stands still"
    );
    assert_eq!(items(&mut app), 4);
    taps(&mut app, &[Down, Enter]);
    assert_eq!(mode(&app), GameMode::LevelSelect);
    // The first world: its levels, "next world" and Back.
    let n = app.world().resource::<ShownLevels>().levels.len();
    assert!(n >= 2);
    assert_eq!(
        (items(&mut app), cursor(&app)),
        (n + 2, 0),
        "the Enter that opened it chose nothing"
    );
    // Back returns to the title; Up from the first item wraps to Back.
    tap(&mut app, Escape);
    assert_eq!(mode(&app), GameMode::Title);
    taps(&mut app, &[Down, Enter, KeyCode::ArrowUp]);
    assert_eq!(cursor(&app), n + 1);
    tap(&mut app, Enter);
    assert_eq!(mode(&app), GameMode::Title);
    // The second level is locked on a fresh profile: choosing it does
    // nothing. Once the first is finished it opens.
    taps(&mut app, &[Down, Enter, Down, Enter]);
    assert_eq!(
        mode(&app),
        GameMode::LevelSelect,
        "a locked level was chosen"
    );
    let first = app.world().resource::<LevelList>().0[0].clone();
    app.world_mut()
        .resource_mut::<Records>()
        .finish(&first, 900, 0);
    taps(&mut app, &[Escape, Down, Enter, Down, Enter]);
    assert_eq!(mode(&app), GameMode::Playing);
    let second = load_level_file(&app.world().resource::<LevelList>().0[1]).unwrap();
    assert_eq!(level_name(&app), second.file.name);
    for _ in 0..5 {
        app.update();
    }
    assert!(crate::common::level_steps(&app) > 0, "the level runs");
}

#[test]
fn pause_settings_rebind_and_resume() {
    let (mut app, dir) = menu_app("pause");
    taps(&mut app, &[Enter]); // Play
    assert_eq!(mode(&app), GameMode::Playing);
    tap(&mut app, Escape);
    assert_eq!((mode(&app), items(&mut app)), (GameMode::Paused, 5));
    assert!(app.world().resource::<Time<Virtual>>().is_paused());
    taps(&mut app, &[Down, Down, Down, Enter]);
    assert_eq!(mode(&app), GameMode::Settings);
    assert_eq!(app.world().resource::<MenuReturn>().0, GameMode::Paused);
    // Volume: a tenth up, then down past zero (it stops at zero).
    tap(&mut app, Right);
    assert!((app.world().resource::<Settings>().volume - 0.9).abs() < 1e-6);
    for _ in 0..12 {
        tap(&mut app, Left);
    }
    assert_eq!(app.world().resource::<Settings>().volume, 0.0);
    // Jump → K.
    let jump_row = FIRST_ACTION + 2;
    for _ in 0..jump_row {
        tap(&mut app, Down);
    }
    tap(&mut app, Enter);
    assert!(app.world().resource::<Rebinding>().action.is_some());
    tap(&mut app, KeyCode::KeyK);
    assert_eq!(
        app.world().resource::<Settings>().keys.jump,
        [KeyCode::KeyK]
    );
    let saved = std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap();
    assert!(
        saved.contains("\"KeyK\"") && saved.contains("volume: 0.0"),
        "{saved}"
    );
    // R is the game's: refused, with the reason.
    taps(&mut app, &[Enter, KeyCode::KeyR]);
    assert_eq!(
        app.world().resource::<Settings>().keys.jump,
        [KeyCode::KeyK]
    );
    assert!(
        app.world()
            .resource::<Rebinding>()
            .message
            .contains("restarts")
    );
    // Esc while waiting cancels and stays in the settings; arrows are keys
    // then, not moves.
    taps(&mut app, &[Enter, Escape]);
    assert_eq!(mode(&app), GameMode::Settings);
    taps(&mut app, &[Enter, Down]);
    assert_eq!(app.world().resource::<Settings>().keys.jump, [Down]);
    assert_eq!(
        app.world().resource::<Settings>().keys.down,
        [KeyCode::KeyS],
        "Down moved over"
    );
    assert_eq!(cursor(&app), jump_row);
    // Back to the pause menu, then Resume.
    tap(&mut app, Escape);
    assert_eq!(mode(&app), GameMode::Paused);
    tap(&mut app, Enter);
    assert_eq!(mode(&app), GameMode::Playing);
    assert!(!app.world().resource::<Time<Virtual>>().is_paused());
    drop(app);
    // The settings are there in a new game.
    let (app, _) = {
        let level = first_level();
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_plugins(ProfilePlugin { dir: dir.clone() });
        app.update();
        (app, level)
    };
    assert_eq!(app.world().resource::<Settings>().keys.jump, [Down]);
}

#[test]
fn restart_play_and_quit() {
    let (mut app, _) = menu_app("restart");
    tap(&mut app, Enter);
    for _ in 0..30 {
        app.update();
    }
    assert!(crate::common::level_steps(&app) >= 25);
    taps(&mut app, &[Escape, Down, Enter]);
    assert_eq!(mode(&app), GameMode::Playing);
    assert!(crate::common::level_steps(&app) <= 2, "restarted");
    // Play starts the first level not yet finished.
    let first = first_level();
    app.world_mut()
        .resource_mut::<Records>()
        .finish(&first, 600, 0);
    taps(&mut app, &[Escape, Down, Down, Enter]); // Levels
    assert_eq!(mode(&app), GameMode::LevelSelect);
    let n = app.world().resource::<ShownLevels>().levels.len();
    for _ in 0..n + 1 {
        tap(&mut app, Down);
    }
    tap(&mut app, Enter); // Back: to the pause menu that opened it
    assert_eq!(mode(&app), GameMode::Paused);
    // From the title, Play.
    app.world_mut()
        .resource_mut::<NextState<GameMode>>()
        .set(GameMode::Title);
    app.update();
    tap(&mut app, Enter);
    let second = load_level_file(&app.world().resource::<LevelList>().0[1]).unwrap();
    assert_eq!(level_name(&app), second.file.name);
    // Quit.
    taps(&mut app, &[Escape, KeyCode::ArrowUp]);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(Enter);
    app.update();
    let exits = app.world().resource::<Messages<AppExit>>().len();
    assert_eq!(exits, 1);
}

#[test]
fn a_gamepad_moves_one_item_per_push_chooses_and_goes_back() {
    let (mut app, _) = menu_app("pad");
    let pad = app.world_mut().spawn(Gamepad::default()).id();
    let set_stick = |app: &mut App, y: f32| {
        let mut p = app.world_mut().get_mut::<Gamepad>(pad).unwrap();
        p.analog_mut().set(GamepadAxis::LeftStickY, y);
    };
    // Held down for five frames: one step.
    set_stick(&mut app, -0.9);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(cursor(&app), 1);
    set_stick(&mut app, -0.2);
    app.update();
    set_stick(&mut app, -0.9);
    app.update();
    assert_eq!(cursor(&app), 2, "a second push");
    set_stick(&mut app, 0.0);
    let button = |app: &mut App, b: GamepadButton| {
        app.world_mut()
            .get_mut::<Gamepad>(pad)
            .unwrap()
            .digital_mut()
            .press(b);
        app.update();
        let mut p = app.world_mut().get_mut::<Gamepad>(pad).unwrap();
        p.digital_mut().release(b);
        p.digital_mut().clear();
        app.update();
    };
    button(&mut app, GamepadButton::DPadUp);
    assert_eq!(cursor(&app), 1);
    button(&mut app, GamepadButton::South);
    assert_eq!(mode(&app), GameMode::LevelSelect);
    button(&mut app, GamepadButton::East);
    assert_eq!(mode(&app), GameMode::Title);
    button(&mut app, GamepadButton::South); // Play
    assert_eq!(mode(&app), GameMode::Playing);
    button(&mut app, GamepadButton::Start);
    assert_eq!(mode(&app), GameMode::Paused);
    button(&mut app, GamepadButton::Start);
    assert_eq!(mode(&app), GameMode::Playing);
}

/// The shipped run opens in order: a fresh profile has only the first
/// level open, and finishing each opens the next (by its `next`), only.
#[test]
fn the_shipped_levels_open_one_by_one_as_each_is_finished() {
    use tangent::profile::progress::{RunLevel, open_levels};
    let list = LevelList::around(&first_level());
    let run: Vec<RunLevel> = list
        .0
        .iter()
        .map(|p| RunLevel {
            path: p.clone(),
            next: load_level_file(p).unwrap().file.next,
        })
        .collect();
    assert!(run.len() >= 8);
    let mut records = Records::default();
    for k in 0..run.len() {
        let open = open_levels(&run, &records);
        let want: Vec<bool> = (0..run.len()).map(|i| i <= k).collect();
        assert_eq!(open, want, "after finishing {k} levels");
        records.finish(&run[k].path, 600, 0);
    }
    println!("{} shipped levels opened one by one", run.len());
}

/// The assists on the settings screen: game speed by tenths down to 50 %
/// (no lower), invincibility, the extra air jump and infinite dashes
/// toggled; the game's assists follow at once.
#[test]
fn the_settings_screen_sets_the_assists() {
    use tangent::menu::settings::GAME_SPEED;
    use tangent::player::assist::Assist;
    let (mut app, _) = menu_app("assists");
    taps(&mut app, &[Down, Down, Enter]);
    assert_eq!(mode(&app), GameMode::Settings);
    for _ in 0..GAME_SPEED {
        tap(&mut app, Down);
    }
    for _ in 0..7 {
        tap(&mut app, Left);
    }
    taps(&mut app, &[Down, Enter, Down, Enter, Down, Enter]);
    let want = Assist {
        speed: 0.5,
        invincible: true,
        air_jump: true,
        infinite_dashes: true,
    };
    assert_eq!(app.world().resource::<Settings>().assist, want);
    assert_eq!(*app.world().resource::<Assist>(), want);
    taps(&mut app, &[KeyCode::ArrowUp; 3]);
    tap(&mut app, Right);
    assert_eq!(app.world().resource::<Settings>().assist.speed, 0.6);
}

/// The level select goes world by world: Right and Left (and the "next
/// world" item) turn through the worlds, round; a later world is locked
/// on a fresh profile, and finishing a world's last level opens the next
/// world's first.
#[test]
fn the_level_select_turns_through_the_worlds_and_a_world_opens_after_the_one_before() {
    let (mut app, _) = menu_app("worlds");
    taps(&mut app, &[Down, Enter]);
    assert_eq!(mode(&app), GameMode::LevelSelect);
    let list = app.world().resource::<LevelList>().clone();
    let worlds = list.worlds();
    assert!(worlds.len() >= 4);
    let shown = |app: &App| {
        (
            app.world().resource::<ShownWorld>().0,
            app.world().resource::<ShownLevels>().levels.clone(),
        )
    };
    assert_eq!(shown(&app), (0, worlds[0].levels.clone()));
    tap(&mut app, Right);
    assert_eq!(shown(&app), (1, worlds[1].levels.clone()));
    // World 2's first level is locked: choosing it does nothing.
    tap(&mut app, Enter);
    assert_eq!(mode(&app), GameMode::LevelSelect);
    // Left twice: back to the first, then round to the last.
    taps(&mut app, &[Left, Left]);
    assert_eq!(shown(&app).0, worlds.len() - 1);
    // The "next world" item (after the levels) turns round to the first.
    let n = shown(&app).1.len();
    for _ in 0..n {
        tap(&mut app, Down);
    }
    tap(&mut app, Enter);
    assert_eq!(shown(&app), (0, worlds[0].levels.clone()));
    // Finish world 1: world 2's first level opens and plays.
    for &i in &worlds[0].levels {
        let path = list.0[i].clone();
        app.world_mut()
            .resource_mut::<Records>()
            .finish(&path, 600, 0);
    }
    taps(&mut app, &[Escape, Down, Enter, Right]);
    assert_eq!(shown(&app).0, 1);
    tap(&mut app, Enter);
    assert_eq!(mode(&app), GameMode::Playing);
    let first = load_level_file(&list.0[worlds[1].levels[0]]).unwrap();
    assert_eq!(level_name(&app), first.file.name);
    // Opened again, the select shows the world of the level played last.
    app.world_mut()
        .resource_mut::<NextState<GameMode>>()
        .set(GameMode::LevelSelect);
    app.update();
    app.update();
    assert_eq!(shown(&app).0, 1);
}
