//! The game's art and sounds, built into the binary (`include_bytes!`) and
//! turned into Bevy assets at startup, so the game draws and sounds the same
//! from any working directory and for a level file anywhere. Nothing is read
//! from disk. `tools/make_assets.py` makes the files in `assets/`.
//!
//! A file that fails to decode (a bad edit to `assets/` before a build) is
//! replaced by a fallback, a plain tile texture or silence, and named in
//! [`GameAssets::problems`], which the HUD shows: the world never turns
//! into invisible terrain that still collides.

use std::sync::Arc;

use bevy::asset::RenderAssetUsages;
use bevy::image::{
    CompressedImageFormats, ImageAddressMode, ImageSampler, ImageSamplerDescriptor, ImageType,
};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// A theme's entry in [`THEME_PNGS`].
macro_rules! theme {
    ($name:literal) => {
        (
            $name,
            include_bytes!(concat!("../assets/themes/", $name, ".png")),
            include_bytes!(concat!("../assets/themes/", $name, "-ground.png")),
        )
    };
}

/// The tile atlas: 32 px cells, solid ground, one-way, decor, goal flag,
/// spikes up, down, left, right.
pub const TILES_PNG: (&str, &[u8]) = ("assets/tiles.png", include_bytes!("../assets/tiles.png"));
/// The player's frames: 24 x 32 px each, facing right (see [`crate::art`]).
pub const PLAYER_PNG: (&str, &[u8]) = ("assets/player.png", include_bytes!("../assets/player.png"));
/// Crate, ball, dust puff and a checkpoint's lantern (unlit, lit), 32 px
/// cells.
pub const PROPS_PNG: (&str, &[u8]) = ("assets/props.png", include_bytes!("../assets/props.png"));

/// The worlds' tilesets and ground textures (`tools/make_themes.py`), in
/// [`tangent_level::format::THEMES`] order: the theme's name, its tileset
/// and its ground.
pub const THEME_PNGS: [(&str, &[u8], &[u8]); 6] = [
    theme!("meadow"),
    theme!("canyon"),
    theme!("forest"),
    theme!("volcano"),
    theme!("glacier"),
    theme!("night"),
];

/// The jump sound.
pub const JUMP_WAV: (&str, &[u8]) = (
    "assets/sounds/jump.wav",
    include_bytes!("../assets/sounds/jump.wav"),
);
/// The landing sound.
pub const LAND_WAV: (&str, &[u8]) = (
    "assets/sounds/land.wav",
    include_bytes!("../assets/sounds/land.wav"),
);
/// The bounce sound.
pub const BOUNCE_WAV: (&str, &[u8]) = (
    "assets/sounds/bounce.wav",
    include_bytes!("../assets/sounds/bounce.wav"),
);

/// The death sound.
pub const DIE_WAV: (&str, &[u8]) = (
    "assets/sounds/die.wav",
    include_bytes!("../assets/sounds/die.wav"),
);

/// The dash's whoosh.
pub const DASH_WAV: (&str, &[u8]) = (
    "assets/sounds/dash.wav",
    include_bytes!("../assets/sounds/dash.wav"),
);

/// A wall slide's scrape (repeated while sliding).
pub const SLIDE_WAV: (&str, &[u8]) = (
    "assets/sounds/slide.wav",
    include_bytes!("../assets/sounds/slide.wav"),
);

/// A crystal's chime (the dash given back).
pub const CRYSTAL_WAV: (&str, &[u8]) = (
    "assets/sounds/crystal.wav",
    include_bytes!("../assets/sounds/crystal.wav"),
);

/// The goal's fanfare.
pub const GOAL_WAV: (&str, &[u8]) = (
    "assets/sounds/goal.wav",
    include_bytes!("../assets/sounds/goal.wav"),
);

/// A checkpoint's bell (its lantern lights).
pub const CHECKPOINT_WAV: (&str, &[u8]) = (
    "assets/sounds/checkpoint.wav",
    include_bytes!("../assets/sounds/checkpoint.wav"),
);

/// The fallback tile texture's size and colour (a flat earth brown).
const FALLBACK_SIZE: (u32, u32) = (256, 32);
const FALLBACK_RGBA: [u8; 4] = [120, 84, 52, 255];

/// Handles to the built-in art and sounds (a sound that failed to decode
/// is `None`: silence).
#[derive(Resource, Clone, Debug)]
pub struct GameAssets {
    pub tiles: Handle<Image>,
    pub player: Handle<Image>,
    pub props: Handle<Image>,
    /// Each theme's tileset and ground texture (repeating).
    pub themes: Vec<ThemeArt>,
    pub jump: Option<Handle<AudioSource>>,
    pub land: Option<Handle<AudioSource>>,
    pub bounce: Option<Handle<AudioSource>>,
    pub die: Option<Handle<AudioSource>>,
    pub dash: Option<Handle<AudioSource>>,
    pub slide: Option<Handle<AudioSource>>,
    pub crystal: Option<Handle<AudioSource>>,
    pub goal: Option<Handle<AudioSource>>,
    pub checkpoint: Option<Handle<AudioSource>>,
    /// What failed to decode, by file, for the screen.
    pub problems: Vec<String>,
}

