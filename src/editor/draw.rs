//! The editor's marks over the level: the cell under the mouse, curve
//! control polygons and points, the spawn with the player's shape, the
//! goal, actors and checkpoints; what is selected in orange; the selection
//! box being drawn.

use bevy::prelude::*;

use super::items::Item;
use super::state::{Drag, EditorState, cursor_world};
use crate::player::camera::GameCamera;
use tangent_level::format::ShapeDef;

const SELECTED: Color = Color::srgb(1.0, 0.6, 0.1);

pub fn draw(
    state: Res<EditorState>,
    cursor: Query<(&Camera, &GlobalTransform), With<GameCamera>>,
    windows: Query<&Window>,
    mut gizmos: Gizmos,
) {
    let Some(model) = &state.model else {
        return;
    };
    let f = &model.file;
    let ts = f.tile_size;
    let at = cursor_world(&cursor, &windows);
    if let Some(at) = at
        && model.cell_at(at).is_some()
    {
        let c = (at / ts).floor() * ts + Vec2::splat(ts * 0.5);
        gizmos.rect_2d(c, Vec2::splat(ts), Color::srgb(1.0, 1.0, 0.3));
    }
    let selected = |item: Item| state.selection.contains(&item);
    let v = |p: (f32, f32)| Vec2::new(p.0, p.1);
    let mut handle = |p: Vec2, color: Color, sel: bool| {
        gizmos.circle_2d(p, 6.0, if sel { SELECTED } else { color });
        if sel {
            gizmos.circle_2d(p, 9.0, SELECTED);
        }
    };
    let mut lines: Vec<(Vec<Vec2>, Color)> = Vec::new();
    for (i, c) in f.curves.iter().enumerate() {
        let pts: Vec<Vec2> = c.points.iter().map(|p| v(*p)).collect();
        let sel = selected(Item::Curve(i));
        for (k, p) in pts.iter().enumerate() {
            let end = k == 0 || k == pts.len() - 1;
            let color = if end {
                Color::srgb(0.2, 0.9, 1.0)
            } else {
                Color::srgb(1.0, 0.3, 0.9)
            };
            handle(*p, color, sel);
        }
        let poly = if sel {
            SELECTED
        } else {
            Color::srgba(1.0, 1.0, 1.0, 0.6)
        };
        lines.push((pts, poly));
    }
    let blue = Color::srgb(0.3, 0.5, 1.0);
    let spawn = v(f.spawn);
    handle(spawn, blue, selected(Item::Spawn));
    let gold = Color::srgb(1.0, 0.85, 0.2);
    handle(v(f.goal.position), gold, selected(Item::Goal));
    for (i, a) in f.actors.iter().enumerate() {
        handle(
            v(a.position),
            Color::srgb(0.9, 0.9, 0.9),
            selected(Item::Actor(i)),
        );
    }
    for (i, c) in f.checkpoints.iter().enumerate() {
        handle(
            v(*c),
            Color::srgb(0.3, 1.0, 0.4),
            selected(Item::Checkpoint(i)),
        );
    }
    for (pts, color) in lines {
        gizmos.linestrip_2d(pts, color);
    }
    match f.player {
        ShapeDef::Circle { radius } => {
            gizmos.circle_2d(spawn, radius, blue);
        }
        ShapeDef::Rect { half_extents } => {
            gizmos.rect_2d(spawn, v(half_extents) * 2.0, blue);
        }
    }
    gizmos.rect_2d(v(f.goal.position), v(f.goal.size), gold);
    if let (Some(Drag::Box(from)), Some(at)) = (state.drag, at) {
        gizmos.rect_2d((from + at) / 2.0, (at - from).abs(), SELECTED);
    }
}
