//! Tiled maps in and out, read and written by the level crate alone (the
//! CLI's import and a map's levels run in the game: `tests/game/tiled.rs`). Oracles: a small map written as Tiled writes it
//! (external tileset, flipped tiles, a hidden layer, a group offset, a
//! rotated polygon) whose level was worked out by hand; the flips of a
//! spike tile against the matrices Tiled applies; round trips (map →
//! level → map → level, and every shipped level and 300 random ones
//! through a map and back) read by the `tiled` crate; bad maps give errors
//! that name the file and line, never a panic.

use std::path::{Path, PathBuf};

mod common;

use common::{Rng, temp_dir};

use tangent_level::Level;
use tangent_level::format::starter::starter_level;
use tangent_level::format::{
    ActorDef, CurveDef, CurveFill, GoalDef, LevelFile, ShapeDef, Side, TileDef,
};
use tangent_level::import::map_parts::MapParts;
use tangent_level::import::tiled::read::read_tmx;
use tangent_level::import::tiled::write::write_tmx;
use tangent_level::import::with_map;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/levels/tiled")
        .join(name)
}

/// The grid as kinds, top row first.
fn kinds(f: &LevelFile) -> Vec<Vec<TileDef>> {
    f.tiles
        .iter()
        .map(|r| r.chars().map(|c| f.legend[&c]).collect())
        .collect()
}

fn straight(a: (f32, f32), b: (f32, f32), fill: CurveFill) -> CurveDef {
    CurveDef {
        points: vec![a, ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0), b],
        restitution: 1.0,
        one_way: false,
        fill,
        hazard: false,
    }
}

#[test]
fn a_small_map_imports_as_worked_out_by_hand() {
    let map = read_tmx(&fixture("small.tmx")).unwrap();
    let starter = Level::parse(&starter_level("x"), "x").unwrap().file;
    let f = with_map(&starter, &map);
    assert_eq!(f.name, "Small & Tiled");
    assert_eq!(f.tile_size, 32.0);
    use TileDef::*;
    let (s, o, d, e) = (Solid, OneWay, Decor, Empty);
    // Tile 0 has no data (solid), 1 is class `platform`, 2 a hazard with no
    // side (up), 3 kind `Decor`; the spike at row 3 is rotated clockwise
    // (right) and the other flipped vertically (down); the decor layer is
    // over the ground; the hidden `sketch` layer is left out.
    let expected = vec![
        vec![s, s, s, s, s, s, s, s],
        vec![s, e, e, d, e, e, e, s],
        vec![s, e, e, o, o, e, e, s],
        vec![s, Spikes(Side::Right), e, e, e, e, Spikes(Side::Down), s],
        vec![s, s, Spikes(Side::Up), Spikes(Side::Up), s, d, s, s],
    ];
    assert_eq!(kinds(&f), expected);
    // y_level = 160 - y_map.
    assert_eq!(f.spawn, (80.0, 46.0));
    assert_eq!(
        f.goal,
        GoalDef {
            position: (176.0, 64.0),
            size: (32.0, 64.0)
        }
    );
    assert_eq!(f.checkpoints, vec![(128.0, 80.0)]);
    // The `Refill-Crystal` rectangle: its centre (40, 24), y flipped.
    assert_eq!(f.crystals, vec![(40.0, 136.0)]);
    assert_eq!(
        f.actors,
        vec![
            ActorDef {
                name: "Bouncy".into(),
                shape: ShapeDef::Circle { radius: 12.0 },
                position: (84.0, 108.0),
                velocity: (0.0, 0.0),
                restitution: 0.9,
                friction: 0.0,
                mass: 0.0,
                layer: 1,
                mask: u32::MAX,
            },
            ActorDef {
                name: "crate-2".into(),
                shape: ShapeDef::Rect {
                    half_extents: (8.0, 8.0)
                },
                position: (208.0, 112.0),
                velocity: (0.0, 0.0),
                restitution: 0.1,
                friction: 0.5,
                mass: 40.0,
                layer: 1,
                mask: u32::MAX,
            },
        ]
    );
    // The group's offset (8, -4) moves every line; the polygon is turned
    // 90° clockwise about its x, y, then closed.
    let mut quad = straight((40.0, 68.0), (104.0, 68.0), CurveFill::Line);
    quad.points[1] = (72.0, 84.0);
    quad.one_way = true;
    let (a, b, c) = ((208.0, 44.0), (208.0, 28.0), (200.0, 44.0));
    let mut lava = straight((24.0, 16.0), (56.0, 16.0), CurveFill::Below);
    lava.hazard = true;
    lava.restitution = 0.0;
    let want = vec![
        quad,
        straight(a, b, CurveFill::Closed),
        straight(b, c, CurveFill::Closed),
        straight(c, a, CurveFill::Closed),
        lava,
    ];
    assert_eq!(f.curves.len(), want.len());
    for (got, want) in f.curves.iter().zip(&want) {
        assert_eq!(got.points.len(), want.points.len());
        for (p, q) in got.points.iter().zip(&want.points) {
            assert!(
                (p.0 - q.0).abs() < 1e-4 && (p.1 - q.1).abs() < 1e-4,
                "{p:?} vs {q:?}"
            );
        }
        let (mut g, mut w) = (got.clone(), want.clone());
        g.points.clear();
        w.points.clear();
        assert_eq!(g, w);
    }
    // The text object is named as left out; the hidden second spawn is not
    // a second spawn.
    assert_eq!(map.objects.ignored.len(), 1, "{:?}", map.objects.ignored);
    assert!(map.objects.ignored[0].contains("small.tmx:54: object 6 `note` (a text)"));
    // And it is a level that loads.
    let text = tangent_level::files::save::write_new(&f);
    Level::parse(&text, "small.level.ron").unwrap();
}

