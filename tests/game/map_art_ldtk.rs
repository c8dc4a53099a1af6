//! A level drawn with an LDtk level's own tiles (#63), from the pixels of
//! `tangent screenshot`'s renderer. The project is written here, as LDtk
//! writes one: the tileset of `map_art.rs` (four 32 px tiles of pure
//! colours, 2 px margin, 4 px spacing) and a second of one orange tile;
//! an IntGrid layer whose rules drew a red floor; a Tiles layer with the
//! blue-yellow tile as it is and flipped in x, a magenta tile with a green
//! one stacked on it, and the orange tile; the level's background colour.
//! Checked: the flipped tile's halves are the other way round, the stacked
//! cell shows the tile LDtk draws on top (green, no magenta), the second
//! tileset's orange and the background colour are on screen, and no pixel
//! of the margin or spacing is. Live: a tile changed in the project on
//! disk reloads the level. The editor keeps the art. And LDtk's own 2D
//! platformer sample, drawn by the game, is its tileset's own pixels.

use std::path::{Path, PathBuf};

use crate::common::temp_dir;
use crate::map_art::{
    BLUE, EDGE, GREEN, MAGENTA, RED, YELLOW, mean, save, shot, write_colours_level, write_plain,
    write_tileset, xs_of,
};

const ORANGE: [u8; 3] = [255, 128, 0];
/// The level's background colour, `#203040`.
const NAVY: [u8; 3] = [0x20, 0x30, 0x40];

/// A tile of the JSON: its top-left corner (px, y down), its tileset
/// layout's `src`, id and flips.
fn tile(x: i64, y: i64, t: i64, f: i64) -> String {
    // The colours tileset: 2 columns of 32 px, spacing 4, margin 2.
    let (sx, sy) = (2 + (t % 2) * 36, 2 + (t / 2) * 36);
    format!(r#"{{ "px": [{x},{y}], "src": [{sx},{sy}], "f": {f}, "t": {t}, "d": [0], "a": 1 }}"#)
}

/// The project (one level, `Room`, 12 x 8 cells of 32 px) and a level that
/// draws it.
pub(crate) fn write_project(dir: &Path, stacked_top: i64) -> PathBuf {
    write_tileset(&dir.join("colours.png"));
    write_plain(&dir.join("orange.png"), 32, 32, ORANGE);
    let floor: Vec<String> = (0..12).map(|x| tile(x * 32, 7 * 32, 0, 0)).collect();
    let mut csv = vec!["0"; 12 * 8];
    csv[12 * 7..].fill("1");
    let front = [
        tile(3 * 32, 2 * 32, 2, 0),
        tile(8 * 32, 2 * 32, 2, 1),
        tile(6 * 32, 4 * 32, 3, 0),
        tile(6 * 32, 4 * 32, stacked_top, 0),
    ];
    let orange = r#"{ "px": [320,128], "src": [0,0], "f": 0, "t": 0, "a": 1 }"#;
    let layer = |id: &str, kind: &str, set: i64, grid: &str, auto: &str, tiles: &str| {
        format!(
            r#"{{ "__identifier": "{id}", "__type": "{kind}", "__cWid": 12, "__cHei": 8, "__gridSize": 32,
  "__opacity": 1, "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": {set},
  "__tilesetRelPath": null, "layerDefUid": {set}, "visible": true, "intGridCsv": [{grid}],
  "autoLayerTiles": [{auto}], "gridTiles": [{tiles}], "entityInstances": [] }}"#
        )
    };
    let json = format!(
        r##"{{ "jsonVersion": "1.5.3", "defs": {{
  "layers": [ {{ "uid": 1, "intGridValues": [ {{ "value": 1, "identifier": "walls" }} ] }} ],
  "tilesets": [
    {{ "uid": 1, "identifier": "colours", "relPath": "colours.png", "pxWid": 72, "pxHei": 72,
      "tileGridSize": 32, "spacing": 4, "padding": 2, "__cWid": 2 }},
    {{ "uid": 2, "identifier": "orange", "relPath": "orange.png", "pxWid": 32, "pxHei": 32,
      "tileGridSize": 32, "spacing": 0, "padding": 0, "__cWid": 1 }} ] }},
  "levels": [ {{ "identifier": "Room", "pxWid": 384, "pxHei": 256, "__bgColor": "#203040",
    "layerInstances": [ {}, {}, {} ] }} ] }}"##,
        layer("Orange", "Tiles", 2, "", "", orange),
        layer("Front", "Tiles", 1, "", "", &front.join(",")),
        layer("Ground", "IntGrid", 1, &csv.join(","), &floor.join(","), ""),
    );
    std::fs::write(dir.join("colours.ldtk"), json).unwrap();
    write_colours_level(dir, "colours.ldtk#Room")
}

