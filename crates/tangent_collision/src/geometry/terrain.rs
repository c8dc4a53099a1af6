//! Evaluation of a terrain piece: `B(t)`, `B'(t)`, the tight bounding box,
//! monotonic ranges and sub-curves. All three kinds go through the shared
//! Bernstein / power-basis code in [`super::basis`], in `f64`, so they share
//! one implementation.

use glam::{DVec2, Vec2};

use super::basis::Bernstein;
use super::rect::Rect;
use super::shapes::{CubicBezier, QuadBezier, Segment, Terrain};
use crate::poly::{Roots, each_quadratic_root};

/// Casts an `f64` bound to `f32`, rounding away from the inside of the box.
fn round_down(v: f64) -> f32 {
    let f = v as f32;
    if f as f64 > v { f.next_down() } else { f }
}

fn round_up(v: f64) -> f32 {
    let f = v as f32;
    if (f as f64) < v { f.next_up() } else { f }
}

impl Terrain {
    /// The control points (2, 3 or 4 of them).
    pub fn control_points(&self) -> Vec<Vec2> {
        match *self {
            Terrain::Segment(s) => vec![s.a, s.b],
            Terrain::Quad(q) => vec![q.p0, q.p1, q.p2],
            Terrain::Cubic(c) => vec![c.p0, c.p1, c.p2, c.p3],
        }
    }

    /// The control points in `f64`, for the shared math.
    pub(crate) fn bernstein(&self) -> Bernstein {
        let d = |v: Vec2| v.as_dvec2();
        match *self {
            Terrain::Segment(s) => Bernstein::new(&[d(s.a), d(s.b)]),
            Terrain::Quad(q) => Bernstein::new(&[d(q.p0), d(q.p1), d(q.p2)]),
            Terrain::Cubic(c) => Bernstein::new(&[d(c.p0), d(c.p1), d(c.p2), d(c.p3)]),
        }
    }

    fn from_bernstein(b: &Bernstein) -> Terrain {
        let p = |i: usize| b.p[i].as_vec2();
        match b.n {
            2 => Terrain::Segment(Segment::new(p(0), p(1))),
            3 => Terrain::Quad(QuadBezier::new(p(0), p(1), p(2))),
            _ => Terrain::Cubic(CubicBezier::new(p(0), p(1), p(2), p(3))),
        }
    }

    /// The same kind of piece with every control point mapped by `f`
    /// (in `f64`, rounded once to `f32`).
    pub(crate) fn map_points(&self, f: impl Fn(DVec2) -> DVec2) -> Terrain {
        let mut b = self.bernstein();
        for p in &mut b.p[..b.n] {
            *p = f(*p);
        }
        Terrain::from_bernstein(&b)
    }

    /// Polynomial degree: 1, 2 or 3.
    pub fn degree(&self) -> usize {
        self.bernstein().n - 1
    }

    /// `true` when every control point is finite.
    pub fn is_finite(&self) -> bool {
        self.control_points().iter().all(|p| p.is_finite())
    }

    /// `B(t)`, the point at parameter `t` (meant for `t` in `[0, 1]`).
    pub fn point(&self, t: f32) -> Vec2 {
        self.bernstein().power().eval(t as f64).as_vec2()
    }

    /// `B'(t)`, the derivative with respect to `t` (not normalised; it is zero
    /// where control points coincide at an end).
    pub fn derivative(&self, t: f32) -> Vec2 {
        self.bernstein().power().deriv(t as f64).as_vec2()
    }

    /// Parameters in `(0, 1)` where `x'(t)` or `y'(t)` changes sign: the
    /// turning points of each coordinate.
    fn turning_params(&self) -> Roots {
        let pc = self.bernstein().power();
        let mut ts = Roots::new();
        if pc.n == 2 {
            return ts;
        }
        for axis in 0..2 {
            for t in pc.axis(axis).deriv().sign_change_roots(0.0, 1.0) {
                if t > 0.0 && t < 1.0 {
                    ts.push(t);
                }
            }
        }
        ts.sort();
        ts
    }

    /// The tight axis-aligned bounding box: the ends plus the points where
    /// `x'(t) = 0` or `y'(t) = 0` (roots of a polynomial of degree ≤ 2), not
    /// the control-point hull. Rounded outward to `f32`.
    pub fn aabb(&self) -> Rect {
        let b = self.bernstein();
        let (first, last) = (b.p[0], b.p[b.n - 1]);
        let (mut min, mut max) = (first.min(last), first.max(last));
        // Inner control points inside the ends' box keep the whole curve
        // inside it (hull property): no extremum to look for.
        let inner = &b.p[1..b.n - 1];
        if inner
            .iter()
            .any(|q| q.cmplt(min).any() || q.cmpgt(max).any())
        {
            let pc = b.power();
            // x'(t), y'(t) = c₁ + 2c₂t + 3c₃t² (c₃ = 0 for a quadratic).
            let (c1, c2, c3) = (pc.c[1], 2.0 * pc.c[2], 3.0 * pc.c[3]);
            for axis in 0..2 {
                each_quadratic_root(c1[axis], c2[axis], c3[axis], 0.0, 1.0, |t| {
                    let p = pc.eval(t);
                    min = min.min(p);
                    max = max.max(p);
                });
            }
        }
        Rect {
            min: Vec2::new(round_down(min.x), round_down(min.y)),
            max: Vec2::new(round_up(max.x), round_up(max.y)),
        }
    }

    /// The tight bounding box of the part of the piece with `t` in `[t0, t1]`.
    pub fn aabb_between(&self, t0: f32, t1: f32) -> Rect {
        self.subcurve(t0, t1).aabb()
    }

    /// Parameter ranges `[t_i, t_(i+1)]` on which both coordinates are
    /// monotonic, covering `[0, 1]` in order. A segment is one range.
    pub fn monotonic_ranges(&self) -> Vec<(f32, f32)> {
        let mut cuts = vec![0.0f64];
        for t in self.turning_params().into_iter() {
            if t - cuts[cuts.len() - 1] > 1e-6 && 1.0 - t > 1e-6 {
                cuts.push(t);
            }
        }
        cuts.push(1.0);
        cuts.windows(2)
            .map(|w| (w[0] as f32, w[1] as f32))
            .collect()
    }

    /// The part of the piece with `t` in `[t0, t1]`, as a piece of the same
    /// kind reparametrised to `[0, 1]` (de Casteljau subdivision).
    pub fn subcurve(&self, t0: f32, t1: f32) -> Terrain {
        Terrain::from_bernstein(&self.bernstein().sub(t0 as f64, t1 as f64))
    }

    /// The piece cut into x- and y-monotonic sub-pieces (see
    /// [`Terrain::monotonic_ranges`]), for broad-phase boxes that stay tight.
    pub fn split_monotonic(&self) -> Vec<Terrain> {
        self.monotonic_ranges()
            .into_iter()
            .map(|(a, b)| self.subcurve(a, b))
            .collect()
    }

    /// `B(t)` in `f64`, for callers that need the extra precision.
    pub fn point_f64(&self, t: f64) -> DVec2 {
        self.bernstein().power().eval(t)
    }
}