/// A one-tile map whose tile is a hazard pointing `side`, flipped by the
/// gid's bits.
fn spike_map(side: &str, d: bool, h: bool, v: bool) -> String {
    let gid = 1u32 | (h as u32) << 31 | (v as u32) << 30 | (d as u32) << 29;
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="1" height="1" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="s" tilewidth="16" tileheight="16" tilecount="1" columns="1">
  <image source="s.png" width="16" height="16"/>
  <tile id="0"><properties><property name="kind" value="hazard"/><property name="side" value="{side}"/></properties></tile>
 </tileset>
 <layer id="1" name="t" width="1" height="1"><data encoding="csv">{gid}</data></layer>
</map>"#
    )
}

#[test]
fn flipped_and_rotated_spikes_point_where_tiled_draws_them() {
    // Tiled draws a flipped tile by mapping image points (y down) through
    // the diagonal flip (x, y) -> (y, x), then x -> -x, then y -> -y.
    let dir = temp_dir("tiled-flips");
    let sides = [
        ("up", (0, -1), Side::Up),
        ("down", (0, 1), Side::Down),
        ("left", (-1, 0), Side::Left),
        ("right", (1, 0), Side::Right),
    ];
    let mut checked = 0;
    for (name, dir_vec, _) in sides {
        for bits in 0..8 {
            let (d, h, v) = (bits & 4 != 0, bits & 2 != 0, bits & 1 != 0);
            let (mut x, mut y) = dir_vec;
            if d {
                (x, y) = (y, x);
            }
            if h {
                x = -x;
            }
            if v {
                y = -y;
            }
            let want = sides.iter().find(|s| s.1 == (x, y)).unwrap().2;
            let path = dir.join(format!("{name}-{bits}.tmx"));
            std::fs::write(&path, spike_map(name, d, h, v)).unwrap();
            let map = read_tmx(&path).unwrap();
            assert_eq!(
                map.legend[&map.tiles[0].chars().next().unwrap()],
                TileDef::Spikes(want),
                "{name} flipped d={d} h={h} v={v}"
            );
            checked += 1;
        }
    }
    println!("{checked} flipped spikes checked");
    assert_eq!(checked, 32);
}

