//! A level's drawn tiles from its Tiled map or LDtk level (`art`:
//! [`MapArt`]), through bevy_ecs_tilemap: one tilemap per layer and
//! tileset, each tile with its index, flips and animation, the layer's
//! opacity, tint and offset, the tileset's spacing (its margin cut off the
//! image). Drawn instead of the theme's tiles; behind them the map's
//! background colour and images (Tiled's image layers, an LDtk level's
//! background). A tileset image that will not decode leaves the theme's
//! tiles drawn, with a warning naming the file. The theme's tiles (the
//! ones that collide) show over the art in the editor alone.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;
use tangent_level::format::art::{ArtImage, ArtTile, MapArt, TilesetArt};
use tangent_level::import::images::png_file_size;

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

/// The PNG image at `path` read from disk as RGBA, sampled nearest (as
/// Tiled and LDtk draw it: pixel art stays sharp, and no tile bleeds into
/// its neighbour), or why not.
fn read_png(path: &std::path::Path) -> Result<Image, String> {
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
    let mut rgba = image
        .convert(TextureFormat::Rgba8UnormSrgb)
        .ok_or_else(|| format!("{file}: cannot be turned into RGBA"))?;
    rgba.sampler = ImageSampler::nearest();
    Ok(rgba)
}

/// How many times a tileset's image is magnified (each pixel a square of
/// that many, up to 4, the image at most 2 048 px a side): bevy_ecs_tilemap
/// samples every tilemap with the app's default sampler (smooth), and a
/// magnified image drawn at its own size stays as sharp as Tiled and LDtk
/// draw it (nearest), its blur a quarter of a pixel.
///
/// ```
/// use tangent::level::map_art::magnification;
/// assert_eq!((magnification(368, 336), magnification(1024, 64), magnification(4096, 16)), (4, 2, 1));
/// ```
pub fn magnification(w: u32, h: u32) -> u32 {
    (2048 / w.max(h).max(1)).clamp(1, 4)
}

