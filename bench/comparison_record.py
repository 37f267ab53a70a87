"""What :func:`bot.comparison.comparison` reads from a broad set of inputs, one line each, to diff before and after a
change to the comparison reading: the tuning parts' questions (``tests/questions/{tuning,tuning2,dev}``; never the
set-aside ones), the inputs of an ``--inputs`` file (one Python string literal a line, e.g. recorded from the
tests), and generated ones: two to five names alone and in every frame and joiner, with typos, full card names with
commas, emoji, markup, long garbage words. Each input is read two ways: without the store (as ``/frage``'s
refusal reads it), with what a text names (``things``) and with the kind of a name (``named``), as
:func:`bot.answers.compared.read_sides` reads it.

    .venv/bin/python bench/comparison_record.py [--db STORE] [--inputs FILE] > before.txt
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import itertools
import sys
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_questions import load_part

from bot.answers.compared import named_by, things_of
from bot.comparison import Comparison, comparison
from bot.config import DEFAULT_DB
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store

#: Names the generated inputs combine: mechanics, terms, cards (one with its comma), slips, a word naming nothing.
NAMES = ("spuk", "ausgraben", "Blutdurst", "pfropfen", "vorrang", "priorität", "boros rekrut", "Boros-Rekrut",
         "krims krams", "Szadek, Herr der Geheimnisse", "Razia, Boros-Erzengel", "ausgrabn", "spuk", "szadec",
         "umgewandelte manakosten", "manawert", "quarkbrot", "fehde", "erstschlag", "Circu")
#: Frames around two to four sides (``{}`` the sides joined).
FRAMES = ("{}", "was ist der unterschied zwischen {}?", "unterschied zwischen {}", "unterschid zw {}",
          "differenz zwischen {}", "{} im vergleich", "ist {} besser?", "unterschied {}")
JOINERS = (" und ", " oder ", " vs ", ", ", " ", " u ", " vs. ")
#: Odd words set in front of, between or after the sides.
ODD = ("Szadekk" * 38, "Szadekk" * 36, "x" * 300, "y" * 40, "<:tanz:123>", "**spuk**", "`code`", "🙂", "||spoiler||",
       "ä" * 70, "https://example.org", "und", "oder", "?")


def generated() -> list[str]:
    """The generated inputs (deterministic, 200 or more)."""
    out = []
    pairs = list(itertools.combinations(NAMES, 2))
    for i, (a, b) in enumerate(pairs):
        out.append(FRAMES[i % len(FRAMES)].format(JOINERS[i % len(JOINERS)].join((a, b))))
        out.append(f"{a} {b}")
    for i, trio in enumerate(itertools.combinations(NAMES[:8], 3)):
        out.append(FRAMES[i % len(FRAMES)].format(JOINERS[(i + 1) % len(JOINERS)].join(trio)))
    for n in (4, 5, 6):
        out.append(", ".join(NAMES[:n - 1]) + " oder " + NAMES[n])
        out.append(" ".join(("spuk", "ausgraben", "blutdurst", "pfropfen", "fehde", "erstschlag")[:n]))
    for odd in ODD:
        for tmpl in ("unterschied zwischen {o} und boros rekrut", "{o} {o} spuk ausgraben", "spuk {o} ausgraben",
                     "{o} oder spuk", "spuk oder {o}", "{o} vs ausgraben", "{o}"):
            out.append(tmpl.format(o=odd))
    out += [  # the frame's edges: joiners glued to a mark or a word, dots, case, the English forms
        "spuk,oder ausgraben", "spuk vs.ausgraben", "spuk vs. ausgraben", "spuk vs.. ausgraben", "spuk vs .ausgraben",
        "unterschied zwischen spuk&ausgraben", "unterschied zwischen spuk & ausgraben", "unterschied zwischen ?",
        "unterschied zwischen", "unterschied zwischen und", "unterschied zwischen spuk und", "unterschied zwischen,und",
        "oder * spuk", "oder spuk's", "oder spuk ausgraben", "oder spuk ausgraben blutdurst", "?? oder spuk!",
        "spuk oder?", "spuk oder ?", "vs", "vs.", "vs spuk", "spuk vs", "spuk vs.", "spuk versus ausgraben",
        "Regel-unterschied zwischen spuk und ausgraben", "spuk dasselbe as ausgraben", "spuk the same wie ausgraben",
        "UNTERSCHIED ZWISCHEN SPUK UND AUSGRABEN", "difference between haunt and dredge", "haunt compared to dredge",
        "spuk im vergleich mit ausgraben", "spuk im  vergleich zu ausgraben", "spuk verglichen mit ausgraben",
        "unterschied von spuk und ausgraben", "der unterschied von karten", "unterschied zwischen spuk ausgraben",
        "unterschied zwischen spuk, ausgraben und blutdurst", "unterschied zwischen spuk sowie ausgraben",
        "ist ein artefakt einfarbig oder mehrfarbig", "ist spuk oder ausgraben besser", "spuk oder ausgraben oder",
        "spuk-oder ausgraben", "spuk oder-ausgraben", "spuk _oder ausgraben", "oder", "und", "spuk und", "spuk, und",
        "unterschied", "unterschied spuk", "unterschied zwischen spuk", "unterschied  zwischen  spuk  und  ausgraben",
        "a vs b vs c", "spuk, ausgraben, blutdurst, pfropfen, fehde", "x oder y", "spuk oder ausgraben?!",
        "wie unterscheiden sich spuk und ausgraben", "spuk ausgraben?", "was ist der unterschied zwischen & spuk",
        # lists inside a side: joiners after a comma, twice, glued
        "spuk oder ausgraben und und blutdurst", "blutdurst oder spuk , und ausgraben", "blutdurst oder spuk,und fehde",
        "blutdurst oder spuk, oder, ausgraben", "spuk ,, ausgraben oder blutdurst", "spuk vs. ausgraben vs. blutdurst",
        "Szadek, Herr der Geheimnisse, Razia, Boros-Erzengel oder spuk", "spuk oder ausgraben & blutdurst",
        "spuk oder ausgraben,blutdurst", "spuk oder ausgraben sowie blutdurst", "fehde oder spuk vs ausgraben",
    ]
    out += ["spuk ausgrabn", "spuk ausgraben", "spk ausgraben", "szadec boros rekrut", "unterschied zwischen und",
            "spuk oder", "oder spuk", "vs blutdurst", "unterschied zwischen spuk und spuk", ""]
    return out


def shown(read: Comparison | None) -> str:
    """``read`` as one line: its fields that are not at their defaults (``sides`` always)."""
    if read is None:
        return "None"
    fields = [f"{k}={v!r}" for k, v in read._asdict().items() if k == "sides" or v != Comparison._field_defaults[k]]
    return f"Comparison({', '.join(fields)})"


async def main(db: Path, texts: list[str]) -> None:
    """Print each of ``texts`` with its readings."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        things = cache(things_of(await ranker(store), names))
        for text in dict.fromkeys(texts):
            print(repr(text))
            print("   bare ", shown(comparison(text)))
            print("   full ", shown(comparison(text, things, named_by(things))))
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--inputs", type=Path)
    args = parser.parse_args()
    read = [q.text for part in ("tuning", "tuning2", "dev") for q in load_part(part)]
    if args.inputs is not None:
        read += [ast.literal_eval(line) for line in args.inputs.read_text(encoding="utf-8").splitlines() if line]
    asyncio.run(main(args.db, [*read, *generated()]))
