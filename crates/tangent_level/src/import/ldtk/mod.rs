//! [LDtk](https://ldtk.io) projects (`.ldtk`, with levels saved separately
//! as `.ldtkl`) read as the parts of levels, one per LDtk level, in the
//! project's order. The mapping is documented in `docs/level-format.md`,
//! "LDtk projects":
//!
//! - the tiles from the IntGrid layers ([`grid`]), a value's kind from its
//!   name ([`kind_of_value`]);
//! - the spawn, goal, checkpoints, actors, spikes and curves from the
//!   entities ([`entities`]); a level with no spawn or goal gets them where
//!   the player can stand ([`crate::import::placing`]);
//! - Tiles and AutoLayer layers are drawings: left out of the level's
//!   parts, and said; a level whose `art` names the project draws them
//!   ([`art`]).
//!
//! (The method in full is on `read_ldtk`.)

pub mod art;
pub mod entities;
pub mod grid;
mod json;
mod project;

use std::path::Path;

pub use art::read_ldtk_art;
pub use grid::kind_of_value;
pub use project::MAX_LDTK_BYTES;

use crate::format::ShapeDef;
use crate::import::map_parts::{MapParts, rows_of};
use crate::import::placing::{Editor, place_missing};
use crate::validate::actor_shape;
use tangent_collision::prelude::Vec2;

/// One LDtk level read.
#[derive(Clone, Debug, PartialEq)]
pub struct LdtkLevel {
    /// Its identifier in the project (`Level_0`).
    pub identifier: String,
    /// Where it is: the file and JSON path (`x.ldtk: levels[2] (`Level_2`)`).
    pub at: String,
    /// Its parts, but for the spawn and checkpoints (see
    /// [`LdtkLevel::for_player`]); the name is the identifier with spaces for
    /// underscores.
    pub parts: MapParts,
    /// Where the player stands at the spawn and checkpoints (its feet).
    pub spawn_feet: Option<(f32, f32)>,
    pub checkpoint_feet: Vec<(f32, f32)>,
    /// What was read how, and what was left out, a line each.
    pub notes: Vec<String>,
}

impl LdtkLevel {
    /// The level's parts for a player of shape `player`: standing at the
    /// spawn and checkpoints, a spawn and goal placed where the map has none
    /// ([`place_missing`], which says so in the notes returned).
    pub fn for_player(&self, player: &ShapeDef) -> Result<(MapParts, Vec<String>), String> {
        let half_height = actor_shape(player).aabb(Vec2::ZERO).max.y;
        let stand = |p: (f32, f32)| (p.0, p.1 + half_height);
        let mut parts = self.parts.clone();
        parts.objects.spawn = self.spawn_feet.map(stand);
        parts.objects.checkpoints = self.checkpoint_feet.iter().copied().map(stand).collect();
        let mut notes = self.notes.clone();
        place_missing(&mut parts, Editor::Ldtk, player, &mut notes)
            .map_err(|e| format!("{}: {e}", self.at))?;
        Ok((parts, notes))
    }
}

/// LDtk's y axis points down from the level's top-left corner; the
/// level's points up from its bottom-left: `y_level = height - y`, the
/// height being the grid's (the level's, rounded up to whole tiles).
/// Errors name the file and the JSON path (`levels[2].layerInstances[0]`).
///
/// Reads the project at `path`: every level, or only the one whose
/// identifier is `only` (an error lists the identifiers when none is).
pub fn read_ldtk(path: &Path, only: Option<&str>) -> Result<Vec<LdtkLevel>, String> {
    let (project, levels) = project::read_project(path)?;
    let file = path.display().to_string();
    if levels.is_empty() {
        return Err(format!("{file}: a project with no levels"));
    }
    if let Some(name) = only
        && !levels.iter().any(|l| l.level.identifier == name)
    {
        let names: Vec<&str> = levels.iter().map(|l| l.level.identifier.as_str()).collect();
        return Err(format!(
            "{file}: no level `{name}`; its levels are {}",
            names.join(", ")
        ));
    }
    let mut out = Vec::new();
    for pl in levels
        .iter()
        .filter(|l| only.is_none_or(|n| l.level.identifier == n))
    {
        let level = &pl.level;
        let layers = level.layer_instances.as_deref().unwrap_or(&[]);
        let in_file = |e: String| format!("{}: {e}", pl.file);
        let mut notes = Vec::new();
        let mut grid =
            grid::read_grid(level, layers, &project.defs, &pl.at, &mut notes).map_err(in_file)?;
        let things =
            entities::read_entities(layers, &mut grid, &pl.at, &mut notes).map_err(in_file)?;
        let mut objects = things.objects;
        objects.ignored = things
            .left_out
            .iter()
            .map(|(id, n)| {
                format!(
                    "{n} `{id}` entit{} (not a spawn, goal, checkpoint, crystal, actor, spikes or curve)",
                    if *n == 1 { "y" } else { "ies" }
                )
            })
            .collect();
        let (legend, tiles) = rows_of(&grid.cells, grid.w);
        let drawn = layers
            .iter()
            .any(|l| l.visible && (!l.grid_tiles.is_empty() || !l.auto_layer_tiles.is_empty()));
        out.push(LdtkLevel {
            identifier: level.identifier.clone(),
            at: format!("{}: {} (`{}`)", pl.file, pl.at, level.identifier),
            parts: MapParts {
                name: Some(level.identifier.replace('_', " ")),
                tile_size: grid.size,
                legend,
                tiles,
                open: None,
                objects,
                art: drawn.then(|| (path.to_path_buf(), Some(level.identifier.clone()))),
            },
            spawn_feet: things.spawn_feet,
            checkpoint_feet: things.checkpoint_feet,
            notes,
        });
    }
    Ok(out)
}
