//! Sliding over a convex curve: physics keeps a body on a hill while the
//! pull that bends its path, `v² κ_c` (`κ_c = κ / (1 + κ r)` the curvature of
//! the path of its centre), is less than gravity's pull into the surface,
//! `g cos θ`. Swept: frictionless circles 2–32 px over quadratic and cubic
//! hills 300–1 500 px wide and 40–400 px high (one piece, or two halves
//! meeting smoothly at the crest), gravity 300–6 000 px/s², anywhere within
//! ±15 000 px, started at the crest at a speed drawn from 0 to 0.9 of the
//! speed at which the crest lets go. At every step where the closed form
//! says contact holds (with a 20 % margin), the body must be `grounded` and
//! within the contact margin of the hill (distance by kurbo's nearest
//! point), and its energy `|v|²/2 + g y` must stay that of the start.

mod common;

use common::rng::Rng;
use common::to_kurbo;
use glam::Vec2;
use kurbo::{ParamCurve, ParamCurveCurvature, ParamCurveNearest};
use tangent_collision::dynamics::{CONTACT_MARGIN, DEFAULT_MAX_SLOPE, SKIN};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// The hill's distance from `p` and kurbo's parameter and curvature there,
/// over its pieces (each one kurbo segment).
fn nearest(pieces: &[Terrain], p: Vec2) -> (f64, f64, f64, usize) {
    let q = kurbo::Point::new(p.x as f64, p.y as f64);
    pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let seg = to_kurbo(piece);
            let near = seg.nearest(q, 1e-12);
            let curvature = match seg {
                kurbo::PathSeg::Quad(c) => c.curvature(near.t),
                kurbo::PathSeg::Cubic(c) => c.curvature(near.t),
                kurbo::PathSeg::Line(_) => 0.0,
            };
            (near.distance_sq.sqrt(), near.t, curvature.abs(), i)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap()
}

fn tangent(pieces: &[Terrain], i: usize, t: f64) -> kurbo::Vec2 {
    let seg = to_kurbo(&pieces[i]);
    let h = 1e-6;
    seg.eval((t + h).min(1.0)) - seg.eval((t - h).max(0.0))
}

#[test]
fn bodies_sliding_over_hills_stay_grounded_while_gravity_holds_them() {
    let mut rng = Rng::new(0xC0_4E_EE);
    let (mut cases, mut held_steps, mut flickers) = (0, 0usize, 0usize);
    let (mut airborne, mut far, mut off_energy) = (0usize, 0usize, 0usize);
    let (mut worst_gap, mut worst_energy) = (0.0f64, 0.0f64);
    for case in 0..100 {
        let width = rng.range(300.0, 1500.0) as f32;
        let height = rng.range(40.0, 400.0) as f32;
        let o = Vec2::new(
            rng.range(-15_000.0, 13_000.0) as f32,
            rng.range(-15_000.0, 14_000.0) as f32,
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
        // Every third hill as two halves meeting at the crest.
        let pieces: Vec<Terrain> = if case % 3 == 2 {
            vec![hill.subcurve(0.0, 0.5), hill.subcurve(0.5, 1.0)]
        } else {
            vec![hill]
        };
        let set =
            TerrainSet::new(pieces.iter().map(|p| TerrainPiece::solid(*p)).collect()).unwrap();
        let r = rng.log_range(2.0, 32.0) as f32;
        let g = rng.range(300.0, 6000.0) as f32;
        let top = hill.point(0.5);
        let k = nearest(&pieces, top).2 as f32;
        let crest_speed = (g * (1.0 + k * r) / k).sqrt();
        let speed =
            rng.range(0.0, 0.9) as f32 * crest_speed * if rng.chance(0.5) { 1.0 } else { -1.0 };
        let mut body = Body::new(
            ActorShape::Circle { radius: r },
            top + Vec2::Y * (r + SKIN),
            Vec2::new(speed, 0.0),
            0.0,
        );
        cases += 1;
        let energy = |b: &Body| {
            0.5 * b.velocity.as_dvec2().length_squared() + g as f64 * (b.position.y - o.y) as f64
        };
        let start = energy(&body);
        let mut scratch = StepScratch::default();
        let gravity = Vec2::new(0.0, -g);
        for step in 0..240 {
            let report = step_body_with(&set, &mut body, &mut scratch, gravity, DT);
            let (dist, t, kappa, i) = nearest(&pieces, body.position);
            let end = (i == 0 && t <= 0.04) || (i + 1 == pieces.len() && t >= 0.96);
            if end {
                break; // off the hill's ends
            }
            let d = tangent(&pieces, i, t);
            let cos = d.x.abs() / d.hypot();
            let kc = kappa / (1.0 + kappa * r as f64);
            let v2 = body.velocity.as_dvec2().length_squared();
            if v2 * kc < 0.8 * g as f64 * cos && cos > (DEFAULT_MAX_SLOPE as f64).cos() {
                held_steps += 1;
                let gap = dist - r as f64;
                worst_gap = worst_gap.max(gap);
                // Energy change against the body's whole energy scale.
                let scale = start.max(g as f64 * r as f64);
                let change = (energy(&body) - start) / scale;
                worst_energy = worst_energy.max(change.abs());
                airborne += usize::from(!report.grounded);
                far += usize::from(gap > (CONTACT_MARGIN + SKIN) as f64);
                off_energy += usize::from(change.abs() > 1e-3);
                if !report.grounded || gap > (CONTACT_MARGIN + SKIN) as f64 || change.abs() > 1e-3 {
                    flickers += 1;
                    if flickers <= 5 {
                        println!(
                            "case {case} step {step}: grounded {} gap {gap:.4} energy {change:.2e} \
                             v {} at t {t:.3} of piece {i}",
                            report.grounded, body.velocity
                        );
                    }
                }
            }
        }
    }
    println!(
        "{cases} bodies over hills: {held_steps} steps where gravity holds them, {flickers} of them \
         off the hill, not grounded or off their energy; widest gap there {worst_gap:.4} px, \
         worst energy change {worst_energy:.2e} of the body's scale"
    );
    println!("{airborne} not grounded, {far} off the hill, {off_energy} off their energy");
    assert!(held_steps > 4000, "only {held_steps} steps checked");
    assert_eq!(flickers, 0);
}
