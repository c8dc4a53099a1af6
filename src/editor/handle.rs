//! What can be picked and dragged in the editor ([`Handle`]), and the whole
//! thing each belongs to.

use super::items::Item;

/// What can be picked and dragged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handle {
    /// Point `k` of curve `i`.
    CurvePoint(usize, usize),
    Spawn,
    Goal,
    Actor(usize),
    Checkpoint(usize),
    Crystal(usize),
    Coin(usize),
    /// The pivot of mover `g` (dragging it sets the pivot).
    Pivot(usize),
    /// Waypoint `k` of mover `g`'s path (drawn at the pivot plus its offset).
    Waypoint(usize, usize),
    /// Point `k` of curve `i` of mover `g`.
    MoverPoint(usize, usize, usize),
}

impl Handle {
    /// The whole thing a handle belongs to.
    pub fn item(self) -> Item {
        match self {
            Handle::CurvePoint(i, _) => Item::Curve(i),
            Handle::Spawn => Item::Spawn,
            Handle::Goal => Item::Goal,
            Handle::Actor(i) => Item::Actor(i),
            Handle::Checkpoint(i) => Item::Checkpoint(i),
            Handle::Crystal(i) => Item::Crystal(i),
            Handle::Coin(i) => Item::Coin(i),
            Handle::Pivot(g) | Handle::Waypoint(g, _) | Handle::MoverPoint(g, _, _) => {
                Item::Mover(g)
            }
        }
    }
}
