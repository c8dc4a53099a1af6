//! The ECS face (feature `bevy`): [`CollisionPlugin`] with its components,
//! messages and system sets, and the F1 debug overlay. The crate's [`Rect`](crate::geometry::Rect)
//! and Bevy's convert with `From`.

mod debug;
mod plugin;

pub use debug::{CollisionDebugPlugin, DebugOverlay};
pub use plugin::*;

impl From<crate::geometry::Rect> for bevy_math::Rect {
    fn from(r: crate::geometry::Rect) -> Self {
        bevy_math::Rect {
            min: r.min,
            max: r.max,
        }
    }
}

impl From<bevy_math::Rect> for crate::geometry::Rect {
    fn from(r: bevy_math::Rect) -> Self {
        crate::geometry::Rect {
            min: r.min,
            max: r.max,
        }
    }
}
