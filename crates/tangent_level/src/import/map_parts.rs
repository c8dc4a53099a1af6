//! What an imported map holds, in level terms, whichever editor wrote it
//! (Tiled's [`crate::import::tiled`], LDtk's [`crate::import::ldtk`]): a tile grid with its
//! legend and the level's things. [`crate::import::with_map`] puts them
//! into a level file.
//!
//! Both readers know a thing by a word compared loosely ([`word`]:
//! `One-Way`, `one_way` and `oneway` are one word) and share the words for
//! tile kinds ([`tile_kind`]).

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::format::mover::MoverDef;
use crate::format::mover_props::word;
use crate::format::{ActorDef, CurveDef, CurveFill, GoalDef, Side, TileDef, legend_char};

/// A map's parts, in level terms (y up, px).
#[derive(Clone, Debug, PartialEq)]
pub struct MapParts {
    /// The map's own name for the level, if it has one.
    pub name: Option<String>,
    pub tile_size: f32,
    pub legend: BTreeMap<char, TileDef>,
    /// Rows of legend characters, top row first.
    pub tiles: Vec<String>,
    /// Whether the level is open (Tiled: the map's bool property `open`);
    /// `None` keeps the level's.
    pub open: Option<bool>,
    /// The spawn, goal, checkpoints, actors and curves.
    pub objects: MapObjects,
    /// The map file and (LDtk) the level in it, where the map draws tiles
    /// of its own: what the level's `art` names.
    pub art: Option<(PathBuf, Option<String>)>,
}

/// The things of a map, in level terms (y up, px).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapObjects {
    pub spawn: Option<(f32, f32)>,
    pub goal: Option<GoalDef>,
    pub checkpoints: Vec<(f32, f32)>,
    /// Refill crystals' centres.
    pub crystals: Vec<(f32, f32)>,
    /// Coins' centres.
    pub coins: Vec<(f32, f32)>,
    pub actors: Vec<ActorDef>,
    pub curves: Vec<CurveDef>,
    /// Movers (Tiled: each object layer of class `mover`).
    pub movers: Vec<MoverDef>,
    /// Things the level has no use for, one line each (shown to the person).
    pub ignored: Vec<String>,
}

/// The words (as [`crate::format::mover_props::word`] writes them)
/// that name a refill crystal, in Tiled's classes and LDtk's identifiers.
///
/// ```
/// use tangent_level::import::map_parts::CRYSTAL_WORDS;
/// assert!(CRYSTAL_WORDS.contains(&"refill"));
/// ```
pub const CRYSTAL_WORDS: [&str; 4] = ["crystal", "refill", "dashcrystal", "refillcrystal"];

/// The words that name a coin (a collectible), as [`CRYSTAL_WORDS`].
///
/// ```
/// use tangent_level::import::map_parts::COIN_WORDS;
/// assert!(COIN_WORDS.contains(&"collectible"));
/// ```
pub const COIN_WORDS: [&str; 4] = ["coin", "collectible", "gem", "strawberry"];

/// The tile kind a word names, if it names one: `solid` (`ground`,
/// `wall`, or no word at all), `one_way` (`platform`), `decor`
/// (`decoration`, `background`), `front_decor` (`foreground`, `foliage`:
/// drawn in front of the player), `empty` (`air`), or `hazard` / `spikes`, whose side
/// comes from `side` (up when it says none; `None` when it is not a side).
///
/// ```
/// use tangent_level::import::map_parts::tile_kind;
/// use tangent_level::format::{Side, TileDef};
/// assert_eq!(tile_kind("One-Way", ""), Some(TileDef::OneWay));
/// assert_eq!(tile_kind("spikes", "left"), Some(TileDef::Spikes(Side::Left)));
/// assert_eq!(tile_kind("spikes", "sideways"), None);
/// assert_eq!(tile_kind("Foreground", ""), Some(TileDef::FrontDecor));
/// assert_eq!(tile_kind("lava", ""), None);
/// ```
pub fn tile_kind(kind: &str, side: &str) -> Option<TileDef> {
    Some(match word(kind).as_str() {
        "" | "solid" | "ground" | "wall" => TileDef::Solid,
        "oneway" | "platform" => TileDef::OneWay,
        "decor" | "decoration" | "background" => TileDef::Decor,
        "frontdecor" | "foreground" | "foliage" => TileDef::FrontDecor,
        "empty" | "air" => TileDef::Empty,
        "hazard" | "spikes" => TileDef::Spikes(side_of(side)?),
        _ => return None,
    })
}

