//! Keeping the profile: each finish and death of the current level counted
//! into the records (a finish with an assist on sets no best), and a changed
//! file saved (a failure said on screen); the key bindings and the assists
//! follow the settings.

use bevy::prelude::*;

use super::records::{RECORDS_FILE, Records};
use super::settings::{SETTINGS_FILE, Settings};
use super::state::{LastFinish, ProfileDir, ProfileWarnings};
use super::store;
use crate::level::{CurrentLevel, Died, LevelFinished};
use crate::player::assist::Assist;
use crate::player::bindings::Bindings;

/// Saves `value` as `file` (a path within the profile folder), reporting a
/// failure.
pub(super) fn save_file<T: store::Stored>(
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

pub(super) fn count_finishes_and_deaths(
    assist: Res<Assist>,
    (mut finished, mut died): (MessageReader<LevelFinished>, MessageReader<Died>),
    level: Option<Res<CurrentLevel>>,
    mut records: ResMut<Records>,
    mut last: ResMut<LastFinish>,
    dir: Res<ProfileDir>,
    mut warnings: ResMut<ProfileWarnings>,
) {
    let mut changed = false;
    for f in finished.read() {
        let how = if assist.is_on() {
            records.finish_assisted(&f.path)
        } else {
            records.finish(&f.path, f.steps, f.deaths)
        };
        records.take_coins(&f.path, f.coins);
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

pub(super) fn save_settings(
    settings: Res<Settings>,
    dir: Res<ProfileDir>,
    mut warnings: ResMut<ProfileWarnings>,
) {
    if !settings.is_added() {
        save_file(&dir, SETTINGS_FILE, &*settings, "settings", &mut warnings);
    }
}

/// The game reads the assists from [`Assist`] and runs at their speed (the
/// virtual clock's, so fewer fixed steps a second of real time); the
/// settings own them.
pub(super) fn apply_assist(
    settings: Res<Settings>,
    mut assist: ResMut<Assist>,
    time: Option<ResMut<Time<Virtual>>>,
) {
    if *assist != settings.assist {
        *assist = settings.assist;
    }
    if let Some(mut time) = time
        && time.relative_speed() != settings.assist.speed
    {
        time.set_relative_speed(settings.assist.speed);
    }
}

/// The game reads the keys from [`Bindings`]; the settings own them.
pub(super) fn apply_bindings(settings: Res<Settings>, mut bindings: ResMut<Bindings>) {
    if *bindings != settings.keys {
        *bindings = settings.keys.clone();
    }
}

/// The settings' zoom, for the view ([`crate::player::view::Zoom`]).
/// An app without the camera has no zoom to set.
pub(super) fn apply_zoom(settings: Res<Settings>, zoom: Option<ResMut<crate::player::view::Zoom>>) {
    if let Some(mut zoom) = zoom.filter(|z| z.0 != settings.zoom) {
        zoom.0 = settings.zoom;
    }
}
