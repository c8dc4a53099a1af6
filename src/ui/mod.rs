//! What the player reads on screen: the HUD (level name, the speedrun
//! timer in fixed steps with the level's best, goals, deaths; hidden in the
//! menus), and the banner: a bad level file (file, line and problem), a bad
//! profile file replaced, the last finish against the best, the win
//! message.

mod hud;
pub mod text;

pub use hud::FINISH_SHOWN_STEPS;
pub use text::{finish_line, format_time, label};

use bevy::prelude::*;

/// The HUD and the banner.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, hud::spawn_ui)
            .add_systems(Update, hud::update_ui);
    }
}
