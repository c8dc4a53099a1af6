//! Benches only: `cargo bench -p tangent_bench` runs the collision crate's
//! benches beside kurbo, lyon_geom and rapier2d, and `examples/` holds the
//! profiling probes. This crate is a workspace member but not a default one,
//! so those peers' features never reach the game's build (see
//! `docs/architecture.md`). The library is the scene the scene bench and
//! `scene_probe` share, and the query benches' inputs.

pub mod query_inputs;
pub mod scene;
