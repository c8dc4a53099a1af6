//! A level's drawn tiles from its Tiled map (`art`: [`MapArt`]), through
//! bevy_ecs_tilemap: one tilemap per layer and tileset, each tile with its
//! index, Tiled's flips and its animation, the layer's opacity and offset,
//! the tileset's spacing (its margin cut off the image). Drawn instead of
//! the theme's tiles; a tileset image that will not decode leaves the
//! theme's tiles drawn, with a warning naming the file.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;
use tangent_level::import::tiled::{ArtTile, MapArt, TilesetArt};

use super::state::LevelEntity;

/// An animated tile's frames: `(index, seconds)`, and their total.
#[derive(Component, Clone, Debug)]
pub struct ArtFrames {
    pub frames: Vec<(u32, f32)>,
    pub period: f32,
}

impl ArtFrames {
    /// The frame shown `t` seconds into the animation (it loops).
    ///
    /// ```
    /// use tangent::level::map_art::ArtFrames;
    /// let f = ArtFrames { frames: vec![(5, 0.1), (6, 0.2)], period: 0.3 };
    /// assert_eq!((f.at(0.05), f.at(0.15), f.at(0.35)), (5, 6, 5));
    /// ```
    pub fn at(&self, t: f32) -> u32 {
        let mut left = t.rem_euclid(self.period.max(f32::EPSILON));
        for &(index, secs) in &self.frames {
            if left < secs {
                return index;
            }
            left -= secs;
        }
        self.frames.last().map_or(0, |f| f.0)
    }
}

/// The tileset's image read from disk, laid out as bevy_ecs_tilemap reads
/// a tileset (each tile after the spacing, the first one too: the margin
/// made the spacing), or why not.
fn tileset_image(set: &TilesetArt) -> Result<Image, String> {
    let Some(path) = &set.image else {
        return Err(format!("tileset `{}` has no image", set.name));
    };
    let file = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{file}: {e}"))?;
    let image = Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::nearest(),
        RenderAssetUsages::default(),
    )
    .map_err(|e| format!("{file}: {e}"))?;
    let rgba = image
        .convert(TextureFormat::Rgba8UnormSrgb)
        .ok_or_else(|| format!("{file}: cannot be turned into RGBA"))?;
    let (w, h, m, gap) = (rgba.width(), rgba.height(), set.margin, set.spacing);
    if m == 0 && gap == 0 {
        return Ok(rgba);
    }
    if 2 * m >= w || 2 * m >= h {
        return Err(format!("{file}: a margin of {m} px leaves no tiles"));
    }
    // Tiled: `margin, tile, spacing, tile, ..., tile, margin`; the tilemap
    // reads `spacing, tile` per column (its texture array cache starts
    // tile `i` at `column * (tile + spacing) + spacing`).
    let data = rgba.data.as_deref().unwrap_or_default();
    let (cw, ch) = (w - 2 * m, h - 2 * m);
    let (ow, oh) = (cw + gap, ch + gap);
    let mut out = vec![0u8; (ow * oh * 4) as usize];
    for y in 0..ch {
        let from = ((y + m) * w + m) as usize * 4;
        let to = ((y + gap) * ow + gap) as usize * 4;
        out[to..to + cw as usize * 4].copy_from_slice(&data[from..from + cw as usize * 4]);
    }
    Ok(Image::new(
        Extent3d {
            width: ow,
            height: oh,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        out,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    ))
}

/// A tile's place on its tilemap.
fn tile_pos(t: &ArtTile) -> TilePos {
    TilePos {
        x: t.x as u32,
        y: t.y as u32,
    }
}

/// One drawn tile of tilemap `map`: its index, Tiled's flips, the layer's
/// `colour` (its opacity), and its frames where it is animated.
fn spawn_art_tile(commands: &mut Commands, map: Entity, t: &ArtTile, colour: TileColor) -> Entity {
    let mut tile = commands.spawn((
        LevelEntity,
        TileBundle {
            position: tile_pos(t),
            tilemap_id: TilemapId(map),
            texture_index: TileTextureIndex(t.index),
            flip: TileFlip {
                x: t.flip_h,
                y: t.flip_v,
                d: t.flip_d,
            },
            color: colour,
            ..default()
        },
    ));
    if !t.frames.is_empty() {
        let frames: Vec<(u32, f32)> = t
            .frames
            .iter()
            .map(|&(i, ms)| (i, ms as f32 / 1000.0))
            .collect();
        let period = frames.iter().map(|f| f.1).sum();
        tile.insert(ArtFrames { frames, period });
    }
    tile.id()
}

/// Spawns the art's tilemaps (depth `z` and up, a step per layer), or
/// gives why it cannot (a tileset image that will not decode), having
/// spawned nothing.
pub fn spawn_map_art(
    commands: &mut Commands,
    art: &MapArt,
    images: &mut Assets<Image>,
    z: f32,
) -> Result<(), String> {
    let mut textures = Vec::with_capacity(art.tilesets.len());
    for (k, set) in art.tilesets.iter().enumerate() {
        let used = art.layers.iter().any(|l| l.tileset == k);
        textures.push(if used {
            Some(images.add(tileset_image(set)?))
        } else {
            None
        });
    }
    let size = TilemapSize {
        x: art.width as u32,
        y: art.height as u32,
    };
    for (n, layer) in art.layers.iter().enumerate() {
        let set = &art.tilesets[layer.tileset];
        let Some(texture) = textures[layer.tileset].clone() else {
            continue;
        };
        let map = commands.spawn(LevelEntity).id();
        let mut storage = TileStorage::empty(size);
        let colour = TileColor(Color::srgba(1.0, 1.0, 1.0, layer.opacity));
        for t in &layer.tiles {
            let tile = spawn_art_tile(commands, map, t, colour);
            storage.set(&tile_pos(t), tile);
        }
        let tile_size = TilemapTileSize {
            x: set.tile_size.0 as f32,
            y: set.tile_size.1 as f32,
        };
        let spacing = TilemapSpacing {
            x: set.spacing as f32,
            y: set.spacing as f32,
        };
        let (dx, dy) = layer.offset;
        commands.entity(map).insert(TilemapBundle {
            grid_size: TilemapGridSize {
                x: art.tile_size,
                y: art.tile_size,
            },
            size,
            storage,
            texture: TilemapTexture::Single(texture),
            tile_size,
            spacing,
            anchor: TilemapAnchor::BottomLeft,
            transform: Transform::from_xyz(dx, dy, z + 0.01 * n as f32),
            ..default()
        });
    }
    Ok(())
}

/// Shows each animated tile's frame for the time since the app started.
pub fn animate_map_art(time: Res<Time>, mut tiles: Query<(&ArtFrames, &mut TileTextureIndex)>) {
    let t = time.elapsed_secs();
    for (frames, mut index) in &mut tiles {
        let at = frames.at(t);
        if index.0 != at {
            index.0 = at;
        }
    }
}
