//! An LDtk level's drawn tiles (#63). Oracle: LDtk's own sample projects
//! with their tileset images (`tests/levels/ldtk`), each level's tiles read
//! from the JSON generically (`serde_json::Value`, not the reader's types):
//! every tile LDtk draws inside the level is in the art exactly once, at
//! the pixel LDtk puts it, cut from the tileset's image where LDtk's `src`
//! says (worked out from the art's index and the tileset's layout), with
//! its flips and opacity, and the tiles of one place are drawn in LDtk's
//! order. Then the level's background colour and image, the art's
//! problems (a missing image, an `.aseprite` sheet), naming a level of a
//! project of several, and mangled projects: read or refused, never a
//! panic, a tile outside its layer or a layer past its size.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tangent_level::format::art::MapArt;
use tangent_level::import::ldtk::art::MAX_LAYER_CELLS;
use tangent_level::import::ldtk::read_ldtk_art;

mod common;
use common::Rng;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/levels/ldtk")
}

/// A drawn tile as LDtk says it is drawn: where its top-left corner is in
/// the level (px, y down), the part of the tileset it shows (`src`), its
/// flips (x, y) and its opacity in hundredths.
type Drawn = ((i64, i64), (i64, i64), (bool, bool), i64);

/// Every tile of every visible layer of `level` (JSON) inside the layer's
/// cells (`__cWid` x `__cHei` of `__gridSize` px), by place, in the order
/// LDtk draws them (bottom layer first, then each layer's tiles in order).
fn drawn_by_ldtk(level: &Value) -> BTreeMap<(i64, i64), Vec<Drawn>> {
    let mut out: BTreeMap<(i64, i64), Vec<Drawn>> = BTreeMap::new();
    let layers = level["layerInstances"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for l in layers.iter().rev() {
        if l["visible"] == Value::Bool(false) || l["__tilesetDefUid"].is_null() {
            continue;
        }
        let num = |v: &Value| v.as_i64().unwrap();
        let (ox, oy) = (num(&l["__pxTotalOffsetX"]), num(&l["__pxTotalOffsetY"]));
        let g = num(&l["__gridSize"]);
        let (w, h) = (num(&l["__cWid"]), num(&l["__cHei"]));
        let opacity = l["__opacity"].as_f64().unwrap();
        let tiles = l["gridTiles"].as_array().unwrap().iter();
        for t in tiles.chain(l["autoLayerTiles"].as_array().unwrap()) {
            let (x, y) = (num(&t["px"][0]), num(&t["px"][1]));
            if x < 0 || y < 0 || x >= w * g || y >= h * g {
                continue;
            }
            let f = num(&t["f"]);
            let a = t["a"].as_f64().unwrap_or(1.0);
            out.entry((x + ox, y + oy)).or_default().push((
                (x + ox, y + oy),
                (num(&t["src"][0]), num(&t["src"][1])),
                (f & 1 != 0, f & 2 != 0),
                (opacity * a * 100.0).round() as i64,
            ));
        }
    }
    out
}

/// The art's tiles, by place, in the order drawn (the art's layers in
/// order): each tile's place worked out from its cell and its layer's
/// offset, its `src` from its index and its tileset's layout.
fn drawn_by_art(art: &MapArt) -> BTreeMap<(i64, i64), Vec<Drawn>> {
    // The level's top, px above its bottom.
    let top = art.height as f64 * art.tile_size as f64;
    let mut out: BTreeMap<(i64, i64), Vec<Drawn>> = BTreeMap::new();
    for l in &art.layers {
        let set = &art.tilesets[l.tileset];
        let (tile, gap, margin) = (
            set.tile_size.0 as i64,
            set.spacing as i64,
            set.margin as i64,
        );
        let columns = set.columns as i64;
        let g = l.grid as f64;
        for t in &l.tiles {
            // The tile's top-left corner: its cell's, y down from the top.
            let x = (l.offset.0 as f64 + t.x as f64 * g) as i64;
            let y = (top - (l.offset.1 as f64 + (t.y + 1) as f64 * g)) as i64;
            let (col, row) = (t.index as i64 % columns, t.index as i64 / columns);
            let src = (margin + col * (tile + gap), margin + row * (tile + gap));
            assert!(!t.flip_d, "LDtk has no diagonal flip");
            out.entry((x, y)).or_default().push((
                (x, y),
                src,
                (t.flip_h, t.flip_v),
                (l.opacity as f64 * 100.0).round() as i64,
            ));
        }
    }
    out
}

fn levels_of(project: &Value) -> Vec<Value> {
    let mut levels: Vec<Value> = project["levels"].as_array().cloned().unwrap_or_default();
    for w in project["worlds"].as_array().cloned().unwrap_or_default() {
        levels.extend(w["levels"].as_array().cloned().unwrap_or_default());
    }
    levels
}

#[test]
fn every_samples_tiles_are_drawn_where_ldtk_draws_them() {
    let (mut projects, mut levels_read, mut backgrounds) = (0, 0, 0);
    let (mut tiles, mut stacked, mut flipped, mut faded) = (0usize, 0usize, 0usize, 0usize);
    let mut with_problems = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ldtk"))
        .collect();
    paths.sort();
    for path in &paths {
        let json: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        let levels = levels_of(&json);
        projects += 1;
        for level in &levels {
            let id = level["identifier"].as_str().unwrap();
            if level["layerInstances"].is_null() {
                continue; // saved separately: no tiles in these samples
            }
            let art = read_ldtk_art(path, Some(id))
                .unwrap_or_else(|e| panic!("{}: {id}: {e}", path.display()));
            levels_read += 1;
            let (g, w, h) = (art.tile_size as i64, art.width as i64, art.height as i64);
            let px = |k: &str| level[k].as_i64().unwrap();
            assert_eq!(
                (w, h),
                ((px("pxWid") + g - 1) / g, (px("pxHei") + g - 1) / g)
            );
            let want = drawn_by_ldtk(level);
            let got = drawn_by_art(&art);
            assert_eq!(
                got.len(),
                want.len(),
                "{}: {id}: places drawn",
                path.display()
            );
            for (place, list) in &want {
                assert_eq!(
                    got.get(place),
                    Some(list),
                    "{}: {id}: the tiles at {place:?}, bottom first",
                    path.display()
                );
                tiles += list.len();
                stacked += usize::from(list.len() > 1);
                flipped += list.iter().filter(|d| d.2 != (false, false)).count();
                faded += list.iter().filter(|d| d.3 < 100).count();
            }
            if !art.problems.is_empty() {
                with_problems.push(format!("{}: {id}: {:?}", path.display(), art.problems));
            }
            // The background colour LDtk shows (Tangent's own hand-made
            // project gives none).
            let bg = level["__bgColor"].as_str();
            let hex = |bg: &str, i: usize| u8::from_str_radix(&bg[i..i + 2], 16).unwrap();
            let rgba = bg.map(|bg| [hex(bg, 1), hex(bg, 3), hex(bg, 5), 255]);
            assert_eq!(art.background, rgba, "{}: {id}", path.display());
            backgrounds += usize::from(rgba.is_some());
        }
    }
    println!(
        "{projects} projects, {levels_read} levels ({backgrounds} with a background colour), {tiles} tiles ({stacked} places stacked, {flipped} flipped, {faded} faded); with problems: {with_problems:#?}"
    );
    assert!(projects >= 14 && levels_read >= 45, "{levels_read} levels");
    assert!(backgrounds + 2 >= levels_read, "{backgrounds} backgrounds");
    assert!(tiles > 20_000 && stacked > 1_000 && flipped > 500 && faded > 100);
    // The samples' images are all here but for LDtk's own icons and an
    // `.aseprite` sheet, which are not PNGs.
    for p in &with_problems {
        assert!(p.contains(".aseprite") || p.contains("has no image"), "{p}");
    }
}

#[test]
fn a_levels_background_image_is_placed_as_ldtk_places_it() {
    let path = fixtures().join("Test_file_for_API_showing_all_features.ldtk");
    let json: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let level = levels_of(&json)
        .into_iter()
        .find(|l| l["bgRelPath"].is_string())
        .unwrap();
    let id = level["identifier"].as_str().unwrap();
    let art = read_ldtk_art(&path, Some(id)).unwrap();
    assert_eq!(art.images.len(), 1);
    let image = &art.images[0];
    assert!(image.image.ends_with("atlas/Beach by deepnight.png"));
    let pos = &level["__bgPos"];
    let f = |v: &Value| v.as_f64().unwrap() as f32;
    let crop = &pos["cropRect"];
    assert_eq!(
        image.crop,
        Some((f(&crop[0]), f(&crop[1]), f(&crop[2]), f(&crop[3])))
    );
    assert_eq!(image.scale, (f(&pos["scale"][0]), f(&pos["scale"][1])));
    // Its top-left: LDtk's y down from the level's top; the level's y up
    // from its bottom, the grid's height above it.
    let top = art.height as f32 * art.tile_size;
    let at = &pos["topLeftPx"];
    assert_eq!(image.top_left, (f(&at[0]), top - f(&at[1])));
    assert_eq!(image.above_layers, 0, "under every layer");
    assert!(art.problems.is_empty(), "{:?}", art.problems);
}

/// A copy of the 2D platformer sample in a folder of its own, with its
/// tileset image unless `image` is false.
fn platformer_copy(tag: &str, image: bool) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tangent-ldtk-art-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("atlas")).unwrap();
    let name = "Typical_2D_platformer_example.ldtk";
    std::fs::copy(fixtures().join(name), dir.join(name)).unwrap();
    if image {
        let png = "atlas/SunnyLand_by_Ansimuz-extended.png";
        std::fs::copy(fixtures().join(png), dir.join(png)).unwrap();
    }
    dir.join(name)
}