/// The largest difference between two lists of points, in f32 steps at
/// `extent` (the level's size, or the largest number involved: a centre is
/// written as a corner, so an actor's size counts too).
fn worst_steps(a: &[(f32, f32)], b: &[(f32, f32)], extent: f32) -> f64 {
    assert_eq!(a.len(), b.len());
    let m = a
        .iter()
        .chain(b)
        .flat_map(|p| [p.0.abs(), p.1.abs()])
        .filter(|x| x.is_finite())
        .fold(extent.max(1.0), f32::max);
    let step = 2f64.powi(m.log2().floor() as i32 - 23);
    a.iter()
        .zip(b)
        .flat_map(|(p, q)| [(p.0, q.0), (p.1, q.1)])
        .map(|(x, y)| (x as f64 - y as f64).abs() / step)
        .fold(0.0, f64::max)
}

/// Every point of a level that goes through a map: spawn, goal corners,
/// checkpoints, crystals, coins, actor corners, curve points.
fn points(f: &LevelFile) -> Vec<(f32, f32)> {
    let mut out = vec![f.spawn, f.goal.position, f.goal.size];
    out.extend(&f.checkpoints);
    out.extend(&f.crystals);
    out.extend(&f.coins);
    for a in &f.actors {
        out.push(a.position);
        out.push(match a.shape {
            ShapeDef::Circle { radius } => (radius, radius),
            ShapeDef::Rect { half_extents } => half_extents,
        });
        out.push(a.velocity);
    }
    for c in f
        .curves
        .iter()
        .chain(f.movers.iter().flat_map(|m| &m.curves))
    {
        out.extend(&c.points);
    }
    out
}

/// Everything but the points: names, materials, shapes' kinds, fills.
fn materials(f: &LevelFile) -> Vec<String> {
    let mut out: Vec<String> = f
        .actors
        .iter()
        .map(|a| {
            let round = matches!(a.shape, ShapeDef::Circle { .. });
            format!(
                "{} {round} {} {} {} {} {}",
                a.name, a.restitution, a.friction, a.mass, a.layer, a.mask
            )
        })
        .collect();
    // Movers: their tiles and motion (numbers in the level file's own
    // shortest text, so equal text is equal value).
    out.extend(f.movers.iter().map(|m| {
        format!(
            "mover {:?} {} curves {:?}",
            m.tiles,
            m.curves.len(),
            tangent_level::format::mover_props::motion_text(m)
        )
    }));
    let mover_curves = f.movers.iter().flat_map(|m| &m.curves);
    out.extend(f.curves.iter().chain(mover_curves).map(|c| {
        format!(
            "{} {} {} {:?} {}",
            c.points.len(),
            c.restitution,
            c.one_way,
            c.fill,
            c.hazard
        )
    }));
    out
}

/// The level through a map and back; returns the worst point error in f32
/// steps.
fn round_trip(f: &LevelFile, dir: &Path) -> f64 {
    let path = dir.join("trip.tmx");
    std::fs::write(&path, write_tmx(f).unwrap()).unwrap();
    let map = read_tmx(&path).unwrap_or_else(|e| panic!("{e}\n{}", write_tmx(f).unwrap()));
    assert!(map.objects.ignored.is_empty(), "{:?}", map.objects.ignored);
    let mut blank = f.clone();
    // What the map says wins: start from the other `open`.
    blank.open = !f.open;
    blank.checkpoints.clear();
    blank.crystals.clear();
    blank.coins.clear();
    blank.actors.clear();
    blank.curves.clear();
    blank.movers.clear();
    let back = with_map(&blank, &map);
    assert_eq!(back.name, f.name);
    assert_eq!(back.open, f.open, "open");
    assert_eq!(back.tile_size, f.tile_size);
    assert_eq!(kinds(&back), kinds(f));
    assert_eq!(materials(&back), materials(f));
    let extent = f.tiles.len().max(f.tiles[0].len()) as f32 * f.tile_size;
    worst_steps(&points(&back), &points(f), extent)
}

