//! Running the curves: past the max slope, the player runs a curve as the
//! collision crate's [`run_among`](crate::collision::run_among()) moves a circle, held by the normal
//! force at any angle (walls, ceilings, the inside of a loop) while the
//! surface can hold it, and leaving it where physics says.
//!
//! **The shape.** An axis-aligned box cannot stand on a wall, so on such a
//! surface the player is a circle about the same centre, of the radius at
//! which its box stands off a slope at the max slope:
//! `r = hx sin θ_max + hy cos θ_max` (16.6 px for the default 10 × 14 half
//! extents and 50°). Where the ground steepens past the max slope the box
//! and the circle stand off it alike, so the switch moves nothing; once the
//! ground is back within the max slope the box returns.
//!
//! (The method in full is on `run_surface`.)

use bevy::prelude::*;

use crate::collision::{
    Actor, ActorMode, ActorShape, BodyMode, Contact, Contacts, Grounded, OnSurface,
    PhysicsPosition, SurfaceRun, SurfaceStep, TerrainIndex, TerrainSet, Touched, Velocity,
    surface_tangent,
};

use super::input::PlayerInput;
use super::roll;
use super::state::{ControllerState, Player, PlayerTuning, RanPieces};

/// The radius of the circle the player runs a surface as: where its
/// standing shape stands off a straight slope at `max_slope`.
pub fn running_radius(standing: ActorShape, max_slope: f32) -> f32 {
    match standing {
        ActorShape::Circle { radius } => radius,
        ActorShape::Rect { half_extents: h } => h.x * max_slope.sin() + h.y * max_slope.cos(),
    }
}

/// The steepest curve the player lands on from the air and runs, as the
/// `y` of its normal: 75.5°. A steeper one (a wall leaning out a little)
/// is a wall it slides down, as before, not one it sticks to.
pub const LANDS_FROM_THE_AIR: f32 = 0.25;

/// Whether a surface with unit normal `n` is steeper than `max_slope`.
fn steep(n: Vec2, max_slope: f32) -> bool {
    n.y < max_slope.cos() - 1e-4
}

/// Off the surface, back to the standing shape (a ball stays a ball).
pub fn off_surface(actor: &mut Actor, st: &mut ControllerState) {
    if !st.rolling
        && let Some(shape) = st.standing.take()
    {
        actor.shape = shape;
    }
    st.surface = None;
}

/// [`off_surface`], the pieces it ran forgotten.
fn stand(actor: &mut Actor, st: &mut ControllerState, ran: &mut RanPieces) {
    off_surface(actor, st);
    ran.forget();
}

/// Notes the piece `on` runs and the way it runs it, and, when it has
/// moved on from the piece it ran before over a joint (that piece's end is
/// an end of this one: not a branch off the floor's middle, nor a curve's
/// tail meeting the floor), that one as run.
fn note(set: &TerrainSet, on: &OnSurface, ran: &mut RanPieces) {
    let at = on.position - on.normal;
    let shape = &set.piece(on.piece).shape;
    let way = (
        on.piece,
        shape.derivative(shape.closest_t(at)).dot(on.velocity()) > 0.0,
    );
    if let Some(before) = ran.on
        && before.0 != on.piece
    {
        let t = set.piece(before.0).shape.closest_t(at);
        let left_by =
            (t <= 1e-3 || t >= 1.0 - 1e-3).then(|| set.piece(before.0).shape.point(t.round()));
        // A joint: the end it left by is an end of the piece it is on.
        let ends = set.piece(on.piece).shape.control_points();
        let joint = left_by.is_some_and(|e| {
            [ends[0], ends[ends.len() - 1]]
                .iter()
                .any(|q| q.distance(e) < 0.01)
        });
        if joint && !ran.ran.contains(&before) {
            ran.ran.push(before);
        }
    }
    if on.speed != 0.0 {
        ran.on = Some(way);
    }
}

/// Before the collision step: a player on a surface is a runner in the
/// step ([`BodyMode::Surface`], with the pieces it ran), any other free.
pub fn set_mode(mut players: Query<(&ControllerState, &RanPieces, &mut ActorMode), With<Player>>) {
    for (st, ran, mut mode) in &mut players {
        mode.0 = match st.surface {
            Some(on) => BodyMode::Surface {
                on,
                skip: ran.ran.clone(),
            },
            None => BodyMode::Free,
        };
    }
}

type RunItem<'a> = (
    &'a mut Actor,
    &'a mut PhysicsPosition,
    &'a mut Velocity,
    &'a mut Grounded,
    &'a mut Contacts,
    &'a mut ControllerState,
    &'a mut RanPieces,
    &'a SurfaceRun,
);