/// A world's tileset and the texture of the ground under its curves.
#[derive(Clone, Debug)]
pub struct ThemeArt {
    pub tiles: Handle<Image>,
    pub ground: Handle<Image>,
}

/// Decodes a PNG (the tile atlas, the player, the props), or says why not
/// (naming `file`).
pub fn decode_tiles(file: &str, bytes: &[u8]) -> Result<Image, String> {
    Image::from_buffer(
        bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .map_err(|e| format!("{file}: cannot decode: {e}"))
}

/// A plain texture the size of the atlas, drawn when it cannot be decoded.
pub fn fallback_tiles() -> Image {
    plain_image(FALLBACK_SIZE, FALLBACK_RGBA)
}

/// A texture of `size` in one colour.
pub fn plain_image(size: (u32, u32), rgba: [u8; 4]) -> Image {
    Image::new_fill(
        Extent3d {
            width: size.0,
            height: size.1,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &rgba,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// Checks that `bytes` look like a WAV file (RIFF, WAVE, a `fmt ` chunk),
/// since Bevy's decoder panics at playback on anything it cannot read.
pub fn check_wav(file: &str, bytes: &[u8]) -> Result<AudioSource, String> {
    let wav = bytes.len() > 20
        && &bytes[0..4] == b"RIFF"
        && &bytes[8..12] == b"WAVE"
        && &bytes[12..16] == b"fmt ";
    if wav {
        Ok(AudioSource {
            bytes: Arc::from(bytes),
        })
    } else {
        Err(format!("{file}: not a WAV file (RIFF/WAVE/fmt header)"))
    }
}

/// Inserts [`GameAssets`] at startup.
pub struct GameAssetsPlugin;

impl Plugin for GameAssetsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PreStartup, load_game_assets);
    }
}

fn load_game_assets(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    mut sounds: ResMut<Assets<AudioSource>>,
) {
    let mut problems = Vec::new();
    let mut image = |(file, bytes): (&str, &[u8]), fallback: fn() -> Image| {
        let image = decode_tiles(file, bytes).unwrap_or_else(|e| {
            problems.push(e);
            fallback()
        });
        images.add(image)
    };
    let tiles = image(TILES_PNG, fallback_tiles);
    // A player drawn as a plain blue box, props as plain brown ones.
    // (12 frames of 24 px: see `crate::art::player_sprite`.)
    let player = image(PLAYER_PNG, || plain_image((288, 32), [40, 90, 220, 255]));
    let props = image(PROPS_PNG, || plain_image((160, 32), [170, 120, 70, 255]));
    let themes = THEME_PNGS
        .iter()
        .map(|&(name, tiles, ground)| {
            let file = format!("assets/themes/{name}.png");
            let tiles = decode_tiles(&file, tiles).unwrap_or_else(|e| {
                problems.push(e);
                plain_image((896, 32), FALLBACK_RGBA)
            });
            let mut ground = decode_tiles(&file, ground).unwrap_or_else(|e| {
                problems.push(format!("{e} (its ground)"));
                plain_image((64, 64), FALLBACK_RGBA)
            });
            ground.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
                address_mode_u: ImageAddressMode::Repeat,
                address_mode_v: ImageAddressMode::Repeat,
                ..ImageSamplerDescriptor::nearest()
            });
            ThemeArt {
                tiles: images.add(tiles),
                ground: images.add(ground),
            }
        })
        .collect();
    let mut sound = |(file, bytes): (&str, &[u8])| match check_wav(file, bytes) {
        Ok(s) => Some(sounds.add(s)),
        Err(e) => {
            problems.push(e);
            None
        }
    };
    let (jump, land, bounce) = (sound(JUMP_WAV), sound(LAND_WAV), sound(BOUNCE_WAV));
    let die = sound(DIE_WAV);
    let (dash, slide, crystal) = (sound(DASH_WAV), sound(SLIDE_WAV), sound(CRYSTAL_WAV));
    let (goal, checkpoint) = (sound(GOAL_WAV), sound(CHECKPOINT_WAV));
    for p in &problems {
        error!("{p}");
    }
    commands.insert_resource(GameAssets {
        tiles,
        player,
        props,
        themes,
        jump,
        land,
        bounce,
        die,
        dash,
        slide,
        crystal,
        goal,
        checkpoint,
        problems,
    });
}
