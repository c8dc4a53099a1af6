//! One fixed step of a body through the terrain: depenetrate, find resting
//! support, integrate gravity, then move with continuous collision,
//! responding to each impact (bounce or slide) with the time left.
//!
//! Gravity is integrated exactly over each sub-step: one of length `τ`
//! moves `v τ + ½ g τ²` and ends with velocity `v + g τ`, so a bouncing ball
//! neither gains nor loses energy from the integrator. The straight chord is
//! what gets swept; it ends on the exact parabola. A supported body does the
//! same with the gravity left along its surface, `g_t`, exact on a straight
//! slope. On a curve that is concave toward the body the chord is bent back
//! to follow the surface and the velocity turned along it (`follow`); where
//! it slides against several surfaces at once it keeps out of all of them
//! (`slide`). On a curve `g_t` changes along the step, so a rocking body can
//! gain a little energy: the energy check below takes it back.
//!
//! Contacts and the skin: bodies stop [`SKIN`] pixels short of the surface
//! (the sweep uses the shape grown by the skin). A body within
//! [`CONTACT_MARGIN`] of a surface it is not leaving is *supported*: its
//! velocity into the surface is removed and gravity's push into the surface
//! is dropped for the step, leaving only the part along the surface. Resting
//! is decided by that distance, never by the sign of a discriminant.
//!
//! Response: an impact slower than [`rest_speed`] (or with `e = 0`) slides:
//! the normal velocity is removed and gravity's push into that surface is
//! dropped for the rest of the step. A faster one bounces,
//! `v ← v - (1 + e)(v·n)n` with `e = e_body · e_terrain`, and gravity is kept,
//! so an elastic bounce never gains height.
//!
//! Energy: with every impact of a step at `e ≤ 1`, the step never ends with
//! more kinetic plus potential energy than it started with (the small error
//! of following a curve with the start's `g_t` is taken from the speed).
//!
//! Friction (Coulomb, `friction = μ`, default 0: frictionless as in the
//! reference demo): a supported body slows by `μ · g_n · dt` along the
//! surface, and one that is slow enough on a slope no steeper than `atan μ`
//! stays put. [`Body::with_grip`] sets `μ = tan(max_slope)`, so it holds on
//! exactly the slopes that count as ground.

use bevy::math::{DVec2, Rect, Vec2};

use super::broadphase::{SpanCache, TerrainPiece, TerrainSet};
use super::depenetrate::{NearSpan, Nearby};
use super::follow::{self, Sliding};
use super::query::{
    circle_clear_by, closest_offset, px_tol, shape_crossings, shape_crossings_given,
};
use super::shapes::ActorShape;
use super::slide::clip_to_cone;
use super::span::Span;
use super::sweep::{Toi, contact_normal, sweep_span};

/// Gap, in pixels, a moving body keeps from the surfaces it meets.
pub const SKIN: f32 = 0.02;

/// A surface within this many pixels supports a body that is not leaving it.
pub const CONTACT_MARGIN: f32 = 0.1;

/// Most impacts handled in one step; motion left after that is reported.
pub const MAX_ITERATIONS: usize = 8;

/// Default steepest slope that counts as ground: 45°.
pub const DEFAULT_MAX_SLOPE: f32 = std::f32::consts::FRAC_PI_4;

/// Approach speed below which an impact is a resting contact rather than a
/// bounce: twice what gravity adds in one step, plus 1 px/s.
pub fn rest_speed(gravity: Vec2, dt: f32) -> f32 {
    2.0 * gravity.length() * dt + 1.0
}

/// A moving actor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub shape: ActorShape,
    pub position: Vec2,
    pub velocity: Vec2,
    /// Bounciness; the impact uses `restitution · terrain restitution`.
    pub restitution: f32,
    /// Coulomb friction coefficient along supporting surfaces (default 0).
    pub friction: f32,
    /// Steepest slope, in radians from horizontal, that counts as ground.
    pub max_slope: f32,
    /// Pass through one-way pieces (dropping down through a platform).
    pub drop_through: bool,
}

