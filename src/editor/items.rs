//! The things of a level the editor selects as wholes ([`Item`]): moving a
//! group, deleting it, copying it and pasting it elsewhere. Pure data over
//! [`LevelFile`]; the edits in [`super::model`] call these.

use bevy::math::Vec2;

use tangent_level::format::{ActorDef, CurveDef, LevelFile};

/// A whole thing of the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Item {
    Curve(usize),
    Actor(usize),
    Checkpoint(usize),
    /// A refill crystal.
    Crystal(usize),
    /// A coin (a collectible).
    Coin(usize),
    Spawn,
    Goal,
    /// A mover: its curves and pivot move with it; its tiles are cells of
    /// the grid (painted, not moved).
    Mover(usize),
}

/// What Ctrl+C holds: copies of curves, actors, checkpoints and crystals
/// (the spawn and goal are one each, so they are not copied).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clipboard {
    pub curves: Vec<CurveDef>,
    pub actors: Vec<ActorDef>,
    pub checkpoints: Vec<(f32, f32)>,
    pub crystals: Vec<(f32, f32)>,
    pub coins: Vec<(f32, f32)>,
}

impl Clipboard {
    pub fn is_empty(&self) -> bool {
        self.curves.is_empty()
            && self.actors.is_empty()
            && self.checkpoints.is_empty()
            && self.crystals.is_empty()
            && self.coins.is_empty()
    }

    /// The middle of the box around everything held (where a paste puts
    /// the cursor), `None` when empty.
    pub fn centre(&self) -> Option<Vec2> {
        let pts = self
            .curves
            .iter()
            .flat_map(|c| c.points.iter().copied())
            .chain(self.actors.iter().map(|a| a.position))
            .chain(self.checkpoints.iter().copied())
            .chain(self.crystals.iter().copied())
            .chain(self.coins.iter().copied())
            .map(|p| Vec2::new(p.0, p.1));
        let (lo, hi) = pts.fold(None, |acc: Option<(Vec2, Vec2)>, p| {
            Some(acc.map_or((p, p), |(lo, hi)| (lo.min(p), hi.max(p))))
        })?;
        Some((lo + hi) / 2.0)
    }
}

/// `p + d`, kept on the editor's 1/100 px grid when `p` was on it (so a
/// move there and back gives the number back); others keep their precision.
pub fn moved(p: (f32, f32), d: Vec2) -> (f32, f32) {
    let on_grid = |x: f32| (x * 100.0).round() / 100.0 == x;
    let q = (p.0 + d.x, p.1 + d.y);
    if on_grid(p.0) && on_grid(p.1) {
        ((q.0 * 100.0).round() / 100.0, (q.1 * 100.0).round() / 100.0)
    } else {
        q
    }
}

/// Moves every item by `d` (an item listed twice moves once).
pub fn translate(f: &mut LevelFile, items: &[Item], d: Vec2) {
    let mut items = items.to_vec();
    items.sort();
    items.dedup();
    for item in items {
        match item {
            Item::Curve(i) => {
                if let Some(c) = f.curves.get_mut(i) {
                    c.points.iter_mut().for_each(|p| *p = moved(*p, d));
                }
            }
            Item::Actor(i) => {
                if let Some(a) = f.actors.get_mut(i) {
                    a.position = moved(a.position, d);
                }
            }
            Item::Checkpoint(i) => {
                if let Some(c) = f.checkpoints.get_mut(i) {
                    *c = moved(*c, d);
                }
            }
            Item::Crystal(i) => {
                if let Some(c) = f.crystals.get_mut(i) {
                    *c = moved(*c, d);
                }
            }
            Item::Coin(i) => {
                if let Some(c) = f.coins.get_mut(i) {
                    *c = moved(*c, d);
                }
            }
            Item::Spawn => f.spawn = moved(f.spawn, d),
            Item::Goal => f.goal.position = moved(f.goal.position, d),
            Item::Mover(g) => {
                if let Some(m) = f.movers.get_mut(g) {
                    m.pivot = m.pivot.map(|p| moved(p, d));
                    for c in &mut m.curves {
                        c.points.iter_mut().for_each(|p| *p = moved(*p, d));
                    }
                }
            }
        }
    }
}

/// Deletes the curves, actors, checkpoints, crystals and movers among `items` (the spawn and
/// goal stay: a level needs them).
pub fn delete(f: &mut LevelFile, items: &[Item]) {
    let mut items = items.to_vec();
    // From the highest index down, so the others keep theirs.
    items.sort_by(|a, b| b.cmp(a));
    items.dedup();
    for item in items {
        match item {
            Item::Curve(i) if i < f.curves.len() => drop(f.curves.remove(i)),
            Item::Actor(i) if i < f.actors.len() => drop(f.actors.remove(i)),
            Item::Checkpoint(i) if i < f.checkpoints.len() => drop(f.checkpoints.remove(i)),
            Item::Crystal(i) if i < f.crystals.len() => drop(f.crystals.remove(i)),
            Item::Coin(i) if i < f.coins.len() => drop(f.coins.remove(i)),
            Item::Mover(g) if g < f.movers.len() => drop(f.movers.remove(g)),
            _ => {}
        }
    }
}

