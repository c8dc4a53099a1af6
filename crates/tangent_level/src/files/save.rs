//! Writing an edited level back to its file without losing what a person
//! wrote: the original text is kept, and only the top-level fields whose
//! values changed are replaced (in the documented layout, defaults omitted).
//! Comments and fields outside the changed values, including fields the
//! editor does not know, stay byte for byte; an unchanged level saves
//! byte-identical, and within a list or map that changed only the changed
//! elements are rewritten, so comments between them stay too
//! ([`crate::files::splice`]). Saving writes a temporary file beside the level and
//! renames it over the old one, so a crash mid-save never leaves a
//! half-written level.

use std::fs::File;
use std::io::Write;
use std::ops::Range;
use std::path::Path;

use crate::files::ron_text::fields;
use crate::files::splice::{splice_keyed, splice_list};
use crate::format::mover::MoverDef;
use crate::format::mover_props::motion_text;
use crate::format::{ActorDef, CurveDef, CurveFill, GoalDef, LevelFile, ShapeDef, TileDef, Tuning};

/// A number as short as it reads back exactly (`96`, `46.5`).
pub fn num(x: f32) -> String {
    format!("{x}")
}

fn pair(p: (f32, f32)) -> String {
    format!("({}, {})", num(p.0), num(p.1))
}

fn shape(s: &ShapeDef) -> String {
    match *s {
        ShapeDef::Circle { radius } => format!("Circle(radius: {})", num(radius)),
        ShapeDef::Rect { half_extents } => format!("Rect(half_extents: {})", pair(half_extents)),
    }
}

fn curve(c: &CurveDef) -> String {
    let pts: Vec<String> = c.points.iter().map(|p| pair(*p)).collect();
    let mut s = format!("(points: [{}]", pts.join(", "));
    if c.restitution != 1.0 {
        s.push_str(&format!(", restitution: {}", num(c.restitution)));
    }
    if c.one_way {
        s.push_str(", one_way: true");
    }
    if c.fill != CurveFill::Below {
        s.push_str(&format!(", fill: {:?}", c.fill));
    }
    if c.hazard {
        s.push_str(", hazard: true");
    }
    s.push(')');
    s
}

fn actor(a: &ActorDef) -> String {
    let mut s = format!(
        "(name: {:?}, shape: {}, position: {}",
        a.name,
        shape(&a.shape),
        pair(a.position)
    );
    if a.velocity != (0.0, 0.0) {
        s.push_str(&format!(", velocity: {}", pair(a.velocity)));
    }
    s.push_str(&format!(", restitution: {}", num(a.restitution)));
    if a.friction != 0.0 {
        s.push_str(&format!(", friction: {}", num(a.friction)));
    }
    if a.mass != 0.0 {
        s.push_str(&format!(", mass: {}", num(a.mass)));
    }
    if a.layer != 1 {
        s.push_str(&format!(", layer: {}", a.layer));
    }
    if a.mask != u32::MAX {
        s.push_str(&format!(", mask: {}", a.mask));
    }
    s.push(')');
    s
}

/// A mover as one line: its non-default fields, in the format's order.
fn mover(m: &MoverDef) -> String {
    let mut parts = Vec::new();
    if let Some(r) = m.tiles {
        let mut t = format!("x: {}, y: {}", r.x, r.y);
        if r.width != 1 {
            t.push_str(&format!(", width: {}", r.width));
        }
        if r.height != 1 {
            t.push_str(&format!(", height: {}", r.height));
        }
        parts.push(format!("tiles: Some(({t}))"));
    }
    if !m.curves.is_empty() {
        let curves: Vec<String> = m.curves.iter().map(curve).collect();
        parts.push(format!("curves: [{}]", curves.join(", ")));
    }
    for (field, value) in motion_text(m) {
        parts.push(format!("{field}: {value}"));
    }
    format!("({})", parts.join(", "))
}

fn list(items: Vec<String>) -> String {
    if items.is_empty() {
        return "[]".into();
    }
    let mut s = String::from("[\n");
    for it in items {
        s.push_str(&format!("        {it},\n"));
    }
    s.push_str("    ]");
    s
}

fn tuning(t: &Tuning) -> String {
    let mut parts = Vec::new();
    for ((name, v), (_, def)) in t.fields().into_iter().zip(Tuning::default().fields()) {
        if v != def {
            parts.push(format!("{name}: {}", num(v)));
        }
    }
    format!("({})", parts.join(", "))
}