impl Body {
    /// A frictionless body, ground up to 45°, blocked by one-way pieces.
    pub fn new(shape: ActorShape, position: Vec2, velocity: Vec2, restitution: f32) -> Self {
        Body {
            shape,
            position,
            velocity,
            restitution,
            friction: 0.0,
            max_slope: DEFAULT_MAX_SLOPE,
            drop_through: false,
        }
    }

    /// The same body with `friction = tan(max_slope)`: at rest it stays put
    /// on any slope that counts as ground and slides off steeper ones.
    pub fn with_grip(mut self) -> Self {
        self.friction = self.max_slope.tan();
        self
    }

    fn is_valid(&self) -> bool {
        self.position.is_finite()
            && self.velocity.is_finite()
            && self.restitution.is_finite()
            && self.friction.is_finite()
            && self.max_slope.is_finite()
            && self.shape.is_valid()
    }
}

/// One contact met during a step.
#[derive(Clone, Debug, PartialEq)]
pub struct Contact {
    /// The point of the piece at the mean hit parameter.
    pub point: Vec2,
    /// Unit normal facing the body.
    pub normal: Vec2,
    /// Index of the piece in the [`TerrainSet`].
    pub piece: usize,
    /// Hit parameters of the body (grown by the contact margin) on the piece.
    pub hits: Vec<f32>,
    /// Speed into the surface just before the response (0 for support).
    pub impact_speed: f32,
    /// `true` for a bounce, `false` for support or a slide.
    pub bounced: bool,
}

/// What a step did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepReport {
    pub contacts: Vec<Contact>,
    /// A contact's normal was within `max_slope` of up (against gravity).
    pub grounded: bool,
    /// Seconds of motion not carried out after [`MAX_ITERATIONS`] impacts.
    pub leftover: f32,
    /// Pixels the body was pushed out of terrain it overlapped at the start.
    pub depenetration: f32,
    /// Why the step was refused (non-finite input); the body is unchanged.
    pub error: Option<String>,
}

/// `true` when a one-way piece blocks `body` about to move by `motion`: the
/// body is not dropping through, does not overlap the piece, is on its left
/// (normal) side, and moves against that normal.
fn one_way_blocks(piece: &TerrainPiece, body: &Body, motion: Vec2) -> bool {
    if body.drop_through {
        return false;
    }
    let pc = piece.shape.bernstein().power();
    let c = body.position.as_dvec2();
    if !shape_crossings(&pc, &body.shape, c, 0.0).is_empty() {
        return false;
    }
    let t = piece.shape.closest_t(body.position);
    let d = piece.shape.derivative(t);
    let left = if d.length_squared() > 0.0 {
        d.perp()
    } else {
        Vec2::Y
    };
    (body.position - piece.shape.point(t)).dot(left) > 0.0 && motion.dot(left) < 0.0
}

/// The box of the body moving by `motion`, grown by `margin`.
fn swept_box(body: &Body, motion: Vec2, margin: f32) -> Rect {
    let a = body.shape.aabb(body.position);
    let b = body.shape.aabb(body.position + motion);
    a.union(b).inflate(margin)
}

/// The region one step of `body` is expected to query: its box where it is
/// and where free flight would take it, grown by the skin and the contact
/// margin and by one pixel for the turns that support and bends give the
/// motion. A query outside it still gets its answer (see [`SpanCache`]).
fn step_region(body: &Body, gravity: Vec2, dt: f32) -> Rect {
    let flight = body.velocity * dt + 0.5 * gravity * dt * dt;
    swept_box(body, flight, SKIN + CONTACT_MARGIN + 1.0)
}

fn up_of(gravity: Vec2) -> Vec2 {
    if gravity.length_squared() > 0.0 {
        -gravity.normalize()
    } else {
        Vec2::Y
    }
}

/// The lists one step fills (the spans near the body, the sub-curves cut),
/// kept between calls of [`step_body_with`] so that stepping many bodies
/// allocates them once rather than every step. It holds no state that
/// changes an answer: a step with a used scratch is the same, bit for bit,
/// as one with a new scratch.
#[derive(Default)]
pub struct StepScratch {
    near: Nearby,
}

