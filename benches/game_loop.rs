//! The whole game simulation headless: one Bevy `FixedUpdate` step (player
//! controller, collision plugin with 1 001 actors, hit messages, goal checks)
//! of the shipped level 1-1-hills with 1 000 extra balls dropped over it.

use std::fmt::Write;

#[path = "support/timing.rs"]
mod timing;

use tangent::sim::headless::headless_app;

/// The shipped level's text with `n` balls added to its actors, in the open
/// air between the floor and the ceiling.
fn level_with_balls(n: usize) -> String {
    let text = std::fs::read_to_string("assets/levels/1-1-hills.level.ron")
        .expect("run from the repository root");
    let mut balls = String::new();
    for i in 0..n {
        let (x, y) = (
            100.0 + (i % 95) as f32 * 20.0,
            200.0 + (i / 95) as f32 * 24.0,
        );
        writeln!(
            balls,
            "        (name: \"b{i}\", shape: Circle(radius: 6), position: ({x}, {y}), velocity: ({}, 0), restitution: 0.7),",
            (i % 7) as f32 * 40.0 - 120.0
        )
        .unwrap();
    }
    // The copy is played from a temporary folder, where the shipped level's
    // `next` is not: it ends the run at the goal instead.
    let next = text
        .lines()
        .find(|l| l.trim_start().starts_with("next:"))
        .expect("1-1-hills names its next level");
    text.replacen("actors: [\n", &format!("actors: [\n{balls}"), 1)
        .replacen(&format!("{next}\n"), "", 1)
}

fn main() {
    let dir = std::env::temp_dir().join("tangent-bench");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hills-1000.level.ron");
    std::fs::write(&path, level_with_balls(1000)).unwrap();
    let mut app = headless_app(&path, None).expect("the level with balls is valid");
    // Let the balls fall and start bouncing before timing.
    for _ in 0..60 {
        app.update();
    }
    timing::time(
        "game_loop: FixedUpdate step, 1-1-hills + 1000 balls",
        timing::quick_or(60),
        timing::quick_or(600),
        || {
            app.update();
        },
    );
}
