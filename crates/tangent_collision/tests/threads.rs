//! The step gives the same bits on any number of threads: bodies stepped
//! in islands on 2, 3 and 8 threads (rayon pools of one fewer, with the
//! calling thread; and split on the calling thread alone) end every step
//! exactly as the one-piece step leaves them: positions, velocities,
//! reports (every contact: what it touched, where, its normal) and sleep.
//! Two scenes: the determinism test's fourth (40 bodies together in a room, whose hash is
//! recorded in `tests/determinism.hash`), and a wide level of 1 500 balls
//! and crates dropped over platforms and hills, knocking, stacking and
//! falling asleep, where most steps split into many islands (asserted).

mod common;

use std::sync::Arc;

use common::levels::{fnv, room_scene};
use common::rng::Rng;
use glam::Vec2;
use tangent_collision::dynamics::{
    Parallel, Serial, Workers, WorldScratch, step_bodies, step_bodies_on,
};
use tangent_collision::prelude::*;

const HASH_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/determinism.hash");

/// The hash of one step's results, as the determinism test takes it.
fn step_hash(mut h: u64, bodies: &[Body], world: &WorldScratch) -> u64 {
    for (i, (b, report)) in bodies.iter().zip(world.reports()).enumerate() {
        let flags = [report.grounded as u8, report.contacts.len() as u8];
        h = fnv(h, &[flags[0], flags[1], world.is_asleep(i) as u8]);
        for x in [b.position.x, b.position.y, b.velocity.x, b.velocity.y] {
            h = fnv(h, &x.to_bits().to_le_bytes());
        }
    }
    h
}

/// Every contact of the step: what it touched (a piece or a body, by
/// index), where and its normal's bits.
fn contacts_hash(mut h: u64, world: &WorldScratch) -> u64 {
    for report in world.reports() {
        for c in &report.contacts {
            let (kind, index) = match c.with {
                Touched::Piece(p) => (0u8, p),
                Touched::Body(j) => (1, j),
            };
            h = fnv(h, &[kind]);
            h = fnv(h, &(index as u64).to_le_bytes());
            for x in [c.point.x, c.point.y, c.normal.x, c.normal.y] {
                h = fnv(h, &x.to_bits().to_le_bytes());
            }
        }
    }
    h
}

/// The pools the tests compare: none (the whole step), the calling
/// thread split into islands, and 2, 3 and 8 threads (rayon pools of one
/// fewer, the calling thread taking jobs too).
fn pools() -> Vec<(String, Option<Parallel>)> {
    let mut out = vec![
        ("one piece".to_string(), None),
        (
            "split, calling thread".to_string(),
            Some(Parallel {
                min_bodies: 0,
                ..Parallel::on(Arc::new(Serial))
            }),
        ),
    ];
    for threads in [2, 3, 8] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .build()
            .expect("a thread pool");
        assert_eq!(pool.threads(), threads);
        let parallel = Parallel {
            min_bodies: 0,
            ..Parallel::on(Arc::new(pool))
        };
        out.push((format!("{threads} threads"), Some(parallel)));
    }
    out
}

/// Steps `bodies` `steps` times on `parallel` (or in one piece): the hash
/// after every step (as the determinism test takes it), how many steps ran
/// split, how many bodies sleep at the end, and a hash of every contact.
fn run(
    set: &TerrainSet,
    mut bodies: Vec<Body>,
    gravity: Vec2,
    steps: usize,
    parallel: Option<&Parallel>,
) -> (u64, usize, usize, u64) {
    let mut world = WorldScratch::default();
    let (mut h, mut split) = (0xcbf2_9ce4_8422_2325, 0);
    let mut touched = h;
    for _ in 0..steps {
        match parallel {
            Some(p) => step_bodies_on(set, &mut bodies, &mut world, gravity, 1.0 / 60.0, p),
            None => step_bodies(set, &mut bodies, &mut world, gravity, 1.0 / 60.0),
        }
        split += usize::from(world.batches() > 1);
        h = step_hash(h, &bodies, &world);
        touched = contacts_hash(touched, &world);
    }
    let asleep = (0..bodies.len()).filter(|&i| world.is_asleep(i)).count();
    (h, split, asleep, touched)
}

