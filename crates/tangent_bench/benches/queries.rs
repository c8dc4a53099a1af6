//! Query benches, ours beside kurbo and lyon_geom on the same seeded random
//! inputs in a 1000 px square: segment vs quadratic / cubic crossings,
//! closest point, tight AABB, and our actor hits and sweeps (which the peers
//! lack). Before timing, each group prints its worst error against dense
//! sampling (4 000 samples), so speed is compared at known accuracy.

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{DVec2, Vec2};
use kurbo::{ParamCurve, ParamCurveExtrema, ParamCurveNearest};
use std::hint::black_box;
use tangent_bench::query_inputs::{Inputs, N, inputs};
use tangent_collision::prelude::{ActorShape, CubicBezier, QuadBezier, Segment, Terrain};

fn kp(v: Vec2) -> kurbo::Point {
    kurbo::Point::new(v.x as f64, v.y as f64)
}

fn lp(v: Vec2) -> lyon_geom::Point<f32> {
    lyon_geom::point(v.x, v.y)
}

fn kq(q: &QuadBezier) -> kurbo::QuadBez {
    kurbo::QuadBez::new(kp(q.p0), kp(q.p1), kp(q.p2))
}

fn kc(c: &CubicBezier) -> kurbo::CubicBez {
    kurbo::CubicBez::new(kp(c.p0), kp(c.p1), kp(c.p2), kp(c.p3))
}

fn lq(q: &QuadBezier) -> lyon_geom::QuadraticBezierSegment<f32> {
    lyon_geom::QuadraticBezierSegment {
        from: lp(q.p0),
        ctrl: lp(q.p1),
        to: lp(q.p2),
    }
}

fn lc(c: &CubicBezier) -> lyon_geom::CubicBezierSegment<f32> {
    lyon_geom::CubicBezierSegment {
        from: lp(c.p0),
        ctrl1: lp(c.p1),
        ctrl2: lp(c.p2),
        to: lp(c.p3),
    }
}

fn ll(s: &Segment) -> lyon_geom::LineSegment<f32> {
    lyon_geom::LineSegment {
        from: lp(s.a),
        to: lp(s.b),
    }
}

/// Worst distance (px) from a reported crossing point to the segment's line.
fn worst_line_error(t: &Terrain, s: &Segment, hits: impl IntoIterator<Item = f64>) -> f64 {
    let k = match *t {
        Terrain::Quad(q) => kurbo::PathSeg::Quad(kq(&q)),
        Terrain::Cubic(c) => kurbo::PathSeg::Cubic(kc(&c)),
        Terrain::Segment(l) => kurbo::PathSeg::Line(kurbo::Line::new(kp(l.a), kp(l.b))),
    };
    let (a, d) = (s.a.as_dvec2(), (s.b - s.a).as_dvec2().normalize());
    hits.into_iter()
        .map(|h| {
            let p = k.eval(h);
            d.perp_dot(DVec2::new(p.x, p.y) - a).abs()
        })
        .fold(0.0, f64::max)
}

