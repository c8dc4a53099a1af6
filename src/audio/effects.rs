//! Sound effects: jump, land, bounce and death, played from the collision
//! plugin's hit messages (terrain and actor–actor), the controller's jumps
//! and the player's deaths; the dash's whoosh, a wall slide's scrape and a
//! crystal's chime from the controller's state and the crystals' messages;
//! all at the settings' effects volume. The WAV files
//! are built into the binary ([`crate::assets`]).

use bevy::prelude::*;

use crate::assets::GameAssets;
use crate::collision::{ActorHit, HitMessage};
use crate::level::Died;
use crate::level::coins::CoinTaken;
use crate::level::crystals::CrystalTaken;
use crate::level::{LevelFinished, LevelStatus};
use crate::player::{ControllerState, Player};
use crate::profile::settings::Settings;

/// Plays `clip` once at `loudness` times the effects volume.
fn play(
    commands: &mut Commands,
    clip: &Option<Handle<AudioSource>>,
    loudness: f32,
    settings: &Option<Res<Settings>>,
) {
    let Some(clip) = clip else {
        return;
    };
    let volume = settings.as_ref().map_or(1.0, |s| s.volume) * loudness;
    commands.spawn((
        AudioPlayer(clip.clone()),
        PlaybackSettings::DESPAWN.with_volume(bevy::audio::Volume::Linear(volume)),
    ));
}

pub(super) fn play_hits(
    mut commands: Commands,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    mut hits: MessageReader<HitMessage>,
    mut knocks: MessageReader<ActorHit>,
) {
    // At most one sound of each kind per frame; actors knocking together
    // (a crate landing on a crate, balls meeting) sound like terrain hits.
    let (mut land, mut bounce) = (0.0f32, 0.0f32);
    let terrain = hits.read().map(|h| (h.bounced, h.impact_speed));
    let actors = knocks.read().map(|k| (k.bounced, k.closing_speed));
    for (bounced, speed) in terrain.chain(actors) {
        if bounced {
            bounce = bounce.max(speed);
        } else {
            land = land.max(speed);
        }
    }
    if bounce > 80.0 {
        play(
            &mut commands,
            &sounds.bounce,
            (bounce / 1200.0).clamp(0.15, 1.0),
            &settings,
        );
    }
    if land > 150.0 {
        play(
            &mut commands,
            &sounds.land,
            (land / 900.0).clamp(0.2, 1.0),
            &settings,
        );
    }
}

pub(super) fn play_jumps(
    mut commands: Commands,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    players: Query<&ControllerState, (With<Player>, Changed<ControllerState>)>,
) {
    if players.iter().any(|s| s.jumped) {
        play(&mut commands, &sounds.jump, 0.5, &settings);
    }
}

pub(super) fn play_deaths(
    mut commands: Commands,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    mut deaths: MessageReader<Died>,
) {
    if deaths.read().count() > 0 {
        play(&mut commands, &sounds.die, 0.6, &settings);
    }
}

/// The whoosh when a dash starts (the player was not dashing last frame).
pub(super) fn play_dashes(
    mut commands: Commands,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    players: Query<&ControllerState, With<Player>>,
    mut was: Local<bool>,
) {
    let now = players.iter().any(|s| s.dash.is_some());
    if now && !*was {
        play(&mut commands, &sounds.dash, 0.6, &settings);
    }
    *was = now;
}

/// How often the scrape repeats while the player slides down a wall, s.
pub const SLIDE_REPEAT: f32 = 0.14;

/// The scrape, every [`SLIDE_REPEAT`] seconds of a wall slide.
pub(super) fn play_slides(
    mut commands: Commands,
    time: Res<Time>,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    players: Query<&ControllerState, With<Player>>,
    mut until: Local<f32>,
) {
    if !players.iter().any(|s| s.sliding) {
        *until = 0.0;
        return;
    }
    *until -= time.delta_secs();
    if *until <= 0.0 {
        play(&mut commands, &sounds.slide, 0.35, &settings);
        *until = SLIDE_REPEAT;
    }
}

/// The chime when a crystal is taken.
pub(super) fn play_crystals(
    mut commands: Commands,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    mut taken: MessageReader<CrystalTaken>,
) {
    if taken.read().count() > 0 {
        play(&mut commands, &sounds.crystal, 0.5, &settings);
    }
}

/// The fanfare when a level is finished.
pub(super) fn play_goal(
    mut commands: Commands,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    mut finished: MessageReader<LevelFinished>,
) {
    if finished.read().count() > 0 {
        play(&mut commands, &sounds.goal, 0.6, &settings);
    }
}

/// The bell when a checkpoint's lantern lights (a new checkpoint taken).
pub(super) fn play_checkpoints(
    mut commands: Commands,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    status: Res<LevelStatus>,
    mut last: Local<Option<usize>>,
) {
    if status.checkpoint != *last {
        if status.checkpoint.is_some() {
            play(&mut commands, &sounds.checkpoint, 0.5, &settings);
        }
        *last = status.checkpoint;
    }
}

/// A higher chime when a coin is taken.
pub(super) fn play_coins(
    mut commands: Commands,
    sounds: Res<GameAssets>,
    settings: Option<Res<Settings>>,
    mut taken: MessageReader<CoinTaken>,
) {
    if taken.read().count() > 0 {
        play(&mut commands, &sounds.crystal, 0.35, &settings);
    }
}
