//! Progress through a run of levels and par medals, both worked out from
//! the records (nothing more is stored, so they can never disagree with
//! them): a level is open when it is the first of the run, when no level
//! of the run leads to it (`next`: a loose level in a folder of one's own
//! is always open), or when a level leading to it has been finished. A
//! level's medal is a best time within its par.

use std::path::PathBuf;

use super::records::{LevelRecord, Records, record_key};

/// A level of the run the player picks from: its file and the file name
/// its `next` gives.
#[derive(Clone, Debug, PartialEq)]
pub struct RunLevel {
    pub path: PathBuf,
    pub next: Option<String>,
}

/// Which of `levels` (in the run's order) are open.
///
/// ```
/// use std::path::PathBuf;
/// use tangent::profile::progress::{RunLevel, open_levels};
/// use tangent::profile::records::Records;
/// let level = |name: &str, next: Option<&str>| RunLevel {
///     path: PathBuf::from(format!("levels/{name}")),
///     next: next.map(String::from),
/// };
/// let run = [level("a.level.ron", Some("b.level.ron")), level("b.level.ron", None),
///            level("loose.level.ron", None)];
/// let mut records = Records::default();
/// assert_eq!(open_levels(&run, &records), [true, false, true]);
/// records.finish(&run[0].path, 600, 0);
/// assert_eq!(open_levels(&run, &records), [true, true, true]);
/// ```
pub fn open_levels(levels: &[RunLevel], records: &Records) -> Vec<bool> {
    let named = |l: &RunLevel| record_key(&l.path);
    levels
        .iter()
        .enumerate()
        .map(|(i, level)| {
            let me = named(level);
            let mut leading = levels
                .iter()
                .filter(|l| l.next.as_deref() == Some(me.as_str()) && named(l) != me)
                .peekable();
            i == 0 || leading.peek().is_none() || leading.any(|l| records.get(&l.path).finishes > 0)
        })
        .collect()
}

/// Whether `record`'s best time is within `par` seconds (a level without a
/// par has no medal). Times are whole fixed steps, 60 a second.
///
/// ```
/// use tangent::profile::progress::under_par;
/// use tangent::profile::records::LevelRecord;
/// let best = |s| LevelRecord { best_steps: Some(s), ..Default::default() };
/// assert!(under_par(&best(600), Some(10.0)));
/// assert!(!under_par(&best(601), Some(10.0)));
/// assert!(!under_par(&LevelRecord::default(), Some(10.0)));
/// assert!(!under_par(&best(1), None));
/// ```
pub fn under_par(record: &LevelRecord, par: Option<f32>) -> bool {
    match (record.best_steps, par) {
        (Some(steps), Some(par)) => {
            steps as f64 <= par as f64 * crate::collision::CollisionPlugin::FIXED_HZ
        }
        _ => false,
    }
}
