//! A sweep of any size, however small, reports the normal facing the body:
//! circles and rects from 0 to 64 px swept at random segments, quadratics
//! and cubics from random starts. At the first contact of a motion the
//! body moves into the surface, so the normal facing it opposes the motion
//! (`n · d ≤ 0`); and, for a circle touching a piece inside its ends, it
//! faces the side of the piece the body came from (the start, judged
//! against kurbo's tangent line at the contact point, where the start is
//! clearly off it).

mod common;

use common::rng::Rng;
use common::{deriv, eval, far_point, nearest, random_piece, shifted};
use glam::{DVec2, Vec2};
use tangent_collision::geometry::Rect;
use tangent_collision::prelude::*;
use tangent_collision::query::Toi;

#[test]
fn the_sweep_normal_faces_the_body_for_every_size_down_to_zero() {
    let mut rng = Rng::new(0x5EE9_0000_0001);
    let sizes = [
        0.0f32, 1e-6, 1e-5, 3e-5, 5e-5, 1e-4, 1e-3, 0.1, 1.0, 8.0, 64.0,
    ];
    let (mut hits, mut judged) = (0usize, 0usize);
    let mut by_size = vec![0usize; sizes.len()];
    for case in 0..6_000 {
        let k = case % sizes.len();
        let size = sizes[k];
        let shape = if rng.chance(0.5) {
            ActorShape::Circle { radius: size }
        } else {
            ActorShape::Rect {
                half_extents: Vec2::splat(size),
            }
        };
        let t = random_piece(&mut rng, Vec2::ZERO);
        // Far from the origin in a third of the cases, where f32 rounds
        // coarser than the smallest sizes.
        let shift = if case % 3 == 0 {
            far_point(&mut rng)
        } else {
            Vec2::ZERO
        };
        let t = shifted(&t, shift);
        let start = shift
            + Vec2::new(
                rng.range(-200.0, 200.0) as f32,
                rng.range(-200.0, 200.0) as f32,
            );
        let target = eval(&t, rng.unit()).as_vec2();
        let motion = (target - start) * 1.5;
        if nearest(&t, start).1 < size as f64 + 1.0 {
            continue; // starts (nearly) touching: no motion to judge by
        }
        let Some(toi) = t.sweep(&shape, start, motion, 0.0) else {
            continue;
        };
        hits += 1;
        by_size[k] += 1;
        assert!(
            toi.normal.dot(motion) <= 1e-3 * motion.length(),
            "case {case}: size {size}: normal {} along the motion {motion} ({shape:?} from {start} at {t:?})",
            toi.normal
        );
        // For a circle touching the piece inside its ends (where the normal
        // is the curve's): the side of the start against the tangent line
        // at the contact. (A rect's normal is its face's; at an end the
        // normal is radial.)
        let interior = toi.hits.iter().all(|&h| h > 1e-3 && h < 1.0 - 1e-3);
        if !matches!(shape, ActorShape::Circle { .. }) || !interior {
            continue;
        }
        let (u, _) = nearest(&t, toi.point);
        let tangent = deriv(&t, u).normalize_or_zero();
        let off = (start.as_dvec2() - DVec2::new(toi.point.x as f64, toi.point.y as f64))
            .perp_dot(tangent);
        if off.abs() > 1.0 && tangent != DVec2::ZERO {
            judged += 1;
            let n_side = toi.normal.as_dvec2().perp_dot(tangent);
            assert!(
                n_side * off > 0.0,
                "case {case}: size {size}: normal {} faces away from the start {start} ({shape:?} at {t:?})",
                toi.normal
            );
        }
    }
    println!("{hits} sweeps hit ({by_size:?} by size), {judged} judged against the start's side");
    assert!(
        hits >= 3_000 && judged >= 2_000,
        "{hits} hits, {judged} judged"
    );
    assert!(by_size.iter().all(|&n| n >= 200), "{by_size:?}");
}

