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
//! to follow the surface and the velocity turned along it (`dip`); where
//! it slides against several surfaces at once it keeps out of all of them
//! (`slide`). Over a hill the chord leaves the surface, and the body is let
//! back down onto it while gravity can hold it there (`hill`). On a curve `g_t` changes along the step, so a rocking body can
//! gain a little energy: the energy check below takes it back.

use glam::Vec2;

use super::chord::{Meeting, Progress, energy_of, sliding_on};
use super::dip;
use super::impact::{first_impact, swept_box};
use super::margins::{
    CONTACT_MARGIN, MAX_BENT_CHORDS, MAX_BODY_SPEED, MAX_CHORD_TURN, MAX_ITERATIONS, SKIN,
    capped_speed,
};
use super::near::NearSpans;
use super::neighbours::{Braces, Neighbour, first_other_impact, rest_on_others};
use super::support::supports;
use super::types::{Body, StepError, StepReport};
use crate::geometry::Rect;
use crate::terrain::{SpanCache, TerrainSet};

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

/// The lists one step fills (the spans near the body, the sub-curves cut,
/// the normals a slide keeps out of, and the report itself), kept between
/// calls of [`step_body_with`] so that stepping many bodies allocates them
/// once rather than every step: a body's steps in steady state allocate
/// nothing. It holds no state that changes an answer: a step with a used
/// scratch is the same, bit for bit, as one with a new scratch.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{StepScratch, step_body_with};
/// let set = TerrainSet::new(vec![TerrainPiece::solid(Segment::new(Vec2::new(-50.0, 0.0), Vec2::new(50.0, 0.0)))])?;
/// let mut scratch = StepScratch::default();
/// let mut ball = Body::new(ActorShape::Circle { radius: 4.0 }, Vec2::new(0.0, 4.05), Vec2::ZERO, 0.0);
/// let report = step_body_with(&set, &mut ball, &mut scratch, Vec2::new(0.0, -900.0), 1.0 / 60.0);
/// assert!(report.grounded);   // the report lives in the scratch until its next step
/// # Ok::<(), TerrainError>(())
/// ```
pub struct StepScratch {
    near: NearSpans,
    normals: Vec<Vec2>,
    report: StepReport,
}

/// Room a new [`StepScratch`] makes for the contacts, normals and nearby
/// pieces of one step (a body meeting more pieces at once than this grows
/// the lists once, and they keep the room).
const SCRATCH_ROOM: usize = 16;

impl Default for StepScratch {
    fn default() -> Self {
        StepScratch {
            near: NearSpans {
                cache: SpanCache::with_capacity(4 * SCRATCH_ROOM),
                spans: Vec::with_capacity(SCRATCH_ROOM),
                at: Vec2::ZERO,
            },
            normals: Vec::with_capacity(SCRATCH_ROOM),
            report: StepReport {
                contacts: Vec::with_capacity(SCRATCH_ROOM),
                ..StepReport::default()
            },
        }
    }
}

/// Contacts and the skin: bodies stop `SKIN` pixels short of the surface
/// (the sweep uses the shape grown by the skin). A body within
/// `CONTACT_MARGIN` of a surface it is not leaving is *supported*: its
/// velocity into the surface is removed and gravity's push into the surface
/// is dropped for the step, leaving only the part along the surface. Resting
/// is decided by that distance, never by the sign of a discriminant.
///
/// Response: an impact slower than `rest_speed` (or with `e = 0`) slides:
/// the normal velocity is removed and gravity's push into that surface is
/// dropped for the rest of the step; glancing along a single surface, the
/// energy the bounce would have kept, `e² v_n²`, stays in the slide's speed
/// (an elastic body glancing along a curve loses nothing). A faster one bounces,
/// `v ← v - (1 + e)(v·n)n` with `e = e_body · e_terrain`, and gravity is kept,
/// so an elastic bounce never gains height.
///
/// Energy: with every impact of a step at `e ≤ 1`, the step never ends with
/// more kinetic plus potential energy than it started with (the small error
/// of following a curve with the start's `g_t` is taken from the speed).
/// Potential energy is measured from the step's start, so the check is as
/// fine at the level's edge as at the origin.
///
/// Speed: a body faster than `MAX_BODY_SPEED` is slowed to it, direction
/// kept, before the step (a trap between bouncy surfaces with `e > 1` pumps
/// speed without bound otherwise).
///
/// Friction (Coulomb, `friction = μ`, default 0: frictionless as in the
/// reference demo): a supported body slows by `μ · g_n · dt` along the
/// surface, and one that is slow enough on a slope no steeper than `atan μ`
/// stays put. [`Body::with_grip`] sets `μ = tan(max_slope)`, so it holds on
/// exactly the slopes that count as ground.
///
/// Moves `body` through `set` for `dt` seconds under `gravity`. See the
/// module docs for the model. Non-finite input leaves the body unchanged and
/// says why in [`StepReport::error`]. `step_body_with` is the same with
/// lists kept between calls.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::step_body;
/// let floor = TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)));
/// let set = TerrainSet::new(vec![floor])?;
/// // A ball 0.05 px above the floor: within the contact margin, so resting on it.
/// let mut ball = Body::new(ActorShape::Circle { radius: 5.0 }, Vec2::new(0.0, 5.05), Vec2::ZERO, 0.0);
/// let report = step_body(&set, &mut ball, Vec2::new(0.0, -900.0), 1.0 / 60.0);
/// assert!(report.grounded && ball.position.y > 5.0);
/// # Ok::<(), TerrainError>(())
/// ```
pub fn step_body(set: &TerrainSet, body: &mut Body, gravity: Vec2, dt: f32) -> StepReport {
    let mut scratch = StepScratch::default();
    step_body_with(set, body, &mut scratch, gravity, dt);
    scratch.report
}

