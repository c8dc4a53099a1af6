//! Many bodies in one step: each moves through the terrain and among the
//! others, which it stands on, pushes, stacks on and knocks.
//!
//! (The method in full is on `step_bodies`.)

use glam::Vec2;

use super::grid::{Grid, reach};
use super::riding::{Crush, Riding};
use super::sleep::{Rest, SLEEP_SPEED, moved};
use crate::dynamics::body::margins::{CONTACT_MARGIN, SKIN};
use crate::dynamics::body::neighbours::{Braces, Neighbour};
use crate::dynamics::body::step::{StepScratch, step_body_among};
use crate::dynamics::body::types::{Body, StepReport, up_against};
use crate::geometry::Rect;
use crate::terrain::{SpanCache, TerrainSet};

/// Where a body is in this step's turns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    Waiting,
    Moving,
    Done,
}

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
    step: StepScratch,
    braces: Vec<Braces>,
    pub(in crate::dynamics) reports: Vec<StepReport>,
    /// Bodies to move, as `(height, index)` keys (see [`step_bodies`]).
    order: Vec<u64>,
    turn: Vec<Turn>,
    stack: Vec<(usize, f32)>,
    grid: Grid,
    neighbours: Vec<Neighbour>,
    found: Vec<usize>,
    pub(in crate::dynamics) rest: Vec<Rest>,
    /// Where each body started this step.
    start: Vec<Vec2>,
    /// The gravity of the last step (a change wakes every body).
    gravity: Vec2,
    /// What the movers did this step (see `movers`, `riding`).
    pub(in crate::dynamics) riding: Riding,
    pub(in crate::dynamics) mover_cache: SpanCache,
}

impl WorldScratch {
    /// What the last [`step_bodies`] did to each body, by index.
    pub fn reports(&self) -> &[StepReport] {
        &self.reports
    }

