//! Running on a surface at any angle: a circle held on the terrain by the
//! normal force while the surface can hold it (walls, ceilings, the inside
//! of a loop), moved along the exact curve by a speed along the surface.
//!
//! The circle's centre follows the path at distance `r` from the surface
//! (the offset curve; around a piece's free end, a circle of radius `r`
//! about the end). Along that path, with `T` the tangent and `n` the unit
//! normal from the surface to the centre, Newton's law splits in two:
//!
//! (The method in full is on `run_on_surface_skipping`.)

use glam::{DVec2, Vec2};

use crate::dynamics::body::margins::CURVE_GAP;
use crate::geometry::Rect;
use crate::query::closest_param;
use crate::terrain::TerrainSet;

/// The longest substep along the path, px.
const MAX_ARC: f32 = 1.0;

/// The largest turn of the normal in one substep, radians (0.25°).
const MAX_TURN: f32 = 0.25 * std::f32::consts::PI / 180.0;

/// Most substeps in one step: a step at the fastest speed a level allows
/// (16 667 px in a 60 Hz step) at [`MAX_ARC`] stays under it.
const MAX_SUBSTEPS: usize = 1 << 15;

/// How far below zero the normal force may round (per unit mass, as a
/// share of `|g|`) and still hold: a vertical wall presses with exactly 0.
const HOLD_TOLERANCE: f64 = 1e-4;

/// A body leaves within this many px of path of where the surface stops
/// holding it.
const LEAVE_PRECISION: f64 = 1e-3;

/// The sharpest turn between joined pieces that is still one smooth
/// surface, radians: the crate's smooth joint (`cos = 0.999`, 2.6°).
const SMOOTH_JOINT_TURN: f64 = 0.0447;

/// How much nearer (px) a piece's end corner must be than a surface to be
/// taken before it.
const CORNER_TIE: f64 = 0.05;

/// How deep (px) a body may already be in a one-way piece that then holds
/// it: a substep of at most `MAX_ARC` meets a surface ahead a small part of
/// that deep; deeper, it is passing through.
const PASSING_THROUGH: f64 = 0.5;

/// Most halvings of one substep (2⁻⁴⁰ of it: far under a thousandth of a
/// pixel at any speed a level allows).
const MAX_HALVINGS: u32 = 40;

/// A second surface closer than `r` minus this (px) is in the way.
const IN_THE_WAY: f64 = 0.01;

/// A circle held on the terrain's surface.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnSurface {
    /// The circle's centre.
    pub position: Vec2,
    /// Unit normal of the surface under it, from the surface to the centre.
    pub normal: Vec2,
    /// Speed along the surface, px/s, signed: positive along
    /// [`surface_tangent`]`(normal)`, which is rightward on a floor.
    pub speed: f32,
    /// The piece under it.
    pub piece: usize,
}

impl OnSurface {
    /// Its velocity, `speed · T`.
    pub fn velocity(&self) -> Vec2 {
        surface_tangent(self.normal) * self.speed
    }
}

/// The direction of positive speed on a surface with unit normal `n` (from
/// the surface to the body): `(n.y, −n.x)`, rightward on a floor, upward on
/// a wall facing left, leftward on a ceiling.
///
/// ```
/// use tangent_collision::dynamics::surface_tangent;
/// use glam::Vec2;
/// assert_eq!(surface_tangent(Vec2::Y), Vec2::X);
/// assert_eq!(surface_tangent(-Vec2::X), Vec2::Y);
/// ```
pub fn surface_tangent(n: Vec2) -> Vec2 {
    // The one formula, in f64 ([`tangent`]): swapping and negating are
    // exact, so the round trip gives back the same f32s.
    tangent(n.as_dvec2()).as_vec2()
}

/// What one step on a surface ended in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SurfaceStep {
    /// Still on the surface. `blocked`: it ran into something this step
    /// (a wall at a concave corner) and lost speed there.
    Held { on: OnSurface, blocked: bool },
    /// It left the surface: where the normal force would have turned
    /// negative (too slow on a ceiling, too fast over a crest), or at the
    /// end of a ramp. `time_left` of the step was not used; the body flies
    /// from `position` with `velocity`.
    Left {
        position: Vec2,
        velocity: Vec2,
        normal: Vec2,
        piece: usize,
        time_left: f32,
    },
}

