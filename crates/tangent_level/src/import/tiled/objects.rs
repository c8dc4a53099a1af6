//! The objects of a Tiled map as the level's things. An object is known by
//! its class (or, without one, its name), compared loosely (`Check-Point`
//! is `checkpoint`):
//!
//! (The method in full is on `read_objects`.)

use tiled::{Map, Object, ObjectShape, PropertyValue};

use super::map_text::{Lines, visible_layers};
use crate::format::mover::{CellRect, MoverDef};
use crate::format::mover_props::word;
use crate::format::mover_props::{motion_field, motion_from};
use crate::format::{ActorDef, CurveDef, CurveFill, GoalDef, ShapeDef};
use crate::import::map_parts::{
    COIN_WORDS, CRYSTAL_WORDS, MapObjects, actor_defaults, chain, degree_of, fill_of,
};

/// - `spawn`: the player's spawn (a point, or a shape's centre); one at most.
/// - `goal`: a rectangle is the goal box; a point is its centre (32 x 64 px).
/// - `checkpoint`: a checkpoint, in the map's object order.
/// - `crystal`, `refill`, `dash_crystal`, `refill_crystal`: a refill
///   crystal at the object's point or shape's centre.
/// - `ball`, `crate`, `actor`: an actor. An ellipse (a circle) is a ball of
///   that radius, a rectangle a box of that size; a point is the editor's
///   12 px ball or 32 px crate. Properties `restitution`, `friction`,
///   `mass`, `layer`, `mask`, `velocity_x`, `velocity_y` set the rest.
/// - any other polyline or polygon: terrain. Its property `curve` reads its
///   points as a chain of `quadratic` (3, 5, 7… points) or `cubic` (4, 7,
///   10…) Béziers, a polygon closing back to its first point; without it
///   each edge is a straight piece. Properties `one_way`, `hazard`,
///   `restitution` and `fill` (`below`, `chord`, `line`, `closed`) are the
///   curve's; a polyline's fill is `line`, a polygon's `closed`.
///
/// An object layer of class `mover` (or with `mover` in its name) is one
/// mover: its polylines and polygons are the curves it carries, a
/// rectangle of class `tiles` (or none) the block of tiles it carries (the
/// cells under it), a point of class `pivot` its pivot, and the layer's
/// custom properties its motion, each named and written as the level file's
/// field (`path` = `[(0, 300)]`, `speed` = 200, `trigger` = `StoodOn`:
/// [`crate::format::mover_props`]). Its other objects are read as anywhere.
///
/// Anything else (text, tile objects, shapes of other classes) is listed as
/// ignored. Rotations are applied (Tiled turns clockwise about the
/// object's `x, y`); a rotated goal or box actor is an error, since the
/// level's boxes are axis-aligned.
///
/// Reads every object of every visible object layer; `height` is the grid's
/// height in px (for the y flip), `shift` where the grid starts in the
/// map's px (an infinite map's chunk bounds; 0 for a finite map), `tile`
/// the tile size in px (for a mover's block of tiles).
pub(super) fn read_objects(
    map: &Map,
    height: f32,
    shift: (f32, f32),
    tile: f32,
    lines: &Lines,
) -> Result<MapObjects, String> {
    let mut out = MapObjects::default();
    for (layer, offset) in visible_layers(map) {
        let Some(objects) = layer.as_object_layer() else {
            continue;
        };
        let layer_at = lines.at_layer(layer.id());
        let mover = if is_mover_layer(&layer) {
            let m = layer_motion(&layer, &layer_at, &mut out.ignored)
                .map_err(|e| format!("{layer_at}: mover layer `{}`: {e}", layer.name))?;
            out.movers.push(m);
            Some(out.movers.len() - 1)
        } else {
            None
        };
        for o in objects.objects().filter(|o| o.visible) {
            let at = lines.at_object(o.id());
            let place = Placement {
                origin: (o.x + offset.0 - shift.0, o.y + offset.1 - shift.1),
                rotation: o.rotation.to_radians(),
                height,
            };
            let read = match mover {
                Some(m) => mover_object(&o, &place, tile, &mut out.movers[m]),
                None => Ok(false),
            };
            let taken = read.map_err(|e| format!("{at}: object {} `{}`: {e}", o.id(), o.name))?;
            if !taken {
                read_object(&o, &place, &at, &mut out)
                    .map_err(|e| format!("{at}: object {} `{}`: {e}", o.id(), o.name))?;
            }
        }
        if let Some(m) = mover
            && out.movers[m].curves.is_empty()
            && out.movers[m].tiles.is_none()
        {
            return Err(format!(
                "{layer_at}: mover layer `{}` carries nothing: give it polylines or polygons \
                 (its curves) or a rectangle over tiles (its block of tiles)",
                layer.name
            ));
        }
    }
    Ok(out)
}

