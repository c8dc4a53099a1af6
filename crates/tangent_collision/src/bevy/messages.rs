//! What the collision step tells the game: an impact with terrain
//! ([`HitMessage`]) or between actors ([`ActorHit`]), for sounds and
//! effects.

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
