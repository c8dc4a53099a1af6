//! Islands: a step's bodies split into batches that cannot meet within
//! the step, each batch's turns run on a worker, and the results put back
//! by body index, so the step gives the same bits on any number of
//! threads as on one (the method is on [`Islands::step`]).

use std::sync::{Mutex, MutexGuard};

use glam::Vec2;

use super::cells::{CellTable, cell_count};
use super::grid::{cell_range, reach};
use super::riding::{MoverMotion, Ride, find_riders, mover_velocities};
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
    /// Its bodies' riders after the step, and `find_riders`' lists.
    riders: Vec<Option<Ride>>,
    stacked: Vec<(u32, u32, u32)>,
    under: Vec<u32>,
}

/// What the islands also do for the movers, where movers moved: the
/// motions, `up`, and where the riders go (see [`Islands::step`]).
pub(in crate::dynamics) type AfterMovers<'a> = (&'a [MoverMotion], Vec2, &'a mut Vec<Option<Ride>>);

/// The lists the split keeps between steps.
#[derive(Default)]
pub(in crate::dynamics) struct Islands {
    boxes: Vec<Rect>,
    parent: Vec<u32>,
    /// The grid's cell size, each body's cells, and the bodies by cell.
    cell: f32,
    ranges: Vec<Option<[i32; 4]>>,
    table: CellTable,
    /// `(size, root)` of each island, by its left edge; each island's
    /// left edge, by its root.
    sizes: Vec<(u32, u32)>,
    left: Vec<f32>,
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
    /// is. The islands are packed by place into about eight batches a
    /// thread (see [`Islands::pack`]); each batch runs the turns of its
    /// bodies in the same order as one run of all would (lowest first,
    /// then by index) on a copy of them, checking that no turn searches or
    /// ends outside its body's box. If none did, no body met one of
    /// another batch, so each body's step is the one a run of all bodies
    /// would have made, bit for bit: the results go back by index (the
    /// bodies a contact names too). If one did (a knock threw a body
    /// beyond its slack), the copies are dropped and the caller runs all
    /// bodies in one piece. Either way the result is the one-piece run's,
    /// whatever the number of threads or which ran which batch.
    ///
    /// Where movers moved (`movers`), each batch also gives its bodies'
    /// contacts with a mover that mover's velocity and finds its bodies'
    /// riders (`find_riders`: a stack stands within one island), and the
    /// riders go back by index, as the step's end would have found them
    /// over all bodies.
    pub(in crate::dynamics) fn step(
        &mut self,
        set: &TerrainSet,
        bodies: &mut [Body],
        turns: &mut Turns,
        (gravity, dt): (Vec2, f32),
        workers: &dyn Workers,
        movers: Option<AfterMovers>,
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
        let after = movers.as_ref().map(|&(motions, up, _)| (motions, up));
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
            if let Some((motions, up)) = after {
                // A stack stands within one island: its riders are found
                // with the batch's own indices, before they are renamed.
                mover_velocities(set, motions, &mut b.turns.reports);
                let (reports, stack) = (&b.turns.reports, (&mut b.stacked, &mut b.under));
                find_riders(set, &b.bodies, reports, up, &mut b.riders, stack);
            }
        });
        let mut all: Vec<_> = batches
            .iter()
            .map(|b| b.lock().unwrap_or_else(|e| e.into_inner()))
            .collect();
        let outside: Vec<&[Rect]> = all.iter().map(|b| &b.turns.outside[..]).collect();
        if self.crossed(&outside) {
            return false;
        }
        put_back(&mut all, bodies, turns, movers.map(|(_, _, riders)| riders));
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
                let mut met = false;
                self.table.for_each_in_cells(cells, |j| met |= foreign(j));
                if met {
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

    /// Packs the islands into batches by place: the islands in order of
    /// their left edges cut into `wanted` runs of about as many bodies
    /// (an island larger than a run makes one alone), so each batch's
    /// grid spans only its stretch of the level; then the batches are
    /// numbered heaviest first, the order the threads claim them in.
    fn pack(&mut self, wanted: usize) -> usize {
        let n = self.parent.len();
        self.batch_of.clear();
        self.batch_of.resize(n, 0);
        self.left.clear();
        self.left.resize(n, f32::INFINITY);
        for i in 0..n {
            let root = find(&mut self.parent, i as u32) as usize;
            self.batch_of[root] += 1; // the island's size, for now
            self.left[root] = self.left[root].min(self.boxes[i].min.x);
        }
        self.sizes.clear();
        self.sizes.extend(
            (0..n as u32)
                .filter(|&i| self.parent[i as usize] == i)
                .map(|i| (self.batch_of[i as usize], i)),
        );
        let count = wanted.min(self.sizes.len());
        // One island of most bodies: splitting the rest saves less than it
        // costs.
        let largest = self.sizes.iter().map(|s| s.0 as usize).max().unwrap_or(0);
        if count < 2 || largest * MOST.1 > n * MOST.0 {
            return 0;
        }
        let left = &self.left;
        self.sizes.sort_unstable_by(|a, b| {
            left[a.1 as usize]
                .total_cmp(&left[b.1 as usize])
                .then(a.1.cmp(&b.1))
        });
        while self.batches.len() < count {
            self.batches.push(Mutex::default());
        }
        // Each island goes to the run its middle body falls in.
        let mut load = vec![0usize; count];
        let mut before = 0;
        for &(size, root) in &self.sizes {
            let middle = before + size as usize / 2;
            let k = (middle * count / n).min(count - 1);
            load[k] += size as usize;
            before += size as usize;
            self.batch_of[root as usize] = k as u32;
        }
        let mut order: Vec<usize> = (0..count).collect();
        order.sort_unstable_by_key(|&k| (std::cmp::Reverse(load[k]), k));
        let mut number = vec![0u32; count];
        for (rank, &k) in order.iter().enumerate() {
            number[k] = rank as u32;
        }
        for &(_, root) in &self.sizes {
            let k = &mut self.batch_of[root as usize];
            *k = number[*k as usize];
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

/// Each batch's results back by index among all bodies: the bodies, their
/// rest, braces and reports (the bodies a contact names renamed from the
/// batch's indices), and their riders where the batches found them.
fn put_back(
    all: &mut [MutexGuard<'_, Batch>],
    bodies: &mut [Body],
    turns: &mut Turns,
    mut riders: Option<&mut Vec<Option<Ride>>>,
) {
    if let Some(riders) = riders.as_mut() {
        riders.clear();
        riders.resize(bodies.len(), None);
    }
    for b in all.iter_mut() {
        let b = &mut **b;
        for (l, &i) in b.members.iter().enumerate() {
            bodies[i] = b.bodies[l];
            if let Some(riders) = riders.as_mut() {
                riders[i] = b.riders[l];
            }
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::ActorShape;
    use crate::poly::testing::unit_rng;

    /// The batches hold every body once and each island whole, are
    /// numbered heaviest first, hold runs of islands in order of their
    /// left edges, and none holds more than a run's worth of bodies and
    /// the largest island: 300 layouts of 20–600 balls in clumps over up
    /// to 20 000 px, packed into 2–64 batches.
    #[test]
    fn islands_are_packed_whole_by_place_heaviest_first() {
        let mut f = unit_rng(0x1F83_D9AB_FB41_BD6B);
        let (mut packed, mut batches) = (0, 0);
        for layout in 0..300 {
            let n = 20 + (f() * 580.0) as usize;
            let clumps = 1 + (f() * 40.0) as usize;
            let width = 500.0 + 19_500.0 * f() as f32;
            let centres: Vec<Vec2> = (0..clumps)
                .map(|_| Vec2::new(width * f() as f32, 300.0 * f() as f32))
                .collect();
            let bodies: Vec<Body> = (0..n)
                .map(|i| {
                    let at = centres[i % clumps] + 80.0 * Vec2::new(f() as f32, f() as f32);
                    let ball = ActorShape::Circle {
                        radius: 3.0 + 5.0 * f() as f32,
                    };
                    Body::new(ball, at, Vec2::ZERO, 0.0)
                })
                .collect();
            let wanted = 2 + (f() * 63.0) as usize;
            let mut islands = Islands::default();
            let count = islands.split(&bodies, Vec2::new(0.0, -900.0), 1.0 / 60.0, wanted);
            if count == 0 {
                continue;
            }
            packed += 1;
            batches += count;
            let members: Vec<Vec<usize>> = (0..count)
                .map(|k| islands.batches[k].get_mut().unwrap().members.clone())
                .collect();
            let roots: Vec<usize> = (0..n as u32)
                .map(|i| find(&mut islands.parent, i) as usize)
                .collect();
            let mut seen = vec![0; n];
            for (k, m) in members.iter().enumerate() {
                for &i in m {
                    seen[i] += 1;
                    let batch = islands.batch_of[roots[i]] as usize;
                    assert_eq!(batch, k, "{layout}: island split");
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "{layout}: not a partition");
            let loads: Vec<usize> = members.iter().map(Vec::len).collect();
            assert!(
                loads.windows(2).all(|w| w[0] >= w[1]),
                "{layout}: {loads:?}"
            );
            let left = |i: usize| islands.left[roots[i]];
            let spans: Vec<(f32, f32)> = members
                .iter()
                .filter(|m| !m.is_empty())
                .map(|m| {
                    m.iter().fold((f32::MAX, f32::MIN), |(lo, hi), &i| {
                        (lo.min(left(i)), hi.max(left(i)))
                    })
                })
                .collect();
            for (k, a) in spans.iter().enumerate() {
                for b in &spans[k + 1..] {
                    let apart = a.1 < b.0 || b.1 < a.0;
                    let same_edge = a.0 == b.1 || a.1 == b.0;
                    assert!(
                        apart || same_edge,
                        "{layout}: runs {a:?} and {b:?} interleave"
                    );
                }
            }
            let largest = islands.sizes.iter().map(|s| s.0 as usize).max().unwrap();
            let most = n.div_ceil(count) + largest;
            assert!(loads[0] <= most, "{layout}: {} > {most}", loads[0]);
        }
        println!("{packed} of 300 layouts packed, into {batches} batches");
        assert!(packed > 150 && batches > 2000, "{packed} {batches}");
    }
}
