//! The movers' turn of a step: each mover goes to its next pose, carrying
//! the bodies that stand on it, pushing the ones in its way, and crushing
//! the ones it traps against other solid. It runs before the bodies' own
//! step ([`move_movers`], then [`step_bodies`](crate::dynamics::step_bodies)), so
//! the bodies then move through the terrain where it now is: as Celeste
//! moves its solids before its actors.
//!
//! **Continuous in relative motion.** Seen from a mover, a body near it
//! moves by minus the mover's displacement at the body. That motion is
//! swept against the mover's pieces (where the mover was) with the step's
//! own sweep, so a fast lift meets a small body wherever it is along the
//! way, and one-way movers hold from one side only, as fixed ones do. A
//! body met at fraction `f` of the relative motion is pushed by the rest,
//! `(1 − f) u`, which leaves it where it touched the mover, now moved.

use glam::Vec2;

use super::bodies::WorldScratch;
use super::cells::cell_count;
use super::grid::cell_range;
use super::riding::{Crush, MoverMotion, Ride, Riding, find_riders};
use super::sleep::Rest;
use crate::dynamics::body::impact::first_impact_among;
use crate::dynamics::body::margins::{CONTACT_MARGIN, SKIN};
use crate::dynamics::body::types::{Body, StepReport, up_against};
use crate::geometry::{Pose, Rect};
use crate::query::reflect;
use crate::terrain::{SpanCache, TerrainError, TerrainSet};

/// Largest distance, px, between a turning mover's arc and the chord a
/// sub-step sweeps instead (a quarter of the skin).
pub(in crate::dynamics) const MAX_SAGITTA: f32 = 0.25 * SKIN;

/// Most sub-steps one mover's step is cut into.
const MAX_SUBSTEPS: usize = 512;

/// Most sweeps a carried or pushed body's move takes (sliding on what it
/// meets between them).
const MAX_SHIFTS: usize = 4;

