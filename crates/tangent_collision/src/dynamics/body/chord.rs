//! One chord of a step and what it meets: the cases of the step's loop.
//! A chord is the straight line the body would follow for the time left
//! (`v τ + ½ g τ²`, bent along a concave curve by `dip`); it meets
//! another body first ([`Progress::meet_body`]: an impulse traded, a bounce
//! or a slide along it), nothing ([`Progress::fly_free`]: the body ends
//! there, let back down onto a hill by `hill`), or terrain
//! ([`Progress::meet_terrain`]: a bounce, or a slide out of every surface
//! touched, with friction). [`Progress`] carries what the cases share from
//! one chord to the next; the step (`step`) runs them and ends with the
//! energy guard ([`Progress::keep_energy`]).

use glam::Vec2;

use super::dip::{self, Bent, Sliding};
use super::hill;
use super::impact::swept_box;
use super::margins::{CONTACT_MARGIN, SKIN, SMOOTH_JOINT_COS, rest_speed};
use super::neighbours::{Braces, Neighbour, contact_with, respond};
use super::slide::clip_to_cone;
use super::support::{apply_friction, touching_normals};
use super::types::{Body, Contact, StepReport, Touched};
use crate::geometry::Rect;
use crate::query::{Toi, mean_hit};
use crate::terrain::{SpanCache, TerrainSet};

/// Kinetic plus potential energy per unit mass, heights from `origin`
/// (where the step starts: `g · p` in absolute pixels would be ~1e8 px²/s²
/// at the edge of the level, whose `f32` rounding is more than a slow
/// body's whole kinetic energy).
pub(in crate::dynamics) fn energy_of(body: &Body, gravity: Vec2, origin: Vec2) -> f32 {
    0.5 * body.velocity.length_squared() - gravity.dot(body.position - origin)
}

/// What a step carries from one chord to the next.
pub(in crate::dynamics) struct Progress {
    /// The body's gravity (scaled), for energy and the rest threshold.
    pub(in crate::dynamics) gravity: Vec2,
    /// The part of gravity left after supports and slides.
    pub(in crate::dynamics) g: Vec2,
    pub(in crate::dynamics) dt: f32,
    /// Time left in the step.
    pub(in crate::dynamics) remaining: f32,
    /// Time the chord being swept covers: `remaining`, or less for a chord
    /// bent along a curve that would turn too far at once.
    pub(in crate::dynamics) chord_time: f32,
    /// The surface the body slides on, if any (what a chord bends along).
    pub(in crate::dynamics) sliding: Option<Sliding>,
    /// Where the step started, for energy.
    pub(in crate::dynamics) origin: Vec2,
    /// Energy the step may end with (reset by each impulse from a body).
    pub(in crate::dynamics) start_energy: f32,
    /// The largest restitution met, for the energy guard.
    pub(in crate::dynamics) max_e: f32,
    /// Speed into bodies that hold still this step but move away after it:
    /// kept, and given back at the end.
    pub(in crate::dynamics) held: Vec2,
}

/// Another body met first by a chord.
pub(in crate::dynamics) struct Meeting<'a> {
    pub(in crate::dynamics) other: &'a mut Neighbour,
    /// Of the chord, when they meet.
    pub(in crate::dynamics) fraction: f32,
    /// From the other toward this body.
    pub(in crate::dynamics) normal: Vec2,
    pub(in crate::dynamics) motion: Vec2,
}

impl Progress {
    /// A step of `dt` seconds starting: the body's `gravity`, the part `g`
    /// left after its supports, the surface it slides on, where it starts
    /// and the energy it may end with.
    pub(in crate::dynamics) fn start(
        (gravity, g, dt): (Vec2, Vec2, f32),
        sliding: Option<Sliding>,
        origin: Vec2,
        start_energy: f32,
    ) -> Progress {
        Progress {
            gravity,
            g,
            dt,
            remaining: dt,
            chord_time: dt,
            sliding,
            origin,
            start_energy,
            max_e: 0.0,
            held: Vec2::ZERO,
        }
    }

    /// The chord for the time left.
    pub(in crate::dynamics) fn chord(&self, body: &Body) -> Vec2 {
        self.chord_for(body, self.remaining)
    }

