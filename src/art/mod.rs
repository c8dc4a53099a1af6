//! What the world looks like beyond the level's terrain (windowed game
//! only): the player's animated sprite with squash and stretch
//! ([`player_sprite`]), dust at its feet ([`dust`]), a dash's afterimages
//! and a wall slide's dust ([`trail`]), screen shake ([`shake`]), the
//! player fading back in after a death ([`respawn`]), balls
//! that roll and
//! crates with a texture ([`actors`]), a parallax backdrop
//! ([`parallax`]) and the sky behind it ([`sky`]), in the world's theme
//! ([`crate::level::theme`]). The art is `assets/player.png` and `assets/props.png`,
//! made by `tools/make_assets.py` and built into the binary, and meshes
//! drawn here.

pub mod actors;
pub mod dust;
pub mod parallax;
pub mod player_sprite;
pub mod respawn;
pub mod shake;
pub mod sky;
pub mod trail;

use bevy::prelude::*;

pub struct ArtPlugin;

impl Plugin for ArtPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<dust::DustPuff>()
            .init_resource::<shake::Shake>()
            .init_resource::<respawn::SinceRespawn>()
            .init_resource::<crate::level::theme::LevelTheme>()
            .init_resource::<crate::player::view::ViewHeight>()
            .init_resource::<crate::player::view::Zoom>()
            .add_systems(
                Update,
                (
                    actors::dress_actors,
                    player_sprite::animate_player,
                    respawn::count_since_respawn,
                    player_sprite::colour_player,
                    trail::leave_marks,
                    trail::fade_afterimages,
                    dust::spawn_puffs,
                    dust::drift_puffs,
                    actors::roll_balls,
                )
                    .chain(),
            )
            .add_systems(
                PostUpdate,
                (
                    (parallax::spawn_backdrop, sky::spawn_sky)
                        .after(crate::level::theme::pick_theme),
                    (parallax::follow_camera, sky::fit_sky)
                        .after(crate::player::camera::follow)
                        .before(TransformSystems::Propagate),
                    (shake::add_trauma, shake::unshake)
                        .chain()
                        .before(crate::player::camera::follow),
                    shake::shake_view
                        .after(crate::player::camera::follow)
                        .after(parallax::follow_camera)
                        .after(sky::fit_sky)
                        .before(TransformSystems::Propagate),
                ),
            );
    }
}
