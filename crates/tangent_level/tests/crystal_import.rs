//! Refill crystals from the tools artists use: an SVG shape with `crystal`
//! in its id (or its group's), a level naming such a drawing, and
//! `import-svg` into a level. (Tiled's objects and LDtk's entities are in
//! `tiled.rs` and `ldtk.rs`, on their hand-made fixtures.) Oracles: centres
//! worked out by hand through the y flip and the scale.

use tangent_level::Level;
use tangent_level::format::starter::starter_level;
use tangent_level::import::import_svg_into;
use tangent_level::svg::{SvgOptions, import_svg};

mod common;
use common::temp_dir;

/// The starter room is 1280 x 448 px: a drawing of that size maps 1:1.
const DRAWING: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="448">
<path d="M0 100 L100 100" fill="none"/>
<g id="Crystals" transform="translate(10, 0)">
  <circle cx="400" cy="200" r="8"/>
  <rect x="600" y="100" width="10" height="20"/>
</g>
<circle id="refill-crystal-3" cx="900" cy="248" r="6"/>
</svg>"#;

#[test]
fn shapes_marked_crystal_are_crystals_at_their_centres_not_terrain() {
    let got = import_svg(DRAWING, "d.svg", SvgOptions { scale: 0.5 }).unwrap();
    // y' = (448 - y) * 0.5, x' = x * 0.5, the group's translation first.
    assert_eq!(
        got.crystals,
        vec![(205.0, 124.0), (307.5, 169.0), (450.0, 100.0)]
    );
    // Only the line is terrain.
    assert_eq!(got.paths, 1);
    assert_eq!(got.curves.len(), 1);
}

#[test]
fn a_levels_drawing_adds_its_crystals_after_the_files_own() {
    let d = temp_dir("crystal-drawn");
    std::fs::write(d.join("d.svg"), DRAWING).unwrap();
    let text = starter_level("Drawn crystals").replace(
        "    goal:",
        "    svg: Some(\"d.svg\"),\n    crystals: [(100, 300)],\n    goal:",
    );
    let path = d.join("l.level.ron");
    std::fs::write(&path, &text).unwrap();
    let level = Level::parse(&text, &path.display().to_string()).unwrap();
    // The file keeps its own (what is saved back); the level plays all.
    assert_eq!(level.file.crystals, vec![(100.0, 300.0)]);
    assert_eq!(
        level.crystals,
        vec![
            (100.0, 300.0),
            (410.0, 248.0),
            (615.0, 338.0),
            (900.0, 200.0)
        ]
    );
    // A drawn crystal outside the level is refused like the file's own.
    let far = DRAWING.replace("cx=\"900\"", "cx=\"90000\"");
    std::fs::write(d.join("d.svg"), far).unwrap();
    let e = Level::parse(&text, &path.display().to_string()).unwrap_err();
    assert!(e.to_string().contains("crystal 4"), "{e}");
}

#[test]
fn import_svg_brings_the_drawings_crystals_into_the_level() {
    let d = temp_dir("crystal-into");
    let level = d.join("l.level.ron");
    let text = starter_level("Into").replace("    goal:", "    crystals: [(50, 300)],\n    goal:");
    std::fs::write(&level, &text).unwrap();
    let drawing = d.join("d.svg");
    std::fs::write(&drawing, DRAWING).unwrap();
    let said = import_svg_into(&drawing, &level, SvgOptions::default()).unwrap();
    assert!(said.contains("1 curves, 0 movers and 3 crystals"), "{said}");
    let drawn = vec![(410.0, 248.0), (615.0, 338.0), (900.0, 200.0)];
    let crystals_saved = || {
        let text = std::fs::read_to_string(&level).unwrap();
        Level::parse(&text, "l").unwrap().file.crystals
    };
    assert_eq!(crystals_saved(), drawn);
    // A drawing without crystals keeps the level's.
    std::fs::write(&drawing, DRAWING.replace("rystal", "ircle")).unwrap();
    import_svg_into(&drawing, &level, SvgOptions::default()).unwrap();
    assert_eq!(crystals_saved(), drawn);
}