fn legend(l: &std::collections::BTreeMap<char, TileDef>) -> String {
    let mut s = String::from("{\n");
    for (c, k) in l {
        s.push_str(&format!("        {c:?}: {k:?},\n"));
    }
    s.push_str("    }");
    s
}

/// The value text of every field the editor knows, in file order, with
/// `None` where the field equals its default (left out of new files).
fn field_values(f: &LevelFile) -> Vec<(&'static str, Option<String>)> {
    let rows: Vec<String> = f.tiles.iter().map(|r| format!("{r:?}")).collect();
    vec![
        ("name", Some(format!("{:?}", f.name))),
        ("tile_size", Some(num(f.tile_size))),
        (
            "gravity",
            (f.gravity != crate::format::gravity()).then(|| pair(f.gravity)),
        ),
        (
            "tile_restitution",
            (f.tile_restitution != 1.0).then(|| num(f.tile_restitution)),
        ),
        ("legend", Some(legend(&f.legend))),
        ("tiles", Some(list(rows))),
        ("open", f.open.then(|| "true".to_string())),
        ("curves", Some(list(f.curves.iter().map(curve).collect()))),
        ("spawn", Some(pair(f.spawn))),
        ("player", Some(shape(&f.player))),
        ("actors", Some(list(f.actors.iter().map(actor).collect()))),
        (
            "movers",
            (!f.movers.is_empty()).then(|| list(f.movers.iter().map(mover).collect())),
        ),
        ("goal", Some(goal(&f.goal))),
        (
            "checkpoints",
            (!f.checkpoints.is_empty())
                .then(|| list(f.checkpoints.iter().map(|p| pair(*p)).collect())),
        ),
        (
            "crystals",
            (!f.crystals.is_empty()).then(|| list(f.crystals.iter().map(|p| pair(*p)).collect())),
        ),
        (
            "coins",
            (!f.coins.is_empty()).then(|| list(f.coins.iter().map(|p| pair(*p)).collect())),
        ),
        ("next", f.next.as_ref().map(|n| format!("Some({n:?})"))),
        ("par", f.par.map(|p| format!("Some({})", num(p)))),
        ("dev_time", f.dev_time.map(|p| format!("Some({})", num(p)))),
        ("svg", f.svg.as_ref().map(|n| format!("Some({n:?})"))),
        ("svg_scale", (f.svg_scale != 1.0).then(|| num(f.svg_scale))),
        ("art", f.art.as_ref().map(|n| format!("Some({n:?})"))),
        (
            "view_height",
            f.view_height.map(|h| format!("Some({})", num(h))),
        ),
        ("theme", f.theme.as_ref().map(|t| format!("Some({t:?})"))),
        (
            "tuning",
            (f.tuning != Tuning::default()).then(|| tuning(&f.tuning)),
        ),
    ]
}

/// A list's or map's elements as written, for rewriting it element by
/// element ([`crate::files::splice`]).
enum Elements {
    List(Vec<String>),
    Keyed(Vec<(String, String)>),
}

fn elements_of(f: &LevelFile, key: &str) -> Option<Elements> {
    Some(match key {
        "tiles" => Elements::List(f.tiles.iter().map(|r| format!("{r:?}")).collect()),
        "curves" => Elements::List(f.curves.iter().map(curve).collect()),
        "actors" => Elements::List(f.actors.iter().map(actor).collect()),
        "movers" => Elements::List(f.movers.iter().map(mover).collect()),
        "checkpoints" => Elements::List(f.checkpoints.iter().map(|p| pair(*p)).collect()),
        "crystals" => Elements::List(f.crystals.iter().map(|p| pair(*p)).collect()),
        "coins" => Elements::List(f.coins.iter().map(|p| pair(*p)).collect()),
        "legend" => Elements::Keyed(
            f.legend
                .iter()
                .map(|(c, k)| (c.to_string(), format!("{c:?}: {k:?}")))
                .collect(),
        ),
        "tuning" => Elements::Keyed(
            f.tuning
                .fields()
                .into_iter()
                .zip(Tuning::default().fields())
                .filter(|((_, v), (_, d))| v != d)
                .map(|((n, v), _)| (n.to_string(), format!("{n}: {}", num(v))))
                .collect(),
        ),
        _ => return None,
    })
}

