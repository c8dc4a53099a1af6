//! The tile rows and the legend: every row as long as the first, every
//! character in the legend; the grid of solid and one-way cells, the decor
//! cells and the spike cells.

use std::collections::BTreeMap;

use tangent_collision::prelude::{TileGrid, TileKind, Vec2};

use super::locate::{LevelError, Locator};
use crate::format::{LevelFile, Side, TileDef};

/// The tile grid, the decor cells (behind the player, in front) and the
/// spike cells.
pub(crate) type Cells = (
    TileGrid,
    Vec<(usize, usize)>,
    Vec<(usize, usize)>,
    BTreeMap<(usize, usize), Side>,
);

/// The tile grid from the rows and legend, or the first bad row or character.
pub(crate) fn tiles(raw: &LevelFile, loc: &Locator) -> Result<Cells, LevelError> {
    let tiles_line = loc.key("tiles");
    let err = |line, column, message| loc.err(line, column, message);
    let height = raw.tiles.len();
    let width = raw.tiles.first().map_or(0, |r| r.chars().count());
    if height == 0 || width == 0 {
        return Err(err(
            tiles_line,
            None,
            "tiles must have at least one row and column".into(),
        ));
    }
    let mut grid = TileGrid::new(width, height, raw.tile_size, Vec2::ZERO);
    if raw.open {
        grid.outside = TileKind::Empty;
    }
    let mut decor = Vec::new();
    let mut front = Vec::new();
    let mut spikes = BTreeMap::new();
    for (row_index, row) in raw.tiles.iter().enumerate() {
        // The row's line, found only for an error: finding it for every
        // row scans the rows before it, quadratic in a big level's rows.
        let line = || loc.nth_after(tiles_line, "\"", row_index);
        let n = row.chars().count();
        if n != width {
            return Err(err(
                line(),
                None,
                format!(
                    "row {} has {n} tiles but the first row has {width}: rows must all be the same length",
                    row_index + 1
                ),
            ));
        }
        let y = height - 1 - row_index;
        for (x, ch) in row.chars().enumerate() {
            let Some(kind) = raw.legend.get(&ch) else {
                let line = line();
                let col = loc
                    .lines
                    .get(line.saturating_sub(1))
                    .and_then(|l| l.find('"'))
                    .map(|q| q + 2 + x);
                return Err(err(
                    line,
                    col,
                    format!("'{ch}' in row {} is not in the legend", row_index + 1),
                ));
            };
            match kind {
                TileDef::Empty => {}
                TileDef::Solid => grid.set(x, y, TileKind::Solid),
                TileDef::OneWay => grid.set(x, y, TileKind::OneWay),
                TileDef::Decor => decor.push((x, y)),
                TileDef::FrontDecor => front.push((x, y)),
                TileDef::Spikes(side) => {
                    spikes.insert((x, y), *side);
                }
            }
        }
    }
    Ok((grid, decor, front, spikes))
}
