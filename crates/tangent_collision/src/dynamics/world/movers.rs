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
use super::pushes::{SubStep, carry_riders, find_pushes, may_meet, push_bodies, would_crush};
use super::riding::{MoverMotion, Ride, Riding, find_riders};
use super::sleep::Rest;
use crate::dynamics::body::margins::{CONTACT_MARGIN, SKIN};
use crate::dynamics::body::types::{Body, StepReport, up_against};
use crate::geometry::{Pose, Rect};
use crate::terrain::{SpanCache, TerrainError, TerrainSet};

/// Largest distance, px, between a turning mover's arc and the chord a
/// sub-step sweeps instead (a quarter of the skin).
pub(in crate::dynamics) const MAX_SAGITTA: f32 = 0.25 * SKIN;

/// Most sub-steps one mover's step is cut into.
const MAX_SUBSTEPS: usize = 512;

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
    move_movers_with(set, poses, bodies, scratch, (gravity, dt), true).map(|_| ())
}

/// [`move_movers`], placing a mover's sub-steps that meet nothing only
/// where a body may meet it next (`defer_quiet`) or at every sub-step (the
/// rule it stands for, which its test compares it with); gives how many
/// placings were left out.
///
/// **Placed where it may be met.** Placing a mover (posing its pieces,
/// cutting their spans, finding their joints) is most of a sub-step's
/// cost, and most sub-steps meet no body: a turn with no rider and no body
/// near anywhere it goes is placed once, where it ends, and a sub-step
/// that met nothing leaves the set holding the mover where it was until a
/// body may meet it (see [`defer`]). Its poses are still checked in turn,
/// so a refused one leaves the mover where placing it at every sub-step
/// would have: the same bits either way.
fn move_movers_with(
    set: &mut TerrainSet,
    poses: &[Pose],
    bodies: &mut [Body],
    scratch: &mut WorldScratch,
    (gravity, dt): (Vec2, f32),
    defer_quiet: bool,
) -> Result<usize, TerrainError> {
    let mut deferred = 0;
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
        let total = (to.translation - motion.from.translation).length() + turn * reach;
        let wide = set
            .mover_aabb(g)
            .inflate(total + SKIN + CONTACT_MARGIN + 1.0);
        if defer_quiet && r.mine.is_empty() && meets_none(r, bodies, wide, drift) {
            // No rider, and no body near anywhere the turn takes it: it
            // meets nothing, and is placed once, where it ends.
            for k in 0..subs {
                let (a, b) = (motion.sub_step(k, subs), motion.sub_step(k + 1, subs));
                defer(set, g, (a, b), motion.from)?;
            }
            set.set_mover_pose(g, to)?;
            deferred += subs - 1;
            continue;
        }
        let rest: &mut [Rest] = if wake {
            &mut scratch.turns.rest
        } else {
            &mut []
        };
        let lists = (&mut *r, rest, &mut *cache);
        deferred += sub_steps(
            set,
            bodies,
            lists,
            (g, motion, subs),
            (up, &mut drift),
            defer_quiet,
        )?;
    }
    Ok(deferred)
}