    /// The chord for the next `tau` seconds.
    pub(in crate::dynamics) fn chord_for(&self, body: &Body, tau: f32) -> Vec2 {
        body.velocity * tau + 0.5 * self.g * tau * tau
    }

    /// Spends `fraction` of the chord's time; returns the seconds spent.
    fn spend(&mut self, fraction: f32) -> f32 {
        let spent = self.chord_time * fraction;
        if self.chord_time == self.remaining {
            self.remaining *= 1.0 - fraction;
        } else {
            self.remaining -= spent;
        }
        spent
    }

    fn energy(&self, body: &Body) -> f32 {
        energy_of(body, self.gravity, self.origin)
    }

    /// The chord meets another body first: move to it, trade the impulse
    /// (a bounce or a rest), and slide along it if it holds still. Returns
    /// whether the step goes on: not when the other has yet to move this
    /// step (it goes first: [`StepReport::waits_for`]) or the body is
    /// knocked out of the `region` its neighbours were found in.
    pub(in crate::dynamics) fn meet_body(
        &mut self,
        body: &mut Body,
        meeting: Meeting,
        region: Rect,
        report: &mut StepReport,
        normals: &mut Vec<Vec2>,
        braces: &mut Braces,
    ) -> bool {
        let Meeting {
            other,
            fraction,
            normal: n,
            motion,
        } = meeting;
        body.position += motion * fraction;
        let spent = self.spend(fraction);
        body.velocity += self.g * spent;
        let vn = (body.velocity - other.body.velocity).dot(n);
        let e = body.restitution * other.body.restitution;
        self.max_e = self.max_e.max(e);
        let bounced = vn < -rest_speed(self.gravity, n, self.dt) && e > 0.0;
        let factor = if bounced { 1.0 + e } else { 1.0 };
        let firm = respond(body, other, n, factor, 0.0);
        report
            .contacts
            .push(contact_with(body, other, n, (-vn).max(0.0), bounced));
        self.start_energy = self.energy(body);
        if firm && !bounced {
            braces.push(n);
        }
        if other.waiting && !firm {
            report.waits_for = Some(other.index);
            return false;
        }
        let into = body.velocity.dot(n);
        if into < 0.0 {
            // It holds still this step: slide along it (out of every
            // surface touched), keeping the speed it moves away with.
            touching_normals(&report.contacts, body, normals);
            normals.push(n);
            let before = body.velocity;
            body.velocity = clip_to_cone(body.velocity, normals);
            self.g = clip_to_cone(self.g, normals);
            let away = (-other.body.velocity.dot(n)).max(0.0);
            let removed = (before - body.velocity).dot(n);
            self.held += n * removed.max(-away);
            self.start_energy = self.energy(body);
        }
        self.sliding = None;
        let ahead = self.chord(body);
        let reach = swept_box(body, ahead, SKIN + CONTACT_MARGIN);
        reach.union(region) == region
    }

