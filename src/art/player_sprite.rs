//! The player's sprite: a frame of `assets/player.png` chosen from what the
//! body does (idle breathing, a run cycle paced by the distance run, jump,
//! fall, a landing pose), flipped to face the way it last moved, and
//! squashed and stretched: tall and thin as it jumps, wide and flat as it
//! lands (by how hard), easing back with a critically damped spring, and
//! turned smoothly to the ground's angle while it runs a wall, a ceiling
//! or a loop (the camera does not turn), curled and spinning as it rolls. The
//! sprite is a child of the physics body, scaled about its feet, so none of
//! this touches the collision box.

use bevy::prelude::*;

use super::dust::DustPuff;
use super::respawn::{SinceRespawn, fade_in};
use crate::assets::GameAssets;
use crate::collision::{Grounded, Velocity};
use crate::player::{ControllerState, Player, PlayerInput};

/// A frame's size in the sheet, px.
pub const FRAME: Vec2 = Vec2::new(24.0, 32.0);
/// The frames, by their cell in the sheet.
pub const IDLE: [usize; 2] = [0, 1];
pub const RUN: [usize; 4] = [2, 3, 4, 5];
pub const JUMP: usize = 6;
pub const FALL: usize = 7;
pub const LAND: usize = 8;
/// Curled into a ball, centred in the frame (turned as it rolls).
pub const ROLL: usize = 9;
/// Sliding down a wall on the frame's left (flipped for a wall on the right).
pub const SLIDE: usize = 10;
/// Dashing toward the frame's right.
pub const DASH: usize = 11;

/// The frame and facing of a verb that has its own pose: dashing (facing
/// the dash's way when it has a sideways part) or sliding down a wall
/// (facing away from the wall, so the frame's left side is on it).
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::art::player_sprite::{DASH, SLIDE, verb_pose};
/// use tangent::player::ControllerState;
/// use tangent::player::state::Dash;
/// let mut st = ControllerState::default();
/// assert_eq!(verb_pose(&st), None);
/// st.sliding = true;
/// st.wall = Some((Vec2::new(-1.0, 0.0), 6)); // a wall on the right
/// assert_eq!(verb_pose(&st), Some((SLIDE, Some(-1.0))));
/// st.dash = Some(Dash { dir: Vec2::new(0.0, 1.0), steps: 3 });
/// assert_eq!(verb_pose(&st), Some((DASH, None)));
/// ```
pub fn verb_pose(state: &ControllerState) -> Option<(usize, Option<f32>)> {
    if let Some(d) = state.dash {
        let facing = (d.dir.x != 0.0).then(|| d.dir.x.signum());
        return Some((DASH, facing));
    }
    if state.sliding {
        let facing = state.wall.map(|(n, _)| n.x.signum());
        return Some((SLIDE, facing));
    }
    None
}

/// Distance run per frame of the run cycle, px.
pub const STRIDE: f32 = 14.0;
/// How fast the sprite turns toward the ground's angle, 1/s: it closes
/// that share of the gap each second (exponentially), so it turns smoothly
/// round a loop and never snaps on a joint's kink.
pub const TURN_RATE: f32 = 25.0;

/// How wide the ball of the [`ROLL`] frame is, in the sheet's pixels.
pub const ROLL_DIAMETER: f32 = 20.0;

/// The sprite's scale while rolling, for a sprite drawn at `size` (the
/// player's box): the [`ROLL`] frame's ball then spans the rolling body,
/// `2 r` across both ways, with `r` the box's smaller half extent (the
/// ball's radius, as `player::roll::roll_radius` makes it).
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::art::player_sprite::*;
/// let size = Vec2::new(20.0, 28.0);
/// let drawn = size * roll_scale(size) * ROLL_DIAMETER / FRAME;
/// assert!((drawn - Vec2::splat(20.0)).abs().max_element() < 1e-4);
/// ```
pub fn roll_scale(size: Vec2) -> Vec2 {
    size.min_element() * FRAME / (ROLL_DIAMETER * size)
}