fn segment_hits(c: &mut Criterion) {
    let inp = inputs();
    let quads: Vec<Terrain> = inp.quads.iter().map(|q| Terrain::Quad(*q)).collect();
    let cubics: Vec<Terrain> = inp.cubics.iter().map(|q| Terrain::Cubic(*q)).collect();
    for (name, curves) in [("quad", &quads), ("cubic", &cubics)] {
        let (mut ours, mut kur, mut lyo, mut kur32) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for (t, s) in curves.iter().zip(&inp.segs) {
            ours = ours.max(worst_line_error(
                t,
                s,
                t.segment_hits(s).into_iter().map(|h| h as f64),
            ));
            let line = kurbo::Line::new(kp(s.a), kp(s.b));
            let kseg = match *t {
                Terrain::Quad(q) => kurbo::PathSeg::Quad(kq(&q)),
                Terrain::Cubic(c) => kurbo::PathSeg::Cubic(kc(&c)),
                _ => unreachable!(),
            };
            kur = kur.max(worst_line_error(
                t,
                s,
                kseg.intersect_line(line).iter().map(|i| i.segment_t),
            ));
            kur32 = kur32.max(worst_line_error(
                t,
                s,
                kseg.intersect_line(line)
                    .iter()
                    .map(|i| i.segment_t as f32 as f64),
            ));
            let lh: Vec<f64> = match *t {
                Terrain::Quad(q) => lq(&q)
                    .line_segment_intersections_t(&ll(s))
                    .iter()
                    .map(|h| h.0 as f64)
                    .collect(),
                Terrain::Cubic(c) => lc(&c)
                    .line_segment_intersections_t(&ll(s))
                    .iter()
                    .map(|h| h.0 as f64)
                    .collect(),
                _ => unreachable!(),
            };
            lyo = lyo.max(worst_line_error(t, s, lh));
        }
        eprintln!(
            "segment x {name}: worst distance of a hit from the line: ours {ours:.2e} px, kurbo {kur:.2e} px, lyon {lyo:.2e} px; \
             kurbo's parameters rounded to f32 as ours are: {kur32:.2e} px"
        );
        let mut g = c.benchmark_group(format!("segment_hits/{name}"));
        g.bench_function("tangent", |b| {
            b.iter(|| {
                for (t, s) in curves.iter().zip(&inp.segs) {
                    black_box(t.segment_hits(black_box(s)));
                }
            })
        });
        g.bench_function("kurbo intersect_line", |b| {
            b.iter(|| {
                for (t, s) in curves.iter().zip(&inp.segs) {
                    let line = kurbo::Line::new(kp(s.a), kp(s.b));
                    let r = match *t {
                        Terrain::Quad(q) => kurbo::PathSeg::Quad(kq(&q)).intersect_line(line),
                        Terrain::Cubic(c) => kurbo::PathSeg::Cubic(kc(&c)).intersect_line(line),
                        _ => unreachable!(),
                    };
                    black_box(r);
                }
            })
        });
        g.bench_function("lyon line_segment_intersections_t", |b| {
            b.iter(|| {
                for (t, s) in curves.iter().zip(&inp.segs) {
                    match *t {
                        Terrain::Quad(q) => {
                            black_box(lq(&q).line_segment_intersections_t(&ll(s)));
                        }
                        Terrain::Cubic(c) => {
                            black_box(lc(&c).line_segment_intersections_t(&ll(s)));
                        }
                        _ => unreachable!(),
                    }
                }
            })
        });
        g.finish();
    }
}

/// The distance from `p` to the nearest of 4 001 evenly spaced points of
/// `t`, in `f64`: the reference for the closest-point rows.
fn sampled_min_distance(t: &Terrain, p: Vec2) -> f64 {
    (0..=4000)
        .map(|i| t.point_f64(i as f64 / 4000.0).distance(p.as_dvec2()))
        .fold(f64::MAX, f64::min)
}