#[test]
fn every_shipped_level_goes_through_a_map_and_back() {
    let dir = temp_dir("tiled-shipped");
    let mut worst: f64 = 0.0;
    let mut movers = 0;
    for (name, text) in tangent_level::files::SHIPPED_LEVELS {
        let f = Level::parse(text, name).unwrap().file;
        movers += f.movers.len();
        worst = worst.max(round_trip(&f, &dir));
    }
    println!(
        "{} shipped levels ({movers} movers) through a map and back; worst point error {worst} f32 steps",
        tangent_level::files::SHIPPED_LEVELS.len()
    );
    assert!(worst <= 1.0);
    assert!(
        movers >= 8,
        "the shipped levels' movers went through: {movers}"
    );
}

#[test]
fn the_small_map_goes_to_a_level_and_back_to_the_same_map() {
    let dir = temp_dir("tiled-small");
    let first: MapParts = read_tmx(&fixture("small.tmx")).unwrap();
    let starter = Level::parse(&starter_level("x"), "x").unwrap().file;
    let level = with_map(&starter, &first);
    let path = dir.join("again.tmx");
    std::fs::write(&path, write_tmx(&level).unwrap()).unwrap();
    let second = read_tmx(&path).unwrap();
    // Kinds, not characters: the legend is rebuilt the same way both times.
    assert_eq!(second.tiles, first.tiles);
    assert_eq!(second.legend, first.legend);
    assert_eq!(second.objects.spawn, first.objects.spawn);
    assert_eq!(second.objects.goal, first.objects.goal);
    assert_eq!(second.objects.checkpoints, first.objects.checkpoints);
    assert_eq!(second.objects.crystals, first.objects.crystals);
    assert_eq!(second.objects.coins, first.objects.coins);
    assert_eq!(second.objects.actors, first.objects.actors);
    assert_eq!(second.objects.curves.len(), first.objects.curves.len());
    let a: Vec<_> = first
        .objects
        .curves
        .iter()
        .flat_map(|c| c.points.clone())
        .collect();
    let b: Vec<_> = second
        .objects
        .curves
        .iter()
        .flat_map(|c| c.points.clone())
        .collect();
    assert!(worst_steps(&a, &b, 160.0) <= 1.0);
}