/// **Turning.** A turning mover's relative motion is an arc, swept as its
/// chord: the mover's move is cut into sub-steps small enough that the
/// chord strays from the arc by at most `MAX_SAGITTA` (`r φ² / 8` for a
/// turn `φ` at the mover's reach `r`), a fraction of the skin. Within one
/// sub-step the mover's displacement at the body's centre stands for its
/// displacement over the body (they differ by `φ` times the body's size).
///
/// **Riders** (bodies whose last step stood on the mover, or on a body
/// that did) are carried by the displacement of their centre fixed to the
/// mover: turning with it (a ball on a tilting curve keeps its place on
/// the curve, so it rolls off when gravity wins). Their velocity is their
/// own (see `riding`), and keeps its direction in the world unless the
/// mover was made with
/// [`Mover::turns_riders`](crate::terrain::Mover::turns_riders): then it
/// turns by the mover's turn too, so a body sliding along a turning
/// paddle goes on along it.
///
/// **Crushes.** A carried or pushed body moves through the rest of the
/// terrain (sliding along what it meets, up to four times). When it falls
/// short by more than the skin along the mover's normal, the mover has
/// come into it: it is crushed, reported in
/// [`WorldScratch::crushes`](crate::dynamics::WorldScratch::crushes), and left where
/// it stopped for the caller to take away (the game respawns it); the
/// mover goes on. A mover made with
/// [`Mover::stops_when_blocked`](crate::terrain::Mover::stops_when_blocked)
/// stops instead, at the last sub-step that crushed nothing, and is
/// reported in [`WorldScratch::blocked`](crate::dynamics::WorldScratch::blocked) (its
/// path may wait or turn back).
///
/// Not handled here: a pushed body pushing another (the bodies' step
/// settles them), a body standing on one mover pushed by another.
///
/// Moves each mover of `set` to its pose in `poses` (by index; movers
/// without one stay), carrying, pushing and crushing `bodies` (see the
/// module docs), over a step of `dt` seconds under `gravity` (which says
/// which way is up: what a body stands on). Call it before
/// [`step_bodies`](crate::dynamics::step_bodies) with the same scratch and bodies; the
/// step then gives each contact with a mover the mover's velocity there,
/// and a body that leaves a mover its velocity. A pose that is not finite,
/// or takes a piece out of range, is refused with the mover where it was
/// and the movers before it moved.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{WorldScratch, move_movers, step_bodies};
/// // A lift rising at 600 px/s with a crate on it.
/// let top = TerrainPiece::solid(Segment::new(Vec2::new(-50.0, 0.0), Vec2::new(50.0, 0.0)));
/// let mut set = TerrainSet::with_movers(vec![], vec![Mover::around(Vec2::ZERO, vec![top])])?;
/// let box_ = Body::new(ActorShape::Rect { half_extents: Vec2::splat(8.0) }, Vec2::new(0.0, 8.05), Vec2::ZERO, 0.0);
/// let mut bodies = vec![box_];
/// let mut world = WorldScratch::default();
/// let (g, dt) = (Vec2::new(0.0, -900.0), 1.0 / 60.0);
/// for k in 1..=60 {
///     move_movers(&mut set, &[Pose::new(Vec2::new(0.0, 10.0 * k as f32), 0.0)], &mut bodies, &mut world, g, dt)?;
///     step_bodies(&set, &mut bodies, &mut world, g, dt);
/// }
/// // A second later the lift is 600 px up and the crate still on it.
/// assert!((bodies[0].position.y - 608.0).abs() < 0.2, "{:?}", bodies[0]);
/// assert!(world.reports()[0].grounded && world.crushes().is_empty());
/// # Ok::<(), TerrainError>(())
/// ```
pub fn move_movers(
    set: &mut TerrainSet,
    poses: &[Pose],
    bodies: &mut [Body],
    scratch: &mut WorldScratch,
    gravity: Vec2,
    dt: f32,
) -> Result<(), TerrainError> {
    let n = bodies.len();
    let up = up_against(gravity);
    let r = &mut scratch.riding;
    r.motions.clear();
    r.crushed.clear();
    r.blocked.clear();
    begin_turn(set, bodies, &scratch.turns.reports, up, r);
    let mut drift = 0.0f32;
    let cache = &mut scratch.mover_cache;
    let wake = scratch.turns.rest.len() == n;
    for (g, &to) in poses.iter().enumerate().take(set.mover_count()) {
        let motion = MoverMotion {
            from: set.mover_pose(g),
            to,
            dt,
        };
        if !to.is_finite() {
            return Err(TerrainError::BadPose { mover: g, pose: to });
        }
        r.motions.push(motion);
        if motion.from == to {
            continue;
        }
        r.mine.clear();
        r.mine.extend(r.by_mover.cell(g as i32, 0));
        let reach = set.mover_reach(g).max(1.0);
        let max_turn = (8.0 * MAX_SAGITTA / reach).sqrt();
        let turn = (to.angle - motion.from.angle).abs();
        let subs = ((turn / max_turn).ceil() as usize).clamp(1, MAX_SUBSTEPS);
        for k in 0..subs {
            let a = motion.at(k as f32 / subs as f32);
            let b = if k + 1 == subs {
                to
            } else {
                motion.at((k + 1) as f32 / subs as f32)
            };
            let sweep =
                (b.translation - a.translation).length() + (b.angle - a.angle).abs() * reach;
            let region = set.mover_aabb(g).inflate(sweep + SKIN + CONTACT_MARGIN);
            near_bodies(r, region, drift);
            // Pushes, found with the mover where it was (the list kept
            // between calls: no allocation once it has grown).
            let mut pushes = std::mem::take(&mut r.pushes);
            pushes.clear();
            let rest = if wake {
                &mut scratch.turns.rest[..]
            } else {
                &mut []
            };
            let sub = SubStep { g, a, b, motion };
            find_pushes(set, bodies, r, rest, (sub, region), cache, &mut pushes);
            set.set_mover_pose(g, b)?;
            if set.mover_stops_when_blocked(g)
                && would_crush(set, bodies, &r.mine, &r.riders, &pushes, (g, a, b), cache)
            {
                // It stops where it was instead: nothing moved this sub-step.
                set.set_mover_pose(g, a)?;
                r.blocked.push(g);
                if let Some(m) = r.motions.last_mut() {
                    m.to = a;
                }
                r.pushes = pushes;
                break;
            }
            carry_riders(set, bodies, r, sub, &mut drift, cache);
            push_bodies(set, bodies, r, &pushes, (sub, up), &mut drift, cache);
            r.pushes = pushes;
        }
    }
    Ok(())
}

