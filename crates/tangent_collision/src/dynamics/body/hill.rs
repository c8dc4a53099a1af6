//! Keeping a sliding body on a surface that falls away under it: over a
//! hill, or past a joint where a chain turns down a little.
//!
//! A supported body's step moves along the tangent where it starts, with the
//! gravity along the surface (`support`). Where the surface falls away
//! under that chord the body ends above it: over a hill by `κ_c L² / 2`
//! (`L` the chord's length, `κ_c = κ / (1 + κ r)` the curvature of the path
//! of a circle's centre, `r` out from a curve of curvature `κ`), up to
//! `g_n τ² / 2` while gravity can hold it there (0.5 px at g = 3 600 px/s²
//! and 60 Hz, five times the contact margin); past a joint that turns down
//! by `ε`, by `ε` times what is left of the chord. The body would float out
//! of contact for a step and fall back: `grounded` flickered one step in
//! three over hills, and a fast ball hopped at the joints of a chain whose
//! pieces `f32` had kinked.

use glam::Vec2;

use super::dip::{Sliding, nearest_on_surface};
use super::impact::first_impact;
use super::margins::{CONTACT_MARGIN, CURVE_GAP, SKIN};
use super::types::Body;
use crate::geometry::{ActorShape, Terrain};
use crate::terrain::{SpanCache, TerrainSet};

/// A body let down onto the surface it slides on: the drop to sweep, and
/// the surface's unit normal (facing the body) at the point under it.
#[derive(Clone, Copy, Debug)]
pub(in crate::dynamics) struct LetDown {
    pub drop: Vec2,
    pub normal: Vec2,
}

/// The rule is support's: a surface holds a body that is leaving it so
/// slowly that gravity brings it back within the step, `0 ≤ v · n ≤ g_n τ`
/// (over a hill that is `v² κ_c ≤ g_n`, the closed form for staying on).
/// So after a chord that met nothing, with the body's end `E` no more than
/// the contact margin plus one step's fall (`|g| τ² / 2`) off the surface
/// it slid on (that piece, or a neighbour carrying it on smoothly), it is
/// let down straight to the surface's nearest point `Q`, to `CURVE_GAP` off
/// it (a circle): `E' = Q + (r + CURVE_GAP) n̂`, `n̂ = (E - Q) / |E - Q|`. That short drop
/// is swept like any motion, so it enters nothing. The velocity is turned
/// to the tangent at `Q` and its speed is the one energy gives there,
/// `|v|² = |v₀|² + 2 g · (E' - P₀)`: the surface pushes normal to the path
/// and does no work. A body already that near is only turned.
///
/// Bending the chord itself to end at `E'` (as `dip` does) does
/// not work on a hill: the straight chord between two points on the path
/// cuts a sagitta `κ_c L² / 8` into the skin, and the sweep stops at its
/// start. Tried: up to 8 impacts a step, the scene bench 3× slower.
///
/// A rect meets a curve with a corner or a face, so it has no single
/// nearest point to drop to: it is cast down the contact's normal instead,
/// and stops a skin off the surface (on curves only; on straight pieces,
/// where the player walks on tiles, it is left as it is). A faster body, or
/// one off a sharper turn, leaves the surface, as physics says.
///
/// Where a body whose chord along `on` has just ended (its position and
/// velocity are the chord's end; `tau` the time the chord took) is let down
/// onto the surface it slid on, the drop already swept (see the module
/// docs); `None` where the rule does not hold it: farther than the contact
/// margin plus one step's fall, moving into the surface, leaving it faster
/// than gravity brings back, or something else in the way.
pub(in crate::dynamics) fn let_down(
    set: &TerrainSet,
    on: Sliding,
    body: &Body,
    gravity: Vec2,
    tau: f32,
    cache: &mut SpanCache,
) -> Option<LetDown> {
    let fall = 0.5 * gravity.length() * tau * tau;
    let down = match body.shape {
        ActorShape::Circle { radius } => circle_drop(set, on, body.position, radius, fall, cache)?,
        ActorShape::Rect { .. } => rect_drop(set, on, body, fall, cache)?,
    };
    let (leaving, pressing) = (body.velocity.dot(down.normal), -gravity.dot(down.normal));
    if leaving < 0.0 || leaving > pressing * tau {
        return None;
    }
    if let ActorShape::Circle { .. } = body.shape
        && down.drop != Vec2::ZERO
        && first_impact(set, body, down.drop, cache, &[]).is_some()
    {
        return None;
    }
    Some(down)
}

/// A circle's drop to `CURVE_GAP` off the nearest point of the surface (none
/// if it is nearer), and the normal there.
fn circle_drop(
    set: &TerrainSet,
    on: Sliding,
    end: Vec2,
    radius: f32,
    fall: f32,
    cache: &mut SpanCache,
) -> Option<LetDown> {
    let reach = radius + SKIN + CONTACT_MARGIN + fall;
    let out = nearest_on_surface(set, on, end, reach, cache)?.out;
    let dist = out.length();
    let gap = dist - (radius + CURVE_GAP) as f64;
    if out.dot(on.normal.as_dvec2()) <= 0.0 || gap > (CONTACT_MARGIN + fall) as f64 {
        return None;
    }
    let n = (out / dist).as_vec2();
    Some(LetDown {
        drop: -n * gap.max(0.0) as f32,
        normal: n,
    })
}