/// **Getting on.** After the collision step, a player that did not jump
/// and touches a level curve (not a tile edge) that did not bounce it steeper than the max slope,
/// or any level curve while faster than the top run speed, runs it: from the ground it ran on (the floor of a loop curving up), or
/// landing from the air on a curve no steeper than 75.5° (a steeper one
/// met from the air is a wall to slide down, as it always was). Its speed along
/// the surface is its velocity's projection on the tangent (the step has
/// already taken away the part into the surface). Tile walls stay walls.
///
/// **On it.** Run input speeds it along the surface by `surface_accel`
/// (a fifth of gravity by default: a wall is climbed on momentum) up to
/// the top run speed, and never slows a faster runner that holds the way
/// it goes;
/// running against the motion brakes; no input keeps the speed. Gravity
/// along the surface does the rest. A jump leaves along the surface's
/// normal plus the surface velocity (the variable jump height only where
/// the surface faces up). While it runs it is a runner in the collision
/// step ([`set_mode`]: `BodyMode::Surface`): the step holds it where it is
/// (no velocity, no gravity) while the other bodies move, so they still
/// meet it there (and what they give it, it keeps: it runs on from where
/// the step left it, that velocity along the surface added to its speed),
/// then runs it along the surface among them: it stops at the first body
/// in its way and the two trade the impulse of an impact along the contact
/// normal, with the product of their restitutions (the crate's
/// [`run_among`](crate::collision::run_among())). [`run_surface`] reads what
/// the run did (`SurfaceRun`) and decides what the player does next.
///
/// **Loops.** While it runs, it keeps the pieces it ran and the way it
/// ran them ([`RanPieces`]), and does not step onto one of them that way
/// again until it gets off or turns back: so it runs a loop once and comes down onto
/// the floor past it, where the loop's first piece would otherwise take
/// it round again (a loop drawn as `tangent_level::format::loops` draws it).
///
/// **Rolling** (`player::roll`): a ball runs every surface this way, tile
/// edges too, at any angle and speed, until it uncurls.
///
/// **Getting off.** It stands again (the box returns) where the ground is
/// back within the max slope and it is no faster than the top run speed:
/// a fast runner stays on the exact surface through the bottom of a
/// half-pipe or a loop's floor, where the box, meeting a curve bending
/// up with a corner, would lose speed at every step (measured: a sixth of
/// its speed at the step it switched back, and a fifth of its energy
/// over the half-pipe's bottom). Where the ground drops away or turns
/// over the top too fast, the surface lets it go and it flies.
///
/// After the collision step: keeps a player that ran a surface on it (or
/// lets it go, or stands it up), and puts a player that has just met a
/// steep curve on it. See the module docs.
pub fn run_surface(
    index: Res<TerrainIndex>,
    tuning: Res<PlayerTuning>,
    input: Res<PlayerInput>,
    mut players: Query<RunItem, With<Player>>,
) {
    let max_run = tuning.0.max_run;
    let set = &index.set;
    for (mut actor, mut pos, mut vel, mut grounded, mut contacts, mut st, mut ran, run) in
        &mut players
    {
        let max_slope = actor.max_slope;
        // Past the max slope, or faster than the top run speed, it keeps
        // to the surface; else it stands.
        let stays_on = |on: &OnSurface| steep(on.normal, max_slope) || on.speed.abs() > max_run;
        if st.surface.is_some() {
            let ActorShape::Circle { radius } = actor.shape else {
                stand(&mut actor, &mut st, &mut ran);
                continue;
            };
            // The collision step ran it (run_among: along the surface,
            // stopped at the first body in its way, the two trading an
            // impulse, which the step gave that body).
            let Some(run) = run.0 else {
                continue;
            };
            // Where it ran from: moved by another body that met it in the
            // step, if one did.
            let on = run.start;
            let step = run.step;
            match step {
                SurfaceStep::Held { on: next, .. } => {
                    if next.speed * on.speed < 0.0 {
                        ran.forget(); // turned back: a new run
                    }
                    let on = next;
                    pos.0 = on.position;
                    vel.0 = on.velocity();
                    grounded.0 = true;
                    contacts.0.clear();
                    contacts.0.push(surface_contact(&on, radius));
                    if st.rolling {
                        let stay = on.speed.abs() >= 0.5 * tuning.0.roll_speed
                            && (input.down || steep(on.normal, max_slope));
                        let body = (&mut *actor, &mut *st, &mut *ran);
                        pos.0 = roll_on(on, stay, radius, &stays_on, set, body);
                    } else if stays_on(&on) {
                        st.surface = Some(on);
                        note(set, &on, &mut ran);
                    } else {
                        stand(&mut actor, &mut st, &mut ran);
                    }
                }
                SurfaceStep::Left {
                    position, velocity, ..
                } => {
                    pos.0 = position;
                    vel.0 = velocity;
                    grounded.0 = false;
                    contacts.0.clear();
                    stand(&mut actor, &mut st, &mut ran);
                }
            }
            continue;
        }
        // (A dash goes past surfaces: it slides along them, as any motion.)
        if st.jumped || actor.drop_through || st.dash.is_some() {
            continue;
        }
        let fast = vel.0.length() > max_run + 1e-3;
        let meets = meets_surface(&contacts, set, &st, max_slope, fast);
        let Some((piece, normal)) = meets else {
            continue;
        };
        if !st.rolling {
            let standing = actor.shape;
            actor.shape = ActorShape::Circle {
                radius: running_radius(standing, max_slope),
            };
            st.standing = Some(standing);
        }
        let on = OnSurface {
            position: pos.0,
            normal,
            speed: vel.0.dot(surface_tangent(normal)),
            piece,
        };
        st.surface = Some(on);
        ran.forget();
        grounded.0 = true;
    }
}