fn closest(c: &mut Criterion) {
    let inp = inputs();
    let mut g = c.benchmark_group("closest_point");
    let (mut ours_q, mut kur_q, mut lyo_q, mut kur_q32) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (q, p) in inp.quads.iter().zip(&inp.points) {
        let t = Terrain::Quad(*q);
        let best = sampled_min_distance(&t, *p);
        ours_q = ours_q.max(t.distance(*p) as f64 - best);
        let kd = kq(q).nearest(kp(*p), 1e-6).distance_sq.sqrt();
        kur_q = kur_q.max(kd - best);
        kur_q32 = kur_q32.max(kd as f32 as f64 - best);
        let lt = lq(q).closest_point(lp(*p));
        let lpnt = lq(q).sample(lt);
        lyo_q = lyo_q.max(((lpnt.x - p.x).hypot(lpnt.y - p.y)) as f64 - best);
    }
    eprintln!(
        "closest on quad: worst excess over the sampled minimum: ours {ours_q:.2e} px, kurbo {kur_q:.2e} px, lyon {lyo_q:.2e} px; \
         kurbo's distance rounded to f32 as ours is: {kur_q32:.2e} px"
    );
    let (mut ours_c, mut kur_c, mut kur_c32) = (0.0f64, 0.0f64, 0.0f64);
    for (cu, p) in inp.cubics.iter().zip(&inp.points) {
        let t = Terrain::Cubic(*cu);
        let best = sampled_min_distance(&t, *p);
        ours_c = ours_c.max(t.distance(*p) as f64 - best);
        let kd = kc(cu).nearest(kp(*p), 1e-6).distance_sq.sqrt();
        kur_c = kur_c.max(kd - best);
        kur_c32 = kur_c32.max(kd as f32 as f64 - best);
    }
    eprintln!(
        "closest on cubic: worst excess over the sampled minimum: ours {ours_c:.2e} px, kurbo {kur_c:.2e} px; \
         kurbo's distance rounded to f32 as ours is: {kur_c32:.2e} px"
    );
    g.bench_function("quad/tangent", |b| {
        b.iter(|| {
            for (q, p) in inp.quads.iter().zip(&inp.points) {
                black_box(Terrain::Quad(*q).closest_t(*p));
            }
        })
    });
    g.bench_function("quad/kurbo nearest", |b| {
        b.iter(|| {
            for (q, p) in inp.quads.iter().zip(&inp.points) {
                black_box(kq(q).nearest(kp(*p), 1e-6));
            }
        })
    });
    g.bench_function("quad/lyon closest_point", |b| {
        b.iter(|| {
            for (q, p) in inp.quads.iter().zip(&inp.points) {
                black_box(lq(q).closest_point(lp(*p)));
            }
        })
    });
    g.bench_function("cubic/tangent", |b| {
        b.iter(|| {
            for (cu, p) in inp.cubics.iter().zip(&inp.points) {
                black_box(Terrain::Cubic(*cu).closest_t(*p));
            }
        })
    });
    g.bench_function("cubic/kurbo nearest", |b| {
        b.iter(|| {
            for (cu, p) in inp.cubics.iter().zip(&inp.points) {
                black_box(kc(cu).nearest(kp(*p), 1e-6));
            }
        })
    });
    g.finish();
}

fn aabb(c: &mut Criterion) {
    let inp = inputs();
    // Worst distance of a box side from the side of the box of 4 001 samples
    // in f64 (which lies inside the true box by under 1e-4 px here).
    let (mut ours, mut kur, mut lyo) = (0.0f64, 0.0f64, 0.0f64);
    for cu in &inp.cubics {
        let t = Terrain::Cubic(*cu);
        let (mut lo, mut hi) = (DVec2::splat(f64::MAX), DVec2::splat(f64::MIN));
        for i in 0..=4000 {
            let p = t.point_f64(i as f64 / 4000.0);
            (lo, hi) = (lo.min(p), hi.max(p));
        }
        let side_error =
            |min: DVec2, max: DVec2| (min - lo).abs().max((max - hi).abs()).max_element();
        let r = t.aabb();
        ours = ours.max(side_error(r.min.as_dvec2(), r.max.as_dvec2()));
        let k = ParamCurveExtrema::bounding_box(&kc(cu));
        kur = kur.max(side_error(DVec2::new(k.x0, k.y0), DVec2::new(k.x1, k.y1)));
        let l = lc(cu).bounding_box();
        let lv = |p: lyon_geom::Point<f32>| DVec2::new(p.x as f64, p.y as f64);
        lyo = lyo.max(side_error(lv(l.min), lv(l.max)));
    }
    eprintln!(
        "aabb of cubic: worst side off the sampled box: ours {ours:.2e} px, kurbo {kur:.2e} px, lyon {lyo:.2e} px"
    );
    let mut g = c.benchmark_group("aabb/cubic");
    g.bench_function("tangent", |b| {
        b.iter(|| {
            for cu in &inp.cubics {
                black_box(Terrain::Cubic(*cu).aabb());
            }
        })
    });
    g.bench_function("kurbo bounding_box", |b| {
        b.iter(|| {
            for cu in &inp.cubics {
                black_box(ParamCurveExtrema::bounding_box(&kc(cu)));
            }
        })
    });
    g.bench_function("lyon bounding_box", |b| {
        b.iter(|| {
            for cu in &inp.cubics {
                black_box(lc(cu).bounding_box());
            }
        })
    });
    g.finish();
}

/// The peers' way to collide a circle with a curve: flatten it with lyon at
/// [`FLATTEN_TOLERANCE`] px, then test each segment (the closure sees each).
fn for_each_flat_segment(cu: &CubicBezier, f: &mut impl FnMut(Vec2, Vec2)) {
    lc(cu).for_each_flattened(FLATTEN_TOLERANCE, &mut |s: &lyon_geom::LineSegment<f32>| {
        f(Vec2::new(s.from.x, s.from.y), Vec2::new(s.to.x, s.to.y))
    });
}

