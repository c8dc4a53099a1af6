//! Sliding over a convex curve: physics keeps a body on a hill while the
//! pull that bends its path is less than gravity's pull into the surface,
//! `g cos θ`. For a circle the pull is `v² κ_c` (`κ_c = κ / (1 + κ r)` the
//! curvature of the path of its centre); a rect rests on its corner nearer
//! the crest, which runs along the curve itself (`v² κ`), or on its face
//! while the crest lies under it (a straight path). Swept: frictionless
//! circles and rects 2–64 px across over quadratic and cubic hills 300–1 500
//! px wide and 40–400 px high (one piece, or two halves meeting smoothly at
//! the crest), gravity 300–6 000 px/s², anywhere within ±15 000 px, started
//! at the crest at a speed drawn from 0 to 0.9 of the speed at which the
//! crest lets a circle go. At every step where the closed form says contact
//! holds (with a 20 % margin), the body must be `grounded`, within the
//! contact margin of the hill (a circle by kurbo's nearest point, a rect by
//! the hill's height under its bottom, by bisection on kurbo's curve), and
//! its energy `|v|²/2 + g y` must stay that of the start.

mod common;

use common::rng::Rng;
use common::to_kurbo;
use glam::Vec2;
use kurbo::{ParamCurve, ParamCurveCurvature, ParamCurveNearest, PathSeg};
const CONTACT_MARGIN: f32 = tangent_collision::prelude::Body::CONTACT_MARGIN;
const DEFAULT_MAX_SLOPE: f32 = tangent_collision::prelude::BodyDef::DEFAULT_MAX_SLOPE;
const SKIN: f32 = tangent_collision::prelude::Body::SKIN;
use tangent_collision::dynamics::{StepScratch, step_body_with};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// The piece of `pieces` (kurbo segments running left to right) over `x`,
/// and the parameter there.
fn over(pieces: &[PathSeg], x: f64) -> Option<(usize, f64)> {
    (pieces.iter().enumerate()).find_map(|(i, seg)| common::t_at_x(seg, x).map(|t| (i, t)))
}

fn curvature(seg: &PathSeg, t: f64) -> f64 {
    match *seg {
        PathSeg::Quad(c) => c.curvature(t).abs(),
        PathSeg::Cubic(c) => c.curvature(t).abs(),
        PathSeg::Line(_) => 0.0,
    }
}

/// `cos θ` of the hill's slope at `t` of `seg`, by a central difference.
fn slope_cos(seg: &PathSeg, t: f64) -> f64 {
    let h = 1e-6;
    let d = seg.eval((t + h).min(1.0)) - seg.eval((t - h).max(0.0));
    d.x.abs() / d.hypot()
}

/// Where the body touches the hill, by kurbo: the gap, and the curvature
/// of the contact's path and `cos θ` there. `None` off the hill's ends.
fn contact(pieces: &[PathSeg], body: &Body, crest_x: f64) -> Option<(f64, f64, f64)> {
    let p = body.position.as_dvec2();
    match body.shape {
        ActorShape::Circle { radius } => {
            let q = kurbo::Point::new(p.x, p.y);
            let (dist, i, t) = pieces
                .iter()
                .enumerate()
                .map(|(i, seg)| {
                    let near = seg.nearest(q, 1e-12);
                    (near.distance_sq.sqrt(), i, near.t)
                })
                .min_by(|a, b| a.0.total_cmp(&b.0))?;
            let end = (i == 0 && t <= 0.04) || (i + 1 == pieces.len() && t >= 0.96);
            let k = curvature(&pieces[i], t);
            let r = radius as f64;
            (!end).then(|| (dist - r, k / (1.0 + k * r), slope_cos(&pieces[i], t)))
        }
        ActorShape::Rect { half_extents } => {
            let h = half_extents.as_dvec2();
            let (left, right, bottom) = (p.x - h.x, p.x + h.x, p.y - h.y);
            let (start, end) = (pieces[0].eval(0.0).x, pieces.last()?.eval(1.0).x);
            let margin = 0.04 * (end - start);
            if left < start + margin || right > end - margin {
                return None;
            }
            if (left..=right).contains(&crest_x) {
                // On its face over the crest: a straight path.
                let (i, t) = over(pieces, crest_x)?;
                return Some((bottom - pieces[i].eval(t).y, 0.0, 1.0));
            }
            // On its corner nearer the crest.
            let x = if right < crest_x { right } else { left };
            let (i, t) = over(pieces, x)?;
            let gap = bottom - pieces[i].eval(t).y;
            Some((gap, curvature(&pieces[i], t), slope_cos(&pieces[i], t)))
        }
    }
}

