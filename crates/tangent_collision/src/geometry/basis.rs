//! One representation for every terrain piece: Bernstein control points and the
//! power-basis polynomial they define, in `f64` (the expansion is on
//! [`Bernstein::power`]).
//!
//! Segments, quadratics and cubics share every query through these
//! coefficients: a query builds a scalar polynomial in `t` from them (a dot
//! product with a normal, a squared distance, …) and hands it to
//! [`crate::prelude::roots`]. Queries translate the curve so the query
//! point is the origin first, which keeps `f64` accurate at coordinates near
//! 100 000 px.

use glam::DVec2;

use crate::poly::Poly;

/// Control points of a Bézier of degree 1–3 (`n = degree + 1` points used).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Bernstein {
    pub p: [DVec2; 4],
    pub n: usize,
}

impl Bernstein {
    /// Control points from a slice of 2 to 4 points.
    pub(crate) fn new(points: &[DVec2]) -> Self {
        debug_assert!((2..=4).contains(&points.len()));
        let mut p = [DVec2::ZERO; 4];
        p[..points.len()].copy_from_slice(points);
        Bernstein { p, n: points.len() }
    }

    /// De Casteljau subdivision at `t`: the control points of `B` on `[0, t]`
    /// and on `[t, 1]`.
    pub(crate) fn split(&self, t: f64) -> (Bernstein, Bernstein) {
        let n = self.n;
        let mut work = self.p;
        let mut left = [DVec2::ZERO; 4];
        let mut right = [DVec2::ZERO; 4];
        for level in 0..n {
            left[level] = work[0];
            right[n - 1 - level] = work[n - 1 - level];
            for i in 0..n - 1 - level {
                work[i] = work[i].lerp(work[i + 1], t);
            }
        }
        (Bernstein { p: left, n }, Bernstein { p: right, n })
    }

    /// Control points of `B` restricted to `[t0, t1]`, reparametrised to `[0, 1]`.
    pub(crate) fn sub(&self, t0: f64, t1: f64) -> Bernstein {
        if t1 <= t0 {
            let p = self.power().eval(t0);
            return Bernstein::new(&[p; 4][..self.n]);
        }
        let (left, _) = self.split(t1);
        let (_, right) = left.split(t0 / t1);
        right
    }

    /// The power-basis coefficients. A Bézier of degree `d` with control
    /// points `P_0 … P_d` is `B(t) = Σ_i C(d,i) (1-t)^(d-i) t^i P_i`.
    /// Expanded in powers of `t` it is `B(t) = Σ_j c_j t^j` with
    /// `c_j = C(d,j) Σ_{i≤j} (-1)^(j-i) C(j,i) P_i`:
    ///
    /// | piece | `c_0` | `c_1` | `c_2` | `c_3` |
    /// |---|---|---|---|---|
    /// | segment | `a` | `b - a` | | |
    /// | quadratic | `P0` | `2(P1 - P0)` | `P0 - 2P1 + P2` | |
    /// | cubic | `P0` | `3(P1 - P0)` | `3(P0 - 2P1 + P2)` | `P3 - 3P2 + 3P1 - P0` |
    pub(crate) fn power(&self) -> PowerCurve {
        let p = &self.p;
        let c = match self.n {
            2 => [p[0], p[1] - p[0], DVec2::ZERO, DVec2::ZERO],
            3 => [
                p[0],
                2.0 * (p[1] - p[0]),
                p[0] - 2.0 * p[1] + p[2],
                DVec2::ZERO,
            ],
            _ => [
                p[0],
                3.0 * (p[1] - p[0]),
                3.0 * (p[0] - 2.0 * p[1] + p[2]),
                p[3] - 3.0 * p[2] + 3.0 * p[1] - p[0],
            ],
        };
        PowerCurve { c, n: self.n }
    }
}

/// Distance from the origin to the box `(lo, hi)` (0 inside it).
pub(crate) fn box_distance((lo, hi): (DVec2, DVec2)) -> f64 {
    lo.max(-hi).max(DVec2::ZERO).length()
}

/// `B(t) = Σ_j c_j t^j` with `n` coefficients (degree `n - 1`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PowerCurve {
    pub c: [DVec2; 4],
    pub n: usize,
}

impl PowerCurve {
    /// The same curve with `origin` moved to `(0, 0)`.
    pub(crate) fn translated(mut self, origin: DVec2) -> Self {
        self.c[0] -= origin;
        self
    }

    fn coeffs(&self) -> &[DVec2] {
        &self.c[..self.n]
    }

    /// `B(t)` by Horner's rule.
    pub(crate) fn eval(&self, t: f64) -> DVec2 {
        self.coeffs()
            .iter()
            .rev()
            .fold(DVec2::ZERO, |acc, &c| acc * t + c)
    }

    /// `B'(t) = Σ_j j c_j t^(j-1)`.
    pub(crate) fn deriv(&self, t: f64) -> DVec2 {
        self.coeffs()
            .iter()
            .enumerate()
            .skip(1)
            .rev()
            .fold(DVec2::ZERO, |acc, (j, &c)| acc * t + j as f64 * c)
    }