/// The nearest surface point to a centre: the piece, its point, and the
/// unit normal from it to the centre.
#[derive(Clone, Copy, Debug)]
struct Near {
    piece: usize,
    t: f64,
    point: DVec2,
    normal: DVec2,
    distance: f64,
    /// The centre has gone round the piece's end ([`around_corner`]).
    corner: bool,
}

/// Every surface within `reach` of `p` that holds a body there (one-way
/// pieces only from their holding side; tile edges only from the front),
/// nearest first.
fn surfaces_near(set: &TerrainSet, p: DVec2, reach: f64, ids: &mut Vec<usize>) -> Vec<Near> {
    let region = Rect::from_center_half_size(p.as_vec2(), Vec2::splat(reach as f32 + 1.0));
    set.query(region, ids);
    let mut found = Vec::with_capacity(ids.len());
    for &i in ids.iter() {
        let piece = set.piece(i);
        let pc = piece.shape.bernstein().power();
        let t = closest_param(&pc.translated(p));
        let point = pc.eval(t);
        let off = p - point;
        let distance = off.length();
        if distance > reach {
            continue;
        }
        let side = piece.holding_side(t as f32).as_dvec2();
        let normal = if distance > 1e-9 {
            off / distance
        } else {
            side.normalize_or(DVec2::Y)
        };
        if (piece.one_way || piece.solid_behind) && normal.dot(side) <= 0.0 {
            continue; // the side it does not hold from
        }
        found.push(Near {
            piece: i,
            t,
            point,
            normal,
            distance,
            corner: around_corner(set, i, t, normal),
        });
    }
    // Nearest first; a corner (a piece's end gone round) only after a
    // surface as near give or take `CORNER_TIE`, so where a curve ends on
    // the floor the floor carries on.
    let key = |w: &Near| w.distance + if w.corner { CORNER_TIE } else { 0.0 };
    found.sort_by(|a, b| key(a).total_cmp(&key(b)));
    found
}

/// Whether a centre whose nearest surface point is at parameter `t` of
/// piece `i`, `normal` out from it, has gone round the corner at the end (its offset is not straight out from the
/// piece there): by a thousandth of a radian past a free end, or past the
/// crate's smooth-joint angle (2.6°) at a joint, whose wedge between two
/// pieces that `f32` kinked a little is not a corner.
fn around_corner(set: &TerrainSet, i: usize, t: f64, normal: DVec2) -> bool {
    let end = if t <= 0.0 {
        0
    } else if t >= 1.0 {
        1
    } else {
        return false;
    };
    let pc = set.piece(i).shape.bernstein().power();
    let Some(into) = pc.end_direction(end == 1) else {
        return true; // a piece that is a point is all corner
    };
    let off = normal.dot(into.normalize()).abs().asin();
    let free = set.joint_ends(i)[end].is_free();
    off > if free { 1e-3 } else { SMOOTH_JOINT_TURN }
}

/// The signed angle from unit `a` to unit `b`, radians.
fn turn(a: DVec2, b: DVec2) -> f64 {
    a.perp_dot(b).atan2(a.dot(b))
}

/// One step of `dt` s of a circle of `radius` held on the surface of `set`
/// under `gravity` (see the module docs): it moves along the surface, over
/// joints, until the step ends, the surface lets go, or a wall stops it.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{OnSurface, SurfaceStep, run_on_surface};
/// // A ramp up at 30°, 400 px long; a circle of radius 10 running up it.
/// let dir = Vec2::new(30f32.to_radians().cos(), 30f32.to_radians().sin());
/// let set = TerrainSet::new(vec![TerrainPiece::solid(Segment::new(Vec2::ZERO, dir * 400.0))]).unwrap();
/// let n = dir.perp();
/// let mut on = OnSurface { position: dir * 50.0 + n * 10.0, normal: n, speed: 600.0, piece: 0 };
/// let gravity = Vec2::new(0.0, -1000.0);
/// for _ in 0..10 {
///     match run_on_surface(&set, 10.0, on, gravity, 1.0 / 60.0) {
///         SurfaceStep::Held { on: next, .. } => on = next,
///         other => panic!("left the ramp: {other:?}"),
///     }
/// }
/// // Slowed by g sin 30° = 500 px/s² for 1/6 s.
/// assert!((on.speed - (600.0 - 500.0 / 6.0)).abs() < 0.5);
/// ```
pub fn run_on_surface(
    set: &TerrainSet,
    radius: f32,
    on: OnSurface,
    gravity: Vec2,
    dt: f32,
) -> SurfaceStep {
    run_on_surface_skipping(set, radius, on, gravity, dt, &[])
}

