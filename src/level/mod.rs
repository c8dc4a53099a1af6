//! The level in play: spawning and switching levels, hazards, falling out,
//! the clock, live reload and (windowed) their visuals. The level files
//! themselves (format, validation, SVG and Tiled import) are the
//! `tangent_level` crate.

pub mod below;
pub mod celebrate;
pub mod clock;
pub mod coins;
pub mod crystals;
pub mod fell_out;
pub mod grass;
pub mod hazard;
pub mod list;
pub mod loader;
pub mod map_art;
pub mod movers;
pub mod play;
pub mod render;
pub mod state;
pub mod theme;
pub mod tilemap;
pub mod watch;

pub use state::{
    CurrentLevel, DeathCause, Died, FellOut, Goal, LevelActor, LevelCommand, LevelCurve,
    LevelEntity, LevelFinished, LevelSpawned, LevelStatus, LevelSystems, SimFrame,
};

use bevy::prelude::*;

use crate::collision::CollisionSystems;

/// The level in the windowed game: the clock held while a level starts,
/// its visuals, live reload of its file, and the level asset for the asset
/// server (the game reads level files directly, so `--level` takes any path
/// and the watcher works with any editor).
pub struct LevelViewPlugin;

impl Plugin for LevelViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            LevelClockPlugin,
            LevelRenderPlugin,
            LevelWatchPlugin,
            LevelAssetPlugin,
        ));
    }
}

/// Holds the virtual clock while a level starts ([`clock`]).
pub struct LevelClockPlugin;

impl Plugin for LevelClockPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<clock::LevelClockHold>()
            .add_systems(First, clock::release_clock.after(bevy::time::TimeSystems))
            .add_systems(PostUpdate, clock::hold_clock);
    }
}

/// Registers the level asset and its loader ([`loader`]).
pub struct LevelAssetPlugin;

impl Plugin for LevelAssetPlugin {
    fn build(&self, app: &mut App) {
        // The asset folder, as Bevy's file reader finds it: the plugin's
        // `file_path`, from the base path where it is relative.
        let folder = app
            .get_added_plugins::<bevy::asset::AssetPlugin>()
            .first()
            .map_or_else(|| "assets".to_string(), |p| p.file_path.clone());
        let base = bevy::asset::io::file::FileAssetReader::get_base_path();
        let root = base.join(folder);
        app.init_asset::<loader::LevelAsset>()
            .register_asset_loader(loader::LevelLoader { root });
    }
}

/// What a level looks like ([`render`]).
pub struct LevelRenderPlugin;

impl Plugin for LevelRenderPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(bevy_ecs_tilemap::TilemapPlugin)
            .insert_resource(ClearColor(render::SKY))
            .init_resource::<theme::LevelTheme>()
            .init_resource::<map_art::ArtTextures>()
            .init_resource::<celebrate::GoalCelebration>()
            .add_systems(
                PostUpdate,
                (
                    theme::pick_theme,
                    (render::decorate, crystals::draw_crystals, coins::draw_coins),
                )
                    .chain(),
            )
            .add_systems(
                Update,
                (
                    render::light_checkpoints,
                    render::ring_deaths,
                    render::fade_rings,
                    render::shake_crumbling,
                    crystals::show_crystals,
                    coins::show_coins,
                    map_art::animate_map_art,
                    map_art::show_collision_in_editor,
                    (celebrate::start_celebration, celebrate::run_celebration).chain(),
                ),
            );
    }
}

/// Live reload of the level file and its drawing ([`watch`]).
pub struct LevelWatchPlugin;

impl Plugin for LevelWatchPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<watch::LevelWatch>().add_systems(
            Update,
            (watch::finish_reload, watch::watch_level_file).chain(),
        );
    }
}

/// Level switching and the goal check (no rendering).
pub struct LevelLogicPlugin;

impl Plugin for LevelLogicPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LevelStatus>()
            .init_resource::<SimFrame>()
            .init_resource::<crystals::CrystalTimers>()
            .init_resource::<coins::CoinsTaken>()
            .add_message::<crystals::CrystalTaken>()
            .add_message::<coins::CoinTaken>()
            .add_message::<LevelCommand>()
            .add_message::<LevelSpawned>()
            .add_message::<FellOut>()
            .add_message::<Died>()
            .add_message::<LevelFinished>()
            .add_systems(Update, play::apply_level_commands)
            .add_systems(
                FixedUpdate,
                movers::drive_movers.before(CollisionSystems::Step),
            )
            .configure_sets(
                FixedPostUpdate,
                (LevelSystems::Clock, LevelSystems::Rules).chain(),
            )
            .add_systems(
                FixedPostUpdate,
                play::advance_frame.in_set(LevelSystems::Clock),
            )
            .add_systems(
                FixedPostUpdate,
                (
                    movers::put_back_crushed,
                    fell_out::put_back_lost_actors,
                    hazard::touch_checkpoints,
                    crystals::reset_crystals,
                    crystals::touch_crystals,
                    coins::reset_coins,
                    coins::touch_coins,
                    hazard::hurt_player,
                    hazard::respawn_player,
                    play::reach_goal,
                )
                    .chain()
                    .in_set(LevelSystems::Rules),
            );
    }
}
