//! The ECS face of the collision plugin: components for actors and terrain,
//! a `FixedUpdate` system that steps every actor with [`step_bodies`]
//! (through the terrain and among each other), a [`HitMessage`] per impact
//! with terrain and an [`ActorHit`] per impact between actors, and render
//! interpolation between fixed steps.
//!
//! Terrain entities carry a [`TerrainShape`]; the [`TerrainIndex`] resource
//! holds the [`TerrainSet`] built from them and is rebuilt only when a
//! terrain entity is added, changed or removed. Actors carry an [`Actor`]
//! (shape and material), a [`Velocity`], and [`PhysicsPosition`]; the
//! system writes [`Grounded`] and [`Contacts`] back. `Transform` is only
//! written by the interpolation, never read by the physics.

use bevy_app::prelude::*;
use bevy_derive::{Deref, DerefMut};
use bevy_ecs::name::Name;
use bevy_ecs::prelude::*;
use bevy_log::{error, warn};
use bevy_time::{Fixed, Time};
use bevy_transform::prelude::Transform;
use glam::Vec2;
use std::collections::HashSet;

use crate::dynamics::{Body, Contact, DEFAULT_MAX_SLOPE, Layers, WorldScratch, step_bodies};
use crate::geometry::ActorShape;
use crate::query::Hits;
use crate::terrain::{TerrainPiece, TerrainSet};

/// Fixed simulation rate, Hz.
pub const FIXED_HZ: f64 = 60.0;

/// Systems of the collision step, for ordering game logic around them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum CollisionSystems {
    /// Rebuilds the terrain index when terrain changed.
    Index,
    /// Moves every actor one fixed step.
    Step,
}

/// A piece of terrain (a tile edge or a curve).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct TerrainShape(pub TerrainPiece);

/// All terrain, indexed; rebuilt from the [`TerrainShape`] entities when
/// they change, unless it already holds them: whoever spawns terrain from a
/// set it has built (a level, checked when loaded) inserts the index with
/// that set and the entity of each piece, and nothing is built again.
#[derive(Resource, Clone, Debug)]
pub struct TerrainIndex {
    pub set: TerrainSet,
    /// The entity of each piece, in the set's order.
    pub entities: Vec<Entity>,
}

impl Default for TerrainIndex {
    fn default() -> Self {
        TerrainIndex {
            set: TerrainSet::new(Vec::new()).expect("an empty set is valid"),
            entities: Vec::new(),
        }
    }
}

/// Gravity for all actors, px/s².
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Gravity(pub Vec2);

impl Default for Gravity {
    fn default() -> Self {
        Gravity(Vec2::new(0.0, -3600.0))
    }
}

/// A moving actor: its collision shape and material.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[require(
    Velocity,
    PhysicsPosition,
    PreviousPhysicsPosition,
    Grounded,
    Contacts,
    GravityScale
)]
pub struct Actor {
    pub shape: ActorShape,
    pub restitution: f32,
    pub friction: f32,
    /// Steepest ground, radians.
    pub max_slope: f32,
    /// Passes through one-way terrain while set.
    pub drop_through: bool,
    /// `1 / mass` against other actors; 0: immovable by them.
    pub inverse_mass: f32,
    /// May sleep when still (see [`SLEEP_AFTER`](crate::dynamics::SLEEP_AFTER));
    /// `false` for an actor game code steers every step (the player).
    pub can_sleep: bool,
}

impl Actor {
    /// An actor of density 1 (mass = area in px²), frictionless.
    pub fn new(shape: ActorShape, restitution: f32) -> Self {
        Actor {
            shape,
            restitution,
            friction: 0.0,
            max_slope: DEFAULT_MAX_SLOPE,
            drop_through: false,
            inverse_mass: Body::unit_density_inverse_mass(&shape),
            can_sleep: true,
        }
    }
}

/// Which other actors this one collides with (see [`Layers`]); without it,
/// layer 1 meeting every layer.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct CollisionLayers(pub Layers);

/// One actor meeting another (both entities, for sounds and effects): sent
/// by the actor whose move met the other.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ActorHit {
    pub actor: Entity,
    pub other: Entity,
    /// From `other` toward `actor`.
    pub normal: Vec2,
    /// Speed at which they closed along the normal, px/s.
    pub closing_speed: f32,
    pub bounced: bool,
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

/// Multiplies gravity for this actor (the player's apex hang uses it).
#[derive(Component, Clone, Copy, Debug, PartialEq, Deref, DerefMut)]
pub struct GravityScale(pub f32);