/// Whether piece `i` (its nearest point at parameter `t`) is one the body
/// may step onto while moving along `moving`: not a piece of `skip` run
/// the same way (`true`: the way its parameter grows) unless it is the
/// piece it is on.
fn may_step_onto(
    set: &TerrainSet,
    near: &Near,
    on: usize,
    moving: DVec2,
    skip: &[(usize, bool)],
) -> bool {
    if near.piece == on || skip.is_empty() {
        return true;
    }
    let pc = set.piece(near.piece).shape.bernstein().power();
    let forward = pc.deriv(near.t.clamp(1e-6, 1.0 - 1e-6)).dot(moving) > 0.0;
    !skip.contains(&(near.piece, forward))
}

/// Whether `near` can hold a body of radius `r` now on piece `on`: a
/// one-way piece the body already sinks into by more than
/// `PASSING_THROUGH` is one it is passing through, as in a step (the tail
/// of a loop's last curve, met by a body rolling along the floor under
/// it, comes down through the body from above its centre).
fn holds(set: &TerrainSet, near: &Near, on: usize, r: f64) -> bool {
    near.piece == on || !set.piece(near.piece).one_way || near.distance >= r - PASSING_THROUGH
}

/// What a substep's trial end makes of the substep.
enum Trial {
    /// Taken, with the speed at its end and whether it met something.
    Take(f64, bool),
    /// Cut in half and tried again.
    Halve,
    /// The surface lets the runner go where the substep began.
    Leave,
}

/// Judges a substep of `h` seconds and `s` px from centre `c` on a surface
/// of normal `n` to centre `next` on surface `to`, at speed `v` (`v_half`
/// at its middle), for a runner of radius and gap `r` under gravity `g`
/// (`hold`: the least push the surface must give).
///
/// - A concave kink sharper than a smooth joint (a floor running into a
///   ramp or a wall) is an inelastic impact: the speed keeps its share
///   along the new surface, `v cos α`.
/// - A turn well past the substep's share (a joint's kink met part-way)
///   is cut finer while it may be (`finer`). (A projection that jumps
///   however short the substep, as between two surfaces equally near, is
///   taken as it is.)
/// - Else velocity Verlet, then the size energy gives for the
///   displacement (the surface does no work). The substep is taken if
///   the surface holds the runner at its end (`v² κ − g·n ≥ hold`); if
///   not, it is halved until it holds or is shorter than
///   `LEAVE_PRECISION`: the body leaves that near to where the surface
///   stops holding it.
fn judge(
    set: &TerrainSet,
    (r, g, hold): (f64, DVec2, f64),
    (c, next, to): (DVec2, DVec2, &Near),
    (n, s, h): (DVec2, f64, f64),
    (v, v_half): (f64, f64),
    finer: bool,
) -> Trial {
    let d = next - c;
    let bend = turn(n, to.normal);
    if bend * s > 0.0 && bend.abs() > SMOOTH_JOINT_TURN && d.length() <= LEAVE_PRECISION {
        return Trial::Take(v * bend.cos().max(0.0), true);
    }
    if bend.abs() > 1.5 * MAX_TURN as f64 && d.length() > LEAVE_PRECISION && finer {
        return Trial::Halve;
    }
    let mut v2 = v_half + g.dot(tangent(to.normal)) * 0.5 * h;
    let energy = v * v + 2.0 * g.dot(d);
    if energy >= 0.0 && v2 * v > 0.0 {
        v2 = v2.signum() * energy.sqrt();
    }
    let push = v2 * v2 * path_curvature(set, to, r) - g.dot(to.normal);
    if push >= hold {
        Trial::Take(v2, false)
    } else if d.length() <= LEAVE_PRECISION || !finer {
        Trial::Leave
    } else {
        Trial::Halve
    }
}

