"""The kinds of a cross-validation's near misses: of the out-of-fold misses whose gold is second or third, how many
the question asks an order, a polarity, a count, a person or a yes/no, each split by whether the first hit is a
passage of the gold's own card or mechanics section (the logic stage's room: it swaps siblings only) or not.

Reads ``bench/weight_methods.py --misses PARTS`` output (``    miss ID gold KEY… «text» rank N: got KEY KEY KEY``;
only the first method's block unless ``--method`` names another) and the store's places of the keys
(:func:`same_place_misses.place`). A question's kinds are read from its folded tokens (:func:`bot.text.canonical`):

* ``order``: it asks who or what comes first or after („wer legt zuerst …“, „vorher“, „danach“, „reihenfolge“);
* ``polarity``: it negates („nicht“, „nie“, „not“) — the answer is a „kann nicht“ or „darf nicht“;
* ``count``: it asks how many („wie viele“, „wie oft“, „anzahl“, „zweimal“, „eine Karte“) or holds a digit;
* ``who``: it asks for a person („wer“, „wem“);
* ``yes/no``: it holds no question word (``wer``, ``was``, ``wie``, ``wann``, ``wo``, ``welche`` …);
* ``other``: none of these.

A question may be of several kinds (each counted), so the kinds' rows add up to more than the misses.

Run: ``.venv/bin/python bench/miss_kinds.py MISSES.txt [--db data/regelbot.sqlite3] [--method NAME] [--list]``.
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from same_place_misses import place  # noqa: E402

from bot.text import canonical, tokens  # noqa: E402

#: ``bench/weight_methods.py --misses``: one line a miss, with the question's text.
_MISS = re.compile(r"^\s+miss (\S+) gold (.+?) «(.*)» rank (\S+): got ?(.*)$")
#: A method's first row (``METHOD: union …``).
_ROW = re.compile(r"^(\S+): union ")

def _folded(listed: str) -> frozenset[str]:
    """The words of ``listed`` (separated by spaces; a phrase's by ``_``) folded as the question's tokens are."""
    return frozenset(canonical(w).replace("_", " ") for w in listed.split())


#: Kind → the folded question words that ask it (a phrase's words joined by a space).
KINDS: dict[str, frozenset[str]] = {
    "order": _folded("zuerst erst erste ersten erster erstes vorher davor danach nachher bevor nachdem reihenfolge "
                       "zuletzt letzte letzten spater fruher first before after order"),
    "polarity": _folded("nicht nie niemals not never cannot cant"),
    "count": _folded("wieviel wieviele wie_viel wie_viele wie_oft anzahl mal einmal zweimal dreimal doppelt how_many "
                       "count eine_karte zwei_karten"),
    "who": _folded("wer wem wen wessen who whom whose"),
}
#: Question words: a question with none of them asks yes or no.
WH = _folded("wer wem wen wessen was wie wann wo woher wohin welche welcher welches welchen warum wieso weshalb "
               "wieviel wieviele who what how when where which why")


def kinds(text: str) -> list[str]:
    """The kinds (:data:`KINDS`, ``yes/no``, else ``other``) the question ``text`` asks, in the table's order."""
    words = [canonical(t) for t in tokens(text)]
    held = set(words) | {f"{a} {b}" for a, b in pairwise(words)}
    found = [k for k, asking in KINDS.items() if not asking.isdisjoint(held) or (k == "count" and any(
        w.isdigit() for w in words))]
    if WH.isdisjoint(words):
        found.append("yes/no")
    return found or ["other"]


def main() -> None:
    """Read the misses of one method, look their keys up, print the counts by kind."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("misses", type=Path, help="the output of bench/weight_methods.py --misses")
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--method", default="", help="the method whose misses are read (the first by default)")
    parser.add_argument("--list", action="store_true", help="also one line a near miss")
    args = parser.parse_args()
    db = sqlite3.connect(args.db)
    where = {k: (d, c, m) for k, d, c, m in db.execute("SELECT key, document_id, card_id, mechanic_id FROM passages")}
    method, reading, seen, counts = args.method, False, 0, Counter[tuple[str, str]]()
    for line in args.misses.read_text(encoding="utf-8").splitlines():
        if m := _ROW.match(line):
            method = method or m[1]  # the first method's block unless --method names one
            reading = m[1] == method
            continue
        m = _MISS.match(line)
        if not m or not reading or not m[4].isdigit() or int(m[4]) > 3:
            continue
        seen += 1
        got = m[5].split()
        at = place(where.get(got[0]) if got else None, [where.get(k) for k in m[2].split()])
        same = "same" if at in ("card", "section") else "other"
        for k in kinds(m[3]):
            counts[k, same] += 1
        if args.list:
            print(f"{m[1]} rank {m[4]} {same} {','.join(kinds(m[3]))}: {m[3][:90]}")
    print(f"{method}: misses with the gold 2nd or 3rd {seen}")
    for k in (*KINDS, "yes/no", "other"):
        print(f"{k:9} {counts[k, 'same'] + counts[k, 'other']:4}  (same card or section {counts[k, 'same']}, "
              f"other {counts[k, 'other']})")


if __name__ == "__main__":
    sys.exit(main())