/// How far along the reported normal the body's centre lies from the
/// contact point, where the sweep stops it: positive when the normal faces
/// it.
fn facing(start: Vec2, motion: Vec2, toi: &Toi) -> f64 {
    let centre = start + motion * toi.fraction;
    (centre - toi.point).dot(toi.normal) as f64
}

/// A body touching a piece (within the sweep's margin) and moving off it
/// is told the normal facing it, not one flipped as if it had crossed:
/// circles and rects 0.01–1.5 px, a gap of 0.001–0.015 px inside a
/// 0.02 px margin, moving off at 3–90° from the surface by 1–300 px.
/// Oracle: the side the body's centre is on at the contact, from the
/// contact point the sweep reports.
#[test]
fn a_body_moving_off_a_piece_it_touches_is_told_the_normal_facing_it() {
    let mut rng = Rng::new(0x5EE9_0000_0002);
    let (mut reported, mut cases) = (0usize, 0usize);
    let mut least = f64::MAX;
    for case in 0..4_000 {
        let size = rng.log_range(0.01, 1.5) as f32;
        let shape = common::circle_or_rect(&mut rng, size);
        let t = random_piece(&mut rng, Vec2::ZERO);
        let u = rng.range(0.05, 0.95);
        let (p, tangent) = (eval(&t, u), deriv(&t, u));
        if tangent.length() < 1.0 {
            continue;
        }
        let tangent = tangent.normalize();
        let side = if rng.chance(0.5) { 1.0 } else { -1.0 };
        let n = tangent.perp() * side;
        let gap = rng.range(0.001, 0.015);
        let reach = common::extent_along(&shape, n.as_vec2()) as f64;
        let start = (p + n * (reach + gap)).as_vec2();
        // A circle nearest to the piece at that point (not to another
        // part of it).
        if matches!(shape, ActorShape::Circle { .. })
            && (nearest(&t, start).1 - (reach + gap)).abs() > 1e-3
        {
            continue;
        }
        let off = rng.range(3.0f64, 90.0).to_radians();
        let along = if rng.chance(0.5) { 1.0 } else { -1.0 };
        let dir = n * off.sin() + tangent * off.cos() * along;
        let motion = (dir * rng.log_range(1.0, 300.0)).as_vec2();
        cases += 1;
        let Some(toi) = t.sweep(&shape, start, motion, 0.02) else {
            continue;
        };
        reported += 1;
        let facing = facing(start, motion, &toi);
        least = least.min(facing);
        assert!(
            facing > 0.0,
            "case {case}: {shape:?} from {start} moving {motion} off {t:?}: normal {} at {} faces away ({facing})",
            toi.normal,
            toi.point
        );
    }
    println!(
        "moving off: {cases} bodies touching a piece, {reported} reported in contact, the centre at least {least:.4} px along the normal"
    );
    assert!(cases >= 3_000 && reported >= 1_000, "{cases} {reported}");
}

