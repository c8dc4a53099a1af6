//! Writing a level as a Tiled map ([`write_tmx`]), the way
//! [`super::read`] reads one back: the tiles as a CSV tile layer over a
//! tileset of the game's own tile strip (`tangent-tiles.png`, written
//! beside the map), and an object layer with the spawn and goal, the
//! checkpoints, the crystals, the actors (circles as ellipses, boxes as rectangles, with
//! their materials as properties) and every curve as a polyline of its
//! control points with a `curve` property (`quadratic` or `cubic`), so that
//! the Bézier comes back exactly. Each mover is an object layer of class
//! `mover`: its motion as the layer's properties
//! ([`crate::format::mover_props::motion_text`]), its block of tiles as a
//! rectangle, its curves as polylines. Numbers are written in the shortest form
//! that reads back to the same `f32`; the y flip (`map_height_px - y`) is
//! done in f64 and rounded once.

use crate::format::mover_props::motion_text;
use crate::format::{ActorDef, CurveDef, CurveFill, LevelFile, ShapeDef, Side, TileDef};

/// The tileset image a written map names (the game's `assets/tiles.png`).
pub const TILESET_IMAGE: &str = "tangent-tiles.png";

/// The tiles of the strip, in order, and the kind each stands for (tile 3,
/// the goal flag, is decoration in front of the player).
const STRIP: [(&str, Option<Side>); 8] = [
    ("solid", None),
    ("one_way", None),
    ("decor", None),
    ("front_decor", None),
    ("hazard", Some(Side::Up)),
    ("hazard", Some(Side::Down)),
    ("hazard", Some(Side::Left)),
    ("hazard", Some(Side::Right)),
];

/// The strip tile (0-based) drawn for a kind, `None` for empty.
fn strip_index(kind: TileDef) -> Option<u32> {
    Some(match kind {
        TileDef::Empty => return None,
        TileDef::Solid => 0,
        TileDef::OneWay => 1,
        TileDef::Decor => 2,
        TileDef::FrontDecor => 3,
        TileDef::Spikes(Side::Up) => 4,
        TileDef::Spikes(Side::Down) => 5,
        TileDef::Spikes(Side::Left) => 6,
        TileDef::Spikes(Side::Right) => 7,
    })
}

/// XML text with `& < > " '` escaped.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

fn prop(name: &str, kind: &str, value: impl std::fmt::Display) -> String {
    format!("    <property name=\"{name}\" type=\"{kind}\" value=\"{value}\"/>\n")
}

/// Writes a level as a Tiled map (see the module header). Legend
/// characters that stand for the same kind come back as one. A tile size
/// that is not a whole number of px (Tiled's are) is an error.
pub fn write_tmx(f: &LevelFile) -> Result<String, String> {
    let h = f.tiles.len();
    let w = f.tiles.first().map_or(0, |r| r.chars().count());
    let ts = f.tile_size;
    if ts.fract() != 0.0 || ts < 1.0 {
        return Err(format!(
            "tile_size {ts}: a Tiled map's tiles are a whole number of px"
        ));
    }
    let height_px = h as f64 * ts as f64;
    // A level point (f64, for corners worked out from a centre) in the
    // map's y-down px, rounded once.
    let flip = |x: f64, y: f64| (x as f32, (height_px - y) as f32);
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let mut objects = String::new();
    let mut ids = Ids(1);
    let mut object = |objects: &mut String, attrs: String, body: String| {
        ids.object(objects, attrs, body);
    };
    let (sx, sy) = flip(f.spawn.0 as f64, f.spawn.1 as f64);
    object(
        &mut objects,
        format!("name=\"spawn\" class=\"spawn\" x=\"{sx}\" y=\"{sy}\""),
        "   <point/>\n".into(),
    );
    let g = f.goal;
    let (gx, gy) = flip(
        g.position.0 as f64 - g.size.0 as f64 / 2.0,
        g.position.1 as f64 + g.size.1 as f64 / 2.0,
    );
    object(
        &mut objects,
        format!(
            "name=\"goal\" class=\"goal\" x=\"{gx}\" y=\"{gy}\" width=\"{}\" height=\"{}\"",
            g.size.0, g.size.1
        ),
        String::new(),
    );
    let points = [
        ("checkpoint", &f.checkpoints),
        ("crystal", &f.crystals),
        ("coin", &f.coins),
    ];
    for (class, list) in points {
        for c in list {
            let (x, y) = flip(c.0 as f64, c.1 as f64);
            object(
                &mut objects,
                format!("name=\"{class}\" class=\"{class}\" x=\"{x}\" y=\"{y}\""),
                "   <point/>\n".into(),
            );
        }
    }
    for a in &f.actors {
        let (attrs, body) = actor(a, flip);
        object(&mut objects, attrs, body);
    }
    for c in &f.curves {
        let (attrs, body) = curve(c, flip);
        object(&mut objects, attrs, body);
    }
    // Each mover its own layer, after the things.
    let mover_layers = mover_layers(f, flip, &mut ids);
    let next_layer = 3 + f.movers.len();
    s.push_str(&format!(
        "<map version=\"1.10\" tiledversion=\"1.10.2\" orientation=\"orthogonal\" renderorder=\"right-down\" \
         width=\"{w}\" height=\"{h}\" tilewidth=\"{ts}\" tileheight=\"{ts}\" infinite=\"0\" \
         nextlayerid=\"{next_layer}\" nextobjectid=\"{}\">\n",
         ids.0
    ));
    s.push_str(&format!(
        " <properties>\n  <property name=\"name\" value=\"{}\"/>\n  \
         <property name=\"open\" type=\"bool\" value=\"{}\"/>\n </properties>\n",
        esc(&f.name),
        f.open
    ));
    s.push_str(&tileset_xml());
    s.push_str(&tile_layer_xml(f, w, h));
    s.push_str(" <objectgroup id=\"2\" name=\"objects\">\n");
    s.push_str(&objects);
    s.push_str(" </objectgroup>\n");
    s.push_str(&mover_layers);
    s.push_str("</map>\n");
    Ok(s)
}

