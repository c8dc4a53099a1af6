//! Stacks stand still: ten 32 px crates on a tile floor for ten simulated
//! minutes, the same on a gentle curve and with friction 0.5: the top crate
//! drifts less than 0.1 px and no crate ever overlaps another by more than
//! the skin. Then swept: columns of 2–10 crates (or crates with a ball on
//! top) 6–64 px, each shifted sideways by up to half its half-size (a
//! quarter of its width), gravity 300–6 000 px/s², friction 0–1, dropped
//! from up to 2 px apart, anywhere within ±8 000 px, for twenty seconds.
//!
//! Sleep is off for these bodies: the stacks stand by the solver alone
//! (`tests/sleep.rs` covers stacks that sleep and wake).

mod common;

use common::bodies::deepest_overlap;
use common::rng::Rng;
use glam::Vec2;
const SKIN: f32 = tangent_collision::prelude::Body::SKIN;
use tangent_collision::dynamics::{WorldScratch, step_bodies};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;
const TEN_MINUTES: usize = 36_000;

fn crate_at(half: f32, at: Vec2, friction: f32) -> Body {
    let mut b = Body::new(
        ActorShape::Rect {
            half_extents: Vec2::splat(half),
        },
        at,
        Vec2::ZERO,
        0.1,
    );
    b.friction = friction;
    b.can_sleep = false;
    b
}

/// A ball of radius `r` at `at`, restitution 0.2, that never sleeps.
fn ball_at(r: f32, at: Vec2) -> Body {
    let mut b = Body::new(ActorShape::Circle { radius: r }, at, Vec2::ZERO, 0.2);
    b.can_sleep = false;
    b
}

/// A column of `n` crates of half size `half` standing on `ground_y` at `x`,
/// `gap` apart, each shifted sideways by up to `sway` of its half size.
fn column(
    n: usize,
    half: f32,
    (x, ground_y): (f32, f32),
    (gap, sway): (f32, f32),
    friction: f32,
    rng: &mut Rng,
) -> Vec<Body> {
    (0..n)
        .map(|k| {
            let y = ground_y + half + SKIN + k as f32 * (2.0 * half + gap);
            let dx = sway * half * rng.range(-1.0, 1.0) as f32;
            crate_at(half, Vec2::new(x + dx, y), friction)
        })
        .collect()
}

/// Steps `bodies` for `steps`, after one settling second: (drift of the top
/// body, deepest overlap seen at any step).
fn stand(set: &TerrainSet, bodies: &mut [Body], gravity: Vec2, steps: usize) -> (f32, f32) {
    let mut scratch = WorldScratch::default();
    let mut worst = 0.0f32;
    for _ in 0..60 {
        step_bodies(set, bodies, &mut scratch, gravity, DT);
        worst = worst.max(deepest_overlap(bodies));
    }
    let top = bodies.len() - 1;
    let start = bodies[top].position;
    for _ in 0..steps {
        step_bodies(set, bodies, &mut scratch, gravity, DT);
        worst = worst.max(deepest_overlap(bodies));
    }
    ((bodies[top].position - start).length(), worst)
}

/// Asserts a stand (drift, deepest overlap) held still (drift under
/// 0.1 px, no overlap beyond the skin) and returns the worst so far.
fn still((drift, overlap): (f32, f32), worst: (f32, f32), what: impl Fn() -> String) -> (f32, f32) {
    assert!(
        drift < 0.1 && overlap <= SKIN,
        "{}: drift {drift}, overlap {overlap}",
        what()
    );
    (worst.0.max(drift), worst.1.max(overlap))
}

fn floor(y: f32, x0: f32, x1: f32) -> TerrainPiece {
    TerrainPiece::solid(Segment::new(Vec2::new(x0, y), Vec2::new(x1, y)))
}

