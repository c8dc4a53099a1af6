//! A level's entities as the level's things. An entity is known by its
//! identifier, compared loosely (`Player_Start` is `playerstart`):
//!
//! (The method in full is on `read_entities`.)

use serde_json::Value;

use super::grid::Grid;
use super::json::{EntityInstance, FieldInstance, LayerInstance};
use crate::format::mover_props::word;
use crate::format::{ActorDef, CurveDef, CurveFill, GoalDef, ShapeDef, TileDef};
use crate::import::map_parts::{
    COIN_WORDS, CRYSTAL_WORDS, MapObjects, actor_defaults, chain, degree_of, fill_of, side_of,
};

/// The things of a level's entities: the level's, with the spawn and
/// checkpoints as the points the player stands on (its feet).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entities {
    /// The spawn and checkpoints are empty: see `spawn_feet`, `checkpoint_feet`.
    pub objects: MapObjects,
    pub spawn_feet: Option<(f32, f32)>,
    pub checkpoint_feet: Vec<(f32, f32)>,
    /// Entities left out, by identifier, with how many.
    pub left_out: Vec<(String, usize)>,
}

/// - `spawn`, `player`, `playerstart`, `start`: the player's spawn, the
///   player standing on the bottom of the entity's box (the box is the
///   character in the game LDtk drew it for; Tangent's player has its own
///   size); one at most.
/// - `goal`, `exit`, `finish`: the goal, the entity's box.
/// - `checkpoint`, `savepoint`, `gamesaver`: a checkpoint, the player
///   standing on the bottom of the box.
/// - `crystal`, `refill`, `dash_crystal`, `refill_crystal`: a refill
///   crystal at the box's centre.
/// - `ball`: a ball actor, the box's width across (the box must be square);
///   `crate`, `box`, `actor`: a box actor of the box's size. Fields
///   `restitution`, `friction`, `mass`, `layer`, `mask`, `velocity_x`,
///   `velocity_y` (y up) and `name` set the rest.
/// - `spikes`, `spike`, `hazard`: every tile whose centre is in the box
///   becomes spikes pointing the way the `side` field says (up without one).
/// - `curve`, `bezier`, `terrain`: terrain drawn by points (LDtk has no
///   curves). Its points are the entity's own position, then the points of
///   its `Point` and `Array<Point>` fields in order (LDtk puts a point at a
///   cell: Tangent takes the cell's centre). The `curve` field says how to
///   read them (`line`, `quadratic`, `cubic`); without it, cubics when the
///   points after the first are a multiple of 3, else quadratics when they
///   are even, else straight lines. Fields `one_way`, `hazard`,
///   `restitution` and `fill` (`below`, `chord`, `line`, `closed`; `line`
///   without one) are the curve's.
///
/// Anything else is listed as left out. Positions add the layer's offset.
///
/// Reads the entities of every visible Entities layer of a level; spike
/// entities turn tiles of `grid` into spikes. `at` is the level's place in
/// the JSON; other layers and hidden ones are said in `notes`.
pub fn read_entities(
    layers: &[LayerInstance],
    grid: &mut Grid,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<Entities, String> {
    let mut out = Entities::default();
    for (i, layer) in layers.iter().enumerate() {
        if layer.kind != "Entities" {
            if layer.kind != "IntGrid" {
                notes.push(format!(
                    "{at}.layerInstances[{i}] (`{}`): drawn tiles ({}): the level's `art`, not its tiles",
                    layer.identifier, layer.kind
                ));
            }
            continue;
        }
        if !layer.visible {
            notes.push(format!(
                "{at}.layerInstances[{i}] (`{}`): hidden, left out",
                layer.identifier
            ));
            continue;
        }
        for (n, e) in layer.entity_instances.iter().enumerate() {
            let here = format!(
                "{at}.layerInstances[{i}].entityInstances[{n}] (`{}`)",
                e.identifier
            );
            let place = Place {
                layer,
                height: grid.height(),
            };
            read_entity(e, &place, grid, &mut out).map_err(|m| format!("{here}: {m}"))?;
        }
    }
    Ok(out)
}

/// Where an entity's layer puts things: its offset, grid and the level's
/// height for the y flip.
struct Place<'a> {
    layer: &'a LayerInstance,
    height: f64,
}

impl Place<'_> {
    /// A point of the layer (px, y down) in the level (y up); sums in f64,
    /// rounded once.
    fn level(&self, x: f64, y: f64) -> (f32, f32) {
        let x = x + self.layer.offset_x as f64;
        let y = y + self.layer.offset_y as f64;
        (x as f32, (self.height - y) as f32)
    }

    /// The centre of a cell of the layer's grid, in the level.
    fn cell_centre(&self, cx: f64, cy: f64) -> (f32, f32) {
        let g = self.layer.grid_size as f64;
        self.level((cx + 0.5) * g, (cy + 0.5) * g)
    }
}