    /// The chord meets nothing: the body ends it, turned along the curve it
    /// was bent along, or let back down onto the hill it slid over (when it
    /// [follows hills](crate::dynamics::BodyDef::follows_hills)) with the
    /// speed energy gives there. Returns whether the step is over: not
    /// after a chord that covered only part of the time left.
    pub(in crate::dynamics) fn fly_free(
        &mut self,
        set: &TerrainSet,
        body: &mut Body,
        motion: Vec2,
        bent: Option<Bent>,
        cache: &mut SpanCache,
    ) -> bool {
        let (start, start_velocity) = (body.position, body.velocity);
        body.position += motion;
        body.velocity += self.g * self.chord_time;
        if let Some(b) = bent {
            // The bent end lies off the chord's parabola (by up to
            // `κ L² / 2` across a chord of length `L`): the speed is the one
            // energy gives there, as over a hill (the surface's push is
            // normal to the path and does no work), turned along the curve.
            // A chord under a skin long is a body at rest settling into
            // the gap, not motion: it keeps the chord's speed (from
            // energy, a two-hundredth of a pixel's settling would set it
            // jittering).
            let moved = body.position - start;
            body.velocity = dip::along(body.velocity, b.normal);
            if moved.length() > SKIN {
                let speed2 = start_velocity.length_squared() + 2.0 * self.gravity.dot(moved);
                body.velocity = body.velocity.normalize_or_zero() * speed2.max(0.0).sqrt();
            }
        }
        if self.chord_time < self.remaining {
            // A chord cut short along a dip: the rest of the step goes on
            // from its end, sliding on the curve there if it was bent, else
            // (it ended clear of the dip) flying: the body left the surface.
            self.remaining -= self.chord_time;
            self.sliding = bent.map(|b| b.at_end);
            return false;
        }
        if bent.is_none()
            && let Some(down) = self
                .sliding
                .filter(|_| body.follows_hills)
                .and_then(|on| hill::let_down(set, on, body, self.gravity, self.remaining, cache))
        {
            // Over a hill: back onto it, the speed from energy.
            body.position += down.drop;
            let speed2 =
                start_velocity.length_squared() + 2.0 * self.gravity.dot(body.position - start);
            let v = body.velocity;
            let tangent = (v - v.dot(down.normal) * down.normal).normalize_or_zero();
            body.velocity = tangent * speed2.max(0.0).sqrt();
        }
        self.remaining = 0.0;
        true
    }

    /// The chord meets terrain (`piece`, at `toi`): move to it with the
    /// speed energy gives there (`straight`: the chord was not bent), then
    /// bounce, or slide out of every surface touched with friction.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::dynamics) fn meet_terrain(
        &mut self,
        set: &TerrainSet,
        body: &mut Body,
        piece: usize,
        toi: &Toi,
        motion: Vec2,
        straight: bool,
        report: &mut StepReport,
        normals: &mut Vec<Vec2>,
    ) {
        let moved = motion * toi.fraction;
        let speed2 = body.velocity.length_squared() + 2.0 * self.g.dot(moved);
        body.position += moved;
        let spent = self.spend(toi.fraction);
        body.velocity += self.g * spent;
        // The chord's point at the impact lies off the parabola (below it by
        // up to |g| τ² / 8 in free fall, 0.03 px at 60 Hz): the speed is the
        // one energy gives at that point, `|v|² = |v₀|² + 2 g · Δp`, so an
        // elastic bounce neither loses nor gains by where the chord meets.
        if straight && speed2 > 0.0 {
            body.velocity = body.velocity.normalize_or_zero() * speed2.sqrt();
        }
        let n = toi.normal;
        let vn = body.velocity.dot(n);
        let e = body.restitution * set.piece(piece).restitution;
        self.max_e = self.max_e.max(e);
        let bounced = vn < -rest_speed(self.gravity, n, self.dt) && e > 0.0;
        if bounced {
            body.velocity = crate::query::reflect(body.velocity, n, e);
        } else if vn < 0.0 || (toi.fraction == 0.0 && self.g.dot(n) < 0.0) {
            // Going into it, or stopped at once while moving along it (or
            // away) with gravity into it: it holds the body as a support
            // does, keeping it out of every surface still touched this step
            // (a crease: see `slide`). Without the second case the next
            // chord runs gravity into it again and again (a rect's corner
            // on a curve at the top of its swing, where the chord is mostly
            // gravity's).
            touching_normals(&report.contacts, body, normals);
            normals.push(n);
            self.g = clip_to_cone(self.g, normals);
            if vn < 0.0 {
                // Slide.
                let speed2 = body.velocity.length_squared();
                body.velocity = clip_to_cone(body.velocity, normals);
                // Glancing along one surface (every normal touched within
                // 2.5° of this one, and moving along it faster than into
                // it), the energy a bounce this slow would have kept
                // (`e² v_n²`, too little to leave the surface for long) stays
                // in the slide, so an elastic body glancing along a curve
                // keeps its speed (a rect's corner meets a concave curve this
                // way again and again). A body landing more steeply than 45°
                // only loses it.
                if e > 0.0
                    && body.velocity.length() >= -vn
                    && normals.iter().all(|m| m.dot(n) >= SMOOTH_JOINT_COS)
                {
                    let kept = (speed2 - (1.0 - e * e) * vn * vn).max(0.0);
                    body.velocity = body.velocity.normalize_or_zero() * kept.sqrt();
                }
                apply_friction(body, -vn);
            }
        }
        report.contacts.push(Contact {
            point: toi.point,
            normal: n,
            with: Touched::Piece(piece),
            velocity: Vec2::ZERO,
            hits: toi.hits,
            impact_speed: (-vn).max(0.0),
            bounced,
        });
        self.sliding = sliding_on(&report.contacts[report.contacts.len() - 1..]);
    }

    /// The energy guard, then the speed held back from bodies given back.
    /// With every impact at e ≤ 1 energy must not grow. Free flight is
    /// exact, but a step along a curve uses the start's tangential gravity
    /// and the bent chord's end: whatever a step ends with above its start
    /// is taken from the kinetic energy.
    pub(in crate::dynamics) fn keep_energy(&self, body: &mut Body) {
        if self.max_e <= 1.0 {
            let excess = self.energy(body) - self.start_energy;
            let speed2 = body.velocity.length_squared();
            if excess > 0.0 && speed2 > 0.0 {
                body.velocity *= ((speed2 - 2.0 * excess).max(0.0) / speed2).sqrt();
            }
        }
        if self.held != Vec2::ZERO {
            body.velocity += self.held;
        }
    }
}