/// [`step_body`] reusing `scratch`'s lists (one scratch for any number of
/// bodies and sets, used by one step at a time). The report lives in the
/// scratch until its next step.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{StepScratch, step_body_with};
/// let floor = TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)));
/// let set = TerrainSet::new(vec![floor])?;
/// let mut balls: Vec<Body> = (0..4)
///     .map(|i| Body::new(ActorShape::Circle { radius: 5.0 }, Vec2::new(20.0 * i as f32, 40.0), Vec2::ZERO, 0.5))
///     .collect();
/// let mut scratch = StepScratch::default();
/// for _ in 0..240 {
///     for ball in &mut balls {
///         step_body_with(&set, ball, &mut scratch, Vec2::new(0.0, -900.0), 1.0 / 60.0);
///     }
/// }
/// assert!(balls.iter().all(|b| (b.position.y - 5.0).abs() < 0.2));
/// # Ok::<(), TerrainError>(())
/// ```
pub fn step_body_with<'s>(
    set: &TerrainSet,
    body: &mut Body,
    scratch: &'s mut StepScratch,
    gravity: Vec2,
    dt: f32,
) -> &'s StepReport {
    let everywhere = Rect::new(f32::MIN, f32::MIN, f32::MAX, f32::MAX);
    step_body_among(
        set,
        body,
        &mut [],
        &mut Braces::default(),
        everywhere,
        scratch,
        gravity,
        dt,
    )
}

/// [`step_body_with`] among other bodies (which hold still during
/// this step while their velocities take the impulses of its contacts; see
/// `neighbours`). Contacts with bodies that hold firm are added to `braces`.
/// The step stops at an impact with a body that is still `waiting` to move
/// ([`StepReport::waits_for`]), so that it moves first and this one goes on
/// after it. `others` are the bodies near `region`: a contact that turns
/// the body fast enough to leave it ends the step there (the time left is
/// [`StepReport::leftover`]).
#[allow(clippy::too_many_arguments)]
pub(in crate::dynamics) fn step_body_among<'s>(
    set: &TerrainSet,
    body: &mut Body,
    others: &mut [Neighbour],
    braces: &mut Braces,
    region: Rect,
    scratch: &'s mut StepScratch,
    gravity: Vec2,
    dt: f32,
) -> &'s StepReport {
    let gravity = gravity * body.gravity_scale;
    let StepScratch {
        near,
        normals,
        report,
    } = scratch;
    report.clear();
    if !body.is_valid() || !gravity.is_finite() || !dt.is_finite() || dt < 0.0 {
        let body = *body;
        report.error = Some(StepError::BadInput { body, gravity, dt });
        return report;
    }
    body.velocity = capped_speed(body.velocity, MAX_BODY_SPEED);
    let saved = *body;
    let up = up_of(gravity);
    near.cache.gather(set, step_region(body, gravity, dt));
    near.query(set, body);
    report.depenetration = super::depenetrate::depenetrate(set, body, gravity, near);
    // Energy per unit mass at the start, for the no-growth guarantee
    // (heights from where the step starts: see `energy_of`).
    let origin = body.position;
    let mut start_energy = energy_of(body, gravity, origin);
    let lists = (&mut *report, &mut *normals);
    let (g, pushed) = held_up(set, body, gravity, dt, near, (others, braces), lists);
    if pushed {
        // Another body's push is not the step's own energy.
        start_energy = energy_of(body, gravity, origin);
    }
    let sliding = sliding_on(&report.contacts);
    let mut p = Progress::start((gravity, g, dt), sliding, origin, start_energy);
    let cache = &mut near.cache;
    let (mut impacts, mut cuts) = (0, 0);
    while impacts < MAX_ITERATIONS && p.remaining > 0.0 {
        let (motion, dip_path, bent) = next_chord(&mut p, set, body, cache, &mut cuts);
        let known: &[_] = if body.position == near.at {
            &near.spans
        } else {
            &[]
        };
        let terrain_hit = first_impact(set, body, motion, cache, known);
        if let Some((k, fraction, n)) = first_other_impact(body, motion, others)
            && terrain_hit
                .as_ref()
                .is_none_or(|(_, toi)| fraction < toi.fraction)
        {
            let other = &mut others[k];
            let meeting = Meeting {
                other,
                fraction,
                normal: n,
                motion,
            };
            impacts += 1;
            if !p.meet_body(body, meeting, region, report, normals, braces) {
                break;
            }
            continue;
        }
        let Some((piece, toi)) = terrain_hit else {
            if dip_path.is_some() && bent.is_none() {
                // Following a dip, the chord ended clear of it: the body
                // leaves the surface here.
                report.left_dip_at = Some(body.position);
            }
            if p.fly_free(set, body, motion, bent, cache) {
                break;
            }
            continue;
        };
        impacts += 1;
        p.meet_terrain(
            set,
            body,
            piece,
            &toi,
            motion,
            bent.is_none(),
            report,
            normals,
        );
    }
    finish(&p, body, saved, up, report);
    report
}

