//! The player's input from a gamepad and from rebound keys (headless, with
//! the devices' state set by hand): the stick's dead zone and drop zone
//! swept, the D-pad, South jumping higher when held, East dropping, a
//! replay recording what a gamepad played, and rebound keys replacing the
//! defaults.

use crate::common::player;
use bevy::prelude::*;
use tangent::player::InputDevicesPlugin;
use tangent::player::bindings::{Action, Bindings};
use tangent::player::devices::{STICK_DEAD_ZONE, STICK_DROP};
use tangent::player::{ControllerState, Player, PlayerInput, Replay};
use tangent::sim::headless::headless_app;
use tangent::sim::replay::Recorder;

fn app() -> (App, Entity) {
    let level = crate::common::test_level("flat.level.ron");
    let mut app = headless_app(&level, None).unwrap();
    app.init_resource::<ButtonInput<KeyCode>>()
        .add_plugins(InputDevicesPlugin);
    let pad = app.world_mut().spawn(Gamepad::default()).id();
    for _ in 0..60 {
        app.update(); // land
    }
    (app, pad)
}

fn pad(app: &mut App, e: Entity) -> Mut<'_, Gamepad> {
    app.world_mut().get_mut::<Gamepad>(e).unwrap()
}

fn stick(app: &mut App, e: Entity, v: Vec2) {
    let mut p = pad(app, e);
    p.analog_mut().set(GamepadAxis::LeftStickX, v.x);
    p.analog_mut().set(GamepadAxis::LeftStickY, v.y);
}

/// Presses `b` for one update (then it is held, no longer just pressed).
fn press(app: &mut App, e: Entity, b: GamepadButton) {
    pad(app, e).digital_mut().press(b);
    app.update();
    pad(app, e).digital_mut().clear();
}

fn release(app: &mut App, e: Entity, b: GamepadButton) {
    pad(app, e).digital_mut().release(b);
    app.update();
    pad(app, e).digital_mut().clear();
}

fn jumped(app: &mut App) -> bool {
    let mut q = app
        .world_mut()
        .query_filtered::<&ControllerState, With<Player>>();
    q.single(app.world()).unwrap().jumped
}

#[test]
fn the_stick_runs_past_its_dead_zone_and_drops_past_its_drop_zone() {
    let (mut app, e) = app();
    let mut checked = 0;
    for i in 0..=40 {
        for j in 0..=40 {
            let v = Vec2::new(i as f32 / 20.0 - 1.0, j as f32 / 20.0 - 1.0);
            stick(&mut app, e, v);
            app.update();
            let got = *app.world().resource::<PlayerInput>();
            let want = PlayerInput {
                left: v.x < -STICK_DEAD_ZONE,
                right: v.x > STICK_DEAD_ZONE,
                jump: false,
                down: v.y < -STICK_DROP,
                up: v.y > STICK_DROP,
                ..PlayerInput::NONE
            };
            assert_eq!(got, want, "stick at {v}");
            checked += 1;
        }
    }
    println!("{checked} stick positions checked");
    // Leaning right runs right; left runs left (a fresh level: the sweep
    // ran into a wall).
    let (mut app, e) = self::app();
    let x0 = player(&mut app).0.x;
    stick(&mut app, e, Vec2::new(0.9, 0.1));
    for _ in 0..45 {
        app.update();
    }
    let x1 = player(&mut app).0.x;
    assert!(x1 - x0 > 60.0, "ran {} px right", x1 - x0);
    stick(&mut app, e, Vec2::new(-0.9, 0.0));
    for _ in 0..90 {
        app.update();
    }
    assert!(player(&mut app).0.x < x1 - 60.0);
}

#[test]
fn the_dpad_runs_south_jumps_higher_when_held_and_east_drops() {
    let (mut app, e) = app();
    press(&mut app, e, GamepadButton::DPadRight);
    assert!(app.world().resource::<PlayerInput>().right);
    release(&mut app, e, GamepadButton::DPadRight);
    press(&mut app, e, GamepadButton::DPadLeft);
    assert!(app.world().resource::<PlayerInput>().left);
    release(&mut app, e, GamepadButton::DPadLeft);
    for b in [GamepadButton::East, GamepadButton::DPadDown] {
        press(&mut app, e, b);
        assert!(app.world().resource::<PlayerInput>().down, "{b:?}");
        release(&mut app, e, b);
    }
    for _ in 0..60 {
        app.update();
    }
    // A tap and a held jump: the held one goes higher.
    let mut heights = Vec::new();
    for hold in [1, 40] {
        let y0 = player(&mut app).0.y;
        press(&mut app, e, GamepadButton::South);
        assert!(jumped(&mut app), "South jumps");
        let mut top = y0;
        for step in 0..120 {
            if step + 1 == hold {
                pad(&mut app, e).digital_mut().release(GamepadButton::South);
            }
            app.update();
            top = top.max(player(&mut app).0.y);
        }
        heights.push(top - y0);
    }
    println!(
        "jump heights: tapped {:.1} px, held {:.1} px",
        heights[0], heights[1]
    );
    assert!(heights[1] > heights[0] * 1.5, "{heights:?}");
}

#[test]
fn a_replay_records_what_a_gamepad_played() {
    let (mut app, e) = app();
    let path = std::env::temp_dir().join(format!("tangent-pad-{}.replay", std::process::id()));
    app.insert_resource(Recorder {
        path: path.clone(),
        replay: Replay::default(),
    });
    stick(&mut app, e, Vec2::new(1.0, 0.0));
    for _ in 0..10 {
        app.update();
    }
    press(&mut app, e, GamepadButton::South);
    for _ in 0..10 {
        app.update();
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let replay = Replay::parse(&text).unwrap();
    let letters: Vec<String> = replay.changes.iter().map(|(_, k)| k.letters()).collect();
    assert!(letters.contains(&"R".to_string()), "{text}");
    assert!(letters.contains(&"RJ".to_string()), "{text}");
}

#[test]
fn rebound_keys_replace_the_defaults() {
    let (mut app, _) = app();
    let mut b = Bindings::default();
    b.rebind(Action::Jump, KeyCode::KeyK).unwrap();
    b.rebind(Action::Right, KeyCode::KeyL).unwrap();
    app.insert_resource(b);
    let tap = |app: &mut App, key: KeyCode| {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(key);
        app.update();
        let j = jumped(app);
        let input = *app.world().resource::<PlayerInput>();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
        for _ in 0..90 {
            app.update();
        }
        (j, input)
    };
    assert_eq!(
        tap(&mut app, KeyCode::Space),
        (false, PlayerInput::default())
    );
    let (j, input) = tap(&mut app, KeyCode::KeyK);
    assert!(j && input.jump);
    assert!(!tap(&mut app, KeyCode::ArrowRight).1.right);
    assert!(tap(&mut app, KeyCode::KeyL).1.right);
    assert!(
        tap(&mut app, KeyCode::KeyA).1.left,
        "untouched actions keep their keys"
    );
}
