//! Oracles for bodies among bodies, written from the shapes' closed forms
//! (not the crate's Minkowski box): how deep two bodies overlap.

use glam::Vec2;
use tangent_collision::prelude::*;

/// How far two bodies overlap (px, 0 when apart): for two circles the sum
/// of radii less the distance; for two rects the smaller of the per-axis
/// overlaps; for a circle and a rect the radius less the distance from the
/// centre to the box's nearest point (or, centre inside, the radius plus
/// the depth to the nearest face).
pub fn overlap(a: &Body, b: &Body) -> f32 {
    use ActorShape::{Circle, Rect};
    let (pa, pb) = (a.position.as_dvec2(), b.position.as_dvec2());
    let depth = match (a.shape, b.shape) {
        (Circle { radius: ra }, Circle { radius: rb }) => (ra + rb) as f64 - (pa - pb).length(),
        (Rect { half_extents: ha }, Rect { half_extents: hb }) => {
            let d = (pa - pb).abs();
            let ox = (ha.x + hb.x) as f64 - d.x;
            let oy = (ha.y + hb.y) as f64 - d.y;
            ox.min(oy)
        }
        (Circle { radius }, Rect { half_extents }) | (Rect { half_extents }, Circle { radius }) => {
            let (c, box_c) = if matches!(a.shape, Circle { .. }) {
                (pa, pb)
            } else {
                (pb, pa)
            };
            let h = half_extents.as_dvec2();
            let rel = c - box_c;
            let nearest = rel.clamp(-h, h);
            if nearest == rel {
                let inside = (h - rel.abs()).min_element();
                radius as f64 + inside
            } else {
                radius as f64 - (rel - nearest).length()
            }
        }
    };
    depth.max(0.0) as f32
}

/// The deepest overlap among all pairs of `bodies` (all pairs: for tests).
pub fn deepest_overlap(bodies: &[Body]) -> f32 {
    let mut worst = 0.0f32;
    for i in 0..bodies.len() {
        for j in i + 1..bodies.len() {
            worst = worst.max(overlap(&bodies[i], &bodies[j]));
        }
    }
    worst
}

/// Kinetic energy of `bodies` (mass from `inverse_mass`).
pub fn kinetic_energy(bodies: &[Body]) -> f64 {
    bodies
        .iter()
        .filter(|b| b.inverse_mass > 0.0)
        .map(|b| 0.5 * b.velocity.as_dvec2().length_squared() / b.inverse_mass as f64)
        .sum()
}

/// Total momentum of `bodies`.
pub fn momentum(bodies: &[Body]) -> Vec2 {
    bodies
        .iter()
        .filter(|b| b.inverse_mass > 0.0)
        .map(|b| b.velocity / b.inverse_mass)
        .sum()
}
