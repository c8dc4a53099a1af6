//! SVG import against independent oracles: usvg's own reading of the same
//! drawing (every path command, relative and absolute, nested transforms),
//! sampled densely, for the pieces that are not arcs; the closed-form
//! circle and ellipse for arcs; materials by id and colour; the pieces load
//! as a level; bad files give errors that name them, never a panic.

use bevy::math::Vec2;
use tangent_level::format::{CurveDef, CurveFill};
use tangent_level::svg::{SvgOptions, import_svg};

/// Every path command, absolute and relative, in groups with nested
/// transforms (no arcs: those are checked against closed forms below).
const COMMANDS: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">
  <g transform="translate(10 20)">
    <path id="a" d="M10 10 L60 10 H90 V40 L120 60 Z" fill="none" stroke="black"/>
    <g transform="rotate(15 100 100) scale(1.5 0.75)">
      <path id="b" d="m20 120 l30 -10 h20 v15 c10 0 20 10 30 30 s20 10 30 0 q10 -20 20 0 t20 0 t15 5 z" fill="none" stroke="black"/>
      <path id="c" d="M200 50 C220 10 260 10 280 50 S330 90 350 50 Q360 30 370 50 T390 50" fill="none" stroke="black"/>
    </g>
    <path id="d" transform="matrix(0.8 0.3 -0.2 1.1 5 -7)" d="M30 200 Q60 150 90 200 T150 200 L150 240 h-120 z" fill="green"/>
  </g>
  <rect x="300" y="200" width="60" height="40" fill="brown"/>
  <polyline points="10,290 40,270 70,290" fill="none" stroke="black"/>
</svg>"#;

pub(crate) fn bezier(points: &[Vec2], t: f32) -> Vec2 {
    // de Casteljau
    let mut p = points.to_vec();
    while p.len() > 1 {
        p = p.windows(2).map(|w| w[0].lerp(w[1], t)).collect();
    }
    p[0]
}

pub(crate) fn pts(c: &CurveDef) -> Vec<Vec2> {
    c.points.iter().map(|p| Vec2::new(p.0, p.1)).collect()
}

/// usvg's own reading of `text`: every segment of every path as its
/// control points (a line's two ends; `Z` a line back to the subpath's
/// start), mapped through its path's transform, flipped and scaled.
pub(crate) fn usvg_segments(text: &str, scale: f32) -> Vec<Vec<Vec2>> {
    use usvg::tiny_skia_path::PathSegment;
    let tree = usvg::Tree::from_str(text, &usvg::Options::default()).unwrap();
    let h = tree.size().height();
    let mut out = Vec::new();
    fn paths<'a>(g: &'a usvg::Group, out: &mut Vec<&'a usvg::Path>) {
        for n in g.children() {
            match n {
                usvg::Node::Group(g) => paths(g, out),
                usvg::Node::Path(p) => out.push(p),
                _ => {}
            }
        }
    }
    let mut all = Vec::new();
    paths(tree.root(), &mut all);
    for path in all {
        let t = path.abs_transform();
        let m = |p: usvg::tiny_skia_path::Point| {
            let mut q = p;
            t.map_point(&mut q);
            Vec2::new(q.x * scale, (h - q.y) * scale)
        };
        let (mut cur, mut start) = (Vec2::ZERO, Vec2::ZERO);
        for seg in path.data().segments() {
            let ctrl: Vec<Vec2> = match seg {
                PathSegment::MoveTo(p) => {
                    cur = m(p);
                    start = cur;
                    continue;
                }
                PathSegment::LineTo(p) => vec![cur, m(p)],
                PathSegment::QuadTo(c, p) => vec![cur, m(c), m(p)],
                PathSegment::CubicTo(a, b, p) => vec![cur, m(a), m(b), m(p)],
                PathSegment::Close => vec![cur, start],
            };
            cur = *ctrl.last().unwrap();
            out.push(ctrl);
        }
    }
    out
}

/// usvg's own reading of `text` sampled densely: one polyline of 2 001
/// points per segment.
fn usvg_polylines(text: &str, scale: f32) -> Vec<Vec<Vec2>> {
    usvg_segments(text, scale)
        .iter()
        .map(|ctrl| {
            (0..=2000)
                .map(|i| bezier(ctrl, i as f32 / 2000.0))
                .collect()
        })
        .collect()
}

