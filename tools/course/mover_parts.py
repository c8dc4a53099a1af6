"""Moving parts (world 3): lifts, crumbling bridges, sliders, swinging
bridges and paddles (`Course` has them)."""
from measures import RANGE, T


class MoverParts:
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
