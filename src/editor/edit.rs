//! One edit of the level ([`Edit`]), as data: what the editor's keys,
//! mouse and panels ask the model to do.

use bevy::math::Vec2;

use super::handle::Handle;
use super::items::{Clipboard, Item};
use tangent_level::format::mover::MoverDef;
use tangent_level::format::{ActorDef, CurveDef, ShapeDef, TileDef};

/// One edit.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Set the tile under a world point to a kind (`Empty` erases).
    PaintTile(Vec2, TileDef),
    /// Move a handle to a world point.
    Move(Handle, Vec2),
    /// Add a quadratic (3) or cubic (4) curve centred on a point.
    AddCurve(usize, Vec2),
    /// A loop you can run, entered at the point (see `tangent_level::format::loops`).
    AddLoop(Vec2),
    DeleteCurve(usize),
    ToggleOneWay(usize),
    /// Set a curve's restitution (clamped to 0 or more).
    SetRestitution(usize, f32),
    /// Add a ball (circle) or a crate (rect) at a point.
    AddActor(bool, Vec2),
    DeleteActor(usize),
    /// Add (`n > 0`) or remove (`n < 0`) `|n|` rows or columns of tiles on a
    /// side of the grid (see [`EditorModel::resized`](super::model::EditorModel::resized)).
    Resize(GridSide, i32),
    /// Set the tile under a world point to a legend character.
    PaintChar(Vec2, char),
    /// Add a checkpoint at a point.
    AddCheckpoint(Vec2),
    /// Add a refill crystal at a point.
    AddCrystal(Vec2),
    /// Add a coin at a point.
    AddCoin(Vec2),
    /// Set what a legend character stands for (adding it).
    SetLegend(char, TileDef),
    /// Rename a legend character, in the legend and every row.
    RenameLegend(char, char),
    /// Remove a legend character no tile uses.
    RemoveLegend(char),
    /// Set a tuning field by its file name.
    SetTuning(&'static str, f32),
    /// Set the level's gravity, px/s².
    SetGravity((f32, f32)),
    /// Set the player's shape.
    SetPlayer(ShapeDef),
    /// Replace a curve's definition (its materials and fill).
    SetCurve(usize, CurveDef),
    /// Replace an actor's definition (its shape and materials).
    SetActor(usize, ActorDef),
    /// Move whole things by an offset.
    Translate(Vec<Item>, Vec2),
    /// Delete curves, actors, checkpoints, crystals and movers.
    DeleteItems(Vec<Item>),
    /// Add copies of the clipboard's things, moved by an offset.
    Paste(Clipboard, Vec2),
    /// Add a waypoint to a mover's path, at a world point.
    AddWaypoint(usize, Vec2),
    /// Remove a mover's last waypoint.
    RemoveWaypoint(usize),
    /// Replace a mover's motion (its pieces kept).
    SetMotion(usize, MoverDef),
    /// The selected curves become one new mover (going up 4 tiles and back).
    MakeMover(Vec<Item>),
}

/// A side of the tile grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridSide {
    Left,
    Right,
    Top,
    Bottom,
}
