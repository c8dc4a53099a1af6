//! Editing the legend: what each tile character stands for. Changing an
//! entry's kind changes every tile drawn with it; renaming a character
//! rewrites the rows; an entry can be removed only when no tile uses it.

use tangent_level::format::{LevelFile, TileDef};

/// How many tiles use `c`.
pub fn uses(f: &LevelFile, c: char) -> usize {
    f.tiles
        .iter()
        .map(|r| r.chars().filter(|x| *x == c).count())
        .sum()
}

/// A character not yet in the legend, for a new entry: the first free one
/// of `a`–`z`, `A`–`Z`, then any printable one.
pub fn free_char(f: &LevelFile) -> char {
    ('a'..='z')
        .chain('A'..='Z')
        .chain((33u8..127).map(char::from))
        .chain((0xa1..0x2fff).filter_map(char::from_u32))
        .find(|c| !f.legend.contains_key(c))
        .unwrap_or('?')
}

/// Why `c` cannot be a legend character, if it cannot: a row of tiles is
/// one line of text, so control characters are out.
pub fn refuse_char(c: char) -> Option<String> {
    c.is_control()
        .then(|| format!("{c:?} cannot be a tile character: it is a control character"))
}

/// Why `old` cannot be renamed to `new`, if it cannot.
pub fn refuse_rename(f: &LevelFile, old: char, new: char) -> Option<String> {
    if old == new {
        return None;
    }
    if let Some(e) = refuse_char(new) {
        return Some(e);
    }
    if f.legend.contains_key(&new) {
        return Some(format!("{new:?} is already in the legend"));
    }
    (!f.legend.contains_key(&old)).then(|| format!("{old:?} is not in the legend"))
}

/// Renames `old` to `new` in the legend and every row.
pub fn rename(f: &mut LevelFile, old: char, new: char) -> Result<(), String> {
    if let Some(e) = refuse_rename(f, old, new) {
        return Err(e);
    }
    let Some(kind) = f.legend.remove(&old) else {
        return Ok(()); // old == new
    };
    f.legend.insert(new, kind);
    for row in f.tiles.iter_mut() {
        *row = row
            .chars()
            .map(|c| if c == old { new } else { c })
            .collect();
    }
    Ok(())
}

/// Why `c` cannot be removed from the legend, if it cannot: tiles use it.
pub fn refuse_remove(f: &LevelFile, c: char) -> Option<String> {
    match uses(f, c) {
        0 => None,
        n => Some(format!(
            "{c:?} is used by {n} tiles; paint them over or change its kind instead"
        )),
    }
}

/// Removes `c` from the legend, if no tile uses it.
pub fn remove(f: &mut LevelFile, c: char) -> Result<(), String> {
    if let Some(e) = refuse_remove(f, c) {
        return Err(e);
    }
    f.legend.remove(&c);
    Ok(())
}

/// Sets what `c` stands for, adding the entry if new (every tile drawn
/// with `c` becomes `kind`).
pub fn set(f: &mut LevelFile, c: char, kind: TileDef) -> Result<(), String> {
    if let Some(e) = refuse_char(c) {
        return Err(e);
    }
    f.legend.insert(c, kind);
    Ok(())
}