fn read_entity(
    e: &EntityInstance,
    place: &Place,
    grid: &mut Grid,
    out: &mut Entities,
) -> Result<(), String> {
    if !(e.width.is_finite() && e.height.is_finite() && e.px.iter().all(|v| v.is_finite())) {
        return Err("a position or size that is not a number".into());
    }
    // The box's top-left, from the pivot.
    let left = e.px[0] - e.pivot[0] * e.width;
    let top = e.px[1] - e.pivot[1] * e.height;
    let centre = place.level(left + e.width / 2.0, top + e.height / 2.0);
    let feet = place.level(left + e.width / 2.0, top + e.height);
    let size = (e.width as f32, e.height as f32);
    match word(&e.identifier).as_str() {
        "spawn" | "player" | "playerstart" | "start" => {
            if out.spawn_feet.is_some() {
                return Err("a second spawn; a level has one".into());
            }
            out.spawn_feet = Some(feet);
        }
        "goal" | "exit" | "finish" => {
            if out.objects.goal.is_some() {
                return Err("a second goal; a level has one".into());
            }
            if size.0 <= 0.0 || size.1 <= 0.0 {
                return Err(format!("a goal of {} x {} px", size.0, size.1));
            }
            out.objects.goal = Some(GoalDef {
                position: centre,
                size,
            });
        }
        "checkpoint" | "savepoint" | "gamesaver" => out.checkpoint_feet.push(feet),
        w if CRYSTAL_WORDS.contains(&w) => out.objects.crystals.push(centre),
        w if COIN_WORDS.contains(&w) => out.objects.coins.push(centre),
        "ball" | "crate" | "box" | "actor" => {
            let n = out.objects.actors.len() + 1;
            let actor = actor(e, &word(&e.identifier), centre, n)?;
            out.objects.actors.push(actor);
        }
        "spikes" | "spike" | "hazard" => {
            let side = text(e, "side")?.unwrap_or_default();
            let side = side_of(&side)
                .ok_or_else(|| format!("side `{side}`; use up, down, left or right"))?;
            let (x0, y0) = place.level(left, top + e.height);
            let (x1, y1) = place.level(left + e.width, top);
            // Only the tiles under the box (columns from the left, rows
            // from the bottom), each taken when its centre is inside.
            let g = grid.size;
            let cells = |lo: f32, hi: f32, n: usize| {
                let first = (lo / g).floor().max(0.0) as usize;
                let last = ((hi / g).floor().max(0.0) as usize).min(n.saturating_sub(1));
                first..=last
            };
            let mut n = 0;
            for by in cells(y0, y1, grid.h) {
                for x in cells(x0, x1, grid.w) {
                    let c = ((x as f32 + 0.5) * g, (by as f32 + 0.5) * g);
                    if c.0 > x0 && c.0 < x1 && c.1 > y0 && c.1 < y1 {
                        grid.cells[(grid.h - 1 - by) * grid.w + x] = TileDef::Spikes(side);
                        n += 1;
                    }
                }
            }
            if n == 0 {
                return Err(format!(
                    "covers no tile's centre (tiles of {g} px); make it at least a tile big"
                ));
            }
        }
        "curve" | "bezier" | "terrain" => out.objects.curves.extend(curves(e, place)?),
        _ => match out.left_out.iter_mut().find(|(id, _)| *id == e.identifier) {
            Some((_, n)) => *n += 1,
            None => out.left_out.push((e.identifier.clone(), 1)),
        },
    }
    Ok(())
}

fn field<'a>(e: &'a EntityInstance, name: &str) -> Option<&'a FieldInstance> {
    e.field_instances
        .iter()
        .find(|f| word(&f.identifier) == word(name) && !f.value.is_null())
}

/// A number field (Int, Float, or text that reads as one).
fn number(e: &EntityInstance, name: &str) -> Result<Option<f32>, String> {
    let Some(f) = field(e, name) else {
        return Ok(None);
    };
    let n = match &f.value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    n.map(|n| Some(n as f32)).ok_or_else(|| {
        format!(
            "field `{}` is {} ({}), not a number",
            f.identifier, f.value, f.kind
        )
    })
}

/// A whole-number field that fits in `u32` (layer and mask bits).
fn bits(e: &EntityInstance, name: &str) -> Result<Option<u32>, String> {
    let Some(f) = field(e, name) else {
        return Ok(None);
    };
    let n = match &f.value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    match n.and_then(|n| u32::try_from(n).ok()) {
        Some(n) => Ok(Some(n)),
        None => Err(format!(
            "field `{}` is {}, not a whole number from 0 to {}",
            f.identifier,
            f.value,
            u32::MAX
        )),
    }
}