/// Object ids, numbered from 1 in the order the objects are written.
struct Ids(usize);

impl Ids {
    /// An object with the next id: its attributes, and its body (a point,
    /// a polyline, properties) or none.
    fn object(&mut self, out: &mut String, attrs: String, body: String) {
        out.push_str(&format!("  <object id=\"{}\" {attrs}", self.0));
        if body.is_empty() {
            out.push_str("/>\n");
        } else {
            out.push_str(&format!(">\n{body}  </object>\n"));
        }
        self.0 += 1;
    }
}

/// Each mover as its own object layer (ids 3 on), after the things: its
/// motion as properties, its tile block as a `tiles` rectangle, its curves.
fn mover_layers(
    f: &LevelFile,
    flip: impl Fn(f64, f64) -> (f32, f32) + Copy,
    ids: &mut Ids,
) -> String {
    let ts = f.tile_size;
    let mut object = |objects: &mut String, attrs: String, body: String| {
        ids.object(objects, attrs, body);
    };
    let mut mover_layers = String::new();
    for (i, m) in f.movers.iter().enumerate() {
        let mut props = String::new();
        for (field, value) in motion_text(m) {
            props.push_str(&prop(field, "string", esc(&value)));
        }
        mover_layers.push_str(&format!(
            " <objectgroup id=\"{}\" name=\"mover {}\" class=\"mover\">\n",
            3 + i,
            i + 1
        ));
        if !props.is_empty() {
            mover_layers.push_str(&format!("  <properties>\n{props}  </properties>\n"));
        }
        let mut layer_objects = String::new();
        if let Some(r) = m.tiles {
            let (x, y) = flip(r.x as f64 * ts as f64, (r.y + r.height) as f64 * ts as f64);
            let attrs = format!(
                "name=\"\" class=\"tiles\" x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\"",
                r.width as f32 * ts,
                r.height as f32 * ts
            );
            object(&mut layer_objects, attrs, String::new());
        }
        for c in &m.curves {
            let (attrs, body) = curve(c, flip);
            object(&mut layer_objects, attrs, body);
        }
        mover_layers.push_str(&layer_objects);
        mover_layers.push_str(" </objectgroup>\n");
    }
    mover_layers
}

