//! Sliding over a convex curve: physics keeps a body on a hill while the
//! pull needed to bend its path, `v² κ_c` (κ_c the curvature of the path of
//! its centre, `κ / (1 + κ r)`), is less than gravity's pull into the
//! surface, `g cos θ`. Swept: frictionless circles 2–32 px over quadratic
//! and cubic hills 300–1 500 px wide and 40–400 px high, gravity 300–6 000
//! px/s², started at the crest at a speed drawn from 0 to the speed at which
//! the crest lets go; every step at which the closed form says contact holds
//! (with a 20 % margin) must report `grounded`, and the body must never be
//! farther than the contact margin from the hill there.

mod common;

use common::rng::Rng;
use glam::Vec2;
use tangent_collision::dynamics::{CONTACT_MARGIN, DEFAULT_MAX_SLOPE, SKIN};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

#[test]
fn bodies_sliding_over_hills_stay_grounded_while_gravity_holds_them() {
    let mut rng = Rng::new(0xC0_4E_EE);
    let (mut cases, mut held_steps, mut flickers, mut worst_gap) = (0, 0usize, 0usize, 0.0f32);
    for case in 0..60 {
        let width = rng.range(300.0, 1500.0) as f32;
        let height = rng.range(40.0, 400.0) as f32;
        let o = Vec2::new(
            rng.range(-8000.0, 8000.0) as f32,
            rng.range(-8000.0, 8000.0) as f32,
        );
        let hill = if case % 2 == 0 {
            Terrain::Quad(QuadBezier::new(
                o,
                o + Vec2::new(width / 2.0, 2.0 * height),
                o + Vec2::new(width, 0.0),
            ))
        } else {
            Terrain::Cubic(CubicBezier::new(
                o,
                o + Vec2::new(width / 3.0, 4.0 / 3.0 * height),
                o + Vec2::new(2.0 * width / 3.0, 4.0 / 3.0 * height),
                o + Vec2::new(width, 0.0),
            ))
        };
        let set = TerrainSet::new(vec![TerrainPiece::solid(hill)]).unwrap();
        let r = rng.log_range(2.0, 32.0) as f32;
        let g = rng.range(300.0, 6000.0) as f32;
        // Curvature at the crest (t = 1/2): |B' × B''| / |B'|³.
        let curvature = |t: f32| {
            let (d1, d2) = (hill.derivative(t), second_derivative(&hill, t));
            d1.perp_dot(d2).abs() / d1.length().powi(3)
        };
        let k = curvature(0.5);
        let crest_speed = (g * (1.0 + k * r) / k).sqrt();
        let speed =
            rng.range(0.0, 0.9) as f32 * crest_speed * if rng.chance(0.5) { 1.0 } else { -1.0 };
        let top = hill.point(0.5);
        let mut body = Body::new(
            ActorShape::Circle { radius: r },
            top + Vec2::Y * (r + SKIN),
            Vec2::new(speed, 0.0),
            0.0,
        );
        cases += 1;
        let mut scratch = StepScratch::default();
        let gravity = Vec2::new(0.0, -g);
        for step in 0..240 {
            let report = step_body_with(&set, &mut body, &mut scratch, gravity, DT);
            let t = hill.closest_t(body.position);
            if t <= 0.02 || t >= 0.98 {
                break; // off the hill's ends
            }
            let d = hill.derivative(t);
            let cos = d.x.abs() / d.length();
            let kc = curvature(t) / (1.0 + curvature(t) * r);
            let v2 = body.velocity.length_squared();
            if v2 * kc < 0.8 * g * cos && cos > DEFAULT_MAX_SLOPE.cos() {
                held_steps += 1;
                let gap = body.position.distance(hill.point(t)) - r;
                worst_gap = worst_gap.max(gap);
                if !report.grounded || gap > CONTACT_MARGIN + SKIN {
                    flickers += 1;
                    if flickers <= 5 {
                        println!(
                            "case {case} step {step}: grounded {} gap {gap:.4} v {} at t {t:.3}",
                            report.grounded, body.velocity
                        );
                    }
                }
            }
        }
    }
    println!(
        "{cases} bodies over hills: {held_steps} steps where gravity holds them, {flickers} of them \
         not grounded; widest gap there {worst_gap:.4} px"
    );
    assert!(held_steps > 3000, "only {held_steps} steps checked");
    assert_eq!(flickers, 0);
}

fn second_derivative(t: &Terrain, u: f32) -> Vec2 {
    let h = 1e-3;
    (t.derivative((u + h).min(1.0)) - t.derivative((u - h).max(0.0))) / (2.0 * h)
}
