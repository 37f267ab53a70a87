"""Echoing and cutting user text of Discord's largest size (6 000 characters) at grapheme boundaries: the time of
:func:`bot.reply.quote_user` (limit 100), :func:`bot.reply.one_line`, :func:`bot.text.cut` (limit 5 999) and
:func:`bot.text.clean` (which keeps a ZWJ inside an emoji sequence) for plain text and for shapes that are hard for
grapheme segmentation (a run of regional indicators, ZWJ chains, tags, marks), best and median of five, beside
plain slicing as the baseline.

Run: ``python bench/bench_graphemes.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import timed  # noqa: E402

from bot.reply import one_line, quote_user  # noqa: E402
from bot.text import clean, cut  # noqa: E402

SIZE = 6000
TEXTS = {
    "Text (ASCII)": "Wer gewinnt die Fehde? " * (SIZE // 23 + 1),
    "Flaggen-Lauf 🇩…": "🇩" * SIZE,
    "ZWJ-Familien": "👨\u200d👩\u200d👧" * (SIZE // 5),
    "ZWJ-Kette ohne Ende": "👍\u200d" * (SIZE // 2),
    "Flagge + Tags": "🏴" + "\U000e0067" * (SIZE - 1),
    "Akzente ohne Basis": "\u0301" * SIZE,
}


def main() -> None:
    head = ["quote_user", "one_line", "cut", "clean", "Slice"]
    print(f"{'Eingabe (6000 Zeichen)':24} " + " ".join(f"{h:>15}" for h in head) + "  (ms best/median)")
    for name, raw in TEXTS.items():
        text = raw[:SIZE]
        cells = [timed(lambda t=text: quote_user(t, 100)), timed(lambda t=text: one_line(t)),
                 timed(lambda t=text: cut(t, SIZE - 1)), timed(lambda t=text: clean(t)),
                 timed(lambda t=text: t[: SIZE - 1])]
        print(f"{name:24} " + " ".join(f"{b:7.2f}/{m:<7.2f}" for b, m in cells))


if __name__ == "__main__":
    main()