#[test]
fn a_missing_tileset_image_is_a_problem_naming_it() {
    let path = platformer_copy("missing", false);
    let art = read_ldtk_art(&path, Some("Your_typical_2D_platformer")).unwrap();
    assert_eq!(art.problems.len(), 1, "{:?}", art.problems);
    let p = &art.problems[0];
    assert!(
        p.contains("SunnyLand_by_Ansimuz-extended.png") && p.contains("cannot be read"),
        "{p}"
    );
    assert!(!art.layers.is_empty(), "the tiles are read all the same");
    // Of another size than the project says.
    let png = path
        .parent()
        .unwrap()
        .join("atlas/SunnyLand_by_Ansimuz-extended.png");
    std::fs::copy(fixtures().join("atlas/TopDown_by_deepnight.png"), &png).unwrap();
    let art = read_ldtk_art(&path, Some("Your_typical_2D_platformer")).unwrap();
    assert!(
        art.problems
            .iter()
            .any(|p| p.contains("is 176 x 176 px; the map says 368 x 336")),
        "{:?}",
        art.problems
    );
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn a_project_of_several_levels_needs_the_level_named() {
    let path = platformer_copy("names", true);
    let e = read_ldtk_art(&path, None).unwrap_err();
    assert!(
        e.contains("name one after a `#`") && e.contains("Your_typical_2D_platformer"),
        "{e}"
    );
    let e = read_ldtk_art(&path, Some("Nowhere")).unwrap_err();
    assert!(e.contains("no level `Nowhere`"), "{e}");
    // A project of one level needs no name.
    let one = fixtures().join("AutoLayers_1_basic.ldtk");
    assert!(read_ldtk_art(&one, None).is_ok());
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

/// A sample with tiles (AutoLayers_2_stamps) with one number replaced by
/// another value, 400 times: the art is read or
/// refused naming the file, never a panic; what is read keeps every tile
/// inside its layer's cells, no layer past [`MAX_LAYER_CELLS`], opacities
/// from 0 to 1, and a tile past its tileset's end is a problem.
#[test]
fn mangled_projects_give_art_or_an_error_never_a_panic() {
    let name = "AutoLayers_2_stamps.ldtk";
    let text = std::fs::read_to_string(fixtures().join(name)).unwrap();
    let dir = common::temp_dir("ldtk-art-mangled");
    std::fs::create_dir_all(dir.join("atlas")).unwrap();
    let png = "atlas/Inca_front_by_Kronbits-extended.png";
    std::fs::copy(fixtures().join(png), dir.join(png)).unwrap();
    let p = dir.join(name);
    let mut rng = Rng::new(0x0a27_a27a);
    // Numbers by other numbers, mostly whole (so that most files still
    // read and their art is checked), now and then another type.
    let swaps = [
        "0", "-1", "-99999", "99999999", "4096", "-16", "3", "1e30", "0.5", "null", "\"x\"",
    ];
    let chars: Vec<char> = text.chars().collect();
    let (mut read, mut refused, mut with_problems) = (0, 0, 0);
    for _ in 0..400 {
        let mut at = rng.below(chars.len());
        while at < chars.len() && !chars[at].is_ascii_digit() {
            at += 1;
        }
        let end = (at + 1..chars.len())
            .find(|&i| matches!(chars[i], ',' | '\n' | ']' | '}'))
            .unwrap_or(chars.len());
        let at = at.min(chars.len());
        let swap = swaps[rng.below(swaps.len())];
        let mangled: String = chars[..at]
            .iter()
            .copied()
            .chain(swap.chars())
            .chain(chars[end..].iter().copied())
            .collect();
        std::fs::write(&p, &mangled).unwrap();
        let got = std::panic::catch_unwind(|| read_ldtk_art(&p, None));
        let got = got.unwrap_or_else(|_| panic!("panicked on:\n{mangled}"));
        match got {
            Ok(art) => {
                read += 1;
                with_problems += usize::from(!art.problems.is_empty());
                for l in &art.layers {
                    let (w, h) = l.cells;
                    assert!((w * h) as u64 <= MAX_LAYER_CELLS);
                    assert!(l.tiles.iter().all(|t| t.x < w && t.y < h));
                    assert!((0.0..=1.0).contains(&l.opacity), "{}", l.opacity);
                    let set = &art.tilesets[l.tileset];
                    let rows = (set.image_size.1 + set.spacing).saturating_sub(2 * set.margin)
                        / (set.tile_size.1 + set.spacing).max(1);
                    let past = l.tiles.iter().any(|t| t.index >= set.columns * rows);
                    assert!(!past || art.problems.iter().any(|p| p.contains("which has")));
                }
            }
            Err(e) => {
                refused += 1;
                assert!(e.starts_with(&p.display().to_string()), "{e}");
            }
        }
    }
    println!(
        "400 mangled projects: {read} art read ({with_problems} with problems), {refused} refused with the file named"
    );
    assert!(
        read >= 150 && refused >= 20,
        "{read} read, {refused} refused"
    );
    std::fs::remove_dir_all(&dir).ok();
}
