//! Other bodies in one body's step: the bodies near it as obstacles, the
//! impulses a contact trades between two bodies, the surfaces a body is
//! braced against, resting on another body, and the earliest impact with
//! one.
//!
//! During one body's step the others hold still where they are (each moves
//! in its own step, see [`step_bodies`](crate::dynamics::step_bodies)); their
//! velocities are what contacts change. A contact between bodies `i` and
//! `k` with normal `n` (from `k` toward `i`) and relative normal speed
//! `v_n = (v_i - v_k)·n < 0` trades an impulse `j` along `n`:
//!
//! `j = -f v_n / (w_i + w_k')`, `v_i += j w_i n`, `v_k -= j w_k d'`
//!
//! (The method in full is on `respond`.)

use glam::Vec2;

use super::margins::{CONTACT_MARGIN, SKIN, SMOOTH_JOINT_COS, TOUCHING, rest_speed};
use super::slide::clip_to_cone;
use super::types::{Body, Contact, StepReport, Touched};
use crate::query::{Hits, RoundedBox};

/// Most surfaces a body remembers being braced against.
pub(in crate::dynamics) const MAX_BRACES: usize = 4;

/// The normals of the surfaces a body leans on (terrain it rested on in its
/// last step, and bodies braced in turn), facing the body.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(in crate::dynamics) struct Braces {
    normals: [Vec2; MAX_BRACES],
    len: u8,
}

impl Braces {
    /// Adds a surface (one already there within 2.5° is not added twice;
    /// past [`MAX_BRACES`] it is dropped).
    pub(in crate::dynamics) fn push(&mut self, n: Vec2) {
        let len = self.len as usize;
        if len < MAX_BRACES
            && self.normals[..len]
                .iter()
                .all(|m| m.dot(n) < SMOOTH_JOINT_COS)
        {
            self.normals[len] = n;
            self.len += 1;
        }
    }

    /// The surfaces, facing the body.
    pub(in crate::dynamics) fn normals(&self) -> &[Vec2] {
        &self.normals[..self.len as usize]
    }

    /// How a push along `d` moves a body with friction `mu` against these
    /// surfaces: `d` with its part into each surface removed, in turn, and
    /// what is left along a surface cut by `mu` times the part into it (a
    /// push within the friction cone moves it not at all).
    pub(in crate::dynamics) fn response(&self, d: Vec2, mu: f32) -> Vec2 {
        self.normals().iter().fold(d, |d, &b| {
            let into = d.dot(b);
            if into >= 0.0 {
                return d;
            }
            let along = d - into * b;
            let len = along.length();
            let kept = (len + mu * into).max(0.0);
            if len > 0.0 {
                along * (kept / len)
            } else {
                along
            }
        })
    }
}

/// Another body as one body's step sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::dynamics) struct Neighbour {
    /// Its index among the bodies stepped together.
    pub index: usize,
    pub body: Body,
    pub braces: Braces,
    /// It has not moved yet this step: a body that hits it waits for it.
    pub waiting: bool,
}

/// How `other` gives to a push along `d` (a unit vector): the direction it
/// moves, `d'`, and its inverse mass along the push, `w_k' = w_k (d'·d)`
/// (0: it holds firm; see the module docs).
fn give(other: &Neighbour, d: Vec2) -> (Vec2, f32) {
    let moved = other.braces.response(d, other.body.friction);
    (moved, other.body.inverse_mass * moved.dot(d).max(0.0))
}

/// Whether `other` gives nothing to a push along `-n`.
fn holds_firm(other: &Neighbour, n: Vec2) -> bool {
    give(other, -n).1 == 0.0
}

/// Trades an impulse between `body` and `other` that changes their relative
/// speed along `dir` (a unit vector acting on `body`) by `dv` (see the
/// module docs). Returns `true` when `other` gave nothing (immovable or
/// braced that way).
pub(in crate::dynamics) fn trade(
    body: &mut Body,
    other: &mut Neighbour,
    dir: Vec2,
    dv: f32,
) -> bool {
    let (moved, wk) = give(other, -dir);
    let wi = body.inverse_mass;
    if wi + wk <= 0.0 {
        return true;
    }
    let j = dv / (wi + wk);
    body.velocity += j * wi * dir;
    if wk > 0.0 {
        other.body.velocity += j * other.body.inverse_mass * moved;
    }
    wk == 0.0
}