/// Readies the movers' turn's lists: who rides what, and the broad phase.
fn begin_turn(set: &TerrainSet, bodies: &[Body], reports: &[StepReport], up: Vec2, r: &mut Riding) {
    let n = bodies.len();
    r.on.clear();
    r.on.resize(n, None);
    let stack = (&mut r.stacked, &mut r.under);
    find_riders(set, bodies, reports, up, &mut r.riders, stack);
    // The broad phase: the bodies by the cells their boxes cover. A body
    // moved since (carried or pushed) is within the distance it was moved
    // of where it was entered, so a region widened by the most any body
    // has been moved (`drift`) finds every body that touches it.
    enter_bodies(bodies, r);
    // The riders by mover (a mover's "cell" is `(g, 0)`): a body that
    // stops riding it, or starts riding another, during the turn stays
    // listed, and every use checks its ride again.
    r.rider_cells.clear();
    r.rider_cells.extend(r.riders.iter().map(|ride| {
        let g = ride.map(|ride| ride.mover as i32)?;
        Some([g, 0, g, 0])
    }));
    r.by_mover.fill(&r.rider_cells);
    r.moved.clear();
    r.moved.resize(n, 0.0);
}

/// One sub-step of mover `g`'s move: from pose `a` to `b`, within the
/// step's `motion`.
#[derive(Clone, Copy)]
struct SubStep {
    g: usize,
    a: Pose,
    b: Pose,
    motion: MoverMotion,
}

/// Side of the cells of the movers' broad phase, px (or the mean body's
/// box, where larger).
const NEAR_CELL: f32 = 64.0;

/// A body whose box covers more cells than this is checked by every
/// sub-step instead (a body of no finite size).
const NEAR_MAX_CELLS: i64 = 1024;

/// The broad phase: `bodies` entered by the cells their boxes cover.
fn enter_bodies(bodies: &[Body], r: &mut Riding) {
    let mean = bodies
        .iter()
        .map(|b| b.shape.aabb(Vec2::ZERO).size().max_element())
        .sum::<f32>()
        / bodies.len().max(1) as f32;
    r.cell = mean.max(NEAR_CELL);
    r.ranges.clear();
    r.big.clear();
    for (i, b) in bodies.iter().enumerate() {
        let cells = cell_range(r.cell, b.shape.aabb(b.position));
        let big = cell_count(cells) > NEAR_MAX_CELLS;
        if big {
            r.big.push(i as u32);
        }
        r.ranges.push((!big).then_some(cells));
    }
    r.cells.fill(&r.ranges);
}

/// The bodies that may touch `region`, ascending, into `r.near`: those
/// whose box where the turn began meets it grown by the `drift` (the most
/// any body has been moved since) and a pixel for rounding.
fn near_bodies(r: &mut Riding, region: Rect, drift: f32) {
    r.near.clear();
    let range = cell_range(r.cell, region.inflate(drift + 1.0));
    if cell_count(range) > NEAR_MAX_CELLS {
        r.near.extend(0..r.ranges.len());
        return;
    }
    r.near.extend(r.cells.in_cells(range));
    r.near.extend(r.big.iter().map(|&i| i as usize));
    r.near.sort_unstable();
    r.near.dedup();
}

/// The bodies near the mover that its sub-step `sub` comes into (not its
/// riders, nor crushed ones), each with the rest of the relative motion
/// past the contact as its push, into `pushes`; sleeping bodies in the
/// `region` are woken (`rest`: empty when the world keeps no rest).
fn find_pushes(
    set: &TerrainSet,
    bodies: &[Body],
    r: &Riding,
    rest: &mut [Rest],
    (sub, region): (SubStep, Rect),
    cache: &mut SpanCache,
    pushes: &mut Vec<(usize, Vec2, Vec2, usize, Vec2)>,
) {
    let pieces = set.mover_pieces(sub.g);
    let on_mover = |p: usize| pieces.contains(&p);
    for &i in &r.near {
        let body = &bodies[i];
        // Closed boxes: a body of no size is met too.
        if !body.shape.aabb(body.position).touches(&region) || is_crushed(&r.crushed, i) {
            continue;
        }
        if let Some(rest) = rest.get_mut(i)
            && rest.asleep()
        {
            rest.shake();
        }
        if r.riders[i].is_some_and(|ride| ride.mover == sub.g) {
            continue;
        }
        let u = sub.a.carry(&sub.b, body.position) - body.position;
        if u == Vec2::ZERO {
            continue;
        }
        if let Some((piece, toi)) = first_impact_among(set, body, -u, cache, &[], on_mover) {
            pushes.push((i, (1.0 - toi.fraction) * u, toi.normal, piece, toi.point));
        }
    }
}

