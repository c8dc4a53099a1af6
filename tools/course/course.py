"""Snake courses (#61): floors stacked up; run right, climb, run left, climb.

A Course paints a level's tiles and writes its two plans (the main route and
the route taking every coin) at once, from obstacles placed one after another
so that each take-off comes well after the last landing (docs/campaign.md's
rules). Row 0 is the bottom; a floor is named by its top solid row. The
levels built with it are in `world2.py`; `ship` writes a level's files,
plays its plans with `tangent plan` and sets its par and dev time.
"""
import math
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

T = 32
HY = 14.02
# How far a full-speed jump from the flat lands (measured: 222 px in 37 steps).
RANGE = 222


def spikes_lead(w):
    """Take-off distance before a strip of w spikes: the feet stay over its
    32 px for about 162 px of a full-speed jump, so the window is about
    [edge - (189 - 32 w), edge - 37]: 46 px for three, 14 px for four."""
    return 76 if w <= 2 else 60 if w == 3 else (226 - w * T) // 2


def ladder_rungs(rise):
    """The rows (over a floor) of a ladder's one-way rungs up to the floor
    `rise` rows above: every three rows, and the floor above itself."""
    return list(range(3, rise, 3)) + [rise]


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


class Canvas:
    """A grid of tile characters; row 0 at the bottom."""
    def __init__(s, w, h, border=True):
        s.w, s.h = w, h
        s.g = [['.'] * w for _ in range(h)]
        if border:
            s.rect(0, 0, w - 1, 0); s.rect(0, h - 1, w - 1, h - 1)
            s.rect(0, 0, 0, h - 1); s.rect(w - 1, 0, w - 1, h - 1)
    def rect(s, x0, y0, x1, y1, ch='#'):
        for y in range(min(y0, y1), max(y0, y1) + 1):
            for x in range(min(x0, x1), max(x0, x1) + 1):
                if 0 <= x < s.w and 0 <= y < s.h:
                    s.g[y][x] = ch
    def rows(s):
        return [''.join(r) for r in reversed(s.g)]
    def ron_rows(s, indent='        '):
        return '\n'.join(f'{indent}"{r}",' for r in s.rows())


# The Course method that places each kind of part a `seq` names, where
# its name is not the kind's own.
PART_METHODS = {'perch': 'perch_coin', 'dash': 'dash_pit'}