    /// The `k`-th derivative `B⁽ᵏ⁾(t) = Σ_{j≥k} j!/(j-k)! c_j t^(j-k)`.
    pub(crate) fn deriv_n(&self, k: usize, t: f64) -> DVec2 {
        let falling = |j: usize| ((j + 1 - k)..=j).product::<usize>() as f64;
        self.coeffs()
            .iter()
            .enumerate()
            .skip(k)
            .rev()
            .fold(DVec2::ZERO, |acc, (j, &c)| acc * t + falling(j) * c)
    }

    /// The direction in which the piece leaves its end (`t = 0`, or `t = 1`
    /// when `at_one`) into the piece: the first non-vanishing derivative
    /// `B⁽ᵏ⁾` there, times `(-1)ᵏ` at `t = 1` (near an end the curve is
    /// `B(e) + B⁽ᵏ⁾(e) (t - e)ᵏ / k!`, and `t - e` is negative going in from
    /// `t = 1`). `None` for a piece that is a point.
    pub(crate) fn leaving_end(&self, at_one: bool) -> Option<DVec2> {
        let t = if at_one { 1.0 } else { 0.0 };
        let tiny = self.vanishing();
        (1..self.n)
            .map(|k| (k, self.deriv_n(k, t)))
            .find(|(_, v)| v.length() > tiny)
            .map(|(k, v)| if at_one && k % 2 == 1 { -v } else { v })
    }

    /// The direction in which the piece leaves its end into the piece, like
    /// [`PowerCurve::leaving_end`], but read where it is well conditioned:
    /// where `|B'|` at the end is under 5 % of its bound `Σ j |c_j|` (control
    /// points near the end almost coincide, so rounding them to `f32` turns
    /// the end tangent by up to the rounding over their distance) it is the
    /// tangent at the parameter nearest the end, by halving, where `|B'|`
    /// reaches that much. On a piece that is straight up to rounding this is
    /// its line; on a curve, a tangent an arc of at most 5 % of its length
    /// inside the end.
    pub(crate) fn end_direction(&self, at_one: bool) -> Option<DVec2> {
        let bound: f64 = self
            .coeffs()
            .iter()
            .enumerate()
            .skip(1)
            .map(|(j, c)| j as f64 * c.length())
            .sum();
        let least = 0.05 * bound;
        let (e, sign) = if at_one { (1.0, -1.0) } else { (0.0, 1.0) };
        let at_end = self.deriv(e);
        if at_end.length() >= least {
            return Some(at_end * sign);
        }
        let mut step = 1.0 / 1024.0;
        while step <= 0.5 {
            let t = if at_one { 1.0 - step } else { step };
            let d = self.deriv(t);
            if d.length() >= least {
                return Some(d * sign);
            }
            step *= 2.0;
        }
        self.leaving_end(at_one)
    }

    /// The length below which a derivative of this piece counts as
    /// vanishing in [`PowerCurve::tangent_limit_above`]: `1e-12 (1 + scale)`.
    pub(crate) fn vanishing(&self) -> f64 {
        1e-12 * (1.0 + self.scale())
    }

    /// The direction of the tangent at `t`: `B'(t)`, or where it vanishes
    /// (its length at most `tiny`, see [`PowerCurve::vanishing`]: coincident
    /// control points) its limit, the first non-vanishing higher derivative
    /// (the second or third). `None` for a piece that is a point.
    pub(crate) fn tangent_limit_above(&self, t: f64, tiny: f64) -> Option<DVec2> {
        let first = self.deriv(t);
        if first.length() > tiny {
            return Some(first);
        }
        (2..self.n)
            .map(|k| self.deriv_n(k, t))
            .find(|v| v.length() > tiny)
    }

    /// The scalar polynomial `dir · B(t)`.
    pub(crate) fn dot(&self, dir: DVec2) -> Poly {
        let mut c = [0.0; 4];
        for (d, v) in c.iter_mut().zip(self.coeffs()) {
            *d = dir.dot(*v);
        }
        Poly::new(&c[..self.n])
    }

    /// One coordinate as a polynomial (`axis` 0 is x, 1 is y).
    pub(crate) fn axis(&self, axis: usize) -> Poly {
        self.dot(if axis == 0 { DVec2::X } else { DVec2::Y })
    }

    /// `|B(t)|²`, degree `2(n-1)`: the Cauchy product of the coefficients.
    pub(crate) fn squared_norm(&self) -> Poly {
        let mut c = [0.0; 7];
        for i in 0..self.n {
            for j in 0..self.n {
                c[i + j] += self.c[i].dot(self.c[j]);
            }
        }
        Poly::new(&c[..2 * self.n - 1])
    }