/// Carries mover `sub.g`'s riders through its sub-step (turning their
/// velocity too where the mover turns riders), moving their ride's point
/// and normal with the mover; a rider that falls short is crushed.
fn carry_riders(
    set: &TerrainSet,
    bodies: &mut [Body],
    r: &mut Riding,
    sub: SubStep,
    drift: &mut f32,
    cache: &mut SpanCache,
) {
    let SubStep { g, a, b, motion } = sub;
    let pieces = set.mover_pieces(g);
    let off_mover = |p: usize| !pieces.contains(&p);
    for m in 0..r.mine.len() {
        let i = r.mine[m];
        let Some(ride) = r.riders[i].filter(|ride| ride.mover == g) else {
            continue;
        };
        if is_crushed(&r.crushed, i) {
            continue;
        }
        let d = a.carry(&b, bodies[i].position) - bodies[i].position;
        let moved = shift(set, &mut bodies[i], d, off_mover, cache);
        r.moved[i] += moved.length();
        *drift = drift.max(r.moved[i]);
        if set.mover_turns_riders(g) {
            let turn = Pose::new(Vec2::ZERO, b.angle - a.angle);
            bodies[i].velocity = turn.apply(bodies[i].velocity);
        }
        let point = a.carry(&b, ride.point);
        let normal = Pose::new(Vec2::ZERO, b.angle - a.angle).apply(ride.normal);
        r.riders[i] = Some(Ride {
            mover: g,
            point,
            normal,
        });
        r.on[i] = Some((g, motion.velocity_at(point)));
        if falls_short(d, moved, ride.normal) {
            crush(r, bodies, i, g);
        }
    }
}

/// Makes the sub-step's `pushes`: each body moved by its push (crushed if
/// it falls short), its velocity relative to the mover reflected off the
/// contact by the two restitutions; one pushed onto its top (ground for
/// `up`) rides it from now on.
fn push_bodies(
    set: &TerrainSet,
    bodies: &mut [Body],
    r: &mut Riding,
    pushes: &[(usize, Vec2, Vec2, usize, Vec2)],
    (sub, up): (SubStep, Vec2),
    drift: &mut f32,
    cache: &mut SpanCache,
) {
    let SubStep { g, a, b, motion } = sub;
    let pieces = set.mover_pieces(g);
    let off_mover = |p: usize| !pieces.contains(&p);
    for &(i, push, normal, piece, point) in pushes {
        let moved = shift(set, &mut bodies[i], push, off_mover, cache);
        r.moved[i] += moved.length();
        *drift = drift.max(r.moved[i]);
        if falls_short(push, moved, normal) {
            crush(r, bodies, i, g);
            continue;
        }
        let point = a.carry(&b, point);
        let w = motion.velocity_at(point);
        let body = &mut bodies[i];
        let e = body.restitution * set.piece(piece).restitution;
        let mut relative = body.velocity - w;
        if relative.dot(normal) < 0.0 {
            relative = reflect(relative, normal, e);
        }
        if body.is_ground(normal, up) {
            // It stands on the mover from now on: carried, its velocity
            // its own.
            body.velocity = relative;
            if let Err(at) = r.mine.binary_search(&i) {
                r.mine.insert(at, i);
            }
            r.on[i] = Some((g, w));
            r.riders[i] = Some(Ride {
                mover: g,
                point,
                normal,
            });
        } else {
            body.velocity = relative + w;
        }
    }
}

/// Whether carrying mover `g`'s riders (among the bodies `mine`) and
/// making its `pushes` as it goes from pose `a` to `b` (where it now is)
/// would crush a body; moves none.
fn would_crush(
    set: &TerrainSet,
    bodies: &[Body],
    mine: &[usize],
    riders: &[Option<Ride>],
    pushes: &[(usize, Vec2, Vec2, usize, Vec2)],
    (g, a, b): (usize, Pose, Pose),
    cache: &mut SpanCache,
) -> bool {
    let pieces = set.mover_pieces(g);
    let off_mover = |p: usize| !pieces.contains(&p);
    let carried = mine.iter().filter_map(|&i| {
        let ride = riders[i].filter(|ride| ride.mover == g)?;
        let body = &bodies[i];
        Some((
            *body,
            a.carry(&b, body.position) - body.position,
            ride.normal,
        ))
    });
    let pushed = pushes
        .iter()
        .map(|&(i, push, normal, _, _)| (bodies[i], push, normal));
    carried.chain(pushed).any(|(mut body, d, normal)| {
        let moved = shift(set, &mut body, d, off_mover, cache);
        falls_short(d, moved, normal)
    })
}