/// The turn of a ball of `radius` px that was at `angle` after rolling
/// `distance` px forward (positive: clockwise, as a ball rolling right
/// turns), in `[0, 2π)`: a ball rolls without slipping, so it turns by
/// `distance / radius`. The rolling player's ball has the box's smaller
/// half extent as its radius (`player::roll::roll_radius`). A ball of no
/// size does not spin.
///
/// ```
/// use std::f32::consts::{PI, TAU};
/// use tangent::art::player_sprite::spun;
/// // Rolling half its circumference forward turns a ball half a turn.
/// assert!((spun(0.0, PI * 10.0, 10.0) - PI).abs() < 1e-5);
/// // A ball twice as big turns half as far for the same roll.
/// assert!((spun(0.0, PI * 10.0, 20.0) - 1.5 * PI).abs() < 1e-5);
/// assert_eq!(spun(1.0, 50.0, 0.0), 1.0);
/// assert!((0.0..TAU).contains(&spun(0.0, -1e4, 7.0)));
/// ```
pub fn spun(angle: f32, distance: f32, radius: f32) -> f32 {
    if radius <= 0.0 {
        return angle;
    }
    (angle - distance / radius).rem_euclid(std::f32::consts::TAU)
}

/// How long the landing pose shows, s.
pub const LAND_POSE: f32 = 0.1;
/// Faster than this sideways (px/s), the player runs rather than stands.
pub const RUN_SPEED: f32 = 20.0;

/// The player's look, on the sprite child.
#[derive(Component, Clone, Copy, Debug)]
pub struct PlayerLook {
    /// +1 facing right, -1 left.
    pub facing: f32,
    /// Distance run on the ground, px (paces the run cycle).
    pub run: f32,
    /// Seconds since landing.
    pub since_land: f32,
    /// The fastest fall since leaving the ground, px/s (0 or negative).
    pub fall: f32,
    /// Squash (x) and stretch (y) scale now, and its rate of change.
    pub scale: Vec2,
    pub scale_rate: Vec2,
    pub grounded: bool,
    /// Seconds the look has been shown.
    pub clock: f32,
    /// The sprite's turn, radians: toward the ground's angle while the
    /// player runs a surface past the max slope, upright otherwise.
    pub angle: f32,
}

impl Default for PlayerLook {
    fn default() -> Self {
        PlayerLook {
            facing: 1.0,
            run: 0.0,
            since_land: 1.0,
            fall: 0.0,
            scale: Vec2::ONE,
            scale_rate: Vec2::ZERO,
            grounded: true,
            angle: 0.0,
            clock: 0.0,
        }
    }
}

/// How much bigger than the body's box the sprite is drawn: the frames'
/// art is 26 of their 32 rows tall, so the figure itself is the box's
/// height, its feet on the box's bottom (its hood, like Celeste's hair,
/// a little wider than the box).
pub const SPRITE_OVER_BOX: f32 = 32.0 / 26.0;

/// The sprite of a player whose box is `size`.
pub fn player_sprite(assets: &GameAssets, size: Vec2) -> impl Bundle {
    (
        PlayerLook::default(),
        Sprite {
            image: assets.player.clone(),
            rect: Some(frame_rect(IDLE[0])),
            custom_size: Some(size * SPRITE_OVER_BOX),
            ..default()
        },
        Transform::from_xyz(0.0, 0.5 * (SPRITE_OVER_BOX - 1.0) * size.y, 0.1),
    )
}

/// The sheet's rectangle of frame `i`.
pub fn frame_rect(i: usize) -> Rect {
    let x = i as f32 * FRAME.x;
    Rect::new(x, 0.0, x + FRAME.x, FRAME.y)
}