/// What an object is known by: its class, or without one its name, as a
/// [`word`].
fn class_of(o: &Object) -> String {
    word(if o.user_type.is_empty() {
        &o.name
    } else {
        &o.user_type
    })
}

/// Whether an object layer is a mover: its class is `mover`, or its name
/// has `mover` in it.
fn is_mover_layer(layer: &tiled::Layer) -> bool {
    word(&layer.user_type) == "mover" || word(&layer.name).contains("mover")
}

/// A mover layer's motion from its custom properties; properties that are
/// not motion fields are listed as ignored.
fn layer_motion(
    layer: &tiled::Layer,
    at: &str,
    ignored: &mut Vec<String>,
) -> Result<MoverDef, String> {
    let mut props = Vec::new();
    for (name, value) in &layer.properties {
        if motion_field(name).is_none() {
            ignored.push(format!(
                "{at}: property `{name}` of mover layer `{}` is not a mover's motion",
                layer.name
            ));
            continue;
        }
        let text = match value {
            PropertyValue::StringValue(s) => s.clone(),
            PropertyValue::FloatValue(v) => v.to_string(),
            PropertyValue::IntValue(v) => v.to_string(),
            PropertyValue::BoolValue(b) => b.to_string(),
            v => return Err(format!("property `{name}` is {v:?}; give it as text")),
        };
        props.push((name.clone(), text));
    }
    motion_from(props)
}