fn flag(e: &EntityInstance, name: &str) -> Result<bool, String> {
    let Some(f) = field(e, name) else {
        return Ok(false);
    };
    match &f.value {
        Value::Bool(b) => Ok(*b),
        Value::String(s) if matches!(s.as_str(), "true" | "false") => Ok(s == "true"),
        v => Err(format!(
            "field `{}` is {v}, not true or false",
            f.identifier
        )),
    }
}

/// A text field (String, Multilines or an enum's value).
fn text(e: &EntityInstance, name: &str) -> Result<Option<String>, String> {
    let Some(f) = field(e, name) else {
        return Ok(None);
    };
    match &f.value {
        Value::String(s) => Ok(Some(s.clone())),
        v => Err(format!("field `{}` is {v}, not text", f.identifier)),
    }
}

fn actor(
    e: &EntityInstance,
    class: &str,
    centre: (f32, f32),
    n: usize,
) -> Result<ActorDef, String> {
    let (w, h) = (e.width as f32, e.height as f32);
    if w <= 0.0 || h <= 0.0 {
        return Err(format!("an actor of {w} x {h} px"));
    }
    let shape = if class == "ball" {
        if (w - h).abs() > 1e-3 * w {
            return Err(format!(
                "a ball of {w} x {h} px; a ball's box must be square (its width across)"
            ));
        }
        ShapeDef::Circle { radius: w / 2.0 }
    } else {
        ShapeDef::Rect {
            half_extents: (w / 2.0, h / 2.0),
        }
    };
    let round = class == "ball";
    let defaults = actor_defaults(round);
    Ok(ActorDef {
        name: text(e, "name")?.unwrap_or_else(|| format!("{class}-{n}")),
        shape,
        position: centre,
        velocity: (
            number(e, "velocity_x")?.unwrap_or(0.0),
            number(e, "velocity_y")?.unwrap_or(0.0),
        ),
        restitution: number(e, "restitution")?.unwrap_or(defaults.0),
        friction: number(e, "friction")?.unwrap_or(defaults.1),
        mass: number(e, "mass")?.unwrap_or(0.0),
        layer: bits(e, "layer")?.unwrap_or(1),
        mask: bits(e, "mask")?.unwrap_or(u32::MAX),
    })
}

/// The points of a `Point` or `Array<Point>` field's value.
fn points_of(f: &FieldInstance, place: &Place) -> Result<Vec<(f32, f32)>, String> {
    let one = |v: &Value| -> Result<Option<(f32, f32)>, String> {
        if v.is_null() {
            return Ok(None);
        }
        let (cx, cy) = (
            v.get("cx").and_then(Value::as_f64),
            v.get("cy").and_then(Value::as_f64),
        );
        match (cx, cy) {
            (Some(cx), Some(cy)) => Ok(Some(place.cell_centre(cx, cy))),
            _ => Err(format!(
                "field `{}` holds {v}, not a point {{\"cx\", \"cy\"}}",
                f.identifier
            )),
        }
    };
    match &f.value {
        Value::Array(vs) => vs.iter().filter_map(|v| one(v).transpose()).collect(),
        v => Ok(one(v)?.into_iter().collect()),
    }
}

/// A curve entity's pieces.
fn curves(e: &EntityInstance, place: &Place) -> Result<Vec<CurveDef>, String> {
    let mut pts = vec![place.level(e.px[0], e.px[1])];
    for f in &e.field_instances {
        if f.kind == "Point" || f.kind == "Array<Point>" {
            pts.extend(points_of(f, place)?);
        }
    }
    let n = pts.len();
    if n < 2 {
        return Err(
            "a curve needs a Point or Array<Point> field holding at least one point \
             after the entity's own position"
                .into(),
        );
    }
    let degree = match text(e, "curve")? {
        Some(c) => degree_of(&c)?,
        None if (n - 1).is_multiple_of(3) => 3,
        None if (n - 1).is_multiple_of(2) => 2,
        None => 1,
    };
    let fill = match text(e, "fill")? {
        Some(f) => fill_of(&f)?,
        None => CurveFill::Line,
    };
    let like = CurveDef {
        points: Vec::new(),
        restitution: number(e, "restitution")?.unwrap_or(1.0),
        one_way: flag(e, "one_way")?,
        fill,
        hazard: flag(e, "hazard")?,
    };
    chain(&pts, degree, "the curve's points", &like)
}
