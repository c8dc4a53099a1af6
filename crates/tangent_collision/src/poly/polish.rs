//! Polishing a bracketed root: safeguarded Halley steps that never leave
//! the bracket, the last stage of every iterative solve in this folder.

use super::closed::eval_with_slope;

/// The root of `c` in `[lo, hi]`, where it is monotone from `p(lo) = first`
/// to `p(hi) = last` of the other sign (see [`polish_with`]).
pub(super) fn polish(c: &[f64], lo: f64, hi: f64, first: f64, last: f64, x_error: f64) -> f64 {
    polish_with(|t| eval_with_slope(c, t), lo, hi, first, last, x_error)
}

/// The root in `[lo, hi]` of a function monotone from `p(lo) = first` to
/// `p(hi) = last` of the other sign, given `eval(t) = (p, p', p'')`, from
/// the chord's zero (see [`polish_from`]).
pub(super) fn polish_with(
    eval: impl Fn(f64) -> (f64, f64, f64),
    lo: f64,
    hi: f64,
    first: f64,
    last: f64,
    x_error: f64,
) -> f64 {
    let chord = first / (first - last);
    let start = if chord.is_finite() {
        lo + (hi - lo) * chord.clamp(0.0, 1.0)
    } else {
        0.5 * (lo + hi)
    };
    polish_from(eval, lo, hi, first < 0.0, start, x_error)
}

/// The root in `[lo, hi]` of a monotone function that is negative at `lo`
/// iff `lo_negative` (and of the other sign at `hi`), from `t` inside:
/// Halley steps `t - 2pp' / (2p'² - pp'')` (cubic convergence: about four
/// evaluations from a chord to 1e-13, where Newton took six or seven),
/// replaced by bisection whenever they leave the shrinking bracket. Stops
/// when a step is within `x_error`.
pub(super) fn polish_from(
    eval: impl Fn(f64) -> (f64, f64, f64),
    mut lo: f64,
    mut hi: f64,
    lo_negative: bool,
    mut t: f64,
    x_error: f64,
) -> f64 {
    for _ in 0..100 {
        let (p, dp, ddp) = eval(t);
        if p == 0.0 {
            return t;
        }
        if (p < 0.0) == lo_negative {
            lo = t;
        } else {
            hi = t;
        }
        let halley = t - 2.0 * p * dp / (2.0 * dp * dp - p * ddp);
        let next = if halley > lo && halley < hi {
            halley
        } else {
            0.5 * (lo + hi)
        };
        if (next - t).abs() <= x_error || hi - lo <= x_error {
            return next;
        }
        t = next;
    }
    t
}