/// Moves `body` through `set` for `dt` seconds under `gravity`. See the
/// module docs for the model. Non-finite input leaves the body unchanged and
/// says why in [`StepReport::error`]. [`step_body_with`] is the same with
/// lists kept between calls.
pub fn step_body(set: &TerrainSet, body: &mut Body, gravity: Vec2, dt: f32) -> StepReport {
    step_body_with(set, body, &mut StepScratch::default(), gravity, dt)
}

/// [`step_body`] reusing `scratch`'s lists (one scratch for any number of
/// bodies and sets, used by one step at a time).
pub fn step_body_with(
    set: &TerrainSet,
    body: &mut Body,
    scratch: &mut StepScratch,
    gravity: Vec2,
    dt: f32,
) -> StepReport {
    let mut report = StepReport::default();
    if !body.is_valid() || !gravity.is_finite() || !dt.is_finite() || dt < 0.0 {
        report.error = Some(format!(
            "step refused: non-finite or invalid input (body {body:?}, gravity {gravity}, dt {dt})"
        ));
        return report;
    }
    let saved = *body;
    let up = up_of(gravity);
    let cos_max = body.max_slope.cos();
    let near = &mut scratch.near;
    near.cache.gather(set, step_region(body, gravity, dt));
    near.query(set, body);
    report.depenetration = super::depenetrate::depenetrate(set, body, gravity, near);

    // Energy per unit mass at the start, for the no-growth guarantee below.
    let energy = |b: &Body| 0.5 * b.velocity.length_squared() - gravity.dot(b.position);
    let start_energy = energy(body);
    let mut max_e = 0.0f32;

    let rest = rest_speed(gravity, dt);
    let mut g = gravity;
    supports(set, body, &mut g, dt, rest, near, &mut report);

    let cache = &mut near.cache;
    let mut remaining = dt;
    let mut sliding = sliding_on(&report.contacts);
    for _ in 0..MAX_ITERATIONS {
        if remaining <= 0.0 {
            break;
        }
        let mut motion = body.velocity * remaining + 0.5 * g * remaining * remaining;
        let bent =
            sliding.and_then(|on| follow::bend(set, on, &body.shape, body.position, motion, cache));
        if let Some(b) = bent {
            motion = b.motion;
        }
        let known = if body.position == near.at {
            &near.spans[..]
        } else {
            &[]
        };
        let Some((piece, toi)) = first_impact(set, body, motion, cache, known) else {
            body.position += motion;
            body.velocity += g * remaining;
            if let Some(b) = bent {
                body.velocity = follow::along(body.velocity, b.normal);
            }
            remaining = 0.0;
            break;
        };
        body.position += motion * toi.fraction;
        body.velocity += g * (remaining * toi.fraction);
        remaining *= 1.0 - toi.fraction;
        let n = toi.normal;
        let vn = body.velocity.dot(n);
        let e = body.restitution * set.piece(piece).restitution;
        max_e = max_e.max(e);
        let bounced = vn < -rest && e > 0.0;
        if bounced {
            body.velocity = super::query::reflect(body.velocity, n, e);
        } else if vn < 0.0 {
            // Slide, keeping out of every surface still touched this step
            // (a crease: see `slide`).
            let mut normals = touching_normals(&report.contacts, body);
            normals.push(n);
            body.velocity = clip_to_cone(body.velocity, &normals);
            g = clip_to_cone(g, &normals);
            apply_friction(body, -vn);
        }
        report.contacts.push(Contact {
            point: toi.point,
            normal: n,
            piece,
            hits: toi.hits,
            impact_speed: (-vn).max(0.0),
            bounced,
        });
        sliding = sliding_on(&report.contacts[report.contacts.len() - 1..]);
    }
    report.leftover = remaining.max(0.0);
    // With every impact at e ≤ 1 energy must not grow. Free flight is exact,
    // but a step along a curve uses the start's tangential gravity and the
    // bent chord's end: whatever a step ends with above its start is taken
    // from the kinetic energy.
    if max_e <= 1.0 {
        let excess = energy(body) - start_energy;
        let speed2 = body.velocity.length_squared();
        if excess > 0.0 && speed2 > 0.0 {
            body.velocity *= ((speed2 - 2.0 * excess).max(0.0) / speed2).sqrt();
        }
    }
    report.grounded = report
        .contacts
        .iter()
        .any(|c| !c.bounced && c.normal.dot(up) >= cos_max - 1e-6);
    if !body.position.is_finite() || !body.velocity.is_finite() {
        *body = saved;
        report.error = Some("step produced a non-finite state; body kept as it was".into());
    }
    report
}

