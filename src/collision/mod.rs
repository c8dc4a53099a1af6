//! The collision plugin, from the `tangent_collision` crate
//! (`crates/tangent_collision`): `tangent::collision::*` is its prelude.

pub use tangent_collision::prelude::*;
