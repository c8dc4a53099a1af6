//! A box sliding down a wall past the wall's bottom corner, where an
//! overhang's underside ends, falls on: it is never held up by the corner.
//! The underside's end used to be found a rounding short of the end (at
//! `t = 1 - 1e-7` on spans of a long edge: an overhang over 32 tiles of
//! 32 px), read as a face hit with the underside's normal turned up, and
//! the box stood on the corner for good (seen in a level: a player sliding
//! down a floor's end stuck in mid-air). Drawn at random: a block of tiles
//! 1–400 wide and 1–4 high in a grid of 8–64 px tiles placed anywhere
//! within the coordinate range, the box on its left or right face (half
//! sizes 2–30 px, pressed into it at 1–400 px/s, sliding down at
//! 20–900 px/s, from anywhere along the face). Oracle: nothing is below the
//! corner, so the box moves down exactly as its velocity says (to 2e-3 px
//! a step: two `f32` ulps of a place 16 000 px out) and is never grounded.

mod common;

use common::rng::Rng;
use tangent_collision::dynamics::step_body;
use tangent_collision::prelude::*;

#[test]
fn a_box_sliding_down_a_wall_passes_its_bottom_corner() {
    let mut rng = Rng::new(0xC04E_5511_DE00);
    let (mut cases, mut passed_corner, mut worst) = (0, 0, 0.0f64);
    for case in 0..400 {
        let tile = rng.range(8.0, 64.0).round() as f32;
        let most = ((14_000.0 / tile) as usize - 8).min(400);
        let wide = if case < 40 {
            30 + case
        } else {
            1 + rng.below(most)
        }
        .min(most);
        let high = 1 + rng.below(4);
        let (gw, gh) = (wide + 8, high + 12);
        let span = 16_000.0 - tile * gw.max(gh) as f32;
        let origin = Vec2::new(
            rng.range(-16_000.0, span as f64) as f32,
            rng.range(-16_000.0, span as f64) as f32,
        )
        .round();
        let mut grid = TileGrid::new(gw, gh, tile, origin);
        grid.outside = TileKind::Empty;
        let (bx, by) = (4, 6);
        for x in bx..bx + wide {
            for y in by..by + high {
                grid.set(x, y, TileKind::Solid);
            }
        }
        let set = TerrainSet::new(grid.pieces()).unwrap();
        let half = Vec2::new(rng.range(2.0, 30.0) as f32, rng.range(2.0, 30.0) as f32);
        let left = rng.chance(0.5);
        let skin = Body::SKIN;
        let face = origin.x + tile * if left { bx } else { bx + wide } as f32;
        let x = if left {
            face - half.x - skin
        } else {
            face + half.x + skin
        };
        let bottom = origin.y + tile * by as f32;
        let top = bottom + tile * high as f32;
        let y0 = rng.range((bottom + 1.0) as f64, top as f64) as f32 + half.y;
        let push = rng.range(1.0, 400.0) as f32 * if left { 1.0 } else { -1.0 };
        let fall = rng.range(20.0, 900.0) as f32;
        let mut body = Body::new(
            ActorShape::Rect { half_extents: half },
            Vec2::new(x, y0),
            Vec2::ZERO,
            0.0,
        );
        let dt = 1.0 / 60.0;
        let steps = (((y0 - bottom + 2.0 * half.y + 4.0) / (fall * dt)).ceil() as usize).max(2);
        cases += 1;
        for k in 0..steps {
            let before = body.position.y;
            body.velocity = Vec2::new(push, -fall);
            let report = step_body(&set, &mut body, Vec2::ZERO, dt);
            let moved = (before - body.position.y) as f64;
            let err = (moved - (fall * dt) as f64).abs();
            worst = worst.max(err);
            assert!(
                !report.grounded && err < 2e-3,
                "case {case}: {wide}x{high} tiles of {tile} px at {origin}, box {half} on the {} face, \
                 step {k}: moved {moved} px down (expected {}), grounded {}",
                if left { "left" } else { "right" },
                fall * dt,
                report.grounded
            );
        }
        if body.position.y + half.y < bottom {
            passed_corner += 1;
        }
    }
    println!("{cases} slides, {passed_corner} past the corner; worst step off by {worst:.2e} px");
    assert_eq!(passed_corner, cases);
}
