//! The game's plugins. [`SimPlugin`] is the simulation shared by the window
//! and headless runs (collision, level logic, player controller, frame
//! counter, replay, trace, recording); [`GamePlugin`] adds what a person sees
//! and presses.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use bevy::prelude::*;

use crate::art::ArtPlugin;
use crate::assets::GameAssetsPlugin;
use crate::audio::SoundPlugin;
use crate::collision::CollisionDebugPlugin;
use crate::collision::{Actor, CollisionPlugin, Grounded, PhysicsPosition, TerrainMover, Velocity};
use crate::editor::EditorPlugin;
use crate::level::LevelLogicPlugin;
use crate::level::clock::LevelClockPlugin;
use crate::level::list::LevelList;
use crate::level::loader::LevelAssetPlugin;
use crate::level::render::LevelRenderPlugin;
use crate::level::watch::LevelWatchPlugin;
use crate::level::{LevelCommand, LevelSystems, SimFrame};
use crate::menu::MenuPlugin;
use crate::mode::{GameMode, ModePlugin};
use crate::player::camera::CameraPlugin;
use crate::player::devices::InputDevicesPlugin;
use crate::player::{ControllerPlugin, PlayerInput, Replay};
use crate::profile::ProfilePlugin;
use crate::ui::UiPlugin;
use crate::window::GameWindowPlugin;

/// Replaying: the player's keys come from this replay, not the keyboard.
#[derive(Resource, Clone, Debug, Default)]
pub struct ReplayInput(pub Replay);

/// Recording the player's keys to a replay file.
#[derive(Resource, Debug)]
pub struct Recorder {
    pub path: PathBuf,
    pub replay: Replay,
}

/// Writing one CSV row per actor and one per mover per fixed step.
#[derive(Resource)]
pub struct TraceWriter(pub BufWriter<File>);

/// The CSV header of a trace. A mover's row (`mover N`) has its pivot in
/// `x,y`, its pivot's velocity in `vx,vy` and its angle in degrees in the
/// last column.
pub const TRACE_HEADER: &str = "frame,actor,x,y,vx,vy,grounded\n";

/// The simulation, without windows or rendering.
pub struct SimPlugin;

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((CollisionPlugin, LevelLogicPlugin, ControllerPlugin))
            .add_systems(FixedPreUpdate, feed_replay)
            .add_systems(
                FixedPostUpdate,
                // The step's keys and trace row, under the step's own
                // frame, before the clock moves on and the level's rules
                // (deaths, respawns, the goal) act on what the step did.
                (record, write_trace).chain().before(LevelSystems::Clock),
            );
    }
}

fn feed_replay(
    frame: Res<SimFrame>,
    replay: Option<Res<ReplayInput>>,
    mut input: ResMut<PlayerInput>,
) {
    if let Some(r) = replay {
        *input = r.0.keys_at(frame.0);
    }
}

fn record(frame: Res<SimFrame>, input: Res<PlayerInput>, recorder: Option<ResMut<Recorder>>) {
    let Some(mut rec) = recorder else {
        return;
    };
    let before = rec.replay.changes.len();
    rec.replay.record(frame.0, *input);
    if rec.replay.changes.len() != before
        && let Err(e) = std::fs::write(&rec.path, rec.replay.to_text())
    {
        error!("cannot write replay {}: {e}", rec.path.display());
    }
}

type TraceItem<'a> = (
    Entity,
    &'a Name,
    &'a PhysicsPosition,
    &'a Velocity,
    &'a Grounded,
);

fn write_trace(
    frame: Res<SimFrame>,
    time: Res<Time<Fixed>>,
    trace: Option<ResMut<TraceWriter>>,
    actors: Query<TraceItem, With<Actor>>,
    movers: Query<&TerrainMover>,
) {
    let Some(mut trace) = trace else {
        return;
    };
    let mut rows: Vec<_> = actors.iter().collect();
    rows.sort_by(|a, b| a.1.as_str().cmp(b.1.as_str()).then(a.0.cmp(&b.0)));
    for (_, name, p, v, g) in rows {
        let line = format!(
            "{},{},{:.4},{:.4},{:.4},{:.4},{}\n",
            frame.0, name, p.0.x, p.0.y, v.0.x, v.0.y, g.0 as u8
        );
        if let Err(e) = trace.0.write_all(line.as_bytes()) {
            error!("cannot write trace: {e}");
        }
    }
    let mut movers: Vec<_> = movers.iter().collect();
    movers.sort_by_key(|m| m.index);
    let dt = time.delta_secs().max(f32::EPSILON);
    for m in movers {
        let (p, v) = (
            m.pose.translation,
            (m.pose.translation - m.previous.translation) / dt,
        );
        let line = format!(
            "{},mover {},{:.4},{:.4},{:.4},{:.4},{:.4}\n",
            frame.0,
            m.index + 1,
            p.x,
            p.y,
            v.x,
            v.y,
            m.pose.angle.to_degrees()
        );
        if let Err(e) = trace.0.write_all(line.as_bytes()) {
            error!("cannot write trace: {e}");
        }
    }
}

/// The windowed game on top of [`SimPlugin`]: keyboard and gamepads, the
/// player's profile (settings, best times; [`ProfilePlugin`] in the data
/// folder unless added before), menus, camera, visuals, HUD, sounds, the
/// window (F11), the F1 collision overlay and live reload of the level
/// file.
/// The game reads level files directly (so `--level` takes any path and the
/// watcher works with any editor); [`LevelAssetPlugin`] also lets the asset
/// server load them.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<ProfilePlugin>() {
            app.add_plugins(ProfilePlugin::in_data_dir());
        }
        app.add_plugins((
            SimPlugin,
            GameAssetsPlugin,
            InputDevicesPlugin,
            LevelClockPlugin,
            ModePlugin,
            CollisionDebugPlugin,
            LevelRenderPlugin,
            CameraPlugin,
            UiPlugin,
            SoundPlugin,
            LevelWatchPlugin,
            LevelAssetPlugin,
            EditorPlugin,
        ))
        .add_plugins((MenuPlugin, GameWindowPlugin, ArtPlugin))
        .init_resource::<LevelList>()
        .add_systems(
            Update,
            game_keys.run_if(in_state(GameMode::Playing).or_else(in_state(GameMode::Paused))),
        );
    }
}

/// R restarts, N skips ahead, 1–9 pick a level (Esc and Tab: see
/// [`crate::mode`]).
fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    list: Res<LevelList>,
    mut commands: MessageWriter<LevelCommand>,
) {
    if keys.just_pressed(KeyCode::KeyR) {
        commands.write(LevelCommand::Restart);
    }
    if keys.just_pressed(KeyCode::KeyN) {
        commands.write(LevelCommand::Next);
    }
    for (i, k) in crate::player::keys::DIGIT_KEYS.iter().enumerate() {
        if keys.just_pressed(*k)
            && let Some(p) = list.0.get(i)
        {
            commands.write(LevelCommand::Load(p.clone()));
        }
    }
}
