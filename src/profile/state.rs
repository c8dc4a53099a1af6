//! The profile's resources: its folder, the problems with its files, and
//! how the last finish compared with the best.

use std::path::PathBuf;

use bevy::prelude::*;

use super::records::Finish;

/// The folder the profile's files are in.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ProfileDir(pub PathBuf);

/// Problems with the profile's files (a bad file replaced, a failed
/// write), for the screen; also logged.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ProfileWarnings(pub Vec<String>);

/// How the last finish compared with the level's best, for the screen.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastFinish(pub Option<(u64, Finish)>);