/// The frame for a body `grounded` or not, moving at `velocity`, `since_land`
/// seconds after landing, having run `run` px, `clock` s into the level.
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::art::player_sprite::*;
/// assert_eq!(pick_frame(true, Vec2::ZERO, 1.0, 0.0, 0.2), IDLE[0]);
/// assert_eq!(pick_frame(true, Vec2::ZERO, 1.0, 0.0, 0.7), IDLE[1]);
/// assert_eq!(pick_frame(true, Vec2::new(200.0, 0.0), 1.0, 3.0 * STRIDE, 0.0), RUN[3]);
/// assert_eq!(pick_frame(false, Vec2::new(0.0, 300.0), 1.0, 0.0, 0.0), JUMP);
/// assert_eq!(pick_frame(false, Vec2::new(0.0, -300.0), 1.0, 0.0, 0.0), FALL);
/// assert_eq!(pick_frame(true, Vec2::new(200.0, 0.0), 0.05, 0.0, 0.0), LAND);
/// ```
pub fn pick_frame(grounded: bool, velocity: Vec2, since_land: f32, run: f32, clock: f32) -> usize {
    if !grounded {
        return if velocity.y > 0.0 { JUMP } else { FALL };
    }
    if since_land < LAND_POSE {
        return LAND;
    }
    if velocity.x.abs() > RUN_SPEED {
        return RUN[(run / STRIDE) as usize % RUN.len()];
    }
    IDLE[(clock * 2.0) as usize % IDLE.len()]
}

/// How fast the squash and stretch ease back, 1/s.
pub const SPRING_RATE: f32 = 18.0;

/// One step of a critically damped spring pulling `x` (rate `v`) to 1.
pub fn spring(x: Vec2, v: Vec2, dt: f32) -> (Vec2, Vec2) {
    let w = SPRING_RATE;
    let a = -w * w * (x - Vec2::ONE) - 2.0 * w * v;
    let v = v + a * dt;
    (x + v * dt, v)
}

/// The squash of a landing at `fall` px/s (negative): wider and flatter the
/// harder, up to 35 %.
pub fn landing_squash(fall: f32) -> Vec2 {
    let k = (-fall / 1500.0).clamp(0.0, 0.35);
    Vec2::new(1.0 + k, 1.0 - k)
}

/// The stretch of a jump: 25 % taller, 20 % thinner.
pub const JUMP_STRETCH: Vec2 = Vec2::new(0.8, 1.25);

/// Landing faster than this (px/s) raises dust.
pub const DUST_LANDING: f32 = 250.0;
/// Turning while running faster than this (px/s) raises dust.
pub const DUST_TURN: f32 = 120.0;

type Body<'a> = (
    &'a Velocity,
    &'a Grounded,
    &'a ControllerState,
    &'a Transform,
    &'a Children,
);
type Look<'a> = (&'a mut PlayerLook, &'a mut Sprite, &'a mut Transform);

