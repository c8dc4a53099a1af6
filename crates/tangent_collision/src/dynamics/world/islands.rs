//! Islands: a step's bodies split into batches that cannot meet within
//! the step, each batch's turns run on a worker, and the results put back
//! by body index, so the step gives the same bits on any number of
//! threads as on one (the method is on [`Islands::step`]).

use std::sync::Mutex;

use glam::Vec2;

use super::cells::{CellTable, cell_count};
use super::grid::{cell_range, reach};
use super::turns::Turns;
use super::workers::Workers;
use crate::dynamics::body::types::{Body, StepReport, Touched};
use crate::geometry::Rect;
use crate::terrain::TerrainSet;

/// A body's box grows by this share of its own reach's size (and at least
/// [`SLACK_MIN`] px) before islands are found, so a knock that speeds it up
/// a little keeps it inside.
const SLACK_SHARE: f32 = 0.25;
/// The least slack, px.
const SLACK_MIN: f32 = 2.0;
/// An island of more than this share of the bodies keeps the step in one
/// piece (3/4: on two threads, the most a split could save is a quarter).
const MOST: (usize, usize) = (3, 4);
/// Batches a thread: the threads claim batches as they finish one, so the
/// last batch taken is what one thread may be left running alone. With
/// four a thread, a step of the movers bench on two threads ended with one
/// thread alone for a median 0.16–0.19 ms of the islands' 1.8–2.1 ms; with
/// eight, 0.07–0.08 ms, for 1.6 % more instructions (one grid a batch).
const BATCHES_PER_THREAD: usize = 8;
/// The most steps a failed try to split makes the next ones skip trying.
const MAX_BACKOFF: u32 = 32;
/// More regions than this outside the bodies' boxes in one step keep the
/// step in one piece.
const MAX_OUTSIDE: usize = 4096;
/// A body whose box covers more cells than this (a very fast one) keeps
/// the step in one piece.
const MAX_CELLS: i64 = 256;

/// One batch: islands stepped together on one worker.
#[derive(Default)]
struct Batch {
    /// The bodies' indices, ascending.
    members: Vec<usize>,
    bodies: Vec<Body>,
    bounds: Vec<Rect>,
    turns: Turns,
}

/// The lists the split keeps between steps.
#[derive(Default)]
pub(in crate::dynamics) struct Islands {
    boxes: Vec<Rect>,
    parent: Vec<u32>,
    /// The grid's cell size, each body's cells, and the bodies by cell.
    cell: f32,
    ranges: Vec<Option<[i32; 4]>>,
    table: CellTable,
    /// `(size, root)` of each island, largest first.
    sizes: Vec<(u32, u32)>,
    /// Each island's batch, by its root; each body's batch.
    batch_of: Vec<u32>,
    body_batch: Vec<u32>,
    batches: Vec<Mutex<Batch>>,
    /// How many batches the last step ran in (0: in one piece).
    pub(in crate::dynamics) last: usize,
    /// Steps still to take in one piece without trying to split, and how
    /// many the last failed try set (doubling while tries fail).
    skip: u32,
    backoff: u32,
}

/// The root of `i`'s set, halving the path on the way.
fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let up = parent[parent[i as usize] as usize];
        parent[i as usize] = up;
        i = up;
    }
    i
}

