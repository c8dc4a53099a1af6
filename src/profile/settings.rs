//! The player's settings: effects and music volumes, fullscreen, the keys for each
//! action and the assist options, kept in `settings.ron` in the [data folder](tangent_level::files::data_dir)
//! (see [`super::store`] for how it is written and what a bad file does).

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use super::store::Stored;
use crate::player::assist::Assist;
use crate::player::bindings::{Action, Bindings};

/// The settings file's name in the data folder.
pub const SETTINGS_FILE: &str = "settings.ron";

/// ```text
/// // Tangent settings; the game rewrites this file.
/// (
///     volume: 0.8,
///     music_volume: 0.6,
///     fullscreen: false,
///     keys: (
///         left: ["ArrowLeft", "KeyA"],
///         right: ["ArrowRight", "KeyD"],
///         jump: ["Space", "KeyC", "KeyK"],
///         down: ["ArrowDown", "KeyS"],
///         up: ["ArrowUp", "KeyW"],
///         dash: ["KeyX", "KeyJ", "ShiftLeft"],
///     ),
///     assist: (speed: 1.0, invincible: false, air_jump: false, infinite_dashes: false),
///     ghost: true,
/// )
/// ```
///
/// A field left out takes its default, so files from older versions load.
///
/// What the player can set.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sound effects' volume, 0 (silent) to 1.
    pub volume: f32,
    /// Music volume, 0 (silent) to 1.
    pub music_volume: f32,
    /// Borderless fullscreen (F11 toggles it).
    pub fullscreen: bool,
    /// The keys for each action.
    pub keys: Bindings,
    /// Assist options (see [`crate::player::assist`]).
    pub assist: Assist,
    /// Show the ghost of the best run (see [`super::ghost`]).
    pub ghost: bool,
    /// The view's zoom: above 1 shows less of the world, bigger (see
    /// [`crate::player::view`]); from [`ZOOMS`]'s first to its last.
    pub zoom: f32,
    /// Crushes and hard landings shake the view.
    pub screen_shake: bool,
}

/// The zooms the settings offer, smallest first (1: the level's own view).
pub const ZOOMS: [f32; 5] = [0.75, 0.875, 1.0, 1.25, 1.5];

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.8,
            music_volume: 0.6,
            fullscreen: false,
            keys: Bindings::default(),
            assist: Assist::default(),
            ghost: true,
            zoom: 1.0,
            screen_shake: true,
        }
    }
}

impl Stored for Settings {
    fn check(&self) -> Result<(), String> {
        if !(0.0..=1.0).contains(&self.volume) {
            return Err(format!("volume {} is not between 0 and 1", self.volume));
        }
        if !(0.0..=1.0).contains(&self.music_volume) {
            return Err(format!(
                "music_volume {} is not between 0 and 1",
                self.music_volume
            ));
        }
        let (lo, hi) = (ZOOMS[0], ZOOMS[ZOOMS.len() - 1]);
        if !(lo..=hi).contains(&self.zoom) {
            return Err(format!("zoom {} is not between {lo} and {hi}", self.zoom));
        }
        for action in Action::ALL {
            if self.keys.get(action).is_empty() {
                return Err(format!("no key for {}", action.label()));
            }
        }
        self.assist.check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::keyboard::KeyCode;

    #[test]
    fn settings_round_trip_and_old_files_take_defaults() {
        let mut s = Settings {
            volume: 0.3,
            fullscreen: true,
            ..Default::default()
        };
        s.keys.rebind(Action::Left, KeyCode::KeyJ).unwrap();
        let text = super::super::store::to_text(&s, "settings");
        assert_eq!(ron::from_str::<Settings>(&text).unwrap(), s);
        let old: Settings = ron::from_str("(volume: 0.5)").unwrap();
        assert_eq!(old.keys, Bindings::default());
        assert!(ron::from_str::<Settings>("(keys: (jump: [\"Nope\"]))").is_err());
        let silent = Settings {
            keys: Bindings {
                jump: vec![],
                ..Default::default()
            },
            ..s
        };
        assert!(silent.check().unwrap_err().contains("Jump"));
    }
}