/// The side a word names: `up` (or no word), `down`, `left`, `right`.
pub fn side_of(side: &str) -> Option<Side> {
    Some(match word(side).as_str() {
        "" | "up" => Side::Up,
        "down" => Side::Down,
        "left" => Side::Left,
        "right" => Side::Right,
        _ => return None,
    })
}

/// Rows of legend characters (top row first) for `cells`, `width` to a
/// row, and the legend they use (`.` for empty always in it).
pub fn rows_of(cells: &[TileDef], width: usize) -> (BTreeMap<char, TileDef>, Vec<String>) {
    let mut legend = BTreeMap::new();
    legend_char(&mut legend, TileDef::Empty);
    let tiles = cells
        .chunks(width.max(1))
        .map(|row| row.iter().map(|k| legend_char(&mut legend, *k)).collect())
        .collect();
    (legend, tiles)
}

/// A curve's fill named by a word: `below`, `chord`, `line`, `closed`.
pub fn fill_of(w: &str) -> Result<CurveFill, String> {
    Ok(match word(w).as_str() {
        "below" => CurveFill::Below,
        "chord" => CurveFill::Chord,
        "line" => CurveFill::Line,
        "closed" => CurveFill::Closed,
        _ => return Err(format!("fill `{w}`; use below, chord, line or closed")),
    })
}

/// The Bézier degree a word names: `line` (or no word, `straight`) 1,
/// `quadratic` 2, `cubic` 3.
pub fn degree_of(w: &str) -> Result<usize, String> {
    Ok(match word(w).as_str() {
        "" | "line" | "lines" | "straight" => 1,
        "quadratic" => 2,
        "cubic" => 3,
        _ => return Err(format!("curve `{w}`; use quadratic, cubic or line")),
    })
}

/// A line of points as the control points of a chain of curves, each
/// like `like` (its material and fill; its points are not used): degree 1
/// makes each edge a straight piece (a quadratic with its control point
/// halfway; edges of no length skipped); degree 2 or 3 reads the points as
/// quadratics (3, 5, 7… points) or cubics (4, 7, 10…), each starting where
/// the one before ends. `what` names the line in the error.
///
/// ```
/// use tangent_level::format::{CurveDef, CurveFill};
/// use tangent_level::import::map_parts::chain;
/// let like = CurveDef { points: vec![], restitution: 1.0, one_way: true, fill: CurveFill::Line, hazard: false };
/// let p = [(0.0, 0.0), (1.0, 2.0), (3.0, 2.0), (4.0, 0.0)];
/// let cubic = chain(&p, 3, "a line", &like).unwrap();
/// assert_eq!(cubic, vec![CurveDef { points: p.to_vec(), ..like.clone() }]);
/// assert_eq!(chain(&p, 1, "a line", &like).unwrap().len(), 3);
/// let e = chain(&p, 2, "a line", &like).unwrap_err();
/// assert!(e.contains("needs 3, 5, 7… points; it has 4"));
/// ```
pub fn chain(
    pts: &[(f32, f32)],
    degree: usize,
    what: &str,
    like: &CurveDef,
) -> Result<Vec<CurveDef>, String> {
    let curve = |points: Vec<(f32, f32)>| CurveDef {
        points,
        ..like.clone()
    };
    if degree == 1 {
        return Ok(pts
            .windows(2)
            .filter(|w| w[0] != w[1])
            .map(|w| {
                let mid = ((w[0].0 + w[1].0) / 2.0, (w[0].1 + w[1].1) / 2.0);
                curve(vec![w[0], mid, w[1]])
            })
            .collect());
    }
    let n = pts.len();
    if n < degree + 1 || !(n - 1).is_multiple_of(degree) {
        let (counts, kind) = if degree == 2 {
            ("3, 5, 7", "quadratic")
        } else {
            ("4, 7, 10", "cubic")
        };
        return Err(format!(
            "{what} read as {kind} Béziers needs {counts}… points; it has {n}"
        ));
    }
    Ok((0..(n - 1) / degree)
        .map(|k| curve(pts[k * degree..=k * degree + degree].to_vec()))
        .collect())
}

/// An imported actor's restitution and friction when the map gives none:
/// a ball bounces (0.8) and rolls freely, a crate barely bounces (0.1) and
/// grips (1).
pub fn actor_defaults(round: bool) -> (f32, f32) {
    if round { (0.8, 0.0) } else { (0.1, 1.0) }
}