class Course:
    def __init__(s, W, H):
        s.W, s.H = W, H
        s.c = Canvas(W, H, border=False)
        s.c.rect(0, 0, 0, H - 1)
        s.c.rect(W - 1, 0, W - 1, H - 1)
        s.main, s.coin_plan = [], []
        s.curves, s.coins, s.checkpoints, s.actors = [], [], [], []
        s.movers = []
        s.crystals = []
        s.moving = set()  # cells that belong to movers
        s.tramp_pit = 0  # rows of a trampoline's pit (0: the floor's row only)
        s.last = None

    # -- plans
    def both(s, *lines):
        s.main += lines
        s.coin_plan += lines

    def only_coins(s, *lines):
        s.coin_plan += lines

    # -- geometry helpers
    @staticmethod
    def K(d):
        return 'R' if d > 0 else 'L'

    @staticmethod
    def past(d, x):
        return f'x>={x:.0f}' if d > 0 else f'x<={x:.0f}'

    def near_edge(s, d, a, w):
        """Pixel x of the near side of cols [a, a+w) when running in d."""
        return a * T if d > 0 else (a + w) * T

    def wall(s, d, end_col):
        """Pixel x of the level's wall met running in d off column end_col,
        the floor's last."""
        return s.near_edge(-d, end_col, 1)

    def slab(s, top, c0, c1, thick=1, ch='#'):
        s.c.rect(c0, top - thick + 1, c1, top, ch)

    def stand_y(s, top):
        return (top + 1) * T + HY

    # -- obstacles on a floor whose top row is `top`, met running in d
    def jump_over(s, d, a, w, lead=80):
        K = s.K(d)
        x = s.near_edge(d, a, w) - d * lead
        s.run_jump(d, x)

    def run_jump(s, d, x, air=None):
        """Run to x and jump (holding jump 20 steps, or with the plan lines
        `air` in its place) till the ground; warn when x is too soon after
        the last landing."""
        K = s.K(d)
        last = getattr(s, 'last', None)
        if last and last[0] == d and d * (x - last[1]) < 60:
            print(f'WARNING: take-off at {x:.0f} only {d * (x - last[1]):.0f} px after the landing at {last[1]:.0f}', file=sys.stderr)
        s.last = (d, x + d * RANGE)
        s.both(f'{K} until {s.past(d, x)}', *(air or [f'{K}J 20']), f'{K} until ground')

    def hole(s, top, d, a, w, thick=1, lead=None):
        # A full-speed jump lands RANGE px on: take off in the middle of
        # the window [edge - (RANGE - w*T - 10), edge + 10].
        lead = lead or (RANGE - w * T - 20) // 2
        s.c.rect(a, top - thick + 1, a + w - 1, top, '.')
        s.jump_over(d, a, w, lead)

    def spikes(s, top, d, a, w, thick=1, lead=None):
        # Clearing 32 px of spikes: the take-off window is about
        # [edge - 83, edge - 37] for three tiles, [edge - 115, edge - 37] for two.
        lead = lead or spikes_lead(w)
        s.c.rect(a, top + 1, a + w - 1, top + 1, '^')
        s.jump_over(d, a, w, lead)

    def block(s, top, d, a, w, thick=1, h=2, lead=None):
        """A solid block h rows high on the floor, cols [a, a+w)."""
        s.c.rect(a, top + 1, a + w - 1, top + h, '#')
        s.jump_over(d, a, w, lead if lead is not None else (60 if h == 1 else 80))
        # The run drops off its far end by itself.
        s.last = (d, s.near_edge(-d, a, w) + d * 70)

    def vine(s, top, d, a, w, thick=1, height=40, lead=64):
        """A thorny arch (hazard curve) over cols [a, a+w), jumped."""
        y = (top + 1) * T
        s.curves.append(f'(points: [({a*T}, {y}), ({a*T + w*T//2}, {y + 2*height}), ({(a+w)*T}, {y})], fill: Line, hazard: true)')
        s.jump_over(d, a, w, lead)

    def tramp(s, top, d, a, w, thick=1, land=None, sag=40, lead=None):
        """A trampoline band over a pit cols [a, a+w): dropped onto, bounced off;
        its bounce lands `land` px past its far side (120 if not said)."""
        y = (top + 1) * T - 8
        # the pit goes to the bottom on a bottom floor two rows thick, and
        # `s.tramp_pit` rows deep on a thicker one (the band hangs free in it)
        bottom = 0 if top < 3 else max(0, top - s.tramp_pit + 1) if s.tramp_pit else top
        s.c.rect(a, bottom, a + w - 1, top, '.')
        s.curves.append(f'(points: [({a*T}, {y}), ({a*T + w*T//2}, {y - 2*sag}), ({(a+w)*T}, {y})], restitution: 0.95, fill: Line)')
        K = s.K(d)
        if lead is not None:
            s.run_jump(d, s.near_edge(d, a, w) - d * lead)
        else:
            s.both(f'{K} until {s.past(d, s.near_edge(d, a, w) + d * w * T)}', f'{K} until ground')
            s.last = (d, s.near_edge(d, a, w) + d * (w * T + 120))
        if land is not None:
            s.last = (d, s.near_edge(-d, a, w) + d * land)

    def perch_coin(s, top, d, a, w=5, thick=1, rise=3):
        """A one-way plank `rise` rows over the floor with a coin on it."""
        row = top + rise
        s.c.rect(a, row, a + w - 1, row, '=')
        cx = a * T + w * T / 2
        s.coins.append((cx, (row + 1) * T + 40))
        K = s.K(d)
        # Brake (the other way, until slow) to stand under the coin, then jump.
        s.only_coins(f'{K} until {s.past(d, cx - d * 30)}', f'{s.K(-d)} until slow', '- 4', 'J 20',
                     f'- until ground coins>={len(s.coins)}',
                     f'{K} until {s.past(d, s.near_edge(-d, a, w) + d * 14)}', f'{K} until ground')
        s.last = (d, s.near_edge(-d, a, w) + d * 80)

    def ladder(s, top, d, end_col, rungs, width=4, wait=7):
        """Run into the wall at the floor's end and jump straight up the
        one-way rungs (each `rungs[i]` rows over the floor top)."""
        K = s.K(d)
        c0 = end_col - width + 1 if d > 0 else end_col
        for r in rungs:
            s.c.rect(c0, top + r, c0 + width - 1, top + r, '=')
        wall = s.wall(d, end_col)
        s.both(f'{K} until {s.past(d, wall - d * 12)}', f'{K} 6')
        for i, _ in enumerate(rungs):
            s.both(f'- {wait}' if i else '- 4', 'J 20', '- until ground')
        s.both(f'- {wait}')
        s.last = None

    def dash_pit(s, top, d, a, w, thick=1, after=26, lead=30, crystal='auto'):
        """A pit w columns wide, too wide to jump: jumped at its near edge
        and crossed by a dash `after` steps into the jump. With `crystal`
        (columns past the near edge), a refill crystal hangs over the pit
        there and a second dash, when the first one ends, takes its dash."""
        if crystal == 'auto':  # a pit too wide for one dash
            crystal = 11 if w > 13 else None
        s.c.rect(a, top - thick + 1, a + w - 1, top, '.')
        K = s.K(d)
        near = s.near_edge(d, a, w)
        x = near - d * lead
        air = [f'{K}J {after}', f'{K}JX 2']
        if crystal is not None:
            cx = near + d * crystal * T
            s.crystals.append((cx, (top + 1) * T + 100))
            air += [f'{K} until {s.past(d, cx + d * 40)}', f'{K}X 2']
        s.run_jump(d, x, air)
        # The dash lands at its end speed, which holding the run keeps:
        # let go a moment, back to about the top run speed.
        s.both('- 10')
        s.last = (d, s.near_edge(-d, a, w) + d * 160)

    def ledge_ramp(s, top, d, c0):
        """The run-up a loop or a ceiling climb takes its speed from, from
        column c0 going d-ward (k-th column met: c0 + d k): a rung (a
        one-way plank, columns 2-4) three rows up by a ledge five rows high
        (columns 5-10), climbed as a ladder (into the ledge's wall, which
        re-times the run, straight up onto the rung, then on up onto the
        ledge), and a cubic ramp from the ledge's top down to the floor
        (columns 11-20). Writes both plans' climb onto the ledge and
        returns the ramp's foot (px), where the run comes off it at about
        1 130 px/s."""
        K = s.K(d)
        col = lambda k: c0 + d * k
        x = lambda k: s.near_edge(d, col(k), 1)  # the k-th column's near side
        lo, hi = sorted((col(2), col(4)))
        s.c.rect(lo, top + 3, hi, top + 3, '=')
        lo, hi = sorted((col(5), col(10)))
        s.c.rect(lo, top + 1, hi, top + 5, '#')
        y0, y1 = (top + 1) * T, (top + 6) * T
        r0, r1 = x(11), x(21)
        m = (r0 + r1) // 2
        s.curves.append(f'(points: [({r0}, {y1}), ({m}, {y1}), ({m}, {y0}), ({r1}, {y0})])')
        s.both(f'{K} until {s.past(d, x(5) - d * 12)}', f'{K} 6', '- 4', 'J 20', '- until ground', '- 5',
               f'{K}J 20', f'{K} until ground')
        return r1

    def loop(s, top, d, a, w, thick=1, radius=60):
        """A loop run on the speed of a drop, over cols [a, a+w) (w at
        least 37): the run-up of `ledge_ramp` and a loop of `radius` 200 px
        past the ramp's foot (it needs a drop of five rows: run into from
        the flat, a runner stalls on its way in). The run holds on round
        the loop and brakes to a stop after it (it comes out at about
        1 000 px/s, which running on keeps)."""
        r1 = s.ledge_ramp(top, d, a if d > 0 else a + w - 1)
        e = r1 + d * (200 + radius * 2 + 60)
        s.curves += loop_curves(e, (top + 1) * T, radius, 60, d)
        s.both(f'{s.K(d)} until {s.past(d, e + d * 40)}', f'{s.K(-d)} until slow')
        s.last = (d, e + d * 300)

    def crate(s, top, d, a, w=3, thick=1, h=4, gap=5):
        """A wall h rows high (too high to jump) and w columns wide on the
        floor at cols [a, a+w), with a crate `gap` columns before it: the
        run pushes the crate to the wall, jumps onto it and from it over
        the wall, and drops off the wall's far side."""
        s.c.rect(a, top + 1, a + w - 1, top + h, '#')
        near = s.near_edge(d, a, w)
        y = (top + 1) * T + 16.02
        s.actors.append(f'(name: "crate", shape: Rect(half_extents: (16, 16)), '
                        f'position: ({near - d * gap * T:g}, {y:g}), restitution: 0.1, friction: 0.4)')
        K = s.K(d)
        s.both(f'{K} until {s.past(d, near - d * 50)} slow', f'{K} 4', f'{K}J 14', f'{K} until ground',
               f'{K} 4', f'{K}J 20', f'{K} until ground')
        s.last = (d, s.near_edge(-d, a, w) + d * 100)

    def roll(s, top, d, a, w, thick=1):
        """A tunnel w columns long under a block three rows high: a line 24 px
        over the floor (drawn flat, as its chord) leaves room for the
        rolling ball (20 px) and not for the standing box (28 px), and the
        block is too high to jump onto. The run holds down from 60 px
        before it to 20 px past its far end."""
        s.c.rect(a, top + 2, a + w - 1, top + 4, '#')
        y = (top + 1) * T + 24
        s.curves.append(f'(points: [({a * T}, {y}), ({a * T + w * T // 2}, {y}), ({(a + w) * T}, {y})], fill: Chord)')
        K = s.K(d)
        near, far = s.near_edge(d, a, w), s.near_edge(-d, a, w)
        s.both(f'{K} until {s.past(d, near - d * 60)}', f'{K}D until {s.past(d, far + d * 20)}')
        # the ball comes out slower than the run: room to speed up again
        s.last = (d, far + d * 150)

    def shaft(s, top, d, end_col, rise, jumps, width=3, hold=12):
        """A wall-jump climb at the floor's end: a pillar `width` columns in
        from the outer wall, from two rows over the floor up to the next
        floor (which leaves the shaft open, as for a lift). The run goes in
        under the pillar, jumps by the outer wall and wall-jumps from side
        to side `jumps` times (an odd count: the last one leaves the outer
        wall) up the shaft and out over the pillar onto the floor above."""
        p = end_col - width if d > 0 else end_col + width
        s.c.rect(p, top + 3, p, top + rise - 1, '#')
        K, B = s.K(d), s.K(-d)
        wall = s.wall(d, end_col)
        s.both(f'{K} until {s.past(d, wall - d * 40)}', f'{K}J 12', f'{K} until wall')
        for i in range(jumps):
            toward, away = (K, B) if i % 2 == 0 else (B, K)
            s.both(f'{toward} 7', f'{toward}J {hold}', f'{away} until wall' if i + 1 < jumps else f'{away} until ground')
        # Stop where the last wall jump lands (about 320 px from the wall, a
        # place that does not depend on when it left the wall), as a ladder's
        # wait does: the run on from a standstill is timed from there.
        s.both('- until slow', '- 10')
        s.last = (-d, wall - d * 320)

    def drop(s, top, d, end_col):
        """Down to the floor below through a hole three columns wide at the
        floor's end (the floor leaves it open): the run falls in, lands
        against the level's wall (which re-times it) and waits a moment."""
        K = s.K(d)
        wall = s.wall(d, end_col)
        s.both(f'{K} until {s.past(d, wall - d * 12)} ground', f'{K} 6', '- 4')
        s.last = None

    # Columns from the level's wall that a ceiling climb takes.
    CEILING_COLS = 29

    def ceiling(s, top, d, end_col, rise, radius=80, end_deg=170, rung=8):
        """A climb by a ceiling run at the floor's end: up a rung onto a
        ledge five rows high, down a ramp ten columns long for speed (about
        1 130 px/s at its foot), then up a curve that rises by the level's
        wall and bends back over the run (`ceiling_curves`), upside down
        past 120 degrees; flung off its end, the run flies back over a
        ladder (`rung` columns wide, the rungs three rows apart, the floor
        above one-way over it), lands on its lowest rung, brakes and
        climbs, then runs into the wall on the floor above. The floor's
        parts must end `CEILING_COLS` columns before the wall."""
        K, B = s.K(d), s.K(-d)
        wall = s.wall(d, end_col)
        cx = wall - d * (radius + 8)
        y0 = (top + 1) * T
        s.curves += ceiling_curves(cx, y0 - 1, radius, end_deg, d)
        # the ladder: from 2 columns off the wall back `rung` columns
        far = end_col - d * 2
        lo, hi = sorted((far, far - d * (rung - 1)))
        rungs = ladder_rungs(rise)
        for r in rungs:
            s.c.rect(lo, top + r, hi, top + r, '=')
        # the ramp's foot 200 px before the curve (21 columns past the run-up's first)
        r1 = cx - d * 200
        s.ledge_ramp(top, d, r1 // T - 21 if d > 0 else r1 // T + 20)
        s.both(f'{K} until {s.past(d, cx)}', f'{K} until air', f'{B} until ground', f'{K} until slow')
        for i in range(len(rungs) - 1):  # (it landed on the lowest)
            s.both('- 5' if i else '- 4', 'J 20', '- until ground')
        # Where the flight lands depends on its timing: into the wall at
        # the top, which re-times the run, as a ladder's foot does.
        s.both(f'{K} until {s.past(d, wall - d * 12)}', f'{K} 6', '- 5')
        s.last = None

    def checkpoint(s, col, top):
        s.checkpoints.append((col * T + 16, round(s.stand_y(top), 2)))

    def stairs(s, top, d, a, n, dx=6, dy=2, lead=48):
        """One-way planks rising d-ward from near column a: plank i is dx
        columns wide and dy*(i+1) rows over the floor; the last jump (i = n)
        lands on the floor whose near column is a + d*n*dx. A plank is only
        solid from above, so a jump that rises past it lands on it."""
        K = s.K(d)
        for i in range(n + 1):
            near = a + d * i * dx
            lo, hi = sorted((near, near + d * (dx - 1)))
            if i < n:
                s.c.rect(lo, top + dy * (i + 1), hi, top + dy * (i + 1), '=')
            near_px = lo * T if d > 0 else (hi + 1) * T
            s.last = None
            s.run_jump(d, near_px - d * lead)


    def bridge(s, top, d, a, w=7, thick=1, plank=3, lead=None):
        """A hole w tiles wide with a one-way plank of `plank` tiles in its middle,
        one row over the floor: hop on, hop off."""
        s.c.rect(a, top - thick + 1, a + w - 1, top, '.')
        p0 = a + (w - plank) // 2
        s.c.rect(p0, top + 1, p0 + plank - 1, top + 1, '=')
        K = s.K(d)
        lead = lead or RANGE - ((w - plank) // 2 * T + plank * T // 2)
        x = s.near_edge(d, a, w) - d * lead
        s.run_jump(d, x)
        s.last = None
        x2 = s.near_edge(d, p0, plank) + d * (plank * T // 2)
        s.both(f'{K} until {s.past(d, x2)}', f'{K}J 20', f'{K} until ground')
        s.last = (d, x2 + d * RANGE)




    def takeoff(s, kind, d, a, w):
        """Where the run leaves the ground for an item at cols [a, a+w), or
        where it must be on the ground at speed (trampolines, perches)."""
        near = s.near_edge(d, a, w)
        lead = {"hole": (RANGE - w * T - 20) // 2, "spikes": spikes_lead(w),
                'vine': 64, 'block': 80, 'tramp': 0, 'perch': -(w * T // 2 - 30),
            'crumble': 0, 'slider': -48, 'swing': RANGE - w * T // 2,
            'halfpipe': 0, 'hill': 0, 'dash': 30, 'roll': 60,
            'crate': 5 * T + 60, 'loop': 40, 'paddle': 40, 'fork': 48,
                'bridge': RANGE - ((w - 3) // 2 * T + 3 * T // 2)}[kind]
        return near - d * lead


    def seq(s, top, d, start, items, thick=1, gap=110):
        """Places items (kind, columns) one after another from column `start`
        going d-ward, each as soon as its take-off is `gap` px past the last
        landing. A trampoline may name a third number: how far past its far
        side its bounce lands (120 px if not)."""
        cur = start
        for it in items:
            kind, w = it[0], it[1]
            if kind == 'gap':
                cur += d * w
                continue
            for k in range(200):
                near_col = cur + d * k
                a = near_col if d > 0 else near_col - w + 1
                tk = s.takeoff(kind, d, a, w)
                if not (s.last and s.last[0] == d and d * (tk - s.last[1]) < gap):
                    break
            # a part's method draws it, writes its plan lines and sets the landing
            getattr(s, PART_METHODS.get(kind, kind))(top, d, a, w, thick, *it[2:])
            cur = (a + w if d > 0 else a - 1) + d
        if not 6 <= cur <= s.W - 7:
            sys.exit(f'the floor at row {top} runs to column {cur}, into its climb at the wall')
        return cur

    def fork(s, top, d, a, w=28, thick=1, gap=2, strip=4):
        """A choice of route over cols [a, a+w): the low road jumps two
        strips of `strip` spikes on the floor (the main plan); the high road
        hops onto a one-way plank (six columns) two rows up, then onto a
        bridge four rows up (too high for a jump from the floor to land on) over both
        strips, in two halves `gap` columns apart with a coin over the gap,
        and drops off its far end (the collect-all plan; the gap is hopped
        with a short jump, under the floor above). Both roads come
        down past the second strip."""
        col = lambda k: a + k if d > 0 else a + w - 1 - k  # k-th column met
        span = lambda k, n: sorted((col(k), col(k + n - 1)))
        lo, hi = span(1, 6)
        s.c.rect(lo, top + 2, hi, top + 2, '=')
        b0, b1 = 7, w - 2  # the bridge's first and last columns met
        half = (b1 - b0 + 1 - gap) // 2
        for k, n in ((b0, half), (b0 + half + gap, b1 - b0 + 1 - half - gap)):
            lo, hi = span(k, n)
            s.c.rect(lo, top + 4, hi, top + 4, '=')
        mid = (col(b0 + half) * T + col(b0 + half + gap - 1) * T) / 2 + T / 2
        s.coins.append((mid, (top + 5) * T + 40))
        K = s.K(d)
        x = lambda k: col(k) * T if d > 0 else (col(k) + 1) * T  # k-th column's near side
        n_coin = len(s.coin_plan)
        for k in (10, b1 - 6):
            s.spikes(top, d, col(k) if d > 0 else col(k + strip - 1), strip)
        main_last = s.last
        del s.coin_plan[n_coin:]
        gap_x = x(b0 + half)
        # (braked first: a run faster than the top speed jumps over the plank)
        s.only_coins(f'{K} until {s.past(d, x(0) - d * 140)}', f'{s.K(-d)} until slow',
                     f'{K} until {s.past(d, x(1) - d * 48)}', f'{K}J 20', f'{K} until ground',
                     f'{K} until {s.past(d, x(b0) - d * 48)}', f'{K}J 20', f'{K} until ground',
                     f'{K} until {s.past(d, gap_x - d * 24)}', f'{K}J 8', f'{K} until ground coins>={len(s.coins)}',
                     f'{K} until {s.past(d, x(b1 + 1))}', f'{K} until ground')
        # the farther of the two roads' landings
        s.last = (d, max(main_last[1], x(b1 + 1) + d * 120, key=lambda at: d * at))

    # -- movers (world 3)
    def lift(s, top, d, end_col, rise=6, width=3, speed=480):
        """A one-way lift at the floor's end, by the wall (its cells replace
        the floor's): it waits to be stood on, rises `rise` rows to the next
        floor (which leaves its columns open) and comes back when left."""
        lo = end_col - width + 1 if d > 0 else end_col
        s.c.rect(lo, top, lo + width - 1, top, '=')
        s.moving |= {(x, top) for x in range(lo, lo + width)}
        s.movers.append(f'(tiles: Some((x: {lo}, y: {top}, width: {width})), path: [(0, {rise * T})], '
                        f'speed: {speed}, repeat: Once, trigger: StoodOn, returns: true)')
        K = s.K(d)
        wall = s.wall(d, end_col)
        s.both(f'{K} until {s.past(d, wall - d * 12)}',
               f'{K} until y>={s.stand_y(top + rise) - 1:.0f} ground')
        s.last = None

    def crumble(s, top, d, a, w, thick=1, delay=0.4):
        """A bridge of w // 3 crumbling parts (3 columns each) in place of the
        floor from column a: each drops `delay` s after it is landed on, so
        the run goes on over it."""
        n = w // 3
        if thick > 1:
            s.c.rect(a, top - thick + 1, a + 3 * n - 1, top - 1, '.')
        s.c.rect(a, top, a + 3 * n - 1, top, '#')
        s.moving |= {(x, top) for x in range(a, a + 3 * n)}
        for i in range(n):
            s.movers.append(f'(tiles: Some((x: {a + 3 * i}, y: {top}, width: 3)), trigger: Crumble({delay}))')
        # no take-off from a part that may be falling
        s.last = (d, s.near_edge(-d, a, w) + d * 40)

    def slider(s, top, d, a, w, thick=1, speed=400, width=5):
        """A hole w columns wide with a slider (`width` columns, at floor
        height) at its near side: stood on, it carries the player to the far
        side and comes back when left. The run steps on near its back (room
        ahead for a run that is early) and waits for it to stop: walking off
        a moving slider would add its speed to the run's."""
        s.c.rect(a, top - thick + 1, a + w - 1, top, '.')
        lo = a if d > 0 else a + w - width
        s.c.rect(lo, top, lo + width - 1, top, '#')
        s.moving |= {(x, top) for x in range(lo, lo + width)}
        s.movers.append(f'(tiles: Some((x: {lo}, y: {top}, width: {width})), path: [({d * (w - width) * T}, 0)], '
                        f'speed: {speed}, repeat: Once, trigger: StoodOn, returns: true)')
        K = s.K(d)
        near = s.near_edge(d, a, w)
        far = s.near_edge(-d, a, w)
        board = near + d * 40
        end = board + d * (w - width) * T
        s.both(f'{K} until {s.past(d, board)}', f'- until {s.past(d, end - d * 4)}', '- 8')
        s.last = (d, far - d * 150)

    def swing(s, top, d, a, w=8, thick=1, angle=5, period=3):
        """A hole w columns wide spanned by a sagging cubic bridge that swings
        `angle` degrees either way every `period` s about its middle: jumped
        onto in its middle and off to the far side."""
        s.c.rect(a, top - thick + 1, a + w - 1, top, '.')
        y = (top + 1) * T
        x0, x1 = a * T, (a + w) * T
        third = (x1 - x0) // 3
        s.movers.append(f'(curves: [(points: [({x0}, {y}), ({x0 + third}, {y - 16}), ({x1 - third}, {y - 16}), '
                        f'({x1}, {y})], fill: Line)], swing: Some((angle: {angle}, period: {period})))')
        K = s.K(d)
        near = s.near_edge(d, a, w)
        s.run_jump(d, near - d * (RANGE - w * T // 2))
        s.last = None
        mid = (x0 + x1) // 2
        s.both(f'{K} until {s.past(d, mid)}', f'{K}J 20', f'{K} until ground')
        # A jump off a tilting bridge lands less surely: room after it.
        s.last = (d, mid + d * (RANGE + 60))

    def paddle(s, top, d, a, w=12, thick=1, spin=40, length=6, lead=40):
        """A pit w columns wide (too wide to jump) spanned by a paddle: a bar
        `length` columns long at floor height in the pit's middle that turns
        `spin` degrees a second about its middle once stood on (clockwise
        going right: its far end goes down, so it tips the run on). Jumped
        onto near its middle, run along and jumped off its far end."""
        s.c.rect(a, top - thick + 1, a + w - 1, top, '.')
        y = (top + 1) * T
        x0 = a * T + (w - length) * T // 2
        x1 = x0 + length * T
        s.movers.append(f'(curves: [(points: [({x0}, {y}), ({(x0 + x1) // 2}, {y}), ({x1}, {y})], fill: Line)], '
                        f'spin: {-d * spin}, trigger: StoodOn)')
        K = s.K(d)
        s.run_jump(d, s.near_edge(d, a, w) - d * lead)
        s.last = None
        off = (x1 if d > 0 else x0) - d * 40
        # The bar tips the run on faster than the top speed, which holding
        # the run keeps: let go a moment after landing, back to about it.
        s.both(f'{K} until {s.past(d, off)}', f'{K}J 20', f'{K} until ground', '- 8')
        # a jump off a tipping bar lands less surely: room after it
        s.last = (d, off + d * (RANGE + 100))

    # -- momentum (world 4)
    def halfpipe(s, top, d, a, w, thick=1, depth=1.5):
        """A pit w columns wide holding a half-pipe `depth` rows deep (a cubic
        line from edge to edge): the run goes down and up the far side on its
        speed, no jump."""
        s.c.rect(a, top - thick + 1, a + w - 1, top, '.')
        y0 = (top + 1) * T
        x0, x1 = a * T, (a + w) * T
        dy = int(depth * T * 4 / 3)
        s.curves.append(f'(points: [({x0}, {y0}), ({x0 + w * T // 4}, {y0 - dy}), ({x1 - w * T // 4}, {y0 - dy}), '
                        f'({x1}, {y0})], fill: Line)')
        K = s.K(d)
        far = s.near_edge(-d, a, w)
        s.both(f'{K} until {s.past(d, far + d * 24)}')
        s.last = (d, far - d * 40)

    def hill(s, top, d, a, w, thick=1, height=48):
        """A quadratic hill on the floor, run over (its crest `height` px up),
        drawn as the curve and its chord (ground down to y = 0 would show
        through the floors below)."""
        y0 = (top + 1) * T
        s.curves.append(f'(points: [({a * T}, {y0}), ({a * T + w * T // 2}, {y0 + 2 * height}), ({(a + w) * T}, {y0})], '
                        f'restitution: 0, fill: Chord)')
        # a hill speeds the run up on its way down: room after it
        s.last = (d, s.near_edge(-d, a, w) + d * 60)

    def decorate(s, every, offset):
        """Bushes (decor, not solid) on the fixed ground, every `every`
        columns from `offset`, where the cell above the ground is empty."""
        for y in range(s.H - 1):
            for x in range(1, s.W - 1):
                if (x % every == offset and s.c.g[y][x] == '#' and s.c.g[y + 1][x] == '.'
                        and (x, y) not in s.moving):
                    s.c.g[y + 1][x] = '%'

    # -- output
    def rows(s):
        return s.c.ron_rows()

    def plans(s, header):
        h = ''.join(f'# {l}\n' for l in header)
        return h + '\n'.join(s.main) + '\n', h + '\n'.join(s.coin_plan) + '\n'


def snake(W, tops, floors, climbs, headroom=7, start=9, **level):
    """Floor i (top row tops[i]) holds floors[i]'s items, going right on even
    floors and left on odd ones; climbs[i] takes the run to floor i + 1 at
    its end: up by a 'lift', a 'ladder' of one-way rungs, a 'shaft'
    climbed by wall jumps or a 'ceiling' run (floors eight rows apart), or down a 'drop' (a hole by the wall). The lowest
    floor is solid down to the level's bottom; `headroom` rows are left
    over the top floor; the first floor's parts start at column `start`. A ladder has a rung every three rows; a shaft's
    wall jumps are held 6 steps between floors six rows apart (12 further
    apart: higher, a run flies on past the floor above)."""
    H = max(tops) + headroom
    c = Course(W, H)
    c.tramp_pit = 4
    E = W - 2
    # the columns a climb passes through by the wall: where floor i ends
    ends = lambda i: (1, E - 3) if i % 2 == 0 else (4, E)
    for i, t in enumerate(tops):
        if t == min(tops):
            lo, hi = (1, E)
        elif i > 0 and climbs[i - 1] in ('lift', 'shaft'):
            lo, hi = ends(i - 1)  # the climb comes up beside this floor
        elif i + 1 < len(tops) and climbs[i] == 'drop':
            lo, hi = ends(i)  # the hole at its end
        else:
            lo, hi = (1, E)
        c.slab(t, lo, hi, thick=t + 1 if t == min(tops) else 1)
    for i, (top, items) in enumerate(zip(tops, floors)):
        d = 1 if i % 2 == 0 else -1
        # not over the open columns of a lift or shaft that came up here
        beside = i > 0 and climbs[i - 1] in ('lift', 'shaft')
        c.checkpoint((5 if beside else 3) if d > 0 else E - (4 if beside else 1), top)
        # (past the ladder a ceiling climb came up by, and a run-up)
        skip = 8 if i > 0 and climbs[i - 1] == 'ceiling' else 0
        cur = c.seq(top, d, start if i == 0 else 9 + skip if d > 0 else E - 8 - skip, items,
                    thick=top + 1 if top == min(tops) else 1)
        if i + 1 < len(tops):
            end = E if d > 0 else 1
            rise = tops[i + 1] - top
            if climbs[i] == 'ceiling':
                if d * cur > d * (end - d * c.CEILING_COLS):
                    sys.exit(f'the floor at row {top} runs to column {cur}, into its ceiling climb')
                c.ceiling(top, d, end, rise)
            elif climbs[i] == 'lift':
                c.lift(top, d, end, rise=rise)
            elif climbs[i] == 'shaft':
                c.shaft(top, d, end, rise, jumps=3, hold=6 if rise <= 6 else 12)
            elif climbs[i] == 'drop':
                c.drop(top, d, end)
            else:
                c.ladder(top, d, end, ladder_rungs(rise), wait=5)
    last = len(tops) - 1
    goal_x = (E * 32 - 16) if last % 2 == 0 else 80
    c.both(f'R until x>={E*32-60}' if last % 2 == 0 else 'L until x<=100')
    return c, dict(spawn=(3 * 32 + 16, c.stand_y(tops[0])), goal=(goal_x, (tops[-1] + 2) * 32), **level)


def main(levels):
    """Rewrites the levels named on the command line (all of `levels`, a
    stem -> function table, when none is named)."""
    for stem in sys.argv[1:] or levels:
        levels[stem]()


def write_level(path, *, comment, name, course, spawn, goal, legend_extra='', extra='', par=None, nxt=None, tuning=None):
    curves = ''.join(f'        {c},\n' for c in course.curves)
    cps = ', '.join(f'({x:g}, {y:g})' for x, y in course.checkpoints)
    coins = ', '.join(f'({x:g}, {y:g})' for x, y in course.coins)
    crystals = ', '.join(f'({x:g}, {y:g})' for x, y in course.crystals)
    crystals = f'    crystals: [{crystals}],\n' if crystals else ''
    actors = ''.join(f'        {a},\n' for a in course.actors)
    movers = ''.join(f'        {m},\n' for m in course.movers)
    movers = f'    movers: [\n{movers}    ],\n' if movers else ''
    com = ''.join(f'// {l}\n' for l in comment)
    t = f"""{com}(
    name: "{name}",
    tile_size: 32,
    // Open: outside the tiles is empty, so a gap in the bottom floor is a
    // bottomless pit and above the top is sky.
    open: true,
    legend: {{
        '#': Solid,
        '.': Empty,
        '=': OneWay,
        '%': Decor,
        '^': Spikes(Up),
        'v': Spikes(Down),{legend_extra}
    }},
    tiles: [
{course.rows()}
    ],
    curves: [
{curves}    ],
    spawn: ({spawn[0]:g}, {spawn[1]:g}),
    player: Rect(half_extents: (10, 14)),
    actors: [
{actors}    ],
{movers}    goal: (position: ({goal[0]:g}, {goal[1]:g}), size: (32, 64)),
    // The par time in seconds: 1.3 × this level's replay, rounded up.
    par: Some({par or 99}),
    checkpoints: [{cps}],
    coins: [{coins}],
{crystals}{extra}"""
    if tuning:
        t += f'    tuning: {tuning},\n'
    if nxt:
        t += f'    next: Some("{nxt}"),\n'
    t += ')\n'
    open(path, 'w').write(t)


def tangent():
    """The tangent binary: $TANGENT, or the debug build in $CARGO_TARGET_DIR."""
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.environ.get("TANGENT", os.path.join(target, "debug", "tangent"))


def ship(stem, course, header, **level):
    """Writes assets/levels/STEM.level.ron and both plans, plays the plans
    into assets/replays/ and sets the par to 1.3 x the replay, rounded up."""
    main, coins = course.plans(header)
    paths = {
        "level": f"assets/levels/{stem}.level.ron",
        "": f"assets/plans/{stem}.plan",
        ".coins": f"assets/plans/{stem}.coins.plan",
    }
    open(os.path.join(ROOT, paths[""]), "w").write(main)
    open(os.path.join(ROOT, paths[".coins"]), "w").write(coins)
    write_level(os.path.join(ROOT, paths["level"]), course=course, **level)
    for kind in ("", ".coins"):
        r = subprocess.run([tangent(), "plan", paths["level"], paths[kind], "--out",
                            f"assets/replays/{stem}{kind}.replay"],
                           capture_output=True, text=True, cwd=ROOT)
        last = (r.stdout + r.stderr).strip().splitlines()[-1]
        print(f"{stem}{kind}: {last}")
        if r.returncode != 0:
            sys.exit(1)
        if kind == "":
            steps = int(last.split("goal at step ")[1].split()[0])
            path = os.path.join(ROOT, paths["level"])
            par = math.ceil(1.3 * steps / 60)
            text = open(path).read().replace(
                "    par: Some(99),\n",
                f"    par: Some({par}),\n    // The dev's time: the shipped replay's, in seconds.\n"
                f"    dev_time: Some({round(steps / 60, 2)}),\n")
            open(path, "w").write(text)
