//! What a mover's sub-step does to the bodies it meets (see
//! [`move_movers`](crate::dynamics::move_movers)): finds the ones it comes
//! into, carries its riders, pushes the others through the rest of the
//! terrain, and crushes those it traps against other solid.

use glam::Vec2;

use super::riding::{Crush, MoverMotion, Ride, Riding};
use super::sleep::Rest;
use crate::dynamics::body::impact::first_impact_among;
use crate::dynamics::body::margins::SKIN;
use crate::dynamics::body::types::Body;
use crate::geometry::{Pose, Rect};
use crate::query::reflect;
use crate::terrain::{SpanCache, TerrainSet};

/// Most sweeps a carried or pushed body's move takes (sliding on what it
/// meets between them).
const MAX_SHIFTS: usize = 4;

/// One sub-step of mover `g`'s move: from pose `a` to `b`, within the
/// step's `motion`.
#[derive(Clone, Copy)]
pub(super) struct SubStep {
    pub(super) g: usize,
    pub(super) a: Pose,
    pub(super) b: Pose,
    pub(super) motion: MoverMotion,
}

/// The bodies near the mover that its sub-step `sub` comes into (not its
/// riders, nor crushed ones), each with the rest of the relative motion
/// past the contact as its push, into `pushes`; sleeping bodies in the
/// `region` are woken (`rest`: empty when the world keeps no rest).
pub(super) fn find_pushes(
    set: &TerrainSet,
    bodies: &[Body],
    r: &Riding,
    rest: &mut [Rest],
    (sub, region): (SubStep, Rect),
    cache: &mut SpanCache,
    pushes: &mut Vec<(usize, Vec2, Vec2, usize, Vec2)>,
) {
    let pieces = set.mover_pieces(sub.g);
    let on_mover = |p: usize| pieces.contains(&p);
    for &i in &r.near {
        if !may_meet(bodies, &r.crushed, i, region) {
            continue;
        }
        let body = &bodies[i];
        if let Some(rest) = rest.get_mut(i)
            && rest.asleep()
        {
            rest.shake();
        }
        if r.riders[i].is_some_and(|ride| ride.mover == sub.g) {
            continue;
        }
        let u = sub.a.carry(&sub.b, body.position) - body.position;
        if u == Vec2::ZERO {
            continue;
        }
        if let Some((piece, toi)) = first_impact_among(set, body, -u, cache, &[], on_mover) {
            pushes.push((i, (1.0 - toi.fraction) * u, toi.normal, piece, toi.point));
        }
    }
}

/// Carries mover `sub.g`'s riders through its sub-step (turning their
/// velocity too where the mover turns riders), moving their ride's point
/// and normal with the mover; a rider that falls short is crushed.
pub(super) fn carry_riders(
    set: &TerrainSet,
    bodies: &mut [Body],
    r: &mut Riding,
    sub: SubStep,
    drift: &mut f32,
    cache: &mut SpanCache,
) {
    let SubStep { g, a, b, motion } = sub;
    let pieces = set.mover_pieces(g);
    let off_mover = |p: usize| !pieces.contains(&p);
    for m in 0..r.mine.len() {
        let i = r.mine[m];
        let Some(ride) = r.riders[i].filter(|ride| ride.mover == g) else {
            continue;
        };
        if is_crushed(&r.crushed, i) {
            continue;
        }
        let d = a.carry(&b, bodies[i].position) - bodies[i].position;
        let moved = shift(set, &mut bodies[i], d, off_mover, cache);
        r.moved[i] += moved.length();
        *drift = drift.max(r.moved[i]);
        if set.mover_turns_riders(g) {
            let turn = Pose::new(Vec2::ZERO, b.angle - a.angle);
            bodies[i].velocity = turn.apply(bodies[i].velocity);
        }
        let point = a.carry(&b, ride.point);
        let normal = Pose::new(Vec2::ZERO, b.angle - a.angle).apply(ride.normal);
        r.riders[i] = Some(Ride {
            mover: g,
            point,
            normal,
        });
        r.on[i] = Some((g, motion.velocity_at(point)));
        if falls_short(d, moved, ride.normal) {
            crush(r, bodies, i, g);
        }
    }
}

