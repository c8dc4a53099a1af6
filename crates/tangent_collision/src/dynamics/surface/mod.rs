//! Running on a surface at any angle, the phase beside the bodies' step: a
//! circle held on the terrain by the normal force (`run`:
//! [`run_on_surface`](crate::dynamics::run_on_surface)), and what it meets
//! of the other bodies on its way (`bodies`).

pub(in crate::dynamics) mod bodies;
pub(in crate::dynamics) mod run;
