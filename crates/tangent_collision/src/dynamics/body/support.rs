//! Resting support at the start of a step: the surfaces within the contact
//! margin a body is not leaving, with their velocity and gravity removed,
//! friction and the stay-put rule; and the gap to a span.

use glam::Vec2;

use super::margins::{CONTACT_MARGIN, SETTLE, SKIN, SMOOTH_JOINT_COS, rest_speed};
use super::near::NearSpans;
use super::one_way;
use super::slide::clip_to_cone;
use super::types::{Body, Contact, StepReport, Touched};
use crate::geometry::{ActorShape, Span};
use crate::query::{Hits, JointEnds, closest_offset};
use crate::query::{
    circle_clear_by, joined_contact, mean_hit, shape_crossings, shape_crossings_given,
};
use crate::terrain::TerrainSet;

/// The normals of this step's support and slide contacts whose points are
/// still within reach of the body (its box grown by the skin and the contact
/// margin): the surfaces a slide must not push it into.
pub(in crate::dynamics) fn touching_normals(
    contacts: &[Contact],
    body: &Body,
    out: &mut Vec<Vec2>,
) {
    let reach = body
        .shape
        .aabb(body.position)
        .inflate(2.0 * (SKIN + CONTACT_MARGIN));
    out.clear();
    out.extend(
        contacts
            .iter()
            .filter(|c| !c.bounced && reach.contains(c.point))
            .map(|c| c.normal),
    );
}

/// Reduces the body's speed by a Coulomb friction impulse `μ · load`.
pub(in crate::dynamics) fn apply_friction(body: &mut Body, load: f32) {
    let speed = body.velocity.length();
    if body.friction > 0.0 && speed > 0.0 {
        let cut = (body.friction * load).min(speed);
        body.velocity -= body.velocity / speed * cut;
    }
}

/// Finds the surfaces supporting the body at the start of the step, removes
/// its velocity into them and gravity's push into them, applies friction and
/// the stay-put rule, and records them as contacts. `near` holds the
/// pieces near the body ([`NearSpans`]). Returns the motion that would
/// settle the body onto the skin of its one support (see below), for the
/// caller to stop short of other bodies.
pub(in crate::dynamics) fn supports(
    set: &TerrainSet,
    body: &mut Body,
    g: &mut Vec2,
    dt: f32,
    near: &NearSpans,
    report: &mut StepReport,
    normals: &mut Vec<Vec2>,
) -> Option<Vec2> {
    let mut load = 0.0f32;
    // Gravity presses the body onto a support (for settling below).
    let mut pressed = false;
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
        let hits: Hits = shape_crossings_given(&span.pc, &body.shape, c, grow, critical)
            .iter()
            .map(|&s| span.piece_t(s) as f32)
            .collect();
        let Some(contact) = joined_contact(
            &piece.shape,
            &hits,
            &body.shape,
            body.position,
            set.joint_ends(i),
        ) else {
            continue;
        };
        if contact.covered {
            // The neighbour the body lies over holds it.
            continue;
        }
        let mut n = contact.normal.as_vec2();
        if let ActorShape::Circle { .. } = body.shape
            && at_joint(&hits, set.joint_ends(i))
            && let Some(radial) = joint_normal(near, body.position, n)
        {
            n = radial;
        }
        if piece.one_way && (one_way::passes(piece, body) || !one_way::holds(piece, &hits, n, -n)) {
            continue;
        }
        let vn = body.velocity.dot(n);
        if vn.abs() > rest_speed(*g, n, dt) {
            // Leaving the surface (a jump, a rebound), or hitting it fast:
            // the sweep turns that into a bounce.
            continue;
        }
        let gn = g.dot(n);
        // Into the surface, or leaving it so slowly that gravity brings the
        // body back within this step (`0 < v·n ≤ -g·n dt`): the surface
        // holds it, a micro-hop would only float it off the margin.
        if vn < 0.0 || (gn < 0.0 && vn <= -gn * dt) {
            body.velocity -= vn * n;
        }
        if gn < 0.0 {
            *g -= gn * n;
            load += -gn;
            pressed = true;
        }
        let Some(mean) = mean_hit(&hits) else {
            continue;
        };
        report.contacts.push(Contact {
            point: piece.shape.point(mean as f32),
            normal: n,
            with: Touched::Piece(i),
            velocity: Vec2::ZERO,
            hits,
            impact_speed: 0.0,
            bounced: false,
        });
    }
    let settle = settle_motion(near, body, report, pressed);
    clip_to_crease(report, body, g, normals);
    friction_or_stay(body, g, load, dt);
    settle
}

