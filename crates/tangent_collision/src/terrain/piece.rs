//! A piece of terrain with its surface properties, and the validation every
//! set of pieces passes before it is indexed.

use std::fmt;

use glam::Vec2;

use super::tiles::{TileEdge, TileGrid, tile_edges};
use crate::geometry::{Pose, Terrain};

/// One piece of terrain with its surface properties.
///
/// ```
/// use tangent_collision::prelude::*;
/// let springy = TerrainPiece {
///     restitution: 1.5,
///     ..TerrainPiece::solid(QuadBezier::new(Vec2::ZERO, Vec2::new(50.0, -40.0), Vec2::new(100.0, 0.0)))
/// };
/// let platform = TerrainPiece { one_way: true, ..TerrainPiece::solid(Segment::new(Vec2::ZERO, Vec2::X * 64.0)) };
/// assert!(TerrainSet::new(vec![springy, platform]).is_ok());
/// ```
///
/// With the `bevy` feature it is a component: a terrain entity is its piece.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::component::Component))]
pub struct TerrainPiece {
    pub shape: Terrain,
    /// Multiplies the body's restitution: `e = e_body · e_terrain`.
    pub restitution: f32,
    /// Blocks only bodies coming from its left side (the side
    /// `perp(B'(t))` points to; "up" for a piece drawn left to right).
    pub one_way: bool,
    /// Solid lies behind it, on its right side (the side `-perp(B'(t))`
    /// points to), as for the edges of solid tiles: a body whose centre is
    /// behind the nearest such piece is inside solid and is pushed out
    /// through it, never deeper. Only segments use it; a piece without it is
    /// two-sided.
    pub solid_behind: bool,
}

impl TerrainPiece {
    /// A solid piece with restitution 1 (the body's own restitution applies).
    pub fn solid(shape: impl Into<Terrain>) -> Self {
        TerrainPiece {
            shape: shape.into(),
            restitution: 1.0,
            one_way: false,
            solid_behind: false,
        }
    }

    /// The side a one-way piece holds from at parameter `t`: the left
    /// perpendicular `perp(B'(t))` of its direction there (not unit), or up
    /// where the derivative vanishes.
    pub(crate) fn holding_side(&self, t: f32) -> Vec2 {
        let d = self.shape.derivative(t);
        if d.length_squared() > 0.0 {
            d.perp()
        } else {
            Vec2::Y
        }
    }

    /// The piece for a tile edge: solid tiles behind it, unless it is a
    /// one-way top.
    pub(crate) fn from_tile_edge(edge: &TileEdge) -> Self {
        TerrainPiece {
            shape: Terrain::Segment(edge.segment),
            restitution: 1.0,
            one_way: edge.one_way,
            solid_behind: !edge.one_way,
        }
    }
}

/// Refuses a piece (index `i` in its set) with a non-finite or absurdly far
/// control point or a bad restitution.
pub(super) fn check_piece(i: usize, p: &TerrainPiece) -> Result<(), TerrainError> {
    check_shape(i, &p.shape)?;
    if !p.restitution.is_finite() || p.restitution < 0.0 {
        return Err(TerrainError::BadRestitution {
            piece: i,
            value: p.restitution,
        });
    }
    Ok(())
}

/// Refuses a shape with a non-finite or absurdly far control point (read
/// without allocating: movers check every pose).
pub(super) fn check_shape(i: usize, shape: &Terrain) -> Result<(), TerrainError> {
    let b = shape.bernstein();
    for point in b.p[..b.n].iter().map(|p| p.as_vec2()) {
        if !point.is_finite() {
            return Err(TerrainError::NonFinite { piece: i, point });
        }
        if point.abs().max_element() > MAX_COORD {
            return Err(TerrainError::TooFar { piece: i, point });
        }
    }
    Ok(())
}

impl TerrainPiece {
    /// Largest coordinate accepted, in pixels: beyond it `f32` spacing
    /// exceeds 1 px.
    pub const MAX_COORD: f32 = MAX_COORD;
}

/// [`TerrainPiece::MAX_COORD`], for the crate.
pub(crate) const MAX_COORD: f32 = 16384.0;

impl TileGrid {
    /// The boundary of the grid's solid region as terrain pieces: collinear
    /// unit edges merged into maximal segments (solid behind them), plus
    /// merged one-way top edges.
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let mut grid = TileGrid::new(100, 10, 32.0, Vec2::ZERO);
    /// for x in 0..100 {
    ///     grid.set(x, 0, TileKind::Solid);
    /// }
    /// // A floor of 100 tiles is one edge: nothing for a body to bump on.
    /// let floor = Terrain::Segment(Segment::new(Vec2::new(0.0, 32.0), Vec2::new(3200.0, 32.0)));
    /// let tops: Vec<_> = grid.pieces().into_iter().filter(|p| p.shape.derivative(0.5).y == 0.0).collect();
    /// assert!(tops.iter().any(|p| p.shape == floor && p.solid_behind));
    /// ```
    pub fn pieces(&self) -> Vec<TerrainPiece> {
        tile_edges(self)
            .iter()
            .map(TerrainPiece::from_tile_edge)
            .collect()
    }
}

/// Why a set of terrain pieces was rejected.
///
/// ```
/// use tangent_collision::prelude::*;
/// let far = Segment::new(Vec2::ZERO, Vec2::new(1e6, 0.0));
/// let e = TerrainSet::new(vec![TerrainPiece::solid(far)]).unwrap_err();
/// assert!(e.to_string().contains("farther than"), "{e}");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum TerrainError {
    /// A control point is NaN or infinite.
    NonFinite { piece: usize, point: Vec2 },
    /// A control point lies farther than [`TerrainPiece::MAX_COORD`] from the origin.
    TooFar { piece: usize, point: Vec2 },
    /// Restitution is NaN, negative or infinite.
    BadRestitution { piece: usize, value: f32 },
    /// A mover's pose is not finite.
    BadPose { mover: usize, pose: Pose },
}

impl fmt::Display for TerrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TerrainError::NonFinite { piece, point } => {
                write!(
                    f,
                    "terrain piece {piece}: control point {point} is not finite"
                )
            }
            TerrainError::TooFar { piece, point } => write!(
                f,
                "terrain piece {piece}: control point {point} is farther than {MAX_COORD} px from the origin"
            ),
            TerrainError::BadRestitution { piece, value } => write!(
                f,
                "terrain piece {piece}: restitution {value} must be finite and not negative"
            ),
            TerrainError::BadPose { mover, pose } => {
                write!(f, "mover {mover}: pose {pose:?} is not finite")
            }
        }
    }
}

impl std::error::Error for TerrainError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn rejects_non_finite_input_naming_the_piece() {
        let good = TerrainPiece::solid(Segment::new(Vec2::ZERO, Vec2::X));
        let bad = TerrainPiece::solid(QuadBezier::new(
            Vec2::ZERO,
            Vec2::new(f32::NAN, 0.0),
            Vec2::X,
        ));
        let err = TerrainSet::new(vec![good, bad]).unwrap_err();
        assert!(matches!(err, TerrainError::NonFinite { piece: 1, .. }));
        assert!(err.to_string().contains("terrain piece 1"));
    }
}