#[test]
fn bodies_sliding_over_hills_stay_grounded_while_gravity_holds_them() {
    let mut rng = Rng::new(0xC0_4E_EE);
    let (mut cases, mut held_steps, mut flickers) = (0, [0usize; 2], 0usize);
    let (mut airborne, mut far, mut off_energy) = (0usize, 0usize, 0usize);
    let (mut worst_gap, mut worst_energy) = (0.0f64, 0.0f64);
    // The gap from below too: sinking into the skin (0.019 px the least
    // measured, over 0.015 asserted) is a failure in itself, not only
    // through the energy it would take.
    let mut least_gap = f64::MAX;
    for case in 0..200 {
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
        let segs: Vec<PathSeg> = pieces.iter().map(to_kurbo).collect();
        let set =
            TerrainSet::new(pieces.iter().map(|p| TerrainPiece::solid(*p)).collect()).unwrap();
        let size = rng.log_range(1.0, 32.0) as f32;
        let shape = if case % 4 < 2 {
            ActorShape::Circle { radius: size }
        } else {
            ActorShape::Rect {
                half_extents: Vec2::new(size, rng.range(0.5, 1.5) as f32 * size),
            }
        };
        let below = common::extent_along(&shape, Vec2::NEG_Y);
        let g = rng.range(300.0, 6000.0) as f32;
        let top = hill.point(0.5);
        let k = curvature(&to_kurbo(&hill), 0.5) as f32;
        let crest_speed = (g * (1.0 + k * size) / k).sqrt();
        let speed =
            rng.range(0.0, 0.9) as f32 * crest_speed * if rng.chance(0.5) { 1.0 } else { -1.0 };
        let mut body = Body::new(
            shape,
            top + Vec2::Y * (below + SKIN),
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
            let Some((gap, path_curvature, cos)) = contact(&segs, &body, top.x as f64) else {
                break; // off the hill's ends
            };
            let v2 = body.velocity.as_dvec2().length_squared();
            if v2 * path_curvature < 0.8 * g as f64 * cos && cos > (DEFAULT_MAX_SLOPE as f64).cos()
            {
                held_steps[usize::from(case % 4 >= 2)] += 1;
                worst_gap = worst_gap.max(gap);
                least_gap = least_gap.min(gap);
                // Energy change against the body's whole energy scale.
                let scale = start.max(g as f64 * size as f64);
                let change = (energy(&body) - start) / scale;
                worst_energy = worst_energy.max(change.abs());
                let off = gap > (CONTACT_MARGIN + SKIN) as f64 || gap < SKIN as f64 - 0.005;
                airborne += usize::from(!report.grounded);
                far += usize::from(off);
                off_energy += usize::from(change.abs() > 1e-3);
                if !report.grounded || off || change.abs() > 1e-3 {
                    flickers += 1;
                    if flickers <= 5 {
                        println!(
                            "case {case} step {step}: {shape:?} grounded {} gap {gap:.4} energy \
                             {change:.2e} v {}",
                            report.grounded, body.velocity
                        );
                    }
                }
            }
        }
    }
    println!(
        "{cases} bodies over hills: {} steps of circles and {} of rects where gravity holds them, \
         {flickers} of them off the hill, not grounded or off their energy ({airborne} not \
         grounded, {far} off the hill or into it, {off_energy} off their energy); gaps there \
         {least_gap:.4} to {worst_gap:.4} px, worst energy change {worst_energy:.2e} of the body's \
         scale",
        held_steps[0], held_steps[1]
    );
    assert!(
        held_steps.iter().all(|&n| n > 3000),
        "only {held_steps:?} steps checked"
    );
    assert_eq!(flickers, 0);
}
