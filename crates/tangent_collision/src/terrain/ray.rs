//! Ray casts against a whole terrain set: the pieces whose boxes the ray's
//! box touches (the set's grid), each cast ([`Terrain::ray_cast`](crate::geometry::Terrain::ray_cast)), the
//! nearest hit kept. A one-way piece stops only a ray coming from its
//! holding side (the left of its direction), as it holds bodies.

use glam::Vec2;

use super::piece::TerrainPiece;
use super::set::TerrainSet;
use crate::geometry::Rect;
use crate::query::Toi;

impl TerrainSet {
    /// The first piece the ray from `origin` along `motion` meets, and
    /// where (see [`Terrain::ray_cast`](crate::geometry::Terrain::ray_cast)); one-way pieces stop it only when
    /// it comes from their holding side. `None` when it meets nothing.
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let floor = TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)));
    /// let shelf = TerrainPiece {
    ///     one_way: true,
    ///     ..TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 50.0), Vec2::new(100.0, 50.0)))
    /// };
    /// let set = TerrainSet::new(vec![floor, shelf])?;
    /// // From above, the one-way shelf stops the ray; from below, it lets it by.
    /// let (piece, hit) = set.ray_cast(Vec2::new(0.0, 100.0), Vec2::new(0.0, -200.0)).unwrap();
    /// assert_eq!((piece, hit.normal), (1, Vec2::Y));
    /// assert!(set.ray_cast(Vec2::new(0.0, 20.0), Vec2::new(0.0, 200.0)).is_none());
    /// // Down from between them: the floor.
    /// let (piece, hit) = set.ray_cast(Vec2::new(0.0, 20.0), Vec2::new(0.0, -40.0)).unwrap();
    /// assert_eq!(piece, 0);
    /// assert!((hit.fraction - 0.5).abs() < 1e-4);
    /// # Ok::<(), TerrainError>(())
    /// ```
    pub fn ray_cast(&self, origin: Vec2, motion: Vec2) -> Option<(usize, Toi)> {
        let region = Rect::new(
            origin.x.min(origin.x + motion.x),
            origin.y.min(origin.y + motion.y),
            origin.x.max(origin.x + motion.x),
            origin.y.max(origin.y + motion.y),
        );
        let mut candidates = Vec::new();
        self.query(region, &mut candidates);
        let mut best: Option<(usize, Toi)> = None;
        for i in candidates {
            let piece = self.piece(i);
            let Some(hit) = piece.shape.ray_cast(origin, motion) else {
                continue;
            };
            if piece.one_way && !from_holding_side(piece, &hit, motion) {
                continue;
            }
            if best.as_ref().is_none_or(|(_, b)| hit.fraction < b.fraction) {
                best = Some((i, hit));
            }
        }
        best
    }
}

/// Whether a ray along `motion` that hit `piece` came from its holding
/// side ([`TerrainPiece::holding_side`] at the hit): it moves against it.
fn from_holding_side(piece: &TerrainPiece, hit: &Toi, motion: Vec2) -> bool {
    let t = hit.hits.iter().sum::<f32>() / hit.hits.len().max(1) as f32;
    motion.dot(piece.holding_side(t)) < 0.0
}
