//! Benches only: `cargo bench -p tangent_bench` runs the collision crate's
//! benches beside kurbo, lyon_geom and rapier2d. This crate is a workspace
//! member but not a default one, so those peers' features never reach the
//! game's build (see `docs/architecture.md`).
