//! SVG drawings as terrain: every path of the drawing becomes curve pieces
//! of the level, exactly (SVG paths are lines and quadratic and cubic
//! Béziers, which are Tangent's pieces): a line is a quadratic with its
//! control point at the middle (the same straight piece), quadratics and
//! cubics are kept, arcs become cubics within [`crate::svg::arcs::ARC_TOLERANCE`]
//! user units, `Z` closes with a line when the path does not end where it
//! began. usvg resolves the document (nested transforms, `<use>`, styles,
//! shapes such as `<rect>` and `<polygon>`); every point is mapped through
//! its path's whole transform, then the y axis is flipped (SVG's y grows
//! down, a level's up: the drawing's bottom edge is the level's y = 0) and
//! scaled by [`SvgOptions::scale`] px per SVG unit.
//!
//! **Materials** come from a path's `id` (or an ancestor group's), by
//! keyword, or else from its stroke colour:

pub mod arcs;

use tangent_collision::prelude::Vec2;
use usvg::tiny_skia_path::PathSegment;

use crate::format::mover::MoverDef;
use crate::format::mover_props::{motion_field, motion_from};
use crate::format::{CurveDef, CurveFill};
use crate::limits::MAX_COUNT;
use crate::svg::arcs::{exact_arcs_until_error, has_arcs};

/// The largest drawing a level may name or `import-svg` may read, bytes
/// (16 MiB).
pub const MAX_DRAWING_BYTES: u64 = 16 << 20;

/// A drawing's text: a plain file (never a folder or a device, which could
/// hang) of at most [`MAX_DRAWING_BYTES`], in UTF-8 (what usvg reads; a
/// drawing saved in another encoding is named at its first byte that is
/// not UTF-8, with how to fix it). Errors name the path.
pub fn read_drawing(path: &std::path::Path) -> Result<String, String> {
    let name = path.display();
    let bytes = crate::files::read_capped(path, MAX_DRAWING_BYTES, "a drawing").map_err(|e| {
        // read_capped's own refusals (`not a file`, `N bytes, more than
        // ...`) are `Other`; the system's errors have their own kinds.
        if e.kind() == std::io::ErrorKind::Other {
            format!("{name} is {e}")
        } else {
            format!("{name}: cannot read: {e}")
        }
    })?;
    crate::files::level_text(&bytes, &name.to_string())
        .map(str::to_string)
        .map_err(|e| format!("{e}: save the drawing as UTF-8"))
}

/// How to map the drawing into the level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SvgOptions {
    /// Level px per SVG user unit (after the drawing's own transforms).
    pub scale: f32,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions { scale: 1.0 }
    }
}

/// What a drawing became.
#[derive(Clone, Debug, PartialEq)]
pub struct SvgImport {
    pub curves: Vec<CurveDef>,
    /// Movers: each element marked `mover` with the curves of its paths.
    pub movers: Vec<MoverDef>,
    /// Refill crystals: the centre of each shape marked `crystal`.
    pub crystals: Vec<(f32, f32)>,
    /// Paths read (each gives one or more curves).
    pub paths: usize,
    /// The drawing's size in level px.
    pub size: Vec2,
    /// Path data with an error part-way, kept up to it (as the SVG spec
    /// and drawing programs do), each naming `file:line:column`.
    pub warnings: Vec<String>,
}

/// The document's text made ready for usvg, with what usvg does not keep:
/// path data with its arcs made exact (the `d` of every `<path>` with an
/// arc, or with an error, is rewritten in place), a warning for each path
/// whose data has an error (as the SVG spec says, the path is kept up to
/// it), and the movers (see [`mover_elements`]). More path segments than a
/// level may hold curves is refused here, before the drawing is read whole.
struct Prepared {
    text: String,
    warnings: Vec<String>,
    /// Each mover element's id (given one where it had none) and motion.
    movers: Vec<(String, MoverDef)>,
}

