//! The step's islands on Bevy's task pools: a [`TaskPool`] is a set of
//! [`Workers`], and [`StepWorkers`] (a resource) says which the
//! [`CollisionPlugin`](super::CollisionPlugin) steps on: Bevy's compute
//! pool by default ([`ComputePool`]), so a game runs one pool, not two.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use bevy_tasks::{ComputeTaskPool, TaskPool};

use crate::dynamics::{Parallel, Serial, Workers};

impl Workers for TaskPool {
    fn threads(&self) -> usize {
        self.thread_num()
    }

    fn for_each(&self, count: usize, job: &(dyn Fn(usize) + Sync)) {
        self.scope(|s| {
            for k in 0..count {
                s.spawn(async move { job(k) });
            }
        });
    }
}

/// Bevy's [`ComputeTaskPool`], or the calling thread alone until the app
/// has made it.
///
/// ```
/// use tangent_collision::bevy::ComputePool;
/// use tangent_collision::dynamics::Workers;
/// let hits = std::sync::atomic::AtomicUsize::new(0);
/// ComputePool.for_each(3, &|_| {
///     hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
/// });
/// assert_eq!(hits.into_inner(), 3);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ComputePool;

impl Workers for ComputePool {
    fn threads(&self) -> usize {
        ComputeTaskPool::try_get().map_or(1, |pool| pool.thread_num())
    }

    fn for_each(&self, count: usize, job: &(dyn Fn(usize) + Sync)) {
        match ComputeTaskPool::try_get() {
            Some(pool) => Workers::for_each(&**pool, count, job),
            None => Serial.for_each(count, job),
        }
    }
}

/// Where the collision step runs its islands (see
/// [`World::set_parallel`](crate::dynamics::World::set_parallel)): by
/// default on [`ComputePool`]. The result is the same bits on any pool.
#[derive(Resource, Clone)]
pub struct StepWorkers(pub Parallel);

impl Default for StepWorkers {
    fn default() -> Self {
        StepWorkers(Parallel::on(Arc::new(ComputePool)))
    }
}
