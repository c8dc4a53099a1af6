//! The one handle to step with (Box2D v3's world): a [`World`] owns the
//! terrain, the bodies and their modes, the movers' targets and every
//! scratch list, and [`World::step`] runs one fixed step of all of it —
//! the movers' turn, the bodies' turns, then the surface runners — and
//! returns what happened ([`StepEvents`]).

use std::sync::Arc;

use glam::Vec2;

use super::bodies::{WorldScratch, step_bodies_on};
use super::movers::move_movers;
use super::riding::Crush;
use super::workers::Parallel;
use crate::dynamics::body::types::{Body, StepReport, Touched};
use crate::dynamics::surface::among::{Obstacle, RunStep, run_among};
use crate::dynamics::surface::run::{OnSurface, SurfaceStep, surface_tangent};
use crate::geometry::Pose;
use crate::terrain::{TerrainError, TerrainSet};

/// How the step moves a body.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum BodyMode {
    /// Through the terrain and among the others under gravity (the default).
    #[default]
    Free,
    /// Running a surface at any angle, a circle held by the normal force
    /// ([`run_among`]): it stands still in the bodies' turns (the others
    /// meet it there), then runs on along the surface, stopped at the first
    /// body in its way. `skip` lists the pieces it does not step onto the
    /// way they are listed (a loop run once). A rolling ball is a circle in
    /// this mode; its friction is the caller's, on `on.speed`. Where the
    /// surface lets it go the body turns [`Free`](BodyMode::Free).
    Surface {
        on: OnSurface,
        skip: Vec<(usize, bool)>,
    },
}

/// What one [`World::step`] did, borrowed from the world (nothing is
/// copied: read it before the next step).
#[derive(Clone, Copy, Debug)]
pub struct StepEvents<'w> {
    /// Each body's step through the terrain and the others, by index (a
    /// surface runner's is the step it stood still in).
    pub reports: &'w [StepReport],
    /// The bodies the movers crushed (the caller takes them away).
    pub crushes: &'w [Crush],
    /// The movers that stopped short rather than crush a body.
    pub blocked: &'w [usize],
    /// Each surface runner's run, by body index: where it is on the surface
    /// now, or where the surface let it go ([`SurfaceStep::Left`]), and the
    /// body it met.
    pub runs: &'w [(usize, RunStep)],
    /// A mover pose refused this step (the movers before it moved).
    pub mover_error: Option<&'w TerrainError>,
}

/// The terrain, the bodies and everything a step keeps between calls.
///
/// ```
/// use tangent_collision::prelude::*;
/// let floor = Segment::new(Vec2::new(-200.0, 0.0), Vec2::new(200.0, 0.0));
/// let set = TerrainSet::new(vec![TerrainPiece::solid(floor)])?;
/// let mut world = World::new(set, Vec2::new(0.0, -900.0));
/// let ball = world.add_body(Body::new(ActorShape::Circle { radius: 8.0 }, Vec2::new(0.0, 100.0), Vec2::ZERO, 0.0));
/// for _ in 0..120 {
///     world.step(1.0 / 60.0);
/// }
/// assert!(world.events().reports[ball].grounded);
/// assert!((world.body(ball).position.y - 8.0).abs() < 0.1);
/// # Ok::<(), TerrainError>(())
/// ```
pub struct World {
    terrain: Arc<TerrainSet>,
    gravity: Vec2,
    bodies: Vec<Body>,
    modes: Vec<BodyMode>,
    targets: Vec<Pose>,
    scratch: WorldScratch,
    runs: Vec<(usize, RunStep)>,
    mover_error: Option<TerrainError>,
    /// Scratch of the surface runners' step: the obstacles and their bodies.
    obstacles: Vec<Obstacle>,
    obstacle_of: Vec<usize>,
    /// The runners held still this step, with their gravity scales.
    held: Vec<(usize, f32)>,
    /// Who steps the bodies' islands.
    parallel: Parallel,
}

