//! Profiling probe: the scene bench's big-1k level (1 000 x 1 000 tiles,
//! 1 000 balls), stepped with one `StepScratch` for N steps (default 150),
//! printing a checksum of where the balls ended so two versions compare.
//!
//! `valgrind --tool=callgrind --toggle-collect='*step_body_with*' target/release/examples/scene_probe 150`

use tangent_bench::scene::{DT, GRAVITY, checksum, scene};
use tangent_collision::dynamics::{StepScratch, step_body_with};
use tangent_collision::prelude::{Body, TerrainSet};
fn main() {
    let steps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(150);
    // A second argument picks another row of the scene bench: small-10k.
    let s = match std::env::args().nth(2).as_deref() {
        Some("small-10k") => scene(256, 64, 10_000),
        _ => scene(1_000, 1_000, 1_000),
    };
    let set = TerrainSet::from_tiles(&s.grid, s.curves.clone()).expect("valid terrain");
    let mut bodies: Vec<Body> = s.balls.iter().map(|b| b.body()).collect();
    let mut scratch = StepScratch::default();
    for _ in 0..steps {
        for body in &mut bodies {
            std::hint::black_box(step_body_with(&set, body, &mut scratch, GRAVITY, DT));
        }
    }
    println!(
        "{} bodies after {steps} steps, state checksum {:016x}",
        bodies.len(),
        checksum(&bodies)
    );
}
