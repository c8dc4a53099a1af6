//! A level drawn with its Tiled map's own tiles (#63), from the pixels of
//! `tangent screenshot`'s renderer. The tileset is written here: four
//! 32 px tiles of pure colours in a 72 x 72 image with a 2 px margin and
//! 4 px spacing (red; green; blue on the left half and yellow on the
//! right; magenta), tile 1 animated (green for half a second, then
//! magenta). The map draws a red floor, the blue-yellow tile as it is on
//! the left and flipped horizontally on the right, and the animated tile.
//! Checked: each colour is on screen and no pixel of the margin or
//! spacing (cyan) is, the flipped tile's halves are the
//! other way round, the animated tile shows green early and magenta half
//! a second on; and with the tileset image missing the level is drawn in
//! its theme's tiles (none of the art's colours), with the warning.

use std::path::Path;

use crate::common::temp_dir;
use bevy::math::UVec2;
use tangent::screenshot::{Frame, ShotOptions, render_frame};

pub(crate) const RED: [u8; 3] = [255, 0, 0];
pub(crate) const GREEN: [u8; 3] = [0, 255, 0];
pub(crate) const BLUE: [u8; 3] = [0, 0, 255];
pub(crate) const YELLOW: [u8; 3] = [255, 255, 0];
pub(crate) const MAGENTA: [u8; 3] = [255, 0, 255];
/// The tileset's margin and spacing (a colour the theme does not use).
pub(crate) const EDGE: [u8; 3] = [0, 255, 255];

/// The tileset image: tile `k` at column `k % 2`, row `k / 2`, each 32
/// px, 2 px margin, 4 px spacing; the margin and spacing cyan.
pub(crate) fn write_tileset(path: &Path) {
    let (w, h) = (72u32, 72u32);
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let (cx, cy) = (
                x.checked_sub(2).map(|v| (v / 36, v % 36)),
                y.checked_sub(2).map(|v| (v / 36, v % 36)),
            );
            let rgb = match (cx, cy) {
                (Some((c, ox)), Some((r, oy))) if c < 2 && r < 2 && ox < 32 && oy < 32 => {
                    match r * 2 + c {
                        0 => RED,
                        1 => GREEN,
                        2 if ox < 16 => BLUE,
                        2 => YELLOW,
                        _ => MAGENTA,
                    }
                }
                _ => EDGE,
            };
            data.extend_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
        }
    }
    write_rgba(path, w, h, &data);
}

/// Writes `data` (`w` x `h` RGBA pixels) as a PNG.
pub(crate) fn write_rgba(path: &Path, w: u32, h: u32, data: &[u8]) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut encoder = png::Encoder::new(file, w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(data).unwrap();
}

/// A `w` x `h` PNG of one colour.
pub(crate) fn write_plain(path: &Path, w: u32, h: u32, rgb: [u8; 3]) {
    let data: Vec<u8> = (0..w * h)
        .flat_map(|_| [rgb[0], rgb[1], rgb[2], 255])
        .collect();
    write_rgba(path, w, h, &data);
}

/// The map (12 x 8 tiles of 32 px) and a level that draws it: a floor of
/// solid tiles on the bottom row, the player in the middle.
fn write_level(dir: &Path) -> std::path::PathBuf {
    let tsx = r#"<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="colours" tilewidth="32" tileheight="32" spacing="4" margin="2" tilecount="4" columns="2">
 <image source="colours.png" width="72" height="72"/>
 <tile id="1">
  <animation>
   <frame tileid="1" duration="500"/>
   <frame tileid="3" duration="500"/>
  </animation>
 </tile>
</tileset>
"#;
    std::fs::write(dir.join("colours.tsx"), tsx).unwrap();
    let mut rows = vec![vec![0u32; 12]; 8];
    rows[7] = vec![1; 12]; // the floor: tile 0 (gid 1)
    rows[5][3] = 3; // tile 2, as it is
    rows[5][8] = 3 | 0x8000_0000; // tile 2, flipped horizontally
    rows[3][6] = 2; // tile 1, animated
    let tmx = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="12" height="8" tilewidth="32" tileheight="32" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="colours.tsx"/>
 <layer id="1" name="art" width="12" height="8">
  <data encoding="csv">
{}
</data>
 </layer>
</map>
"#,
        csv_of(&rows)
    );
    std::fs::write(dir.join("colours.tmx"), tmx).unwrap();
    write_colours_level(dir, "colours.tmx")
}

