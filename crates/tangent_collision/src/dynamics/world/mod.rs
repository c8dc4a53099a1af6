//! Many bodies in one step, the top phase: the [`World`](crate::dynamics::World)
//! handle that owns them and steps movers, bodies and surface runners in
//! one call (`handle`); the bodies take turns
//! among each other (`bodies`: [`step_bodies`](crate::dynamics::step_bodies);
//! `turns`), split into islands stepped on several threads (`islands`,
//! on `workers`),
//! found near each other by a grid (`grid`, its cells' table `cells`), left out while asleep
//! (`sleep`), carried by the movers they ride (`riding`), and pushed or
//! crushed by the movers' own turn (`movers`:
//! [`move_movers`](crate::dynamics::move_movers); what a sub-step does to
//! the bodies it meets, `pushes`).

pub(in crate::dynamics) mod bodies;
pub(in crate::dynamics) mod cells;
pub(in crate::dynamics) mod grid;
pub(in crate::dynamics) mod handle;
pub(in crate::dynamics) mod islands;
pub(in crate::dynamics) mod movers;
pub(in crate::dynamics) mod pushes;
pub(in crate::dynamics) mod riding;
pub(in crate::dynamics) mod sleep;
pub(in crate::dynamics) mod turns;
pub(in crate::dynamics) mod workers;
