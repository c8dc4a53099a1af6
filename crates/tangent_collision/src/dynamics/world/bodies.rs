//! The bodies' step: [`step_bodies`] moves every body among the others,
//! on the calling thread or ([`step_bodies_on`]) split into islands on
//! several, with the same result; [`WorldScratch`] keeps what it needs
//! between steps.

use glam::Vec2;

use super::islands::Islands;
use super::riding::{Crush, Riding};
use super::sleep::Rest;
use super::turns::Turns;
use super::workers::Parallel;
use crate::dynamics::body::neighbours::Braces;
use crate::dynamics::body::types::{Body, StepReport, up_against};
use crate::terrain::{SpanCache, TerrainSet};

/// The lists [`step_bodies`] fills, kept between calls (allocated once), and
/// what it reports: [`reports`](Self::reports), one per body. It also keeps
/// each body's braces from its last step: step the same bodies in the same
/// order with one scratch.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{WorldScratch, step_bodies};
/// let set = TerrainSet::new(vec![TerrainPiece::solid(Segment::new(Vec2::new(-50.0, 0.0), Vec2::new(50.0, 0.0)))])?;
/// let ball = |x: f32, y: f32| Body::new(ActorShape::Circle { radius: 4.0 }, Vec2::new(x, y), Vec2::ZERO, 0.0);
/// let mut bodies = vec![ball(0.0, 4.05), ball(0.0, 12.1)];   // one on the other
/// let mut world = WorldScratch::default();
/// for _ in 0..60 {
///     step_bodies(&set, &mut bodies, &mut world, Vec2::new(0.0, -900.0), 1.0 / 60.0);
/// }
/// assert!(world.reports().iter().all(|r| r.grounded));
/// assert!((bodies[1].position.y - 12.0).abs() < 0.2);   // stacked, still
/// # Ok::<(), TerrainError>(())
/// ```
#[derive(Default)]
pub struct WorldScratch {
    /// Every body's braces, rest and report, and the turns' lists.
    pub(in crate::dynamics) turns: Turns,
    /// The islands' split and their batches' own turns.
    islands: Islands,
    /// The gravity of the last step (a change wakes every body).
    gravity: Vec2,
    /// What the movers did this step (see `movers`, `riding`).
    pub(in crate::dynamics) riding: Riding,
    pub(in crate::dynamics) mover_cache: SpanCache,
}

impl WorldScratch {
    /// What the last [`step_bodies`] did to each body, by index.
    pub fn reports(&self) -> &[StepReport] {
        &self.turns.reports
    }

    /// How many batches of islands the last step ran in, on its workers
    /// (0: in one piece, on the calling thread).
    pub fn batches(&self) -> usize {
        self.islands.last
    }

    /// Whether body `i` slept through the last [`step_bodies`] (see
    /// `SLEEP_AFTER`).
    pub fn is_asleep(&self, i: usize) -> bool {
        self.turns.rest.get(i).is_some_and(Rest::asleep)
    }

    /// The bodies the movers crushed in the last [`move_movers`], each once
    /// (see `dynamics::movers`): the caller takes them away.
    ///
    /// [`move_movers`]: crate::dynamics::move_movers
    pub fn crushes(&self) -> &[Crush] {
        &self.riding.crushed
    }

    /// The movers that stopped short of their pose in the last
    /// [`move_movers`](crate::dynamics::move_movers) rather than crush a body (those
    /// made with `stops_when_blocked`), by index; each is where it stopped
    /// ([`TerrainSet::mover_pose`]).
    pub fn blocked(&self) -> &[usize] {
        &self.riding.blocked
    }

    /// Wakes every body for at least `SLEEP_AFTER`:
    /// call after changing what the bodies cannot see change (the terrain,
    /// or which body is at which index). What held one up may be gone.
    pub fn wake_all(&mut self) {
        self.turns.rest.iter_mut().for_each(Rest::shake);
    }
}

