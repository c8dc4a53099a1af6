//! LDtk projects read as levels. Oracles: a small project written by hand
//! (`tests/levels/ldtk/hand.ldtk`, a level saved separately) whose level was
//! worked out by hand; LDtk's own sample projects, each level's grid checked
//! cell for cell against the JSON read generically (`serde_json::Value`, not
//! the reader's types) with the sample names' kinds typed out below; bad
//! projects give errors that name the file and the JSON path, and mangled
//! ones never panic.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tangent_level::Level;
use tangent_level::format::starter::starter_level;
use tangent_level::format::{
    ActorDef, CurveDef, CurveFill, GoalDef, LevelFile, ShapeDef, Side, TileDef,
};
use tangent_level::import::ldtk::{LdtkLevel, read_ldtk};
use tangent_level::import::with_map;

mod common;
use common::Rng;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/levels/ldtk")
}

fn starter() -> LevelFile {
    Level::parse(&starter_level("x"), "x").unwrap().file
}

/// The level a project's level makes for the starter level's player,
/// checked as a level.
fn level_of(l: &LdtkLevel) -> LevelFile {
    let old = starter();
    let (parts, _) = l.for_player(&old.player).unwrap();
    let f = with_map(&old, &parts);
    let text = ron::ser::to_string(&LevelFile {
        next: None,
        ..f.clone()
    })
    .unwrap();
    Level::parse(&text, "imported").unwrap_or_else(|e| panic!("{}: {e}", l.at));
    f
}

fn kinds(f: &LevelFile) -> Vec<Vec<TileDef>> {
    f.tiles
        .iter()
        .map(|r| r.chars().map(|c| f.legend[&c]).collect())
        .collect()
}

#[test]
fn the_hand_made_project_imports_as_worked_out_by_hand() {
    let levels = read_ldtk(&fixtures().join("hand.ldtk"), None).unwrap();
    assert_eq!(levels.len(), 2);
    let f = level_of(&levels[0]);
    assert_eq!(f.name, "First Room");
    assert_eq!(f.tile_size, 16.0);
    use TileDef::*;
    let (s, o, d, e, v) = (Solid, OneWay, Decor, Empty, Spikes(Side::Down));
    // Collisions: 1 walls, 2 platform, 3 spikes_down, 4 water, 5 no name;
    // the 32 px Coarse layer above it makes its top-right cell (2 x 2
    // tiles) decor; the Spikes entity (side down) covers tile (1, 1).
    let expected = vec![
        vec![s, s, s, s, s, s, d, d],
        vec![s, v, e, e, e, e, d, d],
        vec![s, e, e, o, o, e, e, s],
        vec![s, e, e, e, e, e, e, s],
        vec![s, e, e, e, e, e, v, s],
        vec![s, s, s, d, s, s, s, s],
    ];
    assert_eq!(kinds(&f), expected);
    // y_level = 96 - y. The player (28 px tall) stands on the bottom of the
    // PlayerStart box: feet at (40, 96 - 80), centre 14 px higher.
    assert_eq!(f.spawn, (40.0, 30.0));
    assert_eq!(f.checkpoints, vec![(72.0, 30.0)]);
    // The Dash_Crystal entity: its box's centre (40, 24), y flipped.
    assert_eq!(f.crystals, vec![(40.0, 72.0)]);
    // Exit: pivot (0, 0) at (96, 48), 16 x 32: centre (104, 64) y down.
    assert_eq!(
        f.goal,
        GoalDef {
            position: (104.0, 32.0),
            size: (16.0, 32.0)
        }
    );
    assert_eq!(
        f.actors,
        vec![
            ActorDef {
                name: "ball-1".into(),
                shape: ShapeDef::Circle { radius: 6.0 },
                position: (24.0, 56.0),
                velocity: (0.0, 0.0),
                restitution: 0.9,
                friction: 0.0,
                mass: 0.0,
                layer: 1,
                mask: u32::MAX,
            },
            ActorDef {
                name: "lid".into(),
                shape: ShapeDef::Rect {
                    half_extents: (8.0, 4.0)
                },
                position: (88.0, 20.0),
                velocity: (0.0, 0.0),
                restitution: 0.1,
                friction: 1.0,
                mass: 50.0,
                layer: 1,
                mask: u32::MAX,
            },
        ]
    );
    // The curve entity at (32, 32) (y down) with a Point field at cell
    // (4, 1) and an Array<Point> at cell (5, 2): three points, one
    // quadratic through the cells' centres.
    assert_eq!(
        f.curves,
        vec![CurveDef {
            points: vec![(32.0, 64.0), (72.0, 72.0), (88.0, 56.0)],
            restitution: 1.0,
            one_way: true,
            fill: CurveFill::Line,
            hazard: false,
        }]
    );
    let said = levels[0].parts.objects.ignored.join("\n");
    assert!(said.contains("2 `Mob` entities"), "{said}");
    let notes = levels[0].notes.join("\n");
    assert!(notes.contains("(`Art`): drawn tiles"), "{notes}");
    assert!(notes.contains("value 5 (no name) read as Solid"), "{notes}");

    // The second level is saved separately and has no entities: a floor
    // under two free rows. The player (20 x 28 px) stands where it fits:
    // tiles 1 to 4 (tile 0's box would reach past the level's left edge,
    // tile 5's past its right); the goal goes on the one farthest away.
    let second = level_of(&levels[1]);
    assert_eq!(second.tiles, vec!["......", "......", "######"]);
    assert_eq!(second.spawn, (24.0, 30.0));
    assert_eq!(second.goal.position, (72.0, 48.0));
    let (_, notes) = levels[1].for_player(&starter().player).unwrap();
    let notes = notes.join("\n");
    assert!(
        notes.contains("no spawn entity") && notes.contains("`Player`"),
        "{notes}"
    );
    assert!(
        notes.contains("no goal entity") && notes.contains("`Exit`"),
        "{notes}"
    );
    // One level of the project by its identifier.
    let only = read_ldtk(&fixtures().join("hand.ldtk"), Some("Second")).unwrap();
    assert_eq!(only.len(), 1);
    assert_eq!(only[0].identifier, "Second");
}

