//! The moves' marks in the air: a dash leaves a trail of fading
//! afterimages of the player (Celeste's), and a wall slide kicks dust off
//! the wall at the player's hands.

use bevy::prelude::*;

use super::dust::DustPuff;
use super::player_sprite::PlayerLook;
use crate::level::LevelEntity;
use crate::player::{ControllerState, Player};

/// How long an afterimage lasts, s.
pub const AFTERIMAGE_LIFE: f32 = 0.22;
/// Time between afterimages while dashing, s (every other frame at 60 Hz).
pub const AFTERIMAGE_EVERY: f32 = 1.0 / 30.0;
/// Time between dust puffs while sliding down a wall, s.
pub const SLIDE_DUST_EVERY: f32 = 0.1;

/// A copy of the player's sprite left behind by a dash, fading out.
#[derive(Component, Clone, Copy, Debug)]
pub struct Afterimage {
    pub age: f32,
}

/// An afterimage's colour `age` s after it was left: the dash's cyan,
/// half seen at first, gone at [`AFTERIMAGE_LIFE`].
///
/// ```
/// use bevy::color::Alpha;
/// use tangent::art::trail::{afterimage_color, AFTERIMAGE_LIFE};
/// assert!(afterimage_color(0.0).alpha() > 0.4);
/// assert_eq!(afterimage_color(AFTERIMAGE_LIFE).alpha(), 0.0);
/// ```
pub fn afterimage_color(age: f32) -> Color {
    let t = (age / AFTERIMAGE_LIFE).clamp(0.0, 1.0);
    Color::srgba(0.55, 0.9, 1.0, 0.5 * (1.0 - t))
}

/// Leaves an afterimage of each dashing player's sprite every
/// [`AFTERIMAGE_EVERY`] seconds, and kicks dust off the wall every
/// [`SLIDE_DUST_EVERY`] seconds of a wall slide.
pub fn leave_marks(
    mut commands: Commands,
    time: Res<Time>,
    players: Query<(&ControllerState, &GlobalTransform, &Children), With<Player>>,
    sprites: Query<(&Sprite, &GlobalTransform), With<PlayerLook>>,
    mut dust: MessageWriter<DustPuff>,
    mut clocks: Local<(f32, f32)>,
) {
    let dt = time.delta_secs();
    let (trail, slide) = &mut *clocks;
    for (state, body, children) in &players {
        *trail = if state.dash.is_some() {
            *trail - dt
        } else {
            0.0
        };
        if state.dash.is_some() && *trail <= 0.0 {
            *trail = AFTERIMAGE_EVERY;
            for child in children.iter() {
                let Ok((sprite, at)) = sprites.get(child) else {
                    continue;
                };
                let mut tf = at.compute_transform();
                tf.translation.z -= 0.05;
                commands.spawn((
                    LevelEntity,
                    Afterimage { age: 0.0 },
                    Sprite {
                        color: afterimage_color(0.0),
                        ..sprite.clone()
                    },
                    tf,
                ));
            }
        }
        *slide = if state.sliding { *slide - dt } else { 0.0 };
        if let (true, Some((normal, _))) = (state.sliding && *slide <= 0.0, state.wall) {
            *slide = SLIDE_DUST_EVERY;
            // At the hands, on the wall: half the body's width toward it.
            let at = body.translation().truncate() - normal * 10.0 + Vec2::new(0.0, 6.0);
            dust.write(DustPuff {
                at,
                count: 1,
                speed: 30.0,
            });
        }
    }
}

/// Ages the afterimages, fading each out and removing it at the end.
pub fn fade_afterimages(
    mut commands: Commands,
    time: Res<Time>,
    mut images: Query<(Entity, &mut Afterimage, &mut Sprite)>,
) {
    for (e, mut a, mut sprite) in &mut images {
        a.age += time.delta_secs();
        if a.age >= AFTERIMAGE_LIFE {
            commands.entity(e).despawn();
        } else {
            sprite.color = afterimage_color(a.age);
        }
    }
}
