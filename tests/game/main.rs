//! The game's tests, one binary (each test file of its own linked Bevy
//! again: minutes of linking after a one-line change). A module per area;
//! [`common`] holds the one headless-app builder and the helpers they share.

mod common;

mod actors_push;
mod art;
mod assists;
mod campaign;
mod celebration;
mod cli;
mod coins;
mod decor;
mod editor;
mod editor_movers;
mod editor_whole;
mod fell_out;
mod game_headless;
mod game_timing;
mod ghost;
mod hazards;
mod input_devices;
mod ldtk;
mod leniency;
mod level_asset;
mod level_fuzz;
mod live_reload;
mod map_art;
mod menus;
mod modes;
mod movers;
mod music;
mod non_finite;
mod open_levels;
mod plans;
mod profile;
mod resvg_files;
mod rolling;
mod run_anywhere;
mod screenshots;
mod surface_run;
mod svg_import;
mod tiled;
mod trace_hashes;
mod user_levels;
mod verbs;
mod view;
mod walls_dash;