/// with `w = 1 / mass`, `f = 1 + e` for a bounce (`e = e_i e_k`, the
/// product of the two materials, as with terrain) and `f = 1` for a
/// resting or sliding contact. `d'` is the direction the push `d = -n`
/// actually moves `k`: `d` less its part into every surface `k` is braced
/// against (terrain it rested on last step, or a body braced itself), and
/// `w_k' = w_k (d'·d)`. So a crate on the floor takes a sideways knock in
/// full, a push into the floor not at all, and a stack rests on the floor
/// through every crate in it: this is what makes a stack stand still
/// without a global solve (Celeste's actors riding solids, in impulses).
/// Momentum along `n` is kept when neither body is braced, energy too when
/// `e = 1`. Friction is Coulomb with `μ = √(μ_i μ_k)` (the geometric mean,
/// as Box2D): the relative sliding speed changes by at most `μ` times the
/// normal speed the contact took out.
///
/// The response of a contact with normal `n` (from `other` toward `body`):
/// the relative normal speed times `factor` (`1 + e` for a bounce, 1 to
/// stop) is traded, then Coulomb friction on the sliding speed, limited by
/// `μ (|Δv_n| + load)`. Returns whether `other` held firm along `-n`.
pub(in crate::dynamics) fn respond(
    body: &mut Body,
    other: &mut Neighbour,
    n: Vec2,
    factor: f32,
    load: f32,
) -> bool {
    let vn = (body.velocity - other.body.velocity).dot(n);
    let firm = if vn < 0.0 {
        trade(body, other, n, -factor * vn)
    } else {
        holds_firm(other, n)
    };
    let mu = (body.friction * other.body.friction).max(0.0).sqrt();
    let rel = body.velocity - other.body.velocity;
    let slide = rel - rel.dot(n) * n;
    let speed = slide.length();
    if mu > 0.0 && speed > 0.0 {
        let cut = (mu * ((-vn).max(0.0) + load)).min(speed);
        trade(body, other, -slide / speed, cut);
    }
    firm
}

/// The pair's shape and the body's centre relative to the other's.
fn pair(body: &Body, other: &Body) -> (RoundedBox, Vec2) {
    (
        RoundedBox::of_pair(&body.shape, &other.shape),
        body.position - other.position,
    )
}

/// The gap between two bodies and the normal from `other` toward `body`.
pub(in crate::dynamics) fn gap_and_normal(body: &Body, other: &Body) -> (f32, Vec2) {
    let (shape, p) = pair(body, other);
    (shape.gap(p), shape.normal(p))
}

/// When a body whose centre is at `p` from another's, their pair's
/// rounded box `shape`, moving by `motion` (of length `reach`), first
/// comes within the skin of it: the fraction of the motion and the normal
/// there (from the other toward the body). The shapes are convex, so a
/// body within the skin of another moving along or away from it (the
/// normal at the start) stays clear of it: only a motion into it stops
/// at once.
pub(in crate::dynamics) fn first_touch(
    shape: &RoundedBox,
    p: Vec2,
    motion: Vec2,
    reach: f32,
) -> Option<(f32, Vec2)> {
    let gap = shape.gap(p);
    if gap - reach > SKIN {
        return None; // farther than the motion goes
    }
    let fraction = if gap <= SKIN {
        if motion.dot(shape.normal(p)) >= 0.0 {
            return None;
        }
        0.0
    } else {
        shape.entry(p, motion, SKIN)?
    };
    Some((fraction, shape.normal(p + motion * fraction)))
}