fn prepare(text: &str, file: &str) -> Result<Prepared, String> {
    // A DOCTYPE with entities is read as usvg reads it (its entities
    // expanded); roxmltree refuses one unless asked.
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, opts).map_err(|e| {
        let p = e.pos();
        format!("{file}:{}:{}: not a valid XML file: {e}", p.row, p.col)
    })?;
    let mut edits = Vec::new();
    let mut warnings = Vec::new();
    let mut segments = 0usize;
    for node in doc.descendants().filter(|n| n.has_tag_name("path")) {
        let Some(attr) = node.attributes().find(|a| a.name() == "d") else {
            continue;
        };
        let pos = doc.text_pos_at(node.range().start);
        let (d, error) = exact_arcs_until_error(attr.value());
        segments += d.matches(['L', 'C', 'Q']).count();
        if segments > MAX_COUNT {
            return Err(format!(
                "{file}:{}:{}: more than {MAX_COUNT} path segments by here: a level holds at most {MAX_COUNT} curves",
                pos.row, pos.col
            ));
        }
        if let Some(e) = error {
            warnings.push(format!(
                "{file}:{}:{}: <path>: {e}; the path is kept up to it",
                pos.row, pos.col
            ));
        } else if !has_arcs(attr.value()) {
            continue;
        }
        edits.push((attr.range_value(), d));
    }
    let movers = mover_elements(&doc, text, file, &mut edits)?;
    edits.sort_by_key(|(r, _)| r.start);
    let mut out = text.to_string();
    for (range, d) in edits.into_iter().rev() {
        out.replace_range(range, &d);
    }
    Ok(Prepared {
        text: out,
        warnings,
        movers,
    })
}

/// Whether an element is marked as a mover: `mover` among its classes, or
/// in its id.
fn is_mover(node: &roxmltree::Node) -> bool {
    let class = node.attribute("class").unwrap_or("");
    class
        .split_ascii_whitespace()
        .any(|c| c.eq_ignore_ascii_case("mover"))
        || node
            .attribute("id")
            .is_some_and(|id| id.to_ascii_lowercase().contains("mover"))
}

/// The drawing's movers: each element marked `mover` (a group, or a path
/// or shape alone), its motion from its `data-*` attributes (`data-path`,
/// `data-speed`, `data-trigger`, …: [`crate::format::mover_props`]). An element
/// without an id gets one (an edit of the text), since usvg keeps ids and
/// nothing else of an element's own. An attribute `data-X` that is not a
/// motion field, a bad value, or a mover inside a mover is an error at the
/// element's line and column.
fn mover_elements(
    doc: &roxmltree::Document,
    text: &str,
    file: &str,
    edits: &mut Vec<(std::ops::Range<usize>, String)>,
) -> Result<Vec<(String, MoverDef)>, String> {
    let mut out = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element() && is_mover(n)) {
        let pos = doc.text_pos_at(node.range().start);
        let at = format!("{file}:{}:{}", pos.row, pos.col);
        let tag = node.tag_name().name();
        if node
            .ancestors()
            .skip(1)
            .any(|a| a.is_element() && is_mover(&a))
        {
            return Err(format!(
                "{at}: <{tag}> is a mover inside a mover: a mover carries curves, not movers \
                 (take it out of the enclosing mover's group)"
            ));
        }
        let mut props = Vec::new();
        for a in node.attributes() {
            let Some(name) = a.name().strip_prefix("data-") else {
                continue;
            };
            if motion_field(name).is_none() {
                return Err(format!(
                    "{at}: <{tag}> has `data-{name}`, which is not a mover's motion: use data-{}",
                    crate::format::mover_props::MOTION_FIELDS
                        .join(", data-")
                        .replace('_', "-")
                ));
            }
            props.push((format!("data-{name}"), a.value().to_string()));
        }
        let motion = motion_from(props).map_err(|e| format!("{at}: <{tag}>: {e}"))?;
        let id = match node.attribute("id") {
            Some(id) if !id.is_empty() => id.to_string(),
            _ => {
                // Just after `<tag`: the element's start plus its name
                // as written (with any prefix).
                let start = node.range().start + 1;
                let name_len = text[start..]
                    .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
                    .unwrap_or(0);
                let id = format!("tangent-mover-{}", out.len() + 1);
                let at = start + name_len;
                edits.push((at..at, format!(" id=\"{id}\"")));
                id
            }
        };
        out.push((id, motion));
    }
    Ok(out)
}