impl World {
    /// A world of `terrain` under `gravity` (px/s²), with no bodies.
    pub fn new(terrain: TerrainSet, gravity: Vec2) -> World {
        World::shared(Arc::new(terrain), gravity)
    }

    /// A world stepping a terrain shared with others (a level's); moving
    /// its movers copies it once if it is still shared then.
    pub fn shared(terrain: Arc<TerrainSet>, gravity: Vec2) -> World {
        World {
            terrain,
            gravity,
            bodies: Vec::new(),
            modes: Vec::new(),
            targets: Vec::new(),
            scratch: WorldScratch::default(),
            runs: Vec::new(),
            mover_error: None,
            obstacles: Vec::new(),
            obstacle_of: Vec::new(),
            held: Vec::new(),
            parallel: Parallel::default(),
        }
    }

    /// Steps the bodies split into islands on `parallel`'s workers (see
    /// [`step_bodies_on`]): the same bits as on the calling thread alone
    /// (the default), in less time where many bodies are apart.
    pub fn set_parallel(&mut self, parallel: Parallel) {
        self.parallel = parallel;
    }

    /// The terrain as the last step left it (the movers where they went).
    pub fn terrain(&self) -> &Arc<TerrainSet> {
        &self.terrain
    }

    /// The terrain, to replace (a reloaded level) or to swap with the
    /// caller's: every body wakes, as what held one up may be gone.
    pub fn terrain_mut(&mut self) -> &mut Arc<TerrainSet> {
        self.scratch.wake_all();
        &mut self.terrain
    }

    /// Puts `terrain` in and gives the one it held back, waking nobody:
    /// for a caller that keeps the terrain between steps and lends it to
    /// the world for each (the ECS face).
    pub fn swap_terrain(&mut self, terrain: &mut Arc<TerrainSet>) {
        std::mem::swap(&mut self.terrain, terrain);
    }

    /// The gravity, px/s².
    pub fn gravity(&self) -> Vec2 {
        self.gravity
    }

    /// Sets the gravity (a change wakes every body at the next step).
    pub fn set_gravity(&mut self, gravity: Vec2) {
        self.gravity = gravity;
    }

    /// Adds a body (free) and gives its index.
    pub fn add_body(&mut self, body: Body) -> usize {
        self.bodies.push(body);
        self.modes.push(BodyMode::Free);
        self.bodies.len() - 1
    }

    /// Body `i`.
    pub fn body(&self, i: usize) -> &Body {
        &self.bodies[i]
    }

    /// Body `i`, to move, push or change.
    pub fn body_mut(&mut self, i: usize) -> &mut Body {
        &mut self.bodies[i]
    }

    /// Every body, by index.
    pub fn bodies(&self) -> &[Body] {
        &self.bodies
    }

    /// The list of bodies itself, to refill in place (the ECS face does,
    /// each step, in entity order). Bodies past the modes' end are free;
    /// call [`wake_all`](Self::wake_all) when which body is at which
    /// index changes.
    pub fn bodies_mut(&mut self) -> &mut Vec<Body> {
        &mut self.bodies
    }

    /// Body `i`'s mode.
    pub fn mode(&self, i: usize) -> &BodyMode {
        self.modes.get(i).unwrap_or(&BodyMode::Free)
    }

    /// Sets body `i`'s mode.
    pub fn set_mode(&mut self, i: usize, mode: BodyMode) {
        if self.modes.len() <= i {
            self.modes.resize(i + 1, BodyMode::Free);
        }
        self.modes[i] = mode;
    }

    /// Where the movers go in the next step, by index (movers without one
    /// stay); kept until changed.
    pub fn set_mover_targets(&mut self, poses: &[Pose]) {
        self.targets.clear();
        self.targets.extend_from_slice(poses);
    }

    /// Wakes every body (see [`WorldScratch::wake_all`]).
    pub fn wake_all(&mut self) {
        self.scratch.wake_all();
    }

    /// How many batches of islands the last step's bodies ran in (0: in
    /// one piece; see [`set_parallel`](Self::set_parallel)).
    pub fn batches(&self) -> usize {
        self.scratch.batches()
    }