/// Mover `g`'s `subs` sub-steps of its `motion` (see [`move_movers`]): the
/// pushes, carries and crushes, and the placings left out of those that
/// meet nothing where `defer_quiet` (given: how many).
fn sub_steps(
    set: &mut TerrainSet,
    bodies: &mut [Body],
    (r, rest, cache): (&mut Riding, &mut [Rest], &mut SpanCache),
    (g, motion, subs): (usize, MoverMotion, usize),
    (up, drift): (Vec2, &mut f32),
    defer_quiet: bool,
) -> Result<usize, TerrainError> {
    let mut deferred = 0;
    let reach = set.mover_reach(g).max(1.0);
    // Where the set holds the mover, where that is not where its
    // sub-step starts (see `defer`).
    let mut placed: Option<Pose> = None;
    for k in 0..subs {
        let (a, b) = (motion.sub_step(k, subs), motion.sub_step(k + 1, subs));
        let sweep = (b.translation - a.translation).length() + (b.angle - a.angle).abs() * reach;
        let grow = sweep + SKIN + CONTACT_MARGIN;
        if let Some(at) = placed {
            // Where the mover stands is `at`, not `a`: nothing near
            // the box it may reach from there, it meets nothing.
            let lag =
                (a.translation - at.translation).length() + (a.angle - at.angle).abs() * reach;
            let wide = set.mover_aabb(g).inflate(lag + 1.0 + grow);
            if r.mine.is_empty() && meets_none(r, bodies, wide, *drift) {
                defer(set, g, (a, b), at)?;
                if k + 1 == subs {
                    set.set_mover_pose(g, b)?;
                } else {
                    deferred += 1;
                }
                continue;
            }
            deferred -= 1; // placed after all
            set.set_mover_pose(g, a)?;
            placed = None;
        }
        let region = set.mover_aabb(g).inflate(grow);
        near_bodies(r, region, *drift);
        // Pushes, found with the mover where it was (the list kept
        // between calls: no allocation once it has grown).
        let mut pushes = std::mem::take(&mut r.pushes);
        pushes.clear();
        let sub = SubStep { g, a, b, motion };
        find_pushes(
            set,
            bodies,
            r,
            &mut *rest,
            (sub, region),
            cache,
            &mut pushes,
        );
        if defer_quiet && pushes.is_empty() && r.mine.is_empty() && k + 1 < subs {
            // It moved nothing: the set is told where it stands only
            // when a body may meet it there (placing it is most of a
            // sub-step's cost).
            r.pushes = pushes;
            defer(set, g, (a, b), a)?;
            placed = Some(a);
            deferred += 1;
            continue;
        }
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
        carry_riders(set, bodies, r, sub, drift, cache);
        push_bodies(set, bodies, r, &pushes, (sub, up), drift, cache);
        r.pushes = pushes;
    }
    Ok(deferred)
}

/// Whether no body (but the crushed) may touch `region`: `drift` as in
/// [`near_bodies`], whose list it leaves in `r.near`.
fn meets_none(r: &mut Riding, bodies: &[Body], region: Rect, drift: f32) -> bool {
    near_bodies(r, region, drift);
    !r.near
        .iter()
        .any(|&i| may_meet(bodies, &r.crushed, i, region))
}

/// A sub-step of mover `g` from `a` to `b` that meets nothing: the set
/// goes on holding it at `at` (placing it is most of a sub-step's cost),
/// and is told where it is only when a body may meet it there, or at its
/// last sub-step. `b` is checked as placing it would check it: refused,
/// the set holds the mover at `a`, as it would have.
fn defer(
    set: &mut TerrainSet,
    g: usize,
    (a, b): (Pose, Pose),
    at: Pose,
) -> Result<(), TerrainError> {
    if let Err(e) = set.check_mover_pose(g, b) {
        if at != a {
            set.set_mover_pose(g, a)?;
        }
        return Err(e);
    }
    Ok(())
}