fn distance_to(lines: &[Vec<Vec2>], p: Vec2) -> f32 {
    let mut best = f32::INFINITY;
    for line in lines {
        for w in line.windows(2) {
            let (a, b) = (w[0], w[1]);
            let ab = b - a;
            let t = if ab.length_squared() > 0.0 {
                ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            best = best.min(p.distance(a + ab * t));
        }
    }
    best
}

#[test]
fn every_command_imports_onto_usvgs_own_path() {
    for scale in [0.5f32, 1.0, 3.0] {
        let got = import_svg(COMMANDS, "commands.svg", SvgOptions { scale }).unwrap();
        assert_eq!(got.paths, 6);
        assert!(got.curves.len() >= 25, "{} pieces", got.curves.len());
        let oracle = usvg_polylines(COMMANDS, scale);
        let mut worst = 0.0f32;
        let mut samples = 0;
        for c in &got.curves {
            assert!(c.points.len() == 3 || c.points.len() == 4);
            for i in 0..=64 {
                let p = bezier(&pts(c), i as f32 / 64.0);
                worst = worst.max(distance_to(&oracle, p));
                samples += 1;
            }
        }
        // And the other way: usvg's path is covered by the pieces.
        let ours: Vec<Vec<Vec2>> = got
            .curves
            .iter()
            .map(|c| {
                (0..=400)
                    .map(|i| bezier(&pts(c), i as f32 / 400.0))
                    .collect()
            })
            .collect();
        let mut back = 0.0f32;
        for line in &oracle {
            for p in line.iter().step_by(97) {
                back = back.max(distance_to(&ours, *p));
            }
        }
        println!(
            "scale {scale}: {} pieces, {samples} samples, worst {worst:.2e} px, back {back:.2e} px",
            got.curves.len()
        );
        assert!(worst < 1e-3 * scale.max(1.0), "{worst}");
        assert!(back < 1e-3 * scale.max(1.0), "{back}");
    }
}

#[test]
fn arcs_lie_on_their_circle_or_ellipse_within_the_bound() {
    // Circle arcs of radius 50 around (150, 150), every flag combination,
    // absolute and relative, under a similarity transform (rotate, uniform
    // scale 1.7, translate); then an ellipse's upper half.
    let mut checked = 0;
    let mut worst = 0.0f64;
    for (large, sweep) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        for rel in [false, true] {
            let d = if rel {
                format!("M100 150 a50 50 0 {large} {sweep} 50 -50")
            } else {
                format!("M100 150 A50 50 0 {large} {sweep} 150 100")
            };
            let svg = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><g transform="translate(20 10) rotate(30 200 200) scale(1.7)"><path d="{d}" fill="none" stroke="black"/></g></svg>"#
            );
            let got = import_svg(&svg, "arc.svg", SvgOptions { scale: 2.0 }).unwrap();
            // Two circles of radius 50 pass through both ends, centred on
            // (100, 100) and (150, 150); the flags pick one. Every sample of
            // the path must lie on one of them (the same one throughout).
            let r = 50.0 * 1.7 * 2.0;
            let a = 30f64.to_radians();
            let to_level = |(x, y): (f64, f64)| {
                let (x, y) = (x * 1.7, y * 1.7);
                let (x, y) = (
                    200.0 + (x - 200.0) * a.cos() - (y - 200.0) * a.sin() + 20.0,
                    200.0 + (x - 200.0) * a.sin() + (y - 200.0) * a.cos() + 10.0,
                );
                (x * 2.0, (400.0 - y) * 2.0)
            };
            let mut best = f64::INFINITY;
            for centre in [(100.0, 100.0), (150.0, 150.0)] {
                let c = to_level(centre);
                let mut w = 0.0f64;
                for piece in &got.curves {
                    for i in 0..=100 {
                        let p = bezier(&pts(piece), i as f32 / 100.0);
                        w = w.max(((p.x as f64 - c.0).hypot(p.y as f64 - c.1) - r).abs());
                    }
                }
                best = best.min(w);
            }
            checked += 101 * got.curves.len();
            worst = worst.max(best);
            // The ends are the path's ends.
            let first = got.curves.first().unwrap().points[0];
            let last = *got.curves.last().unwrap().points.last().unwrap();
            let (e0, e1) = (to_level((100.0, 150.0)), to_level((150.0, 100.0)));
            assert!((first.0 as f64 - e0.0).hypot(first.1 as f64 - e0.1) < 1e-3);
            assert!((last.0 as f64 - e1.0).hypot(last.1 as f64 - e1.1) < 1e-3);
            // A large arc is the longer way round: more pieces.
            if large == 1 {
                assert!(got.curves.len() >= 2);
            }
        }
    }
    // An ellipse: upper half from (50, 200) to (350, 200), radii 150 × 60.
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><path d="M50 200 A150 60 0 0 1 350 200" fill="none" stroke="black"/></svg>"#;
    let got = import_svg(svg, "ellipse.svg", SvgOptions::default()).unwrap();
    for piece in &got.curves {
        for i in 0..=100 {
            let p = bezier(&pts(piece), i as f32 / 100.0);
            let (x, y) = ((p.x as f64 - 200.0) / 150.0, (p.y as f64 - 200.0) / 60.0);
            // Radial error, scaled by the larger radius: an upper bound on
            // the distance to the ellipse.
            worst = worst.max((x.hypot(y) - 1.0).abs() * 150.0);
            assert!(p.y >= 199.99, "the upper half (y up): {p}");
            checked += 1;
        }
    }
    println!("{checked} arc samples, worst {worst:.2e} px from the true arc");
    assert!(worst < 0.01, "{worst}");
}

