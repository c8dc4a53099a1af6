//! Riding movers: how a mover moves over a step (its velocity at a
//! point), which bodies stand on which mover, and what a body keeps when it
//! leaves one.
//!
//! A body's velocity is its own, relative to the mover it stands on
//! (Celeste's model: a solid carries its riders by its own motion, the
//! actors' speeds are theirs). So a body standing still on a lift has no
//! speed, and its step sees the lift as still ground. When it leaves the
//! mover (jumps, walks or rolls off, is thrown off a turning paddle) it
//! takes the mover's velocity where it stood: a jump from a rising lift
//! goes higher by the lift's speed (the lift boost), a body walking off a
//! sliding platform keeps the platform's speed.

use glam::Vec2;

use super::cells::CellTable;
use crate::dynamics::body::types::{Body, StepReport};
use crate::geometry::Pose;
use crate::terrain::TerrainSet;

/// How mover `g` moves over one step: from pose to pose, its pivot in a
/// straight line and its angle evenly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::dynamics) struct MoverMotion {
    pub from: Pose,
    pub to: Pose,
    pub dt: f32,
}

impl MoverMotion {
    /// The velocity of the mover's point at `p` (a point of it at pose
    /// `to`): `v + ω × (p − pivot)`, `v` the pivot's velocity and `ω` the
    /// turn rate.
    pub(in crate::dynamics) fn velocity_at(&self, p: Vec2) -> Vec2 {
        if self.dt <= 0.0 {
            return Vec2::ZERO;
        }
        let v = (self.to.translation - self.from.translation) / self.dt;
        let omega = (self.to.angle - self.from.angle) / self.dt;
        v + omega * (p - self.to.translation).perp()
    }

    /// The pose a fraction `s` of the way.
    pub(in crate::dynamics) fn at(&self, s: f32) -> Pose {
        Pose::new(
            self.from.translation.lerp(self.to.translation, s),
            self.from.angle + (self.to.angle - self.from.angle) * s,
        )
    }

    /// Where sub-step `k` of `subs` starts (`to` itself after the last).
    pub(in crate::dynamics) fn sub_step(&self, k: usize, subs: usize) -> Pose {
        if k == subs {
            self.to
        } else {
            self.at(k as f32 / subs as f32)
        }
    }
}

/// A body a mover trapped against other solid in a step.
///
/// ```
/// use tangent_collision::dynamics::Crush;
/// let c = Crush { body: 3, mover: 0 };
/// assert_eq!(c.body, 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crush {
    /// The body, by index.
    pub body: usize,
    /// The mover that pressed it.
    pub mover: usize,
}

/// A body standing on a mover: which, where, and the surface's normal
/// there (for a body on a stack, the bottom body's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::dynamics) struct Ride {
    pub mover: usize,
    pub point: Vec2,
    pub normal: Vec2,
}

/// What a step knows of the movers: how each moved, which mover each body
/// rode into the bodies' step (with that mover's velocity where it
/// stood), the crushes, and the movers' turn's lists.
#[derive(Default)]
pub(in crate::dynamics) struct Riding {
    pub motions: Vec<MoverMotion>,
    pub on: Vec<Option<(usize, Vec2)>>,
    pub crushed: Vec<Crush>,
    /// The movers that stopped short rather than crush (see
    /// `Mover::stops_when_blocked`).
    pub blocked: Vec<usize>,
    /// Who stands on what (see [`find_riders`]).
    pub riders: Vec<Option<Ride>>,
    /// The movers' turn's pushes: `(body, push, normal, piece, point)`.
    pub pushes: Vec<(usize, Vec2, Vec2, usize, Vec2)>,
    /// The movers' turn's broad phase (see `movers`): the bodies by the
    /// cells (`cell` px) their boxes covered where the turn began, those
    /// too large to enter (`big`); how far each has been moved since; the
    /// bodies near the mover's sweep; and the riders of the mover moving,
    /// ascending.
    pub cell: f32,
    pub ranges: Vec<Option<[i32; 4]>>,
    pub cells: CellTable,
    pub big: Vec<u32>,
    pub moved: Vec<f32>,
    pub near: Vec<usize>,
    pub mine: Vec<usize>,
    /// The riders found before the turn by mover: each rider's mover as a
    /// cell `(g, 0)`, and the table of them (see `movers`).
    pub rider_cells: Vec<Option<[i32; 4]>>,
    pub by_mover: CellTable,
    /// [`find_riders`]'s lists.
    pub stacked: Vec<(u32, u32, u32)>,
    pub under: Vec<u32>,
    /// The riders the last [`Riding::after_bodies`] found (see
    /// [`KeptRiders`]).
    pub kept: KeptRiders,
}

/// The riders [`find_riders`] found after the bodies' step, kept for the
/// next movers' turn, which would find them again: they depend only on
/// the step's reports (unchanged until the next bodies' step, which drops
/// them), the set's movers (its [`TerrainSet::id`], which a placed mover
/// changes), `up`, and each body's `max_slope` (which game code may change
/// between steps).
#[derive(Default)]
pub(in crate::dynamics) struct KeptRiders {
    riders: Vec<Option<Ride>>,
    slopes: Vec<u32>,
    /// `(set id, up)` they were found for; `None`: none kept.
    key: Option<(u64, [u32; 2])>,
}