const FLATTEN_TOLERANCE: f32 = 0.1;

/// Crossings of the circle with the flattened curve, as points.
fn flat_circle_hits(cu: &CubicBezier, c: Vec2, r: f32) -> Vec<Vec2> {
    let mut out = Vec::new();
    for_each_flat_segment(cu, &mut |a, b| {
        let (d, w) = (b - a, a - c);
        let (qa, qb, qc) = (d.dot(d), w.dot(d), w.dot(w) - r * r);
        let disc = qb * qb - qa * qc;
        if qa > 0.0 && disc >= 0.0 {
            for t in [(-qb - disc.sqrt()) / qa, (-qb + disc.sqrt()) / qa] {
                if (0.0..=1.0).contains(&t) {
                    out.push(a + d * t);
                }
            }
        }
    });
    out
}

/// First contact of a circle moving by `m` with the flattened curve: the
/// capsule test of each segment (its sides and its end discs), in `f32`.
fn flat_circle_toi(cu: &CubicBezier, p: Vec2, m: Vec2, r: f32) -> Option<f32> {
    let mut best: Option<f32> = None;
    let mut keep = |s: f32| {
        if (0.0..=1.0).contains(&s) && best.is_none_or(|b| s < b) {
            best = Some(s);
        }
    };
    for_each_flat_segment(cu, &mut |a, b| {
        let e = b - a;
        let len = e.length();
        if len > 0.0 {
            let (u, n) = (e / len, e.perp() / len);
            let (h0, nd) = (n.dot(p - a), n.dot(m));
            if h0.abs() > r && nd != 0.0 {
                let s = (r.copysign(h0) - h0) / nd;
                if (0.0..=len).contains(&u.dot(p + m * s - a)) {
                    keep(s);
                }
            }
        }
        for q in [a, b] {
            let w = p - q;
            let (qa, qb, qc) = (m.dot(m), w.dot(m), w.dot(w) - r * r);
            let disc = qb * qb - qa * qc;
            if qa > 0.0 && disc >= 0.0 && qb < 0.0 {
                keep(qc / (-qb + disc.sqrt()));
            }
        }
    });
    best
}

/// Our actor queries against kurbo's nearest point (a reference that shares
/// no code with ours): how far our circle hit points lie from the circle,
/// hit/miss disagreements with kurbo's distance, and how far from touching
/// (reach minus kurbo's distance) our swept circle stops, checking that it
/// never overlaps before the stop (400 samples along the motion); for the
/// rect, how far our hit points lie from the rect's boundary.
fn ours_accuracy(inp: &Inputs, circle: &ActorShape, rect: &ActorShape) {
    let dist = |cu: &CubicBezier, p: DVec2| {
        kc(cu)
            .nearest(kurbo::Point::new(p.x, p.y), 1e-12)
            .distance_sq
            .sqrt()
    };
    let (mut hit_err, mut disagree, mut toi_err, mut overlap, mut rect_err) =
        (0.0f64, 0, 0.0f64, 0.0f64, 0.0f64);
    for (i, cu) in inp.cubics.iter().enumerate() {
        let t = Terrain::Cubic(*cu);
        let p = inp.points[i];
        let hits = t.actor_hits(circle, p);
        let d0 = dist(cu, p.as_dvec2());
        if (d0 < 20.0 - 1e-3 && hits.is_empty()) || (d0 > 20.0 + 1e-3 && !hits.is_empty()) {
            disagree += 1;
        }
        for &h in &hits {
            if h == 0.0 || h == 1.0 {
                continue; // an end inside the circle, not a crossing
            }
            let q = t.point_f64(h as f64) - p.as_dvec2();
            hit_err = hit_err.max((q.length() - 20.0).abs());
        }
        let m = Vec2::from_angle(i as f32) * 300.0;
        if let Some(toi) = t.sweep(circle, p, m, 0.0)
            && toi.fraction > 0.0
        {
            let (pd, md) = (p.as_dvec2(), m.as_dvec2());
            let s = toi.fraction as f64;
            toi_err = toi_err.max((dist(cu, pd + md * s) - 20.0).abs());
            for k in 0..400 {
                let u = s * k as f64 / 400.0;
                overlap = overlap.max(20.0 - dist(cu, pd + md * u));
            }
        }
        let ActorShape::Rect { half_extents: h } = *rect else {
            unreachable!()
        };
        for &th in &t.actor_hits(rect, p) {
            if th == 0.0 || th == 1.0 {
                continue;
            }
            let q = (t.point_f64(th as f64) - p.as_dvec2()).abs() - h.as_dvec2();
            rect_err = rect_err.max(q.x.max(q.y).abs());
        }
    }
    eprintln!(
        "ours vs kurbo's distance: circle hit points up to {hit_err:.2e} px off the circle, {disagree} of {N} hit/miss disagreements (1e-3 px band); circle sweep stops {toi_err:.2e} px from touching at worst, overlap before the stop {:.2e} px; rect hit points up to {rect_err:.2e} px off the rect",
        overlap.max(0.0)
    );
}

