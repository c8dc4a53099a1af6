//! Music: the title theme in the title and level select, the world's loop
//! while playing (paused with the game), each synthesised at start-up
//! from its score ([`super::synth`]) and played round and round at the
//! settings' music volume, apart from the effects' volume.

use std::sync::Arc;

use bevy::audio::{AudioSinkPlayback, Volume};
use bevy::prelude::*;

use super::synth::{render, wav_bytes};
use super::tune::Tune;
use crate::mode::GameMode;
use crate::profile::settings::Settings;

/// The title theme's score, built into the binary.
pub const TITLE_TUNE: (&str, &str) = (
    "assets/music/title.tune.ron",
    include_str!("../../assets/music/title.tune.ron"),
);
/// The first world's loop.
pub const WORLD_TUNE: (&str, &str) = (
    "assets/music/world-1.tune.ron",
    include_str!("../../assets/music/world-1.tune.ron"),
);

/// Which loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Track {
    Title,
    World,
}

/// The loops, synthesised (a score that does not read is silence, named).
#[derive(Resource, Clone, Debug, Default)]
pub struct MusicTracks {
    pub title: Option<Handle<AudioSource>>,
    pub world: Option<Handle<AudioSource>>,
}

/// The playing loop's entity.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Music(pub Track);

/// The track a mode plays (`None`: the one playing goes on, as in the
/// settings, opened from the title or the pause menu).
///
/// ```
/// use tangent::audio::music::{Track, track_for};
/// use tangent::mode::GameMode;
/// assert_eq!(track_for(GameMode::Title), Some(Track::Title));
/// assert_eq!(track_for(GameMode::Paused), Some(Track::World));
/// assert_eq!(track_for(GameMode::Settings), None);
/// ```
pub fn track_for(mode: GameMode) -> Option<Track> {
    match mode {
        GameMode::Title | GameMode::LevelSelect => Some(Track::Title),
        GameMode::Playing | GameMode::Paused | GameMode::Editing => Some(Track::World),
        GameMode::Settings => None,
    }
}

/// A score as a loop of WAV bytes, or why not.
pub fn synthesise((file, text): (&str, &str)) -> Result<AudioSource, String> {
    let tune = Tune::parse(text).map_err(|e| format!("{file}: {e}"))?;
    Ok(AudioSource {
        bytes: Arc::from(wav_bytes(&render(&tune))),
    })
}

pub(super) fn make_tracks(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut track = |tune| match synthesise(tune) {
        Ok(s) => Some(sources.add(s)),
        Err(e) => {
            error!("{e}");
            None
        }
    };
    let (title, world) = (track(TITLE_TUNE), track(WORLD_TUNE));
    commands.insert_resource(MusicTracks { title, world });
}

/// Starts the mode's track (stopping another), at the music volume.
pub(super) fn follow_mode(
    mut commands: Commands,
    mode: Res<State<GameMode>>,
    tracks: Res<MusicTracks>,
    settings: Res<Settings>,
    playing: Query<(Entity, &Music)>,
) {
    let Some(want) = track_for(*mode.get()) else {
        return;
    };
    if playing.iter().any(|(_, m)| m.0 == want) {
        return;
    }
    for (e, _) in &playing {
        commands.entity(e).despawn();
    }
    let clip = match want {
        Track::Title => &tracks.title,
        Track::World => &tracks.world,
    };
    if let Some(clip) = clip {
        commands.spawn((
            Music(want),
            AudioPlayer(clip.clone()),
            PlaybackSettings::LOOP.with_volume(Volume::Linear(settings.music_volume)),
        ));
    }
}

/// Pauses the music with the game, and keeps it at the music volume: the
/// playing sink, and the playback settings it was started with (what a
/// restart of the sink, or a test without sound, reads).
pub(super) fn pause_and_volume(
    mode: Res<State<GameMode>>,
    settings: Res<Settings>,
    mut music: Query<(&mut PlaybackSettings, Option<&mut AudioSink>), With<Music>>,
) {
    let paused = *mode.get() == GameMode::Paused;
    let volume = Volume::Linear(settings.music_volume);
    for (mut playback, sink) in &mut music {
        if playback.paused != paused || playback.volume != volume {
            playback.paused = paused;
            playback.volume = volume;
        }
        let Some(mut sink) = sink else {
            continue;
        };
        if sink.is_paused() != paused {
            if paused {
                sink.pause();
            } else {
                sink.play();
            }
        }
        if sink.volume() != volume {
            sink.set_volume(volume);
        }
    }
}