/// Copies of the curves, actors, checkpoints and crystals among `items`, in
/// level order.
pub fn copy(f: &LevelFile, items: &[Item]) -> Clipboard {
    let mut items = items.to_vec();
    items.sort();
    items.dedup();
    let mut clip = Clipboard::default();
    for item in items {
        match item {
            Item::Curve(i) => clip.curves.extend(f.curves.get(i).cloned()),
            Item::Actor(i) => clip.actors.extend(f.actors.get(i).cloned()),
            Item::Checkpoint(i) => clip.checkpoints.extend(f.checkpoints.get(i).copied()),
            Item::Crystal(i) => clip.crystals.extend(f.crystals.get(i).copied()),
            Item::Coin(i) => clip.coins.extend(f.coins.get(i).copied()),
            _ => {}
        }
    }
    clip
}

/// Adds the clipboard's things moved by `d`, actors renamed so names stay
/// unique; returns the new items (to select them).
pub fn paste(f: &mut LevelFile, clip: &Clipboard, d: Vec2) -> Vec<Item> {
    let before = counts(f);
    for c in &clip.curves {
        let mut c = c.clone();
        c.points.iter_mut().for_each(|p| *p = moved(*p, d));
        f.curves.push(c);
    }
    for a in &clip.actors {
        let mut a = a.clone();
        a.position = moved(a.position, d);
        a.name = unique_name(f, &a.name);
        f.actors.push(a);
    }
    f.checkpoints
        .extend(clip.checkpoints.iter().map(|c| moved(*c, d)));
    f.crystals
        .extend(clip.crystals.iter().map(|c| moved(*c, d)));
    f.coins.extend(clip.coins.iter().map(|c| moved(*c, d)));
    added_since(f, before)
}

/// `name`, or `name-2`, `name-3`… (its number part replaced) if taken.
fn unique_name(f: &LevelFile, name: &str) -> String {
    let taken = |n: &str| f.actors.iter().any(|a| a.name == n);
    if !taken(name) {
        return name.to_string();
    }
    let stem = match name.rsplit_once('-') {
        Some((s, n)) if n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() => s,
        _ => name,
    };
    (2..)
        .map(|k| format!("{stem}-{k}"))
        .find(|n| !taken(n))
        .expect("some number is free")
}

/// The items with a point inside the box `lo..=hi` (a curve when any of its
/// points is).
pub fn in_box(f: &LevelFile, lo: Vec2, hi: Vec2) -> Vec<Item> {
    let inside = |p: (f32, f32)| p.0 >= lo.x && p.0 <= hi.x && p.1 >= lo.y && p.1 <= hi.y;
    let mut out = Vec::new();
    if inside(f.spawn) {
        out.push(Item::Spawn);
    }
    if inside(f.goal.position) {
        out.push(Item::Goal);
    }
    for (i, c) in f.curves.iter().enumerate() {
        if c.points.iter().any(|p| inside(*p)) {
            out.push(Item::Curve(i));
        }
    }
    for (i, a) in f.actors.iter().enumerate() {
        if inside(a.position) {
            out.push(Item::Actor(i));
        }
    }
    for (i, c) in f.checkpoints.iter().enumerate() {
        if inside(*c) {
            out.push(Item::Checkpoint(i));
        }
    }
    for (i, c) in f.crystals.iter().enumerate() {
        if inside(*c) {
            out.push(Item::Crystal(i));
        }
    }
    for (i, c) in f.coins.iter().enumerate() {
        if inside(*c) {
            out.push(Item::Coin(i));
        }
    }
    for (g, m) in f.movers.iter().enumerate() {
        let points = m.curves.iter().flat_map(|c| c.points.iter().copied());
        if m.pivot.into_iter().chain(points).any(inside) {
            out.push(Item::Mover(g));
        }
    }
    out
}

/// How many curves, actors, checkpoints, crystals and coins a level has.
pub fn counts(f: &LevelFile) -> [usize; 5] {
    [
        f.curves.len(),
        f.actors.len(),
        f.checkpoints.len(),
        f.crystals.len(),
        f.coins.len(),
    ]
}

/// The curves, actors, checkpoints, crystals and coins past the given
/// [`counts`] (what a paste added).
pub fn added_since(
    f: &LevelFile,
    [curves, actors, checkpoints, crystals, coins]: [usize; 5],
) -> Vec<Item> {
    (curves..f.curves.len())
        .map(Item::Curve)
        .chain((actors..f.actors.len()).map(Item::Actor))
        .chain((checkpoints..f.checkpoints.len()).map(Item::Checkpoint))
        .chain((crystals..f.crystals.len()).map(Item::Crystal))
        .chain((coins..f.coins.len()).map(Item::Coin))
        .collect()
}

/// Every curve, actor, checkpoint, crystal and mover (Ctrl+A).
pub fn all(f: &LevelFile) -> Vec<Item> {
    (0..f.curves.len())
        .map(Item::Curve)
        .chain((0..f.actors.len()).map(Item::Actor))
        .chain((0..f.checkpoints.len()).map(Item::Checkpoint))
        .chain((0..f.crystals.len()).map(Item::Crystal))
        .chain((0..f.coins.len()).map(Item::Coin))
        .chain((0..f.movers.len()).map(Item::Mover))
        .collect()
}
