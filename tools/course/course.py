"""Snake courses (#61): floors stacked up; run right, climb, run left, climb.

A Course paints a level's tiles and writes its two plans (the main route and
the route taking every coin) at once, from obstacles placed one after another
so that each take-off comes well after the last landing (docs/campaign.md's
rules). Row 0 is the bottom; a floor is named by its top solid row.

The parts are leaves by family: `floor_parts.py`, `momentum_parts.py`,
`mover_parts.py` and `climbs.py` (the numbers they are laid out by in
`measures.py`, the loop's and ceiling's curves in `curves.py`); `snake.py`
stacks floors into a level, `ship.py` writes a level's files, plays its
plans with `tangent plan` and sets its par and dev time. The levels are in
`world1.py` to `world6.py`.
"""
import sys

from canvas import Canvas
from climbs import Climbs
from floor_parts import FloorParts
from measures import HY, RANGE, T, spikes_lead
from momentum_parts import MomentumParts
from mover_parts import MoverParts


# The Course method that places each kind of part a `seq` names, where
# its name is not the kind's own.
PART_METHODS = {'perch': 'perch_coin', 'dash': 'dash_pit'}


class Course(FloorParts, MomentumParts, MoverParts, Climbs):
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

    def checkpoint(s, col, top):
        s.checkpoints.append((col * T + 16, round(s.stand_y(top), 2)))

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
