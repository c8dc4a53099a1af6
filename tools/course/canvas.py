"""A level's tiles as a grid of characters."""


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