/// What holds the body up at the step's start: its terrain supports
/// (settling it onto their skin, but not into another body) and the
/// `others` near it that hold firm (`braces`). The gravity left after
/// them, and whether other bodies were there to push it.
fn held_up(
    set: &TerrainSet,
    body: &mut Body,
    gravity: Vec2,
    dt: f32,
    near: &NearSpans,
    (others, braces): (&mut [Neighbour], &mut Braces),
    (report, normals): (&mut StepReport, &mut Vec<Vec2>),
) -> (Vec2, bool) {
    let mut g = gravity;
    if let Some(settle) = supports(set, body, &mut g, dt, near, report, normals) {
        let clear = first_other_impact(body, settle, others).map_or(1.0, |(_, f, _)| f);
        body.position += settle * clear;
    }
    if others.is_empty() {
        return (g, false);
    }
    rest_on_others(body, &mut g, dt, others, report, braces, normals);
    (g, true)
}

/// The next chord's motion, with the path curvature of the dip the body
/// follows and the bend along the surface it slides on: the body's path
/// over the time left; along a dip, a chord that would turn the path by
/// more than `MAX_CHORD_TURN` is cut to the time that turns it about that
/// much (at most `MAX_BENT_CHORDS` times a step; the rest of the step is
/// chords of their own); then bent along the surface.
fn next_chord(
    p: &mut Progress,
    set: &TerrainSet,
    body: &Body,
    cache: &mut SpanCache,
    cuts: &mut usize,
) -> (Vec2, Option<f32>, Option<dip::Bent>) {
    p.chord_time = p.remaining;
    let mut motion = p.chord(body);
    let dip_path = p
        .sliding
        .and_then(|on| dip::path_curvature(set, on, &body.shape));
    if let Some(k) = dip_path.filter(|_| *cuts < MAX_BENT_CHORDS) {
        let turn = k * motion.length();
        if turn > MAX_CHORD_TURN {
            p.chord_time = p.remaining * (MAX_CHORD_TURN / turn);
            motion = p.chord_for(body, p.chord_time);
            *cuts += 1;
        }
    }
    let bent = p.sliding.and_then(|on| {
        let held = dip_path.and_then(|k| dip::holds(body.velocity, p.gravity, on.normal, k));
        dip::bend(set, on, &body.shape, (body.position, motion), held, cache)
    });
    if let Some(b) = bent {
        motion = b.motion;
    }
    (motion, dip_path, bent)
}

