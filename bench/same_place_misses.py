"""How many of a cross-validation's misses put a passage of the gold's own place first: the size, as a figure, of the
kind of miss where the ranking finds the right card, mechanics section or article but shows the wrong passage of it.

Reads the misses that ``bench/cv_misses.py`` prints (a question's line, its first three hits' ``   got  KEY …``
lines and its ``   gold KEY …`` line) or that ``bench/weight_methods.py --misses PARTS`` prints (``    miss ID gold
KEY… «text» rank N: got KEY KEY KEY``), looks every key up in the store and counts each miss (gold not first) by
where its first hit stands to the gold (any of its gold keys, the nearest place counted):

* ``card``: a ruling or text of the same card (card id) — „Gegengewicht 001:3070 before 001:3068“;
* ``section``: a passage of the same mechanics section, neither of a card (mechanic id) — 000's clash article is
  one section, so „000:9 before 000:24“ counts here;
* ``document``: only the same document (003's rules explanation, whose passages have no section);
* ``other``: another place; ``no gold``: a gold key the store lacks (a ``cr:`` key of a store without the CR).

Each row is split by the gold's rank (2, 3, below 3 or not ranked). Only the tuning parts' misses are ever given to
it (the benches that print them accept no other part).

Run: ``.venv/bin/python bench/same_place_misses.py MISSES.txt [--db data/regelbot.sqlite3]``.
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: ``bench/weight_methods.py --misses``: one line a miss.
_MISS = re.compile(r"^\s+miss (\S+) gold (.+?) «.*» rank (\S+): got ?(.*)$")
#: ``bench/cv_misses.py``: a question's line, then its hits' and its gold's lines.
_QUESTION = re.compile(r"^(\S+) rank (\S+) clear ")
_GOT = re.compile(r"^\s+got\s+(\S+) ")
_GOLD = re.compile(r"^\s+gold\s+(\[.*?\]|\S+)")
#: The places in the order of the nearest first.
PLACES = ("card", "section", "document", "other", "no gold")


@dataclass(frozen=True)
class Miss:
    """One miss: the question's id, the gold's rank (None: not ranked), its gold keys and its first three keys."""

    id: str
    rank: int | None
    gold: tuple[str, ...]
    got: tuple[str, ...]


def _rank(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def read_misses(lines: Iterable[str]) -> Iterator[Miss]:
    """The misses of either bench's output (see the module doc), in their order; lines of neither shape skipped."""
    current: tuple[str, int | None] | None = None
    got: list[str] = []
    for line in lines:
        if m := _MISS.match(line):
            yield Miss(m[1], _rank(m[3]), tuple(m[2].split()), tuple(m[4].split()))
        elif m := _QUESTION.match(line):
            current, got = (m[1], _rank(m[2])), []
        elif current is not None and (m := _GOT.match(line)):
            got.append(m[1])
        elif current is not None and (m := _GOLD.match(line)):
            gold = tuple(re.findall(r"'([^']+)'", m[1])) if m[1].startswith("[") else (m[1],)
            yield Miss(current[0], current[1], gold, tuple(got))
            current = None


def place(first: tuple[int | None, ...] | None, gold: Iterable[tuple[int | None, ...] | None]) -> str:
    """Where a first hit stands to the gold (see the module doc): each passage as (document id, card id, mechanic
    id), None for a key the store lacks."""
    found = [g for g in gold if g is not None]
    if first is None or not found:
        return "no gold"
    best = len(PLACES) - 2  # "other"
    for doc, card, section in found:
        if card is not None and card == first[1]:
            best = min(best, 0)
        elif card is None and first[1] is None and section is not None and section == first[2]:
            best = min(best, 1)
        elif doc is not None and doc == first[0]:
            best = min(best, 2)
    return PLACES[best]


def _depth(rank: int | None) -> str:
    return "2" if rank == 2 else "3" if rank == 3 else "below 3"


def main() -> None:
    """Read the misses, look their keys up, print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("misses", type=Path, help="the output of bench/cv_misses.py or weight_methods.py --misses")
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--list", action="store_true", help="also one line a miss of the same card or section")
    args = parser.parse_args()
    misses = list(read_misses(args.misses.read_text(encoding="utf-8").splitlines()))
    db = sqlite3.connect(args.db)
    where = {k: (d, c, m) for k, d, c, m in db.execute("SELECT key, document_id, card_id, mechanic_id FROM passages")}
    counts: Counter[tuple[str, str]] = Counter()
    for miss in misses:
        at = place(where.get(miss.got[0]) if miss.got else None, [where.get(k) for k in miss.gold])
        counts[at, _depth(miss.rank)] += 1
        if args.list and at in ("card", "section"):
            print(f"{miss.id} {at} rank {miss.rank}: first {miss.got[0]} gold {' '.join(miss.gold)}")
    print(f"misses {len(misses)}")
    for at in PLACES:
        row = {d: counts[at, d] for d in ("2", "3", "below 3")}
        total = sum(row.values())
        print(f"{at:9} {total:4}  (gold 2nd {row['2']}, 3rd {row['3']}, lower {row['below 3']})")
    same = sum(n for (at, _), n in counts.items() if at in ("card", "section"))
    print(f"same card or section: {same} of {len(misses)}")


if __name__ == "__main__":
    sys.exit(main())
