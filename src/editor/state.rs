//! The editor's state: the model being edited, the brush, the selection,
//! the open panel and what is being dragged; every key ([`HELP`]) and the
//! tile palette; checking the model and showing it live ([`preview`]).

use bevy::prelude::*;

use super::handle::Handle;
use super::items::{Clipboard, Item};
use super::model::EditorModel;
use crate::level::{CurrentLevel, LevelCommand};
use crate::player::camera::GameCamera;
use tangent_level::files::save::write_over;
use tangent_level::format::{LevelFile, Side, TileDef};
use tangent_level::validate::Level;

/// Every key of edit mode, shown by `H`.
pub const HELP: &str = "EDIT MODE KEYS (H closes)
Tab  back to play (the edited level, at once)      Ctrl+S  save      Ctrl+Z / Ctrl+Y  undo / redo
Tiles   1 solid  2 one-way  3 decor  4 erase  5-8 spikes up/down/left/right  9 front decor;  left paints, right erases
Select  click a handle (curve point, spawn, goal, actor, checkpoint, crystal, mover pivot or waypoint); Shift+click adds or removes;
        Shift+drag a box; Ctrl+A all; drag a selected handle to move the whole selection
        Ctrl+C copy, Ctrl+X cut, Ctrl+V paste at the mouse; X or Delete deletes
Add     Q / C quadratic / cubic curve, U loop, B / K ball / crate, J checkpoint, D dash crystal, Shift+D coin (at the mouse)
Curves  O one-way, V hazard, F fill (below, chord, line, closed), [ ] restitution
Actors  [ ] restitution, - = friction, M mass (by area / immovable)
Movers  N makes one of the selected curves; drag its pivot, waypoints and points; W adds a waypoint at the mouse,
        Shift+W removes the last; [ ] speed, - = wait, , . spin, I easing, R repeat, Y trigger (the path is previewed)
Player  P circle or box; with the spawn selected, [ ] smaller / bigger
Panels  T tuning (Up/Down pick, Left/Right change, Shift finer)
        L legend (Up/Down pick, 1-9 kind, A add, R rename: then type the character, X remove, Enter paint with it)
View    arrows pan, wheel zooms, G snap to half tiles
Grid    Ctrl+arrow adds a row or column on that side, Ctrl+Shift+arrow removes one";

/// What the left mouse button paints, by number key.
pub const PALETTE: [TileDef; 9] = [
    TileDef::Solid,
    TileDef::OneWay,
    TileDef::Decor,
    TileDef::Empty,
    TileDef::Spikes(Side::Up),
    TileDef::Spikes(Side::Down),
    TileDef::Spikes(Side::Left),
    TileDef::Spikes(Side::Right),
    TileDef::FrontDecor,
];

/// The panel over the level, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Panel {
    #[default]
    None,
    Help,
    Tuning,
    Legend,
}

/// What the left button is doing while held.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drag {
    /// Moving one handle.
    Handle(Handle),
    /// Moving the whole selection, from where the button went down.
    Group(Vec2),
    /// Drawing a selection box from a corner.
    Box(Vec2),
    /// Painting tiles.
    Paint,
}

/// The editor's state.
#[derive(Resource, Default)]
pub struct EditorState {
    pub model: Option<EditorModel>,
    /// The file's text and parsed form as last loaded or saved.
    pub saved: Option<(String, LevelFile)>,
    /// The palette entry the left button paints.
    pub brush: usize,
    /// A legend character to paint instead of the palette's (picked with
    /// Enter in the legend panel).
    pub brush_char: Option<char>,
    pub drag: Option<Drag>,
    pub selection: Vec<Item>,
    pub clipboard: Clipboard,
    pub snap: bool,
    pub panel: Panel,
    /// The highlighted row of the open panel.
    pub row: usize,
    /// The legend panel waits for the character to rename its row to.
    pub renaming: bool,
    /// The last check or save result shown to the person.
    pub message: String,
}

impl EditorState {
    /// The snapped point, when snapping is on.
    pub fn snapped(&self, p: Vec2) -> Vec2 {
        match (&self.model, self.snap) {
            (Some(m), true) => super::model::snap(p, m.file.tile_size),
            _ => p,
        }
    }
}

/// Checks the model and, when it is a valid level, shows it in the game
/// (its tuning and gravity too: the change is live).
pub fn preview(
    state: &mut EditorState,
    current: &CurrentLevel,
    commands: &mut MessageWriter<LevelCommand>,
) {
    let (Some(model), Some((text, file))) = (&state.model, &state.saved) else {
        return;
    };
    let written = write_over(text, file, &model.file);
    let name = current.path.display().to_string();
    match Level::parse(&written, &name) {
        Ok(level) => {
            let level = with_current_art(level, current, &written, &name);
            let own = model.file.movers.len();
            let pivots = level.movers.iter().take(own).map(|m| m.pivot).collect();
            commands.write(LevelCommand::Replace(Box::new(level)));
            if let Some(model) = &mut state.model {
                model.pivots = pivots;
            }
            if state.message.starts_with("error") {
                state.message = "ok".into();
            }
        }
        Err(e) => state.message = format!("error (not applied): {e}"),
    }
}

/// `level` (the edited one, checked from `written`) with its `art` map's
/// drawn tiles: the shown level's, read once, while `art` names the same
/// map (with the warnings about it); read again when it names another.
fn with_current_art(level: Level, current: &CurrentLevel, written: &str, name: &str) -> Level {
    use tangent_level::import::art::{ART_NOT_DRAWN, with_art};
    if level.file.art != current.level.file.art {
        return with_art(level, written, name);
    }
    let mut level = level;
    level.art = current.level.art.clone();
    let marker = format!(": {ART_NOT_DRAWN}: ");
    let about_art = current
        .level
        .warnings
        .iter()
        .filter(|w| w.contains(&marker));
    level.warnings.extend(about_art.cloned());
    level
}

/// The mouse's point in the level, if it is over the window.
pub fn cursor_world(
    camera: &Query<(&Camera, &GlobalTransform), With<GameCamera>>,
    windows: &Query<&Window>,
) -> Option<Vec2> {
    let (cam, tf) = camera.single().ok()?;
    let pos = windows.iter().next()?.cursor_position()?;
    cam.viewport_to_world_2d(tf, pos).ok()
}
