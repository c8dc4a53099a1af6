//! The campaign's verbs (#61 item 5): wall jumps, dashes, refill crystals,
//! rolls, loops, ceiling runs, paddles and actors pushed each come up in
//! at least three shipped levels, and (but actors) a level that uses one
//! asks for at least as much of it as the first that did. Counted by
//! playing each level's shipped replay to its goal: a wall jump is a step
//! on which the forced move away from a wall starts, a dash one on which
//! a dash starts, a crystal a `CrystalTaken` message, a roll one on which
//! the player curls up; a run upside down (on a surface whose normal
//! points down) is a loop when it ends still on the surface and a ceiling
//! run when it ends in the air (flung off the ceiling); a paddle is a
//! spinning mover that waits to be stood on and has turned; an actor
//! pushed is one whose centre ends 64 px or more from where it began. At
//! least one level also goes down: its player reaches the goal at least
//! four floors (192 px) below where it started.

use std::path::Path;

use bevy::prelude::*;
use tangent::collision::PhysicsPosition;
use tangent::level::crystals::CrystalTaken;
use tangent::level::list::LevelList;
use tangent::level::movers::LevelMover;
use tangent::level::state::CurrentLevel;
use tangent::level::{LevelActor, LevelStatus};
use tangent::player::{ControllerState, Player, Replay};
use tangent::sim::headless::headless_app;
use tangent_level::format::mover::Trigger;

use super::common::{first_level, shipped_replay};

/// The verbs counted, in [`verbs`]' order.
const VERBS: [&str; 8] = [
    "wall jumps",
    "dashes",
    "crystals",
    "rolls",
    "loops",
    "ceiling runs",
    "paddles",
    "pushed",
];
/// [`VERBS`]' index of actors pushed (any actor: not a bar to rise).
const PUSHED: usize = 7;

/// The actors' centres.
fn actors(app: &mut App) -> Vec<Vec2> {
    let mut q = app
        .world_mut()
        .query_filtered::<&PhysicsPosition, With<LevelActor>>();
    q.iter(app.world()).map(|p| p.0).collect()
}

/// Paddles ridden: the movers that spin, wait to be stood on and have
/// turned.
fn paddles(app: &mut App) -> u32 {
    let mut q = app.world_mut().query::<&LevelMover>();
    let world = app.world();
    let defs = &world.resource::<CurrentLevel>().level.mover_defs;
    q.iter(world)
        .filter(|m| {
            let def = &defs[m.index];
            def.spin != 0.0 && def.trigger == Trigger::StoodOn && m.run.pose(def).angle != 0.0
        })
        .count() as u32
}

/// The player's centre's height.
fn player_y(app: &mut App) -> f32 {
    let mut q = app
        .world_mut()
        .query_filtered::<&PhysicsPosition, With<Player>>();
    q.single(app.world()).unwrap().0.y
}

/// Each of [`VERBS`] counted on the way to the goal, and how far down
/// the goal is from the start (px; negative: up).
fn verbs(level: &Path, replay: Replay) -> ([u32; 8], f32) {
    let mut app = headless_app(level, Some(replay)).unwrap();
    let mut n = [0u32; 8];
    let (mut forced, mut dashing, mut rolling, mut upside) = (0u32, false, false, false);
    let (mut start, mut end): (Vec<Vec2>, Vec<Vec2>) = (Vec::new(), Vec::new());
    let mut height: [Option<f32>; 2] = [None, None];
    for _ in 0..20_000 {
        app.update();
        if start.is_empty() {
            start = actors(&mut app);
        }
        let mut q = app
            .world_mut()
            .query_filtered::<&ControllerState, With<Player>>();
        let st = q.single(app.world()).unwrap();
        let down = st.surface.is_some_and(|on| on.normal.y < -0.5);
        n[1] += u32::from(st.dash.is_some() && !dashing);
        n[3] += u32::from(st.rolling && !rolling);
        if upside && !down {
            // off the ceiling into the air, or on round the loop
            n[if st.surface.is_none() { 5 } else { 4 }] += 1;
        }
        n[0] += u32::from(st.forced.1 > forced);
        (forced, dashing, rolling, upside) = (st.forced.1, st.dash.is_some(), st.rolling, down);
        n[2] += app
            .world_mut()
            .resource_mut::<Messages<CrystalTaken>>()
            .drain()
            .count() as u32;
        if app.world().resource::<LevelStatus>().goals == 0 {
            // (read before the goal: reaching it loads the next level)
            end = actors(&mut app);
            n[6] = paddles(&mut app);
            height = [
                height[0].or(Some(player_y(&mut app))),
                Some(player_y(&mut app)),
            ];
        } else {
            n[PUSHED] = start
                .iter()
                .zip(&end)
                .filter(|(a, b)| a.distance(**b) >= 64.0)
                .count() as u32;
            let [Some(from), Some(to)] = height else {
                panic!("{}: no step before the goal", level.display());
            };
            return (n, from - to);
        }
    }
    panic!("{}: the replay never reached the goal", level.display());
}

#[test]
fn each_verb_comes_up_in_three_levels_asking_no_less_than_the_first() {
    let list = LevelList::around(&first_level());
    let mut first: [Option<(String, u32)>; 8] = Default::default();
    let mut levels = [0; 8];
    let mut descents = 0;
    for level in &list.0 {
        let name = tangent_level::files::level_stem(level).unwrap();
        let (n, down) = verbs(level, shipped_replay(&name));
        descents += usize::from(down >= 192.0);
        let said: Vec<String> = (0..8).map(|v| format!("{} {}", n[v], VERBS[v])).collect();
        println!("{name}: {}; the goal {down:.0} px down", said.join(", "));
        for v in 0..8 {
            if n[v] == 0 {
                continue;
            }
            levels[v] += 1;
            match &first[v] {
                None => first[v] = Some((name.clone(), n[v])),
                // (an actor pushed is any actor: 1-1's stack of three is not a bar)
                Some((by, k)) => assert!(
                    v == PUSHED || n[v] >= *k,
                    "{name}: {} {}, {by} had {k}",
                    n[v],
                    VERBS[v]
                ),
            }
        }
    }
    println!("levels using each of {VERBS:?}: {levels:?}; first: {first:?}");
    println!("levels going down: {descents}");
    assert!(levels.iter().all(|&k| k >= 3), "{levels:?}");
    assert!(descents >= 1, "no level goes down");
}