/// An object of a mover layer that is part of the mover: a polyline or
/// polygon (its curves), a rectangle of class `tiles` or none (its block of
/// tiles, the cells under it), a point of class `pivot` (its pivot).
/// Returns whether it was (others are read as anywhere).
fn mover_object(
    o: &Object,
    place: &Placement,
    tile: f32,
    mover: &mut MoverDef,
) -> Result<bool, String> {
    if o.tile_data().is_some() {
        return Ok(false);
    }
    let class = class_of(o);
    match (&o.shape, class.as_str()) {
        (ObjectShape::Polyline { .. } | ObjectShape::Polygon { .. }, _) => {
            mover.curves.extend(curves(o, place)?);
        }
        (ObjectShape::Point(..), "pivot") => mover.pivot = Some(place.level(0.0, 0.0)),
        (ObjectShape::Rect { width, height }, "" | "tiles") => {
            if place.rotation != 0.0 {
                return Err("is rotated; a mover's block of tiles is a grid rectangle".into());
            }
            if mover.tiles.is_some() {
                return Err(
                    "a second rectangle of tiles; a mover carries one block (use another mover layer)"
                        .into(),
                );
            }
            // The cells under the rectangle, to the nearest cell edges.
            let (x0, y0) = place.level(0.0, *height);
            let cell = |v: f32| (v / tile).round();
            let (x, y) = (cell(x0), cell(y0));
            let (w, h) = (cell(x0 + width) - x, cell(y0 + height) - y);
            if x < 0.0 || y < 0.0 || w < 1.0 || h < 1.0 {
                return Err(format!(
                    "a rectangle of {width} x {height} px at ({}, {}) covers no whole cell of the map's \
                     {tile} px tiles; draw it over the tiles the mover carries",
                    o.x, o.y
                ));
            }
            mover.tiles = Some(CellRect {
                x: x as usize,
                y: y as usize,
                width: w as usize,
                height: h as usize,
            });
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Where an object sits: its `x, y` (layer offsets added), its clockwise
/// rotation in radians, and the map's height for the y flip.
struct Placement {
    origin: (f32, f32),
    rotation: f32,
    height: f32,
}

impl Placement {
    /// A point given relative to the object's `x, y` (map px, y down), in
    /// the level (y up). The sums are in f64 and rounded once.
    fn level(&self, dx: f32, dy: f32) -> (f32, f32) {
        let (s, c) = (self.rotation as f64).sin_cos();
        let (dx, dy) = (dx as f64, dy as f64);
        let x = self.origin.0 as f64 + dx * c - dy * s;
        let y = self.origin.1 as f64 + dx * s + dy * c;
        (x as f32, (self.height as f64 - y) as f32)
    }
}

fn read_object(
    o: &Object,
    place: &Placement,
    at: &str,
    out: &mut MapObjects,
) -> Result<(), String> {
    let class = class_of(o);
    let centre = match &o.shape {
        ObjectShape::Rect { width, height } | ObjectShape::Ellipse { width, height } => {
            Some(place.level(width / 2.0, height / 2.0))
        }
        ObjectShape::Point(..) => Some(place.level(0.0, 0.0)),
        _ => None,
    };
    let is_tile = o.tile_data().is_some();
    let upright = || {
        if place.rotation != 0.0 {
            Err("is rotated; the level's boxes are axis-aligned".to_string())
        } else {
            Ok(())
        }
    };
    match (class.as_str(), centre) {
        ("spawn", Some(c)) if !is_tile => {
            if out.spawn.is_some() {
                return Err("a second spawn; a level has one".into());
            }
            out.spawn = Some(c);
        }
        ("goal", Some(c)) if !is_tile => {
            if out.goal.is_some() {
                return Err("a second goal; a level has one".into());
            }
            let size = match o.shape {
                ObjectShape::Rect { width, height } => {
                    upright()?;
                    (width, height)
                }
                _ => crate::format::GOAL_SIZE,
            };
            out.goal = Some(GoalDef { position: c, size });
        }
        ("checkpoint", Some(c)) if !is_tile => out.checkpoints.push(c),
        (w, Some(c)) if !is_tile && CRYSTAL_WORDS.contains(&w) => out.crystals.push(c),
        (w, Some(c)) if !is_tile && COIN_WORDS.contains(&w) => out.coins.push(c),
        ("ball" | "crate" | "actor", Some(c)) if !is_tile => {
            let actor = actor(o, &class, c, out.actors.len() + 1, upright)?;
            out.actors.push(actor);
        }
        (_, _)
            if !is_tile
                && matches!(
                    o.shape,
                    ObjectShape::Polyline { .. } | ObjectShape::Polygon { .. }
                ) =>
        {
            out.curves.extend(curves(o, place)?);
        }
        _ => out.ignored.push(format!(
            "{at}: object {} `{}` ({}) is not a spawn, goal, checkpoint, crystal, actor or terrain line",
            o.id(),
            o.name,
            if is_tile {
                "a tile object"
            } else {
                shape_name(&o.shape)
            }
        )),
    }
    Ok(())
}

fn shape_name(s: &ObjectShape) -> &'static str {
    match s {
        ObjectShape::Rect { .. } => "a rectangle",
        ObjectShape::Ellipse { .. } => "an ellipse",
        ObjectShape::Capsule { .. } => "a capsule",
        ObjectShape::Polyline { .. } => "a polyline",
        ObjectShape::Polygon { .. } => "a polygon",
        ObjectShape::Point(..) => "a point",
        ObjectShape::Text { .. } => "a text",
    }
}

/// A number property (float, int or text that reads as one).
fn number(o: &Object, name: &str) -> Result<Option<f32>, String> {
    match o.properties.get(name) {
        None => Ok(None),
        Some(PropertyValue::FloatValue(v)) => Ok(Some(*v)),
        Some(PropertyValue::IntValue(v)) => Ok(Some(*v as f32)),
        Some(PropertyValue::StringValue(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| format!("property `{name}` is `{s}`, not a number")),
        Some(v) => Err(format!("property `{name}` is {v:?}, not a number")),
    }
}

/// A whole-number property that fits in `u32` (layer and mask bits).
fn bits(o: &Object, name: &str) -> Result<Option<u32>, String> {
    match o.properties.get(name) {
        None => Ok(None),
        Some(PropertyValue::IntValue(v)) => Ok(Some(*v as u32)),
        Some(PropertyValue::StringValue(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| format!("property `{name}` is `{s}`, not a whole number")),
        Some(v) => Err(format!("property `{name}` is {v:?}, not a whole number")),
    }
}

fn flag(o: &Object, name: &str) -> Result<bool, String> {
    match o.properties.get(name) {
        None => Ok(false),
        Some(PropertyValue::BoolValue(b)) => Ok(*b),
        Some(PropertyValue::StringValue(s)) if matches!(s.as_str(), "true" | "false") => {
            Ok(s == "true")
        }
        Some(v) => Err(format!("property `{name}` is {v:?}, not true or false")),
    }
}

fn text(o: &Object, name: &str) -> Option<String> {
    match o.properties.get(name) {
        Some(PropertyValue::StringValue(s)) => Some(s.clone()),
        _ => None,
    }
}

fn actor(
    o: &Object,
    class: &str,
    centre: (f32, f32),
    n: usize,
    upright: impl Fn() -> Result<(), String>,
) -> Result<ActorDef, String> {
    let ball = class == "ball";
    let shape = match o.shape {
        ObjectShape::Ellipse { width, height } => {
            if (width - height).abs() > 1e-3 * width.abs().max(1.0) {
                return Err(format!(
                    "an ellipse of {width} x {height} px; an actor's ellipse must be a circle"
                ));
            }
            ShapeDef::Circle {
                radius: width / 2.0,
            }
        }
        ObjectShape::Rect { width, height } => {
            upright()?;
            ShapeDef::Rect {
                half_extents: (width / 2.0, height / 2.0),
            }
        }
        _ if ball => ShapeDef::Circle { radius: 12.0 },
        _ => ShapeDef::Rect {
            half_extents: (16.0, 16.0),
        },
    };
    let round = matches!(shape, ShapeDef::Circle { .. });
    let defaults = actor_defaults(round);
    let name = if o.name.is_empty() {
        format!("{}-{n}", if round { "ball" } else { "crate" })
    } else {
        o.name.clone()
    };
    // Velocities are given as the level reads them (y up).
    let velocity = (
        number(o, "velocity_x")?.unwrap_or(0.0),
        number(o, "velocity_y")?.unwrap_or(0.0),
    );
    Ok(ActorDef {
        name,
        shape,
        position: centre,
        velocity,
        restitution: number(o, "restitution")?.unwrap_or(defaults.0),
        friction: number(o, "friction")?.unwrap_or(defaults.1),
        mass: number(o, "mass")?.unwrap_or(0.0),
        layer: bits(o, "layer")?.unwrap_or(1),
        mask: bits(o, "mask")?.unwrap_or(u32::MAX),
    })
}

/// A polyline's or polygon's pieces.
fn curves(o: &Object, place: &Placement) -> Result<Vec<CurveDef>, String> {
    let (points, closed) = match &o.shape {
        ObjectShape::Polyline { points } => (points, false),
        ObjectShape::Polygon { points } => (points, true),
        _ => unreachable!("only lines are terrain"),
    };
    let mut pts: Vec<(f32, f32)> = points.iter().map(|p| place.level(p.0, p.1)).collect();
    if closed && let Some(first) = pts.first().copied() {
        pts.push(first);
    }
    let fill = match text(o, "fill") {
        None if closed => CurveFill::Closed,
        None => CurveFill::Line,
        Some(f) => fill_of(&f)?,
    };
    let degree = degree_of(&text(o, "curve").unwrap_or_default())?;
    let shape = if closed {
        "a polygon (closing back to its first point)"
    } else {
        "a polyline"
    };
    let like = CurveDef {
        points: Vec::new(),
        restitution: number(o, "restitution")?.unwrap_or(1.0),
        one_way: flag(o, "one_way")? || flag(o, "oneway")?,
        fill,
        hazard: flag(o, "hazard")?,
    };
    chain(&pts, degree, shape, &like)
}
