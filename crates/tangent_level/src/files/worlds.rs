//! The campaign's worlds: `worlds.ron` in a level folder names each world,
//! its first level and its music. A world's levels are its first and those
//! the levels' `next` lead to from it, up to the next world's first (so the
//! play order is written once, in the levels' `next`). A folder without
//! `worlds.ron` (a folder of one's own levels) is one world of all its
//! levels; levels no world reaches are shown last, as "More levels".

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The name of the worlds file in a level folder.
pub const WORLDS_FILE: &str = "worlds.ron";

/// The shipped `worlds.ron`, for the user level folder.
pub const SHIPPED_WORLDS: &str = include_str!("../../../../assets/levels/worlds.ron");

/// One world as `worlds.ron` writes it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct WorldDef {
    pub name: String,
    /// The file name of its first level, in the same folder.
    pub first: String,
    /// Its music loop's name (`world-2`); `None` plays the first world's.
    #[serde(default)]
    pub music: Option<String>,
}

/// A world: its name, music and levels (indices into the level list, in
/// play order).
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub name: String,
    pub music: Option<String>,
    pub levels: Vec<usize>,
}

/// Reads `worlds.ron` beside `level`: `Ok(None)` when there is none, the
/// shipped one in the user level folder, or `file:line:column: what` for a
/// file that does not read.
pub fn read_worlds(level: &Path) -> Result<Option<Vec<WorldDef>>, String> {
    let dir = level.parent().unwrap_or(Path::new(""));
    let path = dir.join(WORLDS_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if dir == crate::files::user_level_dir() {
                SHIPPED_WORLDS.to_string()
            } else {
                return Ok(None);
            }
        }
        Err(e) => return Err(format!("{}: cannot read: {e}", path.display())),
    };
    parse_worlds(&text, &path.display().to_string()).map(Some)
}

/// Parses a worlds file's text; `file` names it in errors.
///
/// ```
/// use tangent_level::files::worlds::parse_worlds;
/// let w = parse_worlds("[(name: \"Curves\", first: \"a.level.ron\")]", "worlds.ron").unwrap();
/// assert_eq!(w[0].name, "Curves");
/// let e = parse_worlds("[\n(name: 3)]", "worlds.ron").unwrap_err();
/// assert!(e.starts_with("worlds.ron:2:"), "{e}");
/// assert!(parse_worlds("[]", "worlds.ron").unwrap_err().contains("at least one world"));
/// ```
pub fn parse_worlds(text: &str, file: &str) -> Result<Vec<WorldDef>, String> {
    let defs: Vec<WorldDef> = ron::from_str(text).map_err(|e| {
        format!(
            "{file}:{}:{}: {}",
            e.span.start.line, e.span.start.col, e.code
        )
    })?;
    if defs.is_empty() {
        return Err(format!(
            "{file}:1: there must be at least one world (or no worlds file)"
        ));
    }
    Ok(defs)
}

/// Groups `levels` (each a path and the file name its `next` gives, in the
/// list's order) into worlds: each def's first level and the `next` chain
/// from it, stopping at another world's first, a level already placed or a
/// name not in the list. Without defs, one world "Levels" of them all;
/// levels left over go in a last world, "More levels".
///
/// ```
/// use std::path::PathBuf;
/// use tangent_level::files::worlds::{WorldDef, group};
/// let defs = vec![
///     WorldDef { name: "Curves".into(), first: "a.level.ron".into(), music: None },
///     WorldDef { name: "Bounce".into(), first: "c.level.ron".into(), music: None },
/// ];
/// let level = |n: &str, next: Option<&str>| (PathBuf::from(n), next.map(String::from));
/// let levels = [level("a.level.ron", Some("b.level.ron")), level("b.level.ron", Some("c.level.ron")),
///               level("c.level.ron", None), level("mine.level.ron", None)];
/// let worlds = group(&defs, &levels);
/// assert_eq!(worlds.iter().map(|w| w.levels.clone()).collect::<Vec<_>>(),
///            [vec![0, 1], vec![2], vec![3]]);
/// assert_eq!(worlds[2].name, "More levels");
/// ```
pub fn group(defs: &[WorldDef], levels: &[(PathBuf, Option<String>)]) -> Vec<World> {
    let name_of = |p: &PathBuf| p.file_name().map(|n| n.to_string_lossy().to_string());
    let index_of = |name: &str| {
        levels
            .iter()
            .position(|(p, _)| name_of(p).as_deref() == Some(name))
    };
    let firsts: Vec<Option<usize>> = defs.iter().map(|d| index_of(&d.first)).collect();
    let mut placed = vec![false; levels.len()];
    let mut worlds = Vec::new();
    for (def, first) in defs.iter().zip(&firsts) {
        let mut world = World {
            name: def.name.clone(),
            music: def.music.clone(),
            levels: Vec::new(),
        };
        let mut at = *first;
        while let Some(i) = at {
            let starts_other = firsts.contains(&Some(i)) && Some(i) != *first;
            if placed[i] || starts_other {
                break;
            }
            placed[i] = true;
            world.levels.push(i);
            at = levels[i].1.as_deref().and_then(index_of);
        }
        worlds.push(world);
    }
    let rest: Vec<usize> = (0..levels.len()).filter(|i| !placed[*i]).collect();
    if !rest.is_empty() {
        worlds.push(World {
            name: if defs.is_empty() {
                "Levels"
            } else {
                "More levels"
            }
            .into(),
            music: None,
            levels: rest,
        });
    }
    worlds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(name: &str, first: &str) -> WorldDef {
        WorldDef {
            name: name.into(),
            first: first.into(),
            music: None,
        }
    }

    fn level(n: &str, next: Option<&str>) -> (PathBuf, Option<String>) {
        (PathBuf::from(format!("dir/{n}")), next.map(String::from))
    }

    #[test]
    fn a_chain_that_loops_or_names_nothing_stops() {
        let levels = [
            level("a", Some("b")),
            level("b", Some("a")),
            level("c", Some("gone")),
        ];
        let w = group(&[def("one", "a"), def("two", "c")], &levels);
        assert_eq!(w[0].levels, [0, 1]);
        assert_eq!(w[1].levels, [2]);
        assert_eq!(w.len(), 2);
    }

    #[test]
    fn a_world_whose_first_is_missing_is_empty_and_no_defs_is_one_world() {
        let levels = [level("a", None), level("b", None)];
        let w = group(&[def("one", "nope")], &levels);
        assert!(w[0].levels.is_empty());
        assert_eq!(w[1].levels, [0, 1]);
        let w = group(&[], &levels);
        assert_eq!((w.len(), w[0].name.as_str()), (1, "Levels"));
    }
}