/// The earliest impact of `body` moving by `motion` with one of `others`,
/// keeping the skin, as `(k, fraction, normal)` ([`first_touch`]).
pub(in crate::dynamics) fn first_other_impact(
    body: &Body,
    motion: Vec2,
    others: &[Neighbour],
) -> Option<(usize, f32, Vec2)> {
    let mut best: Option<(usize, f32, Vec2)> = None;
    let reach = motion.length();
    for (k, other) in others.iter().enumerate() {
        let (shape, p) = pair(body, &other.body);
        if let Some((fraction, n)) = first_touch(&shape, p, motion, reach)
            && best.is_none_or(|(_, s, _)| fraction < s)
        {
            best = Some((k, fraction, n));
        }
    }
    best
}

/// How far the shape reaches from its centre along `n` (its support).
fn reach_along(body: &Body, n: Vec2) -> f32 {
    match body.shape {
        crate::geometry::ActorShape::Circle { radius } => radius,
        crate::geometry::ActorShape::Rect { half_extents } => {
            half_extents.x * n.x.abs() + half_extents.y * n.y.abs()
        }
    }
}

/// A contact of `body` with `other` along `n`.
pub(in crate::dynamics) fn contact_with(
    body: &Body,
    other: &Neighbour,
    n: Vec2,
    impact_speed: f32,
    bounced: bool,
) -> Contact {
    Contact {
        point: body.position - n * reach_along(body, n),
        normal: n,
        with: Touched::Body(other.index),
        velocity: other.body.velocity,
        hits: Hits::new(),
        impact_speed,
        bounced,
    }
}

/// Resting contacts with other bodies at the start of a step: each body
/// within the contact margin that `body` is not leaving (nor hitting fast:
/// the sweep makes that a bounce). A body overlapping others (by more than
/// rounding, [`TOUCHING`]) is put out a skin clear of them at once, along
/// what holds it (`planes`: a scratch list). The relative speed into the other is taken out
/// (friction too), and gravity's push into it is dropped when it holds firm
/// (otherwise the body presses on it and the impact pushes it). Records
/// each as a contact, and the firm ones in `braces`.
pub(in crate::dynamics) fn rest_on_others(
    body: &mut Body,
    g: &mut Vec2,
    dt: f32,
    others: &mut [Neighbour],
    report: &mut StepReport,
    braces: &mut Braces,
    planes: &mut Vec<Vec2>,
) {
    // What holds the body: the terrain it rests on, and bodies holding firm
    // that it does not overlap.
    planes.clear();
    planes.extend(report.contacts.iter().map(|c| c.normal));
    let mut push = Vec2::ZERO;
    for other in others.iter_mut() {
        let (gap, n) = gap_and_normal(body, &other.body);
        if gap > CONTACT_MARGIN {
            continue;
        }
        if gap < -TOUCHING {
            push += n * (SKIN - gap);
        }
        let vn = (body.velocity - other.body.velocity).dot(n);
        if vn.abs() > rest_speed(*g, n, dt) {
            continue;
        }
        let gn = g.dot(n);
        let firm = if vn < 0.0 || (gn < 0.0 && vn <= -gn * dt) {
            respond(body, other, n, 1.0, (-gn).max(0.0) * dt)
        } else {
            holds_firm(other, n)
        };
        if gn < 0.0 && firm {
            *g -= gn * n;
        }
        if firm {
            braces.push(n);
            if gap >= -TOUCHING {
                planes.push(n);
            }
        }
        report
            .contacts
            .push(contact_with(body, other, n, 0.0, false));
    }
    // Out of every overlap at once (a spawn, a teleport, a body wedged
    // between others), along what holds it: a push into what holds it is
    // left to the other body's turn.
    if push != Vec2::ZERO {
        body.position += clip_to_cone(push, planes);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn braces_keep_only_motion_away_from_the_surfaces() {
        use super::Braces;
        use glam::Vec2;
        let mut on_floor = Braces::default();
        on_floor.push(Vec2::Y);
        // Pushed down and right, it moves only right.
        assert_eq!(
            on_floor.response(Vec2::new(1.0, -1.0), 0.0),
            Vec2::new(1.0, 0.0)
        );
        assert_eq!(
            on_floor.response(Vec2::new(1.0, -1.0), 0.25),
            Vec2::new(0.75, 0.0)
        );
        assert_eq!(
            on_floor.response(Vec2::new(0.0, 1.0), 0.0),
            Vec2::new(0.0, 1.0)
        );
    }
}
