//! Refill crystals: a player with no dash left who touches one gets the
//! dash back, and the crystal is gone for [`CRYSTAL_RESPAWN`] seconds
//! (Celeste's 2.5). Placed by the level's `crystals`; drawn as gems.

use bevy::prelude::*;

use super::state::{CurrentLevel, LevelEntity, LevelSpawned};
use crate::assets::GameAssets;
use crate::collision::{Actor, PhysicsPosition};
use crate::player::state::in_steps;
use crate::player::{ControllerState, Player};

/// A crystal's reach: the player touches it within this box's half size.
pub const CRYSTAL_HALF: f32 = 12.0;
/// Seconds a used crystal is gone.
pub const CRYSTAL_RESPAWN: f32 = 2.5;

/// Each crystal's fixed steps until it is back (0: there), in the level's
/// order.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct CrystalTimers(pub Vec<u32>);

/// The player took crystal `k` (its index in the level's crystals), at `at`.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct CrystalTaken {
    pub k: usize,
    pub at: Vec2,
}

/// A crystal's gem (its index in the level's `crystals`).
#[derive(Component, Clone, Copy, Debug)]
pub struct CrystalGem(pub usize);

/// Each fixed step after the collision step: crystals count back, and one
/// the player touches with no dash left (and none under way) gives it back.
pub fn touch_crystals(
    time: Res<Time<Fixed>>,
    level: Option<Res<CurrentLevel>>,
    mut timers: ResMut<CrystalTimers>,
    mut players: Query<(&Actor, &PhysicsPosition, &mut ControllerState), With<Player>>,
    mut taken: MessageWriter<CrystalTaken>,
) {
    let Some(level) = level else {
        return;
    };
    let crystals = &level.level.crystals;
    if timers.0.len() != crystals.len() {
        timers.0 = vec![0; crystals.len()];
    }
    for t in &mut timers.0 {
        *t = t.saturating_sub(1);
    }
    let respawn = in_steps(CRYSTAL_RESPAWN, time.delta_secs().max(1e-6));
    for (actor, pos, mut st) in &mut players {
        let me: Rect = actor.shape.aabb(pos.0).into();
        for (k, &(x, y)) in crystals.iter().enumerate() {
            let gem = Rect::from_center_half_size(Vec2::new(x, y), Vec2::splat(CRYSTAL_HALF));
            if timers.0[k] == 0 && st.dash_spent() && !gem.intersect(me).is_empty() {
                st.dashes = 1;
                timers.0[k] = respawn;
                taken.write(CrystalTaken {
                    k,
                    at: Vec2::new(x, y),
                });
            }
        }
    }
}

/// A new level starts with every crystal there.
pub fn reset_crystals(mut spawned: MessageReader<LevelSpawned>, mut timers: ResMut<CrystalTimers>) {
    if spawned.read().count() > 0 {
        timers.0.clear();
    }
}

/// Gems for a freshly spawned level's crystals (windowed game).
pub fn draw_crystals(
    mut commands: Commands,
    mut spawned: MessageReader<LevelSpawned>,
    level: Option<Res<CurrentLevel>>,
    assets: Res<GameAssets>,
) {
    let (true, Some(level)) = (spawned.read().count() > 0, level) else {
        return;
    };
    for (k, &(x, y)) in level.level.crystals.iter().enumerate() {
        commands.spawn((
            LevelEntity,
            CrystalGem(k),
            Sprite {
                image: assets.tiles.clone(),
                rect: Some(super::render::FLAG_TILE),
                custom_size: Some(Vec2::splat(2.0 * CRYSTAL_HALF)),
                color: Color::srgb(0.4, 1.0, 0.9),
                ..default()
            },
            Transform::from_xyz(x, y, 0.5).with_rotation(Quat::from_rotation_z(0.785)),
        ));
    }
}

/// A used crystal's gem is hidden until it is back.
pub fn show_crystals(timers: Res<CrystalTimers>, mut gems: Query<(&CrystalGem, &mut Visibility)>) {
    for (gem, mut vis) in &mut gems {
        let there = timers.0.get(gem.0).is_none_or(|t| *t == 0);
        let want = if there {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *vis != want {
            *vis = want;
        }
    }
}
