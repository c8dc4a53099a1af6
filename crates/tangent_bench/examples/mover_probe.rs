//! Profiling probe: the scene bench's small-1k+200movers row (256 x 64
//! tiles, 1 000 balls, 200 moving parts), stepped N times (default 60) with
//! `move_movers` then `step_bodies`, printing a checksum of where the balls
//! ended so two versions compare. A second argument steps the bodies split
//! into islands (`step_bodies_on`): `split` on the calling thread (what the
//! split costs, for callgrind), or a number of threads (the calling thread
//! and a rayon pool of one fewer); the time the steps took is printed too.
//!
//! `valgrind --tool=callgrind target/release/examples/mover_probe 30 split`

use std::sync::Arc;
use tangent_bench::scene::{DT, GRAVITY, MovingPart, checksum, moving_parts, scene};
use tangent_collision::dynamics::{Parallel, Serial, WorldScratch, move_movers, step_bodies_on};
use tangent_collision::prelude::{Body, TerrainSet};

fn main() {
    let steps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let parallel = match std::env::args().nth(2).as_deref() {
        None => Parallel::default(),
        Some("split") => Parallel {
            min_bodies: 0,
            ..Parallel::on(Arc::new(Serial))
        },
        Some(n) => match n.parse::<usize>().expect("a thread count, or split") {
            // One thread: the step in one piece, as with no argument.
            0 | 1 => Parallel::default(),
            n => Parallel::on(Arc::new(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n - 1)
                    .build()
                    .expect("a rayon pool"),
            )),
        },
    };
    let s = scene(256, 64, 1_000);
    let parts = moving_parts(256, 64, 200);
    let tiles = TerrainSet::from_tiles(&s.grid, s.curves.clone()).expect("valid terrain");
    let fixed: Vec<_> = (0..tiles.len()).map(|i| *tiles.piece(i)).collect();
    let movers = parts.iter().map(MovingPart::mover).collect();
    let mut set = TerrainSet::with_movers(fixed, movers).expect("valid movers");
    let mut bodies: Vec<Body> = s.balls.iter().map(|b| b.body()).collect();
    let mut world = WorldScratch::default();
    let mut poses = Vec::new();
    let mut crushed = 0;
    let clock = std::time::Instant::now();
    let mut in_bodies = 0.0;
    let mut split = 0;
    for step in 0..steps {
        let t = (step + 1) as f32 * DT;
        poses.clear();
        poses.extend(parts.iter().map(|p| p.pose(t)));
        move_movers(&mut set, &poses, &mut bodies, &mut world, GRAVITY, DT)
            .expect("poses in range");
        crushed += world.crushes().len();
        // A crushed ball starts again where it started, as the game does.
        for c in world.crushes() {
            bodies[c.body] = s.balls[c.body].body();
        }
        let bodies_clock = std::time::Instant::now();
        step_bodies_on(&set, &mut bodies, &mut world, GRAVITY, DT, &parallel);
        in_bodies += bodies_clock.elapsed().as_secs_f64() * 1e3;
        split += usize::from(world.batches() > 0);
    }
    let ms = clock.elapsed().as_secs_f64() * 1e3;
    eprintln!(
        "{steps} steps in {ms:.1} ms ({in_bodies:.1} ms in the bodies' step, {split} of them split)"
    );
    println!(
        "{} bodies after {steps} steps ({crushed} crushes), state checksum {:016x}",
        bodies.len(),
        checksum(&bodies)
    );
}
