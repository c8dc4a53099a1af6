//! The assist options in the game: half speed runs half the fixed steps in
//! the same real time, an invincible player runs over spikes that kill
//! without it, the extra air jump gives one jump in the air (and one
//! only, back on the ground), and a finish with any assist on counts as
//! finished but sets no best time; the settings keep them.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use tangent::level::{CurrentLevel, LevelStatus, SimFrame};
use tangent::player::PlayerInput;
use tangent::player::assist::Assist;
use tangent::profile::ProfilePlugin;
use tangent::profile::records::Records;
use tangent::profile::settings::{SETTINGS_FILE, Settings};
use tangent::sim::headless::headless_app_with;

use crate::common::{hold, player, shipped};
use crate::profile::{game, profile_dir, teleport_to_goal};

/// Fixed steps run in `updates` frames of 1/60 s of real time each, at
/// the game speed `speed` set in the settings.
fn steps_in_real_time(speed: f32, updates: usize) -> u64 {
    let dir = profile_dir(&format!("speed-{speed}"));
    let mut app = headless_app_with(&shipped("1-1-hills.level.ron"), None, |app| {
        app.add_plugins(ProfilePlugin { dir: dir.clone() });
    })
    .unwrap();
    app.world_mut().resource_mut::<Settings>().assist.speed = speed;
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / 60.0,
    )));
    app.update();
    let start = app.world().resource::<SimFrame>().0;
    for _ in 0..updates {
        app.update();
    }
    let saved = std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap();
    assert!(saved.contains(&format!("speed: {speed:?}")), "{saved}");
    app.world().resource::<SimFrame>().0 - start
}

#[test]
fn half_game_speed_runs_half_the_steps_in_the_same_real_time() {
    let full = steps_in_real_time(1.0, 600);
    let half = steps_in_real_time(0.5, 600);
    let slow = steps_in_real_time(0.7, 600);
    println!("in 10 s of real time: {full} steps at 100 %, {slow} at 70 %, {half} at 50 %");
    assert!((599..=601).contains(&full), "{full}");
    assert!(half.abs_diff(full / 2) <= 1, "{half} vs {full}");
    assert!(slow.abs_diff(full * 7 / 10) <= 1, "{slow} vs {full}");
}

#[test]
fn an_invincible_player_runs_over_spikes_that_kill_without_it() {
    let run = |invincible: bool| {
        let mut app = headless_app_with(&crate::hazards::spike_run(), None, |app| {
            app.insert_resource(Assist {
                invincible,
                ..default()
            });
        })
        .unwrap();
        let right = PlayerInput {
            right: true,
            ..default()
        };
        hold(&mut app, right, 300);
        (
            app.world().resource::<LevelStatus>().deaths,
            player(&mut app).0.x,
        )
    };
    let (deaths, _) = run(false);
    let (deaths_invincible, x) = run(true);
    println!(
        "spikes: {deaths} deaths without the assist, {deaths_invincible} with it (got to x = {x})"
    );
    assert!(deaths >= 1);
    assert_eq!(deaths_invincible, 0);
    // Past the spikes (columns 30–33).
    assert!(x > 34.0 * 32.0, "{x}");
}

#[test]
fn the_extra_air_jump_jumps_once_in_the_air_and_again_after_landing() {
    let jump_speed = tangent_level::Tuning::default().jump_speed;
    // Jump, let go, fall for a while, then press jump twice in the air:
    // the vertical speed after each press.
    let presses = |air_jump: bool| {
        let mut app = headless_app_with(&shipped("1-1-hills.level.ron"), None, |app| {
            app.insert_resource(Assist {
                air_jump,
                ..default()
            });
        })
        .unwrap();
        let jump = PlayerInput {
            jump: true,
            ..default()
        };
        let mut got = Vec::new();
        for _round in 0..2 {
            hold(&mut app, PlayerInput::default(), 60);
            assert!(player(&mut app).2, "on the ground");
            // A full jump (held 12 steps); pressed again just past its
            // apex, some 100 px up: too high for the press to be kept for
            // the landing.
            hold(&mut app, jump, 12);
            hold(&mut app, PlayerInput::default(), 10);
            for _ in 0..2 {
                let before = player(&mut app).1.y;
                hold(&mut app, jump, 1);
                let after = player(&mut app).1.y;
                got.push((before, after));
                hold(&mut app, PlayerInput::default(), 3);
            }
        }
        got
    };
    let with = presses(true);
    let without = presses(false);
    println!("air presses with the assist {with:?}, without {without:?}");
    for round in 0..2 {
        let (before, after) = with[2 * round];
        assert!(
            before < 0.0 && after > jump_speed * 0.8,
            "round {round}: {before} -> {after}"
        );
        let (before, after) = with[2 * round + 1];
        assert!(
            after < before,
            "round {round}: a second air jump: {before} -> {after}"
        );
        for (before, after) in &without[2 * round..2 * round + 2] {
            assert!(
                after < before,
                "round {round}: jumped in the air without the assist"
            );
        }
    }
}

#[test]
fn a_finish_with_an_assist_on_counts_but_sets_no_best_time() {
    let dir = profile_dir("assisted");
    let mut app = game(&dir, false);
    app.world_mut().resource_mut::<Settings>().assist.invincible = true;
    hold(&mut app, PlayerInput::default(), 30);
    assert!(
        app.world().resource::<Assist>().invincible,
        "the game follows the settings"
    );
    teleport_to_goal(&mut app);
    hold(&mut app, PlayerInput::default(), 2);
    let r = app.world().resource::<Records>().levels["1-1-hills.level.ron"];
    assert_eq!((r.finishes, r.best_steps), (1, None));
    // Off again: the next finish (of the level it opened) is a record.
    app.world_mut().resource_mut::<Settings>().assist.invincible = false;
    hold(&mut app, PlayerInput::default(), 30);
    let next = app.world().resource::<CurrentLevel>().path.clone();
    assert!(next.ends_with("1-2-drawn.level.ron"), "{}", next.display());
    teleport_to_goal(&mut app);
    hold(&mut app, PlayerInput::default(), 2);
    let r = app.world().resource::<Records>().get(&next);
    println!("assisted finish of 01: no best; then 02 without: {r:?}");
    assert_eq!(r.finishes, 1);
    assert!(r.best_steps.is_some());
}
