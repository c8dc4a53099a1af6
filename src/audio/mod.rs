//! Sound: the effects ([`effects`]) and the music ([`music`]: loops
//! synthesised at start-up by [`synth`] from the scores of [`tune`]), each
//! at its own volume from the settings.

pub mod effects;
pub mod music;
pub mod synth;
pub mod tune;

use bevy::prelude::*;

use crate::mode::GameMode;

/// Effects and music.
pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(MusicPlugin).add_systems(
            Update,
            (
                effects::play_hits,
                effects::play_jumps,
                effects::play_deaths,
                effects::play_dashes,
                effects::play_slides,
                effects::play_crystals,
                effects::play_goal,
                effects::play_checkpoints,
                effects::play_coins,
            ),
        );
    }
}

/// The music alone: its loops made at start-up, the mode's one played,
/// paused with the game, at the music volume (needs the assets, the
/// settings and the game's mode).
pub struct MusicPlugin;

impl Plugin for MusicPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<music::WorldMusic>()
            .add_systems(Startup, music::make_tracks)
            .add_systems(
                Update,
                (
                    music::follow_level,
                    music::follow_mode,
                    music::pause_and_volume,
                )
                    .chain()
                    .run_if(resource_exists::<State<GameMode>>),
            );
    }
}
