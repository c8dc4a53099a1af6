//! The one tolerance every query shares: how close is "exactly touching"
//! at a given scale.

/// Tolerance in pixels for "exactly touching" at a query whose coordinates
/// span `scale` pixels: `1e-9 · (1 + scale)`.
pub(crate) fn px_tol(scale: f64) -> f64 {
    1e-9 * (1.0 + scale)
}
