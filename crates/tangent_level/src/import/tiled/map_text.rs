//! What the Tiled reader's parts share: where things are in the map's text
//! ([`Lines`], for `file:line` errors), the visible layers with their
//! offsets, and the XML parsing and text edits that make a file readable by the `tiled` crate.

use std::collections::HashMap;
use std::ops::Range;

use tiled::{Layer, LayerType, Map};

/// Where things are in the map's text, for error messages.
pub(super) struct Lines {
    pub file: String,
    map: u32,
    objects: HashMap<u32, u32>,
    layers: HashMap<u32, u32>,
    tiles: HashMap<(String, u32), u32>,
}

impl Lines {
    pub fn new(doc: &roxmltree::Document, file: &str) -> Self {
        let line = |n: roxmltree::Node| doc.text_pos_at(n.range().start).row;
        let mut lines = Lines {
            file: file.to_string(),
            map: 1,
            objects: HashMap::new(),
            layers: HashMap::new(),
            tiles: HashMap::new(),
        };
        for n in doc.descendants().filter(|n| n.is_element()) {
            match n.tag_name().name() {
                "map" => lines.map = line(n),
                "object" => {
                    if let Some(id) = n.attribute("id").and_then(|v| v.parse().ok()) {
                        lines.objects.insert(id, line(n));
                    }
                }
                "objectgroup" => {
                    if let Some(id) = n.attribute("id").and_then(|v| v.parse().ok()) {
                        lines.layers.insert(id, line(n));
                    }
                }
                "tile" => {
                    let set = n.parent().and_then(|p| p.attribute("name")).unwrap_or("");
                    if let Some(id) = n.attribute("id").and_then(|v| v.parse().ok()) {
                        lines.tiles.insert((set.to_string(), id), line(n));
                    }
                }
                _ => {}
            }
        }
        lines
    }

    /// `file:line` of the `<map>` element.
    pub fn at_map(&self) -> String {
        format!("{}:{}", self.file, self.map)
    }

    /// `file:line` of object `id` (or just the file).
    pub fn at_object(&self, id: u32) -> String {
        match self.objects.get(&id) {
            Some(l) => format!("{}:{l}", self.file),
            None => self.file.clone(),
        }
    }

    /// `file:line` of object layer `id` (or just the file).
    pub fn at_layer(&self, id: u32) -> String {
        match self.layers.get(&id) {
            Some(l) => format!("{}:{l}", self.file),
            None => self.file.clone(),
        }
    }

    pub fn at_tile(&self, set: &str, id: u32) -> String {
        match self.tiles.get(&(set.to_string(), id)) {
            Some(l) => format!("{}:{l}", self.file),
            None => self.file.clone(),
        }
    }
}

/// Every visible layer, groups opened (a hidden group hides its layers),
/// bottom layer first, with its offset in px (a group's added to its
/// layers').
pub(super) fn visible_layers(map: &Map) -> Vec<(Layer<'_>, (f32, f32))> {
    fn walk<'m>(
        layers: impl Iterator<Item = Layer<'m>>,
        base: (f32, f32),
        out: &mut Vec<(Layer<'m>, (f32, f32))>,
    ) {
        for layer in layers.filter(|l| l.visible) {
            let offset = (base.0 + layer.offset_x, base.1 + layer.offset_y);
            match layer.layer_type() {
                LayerType::Group(g) => walk(g.layers(), offset, out),
                _ => out.push((layer, offset)),
            }
        }
    }
    let mut out = Vec::new();
    walk(map.layers(), (0.0, 0.0), &mut out);
    out
}

/// Parses a map or tileset as every part of the reader does: a DOCTYPE
/// allowed (Tiled's own example maps declare one; roxmltree refuses it
/// unless told, while the `tiled` crate's parser reads past it).
pub(super) fn parse_xml(xml: &str) -> Result<roxmltree::Document<'_>, roxmltree::Error> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(xml, options)
}

/// A change to a file's text before the `tiled` crate reads it: the bytes
/// in the range become the string (an empty range inserts it).
pub(super) type TextEdit = (Range<usize>, String);

/// `xml` with `edits` made; edits must not overlap. They are made from the
/// last to the first, so each range still points at the original text.
pub(super) fn apply_edits(xml: &str, mut edits: Vec<TextEdit>) -> String {
    edits.sort_by_key(|(r, _)| r.start);
    let mut out = xml.to_string();
    for (range, text) in edits.into_iter().rev() {
        out.replace_range(range, &text);
    }
    out
}
