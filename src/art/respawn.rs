//! The respawn: after a death the player fades in where it comes back,
//! over [`FADE_IN`] seconds (the red ring marks where it died). This file
//! keeps the time since; the sprite's colour, alpha included, is set in
//! one place, `player_sprite::colour_player`.

use bevy::prelude::*;

use crate::level::Died;

/// How long the player takes to fade back in, s.
pub const FADE_IN: f32 = 0.35;

/// Seconds since the last respawn (none yet: fully shown).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SinceRespawn(pub f32);

impl Default for SinceRespawn {
    fn default() -> Self {
        SinceRespawn(FADE_IN)
    }
}

/// The player's opacity `t` seconds after coming back.
///
/// ```
/// use tangent::art::respawn::{fade_in, FADE_IN};
/// assert_eq!(fade_in(0.0), 0.0);
/// assert_eq!(fade_in(FADE_IN), 1.0);
/// assert!((fade_in(FADE_IN / 2.0) - 0.5).abs() < 1e-6);
/// ```
pub fn fade_in(t: f32) -> f32 {
    (t / FADE_IN).clamp(0.0, 1.0)
}

/// Restarts the fade on a death; counts the time since otherwise.
pub fn count_since_respawn(
    time: Res<Time>,
    mut since: ResMut<SinceRespawn>,
    mut died: MessageReader<Died>,
) {
    since.0 = if died.read().count() > 0 {
        0.0
    } else {
        (since.0 + time.delta_secs()).min(FADE_IN)
    };
}
