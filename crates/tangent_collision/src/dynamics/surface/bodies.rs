//! A surface runner meeting other bodies. [`run_on_surface`](crate::dynamics::run_on_surface)
//! moves a body along the terrain alone; a runner moves after the bodies'
//! step ([`run_among`](crate::dynamics::run_among)), so whatever stands in
//! its way is met here: the earliest body its motion comes within the skin
//! of ([`first_body_hit`], the same pairwise sweep the step uses between
//! bodies), and the impulse the two trade along the contact normal
//! ([`trade_impulse`]).
//!
//! The impulse is the step's between bodies (`neighbours`) without the
//! braces and friction: with relative normal speed `v_n = (v_a − v_b)·n < 0`
//! (`n` from `b` toward `a`), `j = −(1 + e) v_n / (w_a + w_b)` with `w` the
//! inverse masses, `v_a += j w_a n`, `v_b −= j w_b n`. Momentum is kept, and
//! the relative normal speed comes out as `−e v_n`.

use glam::Vec2;

use crate::dynamics::body::neighbours::first_touch;
use crate::geometry::ActorShape;
use crate::query::RoundedBox;

/// The first body in the way: which of the `others`, at what fraction of
/// the motion, and the contact normal there (from it toward the mover).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::dynamics) struct BodyHit {
    pub(in crate::dynamics) index: usize,
    pub(in crate::dynamics) fraction: f32,
    pub(in crate::dynamics) normal: Vec2,
}

/// The earliest of `others` (each a shape and its centre) that `shape`,
/// moving by `motion` from `start`, comes within the skin of (the step's
/// own test between two bodies). A body already within the skin counts
/// only when the motion goes into it.
pub(in crate::dynamics) fn first_body_hit(
    shape: &ActorShape,
    start: Vec2,
    motion: Vec2,
    others: impl IntoIterator<Item = (ActorShape, Vec2)>,
) -> Option<BodyHit> {
    let mut best: Option<BodyHit> = None;
    let reach = motion.length();
    for (index, (other, at)) in others.into_iter().enumerate() {
        let pair = RoundedBox::of_pair(shape, &other);
        if let Some((fraction, normal)) = first_touch(&pair, start - at, motion, reach)
            && best.is_none_or(|b| fraction < b.fraction)
        {
            best = Some(BodyHit {
                index,
                fraction,
                normal,
            });
        }
    }
    best
}

/// The velocities of `a` and `b` (inverse masses `wa`, `wb`) after they
/// meet along `n` (from `b` toward `a`) with restitution `e`; unchanged
/// when they are not closing, or both immovable (see the module docs).
pub(in crate::dynamics) fn trade_impulse(
    a: (Vec2, f32),
    b: (Vec2, f32),
    n: Vec2,
    e: f32,
) -> (Vec2, Vec2) {
    let ((va, wa), (vb, wb)) = (a, b);
    let vn = (va - vb).dot(n);
    if vn >= 0.0 || wa + wb <= 0.0 {
        return (va, vb);
    }
    let j = -(1.0 + e) * vn / (wa + wb);
    (va + j * wa * n, vb - j * wb * n)
}

#[cfg(test)]
mod doc_tests {
    use super::*;

    #[test]
    fn the_first_body_in_the_way_and_where() {
        let ball = ActorShape::Circle { radius: 10.0 };
        let crate_ = ActorShape::Rect {
            half_extents: Vec2::splat(16.0),
        };
        // Moving right 100 px toward a crate whose left face is 50 px away.
        let hit = first_body_hit(
            &ball,
            Vec2::ZERO,
            Vec2::new(100.0, 0.0),
            [(crate_, Vec2::new(76.0, 0.0))],
        )
        .unwrap();
        assert!((hit.fraction - 0.4998).abs() < 1e-4);
        assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
    }

    #[test]
    fn equal_masses_head_on_and_elastic_swap_velocities() {
        let (a, b) = trade_impulse((Vec2::new(-3.0, 0.0), 1.0), (Vec2::ZERO, 1.0), Vec2::X, 1.0);
        assert_eq!((a, b), (Vec2::ZERO, Vec2::new(-3.0, 0.0)));
    }
}
