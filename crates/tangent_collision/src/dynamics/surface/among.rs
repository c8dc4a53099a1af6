//! A surface runner's whole step among other bodies: run along the surface
//! ([`run_on_surface_skipping`]), stopped at the first body in the way
//! (`bodies`), the two trading an impulse along the contact normal with the
//! product of their restitutions. The game's player runs its surfaces
//! through this one call.

use glam::Vec2;

use super::bodies::{first_body_hit, trade_impulse};
use super::run::{OnSurface, SurfaceStep, run_on_surface_skipping, surface_tangent};
use crate::dynamics::body::types::BodyDef;
use crate::geometry::ActorShape;
use crate::terrain::TerrainSet;

/// Another body a surface runner may meet in its step, as it stands: its
/// shape and centre, inverse mass, restitution and velocity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obstacle {
    pub shape: ActorShape,
    pub center: Vec2,
    pub inverse_mass: f32,
    pub restitution: f32,
    pub velocity: Vec2,
}

/// What a runner's step among other bodies did: the surface step, and the
/// body it met (its index among the obstacles and its velocity after the
/// impact), if any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunStep {
    /// Where on the surface it ran from.
    pub start: OnSurface,
    pub step: SurfaceStep,
    pub met: Option<(usize, Vec2)>,
}

/// Where a surface step ends and the velocity it ends with.
fn step_end(step: &SurfaceStep) -> (Vec2, Vec2) {
    match *step {
        SurfaceStep::Held { on, .. } => (on.position, on.velocity()),
        SurfaceStep::Left {
            position, velocity, ..
        } => (position, velocity),
    }
}

/// Runs `runner` (a circle: `None` for any other shape) one step of `dt`
/// along the surface from `on` under `gravity`, not stepping onto the
/// pieces `skip` lists the way they are listed, and stops it at the first
/// of `others` in its way: the runner goes as far as that body along the
/// surface (or the flight), no farther than where it started if the surface
/// would take it inside, and the two trade the impulse of an impact along
/// the contact normal, `j = −(1 + e) v_n / (w_a + w_b)` with `e` the product
/// of their restitutions (the runner's speed along the surface, or its
/// flight, is what the impulse leaves it).
///
/// ```
/// use tangent_collision::dynamics::{Obstacle, run_among};
/// use tangent_collision::prelude::*;
/// let floor = Segment::new(Vec2::new(-500.0, 0.0), Vec2::new(500.0, 0.0));
/// let set = TerrainSet::new(vec![TerrainPiece::solid(floor)])?;
/// let runner = BodyDef::new(ActorShape::Circle { radius: 10.0 }, 0.0);
/// let on = OnSurface { position: Vec2::new(0.0, 10.02), normal: Vec2::Y, speed: 600.0, piece: 0 };
/// // A crate 5 px ahead, at rest, as heavy and dull as the runner.
/// let crate_ = Obstacle {
///     shape: ActorShape::Rect { half_extents: Vec2::splat(10.0) },
///     center: Vec2::new(25.0, 10.02),
///     inverse_mass: runner.inverse_mass,
///     restitution: 0.0,
///     velocity: Vec2::ZERO,
/// };
/// let run = run_among(&set, &runner, on, Vec2::new(0.0, -900.0), 1.0 / 60.0, &[], &[crate_]).unwrap();
/// let (met, pushed) = run.met.unwrap();
/// assert_eq!(met, 0);
/// // Equal masses, no bounce: they share the runner's speed.
/// assert!((pushed.x - 300.0).abs() < 1.0, "{pushed}");
/// # Ok::<(), TerrainError>(())
/// ```
pub fn run_among(
    set: &TerrainSet,
    runner: &BodyDef,
    on: OnSurface,
    gravity: Vec2,
    dt: f32,
    skip: &[(usize, bool)],
    others: &[Obstacle],
) -> Option<RunStep> {
    let ActorShape::Circle { radius } = runner.shape else {
        return None;
    };
    let step = run_on_surface_skipping(set, radius, on, gravity, dt, skip);
    let (end, _) = step_end(&step);
    let shapes = || others.iter().map(|o| (o.shape, o.center));
    let Some(hit) = first_body_hit(&runner.shape, on.position, end - on.position, shapes()) else {
        return Some(RunStep {
            start: on,
            step,
            met: None,
        });
    };
    // As far as the body, along the surface (or the flight).
    let mut step = match step {
        SurfaceStep::Held { .. } if hit.fraction > 0.0 => {
            run_on_surface_skipping(set, radius, on, gravity, dt * hit.fraction, skip)
        }
        SurfaceStep::Held { .. } => SurfaceStep::Held { on, blocked: true },
        SurfaceStep::Left {
            velocity,
            normal,
            piece,
            time_left,
            ..
        } => SurfaceStep::Left {
            position: on.position + (end - on.position) * hit.fraction,
            velocity,
            normal,
            piece,
            time_left,
        },
    };
    let (stopped, _) = step_end(&step);
    let one = std::iter::once((others[hit.index].shape, others[hit.index].center));
    if first_body_hit(&runner.shape, on.position, stopped - on.position, one)
        .is_some_and(|h| h.fraction < 0.999)
    {
        step = SurfaceStep::Held { on, blocked: true };
    }
    let other = &others[hit.index];
    let (mine, theirs) = trade_impulse(
        (step_end(&step).1, runner.inverse_mass),
        (other.velocity, other.inverse_mass),
        hit.normal,
        runner.restitution * other.restitution,
    );
    match &mut step {
        SurfaceStep::Held { on: part, .. } => part.speed = mine.dot(surface_tangent(part.normal)),
        SurfaceStep::Left { velocity, .. } => *velocity = mine,
    }
    Some(RunStep {
        start: on,
        step,
        met: Some((hit.index, theirs)),
    })
}
