//! A spawn and a goal for an imported level whose map has none: most LDtk
//! levels and the maps of a Tiled world are rooms of a bigger game, with no
//! player start of their own. The spawn is
//! the leftmost place (then the lowest) where the player stands on a solid
//! or one-way tile with free tiles (empty or decor) all round it; the goal
//! the standing place farthest from the spawn, its box (32 x 64 px) on the
//! floor there. Each is said, with the entity to add instead.

use crate::format::{GoalDef, ShapeDef, TileDef};
use crate::import::map_parts::MapParts;
use crate::validate::actor_shape;
use tangent_collision::prelude::Vec2;

/// The editor a map comes from, for saying what to add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Editor {
    Ldtk,
    Tiled,
}

impl Editor {
    fn spawn_thing(self) -> &'static str {
        match self {
            Editor::Ldtk => "spawn entity",
            Editor::Tiled => "spawn object",
        }
    }

    fn untyped_tiles(self) -> &'static str {
        match self {
            Editor::Ldtk => "an IntGrid value of no name or an unknown one is solid",
            Editor::Tiled => "a tile with no `kind` property or class is solid",
        }
    }

    fn goal_thing(self) -> &'static str {
        match self {
            Editor::Ldtk => "goal entity",
            Editor::Tiled => "goal object",
        }
    }

    fn spawn_hint(self) -> &'static str {
        match self {
            Editor::Ldtk => "an entity named `Player`",
            Editor::Tiled => "a point object of class \"spawn\"",
        }
    }

    fn goal_hint(self) -> &'static str {
        match self {
            Editor::Ldtk => "an entity named `Exit` (or `Goal`)",
            Editor::Tiled => "a rectangle object of class \"goal\"",
        }
    }
}

/// Puts a spawn and a goal where `parts` has none (see the module), for a
/// player of shape `player`; a line for each in `notes`. An error when
/// the level has no place for the player to stand.
pub fn place_missing(
    parts: &mut MapParts,
    editor: Editor,
    player: &ShapeDef,
    notes: &mut Vec<String>,
) -> Result<(), String> {
    if parts.objects.spawn.is_some() && parts.objects.goal.is_some() {
        return Ok(());
    }
    let half = actor_shape(player).aabb(Vec2::ZERO).max;
    let (hx, hy) = (half.x, half.y);
    let spots = standing_places(parts, hx, hy);
    let Some(&first) = spots.first() else {
        let no_free_cell = parts
            .tiles
            .iter()
            .flat_map(|r| r.chars())
            .all(|c| !matches!(parts.legend[&c], TileDef::Empty | TileDef::Decor));
        let why = if no_free_cell {
            // A top-down map (Tiled's RPG examples): every cell holds a
            // tile, and a tile of no kind is solid.
            format!(
                "no cell is free ({}); leave the cells the player moves through empty, \
                 or give their tiles the kind \"decor\", then ",
                editor.untyped_tiles()
            )
        } else {
            String::new()
        };
        return Err(format!(
            "no {}, and no place where the player ({} x {} px) could stand on a tile with \
             free cells above it: {why}add {} where the player starts",
            editor.spawn_thing(),
            2.0 * hx,
            2.0 * hy,
            editor.spawn_hint()
        ));
    };
    let spawn = match parts.objects.spawn {
        Some(s) => s,
        None => {
            let s = (first.0, first.1 + hy);
            parts.objects.spawn = Some(s);
            notes.push(format!(
                "no {}: the player starts at ({}, {}), the leftmost place to stand; \
                 add {} to choose",
                editor.spawn_thing(),
                s.0,
                s.1,
                editor.spawn_hint()
            ));
            s
        }
    };
    if parts.objects.goal.is_none() {
        let far = spots
            .iter()
            .copied()
            .max_by(|a, b| {
                let d = |p: (f32, f32)| (p.0 - spawn.0).powi(2) + (p.1 - spawn.1).powi(2);
                d(*a).total_cmp(&d(*b))
            })
            .unwrap_or(first);
        let goal = GoalDef {
            position: (far.0, far.1 + crate::format::GOAL_SIZE.1 / 2.0),
            size: crate::format::GOAL_SIZE,
        };
        parts.objects.goal = Some(goal);
        // The player's box at the spawn meets the goal's: the run ends at
        // once (a map with one place to stand), which the note says.
        let at_once = (goal.position.0 - spawn.0).abs() < hx + 0.5 * goal.size.0
            && (goal.position.1 - spawn.1).abs() < hy + 0.5 * goal.size.1;
        let whose = if at_once {
            "the one place to stand, where the player starts, so the run ends at once"
        } else {
            "the place to stand farthest from the spawn"
        };
        notes.push(format!(
            "no {}: the goal is at ({}, {}), {whose}; add {} to choose",
            editor.goal_thing(),
            goal.position.0,
            goal.position.1,
            editor.goal_hint()
        ));
    }
    Ok(())
}

/// Every place (the middle of a tile's top, level px, y up) where a box of
/// half extents `hx` x `hy` stands on a solid or one-way tile in free
/// tiles, inside the level: left to right, then bottom to top.
fn standing_places(parts: &MapParts, hx: f32, hy: f32) -> Vec<(f32, f32)> {
    let g = parts.tile_size;
    let rows: Vec<Vec<TileDef>> = parts
        .tiles
        .iter()
        .map(|r| r.chars().map(|c| parts.legend[&c]).collect())
        .collect();
    let h = rows.len();
    let w = rows.first().map_or(0, Vec::len);
    // Row from the bottom, column from the left.
    let at = |x: i64, y: i64| -> Option<TileDef> {
        if x < 0 || y < 0 || x as usize >= w || y as usize >= h {
            return None;
        }
        Some(rows[h - 1 - y as usize][x as usize])
    };
    let free = |k: Option<TileDef>| matches!(k, Some(TileDef::Empty | TileDef::Decor));
    // The tiles a box overlaps (by more than half a pixel).
    let span = |lo: f32, hi: f32| ((lo + 0.5) / g).floor() as i64..=((hi - 0.5) / g).floor() as i64;
    let mut out = Vec::new();
    for x in 0..w as i64 {
        let cx = (x as f32 + 0.5) * g;
        for y in 0..h as i64 - 1 {
            if !matches!(at(x, y), Some(TileDef::Solid | TileDef::OneWay)) {
                continue;
            }
            let floor = (y + 1) as f32 * g;
            let fits = span(floor, floor + 2.0 * hy)
                .all(|ty| span(cx - hx, cx + hx).all(|tx| free(at(tx, ty))));
            if fits {
                out.push((cx, floor));
            }
        }
    }
    out
}
