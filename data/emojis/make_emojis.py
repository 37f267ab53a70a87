"""Render the mana-symbol emojis (``data/emojis/mana_*.png``) from the mana-font (Andrew Gioia, SIL OFL 1.1).

Usage, from the repository root with the ``assets`` extra installed (``pip install -e '.[assets]'``: Pillow)::

    npm pack mana-font@1.18.0                      # the package from the npm registry (checked by its SHA-256)
    .venv/bin/python data/emojis/make_emojis.py mana-font-1.18.0.tgz

Each symbol of :data:`bot.mana_emoji.SYMBOLS` becomes a 128×128 PNG (Discord's emoji size; well under its
256 KiB limit) drawn as the package's own stylesheet draws it (``css/mana.css``, classes ``ms ms-cost
ms-shadow``): a circle in the symbol's colour with the glyph of the font (``fonts/mana.ttf``) in it, hybrid
symbols split along the diagonal with both glyphs small, the dark shadow of ``ms-shadow``. Glyphs and colours
are read from the stylesheet, not copied by hand. The font itself is not committed; the PNGs are, so building
and running the bot needs no network. The output is drawn with Pillow at 4×, scaled down (smooth edges) and
stored with a palette of 256 colours and alpha (about 3.5 KB each).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import re
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.mana_emoji import ASSET_DIR, SYMBOLS, asset_path

#: The package these PNGs were made from (``npm view mana-font@1.18.0 dist.tarball``), and its SHA-256.
PACKAGE = "mana-font-1.18.0.tgz"
PACKAGE_SHA256 = "5b571e4b5673831bcb8dafc5782000da07eebe3fd78181c9051f25f8450c8639"
SIZE = 128
SCALE = 4
INK, LIGHT = "#111111", "#ffffff"
#: The symbol → its CSS class where the class is not the body in lower case without ``/``.
CLASS = {"T": "tap", "Q": "untap"}


@dataclass(frozen=True)
class Style:
    """How the stylesheet draws one symbol: its glyph(s) and colour(s)."""

    before: str
    after: str | None
    fill: str
    second: str | None
    ink: str


def read_package(path: Path) -> tuple[bytes, str]:
    """``(mana.ttf, mana.css)`` out of the npm tarball, after checking its SHA-256."""
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != PACKAGE_SHA256:
        sys.exit(f"{path}: SHA-256 {digest}, erwartet {PACKAGE_SHA256} ({PACKAGE})")
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        font = tar.extractfile("package/fonts/mana.ttf")
        css = tar.extractfile("package/css/mana.css")
        assert font is not None and css is not None
        return font.read(), css.read().decode("utf-8")


def css_rules(css: str) -> dict[str, dict[str, str]]:
    """Selector → its declarations (``".ms-cost.ms-w"`` → ``{"background-color": "#f0f2c0"}``), later rules
    overriding earlier ones as in the browser."""
    rules: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        decls = dict(re.findall(r"([-\w]+)\s*:\s*([^;]+?)\s*(?:!important)?\s*;", body))
        for selector in selectors.split(","):
            rules.setdefault(" ".join(selector.split()), {}).update(decls)
    return rules


def glyph(rules: dict[str, dict[str, str]], selector: str) -> str | None:
    """The character of a ``content: "\\e600"`` declaration, or None."""
    content = rules.get(selector, {}).get("content")
    m = re.fullmatch(r'"\\([0-9a-f]{4})"', content or "")
    return chr(int(m.group(1), 16)) if m else None


def style_of(rules: dict[str, dict[str, str]], body: str) -> Style:
    """The stylesheet's drawing of ``body`` (``ms-cost``: background colours; split symbols: ``--ms-split-top``
    and ``--ms-split-bottom`` over ``--ms-mana-*``)."""
    cls = CLASS.get(body, body.lower().replace("/", ""))
    cost = rules.get(f".ms-cost.ms-{cls}", {})
    before = glyph(rules, f".ms-{cls}::before")
    if before is None:
        raise SystemExit(f"mana.css: keine Glyphe für .ms-{cls}")
    after = glyph(rules, f".ms-{cls}::after")
    ink = cost.get("color", rules[".ms-cost"]["color"])
    if after is None:
        return Style(before, None, cost.get("background-color", rules[".ms-cost"]["background-color"]), None, ink)
    names = rules[".ms"]  # the colours --ms-mana-w … are declared on .ms
    split = {"--ms-split-top": "var(--ms-mana-c)", "--ms-split-bottom": "var(--ms-mana-u)", **cost}

    def colour(var: str) -> str:
        return names[re.fullmatch(r"var\((--[-\w]+)\)", split[var]).group(1)]  # type: ignore[union-attr]

    return Style(before, after, colour("--ms-split-top"), colour("--ms-split-bottom"), ink)


def draw_glyph(canvas: Image.Image, char: str, font: ImageFont.FreeTypeFont, centre: tuple[float, float],
               ink: str) -> None:
    """``char`` with its ink centred on ``centre``."""
    left, top, right, bottom = font.getbbox(char)
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    ImageDraw.Draw(canvas).text((x, y), char, font=font, fill=ink)


def render(style: Style, ttf: bytes) -> Image.Image:
    """One emoji, 128×128 RGBA."""
    big = SIZE * SCALE
    d = 116 * SCALE  # the circle; ms-shadow's offset (-0.06em, 0.07em) of a 1.3em circle fits beside it
    x0, y0 = 8 * SCALE, 3 * SCALE
    dx, dy = round(-0.06 / 1.3 * d), round(0.07 / 1.3 * d)
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    draw.ellipse((x0 + dx, y0 + dy, x0 + dx + d, y0 + dy + d), fill=INK)
    disc = Image.new("RGBA", (big, big), style.second or style.fill)
    if style.second is not None:  # linear-gradient(135deg, top 50%, bottom 50%): top-left half in the top colour
        ImageDraw.Draw(disc).polygon([(x0, y0), (x0 + d, y0), (x0, y0 + d)], fill=style.fill)
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).ellipse((x0, y0, x0 + d, y0 + d), fill=255)
    canvas.paste(disc, (0, 0), mask)
    cx, cy = x0 + d / 2, y0 + d / 2
    if style.after is None:
        font = ImageFont.truetype(io.BytesIO(ttf), round(d * 0.62))
        draw_glyph(canvas, style.before, font, (cx, cy), style.ink)
    else:  # the two halves' glyphs at 0.55em, top left and bottom right
        font = ImageFont.truetype(io.BytesIO(ttf), round(d * 0.36))
        draw_glyph(canvas, style.before, font, (x0 + d * 0.33, y0 + d * 0.33), style.ink)
        draw_glyph(canvas, style.after, font, (x0 + d * 0.68, y0 + d * 0.68), style.ink)
    return canvas.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def main(argv: list[str] | None = None) -> int:
    """Write every symbol's PNG; print how many and their total size."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("package", type=Path, help=f"the npm tarball {PACKAGE}")
    parser.add_argument("--out", type=Path, default=ASSET_DIR, help="folder for the PNGs (default: data/emojis)")
    args = parser.parse_args(argv)
    ttf, css = read_package(args.package)
    rules = css_rules(css)
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for body in SYMBOLS:
        image = render(style_of(rules, body), ttf)
        path = args.out / asset_path(body).name
        # 256 colours with alpha (a palette PNG): a quarter of the bytes, no visible difference at emoji size
        image.quantize(256, method=Image.Quantize.FASTOCTREE).save(path, format="PNG", optimize=True)
        total += path.stat().st_size
    print(f"{len(SYMBOLS)} Emojis nach {args.out} geschrieben ({total / 1024:.0f} KiB).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