impl KeptRiders {
    /// Drops them (the reports are about to change).
    pub(in crate::dynamics) fn drop_them(&mut self) {
        self.key = None;
    }

    fn keep(&mut self, set: &TerrainSet, bodies: &[Body], up: Vec2, riders: &[Option<Ride>]) {
        self.riders.clear();
        self.riders.extend_from_slice(riders);
        self.slopes.clear();
        (self.slopes).extend(bodies.iter().map(|b| b.max_slope.to_bits()));
        self.key = Some((set.id, up.to_array().map(f32::to_bits)));
    }

    /// The riders [`find_riders`] would find for `set`, `bodies`, the kept
    /// reports and `up` into `out`, where they are the kept ones; `false`,
    /// `out` unchanged, where they may not be.
    pub(in crate::dynamics) fn reuse(
        &self,
        set: &TerrainSet,
        bodies: &[Body],
        up: Vec2,
        out: &mut Vec<Option<Ride>>,
    ) -> bool {
        let same = self.key == Some((set.id, up.to_array().map(f32::to_bits)))
            && self.slopes.len() == bodies.len()
            && (self.slopes.iter().zip(bodies)).all(|(&s, b)| s == b.max_slope.to_bits());
        if same {
            out.clone_from(&self.riders);
        }
        same
    }
}

/// The mover `report`'s body stands on, and the point where: the first
/// contact that is not a bounce, on a mover's piece, whose normal is
/// ground.
fn standing_on(set: &TerrainSet, body: &Body, report: &StepReport, up: Vec2) -> Option<Ride> {
    report.contacts.iter().find_map(|c| {
        let mover = set.mover_of(c.piece()?)?;
        (!c.bounced && body.is_ground(c.normal, up)).then_some(Ride {
            mover,
            point: c.point,
            normal: c.normal,
        })
    })
}

/// Most bodies a stack on a mover carries up its height.
const MAX_STACK: usize = 64;

/// Which mover each body rides after the step `reports` tell of, written
/// into `out` (one per body): the mover it stands on, with the point where,
/// or the mover the body it stands on rides (a crate on a crate on a lift),
/// up to [`MAX_STACK`] bodies high.
///
/// The stack is found in passes over the bodies, ascending: a body that
/// rides nothing yet takes the ride of the first body (in its contacts'
/// order) it stands on that rides one, so far in this pass or before. Only
/// the bodies standing on some body are looked at again, each contact's
/// slope judged once (`stacked`: `(body, from, to)`, its bodies `under[from..to]`); the
/// passes end when one finds no new rider.
pub(in crate::dynamics) fn find_riders(
    set: &TerrainSet,
    bodies: &[Body],
    reports: &[StepReport],
    up: Vec2,
    out: &mut Vec<Option<Ride>>,
    (stacked, under): (&mut Vec<(u32, u32, u32)>, &mut Vec<u32>),
) {
    out.clear();
    out.resize(bodies.len(), None);
    if set.mover_count() == 0 || reports.len() != bodies.len() {
        return;
    }
    let mut any = false;
    for (i, report) in reports.iter().enumerate() {
        out[i] = standing_on(set, &bodies[i], report, up);
        any |= out[i].is_some();
    }
    if !any {
        return;
    }
    stacked.clear();
    under.clear();
    for (i, report) in reports.iter().enumerate() {
        if out[i].is_some() {
            continue;
        }
        let from = under.len() as u32;
        under.extend(report.contacts.iter().filter_map(|c| {
            let j = c.body()?;
            (!c.bounced && bodies[i].is_ground(c.normal, up)).then_some(j as u32)
        }));
        if under.len() as u32 > from {
            stacked.push((i as u32, from, under.len() as u32));
        }
    }
    for _ in 0..MAX_STACK {
        let before = stacked.len();
        stacked.retain(|&(i, from, to)| {
            let below = under[from as usize..to as usize]
                .iter()
                .find_map(|&j| out.get(j as usize).copied().flatten());
            if below.is_some() {
                out[i as usize] = below;
            }
            below.is_none()
        });
        if stacked.len() == before {
            break;
        }
    }
}

impl Riding {
    /// After the bodies' step: contacts with a mover get its velocity
    /// there, and a body that rode a mover into the step and no longer
    /// rides it (standing on it or on a body that does) takes that
    /// mover's velocity where it stood. Where the step's islands did the
    /// first and found the riders already (`found`: see `Islands::step`),
    /// they are not done again.
    pub(in crate::dynamics) fn after_bodies(
        &mut self,
        set: &TerrainSet,
        bodies: &mut [Body],
        reports: &mut [StepReport],
        (up, found): (Vec2, bool),
    ) {
        if self.motions.is_empty() {
            return;
        }
        if !found {
            mover_velocities(set, &self.motions, reports);
            let stack = (&mut self.stacked, &mut self.under);
            find_riders(set, bodies, reports, up, &mut self.riders, stack);
        }
        self.kept.keep(set, bodies, up, &self.riders);
        for (i, body) in bodies.iter_mut().enumerate() {
            let Some((g, w)) = self.on.get(i).copied().flatten() else {
                continue;
            };
            if self.riders[i].is_none_or(|r| r.mover != g) {
                body.velocity += w;
            }
        }
    }
}