/// The step's end: the time left, the energy guard, whether the body is
/// grounded (a contact that is not a bounce, with ground for `up`), and a
/// result that is not finite undone to the body as it came (`saved`).
fn finish(p: &Progress, body: &mut Body, saved: Body, up: Vec2, report: &mut StepReport) {
    report.leftover = p.remaining.max(0.0);
    p.keep_energy(body);
    report.grounded = report
        .contacts
        .iter()
        .any(|c| !c.bounced && body.is_ground(c.normal, up));
    if !body.position.is_finite() || !body.velocity.is_finite() {
        *body = saved;
        report.error = Some(StepError::NonFiniteResult);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamics::body::impact::sweep_keeping_skin;
    use crate::geometry::Segment;
    use crate::geometry::testing::random_curve;
    use crate::poly::testing::unit_rng;
    use crate::prelude::*;
    use crate::query::closest_offset;
    use glam::DVec2;

    /// Bad input is refused as such (`BadInput`, the body untouched): a
    /// non-finite body, gravity or time step, and a negative time step; a
    /// time step of zero is not bad input.
    #[test]
    fn bad_input_is_refused_as_bad_input() {
        let set = TerrainSet::new(vec![]).unwrap();
        let good = Body::new(
            ActorShape::Circle { radius: 4.0 },
            Vec2::ZERO,
            Vec2::ZERO,
            0.0,
        );
        let mut nan = good;
        nan.velocity.x = f32::NAN;
        let g = Vec2::new(0.0, -900.0);
        for (body, gravity, dt) in [
            (nan, g, 1.0 / 60.0),
            (good, Vec2::new(f32::NAN, 0.0), 1.0 / 60.0),
            (good, g, f32::INFINITY),
            (good, g, -1.0 / 60.0),
        ] {
            let mut b = body;
            let r = step_body(&set, &mut b, gravity, dt);
            assert!(
                matches!(r.error, Some(StepError::BadInput { .. })),
                "{gravity} {dt}: {r:?}"
            );
            assert_eq!(format!("{b:?}"), format!("{body:?}"));
        }
        let mut b = good;
        assert!(step_body(&set, &mut b, g, 0.0).error.is_none());
    }

    /// A body's gravity scale multiplies the gravity it falls under.
    #[test]
    fn gravity_scale_multiplies_the_fall() {
        let set = TerrainSet::new(vec![]).unwrap();
        let dt = 1.0 / 60.0;
        let mut half = Body::new(
            ActorShape::Circle { radius: 4.0 },
            Vec2::ZERO,
            Vec2::ZERO,
            0.0,
        );
        half.gravity_scale = 0.5;
        step_body(&set, &mut half, Vec2::new(0.0, -900.0), dt);
        assert!((half.velocity.y + 450.0 * dt).abs() < 1e-4, "{half:?}");
        assert!(
            (half.position.y + 0.5 * 450.0 * dt * dt).abs() < 1e-4,
            "{half:?}"
        );
    }

    /// Ground is judged against the gravity's own "up": a ball pressed by
    /// sideways gravity against a wall stands on it; without gravity, the
    /// up is +y and a ball on a floor stands on it.
    #[test]
    fn ground_is_judged_against_the_gravitys_up() {
        let wall = TerrainPiece::solid(Segment::new(Vec2::new(10.0, -50.0), Vec2::new(10.0, 50.0)));
        let floor = TerrainPiece::solid(Segment::new(Vec2::new(-50.0, 0.0), Vec2::new(50.0, 0.0)));
        let set = TerrainSet::new(vec![wall, floor]).unwrap();
        let ball = |at: Vec2| Body::new(ActorShape::Circle { radius: 4.0 }, at, Vec2::ZERO, 0.0);
        // Sideways gravity toward the wall: grounded on it, not on nothing.
        let mut b = ball(Vec2::new(5.95, 30.0));
        assert!(step_body(&set, &mut b, Vec2::new(900.0, 0.0), 1.0 / 60.0).grounded);
        // The same ball under ordinary gravity is only touching a wall.
        let mut b = ball(Vec2::new(5.95, 30.0));
        assert!(!step_body(&set, &mut b, Vec2::new(0.0, -900.0), 1.0 / 60.0).grounded);
        // No gravity: resting on the floor counts as ground (up is +y).
        let mut b = ball(Vec2::new(-20.0, 4.05));
        assert!(step_body(&set, &mut b, Vec2::ZERO, 1.0 / 60.0).grounded);
    }

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
                assert_eq!(*a, b, "step {step}");
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
            let mut near = NearSpans::default();
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
            let target = crate::query::Target {
                terrain: &piece.shape,
                span: &span,
                ends: set.joint_ends(0),
            };
            let given = sweep_keeping_skin(target, &body, motion, Some(closest));
            let solved = sweep_keeping_skin(target, &body, motion, None);
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
