//! How the many-body step's cost grows (#62): the scene bench's big level
//! (1 000 × 1 000 tiles) with 2 500, 5 000, 10 000, 20 000 and 40 000
//! balls, ball–ball contacts on (`step_bodies`), each row's steps/s over
//! the first steps (the balls falling and bouncing: all awake), and the
//! exponent `k` of a least-squares fit of time per step ∝ bodiesᵏ (1:
//! linear). Then sleeping: 10 000 balls resting on floors, timed while
//! awake (their first steps) and once every one is asleep (velocity zero),
//! as a share of the awake cost. Each row also runs on a rayon pool of
//! every core (`step_bodies_on`: islands), with the ratio, and stops if
//! the two runs' bodies differ by a bit.
//!
//! `cargo bench -p tangent_bench --bench scaling`; under `cargo test
//! --benches` (CI) it runs tiny rows once, to check it still runs.

use std::time::Instant;

use glam::Vec2;
use std::sync::Arc;
use tangent_bench::scene::{DT, GRAVITY, TILE, checksum, scene};

use tangent_collision::dynamics::{Parallel, WorldScratch, step_bodies_on};
use tangent_collision::prelude::{ActorShape, Body, TerrainSet, TileGrid, TileKind};

/// Seconds per step over `steps` steps, on `parallel`'s workers.
fn per_step(
    set: &TerrainSet,
    bodies: &mut [Body],
    world: &mut WorldScratch,
    steps: usize,
    parallel: &Parallel,
) -> f64 {
    let start = Instant::now();
    for _ in 0..steps {
        step_bodies_on(set, bodies, world, GRAVITY, DT, parallel);
    }
    start.elapsed().as_secs_f64() / steps as f64
}

/// `n` balls of radius 4 resting on floors: a solid row every fourth row
/// of a 1 000 × 1 000 grid, a ball on every other tile of each floor.
fn resting(n: usize) -> (TerrainSet, Vec<Body>) {
    let size = 1000;
    let mut grid = TileGrid::new(size, size, TILE, Vec2::ZERO);
    let mut bodies = Vec::with_capacity(n);
    'rows: for y in (0..size).step_by(4) {
        for x in 0..size {
            grid.set(x, y, TileKind::Solid);
        }
        for x in (1..size - 1).step_by(2) {
            if bodies.len() == n {
                continue 'rows;
            }
            let at = Vec2::new((x as f32 + 0.5) * TILE, (y + 1) as f32 * TILE + 4.0);
            bodies.push(Body::new(
                ActorShape::Circle { radius: 4.0 },
                at,
                Vec2::ZERO,
                0.0,
            ));
        }
    }
    let set = TerrainSet::from_tiles(&grid, Vec::new()).expect("valid terrain");
    (set, bodies)
}

/// The least-squares slope of `ln y` over `ln x`.
fn exponent(points: &[(f64, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points.iter().map(|(x, y)| (x.ln(), y.ln())).collect();
    let n = logs.len() as f64;
    let (mx, my) = (
        logs.iter().map(|p| p.0).sum::<f64>() / n,
        logs.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxy: f64 = logs.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = logs.iter().map(|(x, _)| (x - mx).powi(2)).sum();
    sxy / sxx
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let (mut sizes, steps) = if quick {
        (vec![250, 500], 2)
    } else {
        (vec![2_500, 5_000, 10_000, 20_000, 40_000], 30)
    };
    // `SCALING_SIZES=10000,20000` picks rows (empty: none, for profiling
    // the sleeping row).
    if let Ok(list) = std::env::var("SCALING_SIZES") {
        sizes = list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect();
    }
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(2);
    // The calling thread takes jobs too: one pool thread fewer.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads - 1)
        .build();
    let all = Parallel::on(Arc::new(pool.expect("a thread pool")));
    let one = Parallel::default();
    println!(
        "| bodies | steps/s (contacts on, first {steps} steps) | µs per body-step | steps/s on {threads} threads | {threads} / 1 |"
    );
    println!("|---|---|---|---|---|");
    let mut points = Vec::new();
    for &n in &sizes {
        let s = scene(1000, 1000, n);
        let set = TerrainSet::from_tiles(&s.grid, s.curves.clone()).expect("valid terrain");
        let start: Vec<Body> = s.balls.iter().map(|b| b.body()).collect();
        let mut timed = Vec::new();
        let mut ends = Vec::new();
        for parallel in [&one, &all] {
            let mut bodies = start.clone();
            let mut world = WorldScratch::default();
            step_bodies_on(&set, &mut bodies, &mut world, GRAVITY, DT, parallel);
            timed.push(per_step(&set, &mut bodies, &mut world, steps, parallel));
            ends.push(checksum(&bodies));
        }
        assert_eq!(
            ends[0], ends[1],
            "{n} bodies: {threads} threads changed the result"
        );
        let t = timed[0];
        println!(
            "| {n} | {:.1} | {:.3} | {:.1} | **{:.2}** |",
            1.0 / t,
            1e6 * t / n as f64,
            1.0 / timed[1],
            t / timed[1]
        );
        points.push((n as f64, t));
    }
    if points.len() > 1 {
        println!(
            "scaling: time per step ∝ bodies^{:.3} (least squares over {} rows; 1 is linear)",
            exponent(&points),
            points.len()
        );
    }

    let n = if quick { 500 } else { 10_000 };
    let (set, mut bodies) = resting(n);
    let mut world = WorldScratch::default();
    let awake = per_step(
        &set,
        &mut bodies,
        &mut world,
        if quick { 2 } else { 20 },
        &one,
    );
    // Half a second still puts a body to sleep; give it a second.
    per_step(&set, &mut bodies, &mut world, 60, &one);
    let sleeping = bodies.iter().filter(|b| b.velocity == Vec2::ZERO).count();
    let asleep_steps = std::env::var("SCALING_ASLEEP_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 2 } else { 60 });
    let asleep = per_step(&set, &mut bodies, &mut world, asleep_steps, &one);
    println!(
        "sleeping: {n} resting balls, {sleeping} asleep: {:.1} µs a step asleep, {:.1} awake: {:.2} % of the awake cost (goal under 5 %)",
        1e6 * asleep,
        1e6 * awake,
        100.0 * asleep / awake
    );
    assert_eq!(sleeping, n, "every resting ball is asleep");
}
