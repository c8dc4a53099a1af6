//! Exact-enough arcs: SVG path data with its elliptical arcs (`A`, `a`)
//! replaced by cubic Béziers within [`ARC_TOLERANCE`] user units, before
//! usvg reads the document (usvg and kurbo's SVG reader turn arcs into
//! cubics within 0.1 units, which at a level's scale can be a visible
//! step). Every other command is kept in meaning and written absolute: the
//! path is walked as the SVG spec walks it (current point, subpath start,
//! the last control point that `S` and `T` reflect), so a smooth segment
//! after an arc still reflects what the spec says it reflects.

use kurbo::{Arc, Point, SvgArc, Vec2};
use svgtypes::{PathParser, PathSegment};

/// How far the cubics may stray from a true arc, in the path's own user
/// units (before transforms): 1e-4. At a level scale of `s` px per unit
/// under transforms that scale by at most `k`, that is `1e-4 · s · k` px:
/// 0.01 px when `s · k` ≤ 100.
pub const ARC_TOLERANCE: f64 = 1e-4;

/// Whether path data has an arc to convert.
pub fn has_arcs(d: &str) -> bool {
    d.contains(['A', 'a'])
}

/// The path data `d` with arcs as cubics, everything else absolute.
///
/// ```
/// use tangent_level::svg::arcs::exact_arcs;
/// assert_eq!(exact_arcs("m10 20 h5 v5 z").unwrap(), "M10 20 L15 20 L15 25 Z");
/// let d = exact_arcs("M0 0 A10 10 0 0 1 20 0").unwrap();
/// assert!(d.starts_with("M0 0 C") && d.ends_with(" 20 0"));
/// assert!(exact_arcs("M0 0 Q").is_err());
/// ```
pub fn exact_arcs(d: &str) -> Result<String, String> {
    match exact_arcs_until_error(d) {
        (out, None) => Ok(out),
        (_, Some(e)) => Err(e),
    }
}

/// [`exact_arcs`] as the SVG spec reads path data with an error: the path
/// up to the error, and the error.
///
/// ```
/// use tangent_level::svg::arcs::exact_arcs_until_error;
/// let (kept, e) = exact_arcs_until_error("M0 0 L10 0 L10 x10 L0 10");
/// assert_eq!(kept, "M0 0 L10 0");
/// assert!(e.unwrap().starts_with("path data: "));
/// ```
pub fn exact_arcs_until_error(d: &str) -> (String, Option<String>) {
    let mut out: Vec<String> = Vec::new();
    let mut cur = Point::ZERO;
    let mut start = Point::ZERO;
    // The control point a following S (cubic) or T (quadratic) reflects.
    let mut last_cubic: Option<Point> = None;
    let mut last_quad: Option<Point> = None;
    let f = |p: Point| format!("{} {}", p.x, p.y);
    for seg in PathParser::from(d) {
        let seg = match seg {
            Ok(seg) => seg,
            Err(e) => return (out.join(" "), Some(format!("path data: {e}"))),
        };
        let at = |abs: bool, x: f64, y: f64| {
            if abs {
                Point::new(x, y)
            } else {
                cur + Vec2::new(x, y)
            }
        };
        let (mut cubic, mut quad) = (None, None);
        match seg {
            PathSegment::MoveTo { abs, x, y } => {
                cur = at(abs, x, y);
                start = cur;
                out.push(format!("M{}", f(cur)));
            }
            PathSegment::LineTo { abs, x, y } => {
                cur = at(abs, x, y);
                out.push(format!("L{}", f(cur)));
            }
            PathSegment::HorizontalLineTo { abs, x } => {
                cur = Point::new(if abs { x } else { cur.x + x }, cur.y);
                out.push(format!("L{}", f(cur)));
            }
            PathSegment::VerticalLineTo { abs, y } => {
                cur = Point::new(cur.x, if abs { y } else { cur.y + y });
                out.push(format!("L{}", f(cur)));
            }
            PathSegment::CurveTo {
                abs,
                x1,
                y1,
                x2,
                y2,
                x,
                y,
            } => {
                let (c1, c2, p) = (at(abs, x1, y1), at(abs, x2, y2), at(abs, x, y));
                out.push(format!("C{} {} {}", f(c1), f(c2), f(p)));
                cur = p;
                cubic = Some(c2);
            }
            PathSegment::SmoothCurveTo { abs, x2, y2, x, y } => {
                let c1 = last_cubic.map_or(cur, |c| cur + (cur - c));
                let (c2, p) = (at(abs, x2, y2), at(abs, x, y));
                out.push(format!("C{} {} {}", f(c1), f(c2), f(p)));
                cur = p;
                cubic = Some(c2);
            }
            PathSegment::Quadratic { abs, x1, y1, x, y } => {
                let (c, p) = (at(abs, x1, y1), at(abs, x, y));
                out.push(format!("Q{} {}", f(c), f(p)));
                cur = p;
                quad = Some(c);
            }
            PathSegment::SmoothQuadratic { abs, x, y } => {
                let c = last_quad.map_or(cur, |q| cur + (cur - q));
                let p = at(abs, x, y);
                out.push(format!("Q{} {}", f(c), f(p)));
                cur = p;
                quad = Some(c);
            }
            PathSegment::EllipticalArc {
                abs,
                rx,
                ry,
                x_axis_rotation,
                large_arc,
                sweep,
                x,
                y,
            } => {
                let p = at(abs, x, y);
                let svg = SvgArc {
                    from: cur,
                    to: p,
                    radii: Vec2::new(rx, ry),
                    x_rotation: x_axis_rotation.to_radians(),
                    large_arc,
                    sweep,
                };
                match Arc::from_svg_arc(&svg) {
                    // Zero radii or equal ends: a line, as the spec says.
                    None => out.push(format!("L{}", f(p))),
                    Some(arc) => {
                        let mut cubics = Vec::new();
                        arc.to_cubic_beziers(ARC_TOLERANCE, |c1, c2, q| cubics.push((c1, c2, q)));
                        // The last one ends exactly where the command says
                        // (not a rounding error away from it).
                        if let Some(last) = cubics.last_mut() {
                            last.2 = p;
                        }
                        for (c1, c2, q) in cubics {
                            out.push(format!("C{} {} {}", f(c1), f(c2), f(q)));
                        }
                    }
                }
                cur = p;
            }
            PathSegment::ClosePath { .. } => {
                out.push("Z".into());
                cur = start;
            }
        }
        last_cubic = cubic;
        last_quad = quad;
    }
    (out.join(" "), None)
}