impl Default for GravityScale {
    fn default() -> Self {
        GravityScale(1.0)
    }
}

/// On the ground after the last step.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct Grounded(pub bool);

/// The contacts of the last step.
#[derive(Component, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct Contacts(pub Vec<Contact>);

/// One impact (a bounce or a landing), for sounds and effects.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct HitMessage {
    pub actor: Entity,
    /// The terrain entity hit.
    pub terrain: Entity,
    pub normal: Vec2,
    pub hits: Hits,
    /// Speed into the surface before the response, px/s.
    pub impact_speed: f32,
    pub bounced: bool,
}

/// Adds the collision step, terrain indexing, hit messages and interpolation.
///
/// ```no_run
/// use bevy_app::prelude::*;
/// use tangent_collision::prelude::*;
///
/// let mut app = App::new();
/// // (with Bevy's MinimalPlugins or DefaultPlugins for time)
/// app.add_plugins(CollisionPlugin).insert_resource(Gravity(Vec2::new(0.0, -900.0)));
/// let floor = Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0));
/// app.world_mut().spawn(TerrainShape(TerrainPiece::solid(floor)));
/// app.world_mut().spawn((
///     Actor::new(ActorShape::Circle { radius: 5.0 }, 0.5),
///     PhysicsPosition(Vec2::new(0.0, 50.0)),
/// ));
/// // Each FixedUpdate moves the ball; read `PhysicsPosition`, `Velocity`,
/// // `Grounded` and `Contacts`, or `HitMessage`s.
/// app.update();
/// ```
pub struct CollisionPlugin;

impl Plugin for CollisionPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Time::<Fixed>::from_hz(FIXED_HZ))
            .init_resource::<TerrainIndex>()
            .init_resource::<Gravity>()
            .add_message::<HitMessage>()
            .add_message::<ActorHit>()
            .configure_sets(
                FixedUpdate,
                (CollisionSystems::Index, CollisionSystems::Step).chain(),
            )
            .add_systems(
                FixedUpdate,
                (
                    rebuild_terrain_index.in_set(CollisionSystems::Index),
                    step_actors.in_set(CollisionSystems::Step),
                ),
            )
            .add_systems(
                RunFixedMainLoop,
                interpolate_transforms.in_set(RunFixedMainLoopSystems::AfterFixedMainLoop),
            );
    }
}

/// Rebuilds the index when any terrain entity was added, changed or removed.
pub fn rebuild_terrain_index(
    changed: Query<(), Changed<TerrainShape>>,
    mut removed: RemovedComponents<TerrainShape>,
    terrain: Query<(Entity, &TerrainShape)>,
    mut index: ResMut<TerrainIndex>,
) {
    let removed_any = removed.read().count() > 0;
    if changed.is_empty() && !removed_any {
        return;
    }
    let current = index.entities.len() == terrain.iter().len()
        && index.entities.iter().enumerate().all(|(i, &e)| {
            terrain
                .get(e)
                .is_ok_and(|(_, shape)| shape.0 == *index.set.piece(i))
        });
    if current {
        return;
    }
    let mut pieces: Vec<(Entity, TerrainPiece)> = terrain.iter().map(|(e, t)| (e, t.0)).collect();
    pieces.sort_by_key(|(e, _)| *e);
    match TerrainSet::new(pieces.iter().map(|(_, p)| *p).collect()) {
        Ok(set) => {
            index.set = set;
            index.entities = pieces.into_iter().map(|(e, _)| e).collect();
        }
        // Terrain is validated when levels load; keep the last good set.
        Err(e) => error!("terrain rejected, keeping the previous terrain: {e}"),
    }
}

type ActorItem<'a> = (
    Entity,
    Option<&'a Name>,
    &'a Actor,
    &'a mut Velocity,
    &'a mut PhysicsPosition,
    &'a mut PreviousPhysicsPosition,
    &'a mut Grounded,
    &'a mut Contacts,
    &'a GravityScale,
    Option<&'a CollisionLayers>,
);

/// The bodies of one fixed step, kept between steps (the world scratch
/// remembers what each body rested on, by its place in entity order).
#[derive(Default)]
pub struct StepState {
    bodies: Vec<Body>,
    entities: Vec<Entity>,
    world: WorldScratch,
    /// Actors whose refused step was already said.
    warned: HashSet<Entity>,
}