/// Every `.ldtk` file of LDtk's samples.
fn samples() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ldtk") && !p.ends_with("hand.ldtk"))
        .collect();
    files.sort();
    files
}

/// The kinds of the IntGrid value names in LDtk's samples, as the level
/// format's LDtk section says they are read.
fn sample_kind(name: Option<&str>) -> TileDef {
    match name {
        None
        | Some("walls" | "dirt" | "stone" | "first" | "second" | "third_used_in_autoLayer") => {
            TileDef::Solid
        }
        Some("water" | "ladder") => TileDef::Decor,
        Some("lava") => TileDef::Spikes(Side::Up),
        Some(other) => panic!("a sample value name the table lacks: {other}"),
    }
}

/// A level's layers, from the project or its own file.
fn layers_of<'a>(level: &'a Value, folder: &Path, keep: &'a mut Option<Value>) -> &'a Vec<Value> {
    if let Some(ls) = level["layerInstances"].as_array() {
        return ls;
    }
    let rel = level["externalRelPath"].as_str().unwrap();
    let own: Value = serde_json::from_slice(&std::fs::read(folder.join(rel)).unwrap()).unwrap();
    *keep = Some(own);
    keep.as_ref().unwrap()["layerInstances"].as_array().unwrap()
}

#[test]
fn every_sample_project_imports_cell_for_cell() {
    let (mut projects, mut levels_seen, mut cells_checked, mut solid) = (0, 0, 0usize, 0usize);
    for path in samples() {
        let project: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let read = read_ldtk(&path, None).unwrap_or_else(|e| panic!("{e}"));
        let mut names: BTreeMap<(i64, i64), Option<String>> = BTreeMap::new();
        for def in project["defs"]["layers"].as_array().unwrap() {
            for v in def["intGridValues"].as_array().into_iter().flatten() {
                names.insert(
                    (def["uid"].as_i64().unwrap(), v["value"].as_i64().unwrap()),
                    v["identifier"].as_str().map(String::from),
                );
            }
        }
        let levels = project["levels"].as_array().unwrap();
        assert_eq!(read.len(), levels.len(), "{}", path.display());
        for (level, got) in levels.iter().zip(&read) {
            let mut keep = None;
            let layers = layers_of(level, path.parent().unwrap(), &mut keep);
            let grids: Vec<&Value> = layers
                .iter()
                .filter(|l| l["__type"] == "IntGrid" && l["visible"] == true)
                .filter(|l| l["intGridCsv"].as_array().unwrap().iter().any(|v| v != 0))
                .collect();
            let g = grids
                .iter()
                .map(|l| l["__gridSize"].as_i64().unwrap())
                .min()
                .unwrap();
            let f = level_of(got);
            assert_eq!(f.tile_size, g as f32);
            let (w, h) = (
                (level["pxWid"].as_i64().unwrap() + g - 1) / g,
                (level["pxHei"].as_i64().unwrap() + g - 1) / g,
            );
            let k = kinds(&f);
            assert_eq!((k[0].len() as i64, k.len() as i64), (w, h), "{}", got.at);
            // The kind of each tile: the top-most visible IntGrid layer
            // holding a value there (LDtk lists layers top-most first),
            // where no entity put spikes (no sample has spike entities).
            for y in 0..h {
                for x in 0..w {
                    let mut want = TileDef::Empty;
                    for l in &grids {
                        let lg = l["__gridSize"].as_i64().unwrap();
                        let (cx, cy) = (x * g / lg, y * g / lg);
                        let cw = l["__cWid"].as_i64().unwrap();
                        let v = l["intGridCsv"][(cy * cw + cx) as usize].as_i64().unwrap();
                        if v != 0 {
                            let uid = l["layerDefUid"].as_i64().unwrap();
                            want = sample_kind(names[&(uid, v)].as_deref());
                            break;
                        }
                    }
                    assert_eq!(
                        k[y as usize][x as usize], want,
                        "{} tile ({x}, {y})",
                        got.at
                    );
                    cells_checked += 1;
                    solid += (want == TileDef::Solid) as usize;
                }
            }
            // A spawn entity where the level has one, else a placed spawn
            // on a free standing place; either way inside the level.
            let has_player = layers.iter().any(|l| {
                l["entityInstances"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|e| matches!(e["__identifier"].as_str(), Some("Player" | "PlayerStart")))
            });
            assert_eq!(got.spawn_feet.is_some(), has_player, "{}", got.at);
            let (lw, lh) = (w as f32 * g as f32, h as f32 * g as f32);
            assert!(f.spawn.0 > 0.0 && f.spawn.0 < lw && f.spawn.1 > 0.0 && f.spawn.1 < lh);
            levels_seen += 1;
        }
        projects += 1;
    }
    println!(
        "{projects} sample projects, {levels_seen} levels, {cells_checked} tiles checked ({solid} solid)"
    );
    assert_eq!(projects, 14);
    assert!(
        levels_seen >= 55 && solid > 10_000,
        "{levels_seen} levels, {solid} solid"
    );
}