/// 1 500 balls (radius 3–9 px) and crates (half-size 4–10 px) over a
/// level 600 × 40 tiles of 16 px: a floor, scattered platforms, quadratic
/// hills; velocities up to 600 px/s, restitution 0–0.9, gravity 3 600.
fn wide_scene() -> (TerrainSet, Vec<Body>, Vec2) {
    let (cols, rows, tile) = (600usize, 40usize, 16.0f32);
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut grid = TileGrid::new(cols, rows, tile, Vec2::ZERO);
    for x in 0..cols {
        grid.set(x, 0, TileKind::Solid);
        grid.set(x, rows - 1, TileKind::Solid);
    }
    for y in 0..rows {
        grid.set(0, y, TileKind::Solid);
        grid.set(cols - 1, y, TileKind::Solid);
    }
    for y in 6..rows - 6 {
        for x in 2..cols - 6 {
            if rng.unit() < 0.01 {
                for dx in 0..3 {
                    grid.set(x + dx, y, TileKind::Solid);
                }
            }
        }
    }
    let hills = (0..cols / 30)
        .map(|i| {
            let x = (i * 30 + 5) as f32 * tile;
            let h = rng.range(40.0, 160.0) as f32;
            TerrainPiece::solid(QuadBezier::new(
                Vec2::new(x, tile),
                Vec2::new(x + 96.0, tile + 2.0 * h),
                Vec2::new(x + 192.0, tile),
            ))
        })
        .collect();
    let set = TerrainSet::from_tiles(&grid, hills).expect("valid terrain");
    let mut bodies = Vec::new();
    while bodies.len() < 1500 {
        let (x, y) = (
            2 + (rng.unit() * (cols - 4) as f64) as usize,
            10 + (rng.unit() * (rows - 12) as f64) as usize,
        );
        if grid.get(x as i64, y as i64) != TileKind::Empty {
            continue;
        }
        let shape = if bodies.len() % 4 == 0 {
            let (w, h) = (rng.range(4.0, 7.5) as f32, rng.range(4.0, 7.5) as f32);
            ActorShape::Rect {
                half_extents: Vec2::new(w, h),
            }
        } else {
            ActorShape::Circle {
                radius: rng.range(3.0, 7.5) as f32,
            }
        };
        let p = (Vec2::new(x as f32, y as f32) + 0.5) * tile;
        let v = Vec2::new(
            rng.range(-600.0, 600.0) as f32,
            rng.range(-600.0, 600.0) as f32,
        );
        bodies.push(Body::new(shape, p, v, rng.range(0.0, 0.9) as f32));
    }
    (set, bodies, Vec2::new(0.0, -3600.0))
}

#[test]
fn the_recorded_hash_on_any_number_of_threads() {
    let (room, bodies, gravity) = room_scene(4);
    let set = room.set;
    let recorded = std::fs::read_to_string(HASH_FILE).expect("tests/determinism.hash");
    let want = recorded.lines().nth(3).expect("four hashes");
    let mut contacts = None;
    for (name, parallel) in pools() {
        let (h, split, _, c) = run(&set, bodies.clone(), gravity, 600, parallel.as_ref());
        println!("room, {name}: hash {h:016x}, contacts {c:016x}, {split} of 600 steps split");
        assert_eq!(format!("{h:016x}"), want, "{name}");
        let whole = *contacts.get_or_insert(c);
        assert_eq!(c, whole, "{name}: the contacts differ");
    }
}

#[test]
fn a_wide_level_gives_the_same_bits_on_any_number_of_threads() {
    let (set, bodies, gravity) = wide_scene();
    let steps = 240;
    let (whole, _, resting, touched) = run(&set, bodies.clone(), gravity, steps, None);
    println!("wide level, one piece: {whole:016x}; {resting} of 1 500 asleep after {steps} steps");
    for (name, parallel) in pools().into_iter().skip(1) {
        let (h, split, _, c) = run(&set, bodies.clone(), gravity, steps, parallel.as_ref());
        println!("wide level, {name}: {h:016x}, {split} of {steps} steps split");
        assert_eq!((h, c), (whole, touched), "{name}");
        assert!(
            split * 10 >= steps * 8,
            "{name}: only {split} of {steps} steps split"
        );
    }
}

