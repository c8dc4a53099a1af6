//! The collision plugin's components and resources: terrain pieces and
//! their index, actors, where they are and how they move, what the last
//! step found, and gravity.

use bevy_derive::{Deref, DerefMut};
use bevy_ecs::prelude::*;
use glam::Vec2;
use std::sync::Arc;

use crate::dynamics::{BodyDef, BodyMode, Contact, RunStep};
use crate::geometry::{ActorShape, Pose};
use crate::terrain::TerrainSet;

/// All terrain, indexed; rebuilt from the `TerrainPiece` entities when
/// they change, unless it already holds them: whoever spawns terrain from a
/// set it has built (a level, checked when loaded) inserts the index with
/// that set and the entity of each piece, and nothing is built again.
#[derive(Resource, Clone, Debug)]
pub struct TerrainIndex {
    /// Shared, not copied: a level that built the set keeps it too.
    pub set: Arc<TerrainSet>,
    /// The entity of each fixed piece, in the set's order (movers' pieces
    /// have none: they are not `TerrainPiece` entities).
    pub entities: Vec<Entity>,
    /// The entity standing for each mover of the set (a
    /// [`TerrainMover`]), if any: named in hits on its pieces.
    pub movers: Vec<Entity>,
}

impl Default for TerrainIndex {
    fn default() -> Self {
        TerrainIndex {
            set: Arc::new(TerrainSet::new(Vec::new()).expect("an empty set is valid")),
            entities: Vec::new(),
            movers: Vec::new(),
        }
    }
}

/// Gravity for all actors, px/s².
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Gravity(pub Vec2);

impl Default for Gravity {
    fn default() -> Self {
        Gravity(crate::dynamics::DEFAULT_GRAVITY)
    }
}

/// A moving actor: what it is ([`BodyDef`]: shape, material, mass,
/// layers, gravity scale; its fields read through it: `actor.friction`).
/// Where it is and how it moves are [`PhysicsPosition`] and [`Velocity`].
///
/// ```
/// use tangent_collision::prelude::*;
/// let mut ball = Actor::new(ActorShape::Circle { radius: 5.0 }, 0.5);
/// ball.friction = 0.3;
/// ball.gravity_scale = 0.5;
/// assert_eq!(ball.at(Vec2::ZERO, Vec2::ZERO).friction, 0.3);
/// ```
#[derive(Component, Clone, Copy, Debug, PartialEq, Deref, DerefMut)]
#[require(Velocity, PhysicsPosition, PreviousPhysicsPosition, Grounded, Contacts)]
pub struct Actor(pub BodyDef);

impl Actor {
    /// An actor of density 1 (mass = area in px²), frictionless (see
    /// [`BodyDef::new`]).
    pub fn new(shape: ActorShape, restitution: f32) -> Self {
        Actor(BodyDef::new(shape, restitution))
    }
}

/// Velocity, px/s.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct Velocity(pub Vec2);

/// Position at the end of the last fixed step.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct PhysicsPosition(pub Vec2);

/// Position at the end of the step before, for interpolation.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct PreviousPhysicsPosition(pub Vec2);

/// On the ground after the last step.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct Grounded(pub bool);

/// The contacts of the last step.
#[derive(Component, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct Contacts(pub Vec<Contact>);

/// Where each mover of the terrain index is to be after this fixed step,
/// by mover index: written by game logic before
/// [`CollisionSystems::Step`](super::CollisionSystems::Step), which moves
/// the movers there (carrying, pushing and crushing actors) before it
/// steps the actors. Movers without an entry stay.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct MoverTargets(pub Vec<Pose>);

/// An entity drawn where mover `index` of the terrain index is: the step
/// keeps its last two poses and its `Transform` is placed between them,
/// as actors' are.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct TerrainMover {
    pub index: usize,
    /// Its pose after the last step.
    pub pose: Pose,
    /// Its pose after the step before.
    pub previous: Pose,
}

impl TerrainMover {
    /// Mover `index`, at `pose`.
    pub fn new(index: usize, pose: Pose) -> Self {
        TerrainMover {
            index,
            pose,
            previous: pose,
        }
    }
}

/// How the step moves an actor ([`BodyMode`]): free unless game code puts
/// it on a surface (a runner; the step leaves it free where the surface
/// lets it go, and the game reads what happened in [`SurfaceRun`]).
#[derive(Component, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct ActorMode(pub BodyMode);

/// What the last step's surface run did for an actor in
/// [`BodyMode::Surface`]: held on (where, at what speed) or let go, and the
/// body it met; `None` when it ran none.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct SurfaceRun(pub Option<RunStep>);