/// Steps every actor through the terrain and among each other
/// ([`step_bodies`]), in entity order (deterministic).
pub fn step_actors(
    time: Res<Time<Fixed>>,
    gravity: Res<Gravity>,
    index: Res<TerrainIndex>,
    mut actors: Query<ActorItem>,
    mut hits: MessageWriter<HitMessage>,
    mut actor_hits: MessageWriter<ActorHit>,
    mut state: Local<StepState>,
) {
    let dt = time.delta_secs();
    if dt <= 0.0 {
        return;
    }
    let mut all: Vec<_> = actors.iter_mut().collect();
    all.sort_by_key(|a| a.0);
    let StepState {
        bodies,
        entities,
        world,
        warned,
    } = &mut *state;
    // Sleep and braces are kept by place in entity order: a new terrain or
    // another set of actors starts everyone awake.
    let same_actors =
        entities.len() == all.len() && entities.iter().zip(&all).all(|(e, a)| *e == a.0);
    if index.is_changed() || !same_actors {
        world.wake_all();
    }
    bodies.clear();
    entities.clear();
    for (entity, name, actor, vel, pos, prev, _, _, scale, layers) in &mut all {
        if let Some(problem) = repair_non_finite(&mut vel.0, &mut pos.0, prev.0) {
            warn!("{}: {problem}", who(*entity, *name));
        }
        prev.0 = pos.0;
        let mut body = Body::new(actor.shape, pos.0, vel.0, actor.restitution);
        body.friction = actor.friction;
        body.max_slope = actor.max_slope;
        body.drop_through = actor.drop_through;
        body.inverse_mass = actor.inverse_mass;
        body.gravity_scale = scale.0;
        body.can_sleep = actor.can_sleep;
        body.layers = layers.map_or_else(Layers::default, |l| l.0);
        bodies.push(body);
        entities.push(*entity);
    }
    step_bodies(&index.set, bodies, world, gravity.0, dt);
    for (k, (entity, name, _, vel, pos, _, grounded, contacts, _, _)) in all.iter_mut().enumerate()
    {
        let report = &world.reports()[k];
        // A refused step is said once per actor, not every step.
        if let Some(e) = &report.error
            && warned.insert(*entity)
        {
            warn!("{}: {e} (said once)", who(*entity, *name));
        }
        pos.0 = bodies[k].position;
        // A refused step leaves the body as it was; its velocity is
        // dropped so that it does not fail the same way every step.
        vel.0 = if report.error.is_some() {
            Vec2::ZERO
        } else {
            bodies[k].velocity
        };
        grounded.0 = report.grounded;
        for c in report.contacts.iter().filter(|c| c.impact_speed > 0.0) {
            match c.actor {
                Some(other) => {
                    actor_hits.write(ActorHit {
                        actor: *entity,
                        other: entities[other],
                        normal: c.normal,
                        closing_speed: c.impact_speed,
                        bounced: c.bounced,
                    });
                }
                None => {
                    hits.write(HitMessage {
                        actor: *entity,
                        terrain: index
                            .entities
                            .get(c.piece)
                            .copied()
                            .unwrap_or(Entity::PLACEHOLDER),
                        normal: c.normal,
                        hits: c.hits,
                        impact_speed: c.impact_speed,
                        bounced: c.bounced,
                    });
                }
            }
        }
        contacts.0.clone_from(&report.contacts);
    }
}

fn who(entity: Entity, name: Option<&Name>) -> String {
    match name {
        Some(n) => format!("actor {entity} ({n})"),
        None => format!("actor {entity}"),
    }
}

/// Resets a non-finite velocity to zero and a non-finite position to the
/// previous one (or the origin), saying what was wrong, so a body set to NaN
/// or infinity by game code moves on from the next step instead of being
/// refused every step.
pub fn repair_non_finite(
    velocity: &mut Vec2,
    position: &mut Vec2,
    previous: Vec2,
) -> Option<String> {
    let mut problems = Vec::new();
    if !velocity.is_finite() {
        problems.push(format!("velocity {velocity} is not finite; reset to zero"));
        *velocity = Vec2::ZERO;
    }
    if !position.is_finite() {
        let back = if previous.is_finite() {
            previous
        } else {
            Vec2::ZERO
        };
        problems.push(format!(
            "position {position} is not finite; put back at {back}"
        ));
        *position = back;
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// Places each actor's `Transform` between its last two physics positions,
/// by how far the clock is into the next fixed step.
pub fn interpolate_transforms(
    time: Res<Time<Fixed>>,
    mut actors: Query<(&PhysicsPosition, &PreviousPhysicsPosition, &mut Transform)>,
) {
    let a = time.overstep_fraction();
    for (pos, prev, mut tf) in &mut actors {
        let p = prev.0.lerp(pos.0, a);
        tf.translation.x = p.x;
        tf.translation.y = p.y;
    }
}