    /// Whether body `i` slept through the last [`step_bodies`] (see
    /// `SLEEP_AFTER`).
    pub fn is_asleep(&self, i: usize) -> bool {
        self.rest.get(i).is_some_and(Rest::asleep)
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
        self.rest.iter_mut().for_each(Rest::shake);
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
/// each body's own motion can reach in the step, entries sorted by cell; a
/// body knocked out of its cells during the step is also kept in a short
/// list searched in full. Each body looks for the others near the box its
/// motion can reach.
///
/// Moves every body one step of `dt` seconds through `set` and among each
/// other under `gravity` (times each body's `gravity_scale`). See the module
/// docs for the method. Bodies whose [`Layers`](crate::dynamics::Layers) do not meet
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
    let n = bodies.len();
    if scratch.rest.len() != n || scratch.gravity != gravity {
        scratch.rest.clear();
        scratch.gravity = gravity;
    }
    scratch.rest.resize(n, Rest::default());
    scratch.start.clear();
    scratch.start.extend(bodies.iter().map(|b| b.position));
    scratch.braces.resize(n, Braces::default());
    scratch.reports.resize_with(n, StepReport::default);
    scratch.turn.clear();
    scratch.turn.resize(n, Turn::Waiting);
    scratch.grid.build(bodies, gravity, dt);
    let up = up_against(gravity);
    // Lowest first, index order among equals: one sort of keys that order
    // as `(height, index)` do (the height's bits made to sort as unsigned).
    let sortable = |h: f32| {
        let b = h.to_bits();
        if b >> 31 == 1 { !b } else { b | 0x8000_0000 }
    };
    scratch.order.clear();
    scratch
        .order
        .extend((0..n).map(|i| ((sortable(bodies[i].position.dot(up)) as u64) << 32) | i as u64));
    scratch.order.sort_unstable();
    for k in 0..scratch.order.len() {
        let first = (scratch.order[k] & 0xFFFF_FFFF) as usize;
        if scratch.turn[first] != Turn::Waiting {
            continue;
        }
        scratch.stack.push((first, dt));
        while let Some((i, time)) = scratch.stack.pop() {
            take_turn(set, bodies, scratch, (i, time), gravity, dt);
        }
    }
    scratch
        .riding
        .after_bodies(set, bodies, &mut scratch.reports, up);
    scratch.riding.motions.clear();
}

/// Moves body `i` for `time` seconds (all of its step, or what is left of
/// it after waiting for another).
fn take_turn(
    set: &TerrainSet,
    bodies: &mut [Body],
    s: &mut WorldScratch,
    (i, time): (usize, f32),
    gravity: Vec2,
    dt: f32,
) {
    let first = s.turn[i] == Turn::Waiting;
    if first && s.rest[i].undisturbed(&bodies[i]) {
        // Asleep, and nothing has moved it: it keeps its braces and its
        // `grounded`, and meets nothing. (While it waits for its turn it
        // is `waiting` to the others, as any body: one that hits it gives
        // it speed, which wakes it, before going on.)
        s.turn[i] = Turn::Done;
        let report = &mut s.reports[i];
        let grounded = report.grounded;
        report.clear();
        report.grounded = grounded;
        return;
    }
    // Where it was before this turn (a sleeper moved by game code wakes
    // what it touched where it slept).
    let mut from = s.start[i];
    if s.rest[i].asleep() {
        from = s.rest[i].slept_at();
        if bodies[i].position == from {
            s.rest[i].wake(); // set going by game code or by a knock
        } else {
            s.rest[i].shake(); // moved by game code
        }
    }
    s.turn[i] = Turn::Moving;
    let mut body = bodies[i];
    let region = reach(&body, gravity, time);
    gather_neighbours(s, bodies, i, region);
    let mut braces = if first {
        Braces::default()
    } else {
        s.braces[i]
    };
    let report = step_body_among(
        set,
        &mut body,
        &mut s.neighbours,
        &mut braces,
        region,
        &mut s.step,
        gravity,
        time,
    );
    for c in &report.contacts {
        if c.piece().is_some() && !c.bounced {
            braces.push(c.normal);
        }
    }
    bodies[i] = body;
    let sleepers = (&mut s.rest[..], &mut s.grid, &mut s.found);
    wake_touched(bodies, &s.neighbours, sleepers, i, (from, s.start[i]), dt);
    s.braces[i] = braces;
    let merged = &mut s.reports[i];
    merge_report(merged, report, first);
    merged.waits_for = None;
    s.grid.moved(i, &body);
    match report.waits_for {
        Some(k) => {
            let left = report.leftover;
            s.stack.push((i, left));
            s.stack.push((k, dt));
        }
        None => {
            s.turn[i] = Turn::Done;
            s.rest[i].after_step(s.start[i], &mut bodies[i], dt);
        }
    }
}

/// The bodies near body `i` (in `region`, on layers it meets) into
/// `s.neighbours`, as they are now, with their braces and whether they
/// still wait for their turn.
fn gather_neighbours(s: &mut WorldScratch, bodies: &[Body], i: usize, region: Rect) {
    s.grid.query(region, &mut s.found);
    s.neighbours.clear();
    for &j in &s.found {
        if j != i && bodies[i].layers.meets(&bodies[j].layers) {
            s.neighbours.push(Neighbour {
                index: j,
                body: bodies[j],
                braces: s.braces[j],
                waiting: s.turn[j] == Turn::Waiting,
            });
        }
    }
}

/// After body `i`'s turn: its `neighbours`' velocities back into
/// `bodies`, and the sleepers woken. A body that moves (`from` where it
/// was before the turn, `start` where the step began) wakes the sleepers
/// it touches where it started and where it ended; a contact that gave a
/// sleeper more than the sleep speed wakes it too (a slower push, the
/// weight of a body resting on it, is taken up). Moved by game code from
/// where it slept, beyond its neighbours, the sleepers it left wake too.
fn wake_touched(
    bodies: &mut [Body],
    neighbours: &[Neighbour],
    (rest, grid, found): (&mut [Rest], &mut Grid, &mut Vec<usize>),
    i: usize,
    (from, start): (Vec2, Vec2),
    dt: f32,
) {
    let body = bodies[i];
    let touch = SKIN + CONTACT_MARGIN;
    let shaken = moved(from, body.position, dt).then(|| {
        let (was, is) = (body.shape.aabb(from), body.shape.aabb(body.position));
        (was.inflate(touch), is.inflate(touch))
    });
    for other in neighbours {
        let j = other.index;
        bodies[j].velocity = other.body.velocity;
        if rest[j].asleep() {
            let touched = shaken.is_some_and(|(was, is)| {
                let b = bodies[j].shape.aabb(bodies[j].position);
                !b.intersect(was).is_empty() || !b.intersect(is).is_empty()
            });
            if touched {
                rest[j].shake();
            } else if bodies[j].velocity.length() > SLEEP_SPEED {
                rest[j].wake();
            } else {
                bodies[j].velocity = Vec2::ZERO;
            }
        }
    }
    if let Some((was, _)) = shaken
        && from != start
    {
        grid.query(was, found);
        for &j in found.iter() {
            if j != i && rest[j].asleep() {
                rest[j].shake();
            }
        }
    }
}

/// A turn's `report` into the body's step report: the first turn's as it
/// is, a later turn's added (contacts appended, grounded if either was,
/// depenetration summed, the latest error kept).
fn merge_report(merged: &mut StepReport, report: &StepReport, first: bool) {
    if first {
        // Field by field: a derived `clone_from` would allocate the list anew.
        merged.contacts.clone_from(&report.contacts);
        merged.grounded = report.grounded;
        merged.leftover = report.leftover;
        merged.depenetration = report.depenetration;
        merged.error.clone_from(&report.error);
    } else {
        merged.contacts.extend_from_slice(&report.contacts);
        merged.grounded |= report.grounded;
        merged.leftover = report.leftover;
        merged.depenetration += report.depenetration;
        if report.error.is_some() {
            merged.error.clone_from(&report.error);
        }
    }
}