/// The materials of a path from its ids (its own and its groups') and
/// stroke and fill.
fn material(ids: &str, path: &usvg::Path) -> CurveDef {
    let ids = ids.to_ascii_lowercase();
    let stroke = path.stroke().and_then(|s| match s.paint() {
        usvg::Paint::Color(c) => Some((c.red, c.green, c.blue)),
        _ => None,
    });
    let near = |(r, g, b): (u8, u8, u8), want: (u8, u8, u8)| {
        let d = |a: u8, b: u8| (a as i32 - b as i32).abs();
        d(r, want.0) < 64 && d(g, want.1) < 64 && d(b, want.2) < 64
    };
    let stroked = |want| stroke.is_some_and(|c| near(c, want));
    let hazard = ids.contains("hazard") || stroked((255, 0, 0));
    let one_way = ids.contains("oneway") || ids.contains("one-way") || stroked((0, 0, 255));
    let restitution = if ids.contains("bouncy") || stroked((255, 0, 255)) {
        0.95
    } else if ids.contains("dead") {
        0.0
    } else {
        1.0
    };
    let filled = path.fill().is_some() || ids.contains("ground");
    CurveDef {
        points: Vec::new(),
        restitution,
        one_way,
        fill: if filled {
            CurveFill::Below
        } else {
            CurveFill::Line
        },
        hazard,
    }
}

/// | keyword in the id | or stroke | the pieces get |
/// |---|---|---|
/// | `hazard` | red (`#ff0000`-ish) | `hazard: true` |
/// | `oneway` / `one-way` | blue (`#0000ff`-ish) | `one_way: true` |
/// | `bouncy` | magenta (`#ff00ff`-ish) | `restitution: 0.95` |
/// | `dead` | | `restitution: 0` |
/// | `ground` | a fill (no keyword needed) | `fill: Below`, or `Closed` |
///
/// Pieces of a path with no fill are drawn as lines (`fill: Line`). A
/// filled subpath that comes back to its start (with `Z` or not) is an
/// outline filled inside (`fill: Closed`: a floating island); one that
/// does not is ground down to the level's bottom (`fill: Below`). `assets/svg/1-2-drawn.svg`
/// shows every convention.
///
/// **Crystals**: a shape with `crystal` in its id (or an ancestor group's)
/// is not terrain but a refill crystal at the centre of its box (a
/// `<circle id="crystal-1">` is the usual way).
///
/// **Movers**: an element with the class `mover` (or `mover` in its id) is
/// a mover carrying the curves of its paths, its motion from its `data-*`
/// attributes as `crate::format::mover_props` reads them (see `docs/level-format.md`,
/// "SVG drawings").
///
/// Imports every path of an SVG document (see the module header). Errors
/// name `file` and, for bad XML or path data, the line and column.
pub fn import_svg(text: &str, file: &str, opts: SvgOptions) -> Result<SvgImport, String> {
    if !(opts.scale.is_finite() && opts.scale > 0.0) {
        return Err(format!(
            "{file}: the scale must be a positive number, not {}",
            opts.scale
        ));
    }
    let Prepared {
        text,
        warnings,
        movers,
    } = prepare(text, file)?;
    let tree = usvg::Tree::from_str(&text, &usvg::Options::default()).map_err(|e| match e {
        usvg::Error::InvalidSize => format!(
            "{file}: the drawing has no size: give its <svg> a positive width and height, \
             or a viewBox"
        ),
        e => format!("{file}: {e}"),
    })?;
    let height = tree.size().height();
    let s = opts.scale;
    let map = |p: usvg::tiny_skia_path::Point, t: &usvg::Transform| {
        let mut q = p;
        t.map_point(&mut q);
        Vec2::new(q.x * s, (height - q.y) * s)
    };
    let ids: Vec<String> = movers.iter().map(|(id, _)| id.clone()).collect();
    let mut out = SvgImport {
        curves: Vec::new(),
        movers: movers.into_iter().map(|(_, m)| m).collect(),
        crystals: Vec::new(),
        paths: 0,
        size: Vec2::new(tree.size().width(), height) * s,
        warnings,
    };
    let drawing = Drawing {
        map: &map,
        movers: &ids,
    };
    walk(tree.root(), "", None, &drawing, &mut out);
    if let Some(i) = out.movers.iter().position(|m| m.curves.is_empty()) {
        return Err(format!(
            "{file}: the mover `{}` has no path: draw its terrain inside it \
             (a mover is a group of paths, or one path)",
            ids[i]
        ));
    }
    Ok(out)
}

