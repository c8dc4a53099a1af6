//! Choices of route (#61 item 1): at least three shipped levels offer two
//! roads past one stretch, and their two shipped replays take different
//! ones. Measured from where each replay stands: a column (32 px) is on
//! another road when the collect-all replay stands in it at a height the
//! main replay never stands at there or in the 2 columns either side
//! (none within 48 px), while the main replay stands lower on the same
//! floor (64–200 px under) within 6 columns of it (it jumps the low
//! road's obstacles, standing between them). A road
//! is a stretch of such columns, each within 4 columns of the last (hops
//! between planks leave columns unstood). A level offers a choice when a
//! road is at least 14 columns long: a coin's perch is 4 or 5 wide, and
//! the longest measured in a level without a fork is 10.

use std::collections::HashMap;
use std::path::Path;

use bevy::prelude::*;
use tangent::collision::{Grounded, PhysicsPosition};
use tangent::level::LevelStatus;
use tangent::level::list::LevelList;
use tangent::player::{Player, Replay};
use tangent::sim::headless::headless_app;

use super::common::{first_level, shipped_replay};

/// The shortest road (columns from its first to its last) that makes a
/// choice of route.
const CHOICE_COLUMNS: i32 = 14;
/// The most columns between two of a road's (a hop).
const HOP_COLUMNS: i32 = 4;

/// The heights the player's centre stands at in each column, on the way
/// to the goal with `replay`.
fn stands(level: &Path, replay: Replay) -> HashMap<i32, Vec<f32>> {
    let mut app = headless_app(level, Some(replay)).unwrap();
    let mut at: HashMap<i32, Vec<f32>> = HashMap::new();
    for _ in 0..20_000 {
        app.update();
        if app.world().resource::<LevelStatus>().goals > 0 {
            return at;
        }
        let mut q = app
            .world_mut()
            .query_filtered::<(&PhysicsPosition, &Grounded), With<Player>>();
        let (p, g) = q.single(app.world()).unwrap();
        if g.0 {
            at.entry((p.0.x / 32.0).floor() as i32)
                .or_default()
                .push(p.0.y);
        }
    }
    panic!("{}: the replay never reached the goal", level.display());
}

/// The longest road (columns from first to last) where `other` stands
/// above `main` (see the module's docs).
fn longest_road(main: &HashMap<i32, Vec<f32>>, other: &HashMap<i32, Vec<f32>>) -> i32 {
    let near = |col: i32, by: i32| {
        (col - by..=col + by)
            .filter_map(|c| main.get(&c))
            .flatten()
            .copied()
    };
    let mut cols: Vec<i32> = other
        .iter()
        .filter(|(col, ys)| {
            ys.iter().any(|&y| {
                near(**col, 2).all(|m| (m - y).abs() > 48.0)
                    && near(**col, 6).any(|m| (64.0..=200.0).contains(&(y - m)))
            })
        })
        .map(|(col, _)| *col)
        .collect();
    cols.sort_unstable();
    let (mut longest, mut start) = (0, 0);
    for (i, &c) in cols.iter().enumerate() {
        if i == 0 || c - cols[i - 1] > HOP_COLUMNS {
            start = c;
        }
        longest = longest.max(c - start + 1);
    }
    longest
}

#[test]
fn three_levels_offer_a_choice_of_route() {
    let list = LevelList::around(&first_level());
    let mut choices = Vec::new();
    let mut most_without = 0;
    for level in &list.0 {
        let name = tangent_level::files::level_stem(level).unwrap();
        let main = stands(level, shipped_replay(&name));
        let coins = stands(level, shipped_replay(&format!("{name}.coins")));
        let n = longest_road(&main, &coins);
        println!("{name}: the collect-all replay's longest other road: {n} columns");
        if n >= CHOICE_COLUMNS {
            choices.push(name);
        } else {
            most_without = most_without.max(n);
        }
    }
    println!("choices of route: {choices:?}; the longest other road elsewhere: {most_without}");
    assert!(choices.len() >= 3, "{choices:?}");
    // (the measure tells a road from a perch: some level has a perch)
    assert!(most_without >= 3, "no perch measured: {most_without}");
}
