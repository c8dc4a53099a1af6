//! A map's images checked before a game draws them: a PNG's size from its
//! header ([`png_size`]), what is wrong with an image file in one line
//! naming it ([`image_problem`]), and how many tiles fit across one
//! ([`tiles_across`]).

use std::io::Read;
use std::path::Path;

/// The width and height of a PNG image from its first 24 bytes (its
/// signature and header chunk), or `None` if they are not a PNG's.
///
/// ```
/// use tangent_level::import::images::png_size;
/// let mut png = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];
/// png.extend(b"IHDR");
/// png.extend(64u32.to_be_bytes());
/// png.extend(32u32.to_be_bytes());
/// assert_eq!(png_size(&png), Some((64, 32)));
/// assert_eq!(png_size(b"GIF89a and more bytes than that"), None);
/// ```
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    if bytes.len() < 24 || bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    Some((word(16), word(20)))
}

/// The size of the PNG image at `path` (its header read), or why not.
pub fn png_file_size(path: &Path) -> Result<(u32, u32), String> {
    let mut head = Vec::with_capacity(24);
    std::fs::File::open(path)
        .and_then(|f| f.take(24).read_to_end(&mut head))
        .map_err(|e| format!("cannot be read: {e}"))?;
    png_size(&head).ok_or_else(|| "is not a PNG".to_string())
}

/// What is wrong with the image at `path` that `what` names (`tileset
/// `cave`'s image`), in one line naming the file: it cannot be read, is
/// not a PNG, or is not `said` px (its size as the map says; 0 where it
/// does not).
pub fn image_problem(path: &Path, said: (u32, u32), what: &str) -> Option<String> {
    let file = path.display();
    let size = match png_file_size(path) {
        Ok(size) => size,
        Err(e) => return Some(format!("{file}: {what} {e}")),
    };
    let declared = said.0 > 0 && said.1 > 0;
    (declared && size != said).then(|| {
        format!(
            "{file}: {what} is {} x {} px; the map says {} x {}",
            size.0, size.1, said.0, said.1
        )
    })
}

/// How many tiles of `tile` px fit across `size` px of a tileset image
/// with `margin` px around it and `spacing` px between tiles, as Tiled
/// works it out: `(size − 2 margin + spacing) / (tile + spacing)` (a
/// divisor of 0, a zero-sized tile with no spacing, counts as 1 px rather
/// than failing).
///
/// ```
/// use tangent_level::import::images::tiles_across;
/// assert_eq!(tiles_across(96, 32, 0, 0), 3);
/// assert_eq!(tiles_across(2 + 16 + 4 + 16 + 2, 16, 2, 4), 2);
/// assert_eq!(tiles_across(3, 32, 2, 4), 0);
/// assert_eq!(tiles_across(64, 0, 0, 0), 64);
/// ```
pub fn tiles_across(size: u32, tile: u32, margin: u32, spacing: u32) -> u32 {
    let room = size
        .saturating_sub(margin.saturating_mul(2))
        .saturating_add(spacing);
    room / tile.saturating_add(spacing).max(1)
}
