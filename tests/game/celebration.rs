//! The goal's celebration, headless with the window's celebration systems:
//! reaching the goal holds the game still (no fixed steps, the level's
//! clock stopped) while confetti bursts and "Clear!" shows, for
//! `CELEBRATION` seconds of real time; then the next level opens. Without
//! the celebration (every other headless run) the next level opens at
//! once, so replays and traces do not change.

use crate::common::{first_level, goal_box, level_name, place, player_entity};
use bevy::prelude::*;
use tangent::level::celebrate::{
    CELEBRATION, CONFETTI, ClearBanner, Confetti, GoalCelebration, run_celebration,
    start_celebration,
};
use tangent::level::{LevelStatus, SimFrame};
use tangent::sim::headless::headless_app_with;

fn app(celebrate: bool) -> App {
    headless_app_with(&first_level(), None, |app| {
        if celebrate {
            app.init_resource::<GoalCelebration>()
                .add_systems(Update, (start_celebration, run_celebration).chain());
        }
    })
    .unwrap()
}

/// Puts the player in the goal and steps until the level changes (at most
/// `limit` updates): the updates it took, the fixed steps run meanwhile,
/// and the most confetti seen at once.
fn finish(app: &mut App, limit: usize) -> (usize, u64, usize, bool) {
    let first = level_name(app);
    let goal = goal_box(app).center();
    let e = player_entity(app);
    place(app, e, goal, Vec2::ZERO);
    app.update();
    assert_eq!(app.world().resource::<LevelStatus>().goals, 1);
    let frame = app.world().resource::<SimFrame>().0;
    let (mut most, mut banner) = (0, false);
    for n in 1..=limit {
        let c = app
            .world_mut()
            .query::<&Confetti>()
            .iter(app.world())
            .count();
        most = most.max(c);
        banner |= app
            .world_mut()
            .query::<&ClearBanner>()
            .iter(app.world())
            .next()
            .is_some();
        if level_name(app) != first {
            let steps = app.world().resource::<SimFrame>().0 - frame;
            return (n, steps, most, banner);
        }
        app.update();
    }
    panic!("still on {first} after {limit} updates");
}

#[test]
fn the_goal_celebrates_holding_the_game_still_then_opens_the_next_level() {
    let dt = 1.0 / 60.0;
    let (updates, steps, confetti, banner) = finish(&mut app(true), 400);
    let held = updates as f32 * dt;
    println!(
        "celebrated for {updates} updates ({held:.2} s), {steps} fixed steps meanwhile, {confetti} confetti"
    );
    assert!(
        (held - CELEBRATION).abs() < 0.1,
        "{held} s, not {CELEBRATION}"
    );
    assert!(steps <= 1, "{steps} steps simulated while celebrating");
    assert_eq!(confetti, CONFETTI);
    assert!(banner);
    // Without it the next level opens at once.
    let (updates, _, confetti, banner) = finish(&mut app(false), 400);
    assert!(updates <= 2, "{updates}");
    assert_eq!((confetti, banner), (0, false));
}