/// A body resting on one surface with more than the skin under it would
/// fall that gap (under the contact margin) in a fraction of a step: the
/// motion that settles it onto the skin (by the least gap to anything
/// near, so settling enters nothing), so that what it slides over later (a
/// joint, a rounding bump) cannot leave it floating ever higher in the
/// margin. Only when gravity `pressed` it onto its one support.
fn settle_motion(
    near: &NearSpans,
    body: &Body,
    report: &StepReport,
    pressed: bool,
) -> Option<Vec2> {
    if !pressed || report.contacts.len() != 1 {
        return None;
    }
    let limit = CONTACT_MARGIN + SKIN;
    let gap = near
        .spans
        .iter()
        .map(|n| gap_to(&n.span, body, limit))
        .fold(limit, f32::min);
    (gap > SETTLE * SKIN && gap < limit).then(|| -report.contacts[0].normal * (gap - SKIN))
}

/// Where supports meet in a crease, removing the push into one surface
/// can leave a push into another: keeps the velocity and gravity `g` out
/// of every support. Two supports facing the same way (within 2.5°: a
/// smooth joint) are one surface, not a crease.
fn clip_to_crease(report: &StepReport, body: &mut Body, g: &mut Vec2, normals: &mut Vec<Vec2>) {
    let first = report.contacts.first().map_or(Vec2::ZERO, |c| c.normal);
    let crease = report
        .contacts
        .iter()
        .any(|c| c.normal.dot(first) < SMOOTH_JOINT_COS);
    if report.contacts.len() > 1 && crease {
        normals.clear();
        normals.extend(report.contacts.iter().map(|c| c.normal));
        body.velocity = clip_to_cone(body.velocity, normals);
        *g = clip_to_cone(*g, normals);
    }
}

/// Friction under the supports' `load`: the stay-put rule (a body whose
/// gravity left and speed friction can hold over the step stops, gravity
/// and all), else a Coulomb impulse over the step.
fn friction_or_stay(body: &mut Body, g: &mut Vec2, load: f32, dt: f32) {
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

/// Whether `hits` reach an end of the piece that another piece meets.
fn at_joint(hits: &[f32], ends: &JointEnds) -> bool {
    (hits.contains(&0.0) && !ends[0].is_free()) || (hits.contains(&1.0) && !ends[1].is_free())
}

/// A circle's contact normal where its hits on a piece run up to a joint:
/// the hits stop at the piece's end, so their mean lies off the point under
/// the circle, and on the other side of a smooth joint the neighbour's mean
/// lies off the other way (at a crest made of two pieces, one contact tilts
/// a gliding ball up, the other down). The surface there is one, and its
/// normal under a circle points from its nearest point to the centre: that
/// radial direction, when it agrees with the contact's normal `n` (within
/// 0.1 rad); `None` otherwise (the nearest point lies on another surface).
fn joint_normal(near: &NearSpans, center: Vec2, n: Vec2) -> Option<Vec2> {
    let c = center.as_dvec2();
    let nearest = near
        .spans
        .iter()
        .map(|s| {
            s.closest
                .filter(|_| near.at == center)
                .unwrap_or_else(|| closest_offset(&s.span.pc, c))
        })
        .min_by(|a, b| a.length_squared().total_cmp(&b.length_squared()))?;
    let radial = (-nearest).normalize_or_zero().as_vec2();
    (radial.dot(n) > 0.995).then_some(radial)
}

/// The gap (px, at most `limit`) between the bare body and a piece's span:
/// the largest growth of the shape that still does not touch it, by
/// bisection. The span must cover the body's box grown by `limit`.
pub(in crate::dynamics) fn gap_to(span: &Span, body: &Body, limit: f32) -> f32 {
    let pc = span.pc;
    let c = body.position.as_dvec2();
    if let ActorShape::Circle { radius } = body.shape {
        // Exact for a circle: the distance to the piece less the radius,
        // after the cheap bound by the control-point box.
        if pc.translated(c).hull_box_distance() - radius as f64 >= limit as f64 {
            return limit;
        }
        let gap = crate::query::point_distance(&pc, c) - radius as f64;
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