#[test]
fn materials_come_from_ids_and_colours() {
    let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
      <path id="thorny-hazard" d="M0 10 L10 10" fill="none" stroke="black"/>
      <path d="M0 20 L10 20" fill="none" stroke="#f00"/>
      <g id="platforms-oneway"><path d="M0 30 L10 30" fill="none" stroke="black"/></g>
      <path d="M0 40 L10 40" fill="none" stroke="#0000ff"/>
      <path id="bouncy1" d="M0 50 L10 50" fill="none" stroke="black"/>
      <path d="M0 60 L10 60" fill="none" stroke="magenta"/>
      <path id="dead-end" d="M0 70 L10 70" fill="none" stroke="black"/>
      <path d="M0 80 L10 80 L10 90 Z" fill="green"/>
      <path id="ground" d="M20 95 L40 95 L60 90"/>
    </svg>"##;
    let got = import_svg(svg, "m.svg", SvgOptions::default()).unwrap();
    let c = &got.curves;
    assert_eq!(c.len(), 12);
    assert!(c[0].hazard && c[1].hazard && !c[2].hazard);
    assert!(c[2].one_way && c[3].one_way && !c[4].one_way);
    assert_eq!(
        (c[4].restitution, c[5].restitution, c[6].restitution),
        (0.95, 0.95, 0.0)
    );
    assert!(c[..7].iter().all(|c| c.fill == CurveFill::Line));
    // A filled path that closes is an outline filled inside; an open one
    // (filled by its id) is ground.
    assert!(c[7..10].iter().all(|c| c.fill == CurveFill::Closed));
    assert!(c[10..].iter().all(|c| c.fill == CurveFill::Below));
    // y flipped: the first path at SVG y = 10 is 90 px up.
    assert_eq!(c[0].points[0], (0.0, 90.0));
}

#[test]
fn imported_pieces_load_as_a_level() {
    let got = import_svg(COMMANDS, "commands.svg", SvgOptions { scale: 1.0 }).unwrap();
    let curves: Vec<String> = got
        .curves
        .iter()
        .map(|c| {
            let p: Vec<String> = c
                .points
                .iter()
                .map(|p| format!("({}, {})", p.0, p.1))
                .collect();
            format!("(points: [{}], fill: Line)", p.join(", "))
        })
        .collect();
    let text = format!(
        "(name: \"svg\", tile_size: 32, legend: {{'.': Empty}}, tiles: [{}], curves: [{}], spawn: (16, 320), goal: (position: (380, 320), size: (32, 64)))",
        vec![format!("\"{}\"", ".".repeat(14)); 12].join(", "),
        curves.join(", ")
    );
    let level = tangent_level::validate::Level::parse(&text, "svg.level.ron").unwrap();
    assert_eq!(level.curves().len(), got.curves.len());
}

