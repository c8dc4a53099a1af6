//! The tolerances every solver shares, and the short inline list of
//! parameters ([`Roots`]) every solver returns: queries run per body per
//! step, so nothing here allocates.

/// Slack in `t` around `[0, 1]`, so roots exactly at an end are not lost to rounding.
pub(super) const T_EPS: f64 = 1e-9;

/// Two roots closer than this in `t` are one root.
pub(super) const T_MERGE: f64 = 1e-7;

/// Accuracy asked of the iterative solver, in `t`.
pub(crate) const X_ERROR: f64 = 1e-13;

/// Most coefficients we ever need (degree 10: a moving circle vs a cubic).
pub(super) const MAX_COEFFS: usize = 11;

/// Most parameters a query collects before merging: 6 roots of a sextic, 5
/// touches and 2 ends, or 4 rect sides of up to 4 each plus 2 ends.
pub(super) const MAX_ROOTS: usize = 24;

/// A short list of at most `N` parameters kept on the stack (queries run per
/// body per step and must not allocate). Pushing past `N` is a bug in the
/// caller's bound and panics. The default capacity, [`MAX_ROOTS`], holds
/// any query's list; the hottest paths use a smaller one, which is cheaper
/// to create and to return.
#[derive(Clone, Copy)]
pub(crate) struct Roots<const N: usize = MAX_ROOTS> {
    t: [f64; N],
    n: usize,
}

impl<const N: usize> Default for Roots<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> std::fmt::Debug for Roots<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<const N: usize> PartialEq for Roots<N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<const N: usize> PartialEq<Vec<f64>> for Roots<N> {
    fn eq(&self, other: &Vec<f64>) -> bool {
        **self == other[..]
    }
}

impl<const N: usize> std::ops::Deref for Roots<N> {
    type Target = [f64];
    fn deref(&self) -> &[f64] {
        &self.t[..self.n]
    }
}

impl<const N: usize> IntoIterator for Roots<N> {
    type Item = f64;
    type IntoIter = std::iter::Take<std::array::IntoIter<f64, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.t.into_iter().take(self.n)
    }
}

impl<const N: usize> Roots<N> {
    pub(crate) const fn new() -> Self {
        Roots { t: [0.0; N], n: 0 }
    }

    pub(crate) fn push(&mut self, t: f64) {
        self.t[self.n] = t;
        self.n += 1;
    }

    pub(crate) fn extend(&mut self, ts: impl IntoIterator<Item = f64>) {
        for t in ts {
            self.push(t);
        }
    }

    pub(crate) fn retain(&mut self, keep: impl Fn(f64) -> bool) {
        let mut k = 0;
        for i in 0..self.n {
            if keep(self.t[i]) {
                self.t[k] = self.t[i];
                k += 1;
            }
        }
        self.n = k;
    }

    /// Ascending (insertion sort: the lists are a handful long).
    pub(crate) fn sort(&mut self) {
        let t = &mut self.t[..self.n];
        for i in 1..t.len() {
            let mut j = i;
            while j > 0 && t[j - 1].total_cmp(&t[j]).is_gt() {
                t.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// Appends `t` clamped to `[0, 1]` unless it is within [`T_MERGE`] of
    /// the last parameter: [`Roots::clamp_sort_dedup`] for parameters that
    /// arrive in ascending order.
    pub(crate) fn push_ascending(&mut self, t: f64) {
        let t = t.clamp(0.0, 1.0);
        if self.n == 0 || (t - self.t[self.n - 1]).abs() > T_MERGE {
            self.push(t);
        }
    }

    /// Clamps parameters to `[0, 1]`, sorts them and merges those within [`T_MERGE`].
    pub(crate) fn clamp_sort_dedup(&mut self) {
        for t in &mut self.t[..self.n] {
            *t = t.clamp(0.0, 1.0);
        }
        self.sort();
        let mut k = 0;
        for i in 0..self.n {
            if k == 0 || (self.t[i] - self.t[k - 1]).abs() > T_MERGE {
                self.t[k] = self.t[i];
                k += 1;
            }
        }
        self.n = k;
    }
}