/// The surface a body slides on after `contacts` (the supports, or the
/// latest impact): the last one's piece when none bounced and all lie on
/// that piece or face its way (a smooth joint); `None` otherwise.
pub(in crate::dynamics) fn sliding_on(contacts: &[Contact]) -> Option<Sliding> {
    let last = contacts.last()?;
    let piece = last.piece()?;
    // Pieces meeting at a smooth joint (normals within 2.5°) are one
    // surface: the bend follows on from the last one.
    if contacts.iter().any(|c| {
        c.bounced
            || c.hits.is_empty()
            || (c.with != last.with && c.normal.dot(last.normal) < SMOOTH_JOINT_COS)
    }) {
        return None;
    }
    Some(Sliding {
        piece,
        t: mean_hit(&last.hits)? as f32,
        normal: last.normal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::Hits;

    /// A contact with piece `piece` at parameter 0.5, its normal
    /// `degrees` from straight up.
    fn touching(piece: usize, degrees: f32, bounced: bool) -> Contact {
        let mut hits = Hits::new();
        hits.push(0.4);
        hits.push(0.6);
        Contact {
            point: Vec2::ZERO,
            normal: Vec2::from_angle((90.0 + degrees).to_radians()),
            with: Touched::Piece(piece),
            velocity: Vec2::ZERO,
            hits,
            impact_speed: 0.0,
            bounced,
        }
    }

    /// Which surface a chord is bent along next: the last contact's piece
    /// when the contacts are one surface (one piece at any angle, or pieces
    /// whose normals agree within 2.5°: a smooth joint), none when any
    /// bounced or has no hits, or another piece faces more than 2.5° away
    /// (a crease).
    #[test]
    fn a_slide_goes_on_along_one_surface_only() {
        let on = |cs: &[Contact]| sliding_on(cs).map(|s| (s.piece, s.normal));
        let last = touching(1, 1.0, false);
        // A smooth joint: the last piece, its normal.
        assert_eq!(on(&[touching(0, 0.0, false), last]), Some((1, last.normal)));
        // One piece (a curve) touched at normals 20° apart: one surface.
        let same = touching(1, -19.0, false);
        assert_eq!(on(&[same, last]), Some((1, last.normal)));
        // A crease: another piece facing 5° away.
        assert_eq!(on(&[touching(0, -4.0, false), last]), None);
        // A bounce anywhere, or a contact with no hits.
        assert_eq!(on(&[touching(0, 0.0, true), last]), None);
        assert_eq!(on(&[touching(1, 1.0, true)]), None);
        let mut empty = touching(0, 0.0, false);
        empty.hits = Hits::new();
        assert_eq!(on(&[empty, last]), None);
        // The last contact alone, its hits' mean.
        let alone = sliding_on(&[last]).unwrap();
        assert_eq!((alone.piece, alone.t), (1, 0.5));
    }
}