/// The contact a runner has with the surface it is `on`, as a circle of
/// `radius`: the surface's point under it, with its normal.
fn surface_contact(on: &OnSurface, radius: f32) -> Contact {
    Contact {
        point: on.position - on.normal * radius,
        normal: on.normal,
        with: Touched::Piece(on.piece),
        velocity: Vec2::ZERO,
        hits: Default::default(),
        impact_speed: 0.0,
        bounced: false,
    }
}

/// A ball held `on` a surface after the step: rolls on while it should
/// `stay` a ball (fast enough, and down held or the surface steep) or has
/// no room to uncurl (for a runner, the grown circle clear of every
/// piece); else uncurls, as the circle it runs the surface as
/// when it `stays_on` it, or standing again. Its new position.
fn roll_on(
    mut on: OnSurface,
    stay: bool,
    radius: f32,
    stays_on: &dyn Fn(&OnSurface) -> bool,
    set: &TerrainSet,
    (actor, st, ran): (&mut Actor, &mut ControllerState, &mut RanPieces),
) -> Vec2 {
    let standing = st.standing.unwrap_or(actor.shape);
    // Uncurling onto a steep surface, the circle it runs it as grows about
    // a centre moved out along the normal; in a crease that circle can
    // meet the other surface: then it stays a ball.
    let r = running_radius(standing, actor.max_slope);
    let grown = on.position + on.normal * (r - radius);
    let runner_fits = || roll::fits(set, ActorShape::Circle { radius: r }, grown);
    // (Room to uncurl is looked for only when it would: not every step.)
    let uncurl = (!stay)
        .then(|| roll::uncurled(set, actor, standing, &on))
        .flatten()
        .filter(|_| !stays_on(&on) || runner_fits());
    match uncurl {
        Some(at) => {
            st.rolling = false;
            if stays_on(&on) {
                on.position = grown;
                actor.shape = ActorShape::Circle { radius: r };
                st.surface = Some(on);
            } else {
                on.position = at;
                stand(actor, st, ran);
            }
        }
        None => {
            st.surface = Some(on);
            note(set, &on, ran);
        }
    }
    on.position
}

/// The level curve a player not on a surface gets on after the step, with
/// its normal: one it touches that did not bounce it, not a mover's
/// (movers are ridden, not run: their surfaces move), not a solid-behind
/// tile edge unless rolling, steeper than `max_slope` unless rolling or
/// `fast`, and landed on from the air only up to [`LANDS_FROM_THE_AIR`].
fn meets_surface(
    contacts: &Contacts,
    set: &TerrainSet,
    st: &ControllerState,
    max_slope: f32,
    fast: bool,
) -> Option<(usize, Vec2)> {
    let rolling = st.rolling;
    contacts.iter().find_map(|c| match c.with {
        Touched::Piece(i)
            if set.mover_of(i).is_none()
                && (rolling || !set.piece(i).solid_behind)
                && !c.bounced
                && (rolling || steep(c.normal, max_slope) || fast)
                && (st.was_grounded || c.normal.y >= LANDS_FROM_THE_AIR) =>
        {
            Some((i, c.normal))
        }
        _ => None,
    })
}
