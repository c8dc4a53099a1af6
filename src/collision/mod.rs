//! The collision plugin, from the `tangent_collision` crate
//! (`crates/tangent_collision`): `tangent::collision::*` is its prelude.

pub use tangent_collision::dynamics::{
    OnSurface, SurfaceStep, run_on_surface, run_on_surface_skipping, surface_tangent,
};
pub use tangent_collision::prelude::*;