/// A random level: any size up to the 16 384 px limit, any tile size Tiled
/// can hold, every kind, points anywhere in it (half on the editor's
/// 1/100 px grid, half with every bit), names with XML's special characters.
fn random_level(rng: &mut Rng) -> LevelFile {
    let ts = [1.0, 7.0, 16.0, 32.0, 48.0, 64.0, 128.0, 512.0][rng.below(8)];
    let max_side = (16_384.0 / ts) as usize;
    let w = 1 + rng.below(max_side.min(200));
    let h = 1 + rng.below(max_side.min(120));
    let kinds = [
        TileDef::Empty,
        TileDef::Solid,
        TileDef::OneWay,
        TileDef::Decor,
        TileDef::Spikes(Side::Up),
        TileDef::Spikes(Side::Down),
        TileDef::Spikes(Side::Left),
        TileDef::Spikes(Side::Right),
    ];
    let mut legend = std::collections::BTreeMap::new();
    let tiles = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| tangent_level::format::legend_char(&mut legend, kinds[rng.below(8)]))
                .collect()
        })
        .collect();
    let (wp, hp) = (w as f32 * ts, h as f32 * ts);
    let point = |rng: &mut Rng| {
        let p = (rng.range_fine(0.0, wp), rng.range_fine(0.0, hp));
        if rng.below(2) == 0 {
            ((p.0 * 100.0).round() / 100.0, (p.1 * 100.0).round() / 100.0)
        } else {
            p
        }
    };
    let names = ["ball", "a & b", "<crate>", "\"q\" 'r'", "plain"];
    let actors = (0..rng.below(6))
        .map(|i| {
            let shape = if rng.below(2) == 0 {
                ShapeDef::Circle {
                    radius: rng.range_fine(0.5, 256.0),
                }
            } else {
                ShapeDef::Rect {
                    half_extents: (rng.range_fine(0.5, 256.0), rng.range_fine(0.5, 256.0)),
                }
            };
            ActorDef {
                name: format!("{}{i}", names[rng.below(names.len())]),
                shape,
                position: point(rng),
                velocity: (
                    rng.range_fine(-2000.0, 2000.0),
                    rng.range_fine(-2000.0, 2000.0),
                ),
                restitution: rng.range_fine(0.0, 4.0),
                friction: rng.range_fine(0.0, 2.0),
                mass: [0.0, 12.5, f32::INFINITY][rng.below(3)],
                layer: 1 + rng.below(1000) as u32,
                mask: [u32::MAX, 0, 5][rng.below(3)],
            }
        })
        .collect();
    let fills = [
        CurveFill::Below,
        CurveFill::Chord,
        CurveFill::Line,
        CurveFill::Closed,
    ];
    let curves = (0..rng.below(8))
        .map(|_| CurveDef {
            points: (0..3 + rng.below(2)).map(|_| point(rng)).collect(),
            restitution: [1.0, 0.0, rng.range_fine(0.0, 4.0)][rng.below(3)],
            one_way: rng.below(2) == 0,
            fill: fills[rng.below(4)],
            hazard: rng.below(3) == 0,
        })
        .collect();
    LevelFile {
        name: format!("Random {}", names[rng.below(names.len())]),
        tile_size: ts,
        gravity: (0.0, -3600.0),
        legend,
        tiles,
        open: rng.below(3) == 0,
        tile_restitution: 1.0,
        curves,
        spawn: point(rng),
        player: ShapeDef::default(),
        actors,
        movers: Vec::new(),
        goal: GoalDef {
            position: point(rng),
            size: (rng.range_fine(1.0, 256.0), rng.range_fine(1.0, 256.0)),
        },
        checkpoints: (0..rng.below(5)).map(|_| point(rng)).collect(),
        crystals: (0..rng.below(5)).map(|_| point(rng)).collect(),
        coins: (0..rng.below(5)).map(|_| point(rng)).collect(),
        next: None,
        par: None,
        dev_time: None,
        svg: None,
        svg_scale: 1.0,
        art: None,
        view_height: None,
        theme: None,
        tuning: Default::default(),
    }
}

#[test]
fn random_levels_go_through_a_map_and_back() {
    let dir = temp_dir("tiled-random");
    let mut rng = Rng::new(0x7115_d5ee_d0c0_ffee);
    let (mut worst, mut cells, mut pts, mut widest) = (0.0f64, 0usize, 0usize, 0.0f32);
    const CASES: usize = 300;
    for _ in 0..CASES {
        let f = random_level(&mut rng);
        worst = worst.max(round_trip(&f, &dir));
        cells += f.tiles.len() * f.tiles[0].len();
        pts += points(&f).len();
        widest = widest.max(f.tiles[0].len() as f32 * f.tile_size);
    }
    println!(
        "{CASES} random levels through a map and back: {cells} tiles, {pts} points, \
         widest {widest} px; worst point error {worst} f32 steps"
    );
    assert!(widest > 8_000.0, "the sweep reached only {widest} px");
    assert!(worst <= 1.0, "a point moved {worst} f32 steps");
}

#[test]
fn a_level_whose_tiles_are_not_whole_pixels_cannot_be_a_map() {
    let mut f = Level::parse(&starter_level("x"), "x").unwrap().file;
    f.tile_size = 20.5;
    let e = write_tmx(&f).unwrap_err();
    assert!(e.contains("20.5") && e.contains("whole number"), "{e}");
}

