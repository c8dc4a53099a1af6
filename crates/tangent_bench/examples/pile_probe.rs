//! Profiling probe: the scene bench's small-10k+contacts row (10 000 balls
//! stepped together with `step_bodies`) for N steps (default 300), printing
//! every 30 steps the time those steps took, how many balls sleep and how
//! many moved less than the sleep speed in the last step, then a checksum
//! of where the balls ended so two versions compare bit for bit.
//!
//! `cargo build --release -p tangent_bench --examples && target/release/examples/pile_probe 300`

use tangent_bench::scene::{DT, GRAVITY, checksum, scene};
/// The speed below which a body counts as still (the crate's sleep rule), px/s.
const SLEEP_SPEED: f32 = 4.0;
use tangent_collision::dynamics::{WorldScratch, step_bodies};
use tangent_collision::prelude::{Body, TerrainSet};

fn main() {
    let steps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let s = scene(256, 64, 10_000);
    let set = TerrainSet::from_tiles(&s.grid, s.curves.clone()).expect("valid terrain");
    let mut bodies: Vec<Body> = s.balls.iter().map(|b| b.body()).collect();
    let mut world = WorldScratch::default();
    let mut last: Vec<_> = bodies.iter().map(|b| b.position).collect();
    let mut clock = std::time::Instant::now();
    for k in 0..steps {
        step_bodies(&set, &mut bodies, &mut world, GRAVITY, DT);
        if k % 30 == 29 {
            let asleep = (0..bodies.len()).filter(|&i| world.is_asleep(i)).count();
            let still = bodies
                .iter()
                .zip(&last)
                .filter(|(b, p)| b.position.distance(**p) <= SLEEP_SPEED * DT)
                .count();
            println!(
                "steps {:>3}–{k}: {:>6.1} ms, {asleep} asleep, {still} still",
                k - 29,
                clock.elapsed().as_secs_f64() * 1e3
            );
            clock = std::time::Instant::now();
        }
        last.clear();
        last.extend(bodies.iter().map(|b| b.position));
    }
    println!(
        "{} bodies after {steps} steps, state checksum {:016x}",
        bodies.len(),
        checksum(&bodies)
    );
}
