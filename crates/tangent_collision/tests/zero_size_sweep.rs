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
use tangent_collision::prelude::*;

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