/// Writes `text` as a project in a folder of its own; returns its path.
fn project(tag: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tangent-ldtk-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("p.ldtk");
    std::fs::write(&p, text).unwrap();
    std::fs::create_dir_all(dir.join("hand")).unwrap();
    std::fs::copy(
        fixtures().join("hand/Second.ldtkl"),
        dir.join("hand/Second.ldtkl"),
    )
    .unwrap();
    p
}

/// The hand-made project's text with `from` replaced by `to` (once).
fn hand_with(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(fixtures().join("hand.ldtk")).unwrap();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

#[test]
fn bad_projects_give_errors_that_name_the_file_and_the_json_path() {
    let cases: Vec<(&str, String, Vec<&str>)> = vec![
        (
            "truncated",
            "{\"defs\": {\"layers\": [".into(),
            vec!["p.ldtk:1:", "EOF"],
        ),
        (
            "width-text",
            hand_with("\"pxWid\": 128", "\"pxWid\": \"wide\""),
            vec!["p.ldtk:", "at levels[0].pxWid", "invalid type"],
        ),
        (
            "no-levels",
            "{\"defs\": {\"layers\": []}, \"levels\": []}".into(),
            vec!["p.ldtk: a project with no levels"],
        ),
        (
            "huge",
            hand_with("\"pxWid\": 128", "\"pxWid\": 1000000"),
            vec![
                "levels[0] (`First_Room`)",
                "62500 x 6 tiles",
                "1 to 4096 tiles",
            ],
        ),
        (
            "short-csv",
            hand_with("\"__cWid\": 4", "\"__cWid\": 5"),
            vec![
                "levels[0].layerInstances[1] (`Coarse`).intGridCsv",
                "12 values for __cWid x __cHei = 5 x 3",
            ],
        ),
        (
            "oval-ball",
            hand_with(
                "\"width\": 12,\n       \"height\": 12",
                "\"width\": 14,\n       \"height\": 12",
            ),
            vec![
                "levels[0].layerInstances[0].entityInstances[3] (`Ball`)",
                "14 x 12",
                "square",
            ],
        ),
        (
            "second-spawn",
            hand_with("\"Exit\"", "\"Player\""),
            vec!["entityInstances[1] (`Player`)", "a second spawn"],
        ),
        (
            "side",
            hand_with("\"down\"", "\"sideways\""),
            vec!["entityInstances[5] (`Spikes`)", "side `sideways`"],
        ),
        (
            "lone-curve",
            hand_with("\"__type\": \"Point\"", "\"__type\": \"Int\"").replacen(
                "\"__type\": \"Array<Point>\"",
                "\"__type\": \"Int\"",
                1,
            ),
            vec![
                "entityInstances[6] (`Curve`)",
                "needs a Point or Array<Point> field",
            ],
        ),
        (
            "mass-text",
            hand_with("\"__value\": 50", "\"__value\": \"heavy\""),
            vec![
                "entityInstances[4] (`Crate`)",
                "field `mass`",
                "not a number",
            ],
        ),
        (
            "cubic-of-three",
            hand_with(
                "\"__identifier\": \"one_way\"",
                "\"__identifier\": \"curve\", \"__type\": \"String\", \"__value\": \"cubic\"}, {\"__identifier\": \"one_way\"",
            ),
            vec![
                "entityInstances[6] (`Curve`)",
                "cubic Béziers needs 4, 7, 10… points; it has 3",
            ],
        ),
    ];
    for (tag, text, wants) in &cases {
        let p = project(tag, text);
        let e = read_ldtk(&p, None).expect_err(tag);
        for w in wants {
            assert!(e.contains(w), "{tag}: `{w}` not in: {e}");
        }
        assert!(e.starts_with(&p.display().to_string()), "{tag}: {e}");
    }
    // The level saved separately is missing: the error names its file and
    // the level that keeps its layers there.
    let p = project("no-ldtkl", &hand_with("", ""));
    std::fs::remove_file(p.with_file_name("hand/Second.ldtkl")).unwrap();
    let e = read_ldtk(&p, None).unwrap_err();
    assert!(
        e.contains("Second.ldtkl: cannot read")
            && e.contains("levels[1] (`Second`) keeps its layers in hand/Second.ldtkl"),
        "{e}"
    );
    // No such level: the error lists them.
    let e = read_ldtk(&fixtures().join("hand.ldtk"), Some("Third")).unwrap_err();
    assert!(
        e.contains("no level `Third`; its levels are First_Room, Second"),
        "{e}"
    );
    // A folder, not a file.
    let e = read_ldtk(&fixtures(), None).unwrap_err();
    assert!(e.contains("cannot read: not a file"), "{e}");
    println!(
        "{} bad projects refused with file and JSON path",
        cases.len() + 3
    );
}

#[test]
fn mangled_projects_are_refused_or_read_never_a_panic() {
    let text = std::fs::read_to_string(fixtures().join("hand.ldtk")).unwrap();
    let dir = std::env::temp_dir().join(format!("tangent-ldtk-mangled-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("hand")).unwrap();
    std::fs::copy(
        fixtures().join("hand/Second.ldtkl"),
        dir.join("hand/Second.ldtkl"),
    )
    .unwrap();
    let p = dir.join("m.ldtk");
    let mut rng = Rng::new(0x1dc0_ffee);
    let swaps = [
        "0", "-1", "1e30", "null", "\"x\"", "[]", "{}", "true", "99999999", "0.5", "NaN",
    ];
    let (mut read, mut refused) = (0, 0);
    for _ in 0..400 {
        // Replace one number, string or literal of the file by another value.
        let bytes: Vec<char> = text.chars().collect();
        let mut at = rng.next() as usize % bytes.len();
        while at < bytes.len()
            && !bytes[at].is_ascii_digit()
            && bytes[at] != '"'
            && bytes[at] != 't'
            && bytes[at] != 'n'
        {
            at += 1;
        }
        let end = (at + 1..bytes.len())
            .find(|&i| matches!(bytes[i], ',' | '\n' | ']' | '}'))
            .unwrap_or(bytes.len());
        let swap = swaps[rng.next() as usize % swaps.len()];
        let mangled: String = bytes[..at.min(bytes.len())]
            .iter()
            .chain(swap.chars().collect::<Vec<_>>().iter())
            .chain(bytes[end.min(bytes.len())..].iter())
            .collect();
        std::fs::write(&p, &mangled).unwrap();
        let got = std::panic::catch_unwind(|| read_ldtk(&p, None));
        let got = got.unwrap_or_else(|_| panic!("panicked on:\n{mangled}"));
        match got {
            Ok(levels) => {
                read += 1;
                for l in &levels {
                    // Whatever was read places the player or says why not.
                    match l.for_player(&starter().player) {
                        Ok((parts, _)) => assert!(parts.objects.spawn.is_some()),
                        Err(e) => {
                            assert!(e.contains("no place where the player ("), "{e}")
                        }
                    }
                }
            }
            Err(e) => {
                refused += 1;
                assert!(
                    e.starts_with(&p.display().to_string()) || e.contains("Second.ldtkl"),
                    "{e}"
                );
            }
        }
    }
    println!("400 mangled projects: {read} read, {refused} refused with the file named");
    assert!(
        read >= 20 && refused >= 100,
        "{read} read, {refused} refused"
    );
}

/// The hand-made project's curve entity's `rest` field.
fn rest_of(json: &mut Value) -> &mut Value {
    let entities = &mut json["levels"][0]["layerInstances"][0]["entityInstances"];
    let entities = entities.as_array_mut().unwrap();
    let curve = entities.iter_mut().find(|e| e["__identifier"] == "Curve");
    let fields = curve.unwrap()["fieldInstances"].as_array_mut().unwrap();
    fields
        .iter_mut()
        .find(|f| f["__identifier"] == "rest")
        .unwrap()
}

/// A curve entity without a `curve` field is read by its number of points
/// after its own position: a multiple of 3, cubics; else even, quadratics;
/// else straight pieces. The hand-made project's curve (2 after: one
/// quadratic) with its `rest` array made 2 points (3 after: one cubic) and
/// emptied (1 after: one straight piece, as a quadratic with its control
/// point at the middle).
#[test]
fn a_curve_entitys_degree_comes_from_its_number_of_points() {
    let text = std::fs::read_to_string(fixtures().join("hand.ldtk")).unwrap();
    let mut json: Value = serde_json::from_str(&text).unwrap();
    let read = |json: &Value, tag: &str| {
        let p = project(tag, &serde_json::to_string_pretty(json).unwrap());
        let levels = read_ldtk(&p, None).unwrap_or_else(|e| panic!("{tag}: {e}"));
        level_of(&levels[0]).curves
    };
    rest_of(&mut json)["__value"] = serde_json::json!([{"cx": 5, "cy": 2}, {"cx": 6, "cy": 4}]);
    let cubic = read(&json, "three-after");
    // (32, 32) and the cells' centres (72, 24), (88, 40), (104, 72), y down.
    let points = |c: &[CurveDef]| c.iter().map(|c| c.points.clone()).collect::<Vec<_>>();
    assert_eq!(
        points(&cubic),
        [vec![
            (32.0, 64.0),
            (72.0, 72.0),
            (88.0, 56.0),
            (104.0, 24.0)
        ]]
    );
    rest_of(&mut json)["__value"] = serde_json::json!([]);
    let line = read(&json, "one-after");
    assert_eq!(
        points(&line),
        [vec![(32.0, 64.0), (52.0, 68.0), (72.0, 72.0)]]
    );
}
