//! The query benches' inputs, shared by `benches/queries.rs` and the
//! `query_probe` example (instruction counts under callgrind): seeded
//! random quadratics, cubics, segments and points in a 1 000 px square.

use glam::Vec2;
use tangent_collision::prelude::{CubicBezier, QuadBezier, Segment};

use crate::scene::Rng;

/// Inputs of each kind.
pub const N: usize = 256;

/// [`N`] of each kind, the `i`-th of each used together.
pub struct Inputs {
    pub quads: Vec<QuadBezier>,
    pub cubics: Vec<CubicBezier>,
    pub segs: Vec<Segment>,
    pub points: Vec<Vec2>,
}

/// The same inputs on every run.
pub fn inputs() -> Inputs {
    let mut r = Rng::new(0x1234_5678_9abc_def1);
    let mut p = || Vec2::new(r.unit() * 1000.0, r.unit() * 1000.0);
    Inputs {
        quads: (0..N).map(|_| QuadBezier::new(p(), p(), p())).collect(),
        cubics: (0..N)
            .map(|_| CubicBezier::new(p(), p(), p(), p()))
            .collect(),
        segs: (0..N).map(|_| Segment::new(p(), p())).collect(),
        points: (0..N).map(|_| p()).collect(),
    }
}