/// At a corner where two pieces join, a body clipping it is told a normal
/// that faces it. Random islands (an arch over a V of two segments,
/// 20–200 px, at the origin and at the validator's corners; the arch
/// bulging up or dipping, so its tips are blunt or sharp), circles and rects 0.05–30 px swept from 1–100 px away
/// at a point near a corner. Oracle: the side of the reported normal the
/// body's centre is on at the contact. Before the joint rule's "past the
/// neighbour" case, a circle clipping a spike's tip from outside was told
/// the other face's normal, facing into the spike (16.8 px the wrong side).
#[test]
fn a_body_clipping_a_corner_is_told_a_normal_facing_it() {
    let mut rng = Rng::new(0x5EE9_0000_0003);
    let mut hits = 0usize;
    let mut least = f64::MAX;
    for case in 0..6_000 {
        let (w, h) = (rng.range(20.0, 200.0) as f32, rng.range(20.0, 200.0) as f32);
        let at = if case % 3 == 0 {
            far_point(&mut rng)
        } else {
            Vec2::ZERO
        };
        // An island: an arch (a quadratic) over a V of two segments.
        let arch = rng.range(-0.5, 1.5) as f32 * h;
        let c = [at, at + Vec2::new(w, 0.0), at + Vec2::new(0.5 * w, -h)];
        let pieces = vec![
            TerrainPiece::solid(QuadBezier::new(c[0], at + Vec2::new(0.5 * w, arch), c[1])),
            TerrainPiece::solid(Segment::new(c[1], c[2])),
            TerrainPiece::solid(Segment::new(c[2], c[0])),
        ];
        let set = TerrainSet::new(pieces).unwrap();
        let size = rng.log_range(0.05, 30.0) as f32;
        let shape = common::circle_or_rect(&mut rng, size);
        let corner = c[rng.below(3)];
        let aim = corner
            + Vec2::new(
                rng.range(-1.0, 1.0) as f32 * size,
                rng.range(-1.0, 1.0) as f32 * size,
            );
        let inside = at + Vec2::new(0.5 * w, -0.3 * h);
        let away = Vec2::from_angle(rng.range(0.0, std::f64::consts::TAU) as f32);
        let start = corner
            + (corner - inside).normalize() * (size * 2.0)
            + away * rng.range(1.0, 100.0) as f32;
        // Clear of the island's box at the start.
        let half = shape.aabb(Vec2::ZERO).max;
        let island = (0..set.len()).fold(Rect::EMPTY, |r, k| r.union(set.piece(k).shape.aabb()));
        if island
            .inflate(0.1)
            .touches(&Rect::from_center_half_size(start, half))
        {
            continue;
        }
        let motion = (aim - start) * 1.5;
        let body = Body::new(shape, start, Vec2::ZERO, 0.0);
        let Some((_, toi)) = set.cast(&body, motion) else {
            continue;
        };
        hits += 1;
        let facing = facing(start, motion, &toi);
        least = least.min(facing);
        assert!(
            facing >= -1e-3,
            "case {case}: {shape:?} from {start} by {motion}: normal {} at {} faces away ({facing} px) (island {:?})",
            toi.normal,
            toi.point,
            (0..set.len())
                .map(|k| set.piece(k).shape)
                .collect::<Vec<_>>()
        );
    }
    println!(
        "corners: {hits} bodies met an island, the centre at least {least:.2e} px along the normal"
    );
    assert!(hits >= 3_800, "{hits}");
}

/// A box whose side meets an arch's tip while it moves up and away from
/// the arch's own line (hits at the tip only: the mean-hit normal is the
/// arch's end normal, which the motion does not oppose, the body's centre
/// 1–16 px on its side) is told a normal facing it, not one flipped as
/// if the body had crossed the surface within rounding (from
/// `tunneling.rs`'s islands, and smaller boxes into the same tip).
#[test]
fn a_box_meeting_a_curves_tip_side_on_is_told_a_normal_facing_it() {
    let arch = Terrain::Quad(QuadBezier::new(
        Vec2::new(500.0, 400.0),
        Vec2::new(600.0, 520.0),
        Vec2::new(700.0, 400.0),
    ));
    let motion = Vec2::new(-26.196415, 51.084206);
    let cases = [
        (
            Vec2::new(7.824567, 19.36518),
            Vec2::new(733.7891, 365.3986),
            motion,
        ),
        (Vec2::new(1.0, 1.2), Vec2::new(708.08, 387.3), motion * 0.3),
        (Vec2::new(0.5, 3.0), Vec2::new(707.58, 385.45), motion * 0.3),
    ];
    for (half, start, motion) in cases {
        let shape = ActorShape::Rect { half_extents: half };
        let toi = arch
            .sweep(&shape, start, motion, 0.02)
            .expect("meets the tip");
        let facing = facing(start, motion, &toi);
        println!(
            "box {half} at the tip: normal {}, n · d {:.3}, centre {facing:.3} px along it",
            toi.normal,
            toi.normal.dot(motion)
        );
        assert!(
            (toi.point - Vec2::new(700.0, 400.0)).length() < 0.01,
            "{}",
            toi.point
        );
        assert!(facing > 0.5, "{half}: {facing}");
    }
}
