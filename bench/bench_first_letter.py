"""The rule on an extra first letter in autocomplete's fuzzy word matching (:func:`bot.fuzzyvocab.first_letter_extra`):
what it changes over the card names' words of a store, and that one real slip inside a typed start still finds its
word.

Over every start of the names' words (the texts :meth:`bot.fuzzyvocab.FuzzyVocabulary.prepare_tables` tables, 3 to
40 letters, typed last) it compares the similar words with the rule and without it (the rule switched off in a
second vocabulary) and prints how many starts offer other words, how many words they drop, and examples. Then for
every start of 4 to 7 letters of every word (the lengths a cut-off of 75 lets one letter differ in) it makes each
slip inside it (a letter put in, dropped, changed or two neighbours swapped, never at the first letter) and counts
the slipped starts whose word is still offered, with the rule and without. Last, the time of a table's making and
of a look-up outside the tables (a typo), both ways.

    python bench/bench_first_letter.py [--db data/regelbot.sqlite3]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot import fuzzyvocab  # noqa: E402
from bot.fuzzyvocab import CUT_MAX, TABLE_MIN, FuzzyVocabulary  # noqa: E402

CUTOFF = 75.0


def names_words(db: Path) -> list[str]:
    """The names' vocabulary of the store ``db`` (table ``name_vocab``), sorted as the index sorts it."""
    with sqlite3.connect(db) as conn:
        return sorted(w for (w,) in conn.execute("SELECT word FROM name_vocab"))


def vocabulary(words: list[str], rule: bool) -> tuple[FuzzyVocabulary, float]:
    """A vocabulary of ``words`` with its tables made (the rule on or off) and the seconds that took."""
    with mock.patch.object(fuzzyvocab, "first_letter_extra", fuzzyvocab.first_letter_extra if rule else
                           (lambda word, cut: False)):
        v = FuzzyVocabulary(words)
        start = time.perf_counter()
        v.prepare_tables(CUTOFF)
        return v, time.perf_counter() - start


def slips(start: str) -> set[str]:
    """Every start one slip from ``start`` that keeps its first letter: a letter put in, dropped or changed, or two
    neighbours swapped, at or after the second letter."""
    letters = "abcdefghijklmnopqrstuvwxyzäöüß"
    out = {start[:i] + c + start[i:] for i in range(1, len(start) + 1) for c in letters}
    out |= {start[:i] + start[i + 1:] for i in range(1, len(start))}
    out |= {start[:i] + c + start[i + 1:] for i in range(1, len(start)) for c in letters}
    out |= {start[:i] + start[i + 1] + start[i] + start[i + 2:] for i in range(1, len(start) - 1)}
    return {s for s in out if s != start and len(s) >= TABLE_MIN}


def main() -> None:
    """Print the figures (see the module doc)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    words = names_words(parser.parse_args().db)
    new, new_s = vocabulary(words, True)
    old, old_s = vocabulary(words, False)
    starts = sorted({w[:end] for w in words for end in range(TABLE_MIN, min(len(w), CUT_MAX) + 1)})
    changed = [(s, sorted(set(old.similar(s, True, CUTOFF)) - set(new.similar(s, True, CUTOFF)))) for s in starts]
    changed = [(s, lost) for s, lost in changed if lost]
    print(f"names' words: {len(words)}; typed starts: {len(starts)}")
    print(f"starts offering other words with the rule: {len(changed)} ({100 * len(changed) / len(starts):.1f} %), "
          f"words dropped in all: {sum(len(lost) for _s, lost in changed)}")
    for s, lost in changed[:12]:
        print(f"  {s!r}: no longer {lost}")
    found = {True: 0, False: 0}
    total = 0
    missed: list[tuple[str, str]] = []
    for w in words:
        for end in range(4, min(len(w), 7) + 1):
            for typed in slips(w[:end]):
                total += 1
                for rule, v in ((True, new), (False, old)):
                    if w in v.similar(typed, True, CUTOFF):
                        found[rule] += 1
                    elif rule and w in old.similar(typed, True, CUTOFF):
                        missed.append((typed, w))
    print(f"slipped starts (one slip, not at the first letter, 4-7 letters): {total}; their word offered with the "
          f"rule {found[True]}, without {found[False]}; lost by the rule: {len(missed)}")
    for typed, w in missed[:12]:
        print(f"  {typed!r} no longer finds {w!r}")
    typo = [s[:1] + "q" + s[1:] for s in starts[:: max(1, len(starts) // 500)]]
    for label, v in (("rule", new), ("no rule", old)):
        start = time.perf_counter()
        for t in typo:
            v.similar(t, True, CUTOFF)
        per = (time.perf_counter() - start) / len(typo) * 1e6
        made = new_s if label == "rule" else old_s
        print(f"{label}: tables made in {made * 1000:.1f} ms; a typo outside the tables {per:.1f} µs per look-up "
              f"({len(typo)} typos)")


if __name__ == "__main__":
    main()
