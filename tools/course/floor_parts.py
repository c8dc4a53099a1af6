"""Parts on a floor, met running along it: jumps over holes, spikes,
blocks and thorns, trampolines, coin perches, dash pits, crates, tunnels
rolled through, stairs, bridges and a choice of route (`Course` has
them)."""
import sys

from measures import RANGE, T, spikes_lead


class FloorParts:
    def jump_over(s, d, a, w, lead=80):
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

    def stairs(s, top, d, a, n, dx=6, dy=2, lead=48):
        """One-way planks rising d-ward from near column a: plank i is dx
        columns wide and dy*(i+1) rows over the floor; the last jump (i = n)
        lands on the floor whose near column is a + d*n*dx. A plank is only
        solid from above, so a jump that rises past it lands on it."""
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
