"""Climbs at a floor's end to the next floor: a ladder of one-way rungs,
a wall-jump shaft, a drop and a ceiling run (`Course` has them)."""
from curves import ceiling_curves
from measures import T, ladder_rungs


class Climbs:
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
