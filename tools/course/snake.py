"""A snake course: floors stacked up, run right, climb, run left, climb."""
import sys

from course import Course
from measures import ladder_rungs


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