/// Why this method. Box2D v3 (soft step, sub-steps, relaxation) and Rapier
/// (PGS) solve every contact of a step together, on polygons whose contact
/// points they know before solving. Here a contact with terrain is found
/// by exact queries on Bézier curves inside one body's continuous step
/// (depenetrate, support, sweep, follow, slide), which moves one body at a
/// time by nature. So bodies take their turns, lowest first along gravity
/// (index order among equals: deterministic), and each one's step sees the
/// others as obstacles held still where they are, swept exactly (the pair's
/// Minkowski sum, `RoundedBox`): no body passes through another or ends
/// inside it by more than the skin, at any speed. Each contact between two
/// bodies trades an impulse (`neighbours`: restitution the product of the two
/// materials, Coulomb friction with the geometric mean). A body that hits
/// one that has not moved yet stops there, lets it move first and then goes
/// on (so a pushed crate moves before its pusher, and a row of balls passes
/// a knock along within one step, as Celeste moves what a solid pushes
/// before the solid). A stack stands still because support runs down it to
/// the ground: a body remembers the surfaces it rested on (`Braces`) and a
/// push into them moves it not at all. Contacts with terrain, and their
/// bounce normals (`⟂ B'(mean hit t)`), are the single-body step's.
///
/// A body that has stayed still for half a second sleeps (`sleep`): it is
/// not stepped, only stood on and run into, until something moves it.
///
/// Broad phase: a uniform grid (cells sized from the bodies) of the boxes
/// each body's own motion can reach in the step, entered by cell (a counting sort); a
/// body knocked out of its cells during the step is also kept in a short
/// list searched in full. Each body looks for the others near the box its
/// motion can reach.
///
/// Moves every body one step of `dt` seconds through `set` and among each
/// other under `gravity` (times each body's `gravity_scale`).  Bodies whose [`Layers`](crate::dynamics::Layers) do not meet
/// pass through each other.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{WorldScratch, step_bodies};
/// let floor = TerrainPiece::solid(Segment::new(Vec2::new(-200.0, 0.0), Vec2::new(200.0, 0.0)));
/// let set = TerrainSet::new(vec![floor])?;
/// let crate_ = |y: f32| Body::new(ActorShape::Rect { half_extents: Vec2::splat(16.0) }, Vec2::new(0.0, y), Vec2::ZERO, 0.0);
/// // Three crates dropped in a column land on each other and stay stacked.
/// let mut bodies = vec![crate_(20.0), crate_(60.0), crate_(100.0)];
/// let mut scratch = WorldScratch::default();
/// for _ in 0..120 {
///     step_bodies(&set, &mut bodies, &mut scratch, Vec2::new(0.0, -900.0), 1.0 / 60.0);
/// }
/// for (k, b) in bodies.iter().enumerate() {
///     assert!((b.position.y - (16.0 + 32.0 * k as f32)).abs() < 0.5, "{k}: {b:?}");
/// }
/// assert!(scratch.reports()[2].grounded);          // standing on the crate below
/// # Ok::<(), TerrainError>(())
/// ```
pub fn step_bodies(
    set: &TerrainSet,
    bodies: &mut [Body],
    scratch: &mut WorldScratch,
    gravity: Vec2,
    dt: f32,
) {
    step_bodies_on(set, bodies, scratch, gravity, dt, &Parallel::default());
}

/// [`step_bodies`] with its bodies split into islands that cannot meet
/// within the step, stepped on `parallel`'s workers (see `Islands::step`
/// for how they are found and why the result is the same bits as on one
/// thread). Steps with fewer than `parallel.min_bodies` bodies awake,
/// with most bodies in one island, or where a knock threw a body out of
/// its island into another, run in one piece on the calling thread.
///
/// ```
/// use std::sync::Arc;
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{Parallel, Serial, WorldScratch, step_bodies, step_bodies_on};
/// let floor = TerrainPiece::solid(Segment::new(Vec2::new(-2000.0, 0.0), Vec2::new(2000.0, 0.0)));
/// let set = TerrainSet::new(vec![floor])?;
/// let balls: Vec<Body> = (0..40)
///     .map(|i| Body::new(ActorShape::Circle { radius: 5.0 }, Vec2::new(-1900.0 + 95.0 * i as f32, 50.0), Vec2::new(100.0, 0.0), 0.5))
///     .collect();
/// let (mut one, mut split) = (balls.clone(), balls);
/// let (mut a, mut b) = (WorldScratch::default(), WorldScratch::default());
/// let parallel = Parallel { min_bodies: 0, ..Parallel::on(Arc::new(Serial)) };
/// for _ in 0..60 {
///     step_bodies(&set, &mut one, &mut a, Vec2::new(0.0, -900.0), 1.0 / 60.0);
///     step_bodies_on(&set, &mut split, &mut b, Vec2::new(0.0, -900.0), 1.0 / 60.0, &parallel);
/// }
/// assert_eq!(one, split);
/// # Ok::<(), TerrainError>(())
/// ```
pub fn step_bodies_on(
    set: &TerrainSet,
    bodies: &mut [Body],
    scratch: &mut WorldScratch,
    gravity: Vec2,
    dt: f32,
    parallel: &Parallel,
) {
    let n = bodies.len();
    // The reports change: the riders found from them go.
    scratch.riding.kept.drop_them();
    let turns = &mut scratch.turns;
    if turns.rest.len() != n || scratch.gravity != gravity {
        turns.rest.clear();
        scratch.gravity = gravity;
    }
    turns.rest.resize(n, Rest::default());
    turns.braces.resize(n, Braces::default());
    turns.reports.resize_with(n, StepReport::default);
    let workers = &*parallel.workers;
    // Sleepers nothing has touched take no turn: only the others count.
    let awake = || {
        (0..n)
            .filter(|&i| !turns.rest[i].undisturbed(&bodies[i]))
            .count()
    };
    let wanted = workers.threads() > 1 || parallel.min_bodies == 0;
    let up = up_against(gravity);
    // Where movers moved, the batches also find their bodies' riders.
    let r = &mut scratch.riding;
    let movers = (!r.motions.is_empty()).then_some((&r.motions[..], up, &mut r.riders));
    let split = wanted
        && n >= 2
        && awake() >= parallel.min_bodies
        && scratch
            .islands
            .step(set, bodies, turns, (gravity, dt), workers, movers);
    if !split {
        scratch.islands.last = 0;
        turns.run(set, bodies, gravity, dt, None);
    }
    let reports = &mut scratch.turns.reports;
    scratch
        .riding
        .after_bodies(set, bodies, reports, (up, split));
    scratch.riding.motions.clear();
}
