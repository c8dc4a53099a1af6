//! Assist options (Celeste's Assist Mode): the game slowed to 50–100 %,
//! spikes and hazard curves harmless, one extra jump in the air, infinite
//! dashes. The
//! player's settings own them (`profile::settings`, saved in
//! `settings.ron`); the game reads this resource, a copy kept in step with
//! them. While any is on, a finish counts toward progress but sets no best
//! time and earns no par star, and the HUD says so.
//!
//! ```
//! use tangent::player::assist::Assist;
//! assert!(!Assist::default().is_on());
//! assert!(Assist { speed: 0.5, ..Default::default() }.is_on());
//! assert!(Assist { air_jump: true, ..Default::default() }.is_on());
//! assert!(Assist { speed: 0.4, ..Default::default() }.check().is_err());
//! ```

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

/// The slowest game speed an assist may set.
pub const MIN_SPEED: f32 = 0.5;

/// The assist options in use.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Assist {
    /// Game speed, 0.5 to 1: fixed steps per second of real time, as a
    /// fraction of 60.
    pub speed: f32,
    /// Spikes and hazard curves do not kill (crushes and falls still put
    /// the player back).
    pub invincible: bool,
    /// One more jump in the air, until the ground is touched again.
    pub air_jump: bool,
    /// Dash as often as the dash's cooldown allows, in the air too.
    pub infinite_dashes: bool,
}

impl Default for Assist {
    fn default() -> Self {
        Assist {
            speed: 1.0,
            invincible: false,
            air_jump: false,
            infinite_dashes: false,
        }
    }
}

impl Assist {
    /// Whether any assist is on.
    pub fn is_on(&self) -> bool {
        self.speed < 1.0 || self.invincible || self.air_jump || self.infinite_dashes
    }

    /// The speed within its range, or why not.
    pub fn check(&self) -> Result<(), String> {
        if (MIN_SPEED..=1.0).contains(&self.speed) {
            Ok(())
        } else {
            Err(format!(
                "assist speed {} is not between {MIN_SPEED} and 1",
                self.speed
            ))
        }
    }
}
