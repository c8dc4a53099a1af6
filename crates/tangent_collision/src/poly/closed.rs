//! Closed forms and evaluations of small polynomials: Horner's rule (with
//! the first two derivatives, for the polish) and the cancellation-free
//! quadratic formula, and a cubic's rising roots in closed form.

use super::list::Roots;

/// Roots of `a t² + b t + c` in `[lo, hi]` without cancellation, handed to
/// `keep` ascending (a double root once): `q = -(b + sign(b)·√(b² - 4ac))/2`,
/// roots `q/a` and `c/q`. When `a` is tiny `q/a` is huge and falls outside
/// the interval while `c/q` stays accurate; for `a = 0` it is the line's root
/// `-c/b`. No allocation and no `Roots`, for callers as hot as the AABB.
pub(crate) fn each_quadratic_root(
    c: f64,
    b: f64,
    a: f64,
    lo: f64,
    hi: f64,
    mut keep: impl FnMut(f64),
) {
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return;
    }
    let q = -0.5 * (b + disc.sqrt().copysign(b));
    let (r0, r1) = (q / a, c / q);
    let (r0, r1) = if r0 <= r1 { (r0, r1) } else { (r1, r0) };
    if r0.is_finite() && (lo..=hi).contains(&r0) {
        keep(r0);
    }
    if r1 != r0 && r1.is_finite() && (lo..=hi).contains(&r1) {
        keep(r1);
    }
}
/// `c[0] + c[1] t + …` by Horner's rule.
pub(crate) fn horner(c: &[f64], t: f64) -> f64 {
    c.iter().rev().fold(0.0, |acc, &x| acc * t + x)
}

/// Horner evaluation of the power-basis `c` and its first two derivatives
/// at `t`: `(p, p', p'')`.
pub(super) fn eval_with_slope(c: &[f64], t: f64) -> (f64, f64, f64) {
    let (mut p, mut dp, mut half_ddp) = (0.0, 0.0, 0.0);
    for &ci in c.iter().rev() {
        half_ddp = half_ddp * t + dp;
        dp = dp * t + p;
        p = p * t + ci;
    }
    (p, dp, 2.0 * half_ddp)
}

/// The rising roots of a cubic that lie in `[0, 1]`, ascending, and whether
/// they are all its rising roots (none outside, so the least value of the
/// antiderivative on the whole line is at one of them).
pub(crate) struct RisingRoots {
    pub(crate) inside: Roots<2>,
    pub(crate) all: bool,
}

/// Largest `|c[i] / c[3]|` (`i < 3`) for which [`cubic_rising_roots_closed`]
/// answers: past it the cubic is nearly of lower degree, its other roots lie
/// beyond `±10⁶`, and the closed form's rounding (relative to those) could
/// leave the root in `[0, 1]` further off than one Halley step mends.
const CLOSED_FORM_RANGE: f64 = 1e6;