impl Islands {
    /// One step of `bodies` split into islands on `workers`; `turns` holds
    /// every body's braces, rest and report (as [`Turns::run`] of all of
    /// them would use and leave them). Gives `false`, having changed
    /// nothing, where the step is to be taken in one piece: one island of
    /// most bodies, or a body that left its box into another batch's.
    ///
    /// The method. Each body's box is everywhere its own motion can reach
    /// in the step (the broad phase's box, `reach`), grown by a slack. Two
    /// bodies whose boxes fall in one cell of a grid (cells about a box
    /// wide) are in one island, and so, through chains, is every body a
    /// body could meet: a body's turn finds the others whose box meets the
    /// region it searches, and wakes sleepers only near where it was and
    /// is. The islands are packed into about eight batches a thread,
    /// largest first; each batch runs the turns of its bodies in the same
    /// order as one run of all would (lowest first, then by index) on a
    /// copy of them, checking that no turn searches or ends outside its
    /// body's box. If none did, no body met one of another batch, so each
    /// body's step is the one a run of all bodies would have made, bit for
    /// bit: the results go back by index (the bodies a contact names too). If one did (a knock threw a body
    /// beyond its slack), the copies are dropped and the caller runs all
    /// bodies in one piece. Either way the result is the one-piece run's,
    /// whatever the number of threads or which ran which batch.
    pub(in crate::dynamics) fn step(
        &mut self,
        set: &TerrainSet,
        bodies: &mut [Body],
        turns: &mut Turns,
        (gravity, dt): (Vec2, f32),
        workers: &dyn Workers,
    ) -> bool {
        if self.skip > 0 {
            self.skip -= 1;
            return false;
        }
        // Where a try fails, the next few steps are likely to fail too (one
        // pile, a fast body among many): they skip trying, twice as many
        // after each failure up to `MAX_BACKOFF`. Whether a step splits
        // never changes its result, only its time.
        self.backoff = (2 * self.backoff).clamp(1, MAX_BACKOFF);
        self.skip = self.backoff;
        let wanted = BATCHES_PER_THREAD * workers.threads().max(1);
        let count = self.split(bodies, gravity, dt, wanted);
        if count < 2 {
            return false;
        }
        let (boxes, batches) = (&self.boxes, &self.batches[..count]);
        let shared: &[Body] = bodies;
        let (rest, braces, reports) = (&turns.rest, &turns.braces, &turns.reports);
        workers.for_each(count, &|k| {
            let mut guard = batches[k].lock().unwrap_or_else(|e| e.into_inner());
            let b = &mut *guard;
            let m = &b.members;
            b.bodies.clear();
            b.bodies.extend(m.iter().map(|&i| shared[i]));
            b.bounds.clear();
            b.bounds.extend(m.iter().map(|&i| boxes[i]));
            b.turns.rest.clear();
            b.turns.rest.extend(m.iter().map(|&i| rest[i]));
            b.turns.braces.clear();
            b.turns.braces.extend(m.iter().map(|&i| braces[i]));
            b.turns.reports.resize_with(m.len(), StepReport::default);
            for (r, &i) in b.turns.reports.iter_mut().zip(m) {
                r.grounded = reports[i].grounded;
            }
            b.turns
                .run(set, &mut b.bodies, gravity, dt, Some(&b.bounds));
        });
        let mut all: Vec<_> = batches
            .iter()
            .map(|b| b.lock().unwrap_or_else(|e| e.into_inner()))
            .collect();
        let outside: Vec<&[Rect]> = all.iter().map(|b| &b.turns.outside[..]).collect();
        if self.crossed(&outside) {
            return false;
        }
        for b in all.iter_mut() {
            let b = &mut **b;
            for (l, &i) in b.members.iter().enumerate() {
                bodies[i] = b.bodies[l];
                turns.rest[i] = b.turns.rest[l];
                turns.braces[i] = b.turns.braces[l];
                let report = &mut b.turns.reports[l];
                // The bodies met, by their index among all (a batch names
                // its own bodies by their place in it).
                for c in &mut report.contacts {
                    if let Touched::Body(j) = c.with {
                        c.with = Touched::Body(b.members[j]);
                    }
                }
                std::mem::swap(&mut turns.reports[i], report);
            }
        }
        self.last = count;
        (self.skip, self.backoff) = (0, 0);
        true
    }

