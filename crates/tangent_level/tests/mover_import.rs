//! Movers from the tools artists use: an SVG element marked `mover` (its
//! paths the curves it carries, its `data-*` attributes its motion) and a
//! Tiled object layer of class `mover` (its lines, a rectangle over tiles,
//! a pivot point, the layer's properties). Oracles: points worked out by
//! hand (the y flip), motions built as Rust values (not read through the
//! same parser), and 600 random motions written as attributes and as Tiled
//! properties coming back equal to the values they were written from.

use std::path::PathBuf;

use tangent_level::Level;
use tangent_level::format::mover::{
    CellRect, Easing, MoverDef, Repeat, Swing, Trigger, WhenBlocked,
};
use tangent_level::format::starter::starter_level;
use tangent_level::import::tiled::read_tmx;
use tangent_level::import::{import_svg_into, with_map};
use tangent_level::svg::{SvgOptions, import_svg};

mod common;
use common::Rng;

/// A fresh folder under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "tangent-mover-import-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A 400 × 300 drawing of `body`.
fn svg(body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\">\n{body}\n</svg>\n"
    )
}

#[test]
fn a_marked_group_is_a_mover_carrying_its_paths_with_its_motion() {
    let text = svg(r#"<path d="M0 280 L400 280"/>
<g class="platform mover" data-path="[(0, 120)]" data-speed="150" data-trigger="stood on" data-returns="true">
  <path d="M100 200 Q150 150 200 200"/>
  <path d="M100 200 L200 200"/>
</g>
<path id="paddle-mover" d="M300 100 C310 90 330 90 340 100" data-spin="-90" data-pivot="(320, 200)"/>"#);
    let got = import_svg(&text, "d.svg", SvgOptions { scale: 2.0 }).unwrap();
    // The plain path stays a curve of the level: y' = (300 - y) * 2.
    assert_eq!(got.curves.len(), 1);
    assert_eq!(
        got.curves[0].points,
        vec![(0.0, 40.0), (400.0, 40.0), (800.0, 40.0)]
    );
    assert_eq!(got.movers.len(), 2);
    let lift = &got.movers[0];
    assert_eq!(lift.curves.len(), 2);
    assert_eq!(
        lift.curves[0].points,
        vec![(200.0, 200.0), (300.0, 300.0), (400.0, 200.0)]
    );
    assert_eq!(lift.curves[1].points[1], (300.0, 200.0));
    let expected = MoverDef {
        curves: lift.curves.clone(),
        path: vec![(0.0, 120.0)],
        speed: 150.0,
        trigger: Trigger::StoodOn,
        returns: true,
        ..MoverDef::default()
    };
    assert_eq!(lift, &expected);
    let paddle = &got.movers[1];
    assert_eq!(paddle.curves.len(), 1);
    assert_eq!(paddle.curves[0].points[3], (680.0, 400.0));
    assert_eq!((paddle.spin, paddle.pivot), (-90.0, Some((320.0, 200.0))));
    // Four paths were read.
    assert_eq!(got.paths, 4);
}

#[test]
fn bad_mover_markup_is_an_error_at_the_element() {
    let cases: [(&str, &str, &[&str]); 5] = [
        (
            "bad value",
            r#"<g class="mover" data-speed="fast"><path d="M0 0 L9 9"/></g>"#,
            &["m.svg:2:1: <g>: `data-speed` is `fast`", "e.g. `200`"],
        ),
        (
            "unknown attribute",
            r#"<g class="mover" data-speeed="20"><path d="M0 0 L9 9"/></g>"#,
            &["m.svg:2:1: <g> has `data-speeed`", "data-speed"],
        ),
        (
            "a mover inside a mover",
            r#"<g id="outer-mover" data-spin="10"><path id="inner-mover" d="M0 0 L9 9"/></g>"#,
            &["m.svg:2:36: <path> is a mover inside a mover"],
        ),
        (
            "nothing drawn",
            r#"<g class="mover" data-spin="10"></g>"#,
            &["m.svg: the mover `tangent-mover-1` has no path"],
        ),
        (
            "a bad trigger",
            r#"<path class="mover" d="M0 0 L9 9" data-trigger="Crumble(soon)"/>"#,
            &["`data-trigger` is `Crumble(soon)`", "`Crumble(0.5)`"],
        ),
    ];
    for (what, body, wants) in cases {
        let e = import_svg(&svg(body), "m.svg", SvgOptions::default()).unwrap_err();
        for want in wants {
            assert!(e.contains(want), "{what}: {e:?} lacks {want:?}");
        }
    }
}

/// The starter level (40 × 14 tiles of 32 px) with `svg: Some("d.svg")`
/// and `movers`, written with the drawing into a fresh folder.
fn level_with_drawing(dir: &str, drawing: &str, movers: &str) -> (PathBuf, String) {
    let d = temp_dir(dir);
    std::fs::write(d.join("d.svg"), drawing).unwrap();
    let text = starter_level("Drawn movers").replace(
        "    goal:",
        &format!("    svg: Some(\"d.svg\"),\n    movers: [{movers}],\n    goal:"),
    );
    let path = d.join("l.level.ron");
    std::fs::write(&path, &text).unwrap();
    (path, text)
}

#[test]
fn a_levels_drawing_adds_its_movers_after_the_files_own() {
    // The starter room is 448 px high: a 448-high drawing maps 1:1.
    let drawing = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="448">
<path class="mover" d="M600 200 Q650 150 700 200" data-path="[(0, -64)]" data-leg-time="2" data-easing="linear"/>
</svg>"#;
    let own = "(curves: [(points: [(800, 300), (850, 320), (900, 300)])], spin: 45)";
    let (path, text) = level_with_drawing("adds", drawing, own);
    let level = Level::parse(&text, &path.display().to_string()).unwrap();
    // The file keeps its own mover (what is saved back); the level plays both.
    assert_eq!(level.file.movers.len(), 1);
    assert_eq!(level.mover_defs.len(), 2);
    assert_eq!(level.movers.len(), 2);
    assert_eq!(level.terrain.mover_count(), 2);
    let drawn = &level.mover_defs[1];
    assert_eq!(
        (drawn.leg_time, drawn.easing, drawn.path.clone()),
        (2.0, Easing::Linear, vec![(0.0, -64.0)])
    );
    // Its pivot: the middle of its curve's box (control points (600, 248),
    // (650, 298), (700, 248): y flipped, 448 - y).
    assert_eq!(
        level.movers[1].pivot,
        tangent_collision::prelude::Vec2::new(650.0, 273.0)
    );
}

#[test]
fn a_drawn_movers_problem_is_named_at_the_svg_line() {
    // Carried, but not moving: a mover with no motion.
    let drawing = svg(r#"<path class="mover" d="M100 100 L200 100"/>"#);
    let (path, text) = level_with_drawing("still", &drawing, "");
    let e = Level::parse(&text, &path.display().to_string())
        .unwrap_err()
        .to_string();
    let svg_line = text.lines().position(|l| l.contains("svg: Some")).unwrap() + 1;
    assert!(
        e.contains(&format!("l.level.ron:{svg_line}: svg: mover 1"))
            && e.contains("(the drawing's mover 1)"),
        "{e}"
    );
    // A bad attribute names the drawing's own line and column.
    let drawing = svg(r#"<path class="mover" d="M100 100 L200 100" data-wait="-"/>"#);
    let (path, text) = level_with_drawing("bad", &drawing, "");
    let e = Level::parse(&text, &path.display().to_string())
        .unwrap_err()
        .to_string();
    assert!(e.contains("d.svg:2:1: <path>: `data-wait` is `-`"), "{e}");
}

#[test]
fn import_svg_replaces_the_curve_movers_and_keeps_the_tile_movers() {
    let d = temp_dir("into");
    let level = d.join("l.level.ron");
    // The starter room with a block of three tiles at row 5 carried by a
    // mover, and a curve mover that the drawing's replaces.
    let mut lines: Vec<String> = starter_level("Into").lines().map(String::from).collect();
    let first = lines.iter().position(|l| l.contains("tiles: [")).unwrap() + 1;
    lines[first + 8] = format!("        \"#{}###{}#\",", ".".repeat(19), ".".repeat(16));
    let text = lines.join("\n").replace(
        "    goal:",
        "    movers: [\n        (tiles: Some((x: 20, y: 5, width: 3)), path: [(0, 64)], speed: 80),\n        (curves: [(points: [(800, 300), (850, 320), (900, 300)])], spin: 45),\n    ],\n    goal:",
    );
    std::fs::write(&level, &text).unwrap();
    let drawing = d.join("d.svg");
    std::fs::write(
        &drawing,
        svg(r#"<path d="M0 20 L400 20" fill="none"/><path class="mover" d="M100 100 L200 100" data-spin="30"/>"#),
    )
    .unwrap();
    let said = import_svg_into(&drawing, &level, SvgOptions::default()).unwrap();
    assert!(
        said.contains("2 paths as 1 curves, 1 movers and 0 crystals"),
        "{said}"
    );
    let back = std::fs::read_to_string(&level).unwrap();
    let f = Level::parse(&back, "l").unwrap().file;
    assert_eq!(f.movers.len(), 2);
    assert_eq!(
        f.movers[0].tiles,
        Some(CellRect {
            x: 20,
            y: 5,
            width: 3,
            height: 1
        })
    );
    assert_eq!(f.movers[1].spin, 30.0);
    assert_eq!(f.movers[1].curves[0].points[0], (100.0, 200.0));
}

/// A Tiled map, 10 × 6 tiles of 32 px, walls round it and a 3-tile block
/// at columns 4–6 of the fourth row from the top; `layers` are the object
/// layers.
fn tmx(layers: &str) -> String {
    let rows = [
        "1,1,1,1,1,1,1,1,1,1",
        "1,0,0,0,0,0,0,0,0,1",
        "1,0,0,0,0,0,0,0,0,1",
        "1,0,0,0,1,1,1,0,0,1",
        "1,0,0,0,0,0,0,0,0,1",
        "1,1,1,1,1,1,1,1,1,1",
    ];
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="10" height="6" tilewidth="32" tileheight="32" infinite="0" nextlayerid="9" nextobjectid="20">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="1" columns="1">
  <image source="t.png" width="32" height="32"/>
 </tileset>
 <layer id="1" name="ground" width="10" height="6">
  <data encoding="csv">
{}
</data>
 </layer>
 <objectgroup id="2" name="things">
  <object id="1" class="spawn" x="48" y="120"><point/></object>
  <object id="2" class="goal" x="256" y="96" width="32" height="64"/>
 </objectgroup>
{layers}
</map>
"#,
        rows.join(",\n")
    )
}

fn read_map(name: &str, text: &str) -> Result<tangent_level::import::map_parts::MapParts, String> {
    let d = temp_dir(name);
    let p = d.join("m.tmx");
    std::fs::write(&p, text).unwrap();
    read_tmx(&p)
}

#[test]
fn a_tiled_mover_layer_is_a_mover() {
    let map = read_map(
        "tiled",
        &tmx(r#" <objectgroup id="3" name="lift" class="mover">
  <properties>
   <property name="path" value="[(0, 32)]"/>
   <property name="speed" type="float" value="40"/>
   <property name="trigger" value="StoodOn"/>
   <property name="returns" type="bool" value="true"/>
   <property name="colour" value="red"/>
  </properties>
  <object id="10" x="127" y="97" width="98" height="30"/>
  <object id="11" class="pivot" x="160" y="112"><point/></object>
 </objectgroup>
 <objectgroup id="4" name="Paddle Mover">
  <properties><property name="spin" type="int" value="90"/></properties>
  <object id="12" x="200" y="60"><polyline points="0,0 40,0"/></object>
  <object id="13" class="crate" x="100" y="40" width="16" height="16"/>
 </objectgroup>"#),
    )
    .unwrap();
    let o = &map.objects;
    assert_eq!(o.movers.len(), 2);
    let lift = &o.movers[0];
    // The rectangle covers, to the nearest cell edges, x 128..224 and map
    // y 96..128: columns 4–6, row 2 from the bottom (192 - 128 = 64 px up).
    assert_eq!(
        lift.tiles,
        Some(CellRect {
            x: 4,
            y: 2,
            width: 3,
            height: 1
        })
    );
    assert_eq!(lift.pivot, Some((160.0, 192.0 - 112.0)));
    assert_eq!(
        (lift.path.clone(), lift.speed, lift.trigger, lift.returns),
        (vec![(0.0, 32.0)], 40.0, Trigger::StoodOn, true)
    );
    assert!(
        o.ignored.iter().any(|l| l.contains("`colour`")),
        "{:?}",
        o.ignored
    );
    let paddle = &o.movers[1];
    assert_eq!(paddle.spin, 90.0);
    // y = 192 - 60 = 132; a straight piece has its middle point.
    assert_eq!(
        paddle.curves[0].points,
        vec![(200.0, 132.0), (220.0, 132.0), (240.0, 132.0)]
    );
    // The crate in the mover layer is an actor as anywhere.
    assert_eq!(o.actors.len(), 1);
    // Into a level: the block leaves the fixed tiles and moves.
    let starter = Level::parse(&starter_level("x"), "x").unwrap().file;
    let f = with_map(&starter, &map);
    let text = tangent_level::files::save::write_over(&starter_level("x"), &starter, &f);
    let level = Level::parse(&text, "x.level.ron").unwrap();
    assert_eq!(level.terrain.mover_count(), 2);
    assert_eq!(level.movers[0].cells.len(), 3);
    for x in 4..7 {
        assert_eq!(
            level.grid.get(x, 2),
            tangent_collision::prelude::TileKind::Empty
        );
    }
}

#[test]
fn bad_tiled_movers_are_errors_at_their_line() {
    let cases: [(&str, &str, &str); 4] = [
        (
            "bad property",
            r#" <objectgroup id="3" class="mover">
  <properties><property name="repeat" value="twice"/></properties>
  <object id="10" x="128" y="96" width="96" height="32"/>
 </objectgroup>"#,
            "m.tmx:20: mover layer ``: `repeat` is `twice`",
        ),
        (
            "nothing carried",
            r#" <objectgroup id="3" class="mover">
  <properties><property name="spin" value="10"/></properties>
  <object id="10" class="pivot" x="128" y="96"><point/></object>
 </objectgroup>"#,
            "m.tmx:20: mover layer `` carries nothing",
        ),
        (
            "a sliver of a rectangle",
            r#" <objectgroup id="3" class="mover">
  <properties><property name="spin" value="10"/></properties>
  <object id="10" x="128" y="96" width="10" height="32"/>
 </objectgroup>"#,
            "m.tmx:22: object 10 ``: a rectangle of 10 x 32 px",
        ),
        (
            "two blocks",
            r#" <objectgroup id="3" class="mover">
  <properties><property name="spin" value="10"/></properties>
  <object id="10" x="128" y="96" width="32" height="32"/>
  <object id="11" x="192" y="96" width="32" height="32"/>
 </objectgroup>"#,
            "m.tmx:23: object 11 ``: a second rectangle of tiles",
        ),
    ];
    for (what, layer, want) in cases {
        let e = read_map("bad", &tmx(layer)).unwrap_err();
        assert!(e.contains(want), "{what}: {e:?} lacks {want:?}");
    }
}

/// A random motion (every field drawn, some left at their default) and
/// its fields written as a tool would: `(name, value)` with names in
/// attribute or property spelling and words in varied case.
fn random_motion(rng: &mut Rng) -> (MoverDef, Vec<(String, String)>) {
    let mut m = MoverDef::default();
    let mut props = Vec::new();
    let mut say = |name: &str, value: String| props.push((name.to_string(), value));
    if rng.unit() < 0.7 {
        let n = 1 + (rng.next() % 4) as usize;
        m.path = (0..n)
            .map(|_| {
                (
                    rng.range(-5000.0, 5000.0).round(),
                    rng.range(-5000.0, 5000.0) / 8.0,
                )
            })
            .collect();
        let list: Vec<String> = m.path.iter().map(|(x, y)| format!("({x}, {y})")).collect();
        say("path", format!("[{}]", list.join(", ")));
    }
    if rng.unit() < 0.5 {
        m.speed = rng.range(0.0, 2000.0);
        say("speed", m.speed.to_string());
    } else if rng.unit() < 0.5 {
        m.leg_time = rng.range(0.1, 30.0);
        say(
            rng.pick(&["leg-time", "leg_time", "LegTime"]),
            m.leg_time.to_string(),
        );
    }
    if rng.unit() < 0.5 {
        m.easing = rng.pick(&[Easing::Linear, Easing::Smooth]);
        let w = format!("{:?}", m.easing);
        say(
            "easing",
            if rng.unit() < 0.5 {
                w.to_lowercase()
            } else {
                w
            },
        );
    }
    if rng.unit() < 0.5 {
        m.repeat = rng.pick(&[Repeat::PingPong, Repeat::Loop, Repeat::Once]);
        let w = match m.repeat {
            Repeat::PingPong => rng.pick(&["ping pong", "ping-pong", "PingPong"]),
            Repeat::Loop => "loop",
            Repeat::Once => "ONCE",
        };
        say("repeat", w.to_string());
    }
    if rng.unit() < 0.5 {
        m.wait = rng.range(0.0, 10.0);
        say("wait", m.wait.to_string());
    }
    if rng.unit() < 0.5 {
        m.spin = rng.range(-1080.0, 1080.0);
        say("spin", m.spin.to_string());
    }
    if rng.unit() < 0.3 {
        let s = Swing {
            angle: rng.range(0.0, 180.0),
            period: rng.range(0.1, 20.0),
        };
        m.swing = Some(s);
        say(
            "swing",
            format!("(angle: {}, period: {})", s.angle, s.period),
        );
    }
    if rng.unit() < 0.3 {
        let p = (rng.range(-16000.0, 16000.0), rng.range(-16000.0, 16000.0));
        m.pivot = Some(p);
        say("pivot", format!("({}, {})", p.0, p.1));
    }
    if rng.unit() < 0.6 {
        m.trigger = rng.pick(&[Trigger::Always, Trigger::StoodOn, Trigger::Crumble(0.0)]);
        let w = match m.trigger {
            Trigger::Crumble(_) => {
                let s = rng.range(0.0, 5.0);
                m.trigger = Trigger::Crumble(s);
                format!("Crumble({s})")
            }
            Trigger::StoodOn => rng.pick(&["stood on", "stood_on", "StoodOn"]).to_string(),
            Trigger::Always => "always".to_string(),
        };
        say("trigger", w);
    }
    if rng.unit() < 0.4 {
        m.returns = rng.unit() < 0.5;
        say("returns", m.returns.to_string());
    }
    if rng.unit() < 0.4 {
        m.when_blocked = rng.pick(&[WhenBlocked::Crush, WhenBlocked::Stop, WhenBlocked::Reverse]);
        let w = format!("{:?}", m.when_blocked);
        say(
            rng.pick(&["when-blocked", "when_blocked"]),
            w.to_lowercase(),
        );
    }
    if rng.unit() < 0.3 {
        m.turns_riders = rng.unit() < 0.7;
        say(
            rng.pick(&["turns-riders", "turns_riders", "TurnsRiders"]),
            m.turns_riders.to_string(),
        );
    }
    (m, props)
}

/// XML attribute text: `&`, `<` and `"` escaped.
fn attr(v: &str) -> String {
    v.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;")
}

#[test]
fn random_motions_read_the_same_from_svg_attributes_and_tiled_properties() {
    let mut rng = Rng::new(0x5eed_0fa1);
    let cases = 600;
    let (mut fields, mut most) = (0usize, 0usize);
    for case in 0..cases {
        let (want, props) = random_motion(&mut rng);
        fields += props.len();
        most = most.max(props.len());
        // SVG: a path marked `mover`, with `data-` attributes.
        let attrs: String = props
            .iter()
            .map(|(k, v)| {
                format!(
                    " data-{}=\"{}\"",
                    k.to_lowercase().replace('_', "-"),
                    attr(v)
                )
            })
            .collect();
        let body = format!("<path class=\"mover\" d=\"M10 10 L90 10\"{attrs}/>");
        let got = import_svg(&svg(&body), "r.svg", SvgOptions::default())
            .unwrap_or_else(|e| panic!("case {case}: {e}\n{body}"));
        let mut from_svg = got.movers[0].clone();
        from_svg.curves.clear();
        assert_eq!(from_svg, want, "case {case} (SVG): {body}");
        // Tiled: the same as a mover layer's properties.
        let properties: String = props
            .iter()
            .map(|(k, v)| format!("   <property name=\"{k}\" value=\"{}\"/>\n", attr(v)))
            .collect();
        let layer = format!(
            " <objectgroup id=\"3\" class=\"mover\">\n  <properties>\n{properties}  </properties>\n  <object id=\"10\" x=\"100\" y=\"40\"><polyline points=\"0,0 40,0\"/></object>\n </objectgroup>"
        );
        let map = read_map("sweep", &tmx(&layer)).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let mut from_map = map.objects.movers[0].clone();
        from_map.curves.clear();
        assert_eq!(from_map, want, "case {case} (Tiled)");
    }
    println!(
        "{cases} random motions, {fields} fields in all (at most {most} on one), read equal from SVG and Tiled"
    );
    assert!(
        fields > 3 * cases,
        "the sweep wrote too few fields: {fields}"
    );
}