/// The key of a map element: a legend's character or a tuning field's name.
fn element_key(element: &str) -> Option<String> {
    // A legend key may itself be ':' ('\'', ':'): try each colon.
    for (i, _) in element.match_indices(':') {
        let k = element[..i].trim();
        if k.starts_with('\'') {
            if let Ok(c) = ron::from_str::<char>(k) {
                return Some(c.to_string());
            }
        } else if !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Some(k.to_string());
        }
    }
    None
}

/// The field's new value text written element by element over the
/// original's, when it can be.
fn splice_field(
    original: &str,
    span: &Range<usize>,
    key: &str,
    old: &LevelFile,
    new: &LevelFile,
) -> Option<String> {
    match (elements_of(old, key)?, elements_of(new, key)?) {
        (Elements::List(a), Elements::List(b)) => splice_list(original, span.clone(), &a, &b),
        (Elements::Keyed(a), Elements::Keyed(b)) => {
            splice_keyed(original, span.clone(), &a, &b, element_key)
        }
        _ => None,
    }
}

fn goal(g: &GoalDef) -> String {
    format!("(position: {}, size: {})", pair(g.position), pair(g.size))
}

/// A whole level file in the documented layout.
pub fn write_new(f: &LevelFile) -> String {
    let mut s = String::from("(\n");
    for (key, value) in field_values(f) {
        if let Some(v) = value {
            s.push_str(&format!("    {key}: {v},\n"));
        }
    }
    s.push_str(")\n");
    s
}

/// `new` written over `original` (whose parsed form is `old`): changed
/// fields are replaced in place, fields new to the file are added before
/// the closing parenthesis, everything else is kept as it was.
pub fn write_over(original: &str, old: &LevelFile, new: &LevelFile) -> String {
    if old == new {
        return original.to_string();
    }
    let (spans, close) = fields(original);
    let Some(close) = close else {
        return write_new(new);
    };
    if original.trim().is_empty() {
        return write_new(new);
    }
    let old_values = field_values(old);
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut additions = String::new();
    for ((key, new_value), (_, old_value)) in field_values(new).into_iter().zip(old_values) {
        if new_value == old_value {
            continue;
        }
        let span = spans.iter().find(|s| s.key == key);
        match (span, new_value) {
            (Some(s), Some(v)) => {
                let v = splice_field(original, &s.value, key, old, new).unwrap_or(v);
                edits.push((s.value.clone(), v));
            }
            (Some(s), None) => {
                // Back to the default: write it out explicitly rather than
                // cutting text around it.
                let v = default_text(key);
                edits.push((s.value.clone(), v));
            }
            (None, Some(v)) => additions.push_str(&format!("    {key}: {v},\n")),
            (None, None) => {}
        }
    }
    let mut out = original.to_string();
    if !additions.is_empty() {
        // Insert before the closing parenthesis, after a trailing comma.
        let before = out[..close].trim_end().to_string();
        let needs_comma = !before.ends_with(',') && !before.ends_with('(');
        let insert = format!("{}\n{additions}", if needs_comma { "," } else { "" });
        let at = before.len();
        edits.push((at..close, insert));
    }
    edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    for (range, text) in edits {
        out.replace_range(range, &text);
    }
    out
}

fn default_text(key: &str) -> String {
    match key {
        "gravity" => pair(crate::format::gravity()),
        "tile_restitution" => "1".into(),
        "next" | "svg" | "art" | "par" | "dev_time" | "view_height" | "theme" => "None".into(),
        "open" => "false".into(),
        "svg_scale" => "1".into(),
        "tuning" => "()".into(),
        _ => String::new(),
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and
/// a rename; `write` does the writing (tests pass one that fails midway).
pub fn save_with(
    path: &Path,
    text: &str,
    write: impl FnOnce(&mut File, &str) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "level".into());
    let tmp = path.with_file_name(format!(".{name}.saving"));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        write(&mut f, text)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Saves `text` to `path` atomically (temporary file, then rename).
pub fn save(path: &Path, text: &str) -> std::io::Result<()> {
    save_bytes(path, text.as_bytes())
}

/// Saves bytes to `path` atomically (temporary file, then rename).
pub fn save_bytes(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    save_with(path, "", |f, _| f.write_all(bytes))
}

/// Saves a level being played to `path`, making its folder first: a
/// shipped level is played from the user level folder, which exists only
/// once a first copy is saved there (see [`crate::files`]).
pub fn save_level(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    save(path, text)
}
