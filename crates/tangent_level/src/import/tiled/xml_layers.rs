//! Tile layers in Tiled's oldest encoding, one `<tile gid="…"/>` element a
//! cell (rs-tiled's `tiled_xml.tmx`), which the `tiled` crate refuses as
//! "deprecated". [`csv_edits`] rewrites each such `<data>` (or each `<chunk>`
//! of an infinite layer) as the same gids in CSV, before the crate reads
//! the map; a `<tile/>` without a gid is an empty cell.

use super::map_text::TextEdit;

/// The edits that write every XML-encoded tile layer's data in `doc` as
/// CSV; none when there is no such layer.
pub(super) fn csv_edits(doc: &roxmltree::Document) -> Vec<TextEdit> {
    let mut edits: Vec<TextEdit> = Vec::new();
    let gids = |parent: roxmltree::Node| -> Option<String> {
        let tiles: Vec<&str> = parent
            .children()
            .filter(|c| c.has_tag_name("tile"))
            .map(|t| t.attribute("gid").unwrap_or("0"))
            .collect();
        (!tiles.is_empty()).then(|| tiles.join(","))
    };
    for data in doc.descendants().filter(|n| n.has_tag_name("data")) {
        if data.has_attribute("encoding") {
            continue;
        }
        let chunks: Vec<_> = data
            .children()
            .filter(|c| c.has_tag_name("chunk"))
            .collect();
        if chunks.is_empty() {
            if let Some(csv) = gids(data) {
                edits.push((data.range(), format!("<data encoding=\"csv\">{csv}</data>")));
            }
            continue;
        }
        // An infinite layer: each chunk's cells, the data marked as CSV.
        let open = data.range().start + "<data".len();
        edits.push((open..open, " encoding=\"csv\"".to_string()));
        for chunk in chunks {
            let Some(csv) = gids(chunk) else { continue };
            let inner = chunk
                .first_child()
                .map_or(chunk.range().end, |c| c.range().start);
            let close = chunk.last_child().map_or(inner, |c| c.range().end);
            edits.push((inner..close, csv));
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::super::map_text::{apply_edits, parse_xml};
    use super::*;

    /// `xml` with the edits made; `xml` itself when it is not XML.
    fn as_csv(xml: &str) -> String {
        parse_xml(xml).map_or(xml.to_string(), |doc| apply_edits(xml, csv_edits(&doc)))
    }

    #[test]
    fn xml_cells_become_csv_and_other_layers_stay() {
        let xml = r#"<map><layer><data>
   <tile gid="30"/>
   <tile/>
   <tile gid="2"/>
  </data></layer><layer><data encoding="csv">1,2</data></layer></map>"#;
        assert_eq!(
            as_csv(xml),
            r#"<map><layer><data encoding="csv">30,0,2</data></layer><layer><data encoding="csv">1,2</data></layer></map>"#
        );
        let infinite = r#"<data><chunk x="0" y="0" width="2" height="1"><tile gid="5"/><tile/></chunk></data>"#;
        assert_eq!(
            as_csv(infinite),
            r#"<data encoding="csv"><chunk x="0" y="0" width="2" height="1">5,0</chunk></data>"#
        );
        assert_eq!(as_csv("not xml <"), "not xml <");
    }
}
