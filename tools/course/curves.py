"""The curves of a loop and of a ceiling climb, written as a level's
`curves` entries."""
import math


def loop_curves(x0, y0, radius, offset, d=1):
    """A loop entered at (x0, y0) on the floor, moving d-ward: the four
    cubics of `tangent_level::format::loops::loop_curves` (the way in solid,
    the rest one-way from inside; see its docs for the method), drawn for a
    loop entered at x = 0 moving right and points rounded to hundredths,
    then moved to x0 and, moving left, mirrored (each curve's points
    reversed, so the one-way curves still hold from inside)."""
    entry = 10 * math.pi / 180
    sink = radius * (1 - math.cos(entry))
    turn = 2 * math.pi - 2 * entry
    shift = radius * math.sin(entry) - offset * entry / (2 * math.pi)
    at = lambda th: (-shift + radius * math.sin(th) - offset * th / (2 * math.pi),
                     y0 - sink + radius * (1 - math.cos(th)))
    slope = lambda th: (radius * math.cos(th) - offset / (2 * math.pi), radius * math.sin(th))
    q = turn / 4
    h = q / 3
    out = []
    for k in range(4):
        a, b = entry + k * q, entry + (k + 1) * q
        p0, p3, d0, d3 = at(a), at(b), slope(a), slope(b)
        p1 = (p0[0] + d0[0] * h, p0[1] + d0[1] * h)
        p2 = (p3[0] - d3[0] * h, p3[1] - d3[1] * h)
        if k == 0:
            p0 = (p0[0], p0[1] - 1)
        pts = [(x0 + d * round(x, 2), round(y, 2)) for x, y in (p0, p1, p2, p3)]
        pts = ', '.join(f'({x:g}, {y:g})' for x, y in (pts if d > 0 else reversed(pts)))
        out.append(f'(points: [{pts}], {"one_way: true, " if k else ""}fill: Line)')
    return out


def ceiling_curves(cx, y0, radius, end_deg, d=1):
    """A curve that rises by a wall and bends back over the run: the arc of
    a circle of `radius` standing on the floor at (cx, y0), from its
    bottom (tangent to the floor, moving d-ward) up the d side and over
    to `end_deg` degrees (180: its top), in four cubics whose control
    points lie along the circle's tangents at 4/3 tan(Δ/4) of the radius
    (the usual circle fit). The way in is solid, the rest one-way from
    inside; moving left, mirrored and reversed as `loop_curves` is."""
    step = math.radians(end_deg) / 4
    h = 4 / 3 * math.tan(step / 4) * radius
    at = lambda th: (radius * math.sin(th), y0 + radius * (1 - math.cos(th)))
    tangent = lambda th: (math.cos(th), math.sin(th))
    out = []
    for k in range(4):
        a, b = k * step, (k + 1) * step
        p0, p3, t0, t3 = at(a), at(b), tangent(a), tangent(b)
        p1 = (p0[0] + t0[0] * h, p0[1] + t0[1] * h)
        p2 = (p3[0] - t3[0] * h, p3[1] - t3[1] * h)
        pts = [(cx + d * round(x, 2), round(y, 2)) for x, y in (p0, p1, p2, p3)]
        pts = ', '.join(f'({x:g}, {y:g})' for x, y in (pts if d > 0 else reversed(pts)))
        out.append(f'(points: [{pts}], {"one_way: true, " if k else ""}fill: Line)')
    return out