/// The tileset's image read from disk, laid out as bevy_ecs_tilemap reads
/// a tileset (each tile after the spacing, the first one too: the margin
/// made the spacing) and magnified `k` times, or why not.
fn tileset_image(set: &TilesetArt, k: u32) -> Result<Image, String> {
    let Some(path) = &set.image else {
        return Err(format!("tileset `{}` has no image", set.name));
    };
    let file = path.display();
    let rgba = read_png(path)?;
    let (w, h, m, gap) = (rgba.width(), rgba.height(), set.margin, set.spacing);
    if 2 * m >= w || 2 * m >= h {
        return Err(format!("{file}: a margin of {m} px leaves no tiles"));
    }
    // Tiled: `margin, tile, spacing, tile, ..., tile, margin`; the tilemap
    // reads `spacing, tile` per column (its texture array cache starts
    // tile `i` at `column * (tile + spacing) + spacing`).
    let data = rgba.data.as_deref().unwrap_or_default();
    let (cw, ch) = (w - 2 * m, h - 2 * m);
    let (ow, oh) = ((cw + gap) * k, (ch + gap) * k);
    let mut out = vec![0u8; (ow * oh * 4) as usize];
    for y in 0..oh {
        for x in 0..ow {
            let (sx, sy) = (x / k, y / k);
            if sx < gap || sy < gap {
                continue;
            }
            let from = ((sy - gap + m) * w + sx - gap + m) as usize * 4;
            let to = (y * ow + x) as usize * 4;
            out[to..to + 4].copy_from_slice(&data[from..from + 4]);
        }
    }
    let mut laid_out = Image::new(
        Extent3d {
            width: ow,
            height: oh,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        out,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    laid_out.sampler = ImageSampler::nearest();
    Ok(laid_out)
}

/// The images the art was last drawn with, by file and how they were laid
/// out (a tileset's margin, spacing and magnification; zeros and 1 for a
/// backdrop): a reload whose image cannot be read (being written, gone a
/// moment) keeps drawing the last good one, as it keeps the last good map
/// (`watch::keep_good_art`). Only the images of the art last drawn are
/// kept.
#[derive(Resource, Default)]
pub struct ArtTextures {
    by_key: std::collections::HashMap<ArtKey, Handle<Image>>,
    used: std::collections::HashSet<ArtKey>,
}

/// An image's file and how it was laid out.
type ArtKey = (std::path::PathBuf, [u32; 3]);

impl ArtTextures {
    /// The image read by `read` as a texture, remembered under `key`; the
    /// one remembered where it cannot be read, else why not.
    ///
    /// ```
    /// use bevy::prelude::*;
    /// use tangent::level::map_art::ArtTextures;
    /// let (mut cache, mut images) = (ArtTextures::default(), Assets::<Image>::default());
    /// let key = || ("tiles.png".into(), [0, 0, 1]);
    /// let good = cache.get(key(), &mut images, || Ok(Image::default())).unwrap();
    /// let gone = cache.get(key(), &mut images, || Err("tiles.png: gone".into()));
    /// assert_eq!(gone, Ok(good));
    /// let other = cache.get(("other.png".into(), [0, 0, 1]), &mut images, || Err("other.png: gone".into()));
    /// assert_eq!(other, Err("other.png: gone".to_string()));
    /// ```
    pub fn get(
        &mut self,
        key: ArtKey,
        images: &mut Assets<Image>,
        read: impl FnOnce() -> Result<Image, String>,
    ) -> Result<Handle<Image>, String> {
        self.used.insert(key.clone());
        match read() {
            Ok(image) => {
                let handle = images.add(image);
                self.by_key.insert(key, handle.clone());
                Ok(handle)
            }
            Err(e) => self.by_key.get(&key).cloned().ok_or(e),
        }
    }

    /// Forgets the images not asked for since the last call (those of art
    /// no longer drawn), freeing them once nothing draws them.
    pub fn forget_unused(&mut self) {
        let used = std::mem::take(&mut self.used);
        self.by_key.retain(|key, _| used.contains(key));
    }
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

/// How far apart in depth the art's layers are drawn.
const LAYER_STEP: f32 = 0.01;

/// How far behind the art's first layer its backdrops lie: in front of the
/// theme's sky and far layers, behind anything the level draws.
const BACKDROP_DEPTH: f32 = 5.0;

/// Spawns the art's tilemaps (depth `z` and up, a step per layer) and its
/// backdrops (behind), or gives why it cannot (an image that will not
/// decode), having spawned nothing.
pub fn spawn_map_art(
    commands: &mut Commands,
    art: &MapArt,
    (cache, images): (&mut ArtTextures, &mut Assets<Image>),
    z: f32,
) -> Result<(), String> {
    let mut textures = Vec::with_capacity(art.tilesets.len());
    for (n, set) in art.tilesets.iter().enumerate() {
        let used = art.layers.iter().any(|l| l.tileset == n);
        let file = set.image.clone().unwrap_or_default();
        let (w, h) = png_file_size(&file).unwrap_or(set.image_size);
        let k = magnification(w, h);
        let key = (file, [set.margin, set.spacing, k]);
        textures.push(if used {
            Some((cache.get(key, images, || tileset_image(set, k))?, k))
        } else {
            None
        });
    }
    let backdrops = backdrops(art, (cache, images), z)?;
    for b in backdrops {
        commands.spawn((LevelEntity, b));
    }
    for (n, layer) in art.layers.iter().enumerate() {
        let size = TilemapSize {
            x: layer.cells.0 as u32,
            y: layer.cells.1 as u32,
        };
        let set = &art.tilesets[layer.tileset];
        let Some((texture, k)) = textures[layer.tileset].clone() else {
            continue;
        };
        // The image magnified k times: the tilemap's grid too, and the
        // tilemap drawn at 1 / k.
        let k = k as f32;
        let map = commands.spawn(LevelEntity).id();
        let mut storage = TileStorage::empty(size);
        let [r, g, b, a] = layer.tint.unwrap_or([255; 4]).map(|c| c as f32 / 255.0);
        let colour = TileColor(Color::srgba(r, g, b, a * layer.opacity));
        for t in &layer.tiles {
            let tile = spawn_art_tile(commands, map, t, colour);
            storage.set(&tile_pos(t), tile);
        }
        let tile_size = TilemapTileSize {
            x: set.tile_size.0 as f32 * k,
            y: set.tile_size.1 as f32 * k,
        };
        let spacing = TilemapSpacing {
            x: set.spacing as f32 * k,
            y: set.spacing as f32 * k,
        };
        let (dx, dy) = layer.offset;
        let place = Transform::from_xyz(dx, dy, z + LAYER_STEP * n as f32);
        commands.entity(map).insert(TilemapBundle {
            grid_size: TilemapGridSize {
                x: layer.grid * k,
                y: layer.grid * k,
            },
            size,
            storage,
            texture: TilemapTexture::Single(texture),
            tile_size,
            spacing,
            anchor: TilemapAnchor::BottomLeft,
            transform: place.with_scale(Vec3::new(1.0 / k, 1.0 / k, 1.0)),
            ..default()
        });
    }
    cache.forget_unused();
    Ok(())
}

/// The art's background colour over the level's extent and its images,
/// as sprites at their places (each repeated image once per place), or
/// why an image cannot be drawn.
fn backdrops(
    art: &MapArt,
    (cache, images): (&mut ArtTextures, &mut Assets<Image>),
    z: f32,
) -> Result<Vec<(Sprite, Transform)>, String> {
    let (w, h) = (
        art.width as f32 * art.tile_size,
        art.height as f32 * art.tile_size,
    );
    let back = z - BACKDROP_DEPTH;
    let mut out = Vec::new();
    if let Some(c) = art.background {
        let [r, g, b, a] = c.map(|v| v as f32 / 255.0);
        let sprite = Sprite::from_color(Color::srgba(r, g, b, a), Vec2::new(w, h));
        out.push((sprite, Transform::from_xyz(w / 2.0, h / 2.0, back)));
    }
    for (n, i) in art.images.iter().enumerate() {
        let handle = cache.get((i.image.clone(), [0, 0, 1]), images, || read_png(&i.image))?;
        let png = images.get(&handle).ok_or("an image just added is gone")?;
        let (iw, ih) = (png.width() as f32, png.height() as f32);
        let (cx, cy, cw, ch) = i.crop.unwrap_or((0.0, 0.0, iw, ih));
        let size = Vec2::new(cw * i.scale.0, ch * i.scale.1);
        if size.x <= 0.0 || size.y <= 0.0 {
            continue;
        }
        let depth = if i.above_layers == 0 {
            back + LAYER_STEP * (n + 1) as f32
        } else {
            z + LAYER_STEP * (i.above_layers as f32 - 0.5)
        };
        let colour = Color::srgba(1.0, 1.0, 1.0, i.opacity);
        for (left, top) in places(i, size, (w, h)) {
            let sprite = Sprite {
                image: handle.clone(),
                rect: Some(Rect::new(cx, cy, cx + cw, cy + ch)),
                custom_size: Some(size),
                color: colour,
                ..default()
            };
            let centre = Vec3::new(left + size.x / 2.0, top - size.y / 2.0, depth);
            out.push((sprite, Transform::from_translation(centre)));
        }
    }
    Ok(out)
}

/// The top-left corners an image of `size` is drawn at: its own, and
/// where it repeats, every step of its size across the level's `extent`.
fn places(i: &ArtImage, size: Vec2, extent: (f32, f32)) -> Vec<(f32, f32)> {
    let along = |start: f32, step: f32, repeat: bool, lo: f32, hi: f32| -> Vec<f32> {
        if !repeat {
            return vec![start];
        }
        let first = start - ((start - lo) / step).ceil() * step;
        // At most 256 a side: a tiny image repeated over a huge level.
        let count = ((hi - first) / step).ceil().clamp(1.0, 256.0) as usize;
        (0..count).map(|k| first + k as f32 * step).collect()
    };
    let xs = along(i.top_left.0, size.x, i.repeat.0, 0.0, extent.0);
    // Downwards (y negated), covering the level from its top to its bottom.
    let ys = along(-i.top_left.1, size.y, i.repeat.1, -extent.1, 0.0);
    let mut out = Vec::new();
    for &x in &xs {
        for &y in &ys {
            out.push((x, -y));
        }
    }
    out
}

/// How opaque the theme's tiles are drawn over a map's art in the editor.
pub const COLLISION_ALPHA: f32 = 0.5;

/// A tilemap of the theme's tiles under a level's art: hidden while
/// playing; in the editor drawn over the art, see-through, so the tiles
/// being painted (which collide) show.
#[derive(Component)]
pub struct CollisionUnderArt;

/// Depth of the theme's tiles over the art (both of its tilemaps): above
/// the art's layers, below the player.
pub const COLLISION_Z: f32 = 0.9;

/// Shows the theme's tiles over the art while the editor is open.
pub fn show_collision_in_editor(
    mode: Option<Res<State<crate::mode::GameMode>>>,
    mut maps: Query<&mut Visibility, With<CollisionUnderArt>>,
) {
    let editing = mode.is_some_and(|m| *m.get() == crate::mode::GameMode::Editing);
    let want = if editing {
        Visibility::Visible
    } else {
        Visibility::Hidden
    };
    for mut shown in &mut maps {
        shown.set_if_neq(want);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_image_covers_the_level_and_a_single_one_stays() {
        let mut i = ArtImage {
            top_left: (50.0, 100.0),
            repeat: (true, false),
            ..default()
        };
        let size = Vec2::new(64.0, 32.0);
        let xs: Vec<f32> = places(&i, size, (200.0, 100.0))
            .iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(xs, [-14.0, 50.0, 114.0, 178.0]);
        i.repeat = (false, true);
        let tops: Vec<f32> = places(&i, size, (200.0, 100.0))
            .iter()
            .map(|p| p.1)
            .collect();
        // Tops 100, 68, 36 and 4: the last one's bottom (-28) below the level's.
        assert_eq!(tops, [100.0, 68.0, 36.0, 4.0]);
        i.repeat = (false, false);
        assert_eq!(places(&i, size, (200.0, 100.0)), [(50.0, 100.0)]);
    }
}