/// Gives each contact of `reports` with a mover's piece that mover's
/// velocity where it touched (the movers moved as `motions` say).
pub(in crate::dynamics) fn mover_velocities(
    set: &TerrainSet,
    motions: &[MoverMotion],
    reports: &mut [StepReport],
) {
    for report in reports.iter_mut() {
        for c in &mut report.contacts {
            if let Some(g) = c.piece().and_then(|p| set.mover_of(p))
                && let Some(m) = motions.get(g)
            {
                c.velocity = m.velocity_at(c.point);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dynamics::body::types::{Contact, Touched};
    use crate::poly::testing::unit_rng;
    use crate::prelude::*;
    use crate::query::Hits;

    /// The rule as first written: up to [`MAX_STACK`] passes over every
    /// body, ascending, each taking the ride of the first body it stands on
    /// that rides one (so far), until a pass finds no new rider.
    fn every_body_each_pass(
        set: &TerrainSet,
        bodies: &[Body],
        reports: &[StepReport],
        up: Vec2,
    ) -> Vec<Option<Ride>> {
        let mut out: Vec<Option<Ride>> = (0..bodies.len())
            .map(|i| standing_on(set, &bodies[i], &reports[i], up))
            .collect();
        let mut any = out.iter().any(Option::is_some);
        for _ in 0..MAX_STACK {
            if !any {
                break;
            }
            any = false;
            for (i, report) in reports.iter().enumerate() {
                if out[i].is_some() {
                    continue;
                }
                let below = report.contacts.iter().find_map(|c| {
                    let j = c.body()?;
                    (!c.bounced && bodies[i].is_ground(c.normal, up))
                        .then(|| out.get(j).copied().flatten())
                        .flatten()
                });
                if below.is_some() {
                    out[i] = below;
                    any = true;
                }
            }
        }
        out
    }

    /// [`find_riders`] gives what passes over every body give, on 400
    /// random worlds of 1–120 bodies whose contacts touch movers, fixed
    /// pieces, other bodies (some past the last) at slopes ground or not,
    /// bounced or not: stacks of any height, in any index order, with
    /// bodies standing on two at once.
    #[test]
    fn riders_are_found_as_passes_over_every_body_find_them() {
        let mut f = unit_rng(0x2545_F491_4F6C_DD1D);
        let seg =
            |x: f32| TerrainPiece::solid(Segment::new(Vec2::new(x, 0.0), Vec2::new(x + 50.0, 0.0)));
        let movers = (0..3)
            .map(|k| {
                Mover::around(
                    Vec2::new(100.0 * k as f32, 0.0),
                    vec![seg(100.0 * k as f32)],
                )
            })
            .collect();
        let set = TerrainSet::with_movers(vec![seg(-500.0), seg(500.0)], movers).unwrap();
        let up = Vec2::Y;
        let (mut stacked_riders, mut checked) = (0usize, 0usize);
        let (mut out, mut stacked, mut under) = (Vec::new(), Vec::new(), Vec::new());
        for case in 0..400 {
            let n = 1 + (f() * 120.0) as usize;
            let ball = Body::new(
                ActorShape::Circle { radius: 4.0 },
                Vec2::ZERO,
                Vec2::ZERO,
                0.0,
            );
            let bodies = vec![ball; n];
            let reports: Vec<StepReport> = (0..n)
                .map(|_| {
                    let mut report = StepReport::default();
                    for _ in 0..(f() * 4.0) as usize {
                        let with = if f() < 0.2 {
                            Touched::Piece((f() * set.len() as f64) as usize)
                        } else {
                            Touched::Body((f() * (n + 2) as f64) as usize)
                        };
                        let angle = (f() as f32 - 0.5) * 3.0; // ground within ±0.87 rad
                        report.contacts.push(Contact {
                            point: Vec2::new(f() as f32 * 300.0, 0.0),
                            normal: Vec2::new(angle.sin(), angle.cos()),
                            with,
                            velocity: Vec2::ZERO,
                            hits: Hits::new(),
                            impact_speed: 0.0,
                            bounced: f() < 0.1,
                        });
                    }
                    report
                })
                .collect();
            let want = every_body_each_pass(&set, &bodies, &reports, up);
            find_riders(
                &set,
                &bodies,
                &reports,
                up,
                &mut out,
                (&mut stacked, &mut under),
            );
            assert_eq!(out, want, "case {case}");
            let direct =
                (0..n).filter(|&i| standing_on(&set, &bodies[i], &reports[i], up).is_some());
            stacked_riders += want.iter().flatten().count() - direct.count();
            checked += n;
        }
        println!("{checked} bodies in 400 worlds; {stacked_riders} ride through a stack");
        assert!(
            checked > 10_000 && stacked_riders > 1_000,
            "{checked}, {stacked_riders}"
        );
    }
}
