//! A level's IntGrid layers as the level's tile grid.
//!
//! The grid's tile is the finest grid of the level's visible IntGrid
//! layers; a coarser layer whose grid is a whole multiple of it (and whose
//! offset is whole tiles) fills that many tiles a cell; other layers are
//! left out, said why. Upper layers (LDtk lists them first) cover lower
//! ones; a cell of value 0 covers nothing. The grid is the level's size,
//! rounded up to whole tiles.
//!
//! A value's kind comes from its name ([`kind_of_value`]).

use std::collections::BTreeSet;

use super::json::{Defs, LayerInstance, Level};
use crate::format::TileDef;
use crate::format::mover_props::word;
use crate::import::map_parts::{side_of, tile_kind};
use crate::import::tiled::MAX_TMX_SIDE;

/// A level's tiles: `w` x `h` cells of `size` px, top row first.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    pub size: f32,
    pub w: usize,
    pub h: usize,
    pub cells: Vec<TileDef>,
}

impl Grid {
    /// The level's height in px (for the y flip: `y_level = height - y`).
    pub fn height(&self) -> f64 {
        self.h as f64 * self.size as f64
    }
}

/// The tile kind an IntGrid value's name stands for, and whether the name
/// was one Tangent knows. Besides the words Tiled tiles use
/// ([`tile_kind`]): `platform`s, `jumpthrough`, `semisolid` and `bridge`
/// are one-way; `water`, `ladder`, `background`, `bg` and `vine` are decor
/// (Tangent has no water or ladders); `spike`, `lava`, `acid` and `death`
/// are spikes, and any spike word may end in the side they point
/// (`spikes_down`); `walls`, `rock`, `stone`, `dirt`, `brick`, `block` and
/// `collision(s)` are solid, and so is no name, or any other.
///
/// ```
/// use tangent_level::import::ldtk::kind_of_value;
/// use tangent_level::format::{Side, TileDef};
/// assert_eq!(kind_of_value(Some("walls")), (TileDef::Solid, true));
/// assert_eq!(kind_of_value(Some("Marble")), (TileDef::Solid, false));
/// assert_eq!(kind_of_value(Some("Water")), (TileDef::Decor, true));
/// assert_eq!(kind_of_value(Some("lava_left")), (TileDef::Spikes(Side::Left), true));
/// assert_eq!(kind_of_value(None), (TileDef::Solid, true));
/// ```
pub fn kind_of_value(name: Option<&str>) -> (TileDef, bool) {
    let w = word(name.unwrap_or(""));
    if let Some(k) = tile_kind(&w, "") {
        return (k, true);
    }
    match w.as_str() {
        "walls" | "solids" | "rock" | "stone" | "dirt" | "brick" | "block" | "blocks"
        | "collision" | "collisions" => return (TileDef::Solid, true),
        "platforms" | "jumpthrough" | "semisolid" | "bridge" => return (TileDef::OneWay, true),
        "water" | "ladder" | "ladders" | "background" | "bg" | "vine" => {
            return (TileDef::Decor, true);
        }
        _ => {}
    }
    for spike in ["spikes", "spike", "hazard", "lava", "acid", "death"] {
        if let Some(rest) = w.strip_prefix(spike)
            && let Some(side) = side_of(rest)
        {
            return (TileDef::Spikes(side), true);
        }
    }
    (TileDef::Solid, false)
}

/// The level's grid from its IntGrid layers. `at` is the level's place in
/// the JSON, for errors; `notes` gets a line per layer left out and per
/// value read.
pub fn read_grid(
    level: &Level,
    layers: &[LayerInstance],
    defs: &Defs,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<Grid, String> {
    let int_grids: Vec<(usize, &LayerInstance)> = layers
        .iter()
        .enumerate()
        .filter(|(_, l)| l.kind == "IntGrid")
        .collect();
    for (i, l) in &int_grids {
        if !l.visible {
            notes.push(format!(
                "{at}.layerInstances[{i}] (`{}`): hidden, left out",
                l.identifier
            ));
        }
    }
    let shown = || {
        int_grids
            .iter()
            .filter(|(_, l)| l.visible && l.grid_size > 0)
    };
    let size = shown()
        .filter(|(_, l)| l.int_grid_csv.iter().any(|&v| v != 0))
        .map(|(_, l)| l.grid_size)
        .min()
        .or_else(|| layers.iter().map(|l| l.grid_size).filter(|&g| g > 0).min())
        .unwrap_or(16);
    let cells_of = |px: i64| (px.max(0) + size - 1) / size;
    let (w, h) = (cells_of(level.px_wid), cells_of(level.px_hei));
    let side = MAX_TMX_SIDE as i64;
    if w == 0 || h == 0 || w > side || h > side {
        return Err(format!(
            "{at} (`{}`): {} x {} px is {w} x {h} tiles of {size} px; a level has 1 to {side} tiles a side",
            level.identifier, level.px_wid, level.px_hei
        ));
    }
    let (w, h) = (w as usize, h as usize);
    let mut cells = vec![TileDef::Empty; w * h];
    let mut named = BTreeSet::new();
    // Lower layers first, so that upper ones cover them.
    for (i, l) in shown().rev() {
        let here = format!("{at}.layerInstances[{i}] (`{}`)", l.identifier);
        let k = l.grid_size / size;
        let whole = |v: i64| v % size == 0;
        if l.grid_size % size != 0 || !whole(l.offset_x) || !whole(l.offset_y) {
            notes.push(format!(
                "{here}: a grid of {} px offset by ({}, {}) px does not fall on the level's {size} px tiles; left out",
                l.grid_size, l.offset_x, l.offset_y
            ));
            continue;
        }
        if l.c_wid < 0 || l.c_hei < 0 || l.int_grid_csv.len() as i64 != l.c_wid * l.c_hei {
            return Err(format!(
                "{here}.intGridCsv: {} values for __cWid x __cHei = {} x {}; save the project again in LDtk",
                l.int_grid_csv.len(),
                l.c_wid,
                l.c_hei
            ));
        }
        let values = defs.layers.iter().find(|d| d.uid == l.layer_def_uid);
        let (ox, oy) = (l.offset_x / size, l.offset_y / size);
        for (n, &v) in l.int_grid_csv.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let name = values
                .and_then(|d| d.int_grid_values.iter().find(|iv| iv.value == v))
                .and_then(|iv| iv.identifier.as_deref());
            let (kind, known) = kind_of_value(name);
            if named.insert((l.identifier.clone(), v)) {
                let name = name.map_or("no name".to_string(), |s| format!("`{s}`"));
                let unknown = if known {
                    ""
                } else {
                    " (a name Tangent does not know)"
                };
                notes.push(format!(
                    "{here}: value {v} ({name}) read as {kind:?}{unknown}"
                ));
            }
            let (cx, cy) = ((n as i64 % l.c_wid) * k + ox, (n as i64 / l.c_wid) * k + oy);
            for y in cy.max(0)..(cy + k).min(h as i64) {
                for x in cx.max(0)..(cx + k).min(w as i64) {
                    cells[y as usize * w + x as usize] = kind;
                }
            }
        }
    }
    Ok(Grid {
        size: size as f32,
        w,
        h,
        cells,
    })
}