#[test]
fn ten_crates_stand_for_ten_minutes_on_tiles_on_a_curve_and_with_friction() {
    let g = Vec2::new(0.0, -3600.0);
    let rng = &mut Rng::new(1);
    // A tile floor: a grid of 32 px tiles whose bottom row is solid (its
    // top at y = 32), as a level builds it.
    let mut grid = TileGrid::new(20, 16, 32.0, Vec2::new(-320.0, 0.0));
    for x in 0..20 {
        grid.set(x, 0, TileKind::Solid);
    }
    let tiles = TerrainSet::new(grid.pieces()).unwrap();
    let mut on_tiles = column(10, 16.0, (0.0, 32.0), (0.0, 0.0), 0.0, rng);
    let (drift, overlap) = stand(&tiles, &mut on_tiles, g, TEN_MINUTES);
    println!("tile floor: top drift {drift:.5} px, deepest overlap {overlap:.5} px");
    assert!(drift < 0.1 && overlap <= SKIN, "{on_tiles:?}");

    // A gentle curve: the bottom crate on the flat bottom of a wide cubic
    // bowl (slopes under 10° where it stands), frictionless.
    let bowl = CubicBezier::new(
        Vec2::new(-600.0, 200.0),
        Vec2::new(-200.0, -100.0),
        Vec2::new(200.0, -100.0),
        Vec2::new(600.0, 200.0),
    );
    let curve = TerrainSet::new(vec![TerrainPiece::solid(bowl)]).unwrap();
    let bottom = Terrain::from(bowl).point(0.5).y;
    let mut on_curve = column(10, 16.0, (0.0, bottom + 0.5), (0.0, 0.0), 0.0, rng);
    let (drift, overlap) = stand(&curve, &mut on_curve, g, TEN_MINUTES);
    println!("gentle curve: top drift {drift:.5} px, deepest overlap {overlap:.5} px");
    assert!(drift < 0.1 && overlap <= SKIN, "{on_curve:?}");

    // Friction 0.5 on a 12° straight slope (within atan 0.5 = 26.6°).
    let slope = Segment::new(Vec2::new(-400.0, -85.0), Vec2::new(400.0, 85.0));
    let sloped = TerrainSet::new(vec![TerrainPiece::solid(slope)]).unwrap();
    let mut rough = column(
        10,
        16.0,
        (0.0, 16.0 * 12f32.to_radians().tan() + 0.5),
        (0.0, 0.0),
        0.5,
        rng,
    );
    let (drift, overlap) = stand(&sloped, &mut rough, g, TEN_MINUTES);
    println!("friction 0.5 on 12°: top drift {drift:.5} px, deepest overlap {overlap:.5} px");
    assert!(drift < 0.1 && overlap <= SKIN, "{rough:?}");
}

#[test]
fn random_columns_stand_still() {
    let mut rng = Rng::new(0x57AC_C0DE);
    let (mut checked, mut worst) = (0, (0.0f32, 0.0f32));
    for case in 0..60 {
        let n = 2 + rng.below(9);
        let half = rng.range(3.0, 32.0) as f32;
        let g = Vec2::new(0.0, -rng.log_range(300.0, 6000.0) as f32);
        let friction = if rng.chance(0.5) {
            0.0
        } else {
            rng.range(0.1, 1.0) as f32
        };
        let x = rng.range(-8000.0, 8000.0) as f32;
        let y = rng.range(-8000.0, 8000.0) as f32;
        let gap = rng.range(0.0, 2.0) as f32;
        let set = TerrainSet::new(vec![floor(y, x - 40.0 * half, x + 40.0 * half)]).unwrap();
        let sway = rng.range(0.0, 0.5) as f32;
        let mut bodies = column(n, half, (x, y), (gap, sway), friction, &mut rng);
        if rng.chance(0.3) {
            // A ball on top.
            let r = rng.range(0.3, 1.0) as f32 * half;
            let top = bodies[n - 1].position + Vec2::new(0.0, half + r + gap + SKIN);
            bodies.push(ball_at(r, top));
        }
        let stood = stand(&set, &mut bodies, g, 1200);
        let what = || format!("case {case}: n {n}, half {half}, g {g}, μ {friction}: {bodies:?}");
        worst = still(stood, worst, what);
        checked += 1;
    }
    println!(
        "{checked} columns: worst top drift {:.5} px, deepest overlap {:.5} px",
        worst.0, worst.1
    );
}

/// A crate resting on a ball resting at the bottom of a cubic bowl stands
/// still for ten minutes, swept: balls 6–40 px, crates 6–40 px (friction
/// 0–1), gravity 300–6 000 px/s², the bowl anywhere within ±8 000 px.
#[test]
fn a_crate_on_a_ball_in_a_bowl_stands_still() {
    let mut rng = Rng::new(0x00BA_11ED);
    let (mut checked, mut worst) = (0, (0.0f32, 0.0f32));
    for case in 0..24 {
        let origin = Vec2::new(
            rng.range(-8000.0, 8000.0) as f32,
            rng.range(-8000.0, 8000.0) as f32,
        );
        let bowl = CubicBezier::new(
            origin + Vec2::new(-400.0, 300.0),
            origin + Vec2::new(-150.0, -100.0),
            origin + Vec2::new(150.0, -100.0),
            origin + Vec2::new(400.0, 300.0),
        );
        let set = TerrainSet::new(vec![TerrainPiece::solid(bowl)]).unwrap();
        let bottom = Terrain::from(bowl).point(0.5);
        let r = rng.range(3.0, 20.0) as f32;
        let half = rng.range(3.0, 20.0) as f32;
        let ball = ball_at(r, bottom + Vec2::new(0.0, r + SKIN));
        let crate_ = crate_at(
            half,
            bottom + Vec2::new(0.0, 2.0 * r + half + 2.0 * SKIN),
            rng.range(0.0, 1.0) as f32,
        );
        let g = Vec2::new(0.0, -rng.log_range(300.0, 6000.0) as f32);
        let mut bodies = [ball, crate_];
        let steps = if case == 0 { TEN_MINUTES } else { 3600 };
        let stood = stand(&set, &mut bodies, g, steps);
        let what = || format!("case {case}: r {r}, half {half}, g {g}: {bodies:?}");
        worst = still(stood, worst, what);
        checked += 1;
    }
    println!(
        "{checked} crates on balls in bowls: worst drift {:.5} px, deepest overlap {:.5} px",
        worst.0, worst.1
    );
}
