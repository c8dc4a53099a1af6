//! Where bodies may be put: the player's spawn and checkpoints and each
//! actor must be finite, of a positive size and in free space (not inside a
//! solid tile, across a curve or inside a curve's ground).

use tangent_collision::prelude::{ActorShape, Terrain, TerrainSet, TileGrid, TileKind, Vec2};

use super::numbers::{finite2, v};
use crate::format::fill::{Body, fill_contains};
use crate::format::{ActorDef, ShapeDef};

/// The actor shape for a shape definition.
pub fn actor_shape(s: &ShapeDef) -> ActorShape {
    match *s {
        ShapeDef::Circle { radius } => ActorShape::Circle { radius },
        ShapeDef::Rect { half_extents } => ActorShape::Rect {
            half_extents: v(half_extents),
        },
    }
}

pub(crate) fn shape_ok(s: &ShapeDef) -> bool {
    match *s {
        ShapeDef::Circle { radius } => radius.is_finite() && radius > 0.0,
        ShapeDef::Rect { half_extents } => {
            finite2(half_extents) && half_extents.0 > 0.0 && half_extents.1 > 0.0
        }
    }
}

/// `shape` made `by` px smaller all round (not below nothing): what may
/// overlap terrain by less than `by` without counting as inside it.
pub(crate) fn shrunk(shape: &ActorShape, by: f32) -> ActorShape {
    match *shape {
        ActorShape::Circle { radius } => ActorShape::Circle {
            radius: (radius - by).max(0.0),
        },
        ActorShape::Rect { half_extents } => ActorShape::Rect {
            half_extents: (half_extents - Vec2::splat(by)).max(Vec2::ZERO),
        },
    }
}

/// Why `shape` at `center` is not in free space, if it is not. Touching a
/// surface is fine (an actor may be placed standing on the floor); reaching
/// more than half a pixel into a solid tile or across a curve is not.
pub(crate) fn inside_solid(
    set: &TerrainSet,
    grid: &TileGrid,
    fills: &[Body],
    shape: &ActorShape,
    center: Vec2,
) -> Option<String> {
    const SLACK: f32 = 0.5;
    let bb = shape.aabb(center);
    let ts = grid.tile_size;
    let (x0, y0) = grid.cell_of(bb.min);
    let (x1, y1) = grid.cell_of(bb.max);
    for y in y0..=y1 {
        for x in x0..=x1 {
            if grid.get(x, y) != TileKind::Solid {
                continue;
            }
            let lo = Vec2::new(x as f32, y as f32) * ts;
            let hi = lo + Vec2::splat(ts);
            let depth = match *shape {
                ActorShape::Circle { radius } => radius - (center - center.clamp(lo, hi)).length(),
                ActorShape::Rect { .. } => (bb.max.x.min(hi.x) - bb.min.x.max(lo.x))
                    .min(bb.max.y.min(hi.y) - bb.min.y.max(lo.y)),
            };
            if depth > SLACK {
                return Some(format!(
                    "inside solid tile ({x}, {y}) (columns from the left, rows from the bottom, from 0)"
                ));
            }
        }
    }
    let shrunk = shrunk(shape, SLACK);
    for p in set.pieces() {
        let is_curve = !matches!(p.shape, Terrain::Segment(_));
        if is_curve && !p.one_way && !p.shape.actor_hits(&shrunk, center).is_empty() {
            let at = p.shape.closest_point(center);
            return Some(format!(
                "overlapping the curve through ({:.0}, {:.0})",
                at.x, at.y
            ));
        }
    }
    for body in fills {
        if fill_contains(body.fill, &body.line, center, SLACK) {
            return Some(format!("inside the ground of curve {}", body.curve + 1));
        }
    }
    None
}

/// Why an actor of the file cannot be placed where it says, if it cannot.
pub(crate) fn actor_problem(
    a: &ActorDef,
    set: &TerrainSet,
    grid: &TileGrid,
    fills: &[Body],
) -> Option<String> {
    if !finite2(a.position) || !finite2(a.velocity) {
        return Some("position and velocity must be finite".into());
    }
    if !shape_ok(&a.shape) {
        return Some("shape needs a positive size".into());
    }
    if !a.restitution.is_finite()
        || a.restitution < 0.0
        || !a.friction.is_finite()
        || a.friction < 0.0
    {
        return Some("restitution and friction must be 0 or more".into());
    }
    if a.mass.is_nan() || a.mass < 0.0 {
        return Some("mass must be 0 (from its area) or more (inf: immovable)".into());
    }
    inside_solid(set, grid, fills, &actor_shape(&a.shape), v(a.position))
        .map(|m| format!("it is {m}"))
}