#[test]
fn an_ldtk_levels_tiles_are_drawn_as_ldtk_draws_them() {
    let dir = temp_dir("map-art-ldtk");
    let level = write_project(&dir, 1);
    let checked = tangent::level::play::load_level_file(&level).unwrap();
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
    // Step 40: the last 30 steps drawn, so every pipeline (the background
    // sprite's too) has compiled, even on a machine busy with other tests.
    let frame = shot(&level, 40);
    save(
        &frame,
        &std::env::temp_dir().join("tangent-map-art-ldtk.png"),
    );
    let count = |c: [u8; 3]| xs_of(&frame, c).len();
    let counts: Vec<usize> = [RED, GREEN, BLUE, YELLOW, MAGENTA, ORANGE, NAVY]
        .iter()
        .map(|&c| count(c))
        .collect();
    println!("red, green, blue, yellow, magenta, orange, navy pixels {counts:?}");
    assert!(counts[0] > 2000, "the floor the rules drew: {counts:?}");
    assert!(
        counts[1] > 400 && counts[4] == 0,
        "green on magenta: {counts:?}"
    );
    assert!(counts[5] > 400, "the second tileset: {counts:?}");
    assert!(counts[6] > 5000, "the level's background: {counts:?}");
    assert!(count(EDGE) < 20, "the tileset's margin or spacing drawn");
    // The blue-yellow tile as it is (left), and flipped in x (right).
    let (blue, yellow) = (xs_of(&frame, BLUE), xs_of(&frame, YELLOW));
    let middle = mean(&[blue.clone(), yellow.clone()].concat());
    let side = |xs: &[u32], left: bool| -> Vec<u32> {
        let on_side = |x: &u32| (f64::from(*x) < middle) == left;
        xs.iter().copied().filter(on_side).collect()
    };
    assert!(mean(&side(&blue, true)) < mean(&side(&yellow, true)));
    assert!(mean(&side(&blue, false)) > mean(&side(&yellow, false)));
    std::fs::remove_dir_all(&dir).ok();
}

