//! A loop you can run: four one-way cubic curves drawn round once,
//! counter-clockwise, leaving the floor at the entry and coming back down
//! to it before the entry, so the way in and the way out never overlap.
//!
//! The path is the prolate cycloid-like curve
//! `P(θ) = (R sin θ − w θ / 2π, R (1 − cos θ))`, `θ` from [`ENTRY_ANGLE`]
//! to `2π −` [`ENTRY_ANGLE`], moved so it starts at the entry: a circle of
//! radius `R` whose centre drifts back by about `w` over the turn, sunk a
//! little so it leaves the floor at 10° and comes back down to it at 10°,
//! curving the same way all round. Each quarter is one cubic with the
//! curve's own end tangents (`P'(θ) · π/6` as handles, the Hermite cubic),
//! so joints are smooth.
//!
//! (The method in full is on `loop_curves`.)

use std::f32::consts::TAU;

use crate::format::{CurveDef, CurveFill};

/// How steeply a loop leaves the floor and comes back to it: 10°. A curve
/// that left it tangentially would start inside a body sliding along the
/// floor, and a one-way curve lets through a body it starts inside; at 10°
/// the body meets it as it meets any ramp, from the holding side. A runner
/// keeps `cos 10°` (98.5 %) of its speed at the entry's kink and at the
/// exit's.
pub const ENTRY_ANGLE: f32 = 10.0 * std::f32::consts::PI / 180.0;

/// How far below the floor the way in starts, px: a body sliding on the
/// floor then meets it where it comes out of the floor, on the curve's
/// inside, never at its end point (which would sit exactly at the height
/// of a box's bottom corner). The way out ends on the floor, so a body
/// coming down it meets the floor at the 10° kink, not the curve's end.
pub const BURIED: f32 = 1.0;

/// The first quarter (the way in) is solid; the other three are one-way
/// and hold from the inside (their left, drawn counter-clockwise). Coming
/// along the floor from the left, a body passes under the last quarter's
/// end (from outside: not held), reaches the entry at `x₀` and runs up the
/// first quarter as up any ramp. A runner (the player running a surface)
/// does not step again onto a piece it ran the same way since it got on
/// the surface, so after one turn it comes down to the floor before the
/// entry and runs on past it, through the way in (Sonic's games flip
/// collision layers at a loop's top for the same reason); a ball or a
/// crate, which has no such memory, goes round again for as long as it is
/// fast enough, and a body too slow falls or slides back inside.
///
/// ```
/// use tangent_level::format::loops::loop_curves;
/// let curves = loop_curves((400.0, 32.0), 150.0, 60.0);
/// assert_eq!(curves.len(), 4);
/// assert!(curves.iter().all(|c| c.points.len() == 4));
/// // The way in is solid; the rest holds from inside only.
/// assert!(!curves[0].one_way && curves[1..].iter().all(|c| c.one_way));
/// assert_eq!(curves[0].points[0], (400.0, 31.0)); // a pixel into the floor
/// // Back down on the floor at least the offset before the entry.
/// let (x, y) = curves[3].points[3];
/// assert!(y == 32.0 && x < 400.0 - 60.0, "{x} {y}");
/// // Each curve starts where the one before ends.
/// for pair in curves.windows(2) {
///     assert_eq!(pair[0].points[3], pair[1].points[0]);
/// }
/// ```
///
/// The four curves of a loop entered at `entry` (on the floor, moving
/// right; the way in starts [`BURIED`] px below it), of radius `radius`, coming back down `offset` px before the
/// entry (see the module docs). Points are rounded to hundredths, as the
/// editor writes them.
pub fn loop_curves(entry: (f32, f32), radius: f32, offset: f32) -> Vec<CurveDef> {
    let (x0, y0) = entry;
    // Started and ended `ENTRY_ANGLE` up from the bottom, and let down so
    // both ends are on the floor.
    let sink = radius * (1.0 - ENTRY_ANGLE.cos());
    let start = ENTRY_ANGLE;
    let turn = TAU - 2.0 * ENTRY_ANGLE;
    let shift = radius * start.sin() - offset * start / TAU;
    let at = |th: f32| {
        (
            x0 - shift + radius * th.sin() - offset * th / TAU,
            y0 - sink + radius * (1.0 - th.cos()),
        )
    };
    let slope = |th: f32| (radius * th.cos() - offset / TAU, radius * th.sin());
    let round = |(x, y): (f32, f32)| ((x * 100.0).round() / 100.0, (y * 100.0).round() / 100.0);
    let quarter = turn / 4.0;
    let handle = quarter / 3.0;
    (0..4)
        .map(|k| {
            let (a, b) = (start + k as f32 * quarter, start + (k + 1) as f32 * quarter);
            let (p0, p3) = (at(a), at(b));
            let (d0, d3) = (slope(a), slope(b));
            let p1 = (p0.0 + d0.0 * handle, p0.1 + d0.1 * handle);
            let p2 = (p3.0 - d3.0 * handle, p3.1 - d3.1 * handle);
            // The way in starts a little under the floor.
            let p0 = if k == 0 { (p0.0, p0.1 - BURIED) } else { p0 };
            CurveDef {
                points: vec![round(p0), round(p1), round(p2), round(p3)],
                restitution: 1.0,
                one_way: k > 0,
                fill: CurveFill::Line,
                hazard: false,
            }
        })
        .collect()
}