/// Tangent's own tileset, embedded: the atlas strip, each tile with its
/// kind (and a spike's side) as properties.
fn tileset_xml() -> String {
    let mut s = String::new();
    s.push_str(
    " <tileset firstgid=\"1\" name=\"tangent\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"8\" columns=\"8\">\n",
);
    s.push_str(&format!(
        "  <image source=\"{TILESET_IMAGE}\" width=\"256\" height=\"32\"/>\n"
    ));
    for (id, (kind, side)) in STRIP.iter().enumerate() {
        s.push_str(&format!("  <tile id=\"{id}\">\n   <properties>\n"));
        s.push_str(&format!("    <property name=\"kind\" value=\"{kind}\"/>\n"));
        if let Some(side) = side {
            let side = format!("{side:?}").to_lowercase();
            s.push_str(&format!("    <property name=\"side\" value=\"{side}\"/>\n"));
        }
        s.push_str("   </properties>\n  </tile>\n");
    }
    s.push_str(" </tileset>\n");
    s
}

/// The tile layer: each cell's tile in the strip (1-based; 0 for empty)
/// as CSV, a row a line.
fn tile_layer_xml(f: &LevelFile, w: usize, h: usize) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        " <layer id=\"1\" name=\"tiles\" width=\"{w}\" height=\"{h}\">\n  <data encoding=\"csv\">\n"
    ));
    let rows: Vec<String> = f
        .tiles
        .iter()
        .map(|row| {
            row.chars()
                .map(|c| {
                    let kind = f.legend.get(&c).copied().unwrap_or(TileDef::Empty);
                    strip_index(kind).map_or(0, |i| i + 1).to_string()
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    s.push_str(&rows.join(",\n"));
    s.push_str("\n</data>\n </layer>\n");
    s
}

fn actor(a: &ActorDef, flip: impl Fn(f64, f64) -> (f32, f32)) -> (String, String) {
    let class = match a.shape {
        ShapeDef::Circle { .. } => "ball",
        ShapeDef::Rect { .. } => "crate",
    };
    let (half, tag) = match a.shape {
        ShapeDef::Circle { radius } => ((radius, radius), "   <ellipse/>\n"),
        ShapeDef::Rect { half_extents } => (half_extents, ""),
    };
    let (x, y) = flip(
        a.position.0 as f64 - half.0 as f64,
        a.position.1 as f64 + half.1 as f64,
    );
    let attrs = format!(
        "name=\"{}\" class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\"",
        esc(&a.name),
        half.0 * 2.0,
        half.1 * 2.0
    );
    let mut props = String::new();
    props.push_str(&prop("restitution", "float", a.restitution));
    props.push_str(&prop("friction", "float", a.friction));
    if a.mass != 0.0 {
        props.push_str(&prop("mass", "float", a.mass));
    }
    if a.velocity != (0.0, 0.0) {
        props.push_str(&prop("velocity_x", "float", a.velocity.0));
        props.push_str(&prop("velocity_y", "float", a.velocity.1));
    }
    if a.layer != 1 {
        props.push_str(&prop("layer", "string", a.layer));
    }
    if a.mask != u32::MAX {
        props.push_str(&prop("mask", "string", a.mask));
    }
    let body = format!("   <properties>\n{props}   </properties>\n{tag}");
    (attrs, body)
}

fn curve(c: &CurveDef, flip: impl Fn(f64, f64) -> (f32, f32)) -> (String, String) {
    let kind = if c.points.len() == 4 {
        "cubic"
    } else {
        "quadratic"
    };
    let mut props = prop("curve", "string", kind);
    let fill = match c.fill {
        CurveFill::Below => "below",
        CurveFill::Chord => "chord",
        CurveFill::Line => "line",
        CurveFill::Closed => "closed",
    };
    props.push_str(&prop("fill", "string", fill));
    if c.restitution != 1.0 {
        props.push_str(&prop("restitution", "float", c.restitution));
    }
    if c.one_way {
        props.push_str(&prop("one_way", "bool", true));
    }
    if c.hazard {
        props.push_str(&prop("hazard", "bool", true));
    }
    let points: Vec<String> = c
        .points
        .iter()
        .map(|p| {
            let (x, y) = flip(p.0 as f64, p.1 as f64);
            format!("{x},{y}")
        })
        .collect();
    // Absolute points from an origin of (0, 0): one rounding, not two.
    let attrs = "name=\"\" class=\"terrain\" x=\"0\" y=\"0\"".to_string();
    let body = format!(
        "   <properties>\n{props}   </properties>\n   <polyline points=\"{}\"/>\n",
        points.join(" ")
    );
    (attrs, body)
}
