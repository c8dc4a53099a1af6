//! Tangent: a 2D platformer on exact Bézier terrain, built around its own
//! collision plugin ([`collision`]), with levels in plain RON files
//! ([`level`]), a keyboard-driven player ([`player`]), and a headless mode
//! that runs the same simulation from replays ([`sim`]).

pub mod art;
pub mod assets;
pub mod audio;
pub mod cli;
pub mod collision;
pub mod editor;
pub mod game;
pub mod level;
pub mod menu;
pub mod mode;
pub mod player;
pub mod profile;
pub mod screenshot;
pub mod sim;
pub mod ui;
pub mod window;

/// The README's Rust example, compiled and run as a doctest so it cannot go
/// stale.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
