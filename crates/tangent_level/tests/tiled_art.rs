//! A Tiled map's drawn tiles (#63, the reading half: the game draws them
//! next). Oracle: a map written here as Tiled writes one, two tilesets (an
//! external one with spacing, margin and an animated tile; an embedded
//! one), a layer drawing from both, flipped and rotated tiles written as
//! Tiled's gid flags by hand, a layer with an offset and an opacity, and
//! PNG images of known sizes; every value the test checks was worked out
//! from what it wrote. Then the art's problems (a missing image, one that
//! is not a PNG, one of another size than its tileset says), each naming
//! the file; and every map in `tests/levels/tiled` read without a panic,
//! failing only where the level reader fails.

use std::path::{Path, PathBuf};

mod common;

use common::temp_dir;

use tangent_level::import::images::png_size;
use tangent_level::import::tiled::{ArtTile, MapArt, read_tmx, read_tmx_art};

/// Tiled's gid flags: flipped horizontally, vertically, diagonally.
const H: u32 = 0x8000_0000;
const V: u32 = 0x4000_0000;
const D: u32 = 0x2000_0000;

/// A `w` x `h` RGBA PNG (every pixel the same).
fn write_png(path: &Path, w: u32, h: u32) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut encoder = png::Encoder::new(file, w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer
        .write_image_data(&vec![200u8; (w * h * 4) as usize])
        .unwrap();
}

/// The map: 6 x 4 tiles of 16 px. `ground` (external, firstgid 1): 8
/// tiles of 16 px in 4 columns, spacing 2, margin 1 (so 72 x 36 px), tile
/// 5 animated (5 for 100 ms, 6 for 200 ms). `props` (embedded, firstgid
/// 9): 2 tiles in a 32 x 16 image.
fn write_map(dir: &Path) -> PathBuf {
    let tsx = r#"<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="ground" tilewidth="16" tileheight="16" spacing="2" margin="1" tilecount="8" columns="4">
 <image source="ground.png" width="72" height="36"/>
 <tile id="5">
  <animation>
   <frame tileid="5" duration="100"/>
   <frame tileid="6" duration="200"/>
  </animation>
 </tile>
</tileset>
"#;
    std::fs::write(dir.join("ground.tsx"), tsx).unwrap();
    write_png(&dir.join("ground.png"), 72, 36);
    write_png(&dir.join("props.png"), 32, 16);
    // Row 0 is the map's top. `ground`: a floor of tile 0 on the bottom
    // row; on the row above, tile 1 flipped horizontally (column 0), tile
    // 2 rotated a quarter turn clockwise (d + h, column 1), tile 3 flipped
    // vertically (column 2), the animated tile 5 (column 5).
    let ground = [
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [2 | H, 3 | D | H, 4 | V, 0, 0, 6],
        [1, 1, 1, 1, 1, 1],
    ];
    // `props`: prop 1 (gid 10) at column 3, row 1, and ground tile 7
    // (gid 8) flipped every way at column 4, row 0.
    let props = [
        [0, 0, 0, 0, 8 | H | V | D, 0],
        [0, 0, 0, 10, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
    ];
    let csv = |rows: &[[u32; 6]; 4]| {
        rows.iter()
            .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join(",\n")
    };
    let tmx = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="6" height="4" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" source="ground.tsx"/>
 <tileset firstgid="9" name="props" tilewidth="16" tileheight="16" tilecount="2" columns="2">
  <image source="props.png" width="32" height="16"/>
 </tileset>
 <layer id="1" name="ground" width="6" height="4">
  <data encoding="csv">
{}
</data>
 </layer>
 <layer id="2" name="props" width="6" height="4" opacity="0.5" offsetx="4" offsety="-8">
  <data encoding="csv">
{}
</data>
 </layer>
</map>
"#,
        csv(&ground),
        csv(&props)
    );
    let path = dir.join("art.tmx");
    std::fs::write(&path, tmx).unwrap();
    path
}

