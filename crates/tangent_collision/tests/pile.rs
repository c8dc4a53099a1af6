//! A pile settles: 200 balls poured into a cubic bowl come to rest. After
//! ten seconds their kinetic energy is under 1 % of its peak, every ball is
//! inside the bowl (above the curve, between its rims) and none overlaps
//! another by more than the skin. Then swept: 200 balls of random radii in
//! a range drawn per case (2–12 px), gravity 300–6 000 px/s², restitution
//! 0–0.8, friction 0–1, the bowl anywhere within ±8 000 px.
//!
//! The 200-ball pile settles with sleep off (by the solver alone) and with
//! it on (the default), when nearly every ball is asleep after ten seconds;
//! the sweep (48 piles) runs with sleep on.

mod common;

use common::bodies::{deepest_overlap, kinetic_energy};
use common::rng::Rng;
use glam::Vec2;
const SKIN: f32 = tangent_collision::prelude::Body::SKIN;
use tangent_collision::dynamics::{WorldScratch, step_bodies};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

struct Settled {
    /// Kinetic energy after 10 s over its peak.
    ratio: f64,
    /// Balls outside the bowl.
    outside: usize,
    overlap: f32,
    /// Share of the balls asleep at the end.
    asleep: f64,
}

/// Pours 200 balls into a cubic bowl at `origin` (rims 600 px apart, 300 px
/// deep), 10 at a time in rows, and steps ten seconds.
fn pour(
    origin: Vec2,
    radii: (f32, f32),
    (g, e, mu): (f32, f32, f32),
    sleep: bool,
    rng: &mut Rng,
) -> Settled {
    let bowl = CubicBezier::new(
        origin + Vec2::new(-300.0, 300.0),
        origin + Vec2::new(-300.0, -100.0),
        origin + Vec2::new(300.0, -100.0),
        origin + Vec2::new(300.0, 300.0),
    );
    let set = TerrainSet::new(vec![TerrainPiece::solid(bowl)]).unwrap();
    let mut bodies = Vec::new();
    for row in 0..20 {
        for k in 0..10 {
            let r = rng.range(radii.0 as f64, radii.1 as f64) as f32;
            let x = -225.0 + 50.0 * k as f32 + rng.range(-3.0, 3.0) as f32;
            let at = origin + Vec2::new(x, 120.0 + 30.0 * row as f32);
            let mut b = Body::new(ActorShape::Circle { radius: r }, at, Vec2::ZERO, e);
            b.friction = mu;
            b.can_sleep = sleep;
            bodies.push(b);
        }
    }
    let mut scratch = WorldScratch::default();
    let gravity = Vec2::new(0.0, -g);
    let (mut peak, mut overlap) = (0.0f64, 0.0f32);
    for _ in 0..600 {
        step_bodies(&set, &mut bodies, &mut scratch, gravity, DT);
        peak = peak.max(kinetic_energy(&bodies));
        overlap = overlap.max(deepest_overlap(&bodies));
    }
    let curve = Terrain::from(bowl);
    let outside = bodies
        .iter()
        .filter(|b| {
            let rel = b.position - origin;
            // Below the bowl: on the right of its direction at kurbo's
            // nearest point (the crate's closest point is not the oracle).
            let (t, _) = common::nearest(&curve, b.position);
            let off = b.position.as_dvec2() - common::eval(&curve, t);
            let below = off.dot(common::deriv(&curve, t).perp()) < 0.0;
            rel.x.abs() > 300.0 || below
        })
        .count();
    let asleep = (0..bodies.len()).filter(|&i| scratch.is_asleep(i)).count();
    Settled {
        ratio: kinetic_energy(&bodies) / peak,
        outside,
        overlap,
        asleep: asleep as f64 / bodies.len() as f64,
    }
}

fn check(s: &Settled, what: &str) {
    assert!(
        // Kinetic energy under 1e-5 of its peak measured, 1e-4 asserted;
        // overlaps under the skin (the promise), 0.009 px measured.
        s.ratio < 1e-4 && s.outside == 0 && s.overlap <= SKIN,
        "{what}: energy {:.4} of peak, {} outside, overlap {}",
        s.ratio,
        s.outside,
        s.overlap
    );
}

#[test]
fn two_hundred_balls_settle_in_a_bowl() {
    for sleep in [false, true] {
        let s = pour(
            Vec2::new(0.0, 0.0),
            (6.0, 10.0),
            (3600.0, 0.3, 0.3),
            sleep,
            &mut Rng::new(7),
        );
        println!(
            "200 balls, sleep {sleep}: kinetic energy after 10 s {:.5} of its peak, {} outside, deepest overlap {:.5} px, {:.1} % asleep",
            s.ratio,
            s.outside,
            s.overlap,
            100.0 * s.asleep
        );
        check(&s, "200 balls");
        // Every ball asleep (measured), every ball asserted.
        assert!(!sleep || s.asleep == 1.0, "{:.3} asleep", s.asleep);
    }
}

#[test]
fn piles_swept_over_sizes_gravity_and_materials() {
    let mut rng = Rng::new(0x0009_11E5);
    let (mut worst_ratio, mut worst_overlap, mut least_asleep) = (0.0f64, 0.0f32, 1.0f64);
    let (cases, mut all_asleep) = (48, 0);
    for case in 0..cases {
        let lo = rng.range(2.0, 8.0) as f32;
        let hi = lo + rng.range(0.0, 4.0) as f32;
        let g = rng.log_range(300.0, 6000.0) as f32;
        let (e, mu) = (rng.range(0.0, 0.8) as f32, rng.range(0.0, 1.0) as f32);
        let origin = Vec2::new(
            rng.range(-8000.0, 8000.0) as f32,
            rng.range(-8000.0, 8000.0) as f32,
        );
        let s = pour(origin, (lo, hi), (g, e, mu), true, &mut rng);
        check(
            &s,
            &format!("case {case}: radii {lo}–{hi}, g {g}, e {e}, μ {mu}, at {origin}"),
        );
        worst_ratio = worst_ratio.max(s.ratio);
        worst_overlap = worst_overlap.max(s.overlap);
        least_asleep = least_asleep.min(s.asleep);
        all_asleep += usize::from(s.asleep == 1.0);
    }
    println!(
        "{cases} piles: kinetic energy after 10 s ≤ {worst_ratio:.5} of peak, deepest overlap {worst_overlap:.5} px; {all_asleep} entirely asleep, ≥ {:.1} % asleep in each",
        100.0 * least_asleep
    );
    // Sleep is a per-island judgement: a few balls deep in a pile can keep
    // rattling against each other (moving 0.1–0.2 px a step, never touching
    // the bowl), and their island stays awake. 36 of 48 piles entirely
    // asleep and 95.5 % in the least settled measured; 30 and 93 % asserted.
    assert!(
        all_asleep >= 30,
        "{all_asleep} of {cases} piles entirely asleep"
    );
    assert!(least_asleep >= 0.93, "{least_asleep:.3} asleep");
}
