//! The editor's face in the game window. `Tab` (or `E`) toggles edit mode
//! ([`GameMode::Editing`]): the simulation pauses, the camera pans (arrow
//! keys) and zooms (mouse wheel), the mouse paints tiles, drags handles and
//! selects, and every change is checked and shown live. `H` shows every
//! key ([`HELP`]); `T` and `L` open the tuning and legend panels
//! ([`super::panels`]). Keys are read in [`super::keys`], the mouse in
//! [`super::mouse`], and the handles drawn in [`super::draw`].

use bevy::prelude::*;

use super::items::{Clipboard, Item};
use super::model::{EditorModel, Handle};
use super::save::write_over;
use crate::level::files::read_level_text;
use crate::level::format::{LevelFile, Side, TileDef};
use crate::level::spawn::{CurrentLevel, LevelCommand};
use crate::level::validate::Level;
use crate::mode::GameMode;
use crate::player::camera::GameCamera;
use crate::ui::label;

/// Every key of edit mode, shown by `H`.
pub const HELP: &str = "EDIT MODE KEYS (H closes)
Tab  back to play (the edited level, at once)      Ctrl+S  save      Ctrl+Z / Ctrl+Y  undo / redo
Tiles   1 solid  2 one-way  3 decor  4 erase  5-8 spikes up/down/left/right;  left button paints, right erases
Select  click a handle (curve point, spawn, goal, actor, checkpoint); Shift+click adds or removes;
        Shift+drag a box; Ctrl+A all; drag a selected handle to move the whole selection
        Ctrl+C copy, Ctrl+X cut, Ctrl+V paste at the mouse; X or Delete deletes
Add     Q / C quadratic / cubic curve, B / K ball / crate, J checkpoint (at the mouse)
Curves  O one-way, V hazard, F fill (below, chord, line, closed), [ ] restitution
Actors  [ ] restitution, - = friction, M mass (by area / immovable)
Player  P circle or box; with the spawn selected, [ ] smaller / bigger
Panels  T tuning (Up/Down pick, Left/Right change, Shift finer)
        L legend (Up/Down pick, 1-8 kind, A add, R rename: then type the character, X remove, Enter paint with it)
View    arrows pan, wheel zooms, G snap to half tiles
Grid    Ctrl+arrow adds a row or column on that side, Ctrl+Shift+arrow removes one";

/// What the left mouse button paints, by number key.
pub const PALETTE: [TileDef; 8] = [
    TileDef::Solid,
    TileDef::OneWay,
    TileDef::Decor,
    TileDef::Empty,
    TileDef::Spikes(Side::Up),
    TileDef::Spikes(Side::Down),
    TileDef::Spikes(Side::Left),
    TileDef::Spikes(Side::Right),
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

#[derive(Component)]
struct EditorText;

#[derive(Component)]
struct PanelText;

pub struct EditorPlugin;

impl Plugin for EditorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<EditorState>()
            .add_systems(Startup, spawn_text)
            .add_systems(OnEnter(GameMode::Editing), open_editor)
            .add_systems(OnExit(GameMode::Editing), close_editor)
            .add_systems(
                Update,
                (
                    (
                        super::panels::panel_keys,
                        super::keys::keys,
                        super::mouse::mouse,
                        super::mouse::pan_zoom,
                        super::draw::draw,
                    )
                        .chain()
                        .run_if(in_state(GameMode::Editing)),
                    show_text,
                )
                    .chain(),
            );
    }
}

fn spawn_text(mut commands: Commands) {
    let bar = Node {
        bottom: px(8),
        left: px(8),
        right: px(8),
        ..default()
    };
    commands.spawn((
        EditorText,
        label(15.0, Color::WHITE, bar),
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
        Visibility::Hidden,
    ));
    let panel = Node {
        top: px(80),
        left: px(16),
        padding: UiRect::all(px(10)),
        ..default()
    };
    commands.spawn((
        PanelText,
        label(15.0, Color::WHITE, panel),
        BackgroundColor(Color::srgba(0.05, 0.05, 0.1, 0.85)),
        Visibility::Hidden,
    ));
}

