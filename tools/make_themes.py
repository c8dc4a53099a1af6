#!/usr/bin/env python3
"""Generates the worlds' tilesets with the Python standard library only.

    python3 tools/make_themes.py

For each theme (meadow, canyon, forest, volcano, glacier, night; the
campaign's worlds in order) writes:
  assets/themes/NAME.png         a strip of 32 x 32 px cells:
                                  0-15  solid ground, by which neighbours are solid
                                        (bit 1 above, 2 right, 4 below, 8 left):
                                        a grassy (sandy, snowy...) top where the cell
                                        above is open, rounded where a side is open
                                        too, darker edges on open sides, moss
                                        hanging under an open bottom, deeper earth
                                        inside (autotiling: the game picks the cell)
                                  16    one-way platform (planks)
                                  17-20 spikes pointing up, down, left, right
                                  21    the goal's flag
                                  22-25 decor a designer places (four pieces; the
                                        game picks one by the cell's position)
                                  26-27 tufts the game puts on open tops by itself
  assets/themes/NAME-ground.png  a 64 x 64 px tileable ground texture, for the
                                  bodies under curves
Spikes, planks and the flag are the same in every theme, so hazards and
one-way floors read the same everywhere. Deterministic (fixed seeds): the
outputs are committed; rerun this after changing it.
"""
import math
import os
import random

from make_assets import png

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "themes")
T = 32
CLEAR = (0, 0, 0, 0)

# name: top, top_dark, earth, earth_dark, speck, decor colours (a, b), tuft
THEMES = [
    ("meadow", (92, 178, 70), (56, 124, 52), (140, 100, 62), (98, 68, 44), (176, 150, 120),
     ((246, 206, 64), (236, 96, 120)), (110, 196, 84)),
    ("canyon", (232, 170, 96), (196, 122, 66), (184, 92, 58), (132, 60, 42), (220, 140, 100),
     ((96, 150, 72), (240, 120, 70)), (208, 188, 100)),
    ("forest", (66, 132, 78), (38, 90, 56), (92, 72, 62), (60, 44, 42), (130, 110, 96),
     ((214, 64, 56), (236, 226, 200)), (84, 156, 92)),
    ("volcano", (176, 128, 112), (112, 78, 72), (62, 52, 58), (38, 30, 36), (170, 84, 48),
     ((255, 150, 50), (120, 110, 110)), (150, 90, 60)),
    ("glacier", (244, 250, 255), (196, 216, 236), (104, 138, 172), (68, 94, 128), (170, 220, 246),
     ((150, 224, 250), (230, 240, 250)), (220, 236, 250)),
    ("night", (132, 100, 214), (86, 64, 160), (62, 58, 94), (38, 34, 62), (250, 236, 150),
     ((250, 236, 150), (120, 230, 220)), (160, 130, 240)),
]


def mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def shade(c, k):
    return tuple(max(0, min(255, int(v * k))) for v in c[:3])


def noise_grid(rng, n):
    return [[rng.random() for _ in range(n)] for _ in range(n)]


def earth(th, x, y, grid, deep):
    """The ground's inside: earth, mottled, with a few specks and stones."""
    top, top_dark, e, ed, speck = th[1], th[2], th[3], th[4], th[5]
    n = grid[y % len(grid)][x % len(grid)]
    base = mix(e, ed, 0.25 + 0.5 * deep + 0.25 * n)
    # Stones: lighter rounded blobs on a fixed lattice.
    for (sx, sy, r) in ((7, 9, 3.2), (22, 20, 2.6), (27, 6, 2.0), (12, 26, 2.4)):
        dx = min(abs(x - sx), len(grid) - abs(x - sx))
        dy = min(abs(y - sy), len(grid) - abs(y - sy))
        d = math.hypot(dx, dy)
        if d < r:
            return shade(mix(base, speck, 0.45), 1.1 - 0.25 * d / r) + (255,)
    if n > 0.965:
        return speck + (255,)
    return base + (255,)


def solid(th, mask, rng, grid):
    up, right, down, left = mask & 1, mask & 2, mask & 4, mask & 8
    top, top_dark, e, ed = th[1], th[2], th[3], th[4]
    inner = mask == 15
    wave = [5 + round(1.6 * math.sin(x * 0.7) + rng.random()) for x in range(T)]
    drips = [rng.random() < 0.35 for _ in range(T)]
    rows = []
    for y in range(T):
        row = []
        for x in range(T):
            # Rounded corners where two open sides meet.
            r = 7
            corner = None
            if not up and not left and x < r and y < r:
                corner = (r - x - 0.5, r - y - 0.5)
            if not up and not right and x >= T - r and y < r:
                corner = (x + 0.5 - (T - r), r - y - 0.5)
            if not down and not left and x < r and y >= T - r:
                corner = (r - x - 0.5, y + 0.5 - (T - r))
            if not down and not right and x >= T - r and y >= T - r:
                corner = (x + 0.5 - (T - r), y + 0.5 - (T - r))
            if corner and math.hypot(*corner) > r:
                row.append(CLEAR)
                continue
            edge = min(
                x if not left else 99,
                T - 1 - x if not right else 99,
                T - 1 - y if not down else 99,
            )
            if not up and y < wave[x]:
                c = mix(top, (255, 255, 255), 0.25) if y == 0 else mix(top, top_dark, y / 8)
                row.append(c + (255,))
            elif not up and y == wave[x]:
                row.append(top_dark + (255,))
            elif not down and y >= T - 5 and drips[x] and y < T - 5 + (x * 7) % 5:
                row.append(top_dark + (255,))  # moss hanging under an overhang
            elif edge <= 2:
                row.append(shade(ed, 0.85 + 0.05 * edge) + (255,))
            else:
                deep = 0.6 if inner else (0.35 if up else 0.1)
                row.append(earth(th, x, y, grid, deep))
        rows.append(row)
    return rows


