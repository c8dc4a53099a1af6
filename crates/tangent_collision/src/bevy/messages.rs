//! What the collision step tells the game: an impact with terrain
//! ([`HitMessage`]) or between actors ([`ActorHit`]), for sounds and
//! effects; an actor crushed by a mover ([`Crushed`]) and a mover that
//! stopped short rather than crush one ([`MoverBlocked`]).

use bevy_ecs::prelude::*;
use glam::Vec2;

use crate::query::Hits;

/// One impact (a bounce or a landing), for sounds and effects.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct HitMessage {
    pub actor: Entity,
    /// The terrain entity hit.
    pub terrain: Entity,
    pub normal: Vec2,
    pub hits: Hits,
    /// Speed into the surface before the response, px/s.
    pub impact_speed: f32,
    pub bounced: bool,
}

/// One actor meeting another (both entities, for sounds and effects): sent
/// by the actor whose move met the other.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ActorHit {
    pub actor: Entity,
    pub other: Entity,
    /// From `other` toward `actor`.
    pub normal: Vec2,
    /// Speed at which they closed along the normal, px/s.
    pub closing_speed: f32,
    pub bounced: bool,
}

/// A mover trapped an actor against other solid in this step: the actor
/// is left where it stopped, for the game to take away (respawn it).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Crushed {
    pub actor: Entity,
    /// The mover, by its index in the terrain index.
    pub mover: usize,
}

/// A mover that stops when blocked stopped short in this step rather than
/// crush an actor (its path may wait or turn back).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoverBlocked {
    /// The mover, by its index in the terrain index.
    pub mover: usize,
}
