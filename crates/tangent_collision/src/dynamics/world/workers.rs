//! Who runs a step's islands: [`Workers`] is any pool that can run jobs
//! `0..count` and wait for them ([`Serial`] on the calling thread, a rayon
//! pool with feature `rayon`, Bevy's task pools with feature `bevy`), and
//! [`Parallel`] says which, and from how many bodies a step is worth
//! splitting. Which thread runs which job never changes the result (see
//! [`step_bodies_on`](crate::dynamics::step_bodies_on)).

use std::sync::Arc;

/// A pool that runs a step's jobs.
///
/// ```
/// use tangent_collision::dynamics::{Serial, Workers};
/// let sum = std::sync::atomic::AtomicUsize::new(0);
/// Serial.for_each(4, &|k| {
///     sum.fetch_add(k, std::sync::atomic::Ordering::Relaxed);
/// });
/// assert_eq!(sum.into_inner(), 6);
/// assert_eq!(Serial.threads(), 1);
/// ```
pub trait Workers: Send + Sync {
    /// How many threads run the jobs (the step splits its bodies into
    /// about eight batches a thread).
    fn threads(&self) -> usize;

    /// Runs `job(k)` once for each `k` in `0..count`, in any order, on any
    /// of its threads, and returns when all have run.
    fn for_each(&self, count: usize, job: &(dyn Fn(usize) + Sync));
}

/// The calling thread alone: the jobs in order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Serial;

impl Workers for Serial {
    fn threads(&self) -> usize {
        1
    }

    fn for_each(&self, count: usize, job: &(dyn Fn(usize) + Sync)) {
        (0..count).for_each(job);
    }
}

/// The calling thread and the pool's threads: a pool of `n` threads
/// works with `n + 1`, so build it with one thread fewer than the cores.
/// The caller takes jobs at once, and the pool's threads join it as they
/// wake, each claiming the next job not yet taken. On the project's 2-core
/// VM a pool thread woken from sleep took 0.3 ms to over a millisecond to
/// start, longer than a batch of islands takes: with the caller asleep
/// until the pool had run every job, the movers bench row gained nothing
/// on two threads (1.04–1.09×), and 1.20–1.30× with it taking part. (A
/// pool of as many threads as cores with the caller taking part too put
/// three threads on two cores: small-10k fell to 1.68–1.75×.)
///
/// ```
/// use tangent_collision::dynamics::Workers;
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// assert_eq!(pool.threads(), 2);   // the pool's thread and the caller
/// let sum = std::sync::atomic::AtomicUsize::new(0);
/// pool.for_each(100, &|k| {
///     sum.fetch_add(k, std::sync::atomic::Ordering::Relaxed);
/// });
/// assert_eq!(sum.into_inner(), 4950);
/// ```
#[cfg(feature = "rayon")]
impl Workers for rayon::ThreadPool {
    fn threads(&self) -> usize {
        self.current_num_threads() + 1
    }

    fn for_each(&self, count: usize, job: &(dyn Fn(usize) + Sync)) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let next = AtomicUsize::new(0);
        let take = || {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= count {
                    break;
                }
                job(k);
            }
        };
        // One helper fewer than jobs: the caller takes one.
        let helpers = self.current_num_threads().min(count.saturating_sub(1));
        self.in_place_scope(|s| {
            for _ in 0..helpers {
                s.spawn(|_| take());
            }
            take();
        });
    }
}

/// How a step spreads its bodies over threads: which [`Workers`], and the
/// fewest bodies worth splitting (fewer step on the calling thread, as do
/// all where the workers have one thread).
///
/// ```
/// use tangent_collision::dynamics::Parallel;
/// let p = Parallel::default();
/// assert_eq!((p.workers.threads(), p.min_bodies), (1, 256));
/// ```
#[derive(Clone)]
pub struct Parallel {
    /// The pool.
    pub workers: Arc<dyn Workers>,
    /// The fewest bodies a step splits into islands (default 256: below
    /// that a step takes well under a millisecond, less than handing it
    /// out costs). Steps split only on workers of two threads or more,
    /// except at 0, which splits every step of two bodies or more even on
    /// one thread (tests use it to compare the split with the whole).
    pub min_bodies: usize,
}

impl Default for Parallel {
    fn default() -> Self {
        Parallel::on(Arc::new(Serial))
    }
}

impl Parallel {
    /// `workers`, splitting steps of 256 bodies or more.
    pub fn on(workers: Arc<dyn Workers>) -> Parallel {
        Parallel {
            workers,
            min_bodies: 256,
        }
    }
}