def planks(x, y, rng):
    if y < 8:
        p = 176 - y * 6 + (14 if x % 16 == 0 else 0)
        if y == 0:
            p = 214
        return (p, int(p * 0.7), int(p * 0.42), 255)
    if y == 8:
        return (70, 48, 30, 255)
    if y < 13 and (x % 16) in (3, 12):
        return (110, 80, 50, 255)
    return CLEAR


def spike_up(x, y):
    if y >= T - 3:
        return (70, 70, 80, 255)
    if y < T // 2:
        return CLEAR
    w = T // 4
    k = x % w
    height = (y - T // 2) / (T // 2 - 3)
    if abs(k + 0.5 - w / 2) <= height * w / 2:
        if height < 0.3:
            return (230, 60, 60, 255)  # red tips: readable on any ground
        return (215, 220, 230, 255) if k + 0.5 < w / 2 else (150, 155, 170, 255)
    return CLEAR


def flag(x, y):
    if 6 <= x <= 8:
        return (230, 230, 230, 255)
    if 9 <= x <= 26 and 2 <= y <= 14:
        return (30, 30, 36, 255) if (x // 4 + y // 4) % 2 else (250, 250, 250, 255)
    return CLEAR


def decor(kind, th, x, y):
    a, b = th[6]
    top, top_dark = th[1], th[2]
    cx = T / 2
    if kind == 0:  # a flower (a cactus in the canyon, a crystal at night)
        if abs(x - cx) < 1.5 and y > 14:
            return top_dark + (255,)
        if math.hypot(x - cx, y - 12) < 5:
            return (a if math.hypot(x - cx, y - 12) > 2 else (250, 250, 240)) + (255,)
        return CLEAR
    if kind == 1:  # a bush
        d = min(math.hypot(x - 10, y - 24) / 8, math.hypot(x - 21, y - 22) / 9)
        if d < 1 and y < T:
            return shade(top_dark, 1.15 - 0.3 * d) + (255,)
        return CLEAR
    if kind == 2:  # a rock
        d = math.hypot((x - cx) / 11, (y - 26) / 6)
        if d < 1 and y <= T - 1:
            return shade(mix(th[3], (150, 150, 150), 0.5), 1.2 - 0.4 * d - 0.2 * (x > cx)) + (255,)
        return CLEAR
    # a tall plant: three blades and a bloom
    for bx, lean in ((cx - 5, -0.25), (cx, 0.0), (cx + 5, 0.3)):
        if y > 8 and abs(x - (bx + lean * (T - y))) < 1.2:
            return top + (255,)
    if math.hypot(x - cx, y - 7) < 3:
        return b + (255,)
    return CLEAR


def tuft(k, th, x, y):
    c = th[7]
    blades = (5, 11, 16, 21, 27) if k == 0 else (8, 15, 24)
    for i, bx in enumerate(blades):
        h = 7 + (i * 5 + k * 3) % 6
        lean = ((i % 3) - 1) * 0.3
        if y >= T - h and abs(x - (bx + lean * (T - y))) < 1.1:
            return (c if i % 2 else shade(c, 0.8)) + (255,)
    return CLEAR


def cell(fn):
    return [[fn(x, y) for x in range(T)] for y in range(T)]


def make_theme(th, seed):
    rng = random.Random(seed)
    grid = noise_grid(rng, T)
    cells = [solid(th, m, rng, grid) for m in range(16)]
    cells.append(cell(lambda x, y: planks(x, y, rng)))
    cells.append(cell(spike_up))
    cells.append(cell(lambda x, y: spike_up(x, T - 1 - y)))
    cells.append(cell(lambda x, y: spike_up(y, x)))
    cells.append(cell(lambda x, y: spike_up(y, T - 1 - x)))
    cells.append(cell(flag))
    for k in range(4):
        cells.append(cell(lambda x, y, k=k: decor(k, th, x, y)))
    for k in range(2):
        cells.append(cell(lambda x, y, k=k: tuft(k, th, x, y)))
    rows = [[px for c in cells for px in c[y]] for y in range(T)]
    png(os.path.join(ROOT, th[0] + ".png"), T * len(cells), T, rows)
    g = noise_grid(random.Random(seed + 100), 64)
    ground = [[earth(th, x, y, g, 0.6) for x in range(64)] for y in range(64)]
    png(os.path.join(ROOT, th[0] + "-ground.png"), 64, 64, ground)


def main():
    os.makedirs(ROOT, exist_ok=True)
    for i, th in enumerate(THEMES):
        make_theme(th, 11 + i)


if __name__ == "__main__":
    main()
