//! Rest over ten simulated minutes, swept: a body with friction `μ` set on
//! a slope no steeper than its friction angle `atan μ` (and within the
//! ground's max slope) stays within 0.01 px of where it settled and is
//! grounded every step; a frictionless ball at the bottom of a bowl does the
//! same. Drawn at random: straight slopes 0–40° and curved ones (the side of
//! a quadratic hill or the bottom of a cubic bowl), `μ` 0.2–2, circles and
//! rects 2–64 px, gravity 300–6 000 px/s², placed 0–0.1 px above the
//! surface, anywhere within ±8 000 px.

mod common;

use common::extent_along;
use common::rng::Rng;
use glam::Vec2;
const SKIN: f32 = tangent_collision::prelude::Body::SKIN;
use tangent_collision::dynamics::{StepScratch, step_body_with};
use tangent_collision::prelude::*;

const TEN_MINUTES: usize = 36_000;
const DT: f32 = 1.0 / 60.0;

/// A body resting on `set` from `body`: (settled drift over ten minutes,
/// steps not grounded).
fn rest(set: &TerrainSet, mut body: Body, gravity: Vec2) -> (f32, usize) {
    let mut scratch = StepScratch::default();
    for _ in 0..60 {
        step_body_with(set, &mut body, &mut scratch, gravity, DT);
    }
    let start = body.position;
    let mut airborne = 0;
    for _ in 0..TEN_MINUTES {
        if !step_body_with(set, &mut body, &mut scratch, gravity, DT).grounded {
            airborne += 1;
        }
    }
    ((body.position - start).length(), airborne)
}

#[test]
fn bodies_within_their_friction_angle_stay_put_for_ten_minutes() {
    let mut rng = Rng::new(0x2E57_5EED);
    let (mut cases, mut worst, mut worst_case) = (0, 0.0f32, 0);
    for case in 0..40 {
        let origin = Vec2::new(
            rng.range(-8000.0, 8000.0) as f32,
            rng.range(-8000.0, 8000.0) as f32,
        );
        let size = rng.log_range(1.0, 32.0) as f32;
        let shape = common::circle_or_rect(&mut rng, size);
        let g = rng.range(300.0, 6000.0) as f32;
        let mu = rng.range(0.2, 2.0) as f32;
        let steepest = mu.atan().min(40f32.to_radians()) * 0.98;
        let gap = rng.range(0.0, 0.1) as f32;
        // The surface, and the point and normal the body rests at.
        let (terrain, at, n) = match case % 4 {
            0 | 1 => {
                let angle = rng.range(0.0, 1.0) as f32
                    * steepest
                    * if rng.chance(0.5) { 1.0 } else { -1.0 };
                let d = Vec2::new(angle.cos(), angle.sin());
                let seg = Segment::new(origin - d * 600.0, origin + d * 600.0);
                (Terrain::Segment(seg), origin, d.perp())
            }
            2 => {
                // The side of a hill 800 px wide, h high: find a point whose
                // slope is within the friction angle.
                let h = rng.range(50.0, 300.0) as f32;
                let hill = Terrain::Quad(QuadBezier::new(
                    origin,
                    origin + Vec2::new(400.0, 2.0 * h),
                    origin + Vec2::new(800.0, 0.0),
                ));
                let mut t = rng.range(0.05, 0.95) as f32;
                for _ in 0..100 {
                    let slope = hill.derivative(t).y.atan2(hill.derivative(t).x).abs();
                    if slope <= steepest {
                        break;
                    }
                    t = 0.5 + 0.9 * (t - 0.5);
                }
                (hill, hill.point(t), hill.derivative(t).perp().normalize())
            }
            _ => {
                let bowl = Terrain::Cubic(CubicBezier::new(
                    origin + Vec2::new(0.0, 300.0),
                    origin + Vec2::new(150.0, -100.0),
                    origin + Vec2::new(650.0, -100.0),
                    origin + Vec2::new(800.0, 300.0),
                ));
                // Odd cases: anywhere near the bottom, with friction; even
                // ones at the very bottom (t = 0.5 of this symmetric
                // bowl), frictionless if a ball.
                let t = if case % 8 == 3 {
                    0.5 + rng.range(-0.1, 0.1) as f32
                } else {
                    0.5
                };
                (bowl, bowl.point(t), bowl.derivative(t).perp().normalize())
            }
        };
        let slope = n.x.atan2(n.y).abs();
        if slope > steepest
            || matches!(shape, ActorShape::Rect { .. }) && case % 4 >= 2 && slope > 0.3
        {
            continue; // rects on curves: only where a face can lie flat enough
        }
        let set = TerrainSet::new(vec![TerrainPiece::solid(terrain)]).unwrap();
        let place = at + n * (extent_along(&shape, n) + SKIN + gap);
        // Frictionless balls in bowls too (the README's claim).
        let frictionless = case % 8 == 7 && matches!(shape, ActorShape::Circle { .. });
        let mut body = Body::new(shape, place, Vec2::ZERO, rng.unit() as f32);
        if !frictionless {
            body.friction = mu;
        }
        if !terrain.actor_hits(&shape, place).is_empty() {
            continue;
        }
        cases += 1;
        let (drift, airborne) = rest(&set, body, Vec2::new(0.0, -g));
        println!(
            "case {case}: {} {shape:?} on {:.1}° (μ {mu:.2}{}), g {g:.0}, gap {gap:.3}: drift {drift:.5} px, {airborne} steps airborne",
            ["segment", "segment", "hill side", "bowl bottom"][case % 4],
            slope.to_degrees(),
            if frictionless { ", frictionless" } else { "" },
        );
        if drift > worst {
            (worst, worst_case) = (drift, case);
        }
        // Under 1e-5 px measured; 1e-4 asserted.
        assert!(drift < 1e-4, "case {case}: drifted {drift} px");
        assert_eq!(airborne, 0, "case {case}: airborne {airborne} steps");
    }
    println!(
        "{cases} bodies at rest for ten minutes each: worst drift {worst:.5} px (case {worst_case})"
    );
    assert!(cases >= 30, "only {cases} cases");
}
