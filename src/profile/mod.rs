//! The player's profile: settings ([`settings`]) and best times and deaths
//! per level ([`records`]), with the progress and par medals worked out
//! from them ([`progress`]), kept as small RON files in the game's
//! [data folder](tangent_level::files::data_dir), written atomically, and replaced with
//! defaults and a warning when missing or bad ([`store`]).
//!
//! [`ProfilePlugin`] loads both at startup, counts each finish and death of
//! the current level into the records, and saves what changed. Headless
//! runs leave it out: a replay does not touch the player's records.

pub mod ghost;
pub mod progress;
pub mod records;
pub mod settings;
pub mod state;
pub mod store;
mod upkeep;

use std::path::PathBuf;

use bevy::prelude::*;

use crate::level::{Died, LevelFinished};
use records::{RECORDS_FILE, Records};
use settings::{SETTINGS_FILE, Settings};
pub use state::{LastFinish, ProfileDir, ProfileWarnings};

/// Loads and keeps the profile in `dir`.
pub struct ProfilePlugin {
    pub dir: PathBuf,
}

impl ProfilePlugin {
    /// The profile in the game's data folder.
    pub fn in_data_dir() -> ProfilePlugin {
        ProfilePlugin {
            dir: tangent_level::files::data_dir::data_dir(),
        }
    }
}

impl Plugin for ProfilePlugin {
    fn build(&self, app: &mut App) {
        let mut warnings = Vec::new();
        let (settings, w) = store::load::<Settings>(&self.dir.join(SETTINGS_FILE), "settings");
        warnings.extend(w);
        let (records, w) = store::load::<Records>(&self.dir.join(RECORDS_FILE), "records");
        warnings.extend(w);
        for w in &warnings {
            warn!("{w}");
        }
        app.insert_resource(ProfileDir(self.dir.clone()))
            .insert_resource(ProfileWarnings(warnings))
            .insert_resource(settings.keys.clone())
            .insert_resource(settings)
            .insert_resource(records)
            .init_resource::<LastFinish>()
            .init_resource::<crate::player::assist::Assist>()
            .init_resource::<ghost::RunPath>()
            .init_resource::<ghost::GhostRun>()
            // Sent by the level logic; registered here too so the profile
            // also works in an app without it.
            .add_message::<LevelFinished>()
            .add_message::<Died>()
            .add_systems(
                Update,
                (
                    (upkeep::count_finishes_and_deaths, ghost::save_best_run).chain(),
                    (
                        upkeep::save_settings,
                        upkeep::apply_bindings,
                        upkeep::apply_assist,
                        upkeep::apply_zoom,
                    )
                        .run_if(resource_changed::<Settings>),
                ),
            )
            .add_systems(
                FixedPostUpdate,
                ghost::follow_run.after(crate::level::LevelSystems::Rules),
            );
    }
}