/// Whether a body the mover moved `d` (along the mover's `normal`, facing
/// the body) but which went only `moved` was come into by the mover: it
/// fell short along the normal by more than the skin.
fn falls_short(d: Vec2, moved: Vec2, normal: Vec2) -> bool {
    (d - moved).dot(normal) > SKIN
}

fn is_crushed(crushed: &[Crush], i: usize) -> bool {
    crushed.iter().any(|c| c.body == i)
}

/// Reports body `i` crushed by mover `g`: it rides nothing and stops.
fn crush(r: &mut Riding, bodies: &mut [Body], i: usize, g: usize) {
    r.crushed.push(Crush { body: i, mover: g });
    r.on[i] = None;
    r.riders[i] = None;
    bodies[i].velocity = Vec2::ZERO;
}

/// Moves `body` by `d` through the pieces `keep` accepts, keeping the
/// skin and sliding along what it meets; returns how far it went.
fn shift(
    set: &TerrainSet,
    body: &mut Body,
    d: Vec2,
    keep: impl Fn(usize) -> bool,
    cache: &mut SpanCache,
) -> Vec2 {
    let start = body.position;
    let mut left = d;
    for _ in 0..MAX_SHIFTS {
        if left == Vec2::ZERO {
            break;
        }
        let Some((_, toi)) = first_impact_among(set, body, left, cache, &[], &keep) else {
            body.position += left;
            break;
        };
        body.position += left * toi.fraction;
        let rest = left * (1.0 - toi.fraction);
        let into = rest.dot(toi.normal);
        left = if into < 0.0 {
            rest - into * toi.normal
        } else {
            rest
        };
    }
    body.position - start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::ActorShape;
    use crate::poly::testing::unit_rng;

    /// The movers' broad phase finds, ascending and once each, every body
    /// whose box (where it is now) touches a region, though bodies moved
    /// up to the drift since they were entered: 300 layouts of 1–400
    /// circles and rects of 0–60 px over ±3 000 px (one in ten with a
    /// body of no finite size), 50 regions each, checked against every
    /// body.
    #[test]
    fn near_bodies_finds_every_body_touching_a_region() {
        let mut f = unit_rng(0x6A09_E667_F3BC_C908);
        let (mut found, mut looked) = (0usize, 0usize);
        let mut r = Riding::default();
        for layout in 0..300 {
            let n = 1 + (f() * 400.0) as usize;
            let at = |f: &mut dyn FnMut() -> f64| (2.0 * f() - 1.0) as f32 * 3000.0;
            let mut bodies: Vec<Body> = (0..n)
                .map(|_| {
                    let size = 30.0 * f() as f32;
                    let shape = if f() < 0.5 {
                        ActorShape::Circle { radius: size }
                    } else {
                        ActorShape::Rect {
                            half_extents: Vec2::new(size, 0.5 * size),
                        }
                    };
                    Body::new(shape, Vec2::new(at(&mut f), at(&mut f)), Vec2::ZERO, 0.0)
                })
                .collect();
            if layout % 10 == 7 {
                bodies[0].position = Vec2::new(f32::INFINITY, 0.0);
            }
            enter_bodies(&bodies, &mut r);
            let drift = 200.0 * f() as f32;
            for b in bodies.iter_mut() {
                if f() >= 0.3 {
                    continue;
                }
                let turn = std::f32::consts::TAU * f() as f32;
                b.position += Vec2::from_angle(turn) * drift * f() as f32;
            }
            for q in 0..50 {
                let c = Vec2::new(at(&mut f), at(&mut f));
                let half = Vec2::new(400.0 * f() as f32, 400.0 * f() as f32);
                let region = Rect::from_center_half_size(c, half);
                near_bodies(&mut r, region, drift);
                assert!(
                    r.near.windows(2).all(|w| w[0] < w[1]),
                    "{layout}/{q}: not ascending"
                );
                for (i, b) in bodies.iter().enumerate() {
                    if b.shape.aabb(b.position).touches(&region) {
                        assert!(
                            r.near.binary_search(&i).is_ok(),
                            "{layout}/{q}: body {i} missed"
                        );
                        found += 1;
                    }
                }
                looked += r.near.len();
            }
        }
        println!("{found} bodies touching regions found among {looked} looked at");
        assert!(found > 10_000 && looked < 4 * found, "{found}, {looked}");
    }
}