fn tile(x: usize, y: usize, index: u32, flips: (bool, bool, bool)) -> ArtTile {
    ArtTile {
        x,
        y,
        index,
        flip_h: flips.0,
        flip_v: flips.1,
        flip_d: flips.2,
        frames: Vec::new(),
    }
}

#[test]
fn a_maps_tiles_are_read_as_drawn() {
    let dir = temp_dir("art");
    let art: MapArt = read_tmx_art(&write_map(&dir)).unwrap();
    assert_eq!((art.width, art.height, art.tile_size), (6, 4, 16.0));
    assert!(art.problems.is_empty(), "{:?}", art.problems);
    // The tilesets as written.
    let ground = &art.tilesets[0];
    assert_eq!(ground.name, "ground");
    assert_eq!(
        ground.image.as_deref(),
        Some(dir.join("ground.png").as_path())
    );
    assert_eq!(
        (
            ground.image_size,
            ground.tile_size,
            ground.spacing,
            ground.margin,
            ground.columns
        ),
        ((72, 36), (16, 16), 2, 1, 4)
    );
    let props = &art.tilesets[1];
    assert_eq!(
        props.image.as_deref(),
        Some(dir.join("props.png").as_path())
    );
    assert_eq!(
        (props.image_size, props.columns, props.spacing),
        ((32, 16), 2, 0)
    );
    // Three layers: `ground` from its tileset, `props` from each.
    let names: Vec<_> = art
        .layers
        .iter()
        .map(|l| (l.name.as_str(), l.tileset))
        .collect();
    assert_eq!(names, [("ground", 0), ("props", 0), ("props", 1)]);
    let g = &art.layers[0];
    assert_eq!((g.opacity, g.offset), (1.0, (0.0, 0.0)));
    assert_eq!(g.tiles.len(), 6 + 4);
    // The bottom row of the map is the level's row 0.
    for x in 0..6 {
        assert!(g.tiles.contains(&tile(x, 0, 0, (false, false, false))));
    }
    assert!(g.tiles.contains(&tile(0, 1, 1, (true, false, false))));
    assert!(g.tiles.contains(&tile(1, 1, 2, (true, false, true))));
    assert!(g.tiles.contains(&tile(2, 1, 3, (false, true, false))));
    let animated = g.tiles.iter().find(|t| (t.x, t.y) == (5, 1)).unwrap();
    assert_eq!(
        (animated.index, &animated.frames[..]),
        (5, &[(5, 100), (6, 200)][..])
    );
    // `props`: half opaque, 4 px right and 8 px up (Tiled's y grows down).
    for l in &art.layers[1..] {
        assert_eq!((l.opacity, l.offset), (0.5, (4.0, 8.0)));
    }
    assert_eq!(art.layers[1].tiles, [tile(4, 3, 7, (true, true, true))]);
    assert_eq!(art.layers[2].tiles, [tile(3, 2, 1, (false, false, false))]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_art_is_a_problem_naming_the_file_not_an_error() {
    let dir = temp_dir("bad-art");
    let map = write_map(&dir);
    let props = dir.join("props.png");
    let cases: [(&str, &dyn Fn()); 3] = [
        ("cannot be read", &|| std::fs::remove_file(&props).unwrap()),
        ("is not a PNG", &|| {
            std::fs::write(
                &props,
                b"\xFF\xD8\xFF\xE0\x00\x10JFIF\x00 a JPEG's first bytes",
            )
            .unwrap()
        }),
        ("is 30 x 16 px; the map says 32 x 16", &|| {
            write_png(&props, 30, 16)
        }),
    ];
    for (what, spoil) in cases {
        write_png(&props, 32, 16);
        spoil();
        let art = read_tmx_art(&map).unwrap();
        assert_eq!(art.problems.len(), 1, "{what}: {:?}", art.problems);
        let p = &art.problems[0];
        assert!(p.contains("props.png") && p.contains(what), "{what}: {p}");
        // The tiles are still read (a game falls back with this warning).
        assert_eq!(art.layers.len(), 3);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn png_sizes_are_read_from_the_header() {
    let dir = temp_dir("png-size");
    for (w, h) in [(1, 1), (72, 36), (4096, 3)] {
        let path = dir.join(format!("{w}x{h}.png"));
        write_png(&path, w, h);
        assert_eq!(png_size(&std::fs::read(&path).unwrap()), Some((w, h)));
    }
    assert_eq!(png_size(b""), None);
    assert_eq!(png_size(&[0x89, b'P', b'N', b'G']), None);
    std::fs::remove_dir_all(&dir).ok();
}

/// Every `.tmx` under `tests/levels/tiled` (Tiled's and rs-tiled's maps
/// among them): the art reader never panics and fails exactly where the
/// level reader does; the images these maps name are not in the
/// repository, so each map that draws tiles lists them as problems.
#[test]
fn every_map_in_the_corpus_reads_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/levels/tiled");
    let mut maps = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "tmx") {
                maps.push(p);
            }
        }
    }
    maps.sort();
    let (mut read, mut with_problems) = (0, 0);
    for map in &maps {
        let art = read_tmx_art(map);
        assert_eq!(art.is_ok(), read_tmx(map).is_ok(), "{}", map.display());
        if let Ok(art) = art {
            read += 1;
            with_problems += usize::from(!art.problems.is_empty());
            for p in &art.problems {
                assert!(p.contains(".png") || p.contains(".tmx"), "{p}");
            }
        }
    }
    println!(
        "{} maps, {read} read, {with_problems} with art problems",
        maps.len()
    );
    assert!(
        maps.len() >= 10 && read >= 5,
        "{} maps, {read} read",
        maps.len()
    );
}