/// A level of 12 x 8 tiles of 32 px, a floor of solid tiles on the bottom
/// row, the player in the middle, drawn with the map `art` names.
pub(crate) fn write_colours_level(dir: &Path, art: &str) -> std::path::PathBuf {
    let empty = format!("    \"{}\",\n", ".".repeat(12));
    let level = format!(
        "(\n  name: \"Colours\",\n  tile_size: 32,\n  legend: {{ '#': Solid, '.': Empty }},\n  tiles: [\n{}    \"{}\",\n  ],\n  art: Some({art:?}),\n  spawn: (200, 48),\n  goal: (position: (360, 64), size: (16, 32)),\n)\n",
        empty.repeat(7),
        "#".repeat(12)
    );
    let path = dir.join("colours.level.ron");
    std::fs::write(&path, level).unwrap();
    path
}

/// Rows of gids as a Tiled layer's CSV.
fn csv_of(rows: &[Vec<u32>]) -> String {
    let lines: Vec<String> = rows
        .iter()
        .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        .collect();
    lines.join(",\n")
}

/// The screen places of the pixels within 8 of `rgb` on each channel.
pub(crate) fn pixels_of(f: &Frame, rgb: [u8; 3]) -> Vec<(u32, u32)> {
    let near = |p: [u8; 3]| (0..3).all(|c| p[c].abs_diff(rgb[c]) <= 8);
    let mut out = Vec::new();
    for y in 0..f.height {
        for x in 0..f.width {
            if near(f.pixel(x, y)) {
                out.push((x, y));
            }
        }
    }
    out
}

/// The screen xs of the pixels within 8 of `rgb` on each channel.
pub(crate) fn xs_of(f: &Frame, rgb: [u8; 3]) -> Vec<u32> {
    pixels_of(f, rgb).into_iter().map(|p| p.0).collect()
}

pub(crate) fn mean(xs: &[u32]) -> f64 {
    xs.iter().map(|&x| f64::from(x)).sum::<f64>() / xs.len().max(1) as f64
}

/// Writes `f` as a PNG.
pub(crate) fn save(f: &Frame, path: &Path) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut encoder = png::Encoder::new(file, f.width, f.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .unwrap()
        .write_image_data(&f.rgb)
        .unwrap();
}

pub(crate) fn shot(level: &Path, frame: u64) -> Frame {
    let opts = ShotOptions {
        level: level.to_path_buf(),
        replay: None,
        frame,
        size: UVec2::new(640, 360),
        press: Vec::new(),
        title: false,
    };
    render_frame(&opts).unwrap()
}

#[test]
fn a_levels_art_is_drawn_with_its_own_tiles_flips_and_animation() {
    let dir = temp_dir("map-art");
    write_tileset(&dir.join("colours.png"));
    let level = write_level(&dir);
    let early = shot(&level, 10);
    // Kept, to look at: the system's temp folder, `tangent-map-art.png`.
    save(&early, &std::env::temp_dir().join("tangent-map-art.png"));
    let counts: Vec<usize> = [RED, GREEN, BLUE, YELLOW, MAGENTA]
        .iter()
        .map(|&c| xs_of(&early, c).len())
        .collect();
    println!("early frame: red, green, blue, yellow, magenta pixels {counts:?}");
    assert!(counts[0] > 2000, "the red floor: {counts:?}");
    // Whole tiles: none of the margin or spacing around them.
    let edge = xs_of(&early, EDGE).len();
    assert!(
        edge < 20,
        "{edge} px of the tileset's margin or spacing drawn"
    );
    assert!(counts[1] > 200 && counts[4] == 0, "green first: {counts:?}");
    assert!(
        counts[2] > 200 && counts[3] > 200,
        "blue and yellow: {counts:?}"
    );
    // Two blue-yellow tiles, the left as drawn (blue left of yellow), the
    // right flipped (yellow left of blue): split them at their middle.
    let (blue, yellow) = (xs_of(&early, BLUE), xs_of(&early, YELLOW));
    let middle = mean(&[blue.clone(), yellow.clone()].concat());
    let side = |xs: &[u32], left: bool| -> Vec<u32> {
        xs.iter()
            .copied()
            .filter(|&x| (f64::from(x) < middle) == left)
            .collect()
    };
    assert!(
        mean(&side(&blue, true)) < mean(&side(&yellow, true)),
        "the tile as drawn"
    );
    assert!(
        mean(&side(&blue, false)) > mean(&side(&yellow, false)),
        "the flipped tile"
    );
    // Half a second on, the animated tile is magenta.
    let later = shot(&level, 45);
    let (green, magenta) = (xs_of(&later, GREEN).len(), xs_of(&later, MAGENTA).len());
    println!("later frame: green {green}, magenta {magenta} pixels");
    assert!(
        magenta > 200 && green == 0,
        "magenta later: {green} green, {magenta} magenta"
    );
    // Without the tileset image: the theme's tiles, none of the art's colours.
    std::fs::remove_file(dir.join("colours.png")).unwrap();
    let fallback = shot(&level, 10);
    for c in [RED, GREEN, BLUE, YELLOW, MAGENTA] {
        assert!(
            xs_of(&fallback, c).len() < 20,
            "{c:?} drawn without the art"
        );
    }
    let checked = tangent::level::play::load_level_file(&level).unwrap();
    let problems = checked.art.map(|a| a.problems).unwrap_or_default();
    assert!(
        problems.iter().any(|p| p.contains("colours.png")),
        "{problems:?}"
    );
    assert!(checked.warnings.iter().any(|w| w.contains("colours.png")));
    std::fs::remove_dir_all(&dir).ok();
}

