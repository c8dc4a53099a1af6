"""Parts run on speed (world 4): the ledge and ramp a loop or a ceiling
climb takes its speed from, loops, half-pipes and hills (`Course` has
them)."""
from curves import loop_curves
from measures import T


class MomentumParts:
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
