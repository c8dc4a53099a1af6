//! Coins: the level's collectibles, placed off the main route (`coins` in
//! the level file). The player takes one by touching it; taken coins stay
//! taken through deaths until the level starts again; the count goes with
//! the finish into the records, where the best is kept. Drawn as spinning
//! gold discs (windowed game), gone once taken.

use bevy::prelude::*;

use super::state::{CurrentLevel, LevelEntity, LevelSpawned};
use crate::collision::{Actor, PhysicsPosition};
use crate::player::Player;

/// A coin's reach: the player touches it within this box's half size.
pub const COIN_HALF: f32 = 10.0;

/// Which of the level's coins this run has taken, in the level's order.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct CoinsTaken(pub Vec<bool>);

impl CoinsTaken {
    /// How many are taken.
    pub fn count(&self) -> u32 {
        self.0.iter().filter(|t| **t).count() as u32
    }
}

/// The player took coin `k` (its index in the level's coins), at `at`.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct CoinTaken {
    pub k: usize,
    pub at: Vec2,
}

/// A coin's sprite (its index in the level's `coins`).
#[derive(Component, Clone, Copy, Debug)]
pub struct CoinSprite(pub usize);

/// Each fixed step after the collision step: a coin the player touches is
/// taken.
pub fn touch_coins(
    level: Option<Res<CurrentLevel>>,
    mut taken: ResMut<CoinsTaken>,
    players: Query<(&Actor, &PhysicsPosition), With<Player>>,
    mut said: MessageWriter<CoinTaken>,
) {
    let Some(level) = level else {
        return;
    };
    let coins = &level.level.file.coins;
    if taken.0.len() != coins.len() {
        taken.0 = vec![false; coins.len()];
    }
    for (actor, pos) in &players {
        let me: Rect = actor.shape.aabb(pos.0).into();
        for (k, &(x, y)) in coins.iter().enumerate() {
            let coin = Rect::from_center_half_size(Vec2::new(x, y), Vec2::splat(COIN_HALF));
            if !taken.0[k] && !coin.intersect(me).is_empty() {
                taken.0[k] = true;
                said.write(CoinTaken {
                    k,
                    at: Vec2::new(x, y),
                });
            }
        }
    }
}

/// A level that starts (or starts again) has every coin there.
pub fn reset_coins(mut spawned: MessageReader<LevelSpawned>, mut taken: ResMut<CoinsTaken>) {
    if spawned.read().any(|s| s.started) {
        taken.0.clear();
    }
}

/// Sprites for a freshly spawned level's coins (windowed game): gold
/// discs with a darker rim.
pub fn draw_coins(
    mut commands: Commands,
    mut spawned: MessageReader<LevelSpawned>,
    level: Option<Res<CurrentLevel>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let (true, Some(level)) = (spawned.read().count() > 0, level) else {
        return;
    };
    let rim = (
        meshes.add(Circle::new(COIN_HALF)),
        materials.add(Color::srgb(0.72, 0.5, 0.08)),
    );
    let face = (
        meshes.add(Circle::new(0.72 * COIN_HALF)),
        materials.add(Color::srgb(1.0, 0.84, 0.2)),
    );
    for (k, &(x, y)) in level.level.file.coins.iter().enumerate() {
        commands
            .spawn((
                LevelEntity,
                CoinSprite(k),
                Mesh2d(rim.0.clone()),
                MeshMaterial2d(rim.1.clone()),
                Transform::from_xyz(x, y, 0.5),
            ))
            .with_child((
                Mesh2d(face.0.clone()),
                MeshMaterial2d(face.1.clone()),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
    }
}

/// Coins turn (their width swings, as a coin spinning on its axis) and a
/// taken one is hidden.
pub fn show_coins(
    time: Res<Time<Real>>,
    taken: Res<CoinsTaken>,
    mut coins: Query<(&CoinSprite, &mut Transform, &mut Visibility)>,
) {
    let t = time.elapsed_secs();
    for (coin, mut tf, mut vis) in &mut coins {
        tf.scale.x = (t * 3.0 + coin.0 as f32).cos().abs().max(0.15);
        let want = if taken.0.get(coin.0).copied().unwrap_or(false) {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *vis != want {
            *vis = want;
        }
    }
}