/// A level that names the map as its `art`: the level's grid matches the
/// map's (6 x 4 tiles of 16 px), so the art is kept; a grid of another
/// size, a missing image or a map that is not there leaves the level
/// playable without art, with a warning at the `art` line naming the file.
#[test]
fn a_level_draws_its_art_map_or_says_why_not() {
    let dir = temp_dir("level-art");
    write_map(&dir);
    let level_text = |art: &str, width: usize| {
        let row = |c: char| format!("    \"{}\",\n", c.to_string().repeat(width));
        format!(
            "(\n  name: \"Art\",\n  tile_size: 16,\n  legend: {{ '#': Solid, '.': Empty }},\n  tiles: [\n{}{}{}{}  ],\n  art: Some(\"{art}\"),\n  spawn: (40, 24),\n  player: Rect(half_extents: (5, 7)),\n  goal: (position: (72, 40), size: (16, 16)),\n)\n",
            row('.'),
            row('.'),
            row('.'),
            row('#'),
        )
    };
    let file = dir.join("art.level.ron");
    let load = |text: String| {
        std::fs::write(&file, &text).unwrap();
        let name = file.display().to_string();
        let level = tangent_level::Level::parse(&text, &name).unwrap();
        tangent_level::import::art::with_art(level, &text, &name)
    };
    let good = load(level_text("art.tmx", 6));
    assert!(good.warnings.is_empty(), "{:?}", good.warnings);
    let art = good.art.expect("the art is drawn");
    assert_eq!((art.layers.len(), art.tilesets.len()), (3, 2));
    // `art:` is the level file's 11th line.
    let cases = [
        (
            level_text("art.tmx", 7),
            "6 x 4 tiles of 16 px; the level is 7 x 4",
        ),
        (level_text("none.tmx", 6), "none.tmx"),
    ];
    let drawable = |l: &tangent_level::Level| l.art.as_ref().is_some_and(|a| a.problems.is_empty());
    for (text, what) in cases {
        let level = load(text);
        assert!(!drawable(&level), "{what}");
        let w = level.warnings.join("\n");
        assert!(
            w.contains("art.level.ron:11: art not drawn") && w.contains(what),
            "{what}: {w}"
        );
    }
    std::fs::remove_file(dir.join("ground.png")).unwrap();
    let level = load(level_text("art.tmx", 6));
    assert!(!drawable(&level));
    assert!(
        level.warnings.join("\n").contains("ground.png"),
        "{:?}",
        level.warnings
    );
    std::fs::remove_dir_all(&dir).ok();
}