/// Animates every player's sprite child, and raises dust at its feet when
/// it lands hard or turns at speed.
pub fn animate_player(
    time: Res<Time>,
    input: Option<Res<PlayerInput>>,
    players: Query<Body, (With<Player>, Without<PlayerLook>)>,
    mut sprites: Query<Look>,
    mut dust: MessageWriter<DustPuff>,
) {
    let dt = time.delta_secs();
    if dt <= 0.0 {
        return; // paused: hold the pose
    }
    let input = input.map(|i| *i).unwrap_or_default();
    for (v, grounded, state, body_tf, children) in &players {
        for child in children.iter() {
            let Ok((mut look, mut sprite, mut tf)) = sprites.get_mut(child) else {
                continue;
            };
            let v = v.0;
            look.clock += dt;
            if v.x.abs() > RUN_SPEED {
                look.facing = v.x.signum();
            }
            // The body's box (the sprite is drawn bigger).
            let size = sprite.custom_size.unwrap_or(FRAME) / SPRITE_OVER_BOX;
            let h = size.y;
            let feet = body_tf.translation.truncate() - Vec2::new(0.0, 0.5 * h);
            if grounded.0 {
                look.run += v.x.abs() * dt;
                look.since_land += dt;
                if !look.grounded {
                    look.since_land = 0.0;
                    look.scale = landing_squash(look.fall);
                    look.scale_rate = Vec2::ZERO;
                    if look.fall < -DUST_LANDING {
                        dust.write(DustPuff {
                            at: feet,
                            count: 6,
                            speed: (-look.fall * 0.15).min(160.0),
                        });
                    }
                }
                let pushing = input.run_axis();
                if pushing * v.x < 0.0
                    && v.x.abs() > DUST_TURN
                    && (look.clock * 20.0).fract() < 0.34
                {
                    dust.write(DustPuff {
                        at: feet,
                        count: 1,
                        speed: 60.0,
                    });
                }
                look.fall = 0.0;
            } else {
                look.fall = look.fall.min(v.y);
                if state.jumped && look.grounded {
                    look.scale = JUMP_STRETCH;
                    look.scale_rate = Vec2::ZERO;
                }
            }
            look.grounded = grounded.0;
            let (s, r) = spring(look.scale, look.scale_rate, dt.min(1.0 / 30.0));
            look.scale = s;
            look.scale_rate = r;
            let mut frame = pick_frame(grounded.0, v, look.since_land, look.run, look.clock);
            if let Some((pose, facing)) = verb_pose(state) {
                frame = pose;
                look.facing = facing.unwrap_or(look.facing);
            }
            sprite.rect = Some(frame_rect(frame));
            sprite.flip_x = look.facing < 0.0;
            if state.rolling {
                sprite.rect = Some(frame_rect(ROLL));
                let speed = state.surface.map_or(v.x, |on| on.speed);
                look.angle = spun(look.angle, speed * dt, 0.5 * size.min_element());
            } else {
                let target = state
                    .surface
                    .map_or(0.0, |on| (-on.normal.x).atan2(on.normal.y));
                let gap = (target - look.angle + std::f32::consts::PI)
                    .rem_euclid(std::f32::consts::TAU)
                    - std::f32::consts::PI;
                look.angle += gap * (1.0 - (-TURN_RATE * dt).exp());
            }
            // Scaled about the feet: the box's bottom stays where it is;
            // turned about the body's centre.
            let turn = Quat::from_rotation_z(look.angle);
            tf.rotation = turn;
            if state.rolling {
                // Curled to the ball's size, about its centre.
                tf.scale = (roll_scale(size) / SPRITE_OVER_BOX).extend(1.0);
                tf.translation = Vec3::new(0.0, 0.0, tf.translation.z);
            } else {
                tf.scale = look.scale.extend(1.0);
                let up = -0.5 * h + 0.5 * SPRITE_OVER_BOX * h * look.scale.y;
                tf.translation = turn * Vec3::new(0.0, up, tf.translation.z);
            }
        }
    }
}

/// The player's tint with no dash left (Celeste's hair turns blue).
pub const NO_DASH_TINT: Color = Color::srgb(0.5, 0.7, 1.0);

/// The player's colour: it says whether a dash is left (its own colours
/// with one, or dashing; [`NO_DASH_TINT`] without), and its opacity fades
/// it back in after a respawn ([`super::respawn::fade_in`]).
pub fn colour_player(
    since: Res<SinceRespawn>,
    players: Query<(&ControllerState, &Children), With<Player>>,
    mut sprites: Query<&mut Sprite, With<PlayerLook>>,
) {
    for (state, children) in &players {
        let tint = if state.dash_spent() {
            NO_DASH_TINT
        } else {
            Color::WHITE
        };
        let color = tint.with_alpha(fade_in(since.0));
        for child in children.iter() {
            if let Ok(mut sprite) = sprites.get_mut(child)
                && sprite.color != color
            {
                sprite.color = color;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spring_settles_at_one_without_overshooting() {
        for start in [landing_squash(-2000.0), JUMP_STRETCH, Vec2::new(1.3, 0.6)] {
            let (mut x, mut v) = (start, Vec2::ZERO);
            let mut worst_overshoot = 0.0f32;
            for _ in 0..60 {
                (x, v) = spring(x, v, 1.0 / 60.0);
                let past = (x - Vec2::ONE) * (start - Vec2::ONE).signum();
                worst_overshoot = worst_overshoot.max(-past.min_element());
            }
            assert!((x - Vec2::ONE).abs().max_element() < 1e-3, "{start} -> {x}");
            assert!(
                worst_overshoot < 0.02,
                "{start}: overshoot {worst_overshoot}"
            );
        }
    }

    #[test]
    fn the_run_cycle_steps_one_frame_per_stride_and_wraps() {
        let v = Vec2::new(300.0, 0.0);
        let frames: Vec<usize> = (0..9)
            .map(|i| pick_frame(true, v, 1.0, (i as f32 + 0.5) * STRIDE, 0.0))
            .collect();
        assert_eq!(frames, [2, 3, 4, 5, 2, 3, 4, 5, 2]);
    }
}