/// The surface a body slides on after `contacts` (the supports, or the
/// latest impact): their piece when they are all on one piece and none
/// bounced; `None` otherwise.
fn sliding_on(contacts: &[Contact]) -> Option<Sliding> {
    let last = contacts.last()?;
    if contacts
        .iter()
        .any(|c| c.bounced || c.piece != last.piece || c.hits.is_empty())
    {
        return None;
    }
    Some(Sliding {
        piece: last.piece,
        t: last.hits.iter().sum::<f32>() / last.hits.len() as f32,
        normal: last.normal,
    })
}

/// The normals of this step's support and slide contacts whose points are
/// still within reach of the body (its box grown by the skin and the contact
/// margin): the surfaces a slide must not push it into.
fn touching_normals(contacts: &[Contact], body: &Body) -> Vec<Vec2> {
    let reach = body
        .shape
        .aabb(body.position)
        .inflate(2.0 * (SKIN + CONTACT_MARGIN));
    contacts
        .iter()
        .filter(|c| !c.bounced && reach.contains(c.point))
        .map(|c| c.normal)
        .collect()
}

/// Reduces the body's speed by a Coulomb friction impulse `μ · load`.
fn apply_friction(body: &mut Body, load: f32) {
    let speed = body.velocity.length();
    if body.friction > 0.0 && speed > 0.0 {
        let cut = (body.friction * load).min(speed);
        body.velocity -= body.velocity / speed * cut;
    }
}

/// Finds the surfaces supporting the body at the start of the step, removes
/// its velocity into them and gravity's push into them, applies friction and
/// the stay-put rule, and records them as contacts. `near` holds the
/// pieces near the body ([`Nearby`]).
fn supports(
    set: &TerrainSet,
    body: &mut Body,
    g: &mut Vec2,
    dt: f32,
    rest: f32,
    near: &Nearby,
    report: &mut StepReport,
) {
    let mut load = 0.0f32;
    let grow = CONTACT_MARGIN as f64;
    for near_span in &near.spans {
        let (i, span) = (near_span.piece, &near_span.span);
        let piece = set.piece(i);
        let c = body.position.as_dvec2();
        // The radius the crossings below are solved for (`shape_crossings`).
        if let (ActorShape::Circle { radius }, Some(offset)) = (body.shape, near_span.closest)
            && near.at == body.position
            && circle_clear_by(&span.pc.translated(c), radius as f64 + grow, offset)
        {
            // No crossings to find (`circle_clear` decides as they would).
            continue;
        }
        // Depenetration's critical points, found at this same centre.
        let critical = near_span
            .critical
            .as_deref()
            .filter(|_| near.at == body.position);
        let hits: Vec<f32> = shape_crossings_given(&span.pc, &body.shape, c, grow, critical)
            .iter()
            .map(|&s| span.piece_t(s) as f32)
            .collect();
        let Some(n) = contact_normal(&piece.shape, &hits, &body.shape, body.position) else {
            continue;
        };
        if piece.one_way && !one_way_blocks(piece, body, -n) {
            continue;
        }
        let vn = body.velocity.dot(n);
        if vn.abs() > rest {
            // Leaving the surface (a jump, a rebound), or hitting it fast:
            // the sweep turns that into a bounce.
            continue;
        }
        if vn < 0.0 {
            body.velocity -= vn * n;
        }
        let gn = g.dot(n);
        if gn < 0.0 {
            *g -= gn * n;
            load += -gn;
        }
        let mean = hits.iter().sum::<f32>() / hits.len() as f32;
        report.contacts.push(Contact {
            point: piece.shape.point(mean),
            normal: n,
            piece: i,
            hits,
            impact_speed: 0.0,
            bounced: false,
        });
    }
    // Where supports meet in a crease, removing the push into one surface
    // can leave a push into another: keep both out of every support.
    if report.contacts.len() > 1 {
        let normals: Vec<Vec2> = report.contacts.iter().map(|c| c.normal).collect();
        body.velocity = clip_to_cone(body.velocity, &normals);
        *g = clip_to_cone(*g, &normals);
    }
    if load > 0.0 && body.friction > 0.0 {
        let hold = g.length() <= body.friction * load + 1e-4
            && body.velocity.length() <= body.friction * load * dt + 1e-3;
        if hold {
            body.velocity = Vec2::ZERO;
            *g = Vec2::ZERO;
        } else {
            apply_friction(body, load * dt);
        }
    }
}

