//! Real roots of polynomials in `t` on `[0, 1]`, the bottom layer: every
//! query above ends in "where is this polynomial zero on the parameter
//! interval". Entries: every zero, tangency included ([`Poly::zeros`], split
//! at known critical points: [`Poly::zeros_between`]); sign-change roots
//! ([`Poly::sign_change_roots`], guarded: [`Poly::sign_change_roots_where`]);
//! rising roots ([`Poly::rising_roots`]); the one root a Bernstein sign
//! pattern proves ([`lone_root`]); degree ≤ 3 on fixed arrays
//! ([`zeros_up_to_cubic`]); a cubic's rising roots ([`cubic_rising_roots_closed`],
//! [`cubic_rising_roots`]); a quadratic's roots with no list
//! ([`each_quadratic_root`]); a value ([`horner`]).
//!
//! Files import downward: `list` (the [`Roots`] list, tolerances) and
//! `closed` (closed forms, Horner) at the bottom, `polish` (bracketed
//! Halley) on them, `monotone` (degree ≤ 3 on monotone pieces) and
//! `isolate` (Bernstein subdivision) on those, `polynomial` ([`Poly`]) on top.

mod closed;
mod isolate;
mod list;
mod monotone;
mod polish;
mod polynomial;
#[cfg(test)]
pub(crate) mod testing;

pub(crate) use closed::{RisingRoots, cubic_rising_roots_closed, each_quadratic_root, horner};
pub(crate) use isolate::{Lone, lone_root};
pub(crate) use list::{Roots, X_ERROR};
pub(crate) use monotone::{cubic_rising_roots, zeros_up_to_cubic};
pub(crate) use polynomial::Poly;
