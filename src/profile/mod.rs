//! The player's profile: settings ([`settings`]) and best times and deaths
//! per level ([`records`]), kept as small RON files in the game's
//! [data folder](tangent_level::data_dir), written atomically, and replaced with
//! defaults and a warning when missing or bad ([`store`]).
//!
//! [`ProfilePlugin`] loads both at startup, counts each finish and death of
//! the current level into the records, and saves what changed. Headless
//! runs leave it out: a replay does not touch the player's records.

pub mod records;
pub mod settings;
pub mod store;

use std::path::PathBuf;

use bevy::prelude::*;

use crate::level::Died;
use crate::level::{CurrentLevel, LevelFinished};
use crate::player::bindings::Bindings;
use records::{Finish, RECORDS_FILE, Records};
use settings::{SETTINGS_FILE, Settings};

/// The folder the profile's files are in.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ProfileDir(pub PathBuf);

/// Problems with the profile's files (a bad file replaced, a failed
/// write), for the screen; also logged.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ProfileWarnings(pub Vec<String>);

/// How the last finish compared with the level's best, for the screen.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastFinish(pub Option<(u64, Finish)>);

/// Loads and keeps the profile in `dir`.
pub struct ProfilePlugin {
    pub dir: PathBuf,
}

impl ProfilePlugin {
    /// The profile in the game's data folder.
    pub fn in_data_dir() -> ProfilePlugin {
        ProfilePlugin {
            dir: tangent_level::data_dir::data_dir(),
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
            // Sent by the level logic; registered here too so the profile
            // also works in an app without it.
            .add_message::<LevelFinished>()
            .add_message::<Died>()
            .add_systems(
                Update,
                (
                    count_finishes_and_deaths,
                    (save_settings, apply_bindings).run_if(resource_changed::<Settings>),
                ),
            );
    }
}

/// Saves `value` as `file` in the profile folder, reporting a failure.
fn save_file<T: store::Stored>(
    dir: &ProfileDir,
    file: &str,
    value: &T,
    what: &str,
    warnings: &mut ProfileWarnings,
) {
    if let Err(e) = store::save(&dir.0.join(file), value, what) {
        warn!("{e}");
        if !warnings.0.contains(&e) {
            warnings.0.push(e);
        }
    }
}

fn count_finishes_and_deaths(
    mut finished: MessageReader<LevelFinished>,
    mut died: MessageReader<Died>,
    level: Option<Res<CurrentLevel>>,
    mut records: ResMut<Records>,
    mut last: ResMut<LastFinish>,
    dir: Res<ProfileDir>,
    mut warnings: ResMut<ProfileWarnings>,
) {
    let mut changed = false;
    for f in finished.read() {
        let how = records.finish(&f.path, f.steps, f.deaths);
        last.0 = Some((f.steps, how));
        changed = true;
    }
    let deaths = died.read().count();
    if let Some(level) = level.filter(|_| deaths > 0) {
        for _ in 0..deaths {
            records.died(&level.path);
        }
        changed = true;
    }
    if changed {
        save_file(&dir, RECORDS_FILE, &*records, "records", &mut warnings);
    }
}

fn save_settings(
    settings: Res<Settings>,
    dir: Res<ProfileDir>,
    mut warnings: ResMut<ProfileWarnings>,
) {
    if !settings.is_added() {
        save_file(&dir, SETTINGS_FILE, &*settings, "settings", &mut warnings);
    }
}

/// The game reads the keys from [`Bindings`]; the settings own them.
fn apply_bindings(settings: Res<Settings>, mut bindings: ResMut<Bindings>) {
    if *bindings != settings.keys {
        *bindings = settings.keys.clone();
    }
}