/// Live: the level reloads when the project is saved (the stacked cell's
/// top tile changed from green to blue-yellow).
#[test]
fn saving_the_ldtk_project_reloads_the_level() {
    use tangent::level::{CurrentLevel, LevelWatchPlugin};
    let dir = temp_dir("map-art-ldtk-live");
    let level = write_project(&dir, 1);
    let mut app = tangent::sim::headless::headless_app(&level, None).unwrap();
    app.add_plugins(LevelWatchPlugin);
    for _ in 0..3 {
        app.update();
    }
    // The top tile of the stacked cell (column 6, row 3 from the bottom).
    let top_at = |app: &bevy::prelude::App| {
        let art = app.world().resource::<CurrentLevel>().level.art.clone();
        let art = art.expect("the project is read");
        let on_cell = art.layers.iter().flat_map(|l| &l.tiles);
        on_cell
            .filter(|t| (t.x, t.y) == (6, 3))
            .map(|t| t.index)
            .next_back()
    };
    assert_eq!(top_at(&app), Some(1));
    std::thread::sleep(std::time::Duration::from_millis(20));
    write_project(&dir, 2);
    crate::live_reload::settle(&mut app);
    assert_eq!(top_at(&app), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// The editor shows the art while editing (its preview keeps the map's
/// tiles) and keeps `art` in what it saves; a frame of the editor open
/// shows the art's colours, and over them, see-through, the tiles that
/// collide (hidden while playing).
#[test]
fn the_editor_shows_the_art_and_keeps_it_when_saving() {
    use bevy::ecs::system::RunSystemOnce;
    use bevy::prelude::*;
    use tangent::editor::edit::Edit;
    use tangent::editor::model::EditorModel;
    use tangent::editor::state::{EditorState, preview};
    use tangent::level::{CurrentLevel, LevelCommand};
    use tangent_level::files::save::write_over;
    use tangent_level::format::TileDef;
    let dir = temp_dir("map-art-editor");
    let level = write_project(&dir, 1);
    let mut app = tangent::sim::headless::headless_app(&level, None).unwrap();
    app.update();
    let text = std::fs::read_to_string(&level).unwrap();
    let file = app.world().resource::<CurrentLevel>().level.file.clone();
    let mut model = EditorModel::new(file.clone());
    assert!(model.apply(Edit::PaintTile(Vec2::new(48.0, 80.0), TileDef::Solid)));
    let edited = model.file.clone();
    app.insert_resource(EditorState {
        model: Some(model),
        saved: Some((text.clone(), file.clone())),
        ..default()
    });
    app.world_mut()
        .run_system_once(
            |mut state: ResMut<EditorState>,
             current: Res<CurrentLevel>,
             mut commands: MessageWriter<LevelCommand>| {
                preview(&mut state, &current, &mut commands)
            },
        )
        .unwrap();
    app.update();
    app.update();
    let shown = &app.world().resource::<CurrentLevel>().level;
    assert_eq!(shown.file.tiles, edited.tiles, "the edit is shown");
    let art = shown.art.as_ref().expect("the art is kept in the preview");
    assert!(art.problems.is_empty() && art.layers.len() >= 3);
    let written = write_over(&text, &file, &edited);
    assert!(
        written.contains("art: Some(\"colours.ldtk#Room\")"),
        "{written}"
    );
    // The editor open over the level: the art's colours are drawn.
    let opts = tangent::screenshot::ShotOptions {
        level: level.clone(),
        replay: None,
        frame: 30,
        size: bevy::math::UVec2::new(640, 360),
        press: vec!["Tab".into()],
        title: false,
    };
    let frame = tangent::screenshot::render_frame(&opts).unwrap();
    save(
        &frame,
        &std::env::temp_dir().join("tangent-map-art-editor.png"),
    );
    let (green, orange) = (xs_of(&frame, GREEN).len(), xs_of(&frame, ORANGE).len());
    // The tiles that collide show over the art, see-through: the floor's
    // pure red is gone under them.
    let playing = shot(&level, 30);
    let (red_editing, red_playing) = (xs_of(&frame, RED).len(), xs_of(&playing, RED).len());
    println!(
        "the editor open: green {green}, orange {orange} px; the red floor {red_editing} px, {red_playing} playing"
    );
    assert!(green > 300 && orange > 300);
    assert!(red_playing > 2000 && red_editing * 4 < red_playing);
    std::fs::remove_dir_all(&dir).ok();
}

/// An sRGB byte as linear light, 0 to 1.
fn linear(c: u8) -> f32 {
    let c = f32::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light as an sRGB byte.
fn srgb(l: f32) -> u8 {
    let c = if l <= 0.003_130_8 {
        l * 12.92
    } else {
        1.055 * l.powf(1.0 / 2.4) - 0.055
    };
    (c * 255.0).round().clamp(0.0, 255.0) as u8
}

/// An RGBA PNG's width and pixels.
pub(crate) fn read_rgba(path: &Path) -> (usize, Vec<u8>) {
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut data = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut data).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
    data.truncate(info.buffer_size());
    (info.width as usize, data)
}

/// The level as LDtk shows it, worked out from the JSON (read generically)
/// and the tileset's own pixels: the background colour, then each visible
/// layer bottom first, each tile's `src` square of the tileset (flipped as
/// `f` says) at its `px` plus the layer's offset, blended in linear light
/// by the pixel's alpha times the tile's and the layer's opacity. Returns
/// the width and the sRGB pixels, row by row from the top.
fn composite(project: &Path, id: &str) -> (usize, usize, Vec<[u8; 3]>) {
    use serde_json::Value;
    let json: Value = serde_json::from_slice(&std::fs::read(project).unwrap()).unwrap();
    let level = json["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["identifier"] == id)
        .unwrap();
    let n = |v: &Value| v.as_i64().unwrap();
    let (w, h) = (n(&level["pxWid"]) as usize, n(&level["pxHei"]) as usize);
    let bg = level["__bgColor"].as_str().unwrap();
    let byte = |i: usize| u8::from_str_radix(&bg[i..i + 2], 16).unwrap();
    let mut out = vec![[linear(byte(1)), linear(byte(3)), linear(byte(5))]; w * h];
    let dir = project.parent().unwrap();
    for l in level["layerInstances"].as_array().unwrap().iter().rev() {
        let Some(rel) = l["__tilesetRelPath"]
            .as_str()
            .filter(|_| l["visible"] == true)
        else {
            continue;
        };
        let (tw, tiles_png) = read_rgba(&dir.join(rel));
        let g = n(&l["__gridSize"]);
        let (ox, oy) = (n(&l["__pxTotalOffsetX"]), n(&l["__pxTotalOffsetY"]));
        let opacity = l["__opacity"].as_f64().unwrap() as f32;
        let tiles = l["gridTiles"].as_array().unwrap().iter();
        for t in tiles.chain(l["autoLayerTiles"].as_array().unwrap()) {
            let (f, a) = (n(&t["f"]), t["a"].as_f64().unwrap_or(1.0) as f32);
            for v in 0..g {
                for u in 0..g {
                    let (x, y) = (n(&t["px"][0]) + ox + u, n(&t["px"][1]) + oy + v);
                    if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
                        continue;
                    }
                    let su = if f & 1 != 0 { g - 1 - u } else { u };
                    let sv = if f & 2 != 0 { g - 1 - v } else { v };
                    let at = 4
                        * ((n(&t["src"][1]) + sv) as usize * tw + (n(&t["src"][0]) + su) as usize);
                    let px = &tiles_png[at..at + 4];
                    let alpha = f32::from(px[3]) / 255.0 * a * opacity;
                    let dst = &mut out[y as usize * w + x as usize];
                    for c in 0..3 {
                        dst[c] = linear(px[c]) * alpha + dst[c] * (1.0 - alpha);
                    }
                }
            }
        }
    }
    (w, h, out.into_iter().map(|p| p.map(srgb)).collect())
}

/// LDtk's 2D platformer sample, imported and drawn by the game at twice its
/// size, against the level worked out from its JSON and its tileset's own
/// pixels ([`composite`]): where the view lies is found by trying every
/// place, and then nearly every pixel of the level on screen below the
/// HUD's band (but the player's) is the tileset's, within 6 of 255 a
/// channel. Drawn with the app's smooth sampler instead of magnified, 72 %
/// were.
#[test]
fn ldtk_samples_frame_is_its_tilesets_own_pixels() {
    let dir = temp_dir("map-art-sample");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/levels/ldtk");
    let name = "Typical_2D_platformer_example.ldtk";
    let png = "atlas/SunnyLand_by_Ansimuz-extended.png";
    std::fs::create_dir_all(dir.join("atlas")).unwrap();
    std::fs::copy(fixtures.join(name), dir.join(name)).unwrap();
    std::fs::copy(fixtures.join(png), dir.join(png)).unwrap();
    let level = dir.join("sample.level.ron");
    let id = "Your_typical_2D_platformer";
    let said = tangent_level::import::import_ldtk_into(&dir.join(name), Some(id), &level).unwrap();
    assert!(
        said.contains(&format!("art: Some(\"{name}#{id}\")")),
        "{said}"
    );
    // Twice the size: a view 360 px tall on a 720 px frame.
    let text = std::fs::read_to_string(&level).unwrap();
    let close = text.rfind(')').unwrap();
    let text = format!("{}    view_height: Some(360),\n)\n", &text[..close]);
    std::fs::write(&level, text).unwrap();
    let opts = tangent::screenshot::ShotOptions {
        level: level.clone(),
        replay: None,
        frame: 30,
        size: bevy::math::UVec2::new(1280, 720),
        press: Vec::new(),
        title: false,
    };
    let frame = tangent::screenshot::render_frame(&opts).unwrap();
    save(
        &frame,
        &std::env::temp_dir().join("tangent-map-art-sample.png"),
    );
    let (w, h, want) = composite(&dir.join(name), id);
    let near = |a: [u8; 3], b: [u8; 3]| (0..3).all(|c| a[c].abs_diff(b[c]) <= 6);
    // Screen pixels below the HUD, on an 8 px lattice offset by 3 (inside
    // a level pixel's 2 x 2 square wherever the view lies).
    let samples: Vec<(i64, i64)> = (96..720)
        .step_by(8)
        .flat_map(|y| (3..1280).step_by(8).map(move |x| (x, y)))
        .collect();
    // The screen's (x, y) shows the level's ((x - dx) / 2, (y - dy) / 2);
    // a place is given up once a third of 64 or more samples differ.
    let score = |dx: i64, dy: i64| -> Option<(usize, usize)> {
        let (mut on, mut same) = (0, 0);
        for &(x, y) in &samples {
            let (lx, ly) = ((x - dx).div_euclid(2), (y - dy).div_euclid(2));
            if lx < 0 || ly < 0 || lx >= w as i64 || ly >= h as i64 {
                continue;
            }
            on += 1;
            // The view may lie a fraction of a pixel off the level's
            // pixels: what the screen pixel's neighbours show is as good.
            let got = frame.pixel(x as u32, y as u32);
            let shown = |(ax, ay): (i64, i64)| {
                let (lx, ly) = ((ax - dx).div_euclid(2), (ay - dy).div_euclid(2));
                let inside = lx >= 0 && ly >= 0 && lx < w as i64 && ly < h as i64;
                inside && near(got, want[ly as usize * w + lx as usize])
            };
            let around = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];
            same += usize::from(around.iter().any(|&(ax, ay)| shown((x + ax, y + ay))));
            if on >= 64 && 3 * (on - same) > on {
                return None;
            }
        }
        Some((on, same))
    };
    // The level (twice its size) is wider than the view and nearly as
    // tall: its left edge within the view's width of the screen's, its top
    // within 150 px of the screen's.
    let mut best = (0.0, 0, 0, 0);
    for dy in -150..150 {
        for dx in (1280 - 2 * w as i64)..=0 {
            let Some((on, same)) = score(dx, dy) else {
                continue;
            };
            let share = same as f64 / on.max(1) as f64;
            if on > samples.len() / 2 && share > best.0 {
                best = (share, dx, dy, on);
            }
        }
    }
    let (share, dx, dy, on) = best;
    println!(
        "the level lies at ({dx}, {dy}) on screen: {on} samples on it, {:.1} % the tileset's own pixels",
        share * 100.0
    );
    assert!(share > 0.97, "{:.1} % of {on}", share * 100.0);
    std::fs::remove_dir_all(&dir).ok();
}