/// A knock that throws a body out of its island: rows of three balls on a
/// floor, the first rolling at 1 500–3 000 px/s into the second, which
/// stands 1–6 px from it; the third stands 16–48 px beyond, out of the
/// second's island (nothing moves it before the knock), yet in the one-
/// piece step the second reaches it within the same step. The split step
/// must see it (falling back to one piece) and give the same bits; the
/// test asserts the fall-backs happened.
#[test]
fn a_knock_into_another_island_gives_the_same_bits() {
    let floor = Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(16_000.0, 0.0));
    let set = TerrainSet::new(vec![TerrainPiece::solid(floor)]).expect("valid terrain");
    let mut rng = Rng::new(7);
    let mut bodies = Vec::new();
    for row in 0..60 {
        let x = 250.0 * row as f32;
        let ball = |x: f32, v: f32| {
            Body::new(
                ActorShape::Circle { radius: 5.0 },
                Vec2::new(x, 5.02),
                Vec2::new(v, 0.0),
                1.0,
            )
        };
        let gap = rng.range(1.0, 6.0) as f32;
        let far = rng.range(16.0, 48.0) as f32;
        bodies.push(ball(x, rng.range(1500.0, 3000.0) as f32));
        bodies.push(ball(x + 10.0 + gap, 0.0));
        bodies.push(ball(x + 20.0 + gap + far, 0.0));
    }
    let gravity = Vec2::new(0.0, -900.0);
    let (whole, _, _, touched) = run(&set, bodies.clone(), gravity, 30, None);
    for (name, parallel) in pools().into_iter().skip(1) {
        let (h, split, _, c) = run(&set, bodies.clone(), gravity, 30, parallel.as_ref());
        println!("knocks, {name}: {h:016x}, {split} of 30 steps split");
        assert_eq!((h, c), (whole, touched), "{name}");
        assert!(split < 30, "{name}: no step fell back to one piece");
        assert!(split > 0, "{name}: no step split");
    }
}

/// The [`World`] handle with movers: 40 platforms (48 px segments) sliding
/// up and down over a floor 16 000 px long, 10 balls dropped onto each, the
/// movers carrying, pushing and crushing them, stepped 240 times in one
/// piece and split on every pool: the same bodies, contacts and crushes.
#[test]
fn movers_carry_the_same_on_any_number_of_threads() {
    let floor = TerrainPiece::solid(Segment::new(Vec2::new(0.0, 0.0), Vec2::new(16_000.0, 0.0)));
    let mut rng = Rng::new(11);
    let mut movers = Vec::new();
    let mut bodies = Vec::new();
    for k in 0..40 {
        let x = 100.0 + 390.0 * k as f32;
        let top = Segment::new(Vec2::new(x - 24.0, 60.0), Vec2::new(x + 24.0, 60.0));
        movers.push(Mover::around(
            Vec2::new(x, 60.0),
            vec![TerrainPiece::solid(top)],
        ));
        for b in 0..10 {
            let p = Vec2::new(x + rng.range(-60.0, 60.0) as f32, 80.0 + 14.0 * b as f32);
            let ball = Body::new(
                ActorShape::Circle {
                    radius: rng.range(3.0, 6.0) as f32,
                },
                p,
                Vec2::ZERO,
                0.3,
            );
            bodies.push(ball);
        }
    }
    let set = TerrainSet::with_movers(vec![floor], movers).expect("valid movers");
    let run = |parallel: Option<&Parallel>| {
        let mut world = World::new(set.clone(), Vec2::new(0.0, -900.0));
        if let Some(p) = parallel {
            world.set_parallel(p.clone());
        }
        for b in &bodies {
            world.add_body(*b);
        }
        let (mut h, mut crushes, mut split) = (0xcbf2_9ce4_8422_2325u64, 0, 0);
        for step in 0..240 {
            let t = step as f32 / 60.0;
            let poses: Vec<Pose> = (0..40)
                .map(|k| {
                    let x = 100.0 + 390.0 * k as f32;
                    let y = 60.0 + 50.0 * (t * (1.0 + 0.05 * k as f32)).sin();
                    Pose::new(Vec2::new(x, y), 0.0)
                })
                .collect();
            world.set_mover_targets(&poses);
            let events = world.step(1.0 / 60.0);
            crushes += events.crushes.len();
            for (b, report) in world.bodies().iter().zip(world.events().reports) {
                for x in [b.position.x, b.position.y, b.velocity.x, b.velocity.y] {
                    h = fnv(h, &x.to_bits().to_le_bytes());
                }
                for c in &report.contacts {
                    let j = match c.with {
                        Touched::Piece(p) => p,
                        Touched::Body(j) => 100_000 + j,
                    };
                    h = fnv(h, &(j as u64).to_le_bytes());
                }
            }
            split += usize::from(world.batches() > 1);
        }
        (h, crushes, split)
    };
    let (whole, crushes, _) = run(None);
    println!("movers, one piece: {whole:016x}, {crushes} crushes");
    for (name, parallel) in pools().into_iter().skip(1) {
        let (h, c, split) = run(parallel.as_ref());
        println!("movers, {name}: {h:016x}, {c} crushes, {split} of 240 steps split");
        assert_eq!((h, c), (whole, crushes), "{name}");
        assert!(split > 200, "{name}: only {split} of 240 steps split");
    }
}