/// The rising roots (`p` from − to +) in `[0, 1]` of the cubic
/// `c[0] + c[1] t + c[2] t² + c[3] t³` with `c[3] > 0`, ascending, from the
/// closed form and one Halley step each; `None` when the cubic is too near a
/// lower degree for the closed form (see [`CLOSED_FORM_RANGE`]) or not finite,
/// and the caller solves by brackets instead.
///
/// Divided by `c[3]` the cubic is `t³ + 3b t² + 3c t + d`; with
/// `δ₁ = c − b²`, `δ₂ = d − bc`, `δ₃ = bd − c²` (Blinn, "How to solve a cubic
/// equation", IEEE CG&A 2006–07) its discriminant is `Δ = 4δ₁δ₃ − δ₂²` and
/// the depressed cubic `s³ + 3δ₁ s + e` (`t = s − b`) has `e = δ₂ − 2bδ₁`.
/// * `Δ < 0`: one real root, rising (the leading coefficient is positive),
///   by Cardano: `s = ∛(−e/2 + √(−Δ/4)) + ∛(−e/2 − √(−Δ/4))`.
/// * `Δ ≥ 0`: three real roots `s = 2√(−δ₁) cos(θ − 2πk/3)`,
///   `θ = atan2(√Δ, −e) / 3`; the least and the greatest are rising, the
///   middle one falling (a maximum of what `p` is the slope of), skipped.
///
/// A root's rounding error `ε` becomes `O(ε³)` after the Halley step
/// `t − 2pp' / (2p'² − pp'')`; a step that would leave `[0, 1]` by more
/// than `1e-9` drops the root (the caller weighs the ends anyway).
pub(crate) fn cubic_rising_roots_closed(c: &[f64; 4]) -> Option<RisingRoots> {
    let inv = c[3].recip();
    let third = inv * (1.0 / 3.0);
    let (b, cc, d) = (c[2] * third, c[1] * third, c[0] * inv);
    let range = (3.0 * b.abs()).max(3.0 * cc.abs()).max(d.abs());
    if !(range <= CLOSED_FORM_RANGE && c[3] > 0.0) {
        return None;
    }
    let d1 = cc - b * b;
    let d2 = d - cc * b;
    let d3 = b * d - cc * cc;
    let disc = 4.0 * d1 * d3 - d2 * d2;
    let e = d2 - 2.0 * b * d1;
    let mut roots = RisingRoots {
        inside: Roots::new(),
        all: true,
    };
    let mut keep = |s: f64| {
        let t = s - b;
        if (-1e-9..=1.0 + 1e-9).contains(&t) {
            roots.inside.push(t.clamp(0.0, 1.0));
        } else {
            roots.all = false;
        }
    };
    if disc < 0.0 {
        // u³ = −e/2 ± √(−Δ/4) with the sign that adds, and uv = −δ₁: no
        // difference of nearly equal numbers under a cube root. Then
        // s = u + v where u, v share a sign (δ₁ < 0), else from
        // s (s² + 3δ₁) = −e, with s² + 3δ₁ = u² − uv + v², whose terms are
        // then all positive.
        let sq = (-0.25 * disc).sqrt();
        let r = -0.5 * e;
        let u = (r + sq.copysign(r)).cbrt();
        let v = -d1 / u;
        keep(if d1 < 0.0 {
            u + v
        } else {
            -e / (u * u - u * v + v * v)
        });
    } else {
        let theta = disc.sqrt().atan2(-e) / 3.0;
        let (sin, cos) = theta.sin_cos();
        let scale = 2.0 * (-d1).max(0.0).sqrt();
        // cos(θ + 2π/3) ≤ cos(θ − 2π/3) ≤ cos θ for θ in [0, π/3].
        keep(scale * (-0.5 * cos - 0.5 * 3f64.sqrt() * sin));
        keep(scale * cos);
    }
    Some(roots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::testing::{from_factors, unit_rng};

    /// Cubics built from known roots (an oracle that shares nothing with the
    /// closed form), times a positive leading coefficient over twelve
    /// decades: three real roots spread over up to `±10⁴`, one real root and
    /// a complex pair, and two roots a gap of `10⁻¹…10⁻¹²` apart (or equal).
    /// One root always lies in `[0, 1]`.
    /// * `all` only when no rising root lies outside `[0, 1]`.
    /// * Every root found is a root to rounding: `|p(t)|` is at most `10⁻¹²`
    ///   of `Σ|cᵢ| max(1, |t|)ⁱ`.
    /// * Every rising root in `[0, 1]` at least `10⁻³` (of the roots' size)
    ///   from the others is found, within its condition: rounding the
    ///   coefficients by `ε` moves a root by `ε Σ|cᵢ||r|ⁱ / |p'(r)|`, and the
    ///   error allowed is 64 times that, plus `10⁻¹³`.
    ///
    /// A rising root closer to another (a minimum and a maximum of the
    /// antiderivative, the squared distance for the closest point) may be
    /// missed or found roughly: the antiderivative's step between them is
    /// `O(gap³)`, and the closest-point tests against dense sampling
    /// (`query::closest`) hold the distance itself.
    #[test]
    fn closed_form_rising_roots_match_known_roots() {
        let mut rnd = unit_rng(0x5eed_c10d);
        let (mut checked, mut refused, mut roots, mut worst) = (0, 0, 0, 0.0f64);
        let mut worst_backward = 0.0f64;
        for case in 0..150_000 {
            let spread = 10f64.powf(rnd() * 4.0);
            let inside = rnd();
            let (a, b) = ((rnd() * 2.0 - 1.0) * spread, (rnd() * 2.0 - 1.0) * spread);
            let lead = 10f64.powf(rnd() * 12.0 - 6.0);
            let (c, real, mut rising) = match case % 3 {
                0 => {
                    let mut r = [inside, a, b];
                    r.sort_by(f64::total_cmp);
                    (from_factors(&r, &[]), r.to_vec(), vec![r[0], r[2]])
                }
                1 => {
                    let pair = (a, b.abs() + 1e-3);
                    (from_factors(&[inside], &[pair]), vec![inside], vec![inside])
                }
                _ => {
                    let gap = if rnd() < 0.1 {
                        0.0
                    } else {
                        10f64.powf(-1.0 - 11.0 * rnd())
                    };
                    let side = if rnd() < 0.5 { -1.0 } else { 1.0 };
                    let mut r = [inside, inside + side * gap, a];
                    r.sort_by(f64::total_cmp);
                    (from_factors(&r, &[]), r.to_vec(), vec![r[0], r[2]])
                }
            };
            let every_rising = rising.clone();
            rising.retain(|t| (0.0..=1.0).contains(t));
            let size = 1.0 + spread;
            // The distance to the nearest other root (an equal one counts).
            let rel_gap = |t: f64| {
                let me = real.iter().position(|&r| r == t).unwrap();
                let others = real.iter().enumerate().filter(|&(i, _)| i != me);
                others.map(|(_, r)| (r - t).abs()).fold(f64::MAX, f64::min) / size
            };
            // A root's condition: how far rounding the coefficients by ε
            // moves it is ε Σ|cᵢ||r|ⁱ / |p'(r)|.
            let bound = |r: f64| {
                let (mut size_at, mut slope) = (0.0, 0.0);
                for (i, ci) in c.iter().enumerate() {
                    size_at += ci.abs() * r.abs().powi(i as i32);
                    if i > 0 {
                        slope += i as f64 * ci * r.powi(i as i32 - 1);
                    }
                }
                (1e-13 + 64.0 * f64::EPSILON * size_at / slope.abs() / size).min(1e-6)
            };
            let c = [c[0] * lead, c[1] * lead, c[2] * lead, c[3] * lead];
            let Some(RisingRoots { inside: got, all }) = cubic_rising_roots_closed(&c) else {
                refused += 1;
                continue;
            };
            checked += 1;
            let outside = every_rising
                .iter()
                .any(|&r| !(0.0..=1.0).contains(&r) && rel_gap(r) >= 1e-3);
            assert!(
                !(all && outside),
                "case {case}: {every_rising:?} are not all inside"
            );
            for &g in got.iter() {
                let residual = c.iter().rev().fold(0.0, |acc, ci| acc * g + ci);
                let size_at: f64 = c
                    .iter()
                    .enumerate()
                    .map(|(i, ci)| ci.abs() * g.abs().max(1.0).powi(i as i32))
                    .sum();
                let backward = residual.abs() / size_at;
                assert!(backward <= 1e-12, "case {case}: {g} is no root of {real:?}");
                worst_backward = worst_backward.max(backward);
            }
            for r in rising {
                if rel_gap(r) < 1e-3 {
                    continue;
                }
                roots += 1;
                let err = got
                    .iter()
                    .map(|g| (g - r).abs() / size)
                    .fold(f64::MAX, f64::min);
                assert!(
                    err <= bound(r),
                    "case {case}: {r} missed in {got:?} ({real:?})"
                );
                worst = worst.max(err / bound(r));
            }
        }
        eprintln!(
            "closed-form rising roots: {checked} cubics checked, {roots} separated rising roots \
             found, {refused} refused (nearly of lower degree); worst error {worst:.2} of its bound, \
             worst residual {worst_backward:.1e} of the polynomial's size"
        );
        assert!(checked >= 120_000 && roots >= 60_000, "{checked} {roots}");
    }
}