/// A rect's drop: a rect meets a curve with a corner or a face, so rather
/// than a nearest point it is cast straight down the contact's normal by
/// the contact margin plus one step's fall; where it meets the surface it
/// slid on (that piece, or one facing the same way within 0.1 rad) it stops,
/// a skin off it, with that contact's normal. Only on curves: on straight
/// pieces (the player on tiles) a rect is left as it is.
fn rect_drop(
    set: &TerrainSet,
    on: Sliding,
    body: &Body,
    fall: f32,
    cache: &mut SpanCache,
) -> Option<LetDown> {
    if matches!(set.piece(on.piece).shape, Terrain::Segment(_)) {
        return None;
    }
    let cast = -on.normal * (CONTACT_MARGIN + fall);
    let (piece, toi) = first_impact(set, body, cast, cache, &[])?;
    if piece != on.piece && toi.normal.dot(on.normal) <= 0.995 {
        return None;
    }
    Some(LetDown {
        drop: cast * toi.fraction,
        normal: toi.normal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{QuadBezier, Segment, Terrain};
    use crate::terrain::TerrainPiece;

    const DT: f32 = 1.0 / 60.0;
    const R: f32 = 10.0;

    fn ball(at: Vec2, v: Vec2) -> Body {
        Body::new(ActorShape::Circle { radius: R }, at, v, 0.0)
    }

    /// A ball that slid a step along the tangent at a hill's crest is let
    /// down to the hill gap, straight toward the hill's nearest point (by
    /// 40 001 samples); too fast for gravity to hold (`v² κ_c > g`), or
    /// under the hill, it is not.
    #[test]
    fn a_chord_over_a_crest_is_let_down_while_gravity_holds_it() {
        let hill = Terrain::Quad(QuadBezier::new(
            Vec2::ZERO,
            Vec2::new(200.0, 200.0),
            Vec2::new(400.0, 0.0),
        ));
        let set = TerrainSet::new(vec![TerrainPiece::solid(hill)]).unwrap();
        let mut cache = SpanCache::default();
        let on = Sliding {
            piece: 0,
            t: 0.5,
            normal: Vec2::Y,
        };
        let top = hill.point(0.5);
        let gravity = Vec2::new(0.0, -3600.0);
        // At the crest |B'|² = 400², B''·n = -800: κ = 1/200, κ_c = 1/210;
        // gravity holds a ball up to √(3 600 × 210) = 870 px/s.
        let end_after = |speed: f32| top + Vec2::new(speed * DT, R + SKIN);
        let v = Vec2::new(300.0, 0.0);
        let down = let_down(
            &set,
            on,
            &ball(end_after(300.0), v),
            gravity,
            DT,
            &mut cache,
        )
        .unwrap();
        let at = end_after(300.0) + down.drop;
        let p = at.as_dvec2();
        let nearest = (0..=40_000)
            .map(|k| (hill.point_f64(k as f64 / 40_000.0) - p).length())
            .fold(f64::MAX, f64::min);
        let gap = nearest - R as f64;
        assert!((gap - CURVE_GAP as f64).abs() < 1e-3, "gap {gap}");
        assert!(down.drop.y < 0.0 && down.drop.length() < 0.2);
        for fast in [1000.0, 1300.0] {
            let body = ball(end_after(fast), Vec2::new(fast, 0.0));
            assert!(let_down(&set, on, &body, gravity, DT, &mut cache).is_none());
        }
        // Under the hill: gravity pulls away from it.
        let under = Sliding {
            normal: -Vec2::Y,
            ..on
        };
        let below = top - Vec2::new(-5.0, R + 0.05);
        let body = ball(below, v);
        assert!(let_down(&set, under, &body, gravity, DT, &mut cache).is_none());
    }

    /// Past a joint where a straight chain turns down by 3°, a ball at
    /// 600 px/s leaves the new piece at 31 px/s, which gravity brings back
    /// within the step: it is let down. At 1 500 px/s (78 px/s off it, over
    /// the 60 px/s a step of gravity takes back) it flies.
    #[test]
    fn past_a_slight_downturn_a_slow_ball_is_held_and_a_fast_one_flies() {
        let turn = 3f32.to_radians();
        let a = Segment::new(Vec2::new(-200.0, 0.0), Vec2::ZERO);
        let b = Segment::new(
            Vec2::ZERO,
            Vec2::new(200.0, 0.0).rotate(Vec2::from_angle(-turn)),
        );
        let set = TerrainSet::new(vec![TerrainPiece::solid(a), TerrainPiece::solid(b)]).unwrap();
        let mut cache = SpanCache::default();
        let on = Sliding {
            piece: 0,
            t: 0.9,
            normal: Vec2::Y,
        };
        let gravity = Vec2::new(0.0, -3600.0);
        let end = Vec2::new(2.0, R + SKIN);
        for (speed, held) in [(600.0, true), (1500.0, false)] {
            let body = ball(end, Vec2::new(speed, 0.0));
            let down = let_down(&set, on, &body, gravity, DT, &mut cache);
            assert_eq!(down.is_some(), held, "{speed} px/s: {down:?}");
            if let Some(d) = down {
                assert!((d.normal - Vec2::Y.rotate(Vec2::from_angle(-turn))).length() < 1e-5);
            }
        }
    }
}
