//! The editor's words on screen: the bar at the bottom (brush, snapping,
//! what is selected, the last message) and the open panel's text.

use bevy::prelude::*;

use super::items::Item;
use super::state::EditorState;
use crate::mode::GameMode;
use crate::ui::label;

#[derive(Component)]
pub(super) struct EditorText;

#[derive(Component)]
pub(super) struct PanelText;

pub(super) fn spawn_text(mut commands: Commands) {
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
        [Item::Crystal(i)] => format!("crystal {} (refills the dash)", i + 1),
        [Item::Coin(i)] => format!("coin {}", i + 1),
        [Item::Mover(g)] => f.movers.get(*g).map_or(String::new(), |m| {
            let motion: Vec<String> = tangent_level::format::mover_props::motion_text(m)
                .into_iter()
                .filter(|(k, _)| *k != "path" && *k != "pivot")
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            format!(
                "mover {} ({} waypoints; {})",
                g + 1,
                m.path.len(),
                if motion.is_empty() {
                    "still".to_string()
                } else {
                    motion.join(", ")
                }
            )
        }),
        many => format!("{} things", many.len()),
    }
}

/// A text and whether it shows.
type Shown<'a> = (&'a mut Text, &'a mut Visibility);

pub(super) fn show_text(
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
            "front decor",
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