#[test]
fn bad_files_give_errors_that_name_them() {
    let cases = [
        ("not xml", "this is not <svg"),
        ("not svg", "<html><body/></html>"),
        ("empty", ""),
    ];
    for (what, text) in cases {
        let e = import_svg(text, "drawing.svg", SvgOptions::default()).unwrap_err();
        assert!(e.starts_with("drawing.svg"), "{what}: {e}");
        println!("{what}: {e}");
    }
    let e = import_svg(COMMANDS, "x.svg", SvgOptions { scale: f32::NAN }).unwrap_err();
    assert!(e.contains("scale"), "{e}");
}

/// Path data with an error part-way keeps the path up to the error, as the
/// SVG spec and drawing programs do, with a warning naming file:line:col;
/// a drawing of more segments than a level holds curves is refused before
/// it is read whole, at the path where the count ran over.
#[test]
fn a_path_with_an_error_is_kept_up_to_it_and_too_many_segments_are_refused_early() {
    let svg = |d: &str| {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\n\n<path d=\"{d}\"/></svg>"
        )
    };
    let got = import_svg(
        &svg("M0 0 L50 0 L50 50 L0 x50 L0 0"),
        "drawing.svg",
        SvgOptions::default(),
    )
    .unwrap();
    assert_eq!(got.curves.len(), 2, "{:?}", got.curves);
    assert_eq!(got.warnings.len(), 1);
    assert!(
        got.warnings[0].starts_with("drawing.svg:3:1: <path>: path data:"),
        "{:?}",
        got.warnings
    );
    // An arc cut short: the move before it is all there is.
    let got = import_svg(
        &svg("M0 0 A5 5 0 0 1"),
        "drawing.svg",
        SvgOptions::default(),
    )
    .unwrap();
    assert!(got.curves.is_empty() && got.warnings.len() == 1, "{got:?}");
    // Good data: no warning.
    let got = import_svg(&svg("M0 0 L50 0"), "drawing.svg", SvgOptions::default()).unwrap();
    assert!(got.warnings.is_empty());
    // 10 001 segments in one path: refused at that path.
    let many: String = (0..10_001)
        .map(|k| format!(" L{} {}", k % 100, k / 100))
        .collect();
    let e = import_svg(
        &svg(&format!("M0 0{many}")),
        "drawing.svg",
        SvgOptions::default(),
    )
    .unwrap_err();
    assert!(
        e.starts_with("drawing.svg:3:1: more than 10000 path segments"),
        "{e}"
    );
}

/// A temporary folder with the flat test level naming `drawing.svg`
/// (written with `svg_text`), returning the level's path and text.
fn level_with_drawing(tag: &str, svg_text: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("tangent-svg-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let flat = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/levels/flat.level.ron"
    ))
    .unwrap();
    let text = flat.replace(
        "    curves: [],",
        "    curves: [(points: [(400, 32), (480, 90), (560, 32)])],\n    svg: Some(\"drawing.svg\"),\n    svg_scale: 2,",
    );
    assert_ne!(text, flat);
    let path = dir.join("drawn.level.ron");
    std::fs::write(&path, &text).unwrap();
    std::fs::write(dir.join("drawing.svg"), svg_text).unwrap();
    (path, text)
}

const DRAWING: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="640" height="192">
  <path id="hill" d="M400 176 Q450 120 500 176" fill="green"/>
  <path d="M100 100 L200 100" fill="none" stroke="#f00"/>
</svg>"##;