/// The surface a runner `on` a piece starts its step on, within `r`
/// (its radius and the gap) of its centre: exactly on its path (the
/// position and normal were rounded to `f32`); on a tie, as where two
/// pieces meet smoothly, the piece it is on. None: no surface holds it.
fn start_piece(
    set: &TerrainSet,
    on: OnSurface,
    r: f64,
    skip: &[(usize, bool)],
    ids: &mut Vec<usize>,
) -> Option<Near> {
    let moving = on.velocity().as_dvec2();
    let near: Vec<Near> = surfaces_near(set, on.position.as_dvec2(), r + 2.0, ids)
        .into_iter()
        .filter(|w| may_step_onto(set, w, on.piece, moving, skip) && holds(set, w, on.piece, r))
        .collect();
    let own = near.iter().find(|w| {
        w.piece == on.piece
            && near
                .first()
                .is_some_and(|f| w.distance <= f.distance + 1e-3)
    });
    own.or(near.first()).copied()
}

/// A substep's length, s, of the `left` of the step: at most `MAX_ARC`
/// of travel at speed `v`, at most `MAX_TURN` of turn on a path of
/// curvature `kappa`, and at most the time gravity `g` takes to move the
/// body `MAX_ARC` from rest (`√(2 MAX_ARC / |g|)`).
fn substep_time(left: f64, v: f64, kappa: f64, g: DVec2) -> f64 {
    let mut h = left;
    if v != 0.0 {
        h = h.min(MAX_ARC as f64 / v.abs());
        h = h.min(MAX_TURN as f64 / (v.abs() * kappa.abs()));
    }
    if g != DVec2::ZERO {
        h = h.min((2.0 * MAX_ARC as f64 / g.length()).sqrt());
    }
    h
}

/// A substep's end on surface `first`, pushed out of any second surface
/// in the way (a ramp or a wall ahead) the runner may step onto
/// (`allowed`), each in turn, to run on along the last: the centre, the
/// surface, the `velocity` less its part into each (inelastic), whether
/// one was met, and whether it is wedged (still in one after 8 pushes).
fn push_out(
    set: &TerrainSet,
    first: Near,
    mut velocity: DVec2,
    r: f64,
    allowed: &dyn Fn(&Near) -> bool,
    ids: &mut Vec<usize>,
) -> (DVec2, Near, DVec2, bool, bool) {
    let mut next = first.point + first.normal * r;
    let mut to = first;
    let (mut hit, mut wedged) = (false, false);
    for push in 0..=8 {
        let near = surfaces_near(set, next, r + 1.0, ids);
        let Some(worst) = near
            .iter()
            .find(|w| w.distance < r - IN_THE_WAY && allowed(w))
        else {
            break;
        };
        if push == 8 {
            wedged = true;
            break;
        }
        next = worst.point + worst.normal * r;
        hit = true;
        velocity -= velocity.dot(worst.normal).min(0.0) * worst.normal;
        to = *worst;
    }
    (next, to, velocity, hit, wedged)
}

