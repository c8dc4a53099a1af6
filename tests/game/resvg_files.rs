//! resvg's own structure and shapes test drawings (kept in
//! `tests/levels/svg/resvg`, see its README) through `import-svg` and into
//! the game. Each drawing either imports or is one of the few refused with
//! what to do; every import is held to usvg's own reading of the same
//! drawing (each imported curve lies on usvg's path, and usvg's path is
//! covered by the curves: both ways, sampled every 0.25 px); each level
//! made loads and runs headless with the player held into the drawing.

use std::path::{Path, PathBuf};

use bevy::math::Vec2;
use bevy::prelude::default;
use tangent::player::PlayerInput;
use tangent::sim::headless::headless_app;
use tangent_level::format::CurveDef;
use tangent_level::import::import_svg_into;
use tangent_level::svg::arcs::has_arcs;
use tangent_level::svg::{SvgOptions, import_svg};

use crate::common::{hold, player, temp_dir};
use crate::svg_import::{bezier, pts, usvg_segments};

/// A room of 60 x 30 tiles (1 920 x 960 px), inside walls one tile thick,
/// with the spawn at `spawn`.
fn room(spawn: Vec2) -> String {
    let wall = format!("        \"{}\",\n", "#".repeat(60));
    let inside = format!("        \"#{}#\",\n", ".".repeat(58));
    format!(
        "(\n    name: \"Room\",\n    tile_size: 32,\n    legend: {{ '#': Solid, '.': Empty }},\n    \
         tiles: [\n{wall}{}{wall}    ],\n    curves: [],\n    spawn: ({}, {}),\n    \
         player: Rect(half_extents: (10, 14)),\n    goal: (position: (1850, 64)),\n)\n",
        inside.repeat(28),
        spawn.x,
        spawn.y
    )
}

/// Where the player starts for a drawing whose curves are `curves`: over
/// the middle of them, 30 px above their top (nothing drawn is above, so
/// it falls onto the drawing), or where the room has no room above, 30 px
/// right of them on the floor; for no curves, on the floor.
fn spawn_over(curves: &[CurveDef]) -> Vec2 {
    let all = curves.iter().flat_map(pts);
    let min = all.clone().fold(Vec2::INFINITY, |a, p| a.min(p));
    let max = all.fold(Vec2::NEG_INFINITY, |a, p| a.max(p));
    if curves.is_empty() {
        Vec2::new(400.0, 100.0)
    } else if max.y + 30.0 < 900.0 {
        Vec2::new(((min.x + max.x) * 0.5).clamp(60.0, 1860.0), max.y + 30.0)
    } else {
        assert!(max.x + 30.0 < 1860.0, "no room beside {min} {max}");
        Vec2::new(max.x + 30.0, 100.0)
    }
}

/// Level px per SVG unit: resvg's drawings are 200 units across (a few 80
/// or 10), so at most 800 px.
const SCALE: f32 = 4.0;

/// The drawings of resvg's suite that are refused, each with the words of
/// what to do that its refusal must hold. Every other drawing imports.
const REFUSED: [(&str, &str); 3] = [
    (
        "structure/svg/negative-size.svg",
        "give its <svg> a positive width and height",
    ),
    (
        "structure/svg/zero-size.svg",
        "give its <svg> a positive width and height",
    ),
    (
        "structure/svg/not-UTF-8-encoding.svg",
        "save the drawing as UTF-8",
    ),
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/levels/svg/resvg")
}

/// Every `.svg` under `dir`, sorted.
fn drawings(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            drawings(&path, out);
        } else if path.extension().is_some_and(|x| x == "svg") {
            out.push(path);
        }
    }
    out.sort();
}

/// Sampled curves for nearest-point queries: the short segments between
/// samples, filed by the 4 px cells of a grid that their boxes touch.
struct Near {
    cells: std::collections::HashMap<(i32, i32), Vec<(Vec2, Vec2)>>,
    /// Every sample, in curve order (the query points of the other way).
    samples: Vec<Vec2>,
}

const CELL: f32 = 4.0;