#[test]
fn a_level_names_a_drawing_whose_paths_are_more_curves() {
    use tangent::level::play::load_level_file;
    let (path, text) = level_with_drawing("field", DRAWING);
    let level = load_level_file(&path).unwrap();
    assert_eq!(level.file.curves.len(), 1, "the file's own curves");
    assert_eq!(level.curves().len(), 3, "and the drawing's two");
    assert_eq!(level.curve_defs.len(), 3);
    // Scaled by 2 and flipped: SVG (100, 100) in a 192 high drawing is
    // (200, 184); the red line is a hazard.
    assert_eq!(level.curve_defs[2].points[0], (200.0, 184.0));
    assert!(level.curve_defs[2].hazard && !level.curve_defs[1].hazard);
    // The editor saves the file's curves only, and keeps the `svg` field.
    let mut edited = level.file.clone();
    edited.curves[0].points[1] = (480.0, 100.0);
    let written = tangent_level::files::save::write_over(&text, &level.file, &edited);
    assert!(written.contains("svg: Some(\"drawing.svg\")"));
    assert!(!written.contains("184"), "{written}");
    // A bad drawing is an error at the `svg` line naming the drawing.
    std::fs::write(path.with_file_name("drawing.svg"), "<svg").unwrap();
    let e = load_level_file(&path).unwrap_err();
    let line = 1 + text.lines().position(|l| l.contains("svg: Some")).unwrap();
    assert!(e.contains(&format!("drawn.level.ron:{line}:")), "{e}");
    assert!(e.contains("drawing.svg"), "{e}");
    std::fs::remove_file(path.with_file_name("drawing.svg")).unwrap();
    let e = load_level_file(&path).unwrap_err();
    assert!(
        e.contains("cannot read") && e.contains("drawing.svg"),
        "{e}"
    );
    // A folder, or a device that never ends, is refused, not read.
    std::fs::create_dir_all(path.with_file_name("drawing.svg")).unwrap();
    let e = load_level_file(&path).unwrap_err();
    assert!(e.contains("is not a file"), "{e}");
    let dev = text.replace("Some(\"drawing.svg\")", "Some(\"/dev/zero\")");
    std::fs::write(&path, dev).unwrap();
    let e = load_level_file(&path).unwrap_err();
    assert!(e.contains("/dev/zero is not a file"), "{e}");
}

#[test]
fn changing_the_drawing_reloads_the_level() {
    use bevy::prelude::*;
    use tangent::level::CurrentLevel;
    use tangent::level::LevelWatchPlugin;
    use tangent::level::watch::LevelWatch;
    let (path, _) = level_with_drawing("live", DRAWING);
    let mut app = tangent::sim::headless::headless_app(&path, None).unwrap();
    app.add_plugins(LevelWatchPlugin);
    for _ in 0..20 {
        app.update();
    }
    let curves = |app: &App| app.world().resource::<CurrentLevel>().level.curves().len();
    assert_eq!(curves(&app), 3);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let more = DRAWING.replace(
        "</svg>",
        "<path d=\"M300 50 C320 30 340 30 360 50\" fill=\"none\" stroke=\"black\"/></svg>",
    );
    std::fs::write(path.with_file_name("drawing.svg"), more).unwrap();
    let mut updates = 0;
    while curves(&app) == 3 {
        app.update();
        if app.world().resource::<LevelWatch>().is_loading() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        updates += 1;
        assert!(updates < 2000, "the drawing's change was not picked up");
    }
    assert_eq!(curves(&app), 4);
}

#[test]
fn a_closed_outline_is_ground_inside_for_spawns() {
    let flat = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/levels/flat.level.ron"
    ))
    .unwrap();
    // An island: a cubic top and a straight bottom, closed, over the spawn.
    let island = "    curves: [\n        (points: [(100, 180), (150, 260), (250, 260), (300, 180)], fill: Closed),\n        (points: [(300, 180), (200, 180), (100, 180)], fill: Closed),\n    ],";
    let inside = flat.replace("    curves: [],", island);
    let e = tangent_level::validate::Level::parse(&inside, "island.level.ron").unwrap_err();
    assert!(
        e.to_string().contains("inside the ground of curve 1"),
        "{e}"
    );
    // Open it (the bottom as a line): the spawn is free.
    let open = inside.replacen(
        "(200, 180), (100, 180)], fill: Closed",
        "(200, 180), (100, 180)], fill: Line",
        1,
    );
    tangent_level::validate::Level::parse(&open, "island.level.ron").unwrap();
}