/// - along the path, `dv/dt = g · T`: gravity speeds the body downhill and
///   slows it uphill, and nothing else does work (the surface pushes along
///   `n`, normal to the motion);
/// - across it, `v² κ = g · n + N`, where `κ` is the path's signed
///   curvature (positive where the path bends toward `n`: the inside of a
///   loop, a dip; negative over a crest) and `N ≥ 0` the surface's push per
///   unit mass. So the surface holds the body while
///   `N = v² κ − g · n ≥ 0`: on a concave part `v² κ + g_n ≥ 0`, over a
///   convex crest `v² |κ| ≤ g_n` (`g_n = −g · n`, the part of gravity
///   pressing into the surface), the crate's hill rule. Where it fails the
///   body leaves the surface, with its velocity `v T`.
///
/// On a circle of path radius `R` entered at the bottom at speed `v₀`,
/// energy gives `v² = v₀² − 2 g R (1 − cos θ)` and the rule gives the closed
/// forms the tests check: the body goes round iff `v₀² ≥ 5 g R`, and
/// otherwise (if `v₀² > 2 g R`) leaves at `cos θ = (2 g R − v₀²) / (3 g R)`.
///
/// A step is cut into substeps of at most `MAX_ARC` (1 px) of path and
/// `MAX_TURN` (0.25°) of turn. Each advances the centre along `T` (plus the
/// bend `κ s² / 2` seen on the previous substep) and puts it back at `r`
/// from the nearest surface, straight out from it: that projection is what
/// follows the exact curve, across joints to the next piece, and around a
/// free end. The path's curvature over the substep is measured from the
/// normal's turn, `κ = Δφ / s`, so a sharp corner (the end of a ramp) is
/// seen as the tight turn `1 / r` it is, while a joint that `f32` kinked by
/// a hundredth of a degree is not. When `N` on a substep is negative the
/// substep is halved until it holds, down to a thousandth of a pixel of
/// path: the body leaves that near to where the surface stops holding it
/// (the top of its loop, the end of a ramp). The speed is advanced by velocity
/// Verlet and then given the size energy fixes for the centre's actual
/// displacement `d`, `v'² = v² + 2 g · d`, so the speed over a whole loop
/// drifts by rounding only.
///
/// Something else in the way (the centre closer than `r` to a second
/// surface: a ramp or a wall met at a concave corner) is an inelastic
/// impact: the centre is pushed out of both, and it runs on along the new
/// surface with the speed's share along it (`v cos α` for a turn of `α`;
/// nothing at a right-angle corner, where gravity then brings it back
/// down onto the floor). One-way pieces hold only from their holding side, as in a step;
/// from the other side they are not there.
///
/// [`run_on_surface`], where the body does not step onto the pieces of
/// `skip` in the way given (`true`: the way the piece's parameter grows)
/// unless it is already on them: they are not there for it. A runner
/// that keeps the pieces it ran since it got on a surface runs a loop
/// once and then goes on along the floor it came down to, where the
/// loop's first piece would otherwise take it round again.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{OnSurface, SurfaceStep, run_on_surface_skipping};
/// // A floor and, from x = 100, a ramp going up to the right.
/// let floor = TerrainPiece::solid(Segment::new(Vec2::ZERO, Vec2::new(300.0, 0.0)));
/// let ramp = TerrainPiece::solid(QuadBezier::new(Vec2::new(100.0, 0.0), Vec2::new(200.0, 0.0), Vec2::new(250.0, 80.0)));
/// let set = TerrainSet::new(vec![floor, ramp]).unwrap();
/// let on = OnSurface { position: Vec2::new(60.0, 10.0), normal: Vec2::Y, speed: 600.0, piece: 0 };
/// let g = Vec2::new(0.0, -1000.0);
/// let run = |skip: &[(usize, bool)]| {
///     let mut on = on;
///     for _ in 0..12 {
///         if let SurfaceStep::Held { on: next, .. } = run_on_surface_skipping(&set, 10.0, on, g, 1.0 / 60.0, skip) {
///             on = next;
///         }
///     }
///     on
/// };
/// assert!(run(&[]).position.y > 15.0); // up the ramp
/// assert!((run(&[(1, true)]).position.y - 10.0).abs() < 0.1); // on along the floor
/// ```
pub fn run_on_surface_skipping(
    set: &TerrainSet,
    radius: f32,
    on: OnSurface,
    gravity: Vec2,
    dt: f32,
    skip: &[(usize, bool)],
) -> SurfaceStep {
    let finite = on.position.is_finite()
        && on.normal.is_finite()
        && on.speed.is_finite()
        && gravity.is_finite()
        && dt.is_finite();
    if !finite || radius <= 0.0 || dt <= 0.0 || on.normal.length_squared() == 0.0 {
        return SurfaceStep::Held { on, blocked: false };
    }
    let r = radius as f64 + CURVE_GAP as f64;
    let g = gravity.as_dvec2();
    let hold = -HOLD_TOLERANCE * g.length().max(1.0);
    let mut ids = Vec::new();
    let start = start_piece(set, on, r, skip, &mut ids);
    let Some(mut at) = start else {
        return SurfaceStep::Left {
            position: on.position,
            velocity: on.velocity(),
            normal: on.normal,
            piece: on.piece,
            time_left: dt,
        };
    };
    let mut c = at.point + at.normal * r;
    let mut v = on.speed as f64;
    let mut left = dt as f64;
    let mut blocked = false;
    let leave = |c: DVec2, v: f64, at: &Near, left: f64| SurfaceStep::Left {
        position: c.as_vec2(),
        velocity: (tangent(at.normal) * v).as_vec2(),
        normal: at.normal.as_vec2(),
        piece: at.piece,
        time_left: left as f32,
    };
    for _ in 0..MAX_SUBSTEPS {
        if left <= 0.0 {
            break;
        }
        let n = at.normal;
        let t_dir = tangent(n);
        let kappa = path_curvature(set, &at, r);
        let mut h = substep_time(left, v, kappa, g);
        let mut halvings = 0; // (see `judge`)
        let (next, to, v2, hit) = loop {
            let v_half = v + g.dot(t_dir) * 0.5 * h;
            let s = v_half * h;
            let guess = c + t_dir * s + n * (0.5 * kappa * s * s);
            let moving = t_dir * s.signum();
            let allowed = |w: &Near| {
                may_step_onto(set, w, at.piece, moving, skip) && holds(set, w, at.piece, r)
            };
            let Some(first) = surfaces_near(set, guess, r + s.abs() + 2.0, &mut ids)
                .into_iter()
                .find(allowed)
            else {
                return leave(c, v, &at, left);
            };
            let (next, to, velocity, hit, wedged) =
                push_out(set, first, t_dir * v, r, &allowed, &mut ids);
            if hit {
                if wedged {
                    // Between surfaces it cannot fit between: it stops.
                    break (c, at, 0.0, true);
                }
                break (next, to, velocity.dot(tangent(to.normal)), true);
            }
            let finer = halvings < MAX_HALVINGS;
            let end = (c, next, &to);
            match judge(set, (r, g, hold), end, (n, s, h), (v, v_half), finer) {
                Trial::Take(v2, hit) => break (next, to, v2, hit),
                Trial::Leave => return leave(c, v, &at, left),
                Trial::Halve => {
                    h *= 0.5;
                    halvings += 1;
                }
            }
        };
        blocked |= hit;
        c = next;
        at = to;
        v = v2;
        left -= h;
    }
    SurfaceStep::Held {
        on: OnSurface {
            position: c.as_vec2(),
            normal: at.normal.as_vec2(),
            speed: v as f32,
            piece: at.piece,
        },
        blocked,
    }
}

