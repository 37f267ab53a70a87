"""Why the answer is missing from the first three: the out-of-fold misses of ``bench/cv_misses.py`` whose gold passage
is ranked below third or not at all, each put into one kind by what the question's analysis and the passages hold,
then the kinds counted as a table. Tuning parts only (never a held-out or the validation part).

Kinds, the first that applies (a question word is one of :attr:`bot.analysis.Analysis.words` with the terms it gave,
:meth:`bot.analysis.Analysis.word_groups`; a passage holds it when its terms or title terms hold any of them):

* ``pool``: no gold passage is among the candidates (the full-text query and the named cards' rulings found none);
* ``card not recognised``: the gold is a card's ruling or text, the question holds a term of the card's name, but the
  card is not among the cards the question names;
* ``sibling wins``: the gold's card or mechanics section is named (its title's terms among the question's, or its card
  among the named cards) and the first hit is a passage of the same card or section;
* ``unread word``: a question word that the gold does not hold gave no term any passage carries (a word form,
  compound, players' word or typo the analysis did not read as the documents' word);
* ``other words``: the first hit holds question words the gold does not, and more of them (the gold says it in other
  words: an old or new term, a paraphrase);
* ``named, other passage``: the gold's card or section is named, a passage of another card, section or document wins;
* ``order``: the gold holds as many of the question's words as the first: the features and stages order it lower.

Run: ``.venv/bin/python bench/deep_misses.py [--k 5] [--db STORE] [--parts tuning,tuning2,…,tuning6]``
(the options of ``bench/cv_misses.py``; ``--quiet`` prints the table only). Prints one line per miss (id, gold's
rank or ``-``, kind, the words no passage holds, those the first holds and the gold does not), then the table.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from cv_misses import cv_arguments, fold_arguments, opened, out_of_fold_ranked  # noqa: E402
from question_cv import DEPTH  # noqa: E402

from bot.ranking import Candidates, Ranked  # noqa: E402
from bot.store import PassageRecord  # noqa: E402

#: The kinds in the order they are tried (see the module doc).
KINDS = ("pool", "card not recognised", "sibling wins", "unread word", "other words", "named, other passage",
         "order")


def _holds(p: PassageRecord, group: tuple[str, ...]) -> bool:
    return any(t in p.terms or t in p.names for t in group)


def _same_home(a: PassageRecord, b: PassageRecord) -> bool:
    """Both passages belong to one card or one mechanics section."""
    return (a.card_id is not None and a.card_id == b.card_id) or (
        a.mechanic_id is not None and a.mechanic_id == b.mechanic_id)


def kind_of(cands: Candidates, ranked: Ranked, gold: tuple[str, ...], known: frozenset[str] | set[str]
            ) -> tuple[str, list[str], list[str]]:
    """The kind of one deep miss (:data:`KINDS`), the question's words no passage holds and the words the first hit
    holds and the gold does not. ``known``: every term some passage carries (the ranker's ``term_weights``)."""
    a = cands.analysis
    groups = list(zip(a.words, a.word_groups(), strict=False))
    unread = [w for w, g in groups if g and not any(t in known for t in g)]
    golds = [p for p in cands.records.values() if p.key in gold]
    first = ranked.hits[0].passage if ranked.hits else None
    if not golds or first is None:
        return "pool", unread, []
    g = next((h.passage for h in ranked.hits if h.passage.key in gold), golds[0])
    only_first = [w for w, grp in groups if _holds(first, grp) and not _holds(g, grp)]
    only_gold = [w for w, grp in groups if _holds(g, grp) and not _holds(first, grp)]
    title_named = not g.names.isdisjoint(a.terms)
    if g.card_id is not None and title_named and g.card_id not in cands.cards:
        return "card not recognised", unread, only_first
    named = title_named or (g.card_id is not None and g.card_id in cands.cards)
    if named and _same_home(first, g):
        return "sibling wins", unread, only_first
    if any(not _holds(g, grp) for w, grp in groups if w in unread):
        return "unread word", unread, only_first
    if only_first and len(only_first) > len(only_gold):
        return "other words", unread, only_first
    return ("named, other passage" if named else "order"), unread, only_first


async def main() -> None:
    """Rank the tuning parts out of fold, print each deep miss with its kind, then the table of kinds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cv_arguments(parser)
    fold_arguments(parser)
    parser.add_argument("--quiet", action="store_true", help="only the table")
    args = parser.parse_args()
    _, questions, store, names, r = await opened(parser, args.parts, args.db)
    _, ranked_all = await out_of_fold_ranked(r, store, names, questions, args)
    known = set(r.term_weights)
    counts: Counter[str] = Counter()
    per_part: Counter[tuple[str, str]] = Counter()
    ids: dict[str, list[str]] = {k: [] for k in KINDS}
    for i, ranked, cands in ranked_all:
        q = questions[i]
        rank = next((n for n, h in enumerate(ranked.hits, 1) if h.passage.key in q.gold), None)
        if rank is not None and rank <= 3:
            continue
        kind, unread, only_first = kind_of(cands, ranked, q.gold, known)
        counts[kind] += 1
        per_part[kind, q.part] += 1
        ids[kind].append(q.id)
        if not args.quiet:
            print(f"{q.id}\t{rank or '-'}\t{kind}\tunread {unread}\tfirst only {only_first}\t{q.text}")
    print_table(counts, per_part, ids, [q.part for q in questions])
    await store.close()


def print_table(counts: Counter[str], per_part: Counter[tuple[str, str]], ids: dict[str, list[str]],
                parts: list[str]) -> None:
    """Print the kinds' table: each kind's count, its share of the deep misses, its count in each tuning part (a
    column a part, in the order of ``parts``, one entry a question) and its questions' ids; a last row gives each
    part's deep misses as a rate of its questions."""
    total = sum(counts.values())
    names = list(dict.fromkeys(parts))
    sizes = Counter(parts)
    print(f"\nGold below third or not ranked (of {len(parts)}; ranks counted to 120, hit@3 at {DEPTH} deep):"
          f" {total}")
    print(f"{'kind':<22} {'n':>3} {'share':>6}  " + " ".join(f"{n:>8}" for n in names) + "  questions")
    for k in KINDS:
        cols = " ".join(f"{per_part[k, n]:>8}" for n in names)
        print(f"{k:<22} {counts[k]:>3} {counts[k] / max(total, 1):>6.1%}  {cols}  {' '.join(ids[k])}")
    rates = " ".join(f"{sum(per_part[k, n] for k in KINDS) / max(sizes[n], 1):>8.1%}" for n in names)
    print(f"{'rate of the part':<22} {total:>3} {total / max(len(parts), 1):>6.1%}  {rates}")


if __name__ == "__main__":
    asyncio.run(main())
