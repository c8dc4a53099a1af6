//! The ECS face (feature `bevy`): [`CollisionPlugin`] with its
//! components and messages, the system sets
//! game logic orders itself around, and the F1 debug overlay. The crate's
//! [`Rect`](crate::geometry::Rect) and Bevy's convert with `From`.

mod components;
mod debug;
mod messages;
mod systems;
mod workers;

pub use components::{
    Actor, ActorMode, Contacts, Gravity, Grounded, MoverTargets, PhysicsPosition,
    PreviousPhysicsPosition, SurfaceRun, TerrainIndex, TerrainMover, Velocity,
};
pub use debug::CollisionDebugPlugin;
pub use messages::{ActorHit, Crushed, HitMessage, MoverBlocked};
pub use workers::{ComputePool, StepWorkers};

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time};

/// Systems of the collision step, for ordering game logic around them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum CollisionSystems {
    /// Rebuilds the terrain index when terrain changed.
    Index,
    /// Moves every mover to its target, then every actor, one fixed step.
    Step,
}

/// Terrain entities are [`TerrainPiece`](crate::terrain::TerrainPiece)s; the [`TerrainIndex`] resource
/// holds the [`TerrainSet`](crate::terrain::TerrainSet) built from them and
/// is rebuilt only when a terrain entity is added, changed or removed.
/// Actors carry an [`Actor`] (what the body is), a [`Velocity`] and a
/// [`PhysicsPosition`]; the step writes [`Grounded`] and [`Contacts`] back
/// and sends a [`HitMessage`] per impact with terrain and an [`ActorHit`]
/// per impact between actors. `Transform` is only written by the
/// interpolation between fixed steps, never read by the physics.
///
/// Moving terrain: the index's set may hold movers (a level builds them);
/// game logic writes where each goes this step in [`MoverTargets`], and
/// the step moves them there first (carrying, pushing, crushing: a
/// [`Crushed`] per actor crushed, a [`MoverBlocked`] per mover that
/// stopped short), then the actors. An entity with a [`TerrainMover`] is
/// drawn where its mover is, interpolated like actors.
///
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
/// app.world_mut().spawn(TerrainPiece::solid(floor));
/// app.world_mut().spawn((
///     Actor::new(ActorShape::Circle { radius: 5.0 }, 0.5),
///     PhysicsPosition(Vec2::new(0.0, 50.0)),
/// ));
/// // Each FixedUpdate moves the ball; read `PhysicsPosition`, `Velocity`,
/// // `Grounded` and `Contacts`, or `HitMessage`s.
/// app.update();
/// ```
pub struct CollisionPlugin;

impl CollisionPlugin {
    /// The fixed simulation rate it sets, Hz.
    pub const FIXED_HZ: f64 = 60.0;
}

impl Plugin for CollisionPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Time::<Fixed>::from_hz(Self::FIXED_HZ))
            .init_resource::<TerrainIndex>()
            .init_resource::<Gravity>()
            .init_resource::<MoverTargets>()
            .init_resource::<StepWorkers>()
            .add_message::<HitMessage>()
            .add_message::<ActorHit>()
            .add_message::<Crushed>()
            .add_message::<MoverBlocked>()
            .configure_sets(
                FixedUpdate,
                (CollisionSystems::Index, CollisionSystems::Step).chain(),
            )
            .add_systems(
                FixedUpdate,
                (
                    systems::rebuild_terrain_index.in_set(CollisionSystems::Index),
                    systems::step_actors.in_set(CollisionSystems::Step),
                ),
            )
            .add_systems(
                RunFixedMainLoop,
                (systems::interpolate_transforms, systems::interpolate_movers)
                    .in_set(RunFixedMainLoopSystems::AfterFixedMainLoop),
            );
    }
}

impl From<crate::geometry::Rect> for bevy_math::Rect {
    fn from(r: crate::geometry::Rect) -> Self {
        bevy_math::Rect {
            min: r.min,
            max: r.max,
        }
    }
}

impl From<bevy_math::Rect> for crate::geometry::Rect {
    fn from(r: bevy_math::Rect) -> Self {
        crate::geometry::Rect {
            min: r.min,
            max: r.max,
        }
    }
}
