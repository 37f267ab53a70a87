"""``/frage``'s hedge („⚖️ Keine Stelle passt eindeutig …“) measured out of fold on the tuning parts (never the
held-out parts).

Each question is ranked as ``bench/weight_methods.py`` ranks it: with the weights a method (by default the shipped
one, ``bench/refit.py``'s :data:`refit.METHOD`) makes on the other folds, its ``prior`` feature cross-fitted
(``bench/prior_folds.py``), and with the hedge's settings (``margin``, ``near``, ``covered``) chosen on the other folds
(:func:`question_cv.choose_margin`) or fixed (``--fixed``). Then the hedge is read as ``/frage`` reads it
(:func:`bot.answers.questions.verdict_line`): the off-topic line, an unclear ranking unless a mechanic's definition
leads, a question's notes (:func:`bot.answers.unknown_notes.question_notes`), a hollow lead
(:func:`bot.answers.hollow.hollow_lead`), and the hedge signals of :mod:`bot.answers.hedge_signals` each added
alone and together. Per rule one row: answers hedged, hit@1 among the unhedged and the hedged answers, the unhedged
wrong answers; ``--list`` prints those wrong answers (question, gold's rank, first and second hit), ``--newly`` the
answers a signal newly hedges, ``--dump FILE`` each answer's hedge inputs as JSON lines. The hedge never changes the
order: hit@1 / hit@3 are the ranking's.

Run: ``.venv/bin/python bench/hedge_cv.py [--k 5] [--db STORE] [--parts tuning,tuning2,tuning3] [--method M]
[--weights FILE] [--fixed 3.5,0.5,0.9] [--precision 0.96] [--list] [--newly] [--dump FILE]`` (``--precision``: the
share of clear answers that must be right on the training folds, :data:`question_cv.CLEAR_PRECISION`; ``--weights
FILE``: the weights
each fold's method made, kept in ``FILE`` (pickle) and read from it when it is there, so a second run skips the
ascents: 4–8 minutes on a loaded machine).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pickle
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import question_cv  # noqa: E402
from cv_misses import cv_arguments, opened  # noqa: E402
from question_cv import DEPTH, choose_margin, rank_of  # noqa: E402
from refit import METHOD  # noqa: E402
from transl_folds import cross_fitted, out_of_fold  # noqa: E402
from weight_methods import gathered, make  # noqa: E402

from bot.answers import hollow  # noqa: E402
from bot.answers.hedge_signals import SIGNALS  # noqa: E402
from bot.answers.hollow import defined_lead, hollow_lead  # noqa: E402
from bot.answers.off_topic import off_topic  # noqa: E402
from bot.answers.questions import verdict_line  # noqa: E402
from bot.answers.today_index import today_index  # noqa: E402
from bot.answers.unknown_notes import Notes, question_notes  # noqa: E402
from bot.ranking import Ranked, Ranker, Weights  # noqa: E402


@dataclass
class Answer:
    """One question ranked out of fold: its ranking (the fold's weights and hedge), its notes, its gold passages'
    keys and their first rank (None: not among the first :data:`question_cv.DEPTH`), the ranker of its fold."""

    qid: str
    text: str
    ranked: Ranked
    notes: Notes
    gold: tuple[str, ...]
    rank: int | None
    r: Ranker


def hedged(a: Answer, signals: Sequence[Callable[[Ranked, Ranker], bool]] = ()) -> bool:
    """True when ``/frage`` hedges ``a`` with ``signals`` (of :data:`bot.answers.hedge_signals.SIGNALS`) as
    :func:`bot.answers.questions.verdict_line` reads them; none: the hedge before them. The off-topic line counts
    as a hedge (it offers no answer)."""
    found, r, notes = a.ranked, a.r, a.notes
    if off_topic(found, r, notes.meant):
        return True
    unclear = not defined_lead(found) and (not found.clear or any(s(found, r) for s in signals))
    return unclear or notes.hedge or hollow_lead(found, r, notes.meant)


def shipped_hedge(a: Answer) -> bool:
    """True when ``/frage`` hedged ``a`` before the signals of :mod:`bot.answers.hedge_signals`."""
    return hedged(a)


def frage_hedge(a: Answer) -> bool:
    """True when ``/frage`` hedges ``a`` as it does now (:func:`bot.answers.questions.verdict_line`)."""
    return bool(verdict_line(a.ranked, a.r, a.notes))


def frage_hedge_before_unasked(a: Answer) -> bool:
    """:func:`frage_hedge` without :func:`bot.answers.asked_words.unasked_lead` (docs/ranking.md ¹⁵⁸): the row it is
    measured against."""
    saved = hollow.unasked_lead
    hollow.unasked_lead = lambda *_: False  # empty_lead reads the module's name at each call
    try:
        return frage_hedge(a)
    finally:
        hollow.unasked_lead = saved


def cells(answers: Sequence[Answer], hedge: Callable[[Answer], bool]) -> str:
    """Table cells: answers hedged, hit@1 unhedged, hit@1 hedged, unhedged wrong."""
    flags = [(hedge(a), a.rank == 1) for a in answers if a.ranked.hits]
    plain = [ok for h, ok in flags if not h]
    held = [ok for h, ok in flags if h]

    def share(xs: list[bool]) -> str:
        return f"{100 * sum(xs) / len(xs):.1f} % ({sum(xs)}/{len(xs)})" if xs else "–"

    n = max(len(flags), 1)
    return f"{100 * len(held) / n:.1f} % | {share(plain)} | {share(held)} | {len(plain) - sum(plain)}"


def _hit(a: Answer, i: int) -> str:
    hits = a.ranked.hits
    if len(hits) <= i:
        return "–"
    h = hits[i]
    return f"{h.passage.key} [{h.passage.kind}] {h.score:.2f} «{h.passage.title[:28]}» {h.passage.text[:90]!r}"


def facts(a: Answer) -> dict[str, object]:
    """What the hedge may read of ``a`` (for ``--dump``): gold rank, the shipped hedge, the first three hits' keys,
    kinds, cards, sections, scores and parts, the question's named cards."""
    hits = a.ranked.hits[:3]
    w = a.r.weights
    return {"qid": a.qid, "text": a.text, "rank": a.rank, "hedged": shipped_hedge(a), "now": frage_hedge(a),
            "clear": a.ranked.clear, "cards": a.ranked.cards, "hedge": [w.margin, w.near, w.covered],
            "coverage": w.coverage, "held": hits[0].parts.get("coverage", 0.0) / w.coverage if hits else 0.0,
            "hits": [{"key": h.passage.key, "kind": h.passage.kind, "card": h.passage.card_id,
                      "section": h.passage.mechanic_id, "score": h.score, "parts": h.parts} for h in hits]}


def listing(answers: Sequence[Answer], title: str, pick: Callable[[Answer], bool]) -> None:
    """Print the answers ``pick`` selects: question, first two hits, gold's rank."""
    chosen = [a for a in answers if a.ranked.hits and pick(a)]
    print(f"\n{title}: {len(chosen)}")
    for a in chosen:
        print(f"{a.qid} rank {a.rank} cards {a.ranked.cards}: {a.text}")
        print(f"    1st {_hit(a, 0)}\n    2nd {_hit(a, 1)}")


async def main() -> None:
    """Rank every question out of fold, print the hedge rows and, when asked, the listings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cv_arguments(parser)
    parser.add_argument("--method", default=METHOD)
    parser.add_argument("--weights", type=Path, default=None, help="pickle of each fold's weights (read or written)")
    parser.add_argument("--fixed", default="", help="margin,near,covered instead of the hedge chosen per fold")
    parser.add_argument("--precision", type=float, default=question_cv.CLEAR_PRECISION)
    parser.add_argument("--list", action="store_true", help="print the unhedged wrong answers")
    parser.add_argument("--newly", action="store_true", help="print what each signal newly hedges")
    parser.add_argument("--dump", type=Path, default=None, help="JSON lines of each answer's hedge inputs")
    args = parser.parse_args()
    question_cv.CLEAR_PRECISION = args.precision
    chosen, questions, store, names, r = await opened(parser, args.parts, args.db)
    cands = await gathered(r, store, questions, names)
    golds = [q.gold for q in questions]
    fit = await cross_fitted(r, store, cands, questions)  # the prior and transl parts (bench/transl_folds.py)
    shown = (await today_index(store)).words
    notes = []
    for q, c in zip(questions, cands, strict=True):
        cards = [x for x in [await store.card(i) for i in dict.fromkeys(c.cards)] if x is not None]
        notes.append(await question_notes(c.analysis, r.term_weights, cards, names, q.text, shown, store=store))
    saved = pickle.loads(args.weights.read_bytes()) if args.weights and args.weights.is_file() else {}
    made: dict[tuple[str, str, int, int], Weights] = {}
    answers: list[Answer] = []
    hedges = []
    for n, (fold, train, fc) in enumerate(out_of_fold(fit, args.k, [q.part for q in questions])):
        w = saved.get((args.method, args.parts, args.k, n)) or make(args.method, r, fc, golds, train)
        made[(args.method, args.parts, args.k, n)] = w
        if args.fixed:
            margin, near, covered = (float(x) for x in args.fixed.split(","))
            w = replace(w, margin=margin, near=near, covered=covered)
        else:
            w = choose_margin(r.variant(weights=w), fc, golds, train)
        hedges.append(f"{w.margin:g}/{w.near:g}/{w.covered:g}")
        v = r.variant(weights=w)
        for i in fold:
            ranked = v.rank(fc[i], limit=DEPTH)
            answers.append(Answer(questions[i].id, questions[i].text, ranked, notes[i], golds[i],
                                  rank_of(ranked, golds[i]), v))
    if args.weights:
        args.weights.write_bytes(pickle.dumps({**saved, **made}))
    f = question_cv.figures([(a.ranked, a.gold) for a in answers])
    print(f"{args.method}, {args.k} folds, {', '.join(chosen)} ({len(answers)} questions); hedge per fold "
          f"(margin/near/covered): {', '.join(hedges)}; precision {args.precision}")
    print(f"hit@1 {f.hit1:.1f} %, hit@3 {f.hit3:.1f} %, MRR {f.mrr:.3f}")
    print("\n| hedge by | answers hedged | hit@1 unhedged | hit@1 hedged | unhedged wrong |\n|---|---|---|---|---|")
    print(f"| ranking alone (`clear`) | {cells(answers, lambda a: not a.ranked.clear)} |")
    print(f"| `/frage` before (margin, notes, hollow lead) | {cells(answers, shipped_hedge)} |")
    for name, signal in SIGNALS.items():
        print(f"| before + {name} | {cells(answers, lambda a, s=signal: hedged(a, [s]))} |")
    print(f"| `/frage` now without the unasked lead (¹⁵⁸) | {cells(answers, frage_hedge_before_unasked)} |")
    print(f"| `/frage` now (`verdict_line`: before + all) | {cells(answers, frage_hedge)} |")
    if args.dump:
        args.dump.write_text("".join(json.dumps(facts(a)) + "\n" for a in answers))
    if args.list:
        listing(answers, "unhedged wrong (/frage now)", lambda a: a.rank != 1 and not frage_hedge(a))
    if args.newly:
        for name, signal in SIGNALS.items():
            listing(answers, f"newly hedged by {name}",
                    lambda a, s=signal: not shipped_hedge(a) and hedged(a, [s]))
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
