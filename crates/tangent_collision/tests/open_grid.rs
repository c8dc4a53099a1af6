//! Open grids (`TileGrid::outside = Empty`): a gap in the bottom row is a
//! bottomless pit. Swept over tile sizes 8–64 px, floors 1–3 rows thick,
//! pits 1–6 tiles wide, circles and rects 1 px up to what the pit fits,
//! dropped from 0–200 px above the floor with sideways speeds up to
//! 60 px/s and gravities 500–6 000 px/s². The oracle is free fall: a body
//! over the pit's middle, narrower than the pit by a margin its sideways
//! drift cannot close, falls out through the bottom of the grid in the time
//! `sqrt(2 h / g)` gives (plus a step), and a closed grid (the default
//! `outside = Solid`) stops the same body on the grid's bottom edge. A body
//! over the floor lands on the floor's top either way.

mod common;

use common::circle_or_rect;
use common::extent_along;
use common::rng::Rng;
use glam::Vec2;
use tangent_collision::dynamics::step_body;
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// A grid `w` cells wide with a floor `thick` rows thick and a gap of
/// `pit` cells starting at column `at`.
fn floor_with_pit(w: usize, h: usize, tile: f32, thick: usize, at: usize, pit: usize) -> TileGrid {
    let mut g = TileGrid::new(w, h, tile, Vec2::ZERO);
    for y in 0..thick {
        for x in (0..w).filter(|x| !(at..at + pit).contains(x)) {
            g.set(x, y, TileKind::Solid);
        }
    }
    g
}

#[test]
fn a_body_over_a_pit_in_an_open_grid_falls_out_and_a_closed_grid_holds_it() {
    let mut rng = Rng::new(0x00BE_2917);
    let (mut fell, mut held, mut landed) = (0, 0, 0);
    let mut worst_late = 0.0f32;
    for case in 0..500 {
        let tile = rng.range(8.0, 64.0) as f32;
        let thick = 1 + rng.below(3);
        let pit = 1 + rng.below(6);
        let drop = rng.range(0.0, 200.0) as f32;
        // Tall enough that the body starts well inside the grid.
        let (w, h) = (pit + 12, thick + 4 + ((drop + 80.0) / tile).ceil() as usize);
        let at = 6;
        let mut grid = floor_with_pit(w, h, tile, thick, at, pit);
        let pit_lo = at as f32 * tile;
        let pit_w = pit as f32 * tile;
        let floor_top = thick as f32 * tile;
        let g = rng.range(500.0, 6000.0) as f32;
        let vx = rng.range(-60.0, 60.0) as f32;
        // Room for the fall (time to fall the floor and beyond).
        let fall_time = (2.0 * (drop + floor_top + 4.0 * tile) / g).sqrt();
        let drift = vx.abs() * fall_time;
        let size = if case < 20 {
            1.0
        } else {
            rng.range(0.5, (pit_w * 0.5 - drift - 1.0).max(0.6) as f64) as f32
        };
        let shape = circle_or_rect(&mut rng, size);
        let half_w = extent_along(&shape, Vec2::X);
        let half_h = extent_along(&shape, Vec2::Y);
        let over_pit = 2.0 * (half_w + drift) + 1.0 < pit_w;
        if !over_pit {
            continue;
        }
        let start = Vec2::new(pit_lo + 0.5 * pit_w, floor_top + drop + half_h + 0.5);
        // Until the body's top is past the grid's bottom, in free fall.
        let out_time = (2.0 * (start.y + half_h) / g).sqrt();
        let steps = ((out_time / DT).ceil() as usize) + 3;
        for open in [true, false] {
            grid.outside = if open {
                TileKind::Empty
            } else {
                TileKind::Solid
            };
            let set = TerrainSet::from_tiles(&grid, vec![]).unwrap();
            let mut body = Body::new(shape, start, Vec2::new(vx, 0.0), 0.0);
            let mut out_at = None;
            for s in 0..steps {
                let r = step_body(&set, &mut body, Vec2::new(0.0, -g), DT);
                assert!(r.error.is_none(), "case {case}: {:?}", r.error);
                if out_at.is_none() && body.position.y + half_h < 0.0 {
                    out_at = Some(s + 1);
                }
            }
            if open {
                let Some(s) = out_at else {
                    panic!(
                        "case {case}: {shape:?} over a {pit_w} px pit (tile {tile}) stayed at {}",
                        body.position
                    );
                };
                // Free fall from the start to the body's top below 0.
                let height = start.y + half_h;
                let t = (2.0 * height / g).sqrt();
                worst_late = worst_late.max(s as f32 * DT - t);
                assert!(
                    s as f32 * DT <= t + 2.0 * DT,
                    "case {case}: out after {s} steps, free fall takes {t} s"
                );
                fell += 1;
            } else {
                // The closed grid's bottom edge (y = 0) holds it.
                assert!(
                    (body.position.y - half_h).abs() < 0.5,
                    "case {case}: closed grid, the body at {} (half height {half_h}) tile {tile}",
                    body.position
                );
                held += 1;
            }
        }
        // The same body over the floor lands on its top, open or not.
        let set = TerrainSet::from_tiles(&grid, vec![]).unwrap();
        let on_floor = Vec2::new(2.0 * tile + half_w, start.y);
        let mut body = Body::new(shape, on_floor, Vec2::ZERO, 0.0);
        for _ in 0..steps + 30 {
            step_body(&set, &mut body, Vec2::new(0.0, -g), DT);
        }
        assert!(
            (body.position.y - half_h - floor_top).abs() < 0.5,
            "case {case}: on the floor at {}",
            body.position
        );
        landed += 1;
    }
    println!(
        "{fell} bodies fell out of an open grid's pit (at most {worst_late:.4} s after free fall), \
         {held} held by the closed grid's bottom, {landed} landed on the floor"
    );
    assert!(fell >= 300 && held == fell, "only {fell} fell, {held} held");
}

#[test]
fn an_open_grid_has_no_walls_but_its_cells() {
    let mut g = TileGrid::new(6, 4, 10.0, Vec2::ZERO);
    g.outside = TileKind::Empty;
    assert!(g.pieces().is_empty(), "an empty open grid has no terrain");
    g.set(0, 0, TileKind::Solid);
    g.set(5, 0, TileKind::Solid);
    g.set(2, 3, TileKind::OneWay);
    let pieces = g.pieces();
    // Two one-cell islands (four sides each) and the one-way's top, which
    // lies on the grid's top line.
    assert_eq!(pieces.len(), 9);
    let one_way: Vec<_> = pieces.iter().filter(|p| p.one_way).collect();
    assert_eq!(one_way.len(), 1);
    // Nothing spans the gap between the islands.
    for p in &pieces {
        let b = p.shape.aabb();
        assert!(b.max.x <= 10.0 || b.min.x >= 20.0 || p.one_way, "{p:?}");
    }
}