const GOOD_HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="2" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="2">
  <image source="t.png" width="64" height="32"/>
  <tile id="1"><properties><property name="kind" value="KIND"/></properties></tile>
 </tileset>
 <layer id="1" name="t" width="2" height="2"><data encoding="csv">1,0,0,2</data></layer>
 <objectgroup id="2" name="o">
"#;

fn with_objects(kind: &str, objects: &str) -> String {
    format!(
        "{}{objects}\n </objectgroup>\n</map>\n",
        GOOD_HEAD.replace("KIND", kind)
    )
}

#[test]
fn bad_maps_give_errors_that_name_the_file_and_line() {
    let dir = temp_dir("tiled-bad");
    let ok = with_objects("solid", "");
    let cases: Vec<(&str, String, &str)> = vec![
        ("not-xml", "<map><layer></map>".into(), ":1:"),
        // Written as bytes below (`<map>` then 0xff): the message names the
        // line, the column and the byte.
        ("not-utf8", String::new(), ":1:6: not UTF-8 text (byte 0xff)"),
        (
            "isometric",
            ok.replace("orthogonal", "isometric"),
            ":2: a Isometric map",
        ),
        ("infinite", ok.replace("infinite=\"0\"", "infinite=\"1\""), ":2: an infinite map"),
        (
            "not-square",
            ok.replace("tileheight=\"32\" infinite", "tileheight=\"16\" infinite"),
            ":2: tiles of 32 x 16 px",
        ),
        (
            "huge",
            ok.replace("width=\"2\" height=\"2\" tilewidth", "width=\"900000000\" height=\"2\" tilewidth"),
            ":2: <map> width=\"900000000\"",
        ),
        (
            "huge-layer",
            ok.replace("name=\"t\" width=\"2\"", "name=\"t\" width=\"99999999\""),
            ":7: <layer> width=\"99999999\"",
        ),
        ("unknown-kind", with_objects("lava", ""), ":5: tileset `t` tile 1: kind `lava`"),
        (
            "bad-side",
            with_objects("hazard", "").replace(
                "value=\"hazard\"/>",
                "value=\"hazard\"/><property name=\"side\" value=\"sideways\"/>",
            ),
            ":5: tileset `t` tile 1: side `sideways`",
        ),
        (
            "two-spawns",
            with_objects(
                "solid",
                "<object id=\"1\" name=\"spawn\" x=\"1\" y=\"1\"><point/></object>\n<object id=\"2\" name=\"spawn\" x=\"3\" y=\"1\"><point/></object>",
            ),
            ":10: object 2 `spawn`: a second spawn",
        ),
        (
            "oval-ball",
            with_objects(
                "solid",
                "<object id=\"4\" class=\"ball\" x=\"1\" y=\"1\" width=\"10\" height=\"20\"><ellipse/></object>",
            ),
            ":9: object 4 ``: an ellipse of 10 x 20 px",
        ),
        (
            "rotated-goal",
            with_objects(
                "solid",
                "<object id=\"5\" name=\"goal\" x=\"1\" y=\"1\" width=\"10\" height=\"20\" rotation=\"30\"/>",
            ),
            ":9: object 5 `goal`: is rotated",
        ),
        (
            "quadratic-count",
            with_objects(
                "solid",
                "<object id=\"6\" x=\"0\" y=\"0\"><properties><property name=\"curve\" value=\"quadratic\"/></properties><polyline points=\"0,0 1,1 2,0 3,3\"/></object>",
            ),
            ":9: object 6 ``: a polyline read as quadratic Béziers needs 3, 5, 7… points; it has 4",
        ),
        (
            "bad-number",
            with_objects(
                "solid",
                "<object id=\"7\" x=\"0\" y=\"0\"><properties><property name=\"restitution\" value=\"bouncy\"/></properties><polyline points=\"0,0 1,1\"/></object>",
            ),
            ":9: object 7 ``: property `restitution` is `bouncy`, not a number",
        ),
        (
            "bad-fill",
            with_objects(
                "solid",
                "<object id=\"8\" x=\"0\" y=\"0\"><properties><property name=\"fill\" value=\"wavy\"/></properties><polyline points=\"0,0 1,1\"/></object>",
            ),
            ":9: object 8 ``: fill `wavy`",
        ),
        (
            "layer-offset",
            ok.replace("<layer id=\"1\" name=\"t\"", "<layer id=\"1\" name=\"t\" offsetx=\"5\""),
            ":2: tile layer `t` is offset",
        ),
        (
            "missing-tileset",
            ok.replace(
                "<tileset firstgid=\"1\" name=\"t\"",
                "<tileset firstgid=\"1\" source=\"nowhere.tsx\"/><tileset firstgid=\"9\" name=\"t\"",
            ),
            ":2: not a Tiled map Tangent can read",
        ),
        (
            "gid-past-tilesets",
            ok.replace("1,0,0,2", "1,0,0,77"),
            ":2: the tile at column 2, row 2 is tile 76 of tileset `t`, which has 2",
        ),
    ];
    for (name, text, want) in &cases {
        let path = dir.join(format!("{name}.tmx"));
        if *name == "not-utf8" {
            std::fs::write(&path, b"<map>\xff</map>").unwrap();
        } else {
            std::fs::write(&path, text).unwrap();
        }
        let e = read_tmx(&path).expect_err(name);
        let file = path.display().to_string();
        assert!(e.starts_with(&file), "{name}: {e}");
        assert!(e.contains(want), "{name}: wanted `{want}` in: {e}");
    }
    // Not a plain file, or not there: refused at once, never read forever.
    for path in [
        dir.clone(),
        PathBuf::from("/dev/zero"),
        dir.join("absent.tmx"),
    ] {
        let e = read_tmx(&path).unwrap_err();
        assert!(e.starts_with(&path.display().to_string()), "{e}");
    }
    println!("{} bad maps refused with file and line", cases.len() + 3);
}

