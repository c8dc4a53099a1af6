//! Dust: soft puffs kicked up at the player's feet when it lands hard or
//! turns at speed. Each puff drifts outward and up, slows, grows and fades
//! over [`PUFF_LIFE`] seconds, then is gone.

use bevy::prelude::*;

use crate::assets::GameAssets;
use crate::level::LevelEntity;

/// Raise `count` puffs at `at`, thrown sideways at up to `speed` px/s.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct DustPuff {
    pub at: Vec2,
    pub count: u32,
    pub speed: f32,
}

/// A puff in the air: its velocity and age.
#[derive(Component, Clone, Copy, Debug)]
pub struct Puff {
    pub velocity: Vec2,
    pub age: f32,
}

/// How long a puff lasts, s.
pub const PUFF_LIFE: f32 = 0.45;
/// The puff's cell in `props.png`.
const PUFF_CELL: Rect = Rect {
    min: Vec2::new(64.0, 0.0),
    max: Vec2::new(96.0, 32.0),
};

pub fn spawn_puffs(
    mut commands: Commands,
    mut puffs: MessageReader<DustPuff>,
    assets: Res<GameAssets>,
) {
    for p in puffs.read() {
        for i in 0..p.count {
            // Spread evenly both ways (no randomness: the same landing looks
            // the same).
            let side = if i % 2 == 0 { 1.0 } else { -1.0 };
            let k = (i / 2 + 1) as f32 / (p.count / 2 + 1) as f32;
            let velocity = Vec2::new(side * p.speed * k, 25.0 + 30.0 * k);
            commands.spawn((
                LevelEntity,
                Puff { velocity, age: 0.0 },
                Sprite {
                    image: assets.props.clone(),
                    rect: Some(PUFF_CELL),
                    custom_size: Some(Vec2::splat(10.0)),
                    ..default()
                },
                Transform::from_xyz(p.at.x, p.at.y + 3.0, 9.0),
            ));
        }
    }
}

/// The size and opacity of a puff `age` s old.
///
/// ```
/// use tangent::art::dust::{puff_look, PUFF_LIFE};
/// let (s0, a0) = puff_look(0.0);
/// let (s1, a1) = puff_look(PUFF_LIFE);
/// assert!(s1 > s0 && a0 > 0.5 && a1 == 0.0);
/// ```
pub fn puff_look(age: f32) -> (f32, f32) {
    let t = (age / PUFF_LIFE).clamp(0.0, 1.0);
    (10.0 + 12.0 * t, 0.8 * (1.0 - t))
}

pub fn drift_puffs(
    mut commands: Commands,
    time: Res<Time>,
    mut puffs: Query<(Entity, &mut Puff, &mut Transform, &mut Sprite)>,
) {
    let dt = time.delta_secs();
    for (e, mut p, mut tf, mut sprite) in &mut puffs {
        p.age += dt;
        if p.age >= PUFF_LIFE {
            commands.entity(e).despawn();
            continue;
        }
        let v = p.velocity;
        tf.translation += (v * dt).extend(0.0);
        p.velocity = v * (-6.0 * dt).exp();
        let (size, alpha) = puff_look(p.age);
        sprite.custom_size = Some(Vec2::splat(size));
        sprite.color = Color::srgba(1.0, 1.0, 1.0, alpha);
    }
}