fn cell_of(p: Vec2) -> (i32, i32) {
    ((p.x / CELL).floor() as i32, (p.y / CELL).floor() as i32)
}

impl Near {
    /// Curves (by their control points) sampled every 0.25 px of their
    /// control polygons or finer.
    fn new(curves: &[Vec<Vec2>]) -> Near {
        let mut near = Near {
            cells: Default::default(),
            samples: Vec::new(),
        };
        for ctrl in curves {
            let length: f32 = ctrl.windows(2).map(|w| w[0].distance(w[1])).sum();
            let n = ((length / 0.25).ceil() as usize).clamp(16, 40_000);
            let points: Vec<Vec2> = (0..=n).map(|i| bezier(ctrl, i as f32 / n as f32)).collect();
            for w in points.windows(2) {
                let (lo, hi) = (cell_of(w[0].min(w[1])), cell_of(w[0].max(w[1])));
                for x in lo.0..=hi.0 {
                    for y in lo.1..=hi.1 {
                        near.cells.entry((x, y)).or_default().push((w[0], w[1]));
                    }
                }
            }
            near.samples.extend(points);
        }
        near
    }

    /// The distance from `p` to the nearest sampled segment: the grid's
    /// rings of cells around `p`, outward, until the best found is nearer
    /// than any cell not yet looked at.
    fn distance(&self, p: Vec2) -> f32 {
        let (cx, cy) = cell_of(p);
        let mut best = f32::INFINITY;
        for ring in 0..2_000 {
            for x in cx - ring..=cx + ring {
                for y in cy - ring..=cy + ring {
                    if (x - cx).abs() != ring && (y - cy).abs() != ring {
                        continue;
                    }
                    for (a, b) in self.cells.get(&(x, y)).into_iter().flatten() {
                        let ab = *b - *a;
                        let t = if ab.length_squared() > 0.0 {
                            ((p - *a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
                        } else {
                            0.0
                        };
                        best = best.min(p.distance(*a + ab * t));
                    }
                }
            }
            if best <= ring as f32 * CELL {
                break;
            }
        }
        best
    }
}

/// The farthest an imported curve strays from usvg's path, and usvg's path
/// from the curves, px.
fn against_usvg(curves: &[CurveDef], text: &str) -> (f32, f32) {
    let ours: Vec<Vec<Vec2>> = curves.iter().map(pts).collect();
    let theirs: Vec<Vec<Vec2>> = usvg_segments(text, SCALE)
        .into_iter()
        .filter(|ctrl| ctrl.iter().any(|p| *p != ctrl[0]))
        .collect();
    let (ours, theirs) = (Near::new(&ours), Near::new(&theirs));
    let far = |from: &Near, to: &Near| {
        from.samples
            .iter()
            .step_by(7)
            .map(|p| to.distance(*p))
            .fold(0.0f32, f32::max)
    };
    (far(&ours, &theirs), far(&theirs, &ours))
}

/// The `d` of every `<path>` in `text` (resvg's drawings are well-formed
/// XML, some with a DOCTYPE).
fn path_data(text: &str) -> Vec<String> {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..default()
    };
    let Ok(doc) = roxmltree::Document::parse_with_options(text, opts) else {
        return Vec::new();
    };
    doc.descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter_map(|n| n.attribute("d").map(str::to_string))
        .collect()
}

#[test]
fn every_structure_and_shapes_drawing_imports_and_runs() {
    let dir = temp_dir("resvg");
    let level = dir.join("room.level.ron");
    let mut all = Vec::new();
    drawings(&fixtures(), &mut all);
    let (mut imported, mut empty, mut warned, mut refused) = (0, 0, 0, 0);
    let (mut curves, mut moved, mut met) = (0, 0, 0);
    let (mut worst_plain, mut worst_arcs, mut worst_out) = (0.0f32, 0.0f32, 0.0f32);
    let mut arc_files = 0;
    for svg in &all {
        let name = svg.strip_prefix(fixtures()).unwrap().to_string_lossy();
        // The spawn is put where the drawing leaves room for it (on the
        // floor for a drawing that will be refused).
        let text = std::fs::read_to_string(svg).ok();
        let room = room(
            text.as_deref()
                .and_then(|t| import_svg(t, "", SvgOptions { scale: SCALE }).ok())
                .map_or(Vec2::new(400.0, 100.0), |got| spawn_over(&got.curves)),
        );
        std::fs::write(&level, &room).unwrap();
        let imported_as = import_svg_into(svg, &level, SvgOptions { scale: SCALE });
        let said = match imported_as {
            Ok(said) => said,
            Err(e) => {
                let (_, fix) = REFUSED
                    .iter()
                    .find(|(n, _)| *n == name)
                    .unwrap_or_else(|| panic!("{name} refused: {e}"));
                assert!(e.starts_with(&svg.display().to_string()), "{e}");
                assert!(e.contains(fix), "{name}: {e}");
                assert_eq!(std::fs::read_to_string(&level).unwrap(), room, "{name}");
                refused += 1;
                continue;
            }
        };
        assert!(!REFUSED.iter().any(|(n, _)| *n == name), "{name}: {said}");
        warned += said.contains("\nwarning: ") as usize;
        // The curves written are usvg's path.
        let written = std::fs::read_to_string(&level).unwrap();
        let file = tangent_level::Level::parse(&written, "room").unwrap().file;
        let drawing = text.expect("an imported drawing is text");
        let (on, covered) = against_usvg(&file.curves, &drawing);
        // usvg makes its own arcs into cubics within 0.1 units; ours are
        // within ARC_TOLERANCE of the true arc.
        if path_data(&drawing).iter().any(|d| has_arcs(d)) {
            worst_arcs = worst_arcs.max(on).max(covered);
            arc_files += 1;
        } else {
            worst_plain = worst_plain.max(on).max(covered);
        }
        curves += file.curves.len();
        imported += 1;
        empty += file.curves.is_empty() as usize;
        // Runs: two seconds holding left, falling onto the drawing, the player
        // always finite and inside the room.
        let mut app = headless_app(&level, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (start, _, _) = player(&mut app);
        let mut least_x = start.x;
        let mut stood = false;
        for _ in 0..8 {
            let left = PlayerInput {
                left: true,
                ..default()
            };
            hold(&mut app, left, 15);
            let (p, v, grounded) = player(&mut app);
            // On the room's floor the player's centre is at y = 46.
            stood |= grounded && p.y > 47.0;
            assert!(p.is_finite() && v.is_finite(), "{name}: {p} {v}");
            let out = (-p.x).max(p.x - 1920.0).max(-p.y).max(p.y - 960.0);
            worst_out = worst_out.max(out);
            least_x = least_x.min(p.x);
        }
        moved += (least_x < start.x) as usize;
        met += stood as usize;
    }
    println!(
        "{} drawings: {imported} imported and run ({curves} curves; {empty} with no path \
         to import; {warned} kept up to an error in their path data), {refused} refused \
         saying what to do; {met} players stood on the drawing, {moved} moved; curves \
         and usvg's path at most {worst_plain:.2e} px apart ({worst_arcs:.2e} px in the \
         {arc_files} drawings with arcs in their path data); at most {worst_out:.1} px outside the room",
        all.len()
    );
    assert_eq!(all.len(), 394);
    assert_eq!(refused, REFUSED.len());
    assert_eq!(imported + refused, all.len());
    assert!(curves >= 3000, "{curves} curves");
    // resvg's drawings of path data with an error part-way (kept up to the
    // error, as its reference renderings show) and of no path at all.
    assert_eq!((warned, empty), (8, 4));
    assert_eq!(moved, imported, "every player ran");
    // Measured 382: the others have no curves, or none under the spawn.
    assert!(met >= 370, "{met} stood on the drawing");
    assert!(worst_out <= 0.0, "{worst_out}");
    assert!(worst_plain < 1e-3, "{worst_plain}");
    assert!(worst_arcs < (0.1 + 1e-3) * SCALE, "{worst_arcs}");
}