/// Makes the sub-step's `pushes`: each body moved by its push (crushed if
/// it falls short), its velocity relative to the mover reflected off the
/// contact by the two restitutions; one pushed onto its top (ground for
/// `up`) rides it from now on.
pub(super) fn push_bodies(
    set: &TerrainSet,
    bodies: &mut [Body],
    r: &mut Riding,
    pushes: &[(usize, Vec2, Vec2, usize, Vec2)],
    (sub, up): (SubStep, Vec2),
    drift: &mut f32,
    cache: &mut SpanCache,
) {
    let SubStep { g, a, b, motion } = sub;
    let pieces = set.mover_pieces(g);
    let off_mover = |p: usize| !pieces.contains(&p);
    for &(i, push, normal, piece, point) in pushes {
        let moved = shift(set, &mut bodies[i], push, off_mover, cache);
        r.moved[i] += moved.length();
        *drift = drift.max(r.moved[i]);
        if falls_short(push, moved, normal) {
            crush(r, bodies, i, g);
            continue;
        }
        let point = a.carry(&b, point);
        let w = motion.velocity_at(point);
        let body = &mut bodies[i];
        let e = body.restitution * set.piece(piece).restitution;
        let mut relative = body.velocity - w;
        if relative.dot(normal) < 0.0 {
            relative = reflect(relative, normal, e);
        }
        if body.is_ground(normal, up) {
            // It stands on the mover from now on: carried, its velocity
            // its own.
            body.velocity = relative;
            if let Err(at) = r.mine.binary_search(&i) {
                r.mine.insert(at, i);
            }
            r.on[i] = Some((g, w));
            r.riders[i] = Some(Ride {
                mover: g,
                point,
                normal,
            });
        } else {
            body.velocity = relative + w;
        }
    }
}

/// Whether carrying mover `g`'s riders (among the bodies `mine`) and
/// making its `pushes` as it goes from pose `a` to `b` (where it now is)
/// would crush a body; moves none.
pub(super) fn would_crush(
    set: &TerrainSet,
    bodies: &[Body],
    mine: &[usize],
    riders: &[Option<Ride>],
    pushes: &[(usize, Vec2, Vec2, usize, Vec2)],
    (g, a, b): (usize, Pose, Pose),
    cache: &mut SpanCache,
) -> bool {
    let pieces = set.mover_pieces(g);
    let off_mover = |p: usize| !pieces.contains(&p);
    let carried = mine.iter().filter_map(|&i| {
        let ride = riders[i].filter(|ride| ride.mover == g)?;
        let body = &bodies[i];
        Some((
            *body,
            a.carry(&b, body.position) - body.position,
            ride.normal,
        ))
    });
    let pushed = pushes
        .iter()
        .map(|&(i, push, normal, _, _)| (bodies[i], push, normal));
    carried.chain(pushed).any(|(mut body, d, normal)| {
        let moved = shift(set, &mut body, d, off_mover, cache);
        falls_short(d, moved, normal)
    })
}

/// Whether a body the mover moved `d` (along the mover's `normal`, facing
/// the body) but which went only `moved` was come into by the mover: it
/// fell short along the normal by more than the skin.
fn falls_short(d: Vec2, moved: Vec2, normal: Vec2) -> bool {
    (d - moved).dot(normal) > SKIN
}

pub(super) fn is_crushed(crushed: &[Crush], i: usize) -> bool {
    crushed.iter().any(|c| c.body == i)
}

/// Whether a mover's sub-step searching `region` may meet body `i`: its
/// box touches the region (closed boxes: a body of no size is met too)
/// and it was not crushed this turn.
pub(super) fn may_meet(bodies: &[Body], crushed: &[Crush], i: usize, region: Rect) -> bool {
    let body = &bodies[i];
    body.shape.aabb(body.position).touches(&region) && !is_crushed(crushed, i)
}

/// Reports body `i` crushed by mover `g`: it rides nothing and stops.
fn crush(r: &mut Riding, bodies: &mut [Body], i: usize, g: usize) {
    r.crushed.push(Crush { body: i, mover: g });
    r.on[i] = None;
    r.riders[i] = None;
    bodies[i].velocity = Vec2::ZERO;
}

/// Moves `body` by `d` through the pieces `keep` accepts, keeping the
/// skin and sliding along what it meets; returns how far it went.
fn shift(
    set: &TerrainSet,
    body: &mut Body,
    d: Vec2,
    keep: impl Fn(usize) -> bool,
    cache: &mut SpanCache,
) -> Vec2 {
    let start = body.position;
    let mut left = d;
    for _ in 0..MAX_SHIFTS {
        if left == Vec2::ZERO {
            break;
        }
        let Some((_, toi)) = first_impact_among(set, body, left, cache, &[], &keep) else {
            body.position += left;
            break;
        };
        body.position += left * toi.fraction;
        let rest = left * (1.0 - toi.fraction);
        let into = rest.dot(toi.normal);
        left = if into < 0.0 {
            rest - into * toi.normal
        } else {
            rest
        };
    }
    body.position - start
}
