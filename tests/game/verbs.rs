//! The campaign's later verbs (#61 item 5): the wall jump, the dash and
//! the refill crystal each come up in at least three shipped levels, and
//! a level that uses one asks for at least as much of it as the first
//! level that did. Counted by playing each level's shipped replay to its
//! goal: a wall jump is a step on which the controller starts its forced
//! move away from a wall, a dash a step on which a dash starts, a crystal
//! a `CrystalTaken` message. Prints the counts per level.

use std::path::Path;

use bevy::prelude::*;
use tangent::level::LevelStatus;
use tangent::level::crystals::CrystalTaken;
use tangent::level::list::LevelList;
use tangent::player::{ControllerState, Player, Replay};
use tangent::sim::headless::headless_app;

/// Wall jumps, dashes and crystals taken on the way to the goal.
fn verbs(level: &Path, replay: Replay) -> [u32; 3] {
    let mut app = headless_app(level, Some(replay)).unwrap();
    let mut n = [0u32; 3];
    let (mut forced, mut dashing) = (0u32, false);
    for _ in 0..20_000 {
        app.update();
        let mut q = app
            .world_mut()
            .query_filtered::<&ControllerState, With<Player>>();
        let st = q.single(app.world()).unwrap();
        if st.forced.1 > forced {
            n[0] += 1;
        }
        if st.dash.is_some() && !dashing {
            n[1] += 1;
        }
        (forced, dashing) = (st.forced.1, st.dash.is_some());
        n[2] += app
            .world_mut()
            .resource_mut::<Messages<CrystalTaken>>()
            .drain()
            .count() as u32;
        if app.world().resource::<LevelStatus>().goals > 0 {
            return n;
        }
    }
    panic!("{}: the replay never reached the goal", level.display());
}

#[test]
fn wall_jumps_dashes_and_crystals_come_up_in_three_levels_each() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let list = LevelList::around(&root.join("assets/levels/1-1-hills.level.ron"));
    let mut first: [Option<(String, u32)>; 3] = [None, None, None];
    let mut levels = [0; 3];
    for level in &list.0 {
        let name = tangent_level::files::level_stem(level).unwrap();
        let text =
            std::fs::read_to_string(root.join(format!("assets/replays/{name}.replay"))).unwrap();
        let n = verbs(level, Replay::parse(&text).unwrap());
        println!(
            "{name}: {} wall jumps, {} dashes, {} crystals",
            n[0], n[1], n[2]
        );
        for v in 0..3 {
            if n[v] == 0 {
                continue;
            }
            levels[v] += 1;
            match &first[v] {
                None => first[v] = Some((name.clone(), n[v])),
                Some((by, k)) => assert!(n[v] >= *k, "{name}: {} of verb {v}, {by} had {k}", n[v]),
            }
        }
    }
    println!("levels using each (wall jump, dash, crystal): {levels:?}; first: {first:?}");
    assert!(levels.iter().all(|&k| k >= 3), "{levels:?}");
}
