//! Best times and deaths per level, kept in `records.ron` in the
//! [data folder](tangent_level::files::data_dir) and keyed by the level's file name
//! (`1-1-hills.level.ron`), so a player's edited copy of a shipped level
//! shares its record. Times are counted in fixed steps (60 per second), so
//! they do not depend on the frame rate and a replay gives the same time.

use std::collections::BTreeMap;
use std::path::Path;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use super::store::Stored;

/// The records file's name in the data folder.
pub const RECORDS_FILE: &str = "records.ron";

/// One level's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LevelRecord {
    /// The fewest fixed steps from the start to the goal, if ever reached.
    pub best_steps: Option<u64>,
    /// Deaths in that best run.
    pub best_run_deaths: u32,
    /// Times the goal was reached.
    pub finishes: u32,
    /// Deaths on this level, all runs together.
    pub deaths: u32,
    /// The most coins taken in one finished run.
    pub best_coins: u32,
}

/// Every level's record.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Records {
    pub levels: BTreeMap<String, LevelRecord>,
}

impl Stored for Records {}

/// What finishing a level did to its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The first finish, or faster than the best.
    NewBest { previous: Option<u64> },
    /// Not faster than the best.
    Slower { best: u64 },
    /// With an assist on: counted as finished (it opens the next level),
    /// but not a record.
    Assisted,
}

/// The key of a level's record: its file name.
pub fn record_key(level: &Path) -> String {
    level.file_name().map_or_else(
        || level.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

impl Records {
    /// The record of `level` (empty when it has none).
    pub fn get(&self, level: &Path) -> LevelRecord {
        self.levels
            .get(&record_key(level))
            .copied()
            .unwrap_or_default()
    }

    /// Counts a finish of `level` in `steps` with `deaths` on the way.
    ///
    /// ```
    /// use std::path::Path;
    /// use tangent::profile::records::{Finish, Records};
    /// let mut r = Records::default();
    /// let l = Path::new("levels/1-1-hills.level.ron");
    /// assert_eq!(r.finish(l, 900, 2), Finish::NewBest { previous: None });
    /// assert_eq!(r.finish(l, 950, 0), Finish::Slower { best: 900 });
    /// assert_eq!(r.finish(l, 800, 1), Finish::NewBest { previous: Some(900) });
    /// assert_eq!((r.get(l).best_steps, r.get(l).best_run_deaths, r.get(l).finishes), (Some(800), 1, 3));
    /// ```
    pub fn finish(&mut self, level: &Path, steps: u64, deaths: u32) -> Finish {
        let r = self.levels.entry(record_key(level)).or_default();
        r.finishes += 1;
        match r.best_steps {
            Some(best) if best <= steps => Finish::Slower { best },
            previous => {
                r.best_steps = Some(steps);
                r.best_run_deaths = deaths;
                Finish::NewBest { previous }
            }
        }
    }

    /// Counts a finish of `level` made with an assist on: the level is
    /// finished (progress goes on), its best time is left as it was.
    ///
    /// ```
    /// use std::path::Path;
    /// use tangent::profile::records::{Finish, Records};
    /// let mut r = Records::default();
    /// let l = Path::new("levels/1-1-hills.level.ron");
    /// assert_eq!(r.finish_assisted(l), Finish::Assisted);
    /// assert_eq!((r.get(l).best_steps, r.get(l).finishes), (None, 1));
    /// ```
    pub fn finish_assisted(&mut self, level: &Path) -> Finish {
        self.levels.entry(record_key(level)).or_default().finishes += 1;
        Finish::Assisted
    }

    /// Keeps `coins` as `level`'s best count if it is more.
    ///
    /// ```
    /// use std::path::Path;
    /// use tangent::profile::records::Records;
    /// let mut r = Records::default();
    /// let l = Path::new("levels/1-1-hills.level.ron");
    /// r.take_coins(l, 2);
    /// r.take_coins(l, 1);
    /// assert_eq!(r.get(l).best_coins, 2);
    /// ```
    pub fn take_coins(&mut self, level: &Path, coins: u32) {
        let r = self.levels.entry(record_key(level)).or_default();
        r.best_coins = r.best_coins.max(coins);
    }

    /// Counts a death on `level`.
    pub fn died(&mut self, level: &Path) {
        self.levels.entry(record_key(level)).or_default().deaths += 1;
    }
}
