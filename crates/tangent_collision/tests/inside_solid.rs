//! Solids have an inside: a body whose centre has sunk into solid tiles
//! (a floor, a wall, a ceiling) comes out the nearest way after one step,
//! never deeper. Swept over tile sizes 8–64 px, solid rows 1–3 tiles thick,
//! circles and rects 2–64 px across, depths from a hair to the body's
//! extent (3 px included), gravity 0–6 000 px/s², velocities up to
//! 2 000 px/s, anywhere along the surface. The oracle is the grid itself:
//! after the step the body's bottom (or side) lies on the sunk-into face,
//! within a pixel, and no tile edge crosses its shape.

mod common;

use common::extent_along;
use common::rng::Rng;
use glam::Vec2;
use tangent_collision::dynamics::step_body;
use tangent_collision::prelude::*;

/// Which face of the solid the body sank through.
#[derive(Clone, Copy, Debug)]
enum Face {
    Floor,
    LeftWall,
    Ceiling,
}

/// A closed room of `w × h` cells of `tile` px with solid rows `thick`
/// cells thick on every side.
fn room(w: usize, h: usize, tile: f32, thick: usize) -> TileGrid {
    let mut g = TileGrid::new(w, h, tile, Vec2::ZERO);
    for y in 0..h {
        for x in 0..w {
            if x < thick || y < thick || x >= w - thick || y >= h - thick {
                g.set(x, y, TileKind::Solid);
            }
        }
    }
    g
}

#[test]
fn a_body_sunk_into_solid_tiles_comes_out_the_nearest_way_in_one_step() {
    let mut rng = Rng::new(0x51ED_5011D);
    let (mut cases, mut counted) = (0, 0);
    let (mut least_gap, mut most_gap) = (f32::INFINITY, f32::NEG_INFINITY);
    for case in 0..600 {
        let tile = rng.range(8.0, 64.0) as f32;
        let thick = 1 + rng.below(3);
        let size = if case < 40 {
            8.0
        } else {
            rng.log_range(1.0, 32.0) as f32
        };
        let shape = if rng.chance(0.5) {
            ActorShape::Circle { radius: size }
        } else {
            ActorShape::Rect {
                half_extents: Vec2::new(size, rng.range(0.5, 1.5) as f32 * size),
            }
        };
        // Room enough inside for the body, several bodies wide.
        let inner = (6.0 * size / tile).ceil() as usize + 4;
        let (w, h) = (inner + 2 * thick, inner + 2 * thick);
        let grid = room(w, h, tile, thick);
        let set = TerrainSet::from_tiles(&grid, vec![]).unwrap();
        let face = [Face::Floor, Face::LeftWall, Face::Ceiling][case % 3];
        let (out, surface) = match face {
            Face::Floor => (Vec2::Y, thick as f32 * tile),
            Face::LeftWall => (Vec2::X, thick as f32 * tile),
            Face::Ceiling => (Vec2::NEG_Y, (h - thick) as f32 * tile),
        };
        let extent = extent_along(&shape, out);
        // Deeper than the body's extent, or than the solid is thick, the
        // nearest way out may be another face: not this test.
        let most = extent.min(thick as f32 * tile * 0.5);
        let depth = if case < 40 {
            3.0
        } else {
            rng.range(0.01, 1.0) as f32 * most
        };
        if depth >= most {
            continue;
        }
        cases += 1;
        let along = rng.range(
            thick as f64 * tile as f64 + 2.0 * size as f64,
            (w - thick) as f64 * tile as f64 - 2.0 * size as f64,
        ) as f32;
        let position = match face {
            Face::Floor => Vec2::new(along, surface - depth),
            Face::LeftWall => Vec2::new(surface - depth, along),
            Face::Ceiling => Vec2::new(along, surface + depth),
        };
        let velocity = Vec2::new(
            rng.range(-2000.0, 2000.0) as f32,
            rng.range(-2000.0, 2000.0) as f32,
        ) * if rng.chance(0.3) { 0.0 } else { 1.0 };
        let gravity = Vec2::new(0.0, -rng.range(0.0, 6000.0) as f32);
        let mut body = Body::new(shape, position, velocity, rng.unit() as f32);
        let report = step_body(&set, &mut body, gravity, 1.0 / 60.0);
        assert!(report.error.is_none(), "case {case}: {:?}", report.error);
        // Out of every tile edge (kurbo's nearest point for a circle, its
        // line intersections with a rect's sides).
        let clear =
            (0..set.len()).all(|i| !common::touches(&set.piece(i).shape, &shape, body.position));
        // How far the body's face is from the surface it sank through, on
        // the free side (negative: still inside).
        let gap = (body.position - position).dot(out) - depth - extent;
        let moved_along_face = body.position - position - out * (body.position - position).dot(out);
        counted += 1;
        // The step's own motion (up to 2 000 px/s for 1/60 s, and gravity)
        // may carry it on; it must not have gone deeper, nor be inside.
        least_gap = least_gap.min(gap);
        most_gap = most_gap.max(gap);
        assert!(
            clear && gap >= -1e-3,
            "case {case} ({face:?}, {shape:?}, depth {depth}, tile {tile}): from {position} to {} \
             (gap {gap}, clear {clear}), velocity {velocity}, gravity {gravity}",
            body.position
        );
        // It came out through that face, not elsewhere: it moved along the
        // face no more than its own motion allows.
        assert!(
            moved_along_face.length() <= velocity.length() / 60.0 + 1.0,
            "case {case}: slid {moved_along_face} along the face"
        );
    }
    println!(
        "{cases} sunk bodies, {counted} checked: each out through the face it sank into after one \
         step, its face {least_gap:.4} to {most_gap:.2} px out of the surface"
    );
    assert!(counted >= 400, "only {counted} cases");
}
