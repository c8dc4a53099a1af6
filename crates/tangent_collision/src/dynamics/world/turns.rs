//! Many bodies in one step: each moves through the terrain and among the
//! others, which it stands on, pushes, stacks on and knocks. [`Turns`]
//! runs the turns of one set of bodies (all of them, or one island's
//! batch); the method in full is on
//! [`step_bodies`](crate::dynamics::step_bodies).

use glam::Vec2;

use super::grid::{Grid, reach};
use super::sleep::{Rest, SLEEP_SPEED, moved};
use crate::dynamics::body::margins::{CONTACT_MARGIN, SKIN};
use crate::dynamics::body::neighbours::{Braces, Neighbour};
use crate::dynamics::body::step::{StepScratch, step_body_among};
use crate::dynamics::body::types::{Body, StepReport, up_against};
use crate::geometry::Rect;
use crate::terrain::TerrainSet;

/// Where a body is in this step's turns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    Waiting,
    Moving,
    Done,
}

/// The lists one set of bodies' turns fill, kept between calls (allocated
/// once), by body index: what each step reports, each body's braces and
/// rest from its last step, and the scratch of the turns themselves.
#[derive(Default)]
pub(in crate::dynamics) struct Turns {
    step: StepScratch,
    pub(in crate::dynamics) braces: Vec<Braces>,
    pub(in crate::dynamics) reports: Vec<StepReport>,
    pub(in crate::dynamics) rest: Vec<Rest>,
    /// Bodies to move, as `(height, index)` keys (see [`Turns::run`]).
    order: Vec<u64>,
    turn: Vec<Turn>,
    stack: Vec<(usize, f32)>,
    grid: Grid,
    neighbours: Vec<Neighbour>,
    found: Vec<usize>,
    /// Where each body started this step.
    start: Vec<Vec2>,
    /// With bounds: every region searched and box ended in that was not
    /// inside its body's bound (see [`Turns::run`]).
    pub(in crate::dynamics) outside: Vec<Rect>,
}

/// How near a body that moves must come to a sleeper to wake it.
const TOUCH: f32 = SKIN + CONTACT_MARGIN;

/// Whether `outer` holds all of `inner`.
fn covers(outer: Rect, inner: Rect) -> bool {
    outer.min.cmple(inner.min).all() && outer.max.cmpge(inner.max).all()
}

impl Turns {
    /// Every body's turn, lowest first along gravity (index order among
    /// equals): see [`step_bodies`](crate::dynamics::step_bodies). The
    /// braces, rests and reports are the bodies' own (one each, by index).
    ///
    /// With `bounds` (an island batch's, a box for each body), every region
    /// a body's turns search and every box it ends a turn in that is not
    /// inside its box is noted in `outside`: where the batch may have met a
    /// body of another (see `Islands::step`).
    pub(in crate::dynamics) fn run(
        &mut self,
        set: &TerrainSet,
        bodies: &mut [Body],
        gravity: Vec2,
        dt: f32,
        bounds: Option<&[Rect]>,
    ) {
        let n = bodies.len();
        self.outside.clear();
        self.rest.resize(n, Rest::default());
        self.start.clear();
        self.start.extend(bodies.iter().map(|b| b.position));
        self.braces.resize(n, Braces::default());
        self.reports.resize_with(n, StepReport::default);
        self.turn.clear();
        self.turn.resize(n, Turn::Waiting);
        self.grid.build(bodies, gravity, dt);
        let up = up_against(gravity);
        // Lowest first, index order among equals: one sort of keys that order
        // as `(height, index)` do (the height's bits made to sort as unsigned).
        let sortable = |h: f32| {
            let b = h.to_bits();
            if b >> 31 == 1 { !b } else { b | 0x8000_0000 }
        };
        self.order.clear();
        self.order.extend(
            (0..n).map(|i| ((sortable(bodies[i].position.dot(up)) as u64) << 32) | i as u64),
        );
        self.order.sort_unstable();
        self.stack.clear();
        for k in 0..self.order.len() {
            let first = (self.order[k] & 0xFFFF_FFFF) as usize;
            if self.turn[first] != Turn::Waiting {
                continue;
            }
            self.stack.push((first, dt));
            while let Some((i, time)) = self.stack.pop() {
                take_turn(set, bodies, self, (i, time), (gravity, dt), bounds);
            }
        }
    }
}

/// Moves body `i` for `time` seconds (all of its step, or what is left of
/// it after waiting for another).
/// Notes in `outside` what of it left its bound (see [`Turns::run`]).
fn take_turn(
    set: &TerrainSet,
    bodies: &mut [Body],
    s: &mut Turns,
    (i, time): (usize, f32),
    (gravity, dt): (Vec2, f32),
    bounds: Option<&[Rect]>,
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
    let note = |outside: &mut Vec<Rect>, r: Rect| {
        if bounds.is_some_and(|b| !covers(b[i], r)) {
            outside.push(r);
        }
    };
    note(&mut s.outside, region);
    if from != s.start[i] {
        note(&mut s.outside, body.shape.aabb(from).inflate(TOUCH));
    }
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
    note(&mut s.outside, body.shape.aabb(body.position));
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
fn gather_neighbours(s: &mut Turns, bodies: &[Body], i: usize, region: Rect) {
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
    let shaken = moved(from, body.position, dt).then(|| {
        let (was, is) = (body.shape.aabb(from), body.shape.aabb(body.position));
        (was.inflate(TOUCH), is.inflate(TOUCH))
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