/// Tiled's own example maps (and tilesets) start with a DOCTYPE; a map
/// that does imports exactly as the same map without one.
#[test]
fn a_map_with_a_doctype_imports_as_the_same_map_without_one() {
    let with = read_tmx(&fixture("doctype.tmx")).unwrap();
    let without = read_tmx(&fixture("small.tmx")).unwrap();
    assert_eq!(with.tiles, without.tiles);
    assert_eq!(with.legend, without.legend);
    assert_eq!(with.objects.actors, without.objects.actors);
    assert_eq!(with.objects.curves, without.objects.curves);
    assert_eq!(with.objects.spawn, without.objects.spawn);
}

/// A tileset as older Tiled wrote it, without `tilecount` and `columns`
/// (the `tiled` crate refuses one: "Missing attribute"): the map imports as
/// the same map with a counted tileset.
#[test]
fn a_tileset_without_counts_imports_as_the_same_map_with_them() {
    let old = read_tmx(&fixture("old-tileset.tmx")).unwrap();
    let new = read_tmx(&fixture("small.tmx")).unwrap();
    assert_eq!(old.tiles, new.tiles);
    assert_eq!(old.legend, new.legend);
    assert_eq!(old.objects.curves, new.objects.curves);
}

/// An infinite map: its grid is its chunks' bounds (two 16 x 16 chunks,
/// from column -16 to 15), its objects shifted with it.
#[test]
fn an_infinite_map_imports_as_the_bounds_of_its_chunks() {
    let map = read_tmx(&fixture("infinite.tmx")).unwrap();
    assert_eq!((map.tiles.len(), map.tiles[0].chars().count()), (16, 32));
    let solid = |row: &str, col: usize| row.chars().nth(col).map(|c| map.legend[&c]);
    // The bottom row is solid across both chunks; the far left chunk's
    // top-left tile too; nothing else.
    assert!((0..32).all(|x| solid(&map.tiles[15], x) == Some(TileDef::Solid)));
    assert_eq!(solid(&map.tiles[0], 0), Some(TileDef::Solid));
    assert_eq!(solid(&map.tiles[0], 1), Some(TileDef::Empty));
    assert_eq!(solid(&map.tiles[7], 20), Some(TileDef::Empty));
    // The spawn at x 16, y 400 in the map's px: 16 + 16 · 32 px from the
    // grid's left, 16 · 32 - 400 up from its bottom.
    assert_eq!(map.objects.spawn, Some((16.0 + 512.0, 512.0 - 400.0)));
}

