//! Screen shake: a crush and a hard landing shake the view, a little and
//! briefly, unless the settings turn it off. Trauma (0 to 1) jumps up on
//! the event and drains at [`SHAKE_DECAY`] per second; the view moves by
//! [`SHAKE_MAX`] times trauma squared (small knocks barely show, big ones
//! do), along a smooth wobble, not noise. The offset is taken off before
//! the camera follows and put back after, so it never steers the camera.

use bevy::prelude::*;

use crate::collision::HitMessage;
use crate::level::{DeathCause, Died};
use crate::player::Player;
use crate::player::camera::GameCamera;
use crate::profile::settings::Settings;

/// The most the view moves, px.
pub const SHAKE_MAX: f32 = 10.0;
/// Trauma lost per second.
pub const SHAKE_DECAY: f32 = 2.5;
/// A landing faster than this (px/s) shakes, more the harder, full at
/// [`HARD_LANDING_FULL`].
pub const HARD_LANDING: f32 = 900.0;
pub const HARD_LANDING_FULL: f32 = 2000.0;

/// How shaken the view is, and the offset it was given last.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Shake {
    pub trauma: f32,
    pub clock: f32,
    pub offset: Vec2,
}

/// The view's offset for `trauma` at `clock` seconds: up to [`SHAKE_MAX`]
/// times trauma squared on each axis, along two sines of unrelated rates.
///
/// ```
/// use tangent::art::shake::{shake_offset, SHAKE_MAX};
/// assert_eq!(shake_offset(0.0, 1.3), bevy::math::Vec2::ZERO);
/// for k in 0..100 {
///     let o = shake_offset(1.0, k as f32 * 0.01);
///     assert!(o.x.abs() <= SHAKE_MAX && o.y.abs() <= SHAKE_MAX);
/// }
/// assert!(shake_offset(0.5, 0.37).length() <= 0.25 * SHAKE_MAX * 2f32.sqrt());
/// ```
pub fn shake_offset(trauma: f32, clock: f32) -> Vec2 {
    let k = SHAKE_MAX * trauma.clamp(0.0, 1.0).powi(2);
    Vec2::new((clock * 47.0).sin(), (clock * 61.0 + 1.7).sin()) * k
}

/// Adds trauma for the player's crushes and hard landings (none when the
/// settings turn shaking off).
pub fn add_trauma(
    settings: Option<Res<Settings>>,
    mut shake: ResMut<Shake>,
    mut died: MessageReader<Died>,
    mut hits: MessageReader<HitMessage>,
    players: Query<(), With<Player>>,
) {
    let on = settings.is_none_or(|s| s.screen_shake);
    let mut add = 0.0f32;
    for d in died.read() {
        if d.cause == DeathCause::Crushed {
            add = add.max(0.8);
        }
    }
    for h in hits.read() {
        if players.contains(h.actor) && h.impact_speed > HARD_LANDING {
            let k = (h.impact_speed - HARD_LANDING) / (HARD_LANDING_FULL - HARD_LANDING);
            add = add.max(0.3 + 0.4 * k.min(1.0));
        }
    }
    if on {
        shake.trauma = (shake.trauma + add).min(1.0);
    } else {
        shake.trauma = 0.0;
    }
}

/// Before the camera follows: takes last frame's offset off.
pub fn unshake(mut shake: ResMut<Shake>, mut camera: Query<&mut Transform, With<GameCamera>>) {
    if let Ok(mut tf) = camera.single_mut() {
        tf.translation -= shake.offset.extend(0.0);
    }
    shake.offset = Vec2::ZERO;
}

/// After the camera follows: drains the trauma and puts this frame's
/// offset on.
pub fn shake_view(
    time: Res<Time<Real>>,
    mut shake: ResMut<Shake>,
    mut camera: Query<&mut Transform, With<GameCamera>>,
) {
    let dt = time.delta_secs();
    shake.clock += dt;
    shake.trauma = (shake.trauma - SHAKE_DECAY * dt).max(0.0);
    shake.offset = shake_offset(shake.trauma, shake.clock);
    if let Ok(mut tf) = camera.single_mut() {
        tf.translation += shake.offset.extend(0.0);
    }
}
