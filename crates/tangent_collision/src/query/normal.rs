//! Normals at a contact: the bounce normal `⟂ B'(t̄)` at the mean hit
//! parameter `t̄` facing the actor, the contact normal (which is that except
//! at an exposed end of a piece), and the reflection of a velocity.

use glam::{DVec2, Vec2};

use super::closest::closest_param;
use crate::geometry::{ActorShape, PowerCurve, Terrain};

/// The mean of the finite hit parameters, the one parameter a contact is
/// read at (its normal, its point); `None` when there is none.
///
/// ```
/// use tangent_collision::query::mean_hit;
/// assert_eq!(mean_hit(&[0.25, 0.75]), Some(0.5));
/// assert_eq!(mean_hit(&[]), None);
/// ```
pub fn mean_hit(hits: &[f32]) -> Option<f64> {
    let (sum, count) = hits
        .iter()
        .filter(|t| t.is_finite())
        .fold((0.0f64, 0usize), |(s, n), &t| (s + t as f64, n + 1));
    (count > 0).then(|| sum / count as f64)
}

/// The unit normal an actor centred on `actor_center` bounces along after
/// touching `terrain` at the parameters `hits`: the perpendicular of
/// `B'(t̄)` at the mean `t̄` of the hits, turned to face the actor.
///
/// Where `B'(t̄)` vanishes (coincident control points) the tangent direction is
/// its limit, the first non-vanishing higher derivative `B''(t̄)` or
/// `B'''(t̄)`; then the chord `B(1) - B(0)`; then `actor_center` minus the
/// closest point; then straight up. `None` only for no (finite) hits. Never NaN.
///
/// ```
/// use tangent_collision::prelude::*;
/// let floor = Terrain::Segment(Segment::new(Vec2::ZERO, Vec2::new(100.0, 0.0)));
/// // From above or below, the normal faces the actor.
/// assert_eq!(bounce_normal(&floor, &[0.4, 0.6], Vec2::new(50.0, 3.0)), Some(Vec2::Y));
/// assert_eq!(bounce_normal(&floor, &[0.4, 0.6], Vec2::new(50.0, -3.0)), Some(Vec2::NEG_Y));
/// // Coincident control points: B' = 0 at t = 0, the limit direction is used.
/// let pinched = Terrain::Quad(QuadBezier::new(Vec2::ZERO, Vec2::ZERO, Vec2::new(10.0, 0.0)));
/// assert_eq!(bounce_normal(&pinched, &[0.0], Vec2::new(0.0, 5.0)), Some(Vec2::Y));
/// assert_eq!(bounce_normal(&floor, &[], Vec2::ZERO), None);
/// ```
pub fn bounce_normal(terrain: &Terrain, hits: &[f32], actor_center: Vec2) -> Option<Vec2> {
    bounce_normal_on(&terrain.bernstein().power(), hits, actor_center)
}

/// [`bounce_normal`] on the piece's power form `pc`, for a caller that has it.
pub(crate) fn bounce_normal_on(pc: &PowerCurve, hits: &[f32], actor_center: Vec2) -> Option<Vec2> {
    let t = mean_hit(hits)?.clamp(0.0, 1.0);
    let center = actor_center.as_dvec2();
    let tiny = pc.vanishing();
    let tangent = pc.tangent_limit_above(t, tiny).or_else(|| {
        let chord = pc.eval(1.0) - pc.eval(0.0);
        (chord.length() > tiny).then_some(chord)
    });
    let on_curve = pc.eval(t);
    let normal = match tangent {
        Some(v) => v.perp().normalize(),
        None => {
            let away = center - pc.eval(closest_param(&pc.translated(center)));
            if away.length() > tiny {
                away.normalize()
            } else {
                DVec2::Y
            }
        }
    };
    let facing = if normal.dot(center - on_curve) < 0.0 {
        -normal
    } else {
        normal
    };
    let n = facing.as_vec2();
    n.is_finite().then_some(n)
}

/// The direction from the end `e` (0 or 1) of the piece outward, past the
/// end: `B'(1)` or `-B'(0)`, or their limit where the derivative vanishes.
fn outward_tangent(pc: &PowerCurve, e: f64) -> DVec2 {
    let sign = if e == 0.0 { -1.0 } else { 1.0 };
    pc.tangent_limit(e)
        .map(|v| {
            // B'' at an end where B' = 0 points into the piece from t = 0 and
            // out of it at t = 1, like B' does; only its sign flips with e.
            v * sign
        })
        .unwrap_or(DVec2::ZERO)
}

/// The contact normal for `shape` at `center` touching the piece at `hits`.
///
/// This is [`bounce_normal`] (perpendicular of `B'` at the mean hit, facing
/// the actor), except at an *exposed end*: when an end of the piece is among
/// the hits and the actor lies beyond it (past the perpendicular through the
/// end), the piece's tangent says nothing about the contact, which is a
/// point. There the normal separates the actor from that point: radial for a
/// circle, the normal of the nearest face for a rect.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::query::contact_normal;
/// let ledge = Terrain::Segment(Segment::new(Vec2::ZERO, Vec2::new(100.0, 0.0)));
/// let ball = ActorShape::Circle { radius: 5.0 };
/// // Beyond the end at (100, 0), up and to the right of it: radial.
/// let at = Vec2::new(103.0, 3.0);
/// let n = contact_normal(&ledge, &ledge.actor_hits(&ball, at), &ball, at).unwrap();
/// assert!((n - Vec2::new(1.0, 1.0).normalize()).length() < 1e-6);
/// ```
pub fn contact_normal(
    terrain: &Terrain,
    hits: &[f32],
    shape: &ActorShape,
    center: Vec2,
) -> Option<Vec2> {
    let pc = terrain.bernstein().power();
    let n = bounce_normal_on(&pc, hits, center)?;
    let c = center.as_dvec2();
    for e in [0.0f64, 1.0] {
        if !hits.contains(&(e as f32)) {
            continue;
        }
        let q = pc.eval(e);
        if (c - q).dot(outward_tangent(&pc, e)) <= 0.0 {
            continue;
        }
        let away = match *shape {
            ActorShape::Circle { .. } => c - q,
            ActorShape::Rect { half_extents } => {
                let h = half_extents.as_dvec2();
                let gap = (q - c).abs() - h;
                if gap.x > gap.y {
                    DVec2::new((c.x - q.x).signum(), 0.0)
                } else {
                    DVec2::new(0.0, (c.y - q.y).signum())
                }
            }
        };
        if away.length() > 0.0 {
            return Some(away.normalize().as_vec2());
        }
    }
    Some(n)
}

/// Velocity after a bounce off a surface with unit normal `normal`:
/// `v - (1 + e)(v · n) n`. `e = 1` mirrors the normal component, `e = 0`
/// removes it (slide), the tangential component is kept.
///
/// ```
/// use tangent_collision::prelude::*;
/// assert_eq!(reflect(Vec2::new(3.0, -4.0), Vec2::Y, 1.0), Vec2::new(3.0, 4.0));
/// assert_eq!(reflect(Vec2::new(3.0, -4.0), Vec2::Y, 0.0), Vec2::new(3.0, 0.0));
/// ```
pub fn reflect(velocity: Vec2, normal: Vec2, restitution: f32) -> Vec2 {
    velocity - (1.0 + restitution) * velocity.dot(normal) * normal
}
