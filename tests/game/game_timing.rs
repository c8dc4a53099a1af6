//! Game timing: a goal counts once however many fixed steps run before the
//! level switches; snapping to the ground gives the controller the contact
//! it stands on; a jump tapped between two fixed steps is latched until a
//! step sees it; the level clock starts with the level, not during the wait
//! for it to load.

use std::time::Duration;

use crate::common::goal_box;
use crate::common::shipped;
use crate::common::test_level;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use tangent::collision::{Contacts, Grounded, PhysicsPosition, Velocity};
use tangent::level::LevelClockPlugin;
use tangent::level::play::load_level_file;
use tangent::level::{LevelCommand, LevelStatus};
use tangent::player::InputDevicesPlugin;
use tangent::player::PlayerSystems;
use tangent::player::{ControllerState, Player, PlayerInput};
use tangent::sim::SimPlugin;
use tangent::sim::headless::headless_app;

fn player_entity(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<Player>>()
        .single(app.world())
        .unwrap()
}

#[test]
fn a_goal_counts_once_when_several_fixed_steps_run_before_the_switch() {
    for per_frame in [1, 2, 5] {
        let mut app = headless_app(&shipped("1-1-hills.level.ron"), None).unwrap();
        let goal = goal_box(&mut app);
        let p = player_entity(&mut app);
        app.world_mut().get_mut::<PhysicsPosition>(p).unwrap().0 = goal.center();
        app.insert_resource(TimeUpdateStrategy::FixedTimesteps(per_frame));
        app.update();
        let status = app.world().resource::<LevelStatus>();
        assert_eq!(status.goals, 1, "{per_frame} steps in the frame");
    }
}

/// Whether the player was grounded after the collision step, before
/// snapping.
#[derive(Resource, Default)]
struct GroundedBeforeSnap(bool);

fn record(mut before: ResMut<GroundedBeforeSnap>, q: Query<&Grounded, With<Player>>) {
    before.0 = q.single().is_ok_and(|g| g.0);
}

#[test]
fn snapping_to_the_ground_sets_the_contact_the_controller_reads() {
    let mut snapped = 0;
    let mut grounded_steps = 0;
    for (speed_keys, level) in [
        (
            PlayerInput {
                right: true,
                ..default()
            },
            "hill.level.ron",
        ),
        (
            PlayerInput {
                left: true,
                ..default()
            },
            "hill.level.ron",
        ),
    ] {
        let mut app = headless_app(&test_level(level), None).unwrap();
        app.init_resource::<GroundedBeforeSnap>().add_systems(
            FixedUpdate,
            record
                .after(tangent::collision::CollisionSystems::Step)
                .before(PlayerSystems::Snap),
        );
        for _ in 0..90 {
            app.update();
        }
        *app.world_mut().resource_mut::<PlayerInput>() = speed_keys;
        for _ in 0..240 {
            app.update();
            let p = player_entity(&mut app);
            let grounded = app.world().get::<Grounded>(p).unwrap().0;
            if !grounded {
                continue;
            }
            grounded_steps += 1;
            if !app.world().resource::<GroundedBeforeSnap>().0 {
                snapped += 1;
            }
            let contacts = app.world().get::<Contacts>(p).unwrap();
            let ground = contacts.iter().any(|c| c.normal.y > 0.64);
            // Past the max slope only a player running the surface is
            // grounded, on the contact the surface run set.
            let running = app.world().get::<ControllerState>(p).unwrap().surface;
            let on_it = running.is_some_and(|on| contacts.iter().any(|c| c.normal == on.normal));
            assert!(ground || on_it, "grounded with contacts {:?}", contacts.0);
        }
    }
    println!("{grounded_steps} grounded steps, {snapped} of them by snapping");
    assert!(snapped >= 2, "snapping never happened ({snapped})");
}

/// A headless app fed by the keyboard plugin, with `ButtonInput` driven by
/// hand, and the level loaded.
fn keyboard_app() -> App {
    let mut app = headless_app(&test_level("flat.level.ron"), None).unwrap();
    app.init_resource::<ButtonInput<KeyCode>>()
        .add_plugins(InputDevicesPlugin);
    for _ in 0..60 {
        app.update(); // land
    }
    app
}

/// Taps Space in a frame that runs no fixed step, then lets one step run:
/// does the player jump?
fn tap_between_steps(app: &mut App) -> bool {
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(0));
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::Space);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(KeyCode::Space);
    keys.clear();
    app.update(); // still no step: the key is up again
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.update();
    let p = player_entity(app);
    app.world().get::<ControllerState>(p).unwrap().jumped
}

#[test]
fn a_jump_tapped_between_fixed_steps_is_latched_until_a_step_sees_it() {
    let mut app = keyboard_app();
    assert!(tap_between_steps(&mut app), "the tap was lost");
    // It is seen once: the next steps do not jump again, and the key is
    // no longer read as held.
    for _ in 0..90 {
        app.update();
        let p = player_entity(&mut app);
        assert!(!app.world().get::<ControllerState>(p).unwrap().jumped);
    }
    assert!(!app.world().resource::<PlayerInput>().jump);
    let p = player_entity(&mut app);
    let v = app.world().get::<Velocity>(p).unwrap().0;
    assert!(v.length() < 1.0, "landed again: {v}");
    assert!(tap_between_steps(&mut app), "a second tap was lost");
}

#[test]
fn the_level_clock_starts_with_the_level_not_during_its_load() {
    let level = shipped("1-1-hills.level.ron");
    let checked = load_level_file(&level).unwrap();
    let frame = Duration::from_secs_f64(1.0 / 60.0);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, SimPlugin, LevelClockPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app.update();
    app.world_mut().write_message(LevelCommand::Open {
        path: level,
        level: Box::new(checked),
    });
    app.update(); // the level starts this frame
    // The frames after it are slow (a big level, the first draw).
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        400,
    )));
    app.update();
    app.update();
    assert_eq!(crate::common::level_steps(&app), 0);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    for _ in 0..3 {
        app.update();
    }
    let steps = crate::common::level_steps(&app);
    assert!((2..=4).contains(&steps), "{steps} steps in three frames");
    assert!(!app.world().resource::<Time<Virtual>>().is_paused());
}