    /// Whether a batch may have met another: a region one searched, or a
    /// box one ended a turn in, outside its bodies' boxes (`outside`, by
    /// batch) meets another batch's body's box, or another batch's region
    /// outside. (Inside its own boxes a batch meets only its own bodies:
    /// the islands' boxes do not meet.)
    fn crossed(&self, outside: &[&[Rect]]) -> bool {
        let all = outside.iter().map(|o| o.len()).sum::<usize>();
        if all > MAX_OUTSIDE {
            return true;
        }
        for (k, boxes) in outside.iter().enumerate() {
            for r in boxes.iter() {
                let cells = cell_range(self.cell, *r);
                if cell_count(cells) > MAX_CELLS {
                    return true;
                }
                let foreign =
                    |j: usize| self.body_batch[j] as usize != k && self.boxes[j].touches(r);
                if self.table.in_cells(cells).any(foreign) {
                    return true;
                }
                let theirs = outside.iter().enumerate().filter(|&(m, _)| m > k);
                if theirs.flat_map(|(_, o)| o.iter()).any(|o| o.touches(r)) {
                    return true;
                }
            }
        }
        false
    }

    /// Finds the islands and packs them into at most `wanted` batches
    /// (their members in `self.batches`); gives how many.
    fn split(&mut self, bodies: &[Body], gravity: Vec2, dt: f32, wanted: usize) -> usize {
        let n = bodies.len();
        self.boxes.clear();
        self.boxes.extend(bodies.iter().map(|b| {
            let r = reach(b, gravity, dt);
            r.inflate((SLACK_SHARE * r.size().max_element()).max(SLACK_MIN))
        }));
        let widest = self.boxes.iter().map(|r| r.size().max_element());
        let mean = widest.sum::<f32>() / n.max(1) as f32;
        let cell = mean.clamp(8.0, 4096.0);
        self.cell = cell;
        self.ranges.clear();
        for r in &self.boxes {
            let cells = cell_range(cell, *r);
            if cell_count(cells) > MAX_CELLS {
                return 0;
            }
            self.ranges.push(Some(cells));
        }
        self.table.fill(&self.ranges);
        self.parent.clear();
        self.parent.extend(0..n as u32);
        for bodies in self.table.by_cell() {
            for w in bodies.windows(2) {
                let (a, b) = (
                    find(&mut self.parent, w[0].1),
                    find(&mut self.parent, w[1].1),
                );
                // The smaller index is the root: the same islands, the same
                // roots, in whatever order bodies are joined.
                let (lo, hi) = (a.min(b), a.max(b));
                self.parent[hi as usize] = lo;
            }
        }
        self.pack(wanted)
    }

    /// Packs the islands, largest first, each into the lightest batch.
    fn pack(&mut self, wanted: usize) -> usize {
        let n = self.parent.len();
        self.batch_of.clear();
        self.batch_of.resize(n, 0);
        for i in 0..n as u32 {
            let root = find(&mut self.parent, i);
            self.batch_of[root as usize] += 1; // the island's size, for now
        }
        self.sizes.clear();
        self.sizes.extend(
            (0..n as u32)
                .filter(|&i| self.parent[i as usize] == i)
                .map(|i| (self.batch_of[i as usize], i)),
        );
        self.sizes
            .sort_unstable_by_key(|&(size, root)| (std::cmp::Reverse(size), root));
        let count = wanted.min(self.sizes.len());
        // One island of most bodies: splitting the rest saves less than it
        // costs.
        let largest = self.sizes.first().map_or(0, |s| s.0 as usize);
        if count < 2 || largest * MOST.1 > n * MOST.0 {
            return 0;
        }
        while self.batches.len() < count {
            self.batches.push(Mutex::default());
        }
        let mut load = vec![0u32; count];
        for &(size, root) in &self.sizes {
            let lightest = (0..count).min_by_key(|&k| (load[k], k)).unwrap_or(0);
            load[lightest] += size;
            self.batch_of[root as usize] = lightest as u32;
        }
        self.body_batch.clear();
        for b in &mut self.batches[..count] {
            b.get_mut()
                .unwrap_or_else(|e| e.into_inner())
                .members
                .clear();
        }
        for i in 0..n {
            let root = find(&mut self.parent, i as u32) as usize;
            let k = self.batch_of[root] as usize;
            let b = self.batches[k].get_mut().unwrap_or_else(|e| e.into_inner());
            b.members.push(i);
            self.body_batch.push(k as u32);
        }
        count
    }
}
