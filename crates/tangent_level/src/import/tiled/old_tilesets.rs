//! Tilesets as older versions of Tiled wrote them: without `tilecount` and
//! `columns` (Tiled's own `examples/sewers.tmx` and `perspective_walls.tsx`
//! among them), which the `tiled` crate requires (it fails with "Missing
//! attribute"). Tiled itself works them out from the tileset's image; so
//! does [`count_edits`], before the crate reads the file:
//! `columns = (image width − 2 margin + spacing) / (tile width + spacing)`,
//! the same for rows, `tilecount = columns · rows`; a tileset of separate
//! images counts its `<tile>`s and has no columns. An `<image>` without its
//! size (as `perspective_walls.tsx` has) is measured from its PNG's header,
//! and the size written on it, which the crate also requires.

use std::path::Path;

use super::map_text::{TextEdit, apply_edits, parse_xml};
use crate::import::images::{png_file_size, tiles_across};

/// `xml` (a map or tileset file in the folder `dir`) with `tilecount` and
/// `columns` added to each `<tileset>` that defines its tiles but lacks
/// them; `xml` itself when none does or when it is not XML this can read
/// (the crate's own error then says what is wrong).
pub(super) fn with_tile_counts(xml: &str, dir: &Path) -> String {
    match parse_xml(xml) {
        Ok(doc) => apply_edits(xml, count_edits(&doc, dir)),
        Err(_) => xml.to_string(),
    }
}

/// The edits that add `tilecount` and `columns` (and an image's size, where
/// missing) to each `<tileset>` in `doc` (a file in the folder `dir`) that
/// defines its tiles but lacks them.
pub(super) fn count_edits(doc: &roxmltree::Document, dir: &Path) -> Vec<TextEdit> {
    let mut inserts: Vec<TextEdit> = Vec::new();
    for ts in doc.descendants().filter(|n| n.has_tag_name("tileset")) {
        // An external tileset's reference, or a set already counted.
        if ts.has_attribute("source") || ts.has_attribute("tilecount") {
            continue;
        }
        let num = |n: roxmltree::Node, a: &str| n.attribute(a).and_then(|v| v.parse::<u32>().ok());
        let (tw, th) = (num(ts, "tilewidth"), num(ts, "tileheight"));
        let (spacing, margin) = (
            num(ts, "spacing").unwrap_or(0),
            num(ts, "margin").unwrap_or(0),
        );
        let image = ts.children().find(|c| c.has_tag_name("image"));
        let counts = match (image, tw, th) {
            (Some(img), Some(tw), Some(th)) if tw > 0 && th > 0 => {
                let (iw, ih) = match (num(img, "width"), num(img, "height")) {
                    (Some(w), Some(h)) => (w, h),
                    _ => {
                        let Some((w, h)) = img
                            .attribute("source")
                            .and_then(|s| png_file_size(&dir.join(s)).ok())
                        else {
                            continue;
                        };
                        // The crate wants the image's size written too.
                        let at = img.range().start + "<image".len();
                        inserts.push((at..at, format!(" width=\"{w}\" height=\"{h}\"")));
                        (w, h)
                    }
                };
                let fit = |size: u32, tile: u32| tiles_across(size, tile, margin, spacing);
                let (columns, rows) = (fit(iw, tw), fit(ih, th));
                (columns * rows, columns)
            }
            (None, _, _) => (
                ts.children().filter(|c| c.has_tag_name("tile")).count() as u32,
                0,
            ),
            _ => continue,
        };
        let at = ts.range().start + "<tileset".len();
        inserts.push((
            at..at,
            format!(" tilecount=\"{}\" columns=\"{}\"", counts.0, counts.1),
        ));
    }
    inserts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_come_from_the_image_with_margin_and_spacing() {
        // Tiled's sewers.tmx: a 192 × 217 image of 24 px tiles: 8 × 9.
        let xml = r#"<map><tileset firstgid="1" name="s" tilewidth="24" tileheight="24"><image source="s.png" width="192" height="217"/></tileset></map>"#;
        let out = with_tile_counts(xml, Path::new("."));
        assert!(
            out.contains(r#"<tileset tilecount="72" columns="8" firstgid="1""#),
            "{out}"
        );
        // Margin 1 and spacing 2 around 32 px tiles in a 140 px image: 4 a row.
        let xml = r#"<tileset name="m" tilewidth="32" tileheight="32" margin="1" spacing="2"><image source="m.png" width="140" height="36"/></tileset>"#;
        assert!(with_tile_counts(xml, Path::new(".")).contains(r#"tilecount="4" columns="4""#));
        // Separate images: the tiles are counted.
        let xml = r#"<tileset name="c" tilewidth="8" tileheight="8"><tile id="0"><image source="a.png" width="8" height="8"/></tile><tile id="3"><image source="b.png" width="8" height="8"/></tile></tileset>"#;
        assert!(with_tile_counts(xml, Path::new(".")).contains(r#"tilecount="2" columns="0""#));
        // An image without its size: measured from the PNG (the game's own
        // tile strip, 256 × 32: 8 tiles of 32 px).
        let xml = r#"<tileset name="t" tilewidth="32" tileheight="32"><image source="tiles.png"/></tileset>"#;
        let assets = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets"));
        let out = with_tile_counts(xml, assets);
        assert!(out.contains(r#"tilecount="8" columns="8""#), "{out}");
        assert!(
            out.contains(r#"<image width="256" height="32" source="tiles.png""#),
            "{out}"
        );
        assert_eq!(with_tile_counts(xml, Path::new("/nowhere")), xml);
        // Counted sets, references and non-XML are left as they are.
        for xml in [
            r#"<tileset name="w" tilewidth="32" tileheight="32" tilecount="4" columns="4"/>"#,
            r#"<map><tileset firstgid="1" source="walls.tsx"/></map>"#,
            "not xml <",
        ] {
            assert_eq!(with_tile_counts(xml, Path::new(".")), xml);
        }
    }
}