    /// Whether body `i` slept through the last step.
    pub fn is_asleep(&self, i: usize) -> bool {
        self.scratch.is_asleep(i)
    }

    /// What the last step did.
    pub fn events(&self) -> StepEvents<'_> {
        StepEvents {
            reports: self.scratch.reports(),
            crushes: self.scratch.crushes(),
            blocked: self.scratch.blocked(),
            runs: &self.runs,
            mover_error: self.mover_error.as_ref(),
        }
    }

    /// One step of `dt` seconds: the movers to their targets
    /// ([`move_movers`]: carry, push, crush), every body's turn
    /// ([`step_bodies_on`], the surface runners held still, split
    /// into islands on the workers of [`set_parallel`](Self::set_parallel)), then each
    /// surface runner along its surface among the others ([`run_among`]),
    /// in index order. Deterministic: the same world and calls give the
    /// same bits.
    pub fn step(&mut self, dt: f32) -> StepEvents<'_> {
        self.modes.resize(self.bodies.len(), BodyMode::Free);
        self.mover_error = None;
        if self.terrain.mover_count() > 0 && !self.targets.is_empty() {
            let set = Arc::make_mut(&mut self.terrain);
            let moved = move_movers(
                set,
                &self.targets,
                &mut self.bodies,
                &mut self.scratch,
                self.gravity,
                dt,
            );
            self.mover_error = moved.err();
        }
        // The runners stand still in the bodies' turns.
        let mut held = std::mem::take(&mut self.held);
        held.clear();
        for (i, mode) in self.modes.iter().enumerate() {
            if matches!(mode, BodyMode::Surface { .. }) {
                let b = &mut self.bodies[i];
                held.push((i, b.gravity_scale));
                (b.velocity, b.gravity_scale) = (Vec2::ZERO, 0.0);
            }
        }
        step_bodies_on(
            &self.terrain,
            &mut self.bodies,
            &mut self.scratch,
            self.gravity,
            dt,
            &self.parallel,
        );
        self.runs.clear();
        for &(i, scale) in &held {
            self.bodies[i].gravity_scale = scale;
            self.run_surface(i, dt);
        }
        self.held = held;
        self.events()
    }

    /// Body `i`'s run along its surface this step (see [`BodyMode::Surface`]).
    fn run_surface(&mut self, i: usize, dt: f32) {
        let BodyMode::Surface { mut on, skip } = std::mem::take(&mut self.modes[i]) else {
            return;
        };
        // Another body met it in the step (which held it still): it runs
        // on from where the step left it, with the velocity the step's
        // impulse gave it along the surface.
        let body = &self.bodies[i];
        let met = self.scratch.reports()[i]
            .contacts
            .iter()
            .any(|c| matches!(c.with, Touched::Body(_)));
        if met {
            on.position = body.position;
            on.speed += body.velocity.dot(surface_tangent(on.normal));
        }
        self.obstacles.clear();
        self.obstacle_of.clear();
        for (k, other) in self.bodies.iter().enumerate() {
            if k != i && other.layers.meets(&body.layers) {
                self.obstacles.push(Obstacle {
                    shape: other.shape,
                    center: other.position,
                    inverse_mass: other.inverse_mass,
                    restitution: other.restitution,
                    velocity: other.velocity,
                });
                self.obstacle_of.push(k);
            }
        }
        let Some(run) = run_among(
            &self.terrain,
            body,
            on,
            self.gravity,
            dt,
            &skip,
            &self.obstacles,
        ) else {
            return; // not a circle: free again
        };
        if let Some((k, v)) = run.met {
            self.bodies[self.obstacle_of[k]].velocity = v;
        }
        let b = &mut self.bodies[i];
        match run.step {
            SurfaceStep::Held { on: next, .. } => {
                (b.position, b.velocity) = (next.position, next.velocity());
                self.modes[i] = BodyMode::Surface { on: next, skip };
            }
            SurfaceStep::Left {
                position, velocity, ..
            } => (b.position, b.velocity) = (position, velocity),
        }
        self.runs.push((i, run));
    }
}
