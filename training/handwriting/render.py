"""Renders one text line in a font and degrades it the way hands and captures do.

A line is drawn as an ink mask, either whole (keeps a script font's joins) or letter by letter with jitter in
position, size and spacing (a hand never repeats a letter exactly). The mask is then slanted, warped, thickened or
thinned, drifted off its baseline, put on paper with form lines crossing it, and passed through scan, fax or photo
noise, blur and low resolution. Output: a grey uint8 array of height HEIGHT, ink dark on light paper.
"""
import io
import math
import random

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

HEIGHT = 32
MAX_WIDTH = 384


class FontBank:
    """Fonts by path, loaded once per size, with a check that a font draws a character (not its empty box)."""

    def __init__(self, paths):
        self.paths = list(paths)
        self._fonts = {}
        self._covers = {}

    def font(self, path, size):
        # Even sizes only: each loaded face holds its decompressed font, so fewer sizes keep memory down.
        size = max(8, size // 2 * 2)
        key = (path, size)
        if key not in self._fonts:
            self._fonts[key] = ImageFont.truetype(path, size)
        return self._fonts[key]

    def covers(self, path, text):
        for ch in set(text):
            if ch.isspace():
                continue
            key = (path, ch)
            if key not in self._covers:
                f = self.font(path, 40)
                m = f.getmask(ch)
                # A missing glyph draws the font's .notdef box, the same for every missing code point.
                probe = f.getmask("\ue000")
                self._covers[key] = m.size != (0, 0) and not (m.size == probe.size and bytes(m) == bytes(probe))
            if not self._covers[key]:
                return False
        return True


def _draw_mask(r, bank, path, text, size, jitter):
    font = bank.font(path, size)
    width = int(font.getlength(text) * 1.5 + size * 2 + 20)
    height = int(size * 2.4)
    img = Image.new("L", (width, height), 0)
    d = ImageDraw.Draw(img)
    y0 = int(size * 0.5)
    if not jitter:
        d.text((size // 2, y0), text, font=font, fill=255)
        return np.asarray(img)
    x = float(size // 2)
    word_gap = r.uniform(0.7, 1.6)
    for ch in text:
        s = max(8, int(size * r.uniform(0.88, 1.12)))
        f = bank.font(path, s)
        if ch == " ":
            x += f.getlength(" ") * word_gap
            continue
        dy = r.gauss(0, size * 0.035) + (size - s) * 0.8
        d.text((x, y0 + dy), ch, font=f, fill=255)
        x += f.getlength(ch) + r.gauss(0.02, 0.05) * size
    return np.asarray(img)


def _elastic(r, m, amp):
    h, w = m.shape
    gh, gw = 4, max(2, w // 24)
    dx = cv2.resize(np.float32([[r.gauss(0, amp) for _ in range(gw)] for _ in range(gh)]), (w, h), interpolation=cv2.INTER_CUBIC)
    dy = cv2.resize(np.float32([[r.gauss(0, amp) for _ in range(gw)] for _ in range(gh)]), (w, h), interpolation=cv2.INTER_CUBIC)
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    return cv2.remap(m, xs + dx, ys + dy, cv2.INTER_LINEAR, borderValue=0)


def _baseline_drift(r, m, amp):
    h, w = m.shape
    period = r.uniform(w * 0.6, w * 3)
    phase = r.uniform(0, 2 * math.pi)
    tilt = r.uniform(-1, 1) * amp / max(w, 1) * 2
    cols = np.arange(w, dtype=np.float32)
    shift = amp * np.sin(2 * math.pi * cols / period + phase) + tilt * (cols - w / 2)
    xs, ys = np.meshgrid(cols, np.arange(h, dtype=np.float32))
    return cv2.remap(m, xs, ys - shift[None, :], cv2.INTER_LINEAR, borderValue=0)


def _shear(m, k, angle):
    h, w = m.shape
    extra = int(abs(k) * h) + 4
    a = np.float32([[1, -k, extra if k > 0 else 4], [0, 1, 0]])
    out = cv2.warpAffine(m, a, (w + extra + 4, h), flags=cv2.INTER_LINEAR, borderValue=0)
    if angle:
        hh, ww = out.shape
        rot = cv2.getRotationMatrix2D((ww / 2, hh / 2), angle, 1.0)
        out = cv2.warpAffine(out, rot, (ww, hh), flags=cv2.INTER_LINEAR, borderValue=0)
    return out


def _crop(r, m, size):
    ys, xs = np.nonzero(m > 60)
    if len(xs) == 0:
        return None
    y0, y1, x0, x1 = ys.min(), ys.max(), xs.min(), xs.max()
    # Line finders crop loosely or tightly; a tall crop of a short line must read too.
    top = int(r.uniform(0.05, 0.6) * size)
    bottom = int(r.uniform(0.05, 0.6) * size)
    left, right = int(r.uniform(0.02, 0.8) * size), int(r.uniform(0.02, 0.8) * size)
    if r.random() < 0.1:
        top, bottom = -int(size * 0.08), -int(size * 0.08)
    h, w = m.shape
    pad = np.zeros((h + 2 * size, w + 2 * size), m.dtype)
    pad[size:size + h, size:size + w] = m
    return pad[size + y0 - top:size + y1 + bottom + 1, size + x0 - left:size + x1 + right + 1]


def _form_lines(r, paper, ink_level):
    """Box and table lines of the printed form the text was written on, often crossing the letters."""
    h, w = paper.shape
    colour = int(r.uniform(40, 170))
    t = r.choice([1, 1, 2, 2, 3])
    if r.random() < 0.45:
        y = int(h * r.uniform(0.7, 1.0))
        cv2.line(paper, (0, y), (w, y), colour, t)
    if r.random() < 0.25:
        y = int(h * r.uniform(0.0, 0.25))
        cv2.line(paper, (0, y), (w, y), colour, t)
    if r.random() < 0.2:
        x = int(w * r.choice([r.uniform(0, 0.05), r.uniform(0.95, 1.0), r.uniform(0.1, 0.9)]))
        cv2.line(paper, (x, 0), (x, h), colour, t)
    if r.random() < 0.05:
        # Dotted guide or a check box beside the value.
        for x in range(0, w, r.randint(4, 8)):
            cv2.circle(paper, (x, int(h * 0.9)), 0, colour, -1)
    return paper


def _capture(r, img, level):
    """Scan, fax or phone-photo capture of the written line."""
    h, w = img.shape
    kind = r.random()
    out = img.astype(np.float32)
    if kind < 0.2 * level:
        # Phone photo: uneven light and lower contrast.
        g = np.linspace(r.uniform(-40, 0), r.uniform(-40, 10), w, dtype=np.float32)[None, :]
        out = out * r.uniform(0.7, 1.0) + g + r.uniform(0, 30)
    if r.random() < 0.6 * level:
        s = r.uniform(0.3, 1.3)
        out = cv2.GaussianBlur(out, (0, 0), s)
    if r.random() < 0.4 * level:
        # Low resolution: down to a few pixels per stroke, then back up.
        f = r.uniform(0.35, 0.8)
        small = cv2.resize(out, (max(4, int(w * f)), max(4, int(h * f))), interpolation=cv2.INTER_AREA)
        out = cv2.resize(small, (w, h), interpolation=r.choice([cv2.INTER_LINEAR, cv2.INTER_NEAREST]))
    if r.random() < 0.7 * level:
        out = out + np.float32(np.random.default_rng(r.getrandbits(32)).normal(0, r.uniform(2, 16), out.shape))
    out = np.clip(out, 0, 255).astype(np.uint8)
    if kind > 1 - 0.12 * level:
        # Fax: hard threshold, a few flipped pixels.
        t = r.uniform(110, 190)
        out = np.where(out < t, 0, 255).astype(np.uint8)
        flips = np.random.default_rng(r.getrandbits(32)).random(out.shape) < r.uniform(0, 0.01)
        out[flips] = 255 - out[flips]
    if r.random() < 0.3 * level:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, r.randint(15, 70)])
        if ok:
            out = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    return out


def render(r, bank, path, text, level=1.0):
    """The line `text` in the font at `path`, degraded with strength `level` (0 = clean). None if it failed."""
    size = r.randint(28, 48)
    jitter = r.random() < 0.55 * level
    m = _draw_mask(r, bank, path, text, size, jitter)
    if r.random() < 0.5 * level:
        m = _baseline_drift(r, m, r.uniform(0.5, 0.09 * size))
    m = _shear(m, r.uniform(-0.3, 0.35) * level, r.uniform(-2, 2) * level)
    if r.random() < 0.5 * level:
        m = _elastic(r, m, r.uniform(0.5, 1.8))
    x = r.random()
    if x < 0.25 * level:
        m = cv2.dilate(m, np.ones((2, 2) if r.random() < 0.7 else (3, 3), np.uint8))
    elif x < 0.4 * level:
        m = cv2.erode(m, np.ones((2, 2), np.uint8))
    m = _crop(r, m, size)
    if m is None or m.shape[0] < 4 or m.shape[1] < 4:
        return None
    paper_level = r.uniform(190, 255)
    ink_level = r.uniform(0, 110)
    paper = np.full(m.shape, paper_level, np.float32)
    if r.random() < 0.5 * level:
        paper = _form_lines(r, paper, ink_level)
    a = m.astype(np.float32) / 255.0
    img = paper * (1 - a) + ink_level * a
    img = _capture(r, np.clip(img, 0, 255).astype(np.uint8), level)
    h, w = img.shape
    nw = max(8, int(round(w * HEIGHT / h * r.uniform(0.85, 1.15))))
    if nw > MAX_WIDTH:
        return None
    return cv2.resize(img, (nw, HEIGHT), interpolation=cv2.INTER_AREA)


def to_png(img) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="PNG")
    return buf.getvalue()