/// How the drawing maps into the level, and its movers' ids.
struct Drawing<'a> {
    map: &'a dyn Fn(usvg::tiny_skia_path::Point, &usvg::Transform) -> Vec2,
    movers: &'a [String],
}

/// Imports the paths under `group` in document order (`ids`: its
/// ancestors' ids, for materials; `mover`: the mover they belong to, if
/// any).
fn walk(
    group: &usvg::Group,
    ids: &str,
    mover: Option<usize>,
    drawing: &Drawing,
    out: &mut SvgImport,
) {
    let map = drawing.map;
    for node in group.children() {
        let ids = format!("{ids} {}", node.id());
        let mover = drawing.movers.iter().position(|m| m == node.id()).or(mover);
        match node {
            usvg::Node::Group(g) => walk(g, &ids, mover, drawing, out),
            usvg::Node::Path(path) if ids.to_lowercase().contains("crystal") => {
                let b = path.data().bounds();
                let centre = usvg::tiny_skia_path::Point::from_xy(
                    (b.left() + b.right()) / 2.0,
                    (b.top() + b.bottom()) / 2.0,
                );
                let c = map(centre, &path.abs_transform());
                out.crystals.push((c.x, c.y));
            }
            usvg::Node::Path(path) => {
                out.paths += 1;
                let t = path.abs_transform();
                let template = material(&ids, path);
                let mut curves = Vec::new();
                let piece = |out: &mut Vec<CurveDef>, points: Vec<Vec2>| {
                    // A piece with all its points at one place adds nothing.
                    if points.iter().all(|p| *p == points[0]) {
                        return;
                    }
                    let mut c = template.clone();
                    c.points = points.iter().map(|p| (p.x, p.y)).collect();
                    out.push(c);
                };
                let (mut cur, mut start) = (Vec2::ZERO, Vec2::ZERO);
                let filled = template.fill == CurveFill::Below;
                // A filled subpath that comes back to its start is an
                // outline filled inside (a floating island), not ground.
                let mut first = 0;
                let close_up = |out: &mut Vec<CurveDef>, first: usize, cur: Vec2, start: Vec2| {
                    if filled && out.len() > first && cur == start {
                        out[first..]
                            .iter_mut()
                            .for_each(|c| c.fill = CurveFill::Closed);
                    }
                };
                for seg in path.data().segments() {
                    match seg {
                        PathSegment::MoveTo(p) => {
                            close_up(&mut curves, first, cur, start);
                            first = curves.len();
                            cur = map(p, &t);
                            start = cur;
                        }
                        PathSegment::LineTo(p) => {
                            let q = map(p, &t);
                            piece(&mut curves, vec![cur, (cur + q) * 0.5, q]);
                            cur = q;
                        }
                        PathSegment::QuadTo(c, p) => {
                            let q = map(p, &t);
                            piece(&mut curves, vec![cur, map(c, &t), q]);
                            cur = q;
                        }
                        PathSegment::CubicTo(c1, c2, p) => {
                            let q = map(p, &t);
                            piece(&mut curves, vec![cur, map(c1, &t), map(c2, &t), q]);
                            cur = q;
                        }
                        PathSegment::Close => {
                            piece(&mut curves, vec![cur, (cur + start) * 0.5, start]);
                            cur = start;
                        }
                    }
                }
                close_up(&mut curves, first, cur, start);
                match mover {
                    Some(m) => out.movers[m].curves.extend(curves),
                    None => out.curves.extend(curves),
                }
            }
            _ => {}
        }
    }
}
