#!/usr/bin/env python3
"""Generates Tangent's art and sound assets with the Python standard library only.

    python3 tools/make_assets.py

Writes:
  assets/tiles.png          an 8-tile strip, 32 x 32 px each:
                            0 solid ground, 1 one-way platform, 2 decor, 3 goal flag,
                            4-7 spikes pointing up, down, left, right
  assets/sounds/jump.wav    a rising chirp
  assets/sounds/land.wav    a short low thump
  assets/sounds/bounce.wav  a springy "boing"
  assets/sounds/die.wav     a falling buzz (the player dies)
The outputs are committed; rerun this after changing it.
"""
import math
import os
import random
import struct
import wave
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")
T = 32


def png(path, width, height, pixels):
    """pixels: list of rows of (r, g, b, a) tuples."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def tile_solid(x, y, rng):
    # Earth with a grassy top band; y = 0 is the top row of the image.
    if y < 5:
        g = 150 + (rng.random() * 30) - (y * 8)
        return (60, int(g), 60, 255)
    base = 110 - y
    n = rng.random() * 18
    edge = 18 if (x in (0, T - 1) or y == T - 1) else 0
    return (int(base + 40 + n - edge), int(base + 10 + n - edge), int(base - 20 + n / 2 - edge), 255)


def tile_oneway(x, y, rng):
    if y < 8:
        plank = 170 - (y * 6) + (12 if x % 16 == 0 else 0)
        return (plank, int(plank * 0.7), int(plank * 0.4), 255)
    if y < 12 and (x % 16) in (3, 12):
        return (110, 80, 50, 255)
    return (0, 0, 0, 0)


def tile_decor(x, y, rng):
    # A tuft of grass / small flower at the bottom.
    cx = T // 2
    if y > 18 and abs(x - cx) < (y - 18) // 2 + 1 and (x + y) % 3:
        return (70, 170, 80, 255)
    if 12 <= y <= 16 and abs(x - cx) <= 2:
        return (240, 200, 60, 255)
    return (0, 0, 0, 0)


def tile_flag(x, y, rng):
    if 6 <= x <= 8:
        return (220, 220, 220, 255)
    if 9 <= x <= 26 and 2 <= y <= 14:
        return (230, 60, 70, 255) if (x // 4 + y // 4) % 2 else (250, 250, 250, 255)
    return (0, 0, 0, 0)


def spike_up(x, y):
    # Four steel teeth on a dark base, filling the lower half of the cell.
    if y >= T - 3:
        return (70, 70, 80, 255)
    if y < T // 2:
        return (0, 0, 0, 0)
    w = T // 4
    k = x % w
    height = (y - T // 2) / (T // 2 - 3)  # 0 at the tips' row, 1 at the base
    half = height * w / 2
    if abs(k + 0.5 - w / 2) <= half:
        lit = k + 0.5 < w / 2
        return (215, 220, 230, 255) if lit else (150, 155, 170, 255)
    return (0, 0, 0, 0)


def tile_spikes_up(x, y, rng):
    return spike_up(x, y)


def tile_spikes_down(x, y, rng):
    return spike_up(x, T - 1 - y)


def tile_spikes_left(x, y, rng):
    return spike_up(y, x)


def tile_spikes_right(x, y, rng):
    return spike_up(y, T - 1 - x)


def make_tiles():
    rng = random.Random(7)
    makers = [tile_solid, tile_oneway, tile_decor, tile_flag,
              tile_spikes_up, tile_spikes_down, tile_spikes_left, tile_spikes_right]
    rows = []
    for y in range(T):
        row = []
        for m in makers:
            for x in range(T):
                row.append(m(x, y, rng))
        rows.append(row)
    png(os.path.join(ROOT, "tiles.png"), T * len(makers), T, rows)


def wav(path, samples, rate=22050):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 30000)) for s in samples))


def synth(seconds, f, rate=22050):
    n = int(seconds * rate)
    phase = 0.0
    out = []
    for i in range(n):
        t = i / n
        freq, amp, kind = f(t)
        phase += 2 * math.pi * freq / rate
        v = math.sin(phase) if kind == "sin" else (1.0 if math.sin(phase) > 0 else -1.0) * 0.5
        out.append(v * amp)
    return out


def make_sounds():
    d = os.path.join(ROOT, "sounds")
    os.makedirs(d, exist_ok=True)
    wav(os.path.join(d, "jump.wav"), synth(0.16, lambda t: (380 + 700 * t, 0.5 * (1 - t), "sq")))
    rng = random.Random(3)
    thump = synth(0.12, lambda t: (110 - 50 * t, 0.9 * (1 - t) ** 2, "sin"))
    thump = [s + (rng.random() - 0.5) * 0.25 * (1 - i / len(thump)) ** 3 for i, s in enumerate(thump)]
    wav(os.path.join(d, "land.wav"), thump)
    wav(os.path.join(d, "die.wav"), synth(0.45, lambda t: (520 - 420 * t + 30 * math.sin(t * 90), 0.55 * (1 - t), "sq")))
    wav(os.path.join(d, "bounce.wav"), synth(0.3, lambda t: (220 + 160 * math.sin(t * 40) * (1 - t), 0.6 * (1 - t), "sin")))


if __name__ == "__main__":
    make_tiles()
    make_sounds()
    print("wrote", ROOT)