    /// [`PowerCurve::dot_deriv`] of a cubic (`n = 4`) as its six ascending
    /// coefficients, untrimmed: `Σ j (cᵢ · cⱼ) t^(i+j-1)` gathered by power,
    /// `c₀·c₁, 2c₀·c₂ + |c₁|², 3(c₀·c₃ + c₁·c₂), 4c₁·c₃ + 2|c₂|², 5c₂·c₃, 3|c₃|²`.
    pub(crate) fn dot_deriv_cubic(&self) -> [f64; 6] {
        let c = &self.c;
        [
            c[0].dot(c[1]),
            2.0 * c[0].dot(c[2]) + c[1].dot(c[1]),
            3.0 * (c[0].dot(c[3]) + c[1].dot(c[2])),
            4.0 * c[1].dot(c[3]) + 2.0 * c[2].dot(c[2]),
            5.0 * c[2].dot(c[3]),
            3.0 * c[3].dot(c[3]),
        ]
    }

    /// `B(t) · B'(t)`, degree `2n - 3`; zero where the distance from the
    /// origin to `B(t)` is stationary.
    pub(crate) fn dot_deriv(&self) -> Poly {
        let mut c = [0.0; 7];
        for i in 0..self.n {
            for j in 1..self.n {
                c[i + j - 1] += j as f64 * self.c[i].dot(self.c[j]);
            }
        }
        Poly::new(&c[..(2 * self.n - 2).max(1)])
    }

    /// The Bernstein control points back from the coefficients (the inverse
    /// of the table on `Bernstein::power`): `P_i = Σ_{j≤i} C(i,j)/C(d,j) c_j`.
    pub(crate) fn control_points(&self) -> [DVec2; 4] {
        let c = &self.c;
        match self.n {
            2 => [c[0], c[0] + c[1], DVec2::ZERO, DVec2::ZERO],
            3 => [c[0], c[0] + 0.5 * c[1], c[0] + c[1] + c[2], DVec2::ZERO],
            _ => [
                c[0],
                c[0] + c[1] / 3.0,
                c[0] + (2.0 / 3.0) * c[1] + c[2] / 3.0,
                c[0] + c[1] + c[2] + c[3],
            ],
        }
    }

    /// The box of the control points. The curve lies in their convex hull,
    /// so a query region that misses this box misses the curve: the cheap
    /// rejection every query tries first.
    pub(crate) fn hull_box(&self) -> (DVec2, DVec2) {
        let p = self.control_points();
        let (mut lo, mut hi) = (p[0], p[0]);
        for q in &p[1..self.n] {
            lo = lo.min(*q);
            hi = hi.max(*q);
        }
        (lo, hi)
    }

    /// Distance from the origin to [`PowerCurve::hull_box`] (0 inside it): a
    /// lower bound on the distance from the origin to the curve.
    pub(crate) fn hull_box_distance(&self) -> f64 {
        box_distance(self.hull_box())
    }

    /// Largest coefficient length: the scale that tolerances are relative to.
    pub(crate) fn scale(&self) -> f64 {
        self.coeffs()
            .iter()
            .fold(0.0, |m: f64, c| m.max(c.length_squared()))
            .sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cubic() -> Bernstein {
        Bernstein::new(&[
            DVec2::new(0.0, 0.0),
            DVec2::new(10.0, 40.0),
            DVec2::new(70.0, -30.0),
            DVec2::new(100.0, 5.0),
        ])
    }

    /// Bernstein form evaluated directly, as the reference for the power basis.
    fn bernstein_eval(b: &Bernstein, t: f64) -> DVec2 {
        let d = b.n - 1;
        let binom = |n: usize, k: usize| -> f64 {
            (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
        };
        (0..=d)
            .map(|i| b.p[i] * binom(d, i) * (1.0 - t).powi((d - i) as i32) * t.powi(i as i32))
            .sum()
    }

    #[test]
    fn power_basis_matches_bernstein_form() {
        for b in [
            cubic(),
            Bernstein::new(&cubic().p[..3]),
            Bernstein::new(&cubic().p[..2]),
        ] {
            let pc = b.power();
            for i in 0..=20 {
                let t = i as f64 / 20.0;
                assert!((pc.eval(t) - bernstein_eval(&b, t)).length() < 1e-9);
            }
        }
    }

    #[test]
    fn split_halves_reproduce_the_curve() {
        let b = cubic();
        let (l, r) = b.split(0.3);
        let pc = b.power();
        for i in 0..=10 {
            let s = i as f64 / 10.0;
            assert!((l.power().eval(s) - pc.eval(0.3 * s)).length() < 1e-9);
            assert!((r.power().eval(s) - pc.eval(0.3 + 0.7 * s)).length() < 1e-9);
        }
        let m = b.sub(0.2, 0.7);
        assert!((m.power().eval(0.5) - pc.eval(0.45)).length() < 1e-9);
    }

    #[test]
    fn squared_norm_and_dot_deriv_match_pointwise() {
        let pc = cubic().power().translated(DVec2::new(30.0, 10.0));
        let (sq, dd) = (pc.squared_norm(), pc.dot_deriv());
        let cubic = Poly::new(&pc.dot_deriv_cubic());
        for i in 0..=10 {
            let t = i as f64 / 10.0;
            assert!((sq.eval(t) - pc.eval(t).length_squared()).abs() < 1e-6);
            assert!((dd.eval(t) - pc.eval(t).dot(pc.deriv(t))).abs() < 1e-6);
            assert!((cubic.eval(t) - pc.eval(t).dot(pc.deriv(t))).abs() < 1e-6);
        }
    }
}