const ORANGE: [u8; 3] = [255, 128, 0];
const TEAL: [u8; 3] = [0, 128, 128];
/// The map's background colour, `#203040`.
const NAVY: [u8; 3] = [0x20, 0x30, 0x40];

/// Tiled's other ways: a tile rotated a quarter turn clockwise (Tiled
/// writes it flipped diagonally and horizontally), a second tileset (one
/// orange tile twice as tall as the grid, in an image of its own), an
/// image layer (a teal square, drawn once at its offset, under the tiles)
/// and the map's background colour. Checked: the rotated blue-yellow tile
/// has blue above yellow (it had blue left of yellow); the tall tile
/// stands on its cell's bottom, as Tiled draws it, twice the cell's
/// height; each colour is on screen.
#[test]
fn a_rotated_tile_two_tilesets_an_image_layer_and_the_background() {
    let dir = temp_dir("map-art-more");
    write_tileset(&dir.join("colours.png"));
    write_plain(&dir.join("orange.png"), 32, 64, ORANGE);
    write_plain(&dir.join("teal.png"), 64, 64, TEAL);
    let level = write_level(&dir);
    let mut rows = vec![vec![0u32; 12]; 8];
    rows[7] = vec![1; 12];
    rows[5][4] = 3 | 0x8000_0000 | 0x2000_0000; // tile 2, rotated clockwise
    rows[5][8] = 5; // the orange tileset's tile
    let tmx = format!(
        r##"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="12" height="8" tilewidth="32" tileheight="32" infinite="0" backgroundcolor="#203040" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" source="colours.tsx"/>
 <tileset firstgid="5" name="orange" tilewidth="32" tileheight="64" tilecount="1" columns="1">
  <image source="orange.png" width="32" height="64"/>
 </tileset>
 <imagelayer id="2" name="backdrop" offsetx="96" offsety="64">
  <image source="teal.png" width="64" height="64"/>
 </imagelayer>
 <layer id="1" name="art" width="12" height="8">
  <data encoding="csv">
{}
</data>
 </layer>
</map>
"##,
        csv_of(&rows)
    );
    std::fs::write(dir.join("colours.tmx"), tmx).unwrap();
    // Step 40: the last 30 steps drawn, so every pipeline (the backdrop's
    // sprites too) has compiled, even on a machine busy with other tests.
    let frame = shot(&level, 40);
    save(
        &frame,
        &std::env::temp_dir().join("tangent-map-art-more.png"),
    );
    let (blue, yellow) = (pixels_of(&frame, BLUE), pixels_of(&frame, YELLOW));
    let mean_y = |ps: &[(u32, u32)]| mean(&ps.iter().map(|p| p.1).collect::<Vec<_>>());
    let mean_x = |ps: &[(u32, u32)]| mean(&ps.iter().map(|p| p.0).collect::<Vec<_>>());
    println!(
        "blue at ({:.1}, {:.1}), yellow at ({:.1}, {:.1}); orange {}, teal {}, navy {} px",
        mean_x(&blue),
        mean_y(&blue),
        mean_x(&yellow),
        mean_y(&yellow),
        xs_of(&frame, ORANGE).len(),
        xs_of(&frame, TEAL).len(),
        xs_of(&frame, NAVY).len()
    );
    assert!(blue.len() > 200 && yellow.len() > 200);
    // Screen y points down: blue above yellow, side by side no more.
    assert!(mean_y(&blue) + 8.0 < mean_y(&yellow), "rotated clockwise");
    assert!((mean_x(&blue) - mean_x(&yellow)).abs() < 2.0);
    // The tall tile, in the same row as the rotated one: its bottom on
    // the row's bottom (yellow's), twice the row's height.
    let orange = pixels_of(&frame, ORANGE);
    let rows = |ps: &[(u32, u32)]| {
        let ys = ps.iter().map(|p| p.1);
        (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0))
    };
    let ((top, bottom), (cell_top, cell_bottom)) = (rows(&orange), rows(&[blue, yellow].concat()));
    println!("the tall tile's rows {top}-{bottom}, its cell's {cell_top}-{cell_bottom}");
    assert!(orange.len() > 800, "the second tileset");
    assert_eq!(bottom, cell_bottom, "standing on its cell's bottom");
    let (tall, cell) = (bottom - top + 1, cell_bottom - cell_top + 1);
    assert!(
        tall.abs_diff(2 * cell) <= 1,
        "{tall} px tall, the cell {cell}"
    );
    assert!(xs_of(&frame, TEAL).len() > 1500, "the image layer");
    assert!(xs_of(&frame, NAVY).len() > 5000, "the background colour");
    std::fs::remove_dir_all(&dir).ok();
}