/// Entering edit mode: the level in play becomes the model, and the file
/// on disk the baseline for saving.
fn open_editor(mut state: ResMut<EditorState>, current: Option<Res<CurrentLevel>>) {
    let Some(current) = current else {
        return;
    };
    // The baseline for saving is the file as it is on disk (or shipped);
    // the level in play may hold edits from an earlier edit session not
    // yet saved.
    let text = read_level_text(&current.path).unwrap_or_default();
    let name = current.path.display().to_string();
    let on_disk = Level::parse(&text, &name).map(|l| l.file);
    state.saved = Some(match on_disk {
        Ok(file) => (text, file),
        // Unreadable or invalid on disk: the next save writes it anew.
        Err(_) => (String::new(), current.level.file.clone()),
    });
    state.model = Some(EditorModel::new(current.level.file.clone()));
    state.selection.clear();
    state.message = format!("editing {}", current.path.display());
}

/// Leaving edit mode: back to play on the edited level, at once.
fn close_editor(mut state: ResMut<EditorState>) {
    state.drag = None;
    state.renaming = false;
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
            commands.write(LevelCommand::Replace(Box::new(level)));
            if state.message.starts_with("error") {
                state.message = "ok".into();
            }
        }
        Err(e) => state.message = format!("error (not applied): {e}"),
    }
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

/// A few words on what is selected.
fn describe(state: &EditorState) -> String {
    let Some(model) = &state.model else {
        return String::new();
    };
    let f = &model.file;
    match state.selection.as_slice() {
        [] => "nothing".into(),
        [Item::Curve(i)] => f.curves.get(*i).map_or(String::new(), |c| {
            format!(
                "curve {} (restitution {}, one-way {}, hazard {}, fill {:?})",
                i + 1,
                c.restitution,
                c.one_way,
                c.hazard,
                c.fill
            )
        }),
        [Item::Actor(i)] => f.actors.get(*i).map_or(String::new(), |a| {
            let mass = if a.mass == 0.0 {
                "by area".to_string()
            } else {
                a.mass.to_string()
            };
            format!(
                "actor {} `{}` (restitution {}, friction {}, mass {mass})",
                i + 1,
                a.name,
                a.restitution,
                a.friction
            )
        }),
        [Item::Spawn] => format!("spawn (player {:?})", f.player),
        [Item::Goal] => "goal".into(),
        [Item::Checkpoint(i)] => format!("checkpoint {}", i + 1),
        many => format!("{} things", many.len()),
    }
}

/// A text and whether it shows.
type Shown<'a> = (&'a mut Text, &'a mut Visibility);

fn show_text(
    state: Res<EditorState>,
    mode: Res<State<GameMode>>,
    mut bar: Query<Shown, (With<EditorText>, Without<PanelText>)>,
    mut panel: Query<Shown, With<PanelText>>,
) {
    let (Ok((mut t, mut vis)), Ok((mut pt, mut pvis))) = (bar.single_mut(), panel.single_mut())
    else {
        return;
    };
    if *mode.get() != GameMode::Editing {
        *vis = Visibility::Hidden;
        *pvis = Visibility::Hidden;
        return;
    }
    *vis = Visibility::Inherited;
    let brush = match state.brush_char {
        Some(c) => format!("{c:?}"),
        None => [
            "solid",
            "one-way",
            "decor",
            "erase",
            "spikes up",
            "spikes down",
            "spikes left",
            "spikes right",
        ][state.brush]
            .to_string(),
    };
    let s = format!(
        "EDIT  H: all keys | Tab: play | brush: {brush} | snap: {} | selected: {}\n{}",
        if state.snap { "on" } else { "off" },
        describe(&state),
        state.message
    );
    if t.0 != s {
        t.0 = s;
    }
    let text = super::panels::panel_text(&state);
    *pvis = if text.is_empty() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    if pt.0 != text {
        pt.0 = text;
    }
}
