//! The editor's marks over the level: the cell under the mouse, curve
//! control polygons and points, the spawn with the player's shape, the
//! goal, actors, checkpoints and crystals; movers (their pivot, their path through
//! its waypoints, their curves' points, and a ghost of what they carry
//! going along the path, the motion previewed); what is selected in
//! orange; the selection box being drawn.

use bevy::prelude::*;

use super::items::Item;
use super::model::EditorModel;
use super::state::{Drag, EditorState, cursor_world};
use crate::player::camera::GameCamera;
use tangent_level::format::ShapeDef;
use tangent_level::format::mover::{MoverDef, Repeat};
use tangent_level::format::mover_path::{path_offset, turn_at};

const SELECTED: Color = Color::srgb(1.0, 0.6, 0.1);
/// A curve's end points (and a mover's curves' points).
const END: Color = Color::srgb(0.2, 0.9, 1.0);
/// A curve's inner control points.
const CONTROL: Color = Color::srgb(1.0, 0.3, 0.9);
/// Control polygons.
const POLYGON: Color = Color::srgba(1.0, 1.0, 1.0, 0.6);
/// The spawn and the player's shape.
const BLUE: Color = Color::srgb(0.3, 0.5, 1.0);
/// The goal.
const GOLD: Color = Color::srgb(1.0, 0.85, 0.2);
/// Movers.
const VIOLET: Color = Color::srgb(0.75, 0.45, 1.0);

pub fn draw(
    state: Res<EditorState>,
    cursor: Query<(&Camera, &GlobalTransform), With<GameCamera>>,
    windows: Query<&Window>,
    time: Res<Time<Real>>,
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
    let mut lines: Vec<(Vec<Vec2>, Color)> = Vec::new();
    for (i, c) in f.curves.iter().enumerate() {
        let pts: Vec<Vec2> = c.points.iter().map(|p| v(*p)).collect();
        let sel = selected(Item::Curve(i));
        for (k, p) in pts.iter().enumerate() {
            let end = k == 0 || k == pts.len() - 1;
            handle(&mut gizmos, *p, if end { END } else { CONTROL }, sel);
        }
        let poly = if sel { SELECTED } else { POLYGON };
        lines.push((pts, poly));
    }
    let spawn = v(f.spawn);
    handle(&mut gizmos, spawn, BLUE, selected(Item::Spawn));
    handle(&mut gizmos, v(f.goal.position), GOLD, selected(Item::Goal));
    for (i, a) in f.actors.iter().enumerate() {
        let grey = Color::srgb(0.9, 0.9, 0.9);
        handle(&mut gizmos, v(a.position), grey, selected(Item::Actor(i)));
    }
    for (i, c) in f.checkpoints.iter().enumerate() {
        let green = Color::srgb(0.3, 1.0, 0.4);
        handle(&mut gizmos, v(*c), green, selected(Item::Checkpoint(i)));
    }
    for (i, c) in f.crystals.iter().enumerate() {
        let cyan = Color::srgb(0.4, 0.9, 1.0);
        handle(&mut gizmos, v(*c), cyan, selected(Item::Crystal(i)));
    }
    for (i, c) in f.coins.iter().enumerate() {
        let gold = Color::srgb(1.0, 0.84, 0.2);
        handle(&mut gizmos, v(*c), gold, selected(Item::Coin(i)));
    }
    for g in 0..f.movers.len() {
        let sel = selected(Item::Mover(g));
        draw_mover(
            model,
            g,
            sel,
            time.elapsed_secs_f64(),
            &mut gizmos,
            &mut lines,
        );
    }
    for (pts, color) in lines {
        gizmos.linestrip_2d(pts, color);
    }
    match f.player {
        ShapeDef::Circle { radius } => {
            gizmos.circle_2d(spawn, radius, BLUE);
        }
        ShapeDef::Rect { half_extents } => {
            gizmos.rect_2d(spawn, v(half_extents) * 2.0, BLUE);
        }
    }
    gizmos.rect_2d(v(f.goal.position), v(f.goal.size), GOLD);
    if let (Some(Drag::Box(from)), Some(at)) = (state.drag, at) {
        gizmos.rect_2d((from + at) / 2.0, (at - from).abs(), SELECTED);
    }
}

/// A point of the file as a vector.
fn v(p: (f32, f32)) -> Vec2 {
    Vec2::new(p.0, p.1)
}

/// A handle: a small circle, orange and ringed when selected.
fn handle(gizmos: &mut Gizmos, p: Vec2, color: Color, sel: bool) {
    gizmos.circle_2d(p, 6.0, if sel { SELECTED } else { color });
    if sel {
        gizmos.circle_2d(p, 9.0, SELECTED);
    }
}

/// Mover `g`: its pivot and waypoints as handles, its path (closed for a
/// loop), its curves' points and polygons, and the ghost of what it
/// carries `clock` seconds into its motion; lines added to `lines`.
fn draw_mover(
    model: &EditorModel,
    g: usize,
    sel: bool,
    clock: f64,
    gizmos: &mut Gizmos,
    lines: &mut Vec<(Vec<Vec2>, Color)>,
) {
    let m = &model.file.movers[g];
    let Some(pivot) = model.pivot(g) else {
        return;
    };
    handle(gizmos, pivot, VIOLET, sel);
    let mut path = vec![pivot];
    path.extend(m.path.iter().map(|w| pivot + v(*w)));
    for w in &path[1..] {
        handle(gizmos, *w, VIOLET, sel);
    }
    if m.repeat == Repeat::Loop && path.len() > 2 {
        path.push(pivot);
    }
    let color = if sel { SELECTED } else { VIOLET };
    lines.push((path, color.with_alpha(0.6)));
    for c in &m.curves {
        let pts: Vec<Vec2> = c.points.iter().map(|p| v(*p)).collect();
        for p in &pts {
            handle(gizmos, *p, END, sel);
        }
        lines.push((pts, POLYGON));
    }
    for ghost in ghost_lines(m, pivot, model.file.tile_size, clock) {
        lines.push((ghost, color.with_alpha(0.8)));
    }
}

/// What mover `m` carries (its tile block's outline, its curves sampled)
/// where its motion has it `clock` seconds in, for the preview: moved by
/// its path's offset and turned about its `pivot`. Nothing when its motion
/// gives no finite pose (a mover not yet valid).
pub fn ghost_lines(m: &MoverDef, pivot: Vec2, tile_size: f32, clock: f64) -> Vec<Vec<Vec2>> {
    let (offset, angle) = (path_offset(m, clock), turn_at(m, clock));
    if !offset.is_finite() || !angle.is_finite() {
        return Vec::new();
    }
    let turn = Vec2::from_angle(angle);
    let place = |p: Vec2| pivot + offset + turn.rotate(p - pivot);
    let mut out = Vec::new();
    if let Some(r) = m.tiles {
        let lo = Vec2::new(r.x as f32, r.y as f32) * tile_size;
        let hi = lo + Vec2::new(r.width as f32, r.height as f32) * tile_size;
        let corners = [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y), lo];
        out.push(corners.iter().map(|c| place(*c)).collect());
    }
    for shape in m.curves.iter().filter_map(|c| c.shape()) {
        out.push(
            (0..=24)
                .map(|k| place(shape.point(k as f32 / 24.0)))
                .collect(),
        );
    }
    out
}
