//! The level's tiles through bevy_ecs_tilemap, in the world's tileset
//! (`assets/themes/NAME.png`): each solid cell drawn by which of its four
//! neighbours are solid ([`solid_cell`], autotiling: a top where it is
//! open, rounded corners, moss under an overhang), one-way planks, spikes,
//! the decor a designer placed (behind the player or in front), and tufts
//! the game puts on open tops by itself ([`super::grass`]), in front.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

pub use super::grass::TUFT_CELLS;
use super::grass::{cell_hash, tuft_at};
use super::state::LevelEntity;
use crate::collision::{TileGrid, TileKind};
use tangent_level::Level;
use tangent_level::format::Side;

/// The tileset's cells (see `tools/make_themes.py`).
pub const ONE_WAY_CELL: u32 = 16;
pub const SPIKE_CELLS: u32 = 17;
pub const FLAG_CELL: u32 = 21;
pub const DECOR_CELLS: u32 = 22;
/// The depth of the layer in front of the player (whose body is at 10,
/// other actors at 5).
pub const FRONT_Z: f32 = 12.0;
/// The tileset's cell size, px.
pub const CELL: f32 = 32.0;

/// The tileset cell of the solid cell `(x, y)`: bit 1 if the cell above
/// is solid, 2 right, 4 below, 8 left (outside the grid is what the grid
/// says it is: a closed level's walls are solid).
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::collision::{TileGrid, TileKind};
/// use tangent::level::tilemap::solid_cell;
/// let mut g = TileGrid::new(3, 2, 32.0, Vec2::ZERO);
/// for x in 0..3 { g.set(x, 0, TileKind::Solid); }
/// g.outside = TileKind::Empty;
/// assert_eq!(solid_cell(&g, 1, 0), 2 | 8);   // open above and below
/// assert_eq!(solid_cell(&g, 0, 0), 2);       // the left end
/// ```
pub fn solid_cell(grid: &TileGrid, x: i64, y: i64) -> u32 {
    neighbour_cell(|dx, dy| grid.get(x + dx, y + dy) == TileKind::Solid)
}

/// The tileset cell of a solid cell whose neighbour at `(dx, dy)` is solid
/// when `solid(dx, dy)`: bit 1 above, 2 right, 4 below, 8 left (the grid's
/// cells, [`solid_cell`], and a mover's own).
pub fn neighbour_cell(solid: impl Fn(i64, i64) -> bool) -> u32 {
    u32::from(solid(0, 1))
        | u32::from(solid(1, 0)) << 1
        | u32::from(solid(0, -1)) << 2
        | u32::from(solid(-1, 0)) << 3
}

/// One tilemap of `tiles` (cell, tileset index) at depth `z`.
fn spawn_layer(
    commands: &mut Commands,
    level: &Level,
    tiles: &[((usize, usize), u32)],
    (texture, colour): (&Handle<Image>, TileColor),
    z: f32,
) -> Entity {
    let g = &level.grid;
    let size = TilemapSize {
        x: g.width as u32,
        y: g.height as u32,
    };
    let map = commands.spawn(LevelEntity).id();
    let mut storage = TileStorage::empty(size);
    for &((x, y), index) in tiles {
        let position = TilePos {
            x: x as u32,
            y: y as u32,
        };
        let tile = commands
            .spawn((
                LevelEntity,
                TileBundle {
                    position,
                    tilemap_id: TilemapId(map),
                    texture_index: TileTextureIndex(index),
                    color: colour,
                    ..default()
                },
            ))
            .id();
        storage.set(&position, tile);
    }
    let tile_size = TilemapTileSize { x: CELL, y: CELL };
    // A level's tile size other than the tileset's: the map is scaled.
    let scale = g.tile_size / CELL;
    commands.entity(map).insert(TilemapBundle {
        grid_size: tile_size.into(),
        size,
        storage,
        texture: TilemapTexture::Single(texture.clone()),
        tile_size,
        anchor: TilemapAnchor::BottomLeft,
        transform: Transform::from_xyz(0.0, 0.0, z).with_scale(Vec3::new(scale, scale, 1.0)),
        ..default()
    });
    map
}

/// The depths the theme's two tilemaps are drawn at in play: the grid at
/// 0, the tufts and front decor in front of the player ([`FRONT_Z`]).
pub const THEME_DEPTHS: [f32; 2] = [0.0, FRONT_Z];

/// The level's grid, spikes and decor and its tufts and front decor in the
/// world's `tileset`, tinted `colour`, at `depths` (the two maps' z; in
/// play [`THEME_DEPTHS`]).
pub fn spawn_tilemap(
    commands: &mut Commands,
    level: &Level,
    tileset: &Handle<Image>,
    colour: TileColor,
    depths: [f32; 2],
) -> [Entity; 2] {
    let g = &level.grid;
    let mut tiles = Vec::new();
    let mut tufts = Vec::new();
    for y in 0..g.height {
        for x in 0..g.width {
            match g.cells[y * g.width + x] {
                TileKind::Solid => tiles.push(((x, y), solid_cell(g, x as i64, y as i64))),
                TileKind::OneWay => tiles.push(((x, y), ONE_WAY_CELL)),
                TileKind::Empty => tufts.extend(tuft_at(level, x, y).map(|t| ((x, y), t))),
            }
        }
    }
    for &(x, y) in &level.decor {
        tiles.push(((x, y), DECOR_CELLS + cell_hash(x, y) % 4));
    }
    // Foreground decor: the bushes and tall plants, in front of the player.
    for &(x, y) in &level.front_decor {
        tufts.push(((x, y), DECOR_CELLS + 1 + 2 * (cell_hash(x, y) % 2)));
    }
    for (&(x, y), side) in &level.spikes {
        let k = match side {
            Side::Up => 0,
            Side::Down => 1,
            Side::Left => 2,
            Side::Right => 3,
        };
        tiles.push(((x, y), SPIKE_CELLS + k));
    }
    [
        spawn_layer(commands, level, &tiles, (tileset, colour), depths[0]),
        spawn_layer(commands, level, &tufts, (tileset, colour), depths[1]),
    ]
}

/// A tileset cell's rectangle in the image, for a sprite.
pub fn cell_rect(index: u32) -> Rect {
    let x = index as f32 * CELL;
    Rect::new(x, 0.0, x + CELL, CELL)
}