/// The gap (px, at most `limit`) between the bare body and a piece's span:
/// the largest growth of the shape that still does not touch it, by
/// bisection. The span must cover the body's box grown by `limit`.
fn gap_to(span: &Span, body: &Body, limit: f32) -> f32 {
    let pc = span.pc;
    let c = body.position.as_dvec2();
    if let ActorShape::Circle { radius } = body.shape {
        // Exact for a circle: the distance to the piece less the radius,
        // after the cheap bound by the control-point box.
        if pc.translated(c).hull_box_distance() - radius as f64 >= limit as f64 {
            return limit;
        }
        let gap = super::query::point_distance(&pc, c) - radius as f64;
        return (gap as f32).clamp(0.0, limit);
    }
    let clear = |g: f32| shape_crossings(&pc, &body.shape, c, g as f64).is_empty();
    if clear(limit) {
        return limit;
    }
    let (mut lo, mut hi) = (0.0f32, limit);
    if !clear(0.0) {
        return 0.0;
    }
    for _ in 0..12 {
        let mid = 0.5 * (lo + hi);
        if clear(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Below this gap (px) a body counts as touching a piece within a step.
const TOUCHING: f32 = 1e-3;

/// The earliest impact of `body` moving by `motion`, over every nearby piece.
///
/// A piece already within the skin blocks at fraction 0 only if the motion
/// goes into it. Otherwise the body may move along it: the piece is swept
/// again with a shell of half the body's current gap, so a body sliding along
/// a concave surface meets it again before it can enter, and each such
/// impact at most halves the gap (the next step restores the skin).
///
/// `known` holds the pieces near the body whose closest point to it is
/// already known ([`Nearby`] at the body's position, or nothing).
fn first_impact(
    set: &TerrainSet,
    body: &Body,
    motion: Vec2,
    cache: &mut SpanCache,
    known: &[NearSpan],
) -> Option<(usize, Toi)> {
    let len = motion.length();
    if len == 0.0 {
        return None;
    }
    let found = cache
        .query_spans(set, swept_box(body, motion, SKIN + CONTACT_MARGIN))
        .len();
    let mut best: Option<(usize, Toi)> = None;
    for k in 0..found {
        let near_piece = cache.found()[k];
        let i = near_piece.piece;
        let piece = set.piece(i);
        if piece.one_way && !one_way_blocks(piece, body, motion) {
            continue;
        }
        let span = cache.span(set, &near_piece);
        let closest = known.iter().find(|n| n.piece == i).and_then(|n| n.closest);
        let Some(toi) = sweep_keeping_skin(piece, &span, body, motion, closest) else {
            continue;
        };
        if best.as_ref().is_none_or(|(_, b)| toi.fraction < b.fraction) {
            best = Some((i, toi));
        }
    }
    best
}

/// The first contact of `body` moving by `motion` with one piece's span,
/// keeping the skin (see [`first_impact`]).
///
/// A circle first asks the exact closest point how far the piece is: clear
/// of the skin, or within it but moving along or away from it (judged by
/// the direction to the closest point), it is swept from a start known to
/// be clear, with the skin or with the half-gap shell. Only a circle
/// touching, or moving into a piece within its skin, and a rect take the
/// general path, which finds the start contact by its hits.
///
/// `closest` is the vector from the circle's centre to the piece's closest
/// point when the caller has it, found on the span of the pieces near the
/// body rather than on this one: both spans hold every point of the piece
/// within the contact margin and skin of the circle, so where the closest
/// point matters (a gap under the skin) it is the same point, to rounding;
/// where that span's closest point is farther, so is this one's, and
/// either way the circle is clear of the skin.
fn sweep_keeping_skin(
    piece: &TerrainPiece,
    span: &Span,
    body: &Body,
    motion: Vec2,
    closest: Option<DVec2>,
) -> Option<Toi> {
    let (shape, position) = (&body.shape, body.position);
    let len = motion.length();
    if let ActorShape::Circle { radius } = *shape {
        let skin_reach = radius as f64 + SKIN as f64;
        let q = span.pc.translated(position.as_dvec2());
        if q.hull_box_distance() > skin_reach + 2.0 * px_tol(q.scale() + skin_reach) {
            return sweep_span(&piece.shape, span, shape, position, motion, SKIN, true);
        }
        let offset = closest.unwrap_or_else(|| closest_offset(&span.pc, position.as_dvec2()));
        let dist = offset.length();
        let gap = dist - radius as f64;
        let tol = 2.0 * px_tol(span.pc.scale() + dist);
        if gap > SKIN as f64 + tol {
            return sweep_span(&piece.shape, span, shape, position, motion, SKIN, true);
        }
        let away = -offset / dist;
        if gap > (TOUCHING as f64) && motion.as_dvec2().dot(away) >= 0.0 {
            let shell = 0.5 * gap as f32;
            return sweep_span(&piece.shape, span, shape, position, motion, shell, true);
        }
    }
    let mut toi = sweep_span(&piece.shape, span, shape, position, motion, SKIN, false)?;
    if toi.fraction == 0.0 && motion.dot(toi.normal) >= -1e-6 * len {
        let gap = gap_to(span, body, SKIN);
        if gap > TOUCHING {
            toi = sweep_span(&piece.shape, span, shape, position, motion, 0.5 * gap, true)?;
        }
    }
    Some(toi)
}

/// The first contact of `body` moving by `motion` through `set`, keeping the
/// skin, as `(piece index, contact)`; `None` when the motion is free. Used
/// for probes such as snapping a runner to the ground.
pub fn cast(set: &TerrainSet, body: &Body, motion: Vec2) -> Option<(usize, Toi)> {
    first_impact(set, body, motion, &mut SpanCache::default(), &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::roots::unit_rng;
    use crate::collision::shapes::{Segment, random_curve};

    /// Stepping with one scratch reused across bodies, steps and two sets
    /// gives the same bodies and reports, bit for bit, as a new scratch per
    /// step: 300 balls and boxes over random curves and a floor, 120 steps,
    /// the set swapped for a shifted copy every 10 steps.
    #[test]
    fn a_used_scratch_steps_as_a_new_one() {
        let mut f = unit_rng(0xBB67_AE85_84CA_A73B);
        let make = |f: &mut dyn FnMut() -> f64, dy: f32| {
            let mut pieces: Vec<TerrainPiece> = (0..30)
                .map(|k| TerrainPiece::solid(random_curve(&mut &mut *f, k, 600.0)))
                .collect();
            let floor = Segment::new(Vec2::new(-100.0, dy), Vec2::new(700.0, dy));
            pieces.push(TerrainPiece::solid(floor));
            TerrainSet::new(pieces).unwrap()
        };
        let sets = [make(&mut f, 0.0), make(&mut f, 3.0)];
        let mut bodies: Vec<Body> = (0..300)
            .map(|k| {
                let shape = if k % 4 == 0 {
                    ActorShape::Rect {
                        half_extents: Vec2::new(3.0, 5.0),
                    }
                } else {
                    ActorShape::Circle {
                        radius: 3.0 + 5.0 * f() as f32,
                    }
                };
                let position = Vec2::new(600.0 * f() as f32, 20.0 + 580.0 * f() as f32);
                let velocity = Vec2::new(400.0 * f() as f32 - 200.0, 400.0 * f() as f32 - 200.0);
                Body::new(shape, position, velocity, f() as f32)
            })
            .collect();
        let mut fresh = bodies.clone();
        let mut scratch = StepScratch::default();
        let gravity = Vec2::new(0.0, -3600.0);
        let mut contacts = 0;
        for step in 0..120 {
            let set = &sets[(step / 10) % 2];
            for (used, new) in bodies.iter_mut().zip(&mut fresh) {
                let a = step_body_with(set, used, &mut scratch, gravity, 1.0 / 60.0);
                let b = step_body(set, new, gravity, 1.0 / 60.0);
                assert_eq!(a, b, "step {step}");
                assert_eq!(used, new, "step {step}");
                contacts += a.contacts.len();
            }
        }
        assert!(contacts > 10_000, "only {contacts} contacts");
    }

    /// A circle near a curve sweeps the same with the closest point found
    /// on the span of the pieces near it (as the step passes it to the
    /// first sweep) as when the sweep solves for it on its own span:
    /// random quadratics and cubics, circles from inside the curve to 2 px
    /// off it (under the skin, at it, clear), random motions of 0.1 to
    /// 20 px. Most cases have two different spans.
    #[test]
    fn known_closest_point_sweeps_as_solving_again() {
        let mut f = unit_rng(0x6A09_E667_F3BC_C908);
        let (mut compared, mut other_span) = (0, 0);
        for i in 0..4000 {
            let shape = random_curve(&mut f, i, 400.0);
            let piece = TerrainPiece::solid(shape);
            let set = TerrainSet::new(vec![piece]).unwrap();
            let pc = shape.bernstein().power();
            let (t, r) = (f(), 2.0 + 8.0 * f());
            let normal = pc.deriv(t).perp().normalize_or_zero();
            let gap = if i % 5 == 0 {
                -0.01 * f()
            } else {
                2.0 * 10f64.powf(-4.0 * f())
            };
            let position = (pc.eval(t) + normal * (r + gap)).as_vec2();
            let angle = std::f64::consts::TAU * f();
            let motion = (DVec2::from_angle(angle) * (0.1 + 20.0 * f())).as_vec2();
            let body = Body::new(
                ActorShape::Circle { radius: r as f32 },
                position,
                Vec2::ZERO,
                0.5,
            );
            let mut near = Nearby::default();
            near.query(&set, &body);
            let Some(known) = near.spans.first() else {
                continue;
            };
            let closest = closest_offset(&known.span.pc, position.as_dvec2());
            let near_range = (known.span.t0, known.span.t1);
            let region = swept_box(&body, motion, SKIN + CONTACT_MARGIN);
            let found = near.cache.query_spans(&set, region).to_vec();
            let span = near.cache.span(&set, &found[0]);
            other_span += usize::from((span.t0, span.t1) != near_range);
            let given = sweep_keeping_skin(&piece, &span, &body, motion, Some(closest));
            let solved = sweep_keeping_skin(&piece, &span, &body, motion, None);
            match (&given, &solved) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    assert!(
                        (a.fraction - b.fraction).abs() <= 1e-6
                            && (a.normal - b.normal).length() <= 1e-5,
                        "case {i}: {a:?} vs {b:?}"
                    );
                }
                _ => panic!("case {i}: {given:?} vs {solved:?}"),
            }
            compared += 1;
        }
        assert!(compared > 3500, "only {compared} cases compared");
        assert!(other_span > 1000, "only {other_span} cases on two spans");
    }
}
