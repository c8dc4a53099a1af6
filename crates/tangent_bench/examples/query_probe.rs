//! Profiling probe: one query of the query benches, ours or kurbo's, run
//! ROUNDS times over the bench's 256 inputs, for instruction counts under
//! callgrind (the VM's timings are noisy; counts are not). The count of a
//! query is the difference of two runs' totals, ROUNDS and 0, over the
//! queries made.
//!
//! ```sh
//! cargo build --release -p tangent_bench --examples
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/query_probe seg-quad 1000
//! ```
//!
//! QUERY is one of `seg-quad`, `seg-quad-kurbo`, `seg-cubic`,
//! `seg-cubic-kurbo`, `closest-quad`, `closest-quad-kurbo`,
//! `closest-cubic`, `closest-cubic-kurbo`.

use std::hint::black_box;

use kurbo::{ParamCurveNearest, Point};
use tangent_bench::query_inputs::inputs;
use tangent_collision::prelude::{Terrain, Vec2};

fn kp(v: Vec2) -> Point {
    Point::new(v.x as f64, v.y as f64)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let query = args.next().unwrap_or_else(|| "seg-quad".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let inp = inputs();
    let quads: Vec<Terrain> = inp.quads.iter().map(|q| Terrain::Quad(*q)).collect();
    let cubics: Vec<Terrain> = inp.cubics.iter().map(|c| Terrain::Cubic(*c)).collect();
    let kquad = |t: &Terrain| match *t {
        Terrain::Quad(q) => kurbo::QuadBez::new(kp(q.p0), kp(q.p1), kp(q.p2)),
        _ => unreachable!(),
    };
    let kcubic = |t: &Terrain| match *t {
        Terrain::Cubic(c) => kurbo::CubicBez::new(kp(c.p0), kp(c.p1), kp(c.p2), kp(c.p3)),
        _ => unreachable!(),
    };
    let mut made = 0usize;
    for _ in 0..rounds {
        for i in 0..inp.segs.len() {
            let (s, p) = (black_box(&inp.segs[i]), black_box(inp.points[i]));
            let line = || kurbo::Line::new(kp(s.a), kp(s.b));
            match query.as_str() {
                "seg-quad" => made += black_box(quads[i].segment_hits(s)).len(),
                "seg-cubic" => made += black_box(cubics[i].segment_hits(s)).len(),
                "seg-quad-kurbo" => {
                    let k = kurbo::PathSeg::Quad(kquad(&quads[i]));
                    made += black_box(k.intersect_line(line())).len();
                }
                "seg-cubic-kurbo" => {
                    let k = kurbo::PathSeg::Cubic(kcubic(&cubics[i]));
                    made += black_box(k.intersect_line(line())).len();
                }
                "closest-quad" => made += (black_box(quads[i].closest_t(p)) > 0.5) as usize,
                "closest-cubic" => made += (black_box(cubics[i].closest_t(p)) > 0.5) as usize,
                "closest-quad-kurbo" => {
                    made += (black_box(kquad(&quads[i]).nearest(kp(p), 1e-6)).t > 0.5) as usize
                }
                "closest-cubic-kurbo" => {
                    made += (black_box(kcubic(&cubics[i]).nearest(kp(p), 1e-6)).t > 0.5) as usize
                }
                other => panic!("unknown query {other}"),
            }
        }
    }
    println!("{query}: {rounds} rounds, {made}");
}