/// Readies the movers' turn's lists: who rides what, and the broad phase.
fn begin_turn(set: &TerrainSet, bodies: &[Body], reports: &[StepReport], up: Vec2, r: &mut Riding) {
    let n = bodies.len();
    r.on.clear();
    r.on.resize(n, None);
    if !r.kept.reuse(set, bodies, up, &mut r.riders) {
        let stack = (&mut r.stacked, &mut r.under);
        find_riders(set, bodies, reports, up, &mut r.riders, stack);
    }
    debug_assert!(riders_fresh(set, bodies, reports, up, &r.riders));
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

/// Whether `riders` are what [`find_riders`] finds afresh (the kept ones
/// checked, in debug builds: every test that moves a mover).
fn riders_fresh(
    set: &TerrainSet,
    bodies: &[Body],
    reports: &[StepReport],
    up: Vec2,
    riders: &[Option<Ride>],
) -> bool {
    let mut fresh = Vec::new();
    find_riders(
        set,
        bodies,
        reports,
        up,
        &mut fresh,
        (&mut Vec::new(), &mut Vec::new()),
    );
    fresh == riders
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
    let near = &mut r.near;
    r.cells.for_each_in_cells(range, |i| near.push(i));
    r.near.extend(r.big.iter().map(|&i| i as usize));
    r.near.sort_unstable();
    r.near.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamics::step_bodies;
    use crate::geometry::{ActorShape, Segment};
    use crate::poly::testing::unit_rng;
    use crate::prelude::{CubicBezier, Mover, QuadBezier, TerrainPiece};

    /// A mover's sub-steps that meet nothing are placed only where a body
    /// may meet it next, and the turn is the one placing it at every
    /// sub-step gives, bit for bit: 300 worlds of 1–6 movers (segments,
    /// quadratics and cubics, sliding up to 900 px/s and turning up to
    /// 12 rad/s, a third stopping when blocked, one world in six sliding
    /// and turning past the coordinate limit) and 0–80 bodies (a third of them dropped
    /// onto a mover), 24 steps each: the bodies, the movers' poses and
    /// pieces, the crushes, the blocked movers and the errors compared.
    #[test]
    fn quiet_sub_steps_left_unplaced_change_nothing() {
        let mut f = unit_rng(0x9E37_79B9_7F4A_7C15);
        let (mut deferred, mut sub_steps, mut errors, mut crushes) = (0usize, 0usize, 0, 0);
        for world in 0..300 {
            let far = world % 6 == 5;
            let mut rand = |lo: f32, hi: f32| lo + (hi - lo) * f() as f32;
            let movers = 1 + (rand(0.0, 6.0) as usize).min(5);
            let mut pivots = Vec::new();
            let mut spins = Vec::new();
            let mut list = Vec::new();
            for m in 0..movers {
                let size = rand(20.0, 160.0);
                let p = |r: &mut dyn FnMut(f32, f32) -> f32| {
                    Vec2::new(r(-size, size), r(-size / 3.0, size / 3.0))
                };
                let pieces: Vec<TerrainPiece> = (0..1 + (rand(0.0, 3.0) as usize).min(2))
                    .map(|k| match k % 3 {
                        0 => TerrainPiece::solid(Segment::new(p(&mut rand), p(&mut rand))),
                        1 => TerrainPiece::solid(QuadBezier::new(
                            p(&mut rand),
                            p(&mut rand),
                            p(&mut rand),
                        )),
                        _ => TerrainPiece::solid(CubicBezier::new(
                            p(&mut rand),
                            p(&mut rand),
                            p(&mut rand),
                            p(&mut rand),
                        )),
                    })
                    .collect();
                let pivot = if far && m == 0 {
                    Vec2::new(TerrainPiece::MAX_COORD - 1.2 * size, 100.0)
                } else {
                    Vec2::new(rand(-1200.0, 1200.0), rand(60.0, 700.0))
                };
                let mut mover = Mover::around(pivot, pieces);
                if rand(0.0, 3.0) < 1.0 {
                    mover = mover.stops_when_blocked();
                }
                list.push(mover);
                pivots.push(pivot);
                // The one past the limit slides into it, turning.
                let slide = if far && m == 0 {
                    Vec2::new(rand(100.0, 400.0), 0.0)
                } else {
                    Vec2::new(rand(-900.0, 900.0), rand(-300.0, 300.0))
                };
                spins.push((slide, rand(-12.0, 12.0)));
            }
            let floor = Segment::new(Vec2::new(-3000.0, 0.0), Vec2::new(3000.0, 0.0));
            let mut set = TerrainSet::with_movers(vec![TerrainPiece::solid(floor)], list).unwrap();
            let n = rand(0.0, 81.0) as usize;
            let mut bodies: Vec<Body> = (0..n)
                .map(|_| {
                    let size = rand(3.0, 20.0);
                    let shape = if rand(0.0, 1.0) < 0.5 {
                        ActorShape::Circle { radius: size }
                    } else {
                        ActorShape::Rect {
                            half_extents: Vec2::new(size, rand(3.0, 20.0)),
                        }
                    };
                    let at = if rand(0.0, 3.0) < 1.0 {
                        let m = (rand(0.0, movers as f32) as usize).min(movers - 1);
                        set.mover_aabb(m).center() + Vec2::new(0.0, rand(20.0, 120.0))
                    } else {
                        Vec2::new(rand(-1400.0, 1400.0), rand(30.0, 800.0))
                    };
                    let v = Vec2::new(rand(-200.0, 200.0), rand(-200.0, 200.0));
                    Body::new(shape, at, v, rand(0.0, 0.9))
                })
                .collect();
            let (gravity, dt) = (Vec2::new(0.0, -900.0), 1.0 / 60.0);
            let mut scratch = WorldScratch::default();
            let (mut set_b, mut bodies_b) = (set.clone(), bodies.clone());
            let mut scratch_b = WorldScratch::default();
            for step in 1..=24 {
                let t = step as f32 * dt;
                let poses: Vec<Pose> = (0..movers)
                    .map(|m| Pose::new(pivots[m] + spins[m].0 * t, spins[m].1 * t))
                    .collect();
                let a = move_movers_with(
                    &mut set,
                    &poses,
                    &mut bodies,
                    &mut scratch,
                    (gravity, dt),
                    true,
                );
                let b = move_movers_with(
                    &mut set_b,
                    &poses,
                    &mut bodies_b,
                    &mut scratch_b,
                    (gravity, dt),
                    false,
                );
                let at = format!("world {world}, step {step}");
                assert_eq!(a.as_ref().err(), b.as_ref().err(), "{at}");
                errors += usize::from(a.is_err());
                deferred += a.unwrap_or(0);
                sub_steps += scratch.riding.motions.len();
                assert_eq!(format!("{bodies:?}"), format!("{bodies_b:?}"), "{at}");
                assert_eq!(scratch.crushes(), scratch_b.crushes(), "{at}");
                assert_eq!(scratch.blocked(), scratch_b.blocked(), "{at}");
                crushes += scratch.crushes().len();
                for m in 0..movers {
                    assert_eq!(set.mover_pose(m), set_b.mover_pose(m), "{at}, mover {m}");
                    assert_eq!(set.mover_aabb(m), set_b.mover_aabb(m), "{at}, mover {m}");
                }
                assert_eq!(set.pieces(), set_b.pieces(), "{at}");
                step_bodies(&set, &mut bodies, &mut scratch, gravity, dt);
                step_bodies(&set_b, &mut bodies_b, &mut scratch_b, gravity, dt);
            }
        }
        println!(
            "{deferred} sub-steps left unplaced over {sub_steps} mover turns, \
             {errors} refused poses, {crushes} crushes"
        );
        assert!(
            deferred > 20_000 && errors > 20 && crushes > 50,
            "{deferred} {errors} {crushes}"
        );
    }

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

    /// The riders kept from the last bodies' step are the ones
    /// `find_riders` finds afresh at the next movers' turn, wherever they
    /// are reused; game code changing a body's `max_slope` or the gravity,
    /// a second bodies' step or a second movers' turn in between makes
    /// them found again: 200 worlds of 2–5 lifts (rising, sinking, sliding
    /// and tilting) with stacks of 1–3 balls on them and loose balls, 40
    /// steps each, something changed before one step in three.
    #[test]
    fn kept_riders_are_the_ones_found_afresh() {
        let mut f = unit_rng(0x3C6E_F372_FE94_F82B);
        let (mut reused, mut found, mut riding) = (0usize, 0usize, 0usize);
        for world in 0..200 {
            let mut rand = |lo: f32, hi: f32| lo + (hi - lo) * f() as f32;
            let lifts = 2 + (rand(0.0, 4.0) as usize).min(3);
            let mut list = Vec::new();
            let mut motion = Vec::new();
            for m in 0..lifts {
                let pivot = Vec2::new(-1200.0 + 600.0 * m as f32, rand(50.0, 300.0));
                let top = Segment::new(pivot - 100.0 * Vec2::X, pivot + 100.0 * Vec2::X);
                list.push(Mover::around(pivot, vec![TerrainPiece::solid(top)]));
                let v = Vec2::new(rand(-120.0, 120.0), rand(-200.0, 200.0));
                motion.push((pivot, v, rand(-0.4, 0.4)));
            }
            let floor = Segment::new(Vec2::new(-3000.0, 0.0), Vec2::new(3000.0, 0.0));
            let mut set = TerrainSet::with_movers(vec![TerrainPiece::solid(floor)], list).unwrap();
            let mut bodies = Vec::new();
            for (m, &(pivot, _, _)) in motion.iter().enumerate() {
                for k in 0..1 + (rand(0.0, 3.0) as usize).min(2) {
                    let at = pivot + Vec2::new(rand(-60.0, 60.0), 10.1 + 20.2 * k as f32);
                    let ball = ActorShape::Circle { radius: 10.0 };
                    bodies.push(Body::new(ball, at, Vec2::ZERO, 0.0));
                }
                let loose = Vec2::new(300.0 * m as f32 - 900.0, rand(20.0, 400.0));
                let ball = ActorShape::Circle {
                    radius: rand(4.0, 12.0),
                };
                bodies.push(Body::new(ball, loose, Vec2::ZERO, 0.3));
            }
            let (mut gravity, dt) = (Vec2::new(0.0, -900.0), 1.0 / 60.0);
            let mut scratch = WorldScratch::default();
            for step in 1..=40 {
                let change = rand(0.0, 12.0) as usize;
                if change == 0 {
                    let i = (rand(0.0, bodies.len() as f32) as usize).min(bodies.len() - 1);
                    bodies[i].max_slope = rand(0.1, 1.5);
                } else if change == 1 {
                    gravity = Vec2::from_angle(rand(-0.3, 0.3)).rotate(gravity);
                } else if change == 2 {
                    step_bodies(&set, &mut bodies, &mut scratch, gravity, dt);
                }
                let t = step as f32 * dt;
                let poses: Vec<Pose> = motion
                    .iter()
                    .map(|&(p, v, w)| Pose::new(p + v * t, (w * t).sin() * 0.3))
                    .collect();
                for _ in 0..1 + usize::from(change == 3) {
                    let up = up_against(gravity);
                    let reports = &scratch.turns.reports;
                    let mut fresh = Vec::new();
                    find_riders(
                        &set,
                        &bodies,
                        reports,
                        up,
                        &mut fresh,
                        (&mut vec![], &mut vec![]),
                    );
                    let mut kept = Vec::new();
                    if scratch.riding.kept.reuse(&set, &bodies, up, &mut kept) {
                        assert_eq!(kept, fresh, "world {world}, step {step}");
                        reused += 1;
                    } else {
                        found += 1;
                    }
                    riding += fresh.iter().flatten().count();
                    move_movers(&mut set, &poses, &mut bodies, &mut scratch, gravity, dt).unwrap();
                }
                step_bodies(&set, &mut bodies, &mut scratch, gravity, dt);
            }
        }
        println!("riders reused {reused} times, found afresh {found}; {riding} rides");
        assert!(
            reused > 5_000 && found > 1_000 && riding > 20_000,
            "{reused} {found} {riding}"
        );
    }
}