/// The signed curvature of the centre's path where its nearest surface
/// point is `near`, at distance `r`: positive where it bends toward the
/// centre's side (concave). From the surface's own curvature `κ` (signed
/// the same way), `κ / (1 − r κ)`; round a corner, `−1 / r`. A bend too
/// tight for the circle (`r κ ≥ 1`) is as concave as can be.
fn path_curvature(set: &TerrainSet, near: &Near, r: f64) -> f64 {
    if near.corner {
        return -1.0 / r;
    }
    let pc = set.piece(near.piece).shape.bernstein().power();
    // Where the derivative vanishes (coincident control points at an end)
    // the curvature is taken just inside.
    let t = near.t.clamp(1e-6, 1.0 - 1e-6);
    let (d1, d2) = (pc.deriv(t), pc.deriv_n(2, t));
    let speed = d1.length();
    if speed < 1e-12 {
        return 0.0;
    }
    let left = d1.perp_dot(d2) / (speed * speed * speed);
    let k = if near.normal.dot(d1.perp()) >= 0.0 {
        left
    } else {
        -left
    };
    let bend = 1.0 - r * k;
    if bend <= 1e-9 { 1e9 } else { k / bend }
}

/// The direction of positive speed on a surface of unit normal `n`,
/// `(n.y, −n.x)` (see [`surface_tangent`]).
fn tangent(n: DVec2) -> DVec2 {
    DVec2::new(n.y, -n.x)
}