/// Live: the level reloads when its map is saved (a tile changed), when a
/// tileset image goes missing and comes back, and when the map is saved
/// half-way; while the art cannot be read the problem is on screen and the
/// last good art is kept.
#[test]
fn saving_the_map_or_its_image_reloads_the_level() {
    use tangent::level::LevelWatchPlugin;
    use tangent::level::{CurrentLevel, LevelStatus};
    let dir = temp_dir("map-art-live");
    write_tileset(&dir.join("colours.png"));
    let level = write_level(&dir);
    let mut app = tangent::sim::headless::headless_app(&level, None).unwrap();
    app.add_plugins(LevelWatchPlugin);
    for _ in 0..3 {
        app.update();
    }
    let tile_at = |app: &bevy::prelude::App, x: usize, y: usize| {
        let art = app.world().resource::<CurrentLevel>().level.art.clone();
        let art = art.expect("the map is read");
        let problems = art.problems.len();
        let index = art.layers[0]
            .tiles
            .iter()
            .find(|t| (t.x, t.y) == (x, y))
            .map(|t| t.index);
        (index, problems)
    };
    assert_eq!(tile_at(&app, 3, 2), (Some(2), 0));
    // The blue-yellow tile at column 3, row 2 becomes the magenta one.
    let map = dir.join("colours.tmx");
    let text = std::fs::read_to_string(&map).unwrap();
    let edited = text.replacen("0,0,0,3,0", "0,0,0,4,0", 1);
    assert_ne!(text, edited);
    std::fs::write(&map, edited).unwrap();
    crate::live_reload::settle(&mut app);
    assert_eq!(tile_at(&app, 3, 2), (Some(3), 0));
    // The image goes: the level reloads, the problem on screen, the last
    // good art kept (the renderer keeps its last good image too).
    std::fs::remove_file(dir.join("colours.png")).unwrap();
    crate::live_reload::settle(&mut app);
    assert_eq!(tile_at(&app, 3, 2), (Some(3), 0));
    let shown = |app: &bevy::prelude::App| {
        let status = app.world().resource::<LevelStatus>();
        status.warning.clone().unwrap_or_default()
    };
    assert!(shown(&app).contains("colours.png"), "{}", shown(&app));
    write_tileset(&dir.join("colours.png"));
    crate::live_reload::settle(&mut app);
    assert_eq!(tile_at(&app, 3, 2), (Some(3), 0));
    assert!(shown(&app).is_empty(), "{}", shown(&app));
    // The map saved half-way (not XML): the error, file and line, on
    // screen; the last good art kept.
    let whole = std::fs::read_to_string(&map).unwrap();
    std::fs::write(&map, &whole[..whole.len() / 2]).unwrap();
    crate::live_reload::settle(&mut app);
    assert_eq!(tile_at(&app, 3, 2), (Some(3), 0));
    assert!(shown(&app).contains("colours.tmx:"), "{}", shown(&app));
    std::fs::write(&map, &whole).unwrap();
    crate::live_reload::settle(&mut app);
    assert!(shown(&app).is_empty(), "{}", shown(&app));
    std::fs::remove_dir_all(&dir).ok();
}
