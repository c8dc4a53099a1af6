//! Real roots of polynomials in `t` on `[0, 1]`, the bottom layer: every
//! query above ends in "where is this polynomial zero on the parameter
//! interval". One entry point per job:
//!
//! | job | entry |
//! |---|---|
//! | every zero, tangency included (degree ≤ 10) | [`Poly::zeros`] |
//! | zeros split at known critical points | [`Poly::zeros_between`] |
//! | sign-change roots only | [`Poly::sign_change_roots`] (with guards: [`Poly::sign_change_roots_where`]) |
//! | rising roots (minima of an antiderivative) | [`Poly::rising_roots`] |
//! | the one root a Bernstein sign pattern proves | [`lone_root`] |
//! | every zero of degree ≤ 3 on fixed arrays (what [`Poly::zeros`] runs there) | [`zeros_up_to_cubic`] |
//! | a cubic's rising roots (the closest point on a quadratic): closed form, else bracketed | [`cubic_rising_roots_closed`], [`cubic_rising_roots`] |
//! | a quadratic's roots in an interval, no list (the tight box) | [`each_quadratic_root`] |
//! | a polynomial's value | [`horner`] |
//!
//! The files below import only downward: `list` (the inline [`Roots`] list
//! and the shared tolerances) and `closed` (closed forms, Horner) at the
//! bottom, `polish` (bracketed Halley) on them, `monotone` (degree ≤ 3 on
//! monotone pieces) and `isolate` (Bernstein subdivision) on those, and
//! `polynomial` ([`Poly`], which picks among them) on top.

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