/// Imports the 100 x 100 rs-tiled map at `path` and checks each cell
/// against `gids` (row by row from the top): empty exactly where the gid is
/// 0. Returns how many cells are filled.
fn assert_cells_match(path: &Path, gids: &[u32]) -> usize {
    assert_eq!(gids.len(), 100 * 100);
    let map = read_tmx(path).unwrap();
    assert_eq!((map.tiles.len(), map.tiles[0].chars().count()), (100, 100));
    let mut filled = 0;
    for (i, gid) in gids.iter().enumerate() {
        let c = map.tiles[i / 100].chars().nth(i % 100).unwrap();
        let empty = map.legend[&c] == TileDef::Empty;
        assert_eq!(empty, *gid == 0, "cell {i} (gid {gid})");
        filled += usize::from(!empty);
    }
    filled
}

/// rs-tiled's own test map (MIT, kept in `tests/levels/tiled/rs-tiled`):
/// a 100 x 100 layer written as XML `<tile gid=".."/>` cells, which the
/// `tiled` crate refuses. The oracle counts the cells straight from the
/// file: cell `i` is at row `i / 100`, column `i % 100`, empty (`<tile/>`) iff gid 0.
#[test]
fn rs_tiled_xml_layer_imports_cell_for_cell() {
    let path = fixture("rs-tiled/tiled_xml.tmx");
    let text = std::fs::read_to_string(&path).unwrap();
    let gids: Vec<u32> = text
        .split("<tile")
        .filter_map(|rest| match rest.strip_prefix(" gid=\"") {
            Some(gid) => Some(gid[..gid.find('"').unwrap()].parse().unwrap()),
            None => rest.starts_with("/>").then_some(0),
        })
        .collect();
    let filled = assert_cells_match(&path, &gids);
    println!("rs-tiled XML layer: {filled} filled cells of 10000 matched");
    assert!(filled > 50);
}

/// rs-tiled's own test maps (MIT, kept in `tests/levels/tiled/rs-tiled`):
/// the same 100 x 100 layer written as zstd-compressed base64 and as plain
/// base64. The oracle decodes the plain one by hand (base64, then
/// little-endian `u32` gids, flip bits masked off) and our import of the
/// zstd one must match it cell for cell.
#[test]
fn rs_tiled_zstd_layer_imports_cell_for_cell() {
    let plain = std::fs::read_to_string(fixture("rs-tiled/tiled_base64.tmx")).unwrap();
    let data = plain.split("<data encoding=\"base64\">").nth(1).unwrap();
    let data = &data[..data.find("</data>").unwrap()];
    let digit = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let sextets: Vec<u8> = data
        .bytes()
        .filter(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
        .map(digit)
        .collect();
    let bytes: Vec<u8> = sextets
        .chunks(4)
        .flat_map(|q| {
            let n = q.iter().fold(0u32, |n, &s| (n << 6) | s as u32) << (6 * (4 - q.len()));
            let all = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            all.into_iter().take(q.len() * 3 / 4)
        })
        .collect();
    let gids: Vec<u32> = bytes
        .chunks(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) & 0x0fff_ffff)
        .collect();
    let filled = assert_cells_match(&fixture("rs-tiled/tiled_base64_zstandard.tmx"), &gids);
    println!("rs-tiled zstd layer: {filled} filled cells of 10000 matched the plain base64 map");
    assert!(filled > 50);
}
