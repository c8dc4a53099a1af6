//! Running on a surface at any angle, the phase beside the bodies' step: a
//! circle held on the terrain by the normal force (`run`:
//! [`run_on_surface`](crate::dynamics::run_on_surface)), what it meets of
//! the other bodies on its way (`bodies`), and the two together, a
//! runner's whole step ([`run_among`](crate::dynamics::run_among)).

pub(in crate::dynamics) mod among;
pub(in crate::dynamics) mod bodies;
pub(in crate::dynamics) mod run;
