//! How actors look: the player as its animated sprite
//! ([`super::player_sprite`]), balls as beach balls that visibly roll (their
//! turn follows the distance travelled: a ball of radius r that moves d
//! along the ground turns d / r radians, clockwise going right), crates as
//! wooden crates; other shapes from the level plain. Each look is a child
//! sprite, so the physics entity's own transform is left to the physics.

use bevy::prelude::*;

use super::player_sprite::player_sprite;
use crate::assets::GameAssets;
use crate::collision::Actor;
use crate::collision::ActorShape;
use crate::level::LevelActor;
use crate::player::Player;

/// A ball's sprite: its radius, the last x seen and the angle turned.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Rolling {
    pub radius: f32,
    pub last_x: Option<f32>,
    pub angle: f32,
}

/// The crate's and the ball's cells in `props.png`.
const CRATE_CELL: Rect = Rect {
    min: Vec2::ZERO,
    max: Vec2::new(32.0, 32.0),
};
const BALL_CELL: Rect = Rect {
    min: Vec2::new(32.0, 0.0),
    max: Vec2::new(64.0, 32.0),
};

type NewActor<'a> = (Entity, &'a Actor, Option<&'a LevelActor>, Has<Player>);

/// Gives each new actor its look.
pub fn dress_actors(
    mut commands: Commands,
    actors: Query<NewActor, Added<Actor>>,
    assets: Option<Res<GameAssets>>,
) {
    let Some(assets) = assets else {
        return;
    };
    // The look is added when the command runs, and only if the actor is
    // still there: a level replaced by the editor in the same frame may
    // have despawned it (a command on a despawned entity would stop the
    // game).
    for (e, actor, level_actor, is_player) in &actors {
        let size = actor.shape.aabb(Vec2::ZERO).size();
        if is_player {
            let look = player_sprite(&assets, size);
            commands
                .entity(e)
                .queue_silenced(move |mut entity: EntityWorldMut| {
                    entity.insert(Visibility::default()).with_child(look);
                });
            continue;
        }
        let (cell, rolling) = match actor.shape {
            ActorShape::Circle { radius } => (BALL_CELL, Some(radius)),
            ActorShape::Rect { .. } => (CRATE_CELL, None),
        };
        let look = (
            Sprite {
                image: assets.props.clone(),
                rect: Some(cell),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.1),
        );
        let rolling = rolling
            .filter(|_| level_actor.is_some())
            .map(|radius| Rolling {
                radius,
                ..default()
            });
        commands
            .entity(e)
            .queue_silenced(move |mut entity: EntityWorldMut| {
                entity
                    .insert(Visibility::default())
                    .with_children(|c| match rolling {
                        Some(r) => drop(c.spawn((look, r))),
                        None => drop(c.spawn(look)),
                    });
            });
    }
}

/// The turn of a ball rolled `dx` px sideways: `-dx / radius` radians.
///
/// ```
/// use tangent::art::actors::roll_turn;
/// let quarter = roll_turn(std::f32::consts::FRAC_PI_2 * 10.0, 10.0);
/// assert!((quarter + std::f32::consts::FRAC_PI_2).abs() < 1e-6); // clockwise
/// ```
pub fn roll_turn(dx: f32, radius: f32) -> f32 {
    if radius > 0.0 { -dx / radius } else { 0.0 }
}

/// An actor (not one of the sprites drawn for it).
type MovingBody = (With<Actor>, Without<Rolling>);

/// Turns each ball's sprite by the distance its body (drawn where its
/// transform is: actors are top-level entities) moved since the last frame.
pub fn roll_balls(
    bodies: Query<(&Transform, &Children), MovingBody>,
    mut balls: Query<(&mut Rolling, &mut Transform)>,
) {
    for (body, children) in &bodies {
        for c in children.iter() {
            let Ok((mut roll, mut tf)) = balls.get_mut(c) else {
                continue;
            };
            let x = body.translation.x;
            if let Some(last) = roll.last_x {
                // A jump of more than a few radii is a respawn, not a roll.
                let dx = x - last;
                if dx.abs() < 4.0 * roll.radius {
                    roll.angle = (roll.angle + roll_turn(dx, roll.radius)) % std::f32::consts::TAU;
                }
            }
            roll.last_x = Some(x);
            tf.rotation = Quat::from_rotation_z(roll.angle);
        }
    }
}
