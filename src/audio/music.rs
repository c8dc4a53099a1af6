//! Music: the title theme in the title and level select, the loop of the
//! playing level's world while playing (paused with the game; `worlds.ron`
//! names each world's loop), each synthesised at start-up from its score
//! ([`super::synth`]) and played round and round at the settings' music
//! volume, apart from the effects' volume.

use std::sync::Arc;

use bevy::audio::{AudioSinkPlayback, Volume};
use bevy::prelude::*;

use super::synth::{render, wav_bytes};
use super::tune::Tune;
use crate::level::CurrentLevel;
use crate::level::list::LevelList;
use crate::mode::GameMode;
use crate::profile::settings::Settings;

/// The title theme's score, built into the binary.
pub const TITLE_TUNE: (&str, &str) = (
    "assets/music/title.tune.ron",
    include_str!("../../assets/music/title.tune.ron"),
);
/// The worlds' loops, by the name `worlds.ron` gives them.
pub const WORLD_TUNES: [(&str, &str); 6] = [
    (
        "assets/music/world-1.tune.ron",
        include_str!("../../assets/music/world-1.tune.ron"),
    ),
    (
        "assets/music/world-2.tune.ron",
        include_str!("../../assets/music/world-2.tune.ron"),
    ),
    (
        "assets/music/world-3.tune.ron",
        include_str!("../../assets/music/world-3.tune.ron"),
    ),
    (
        "assets/music/world-4.tune.ron",
        include_str!("../../assets/music/world-4.tune.ron"),
    ),
    (
        "assets/music/world-5.tune.ron",
        include_str!("../../assets/music/world-5.tune.ron"),
    ),
    (
        "assets/music/world-6.tune.ron",
        include_str!("../../assets/music/world-6.tune.ron"),
    ),
];

/// Which of [`WORLD_TUNES`] a world's music name (`world-3`) is: the first
/// for none or a name not built in.
///
/// ```
/// use tangent::audio::music::world_tune;
/// assert_eq!(world_tune(Some("world-3")), 2);
/// assert_eq!(world_tune(Some("polka")), 0);
/// assert_eq!(world_tune(None), 0);
/// ```
pub fn world_tune(name: Option<&str>) -> usize {
    name.and_then(|n| {
        WORLD_TUNES
            .iter()
            .position(|(file, _)| file.ends_with(&format!("/{n}.tune.ron")))
    })
    .unwrap_or(0)
}

/// Which loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Track {
    Title,
    /// A world's, an index into [`WORLD_TUNES`].
    World(usize),
}

/// The loops, synthesised (a score that does not read is silence, named).
#[derive(Resource, Clone, Debug, Default)]
pub struct MusicTracks {
    pub title: Option<Handle<AudioSource>>,
    pub worlds: Vec<Option<Handle<AudioSource>>>,
}

/// The playing level's world's loop (an index into [`WORLD_TUNES`]), set
/// when a level loads.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorldMusic(pub usize);

/// The playing loop's entity.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Music(pub Track);

/// The track a mode plays, in world `world`'s level (`None`: the one
/// playing goes on, as in the settings, opened from the title or the pause
/// menu).
///
/// ```
/// use tangent::audio::music::{Track, track_for};
/// use tangent::mode::GameMode;
/// assert_eq!(track_for(GameMode::Title, 2), Some(Track::Title));
/// assert_eq!(track_for(GameMode::Paused, 2), Some(Track::World(2)));
/// assert_eq!(track_for(GameMode::Settings, 2), None);
/// ```
pub fn track_for(mode: GameMode, world: usize) -> Option<Track> {
    match mode {
        GameMode::Title | GameMode::LevelSelect => Some(Track::Title),
        GameMode::Playing | GameMode::Paused | GameMode::Editing => Some(Track::World(world)),
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
    let title = track(TITLE_TUNE);
    let worlds = WORLD_TUNES.into_iter().map(&mut track).collect();
    commands.insert_resource(MusicTracks { title, worlds });
}

/// Picks the loop of the loaded level's world.
pub(super) fn follow_level(
    current: Option<Res<CurrentLevel>>,
    list: Option<Res<LevelList>>,
    mut music: ResMut<WorldMusic>,
) {
    let (Some(current), Some(list)) = (current, list) else {
        return;
    };
    if !current.is_changed() {
        return;
    }
    let world = list.world_of(&current.path);
    music.set_if_neq(WorldMusic(world_tune(
        world.as_ref().and_then(|(_, w)| w.music.as_deref()),
    )));
}

/// Starts the mode's track (stopping another), at the music volume.
pub(super) fn follow_mode(
    mut commands: Commands,
    mode: Res<State<GameMode>>,
    tracks: Res<MusicTracks>,
    world: Res<WorldMusic>,
    settings: Res<Settings>,
    playing: Query<(Entity, &Music)>,
) {
    let Some(want) = track_for(*mode.get(), world.0) else {
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
        Track::World(i) => tracks.worlds.get(i).unwrap_or(&None),
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