fn actors(c: &mut Criterion) {
    let inp = inputs();
    let circle = ActorShape::Circle { radius: 20.0 };
    let rect = ActorShape::Rect {
        half_extents: Vec2::new(12.0, 18.0),
    };
    // Accuracy of the flattened baseline against ours (exact): how far apart
    // the two times of impact put the circle, and how far the flattened
    // crossings lie from the true circle.
    let (mut toi_gap, mut hit_err, mut disagree) = (0.0f64, 0.0f64, 0);
    for (i, cu) in inp.cubics.iter().enumerate() {
        let p = inp.points[i];
        let m = Vec2::from_angle(i as f32) * 300.0;
        let ours = (Terrain::Cubic(*cu))
            .sweep(&circle, p, m, 0.0)
            .map(|t| t.fraction);
        let flat = flat_circle_toi(cu, p, m, 20.0);
        match (ours, flat) {
            // Overlapping at the start: ours reports it (fraction 0), the
            // segment tests skip segments they start inside. Not accuracy.
            (Some(0.0), _) => {}
            (Some(a), Some(b)) => toi_gap = toi_gap.max(((a - b).abs() * 300.0) as f64),
            (None, None) => {}
            _ => disagree += 1,
        }
        for h in flat_circle_hits(cu, p, 20.0) {
            let t = Terrain::Cubic(*cu);
            let true_dist = t.distance(h) as f64;
            hit_err = hit_err.max(true_dist);
        }
    }
    eprintln!(
        "flattened at {FLATTEN_TOLERANCE} px vs exact: times of impact up to {toi_gap:.2e} px apart, {disagree} of {N} hit/miss disagreements; flattened crossings up to {hit_err:.2e} px off the curve"
    );
    ours_accuracy(&inp, &circle, &rect);
    let mut g = c.benchmark_group("actor");
    g.bench_function("circle hits x cubic/flatten 0.1 px + segments", |b| {
        b.iter(|| {
            for (cu, p) in inp.cubics.iter().zip(&inp.points) {
                black_box(flat_circle_hits(cu, *p, 20.0));
            }
        })
    });
    g.bench_function(
        "circle sweep 300 px x cubic/flatten 0.1 px + segments",
        |b| {
            b.iter(|| {
                for (i, cu) in inp.cubics.iter().enumerate() {
                    let m = Vec2::from_angle(i as f32) * 300.0;
                    black_box(flat_circle_toi(cu, inp.points[i], m, 20.0));
                }
            })
        },
    );
    for (name, shape) in [("circle", circle), ("rect", rect)] {
        g.bench_function(format!("{name} hits x cubic"), |b| {
            b.iter(|| {
                for (cu, p) in inp.cubics.iter().zip(&inp.points) {
                    black_box(Terrain::Cubic(*cu).actor_hits(&shape, *p));
                }
            })
        });
        g.bench_function(format!("{name} sweep 300 px x cubic"), |b| {
            b.iter(|| {
                for (i, cu) in inp.cubics.iter().enumerate() {
                    let p = inp.points[i];
                    let d = Vec2::from_angle(i as f32) * 300.0;
                    black_box((Terrain::Cubic(*cu)).sweep(&shape, p, d, 0.02));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, segment_hits, closest, aabb, actors);
criterion_main!(benches);
