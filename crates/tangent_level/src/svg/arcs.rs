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

/// A point as path data: `x y`.
fn f(p: Point) -> String {
    format!("{} {}", p.x, p.y)
}

/// An SVG arc as path commands: cubics within [`ARC_TOLERANCE`], the last
/// ending exactly where the arc does (not a rounding error away from it);
/// a line where the radii are zero or the ends equal, as the spec says.
fn arc_commands(svg: &SvgArc) -> Vec<String> {
    let Some(arc) = Arc::from_svg_arc(svg) else {
        return vec![format!("L{}", f(svg.to))];
    };
    let mut cubics = Vec::new();
    arc.to_cubic_beziers(ARC_TOLERANCE, |c1, c2, q| cubics.push((c1, c2, q)));
    if let Some(last) = cubics.last_mut() {
        last.2 = svg.to;
    }
    cubics
        .into_iter()
        .map(|(c1, c2, q)| format!("C{} {} {}", f(c1), f(c2), f(q)))
        .collect()
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
    let mut pen = Pen::default();
    for seg in PathParser::from(d) {
        match seg {
            Ok(seg) => pen.draw(seg, &mut out),
            Err(e) => return (out.join(" "), Some(format!("path data: {e}"))),
        }
    }
    (out.join(" "), None)
}

/// Where a path's commands have got to: the current point, the subpath's
/// start, and the control point a following S (cubic) or T (quadratic)
/// reflects.
#[derive(Default)]
struct Pen {
    cur: Point,
    start: Point,
    last_cubic: Option<Point>,
    last_quad: Option<Point>,
}

impl Pen {
    /// One path segment as absolute M, L, C, Q and Z commands into `out`
    /// (an arc as cubics: [`arc_commands`]).
    fn draw(&mut self, seg: PathSegment, out: &mut Vec<String>) {
        let pen = self;
        let at = |abs: bool, x: f64, y: f64| {
            if abs {
                Point::new(x, y)
            } else {
                pen.cur + Vec2::new(x, y)
            }
        };
        let (mut cubic, mut quad) = (None, None);
        match seg {
            PathSegment::MoveTo { abs, x, y } => {
                pen.cur = at(abs, x, y);
                pen.start = pen.cur;
                out.push(format!("M{}", f(pen.cur)));
            }
            PathSegment::LineTo { abs, x, y } => {
                pen.cur = at(abs, x, y);
                out.push(format!("L{}", f(pen.cur)));
            }
            PathSegment::HorizontalLineTo { abs, x } => {
                pen.cur = Point::new(if abs { x } else { pen.cur.x + x }, pen.cur.y);
                out.push(format!("L{}", f(pen.cur)));
            }
            PathSegment::VerticalLineTo { abs, y } => {
                pen.cur = Point::new(pen.cur.x, if abs { y } else { pen.cur.y + y });
                out.push(format!("L{}", f(pen.cur)));
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
                pen.cur = p;
                cubic = Some(c2);
            }
            PathSegment::SmoothCurveTo { abs, x2, y2, x, y } => {
                let c1 = pen.last_cubic.map_or(pen.cur, |c| pen.cur + (pen.cur - c));
                let (c2, p) = (at(abs, x2, y2), at(abs, x, y));
                out.push(format!("C{} {} {}", f(c1), f(c2), f(p)));
                pen.cur = p;
                cubic = Some(c2);
            }
            PathSegment::Quadratic { abs, x1, y1, x, y } => {
                let (c, p) = (at(abs, x1, y1), at(abs, x, y));
                out.push(format!("Q{} {}", f(c), f(p)));
                pen.cur = p;
                quad = Some(c);
            }
            PathSegment::SmoothQuadratic { abs, x, y } => {
                let c = pen.last_quad.map_or(pen.cur, |q| pen.cur + (pen.cur - q));
                let p = at(abs, x, y);
                out.push(format!("Q{} {}", f(c), f(p)));
                pen.cur = p;
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
                    from: pen.cur,
                    to: p,
                    radii: Vec2::new(rx, ry),
                    x_rotation: x_axis_rotation.to_radians(),
                    large_arc,
                    sweep,
                };
                out.extend(arc_commands(&svg));
                pen.cur = p;
            }
            PathSegment::ClosePath { .. } => {
                out.push("Z".into());
                pen.cur = pen.start;
            }
        }
        pen.last_cubic = cubic;
        pen.last_quad = quad;
    }
}
