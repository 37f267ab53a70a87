"""``/frage``'s hedge („⚖️ Keine Stelle passt eindeutig …“) as a 2×2 table: right / wrong first answer × hedged / not,
with the precision and recall of „hedged ⇔ wrong“, before and after the decision of
:func:`bot.answers.hedge_signals.hedges` (never the order: the ranking is the shipped one).

The tuning parts are ranked out of fold as ``bench/hedge_cv.py`` ranks them, with the shipped weights: the ``prior``
and ``transl`` parts cross-fitted (``bench/transl_folds.py``), so a question never reads its own earlier asking.
The decision's settings (:class:`bot.answers.hedge_signals.Confidence`) are chosen by K-fold CV of the decision
alone: per fold, on the other folds' answers, among the settings of :data:`GRID` that leave no more wrong answers
unhedged than the hedge before, the one hedging the fewest right answers (ties: fewer wrong unhedged, then the nearest
to the shipped settings, :func:`choose`); scored on the fold left out and summed. The measured settings
(:data:`bot.answers.hedge_signals.CONFIDENCE`, left off in ``/frage``) are scored on every question too.
``--validation`` adds the validation part's summary rows only (its 2×2 counts, ranked by the bot's ranker: its questions
are in no file of earlier questions); no question of it is printed.

The rows „in sample“ count the settings :func:`choose` picks on every answer (what ``/frage`` would use); the
validation rows count them too. ``--save FILE`` keeps the out-of-fold answers (pickle), ``--load FILE`` reads them
instead of ranking again (the same parts and k; seconds instead of minutes).

Run: ``.venv/bin/python bench/hedge_table.py [--k 5] [--db STORE] [--validation] [--save FILE | --load FILE]``
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import pickle
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import Question, load_part  # noqa: E402
from cv_misses import cv_arguments, opened  # noqa: E402
from question_cv import DEPTH, rank_of  # noqa: E402
from transl_folds import cross_fitted, out_of_fold  # noqa: E402
from weight_methods import gathered  # noqa: E402

from bot.answers.frage_search import frage_search  # noqa: E402
from bot.answers.hedge_signals import CONFIDENCE, Confidence  # noqa: E402
from bot.answers.questions import verdict_line  # noqa: E402
from bot.answers.registry import AnswerContext  # noqa: E402
from bot.answers.today_index import today_index  # noqa: E402
from bot.answers.unknown_notes import Notes, question_notes  # noqa: E402
from bot.ranking import Ranked, Ranker, ranker  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402

#: The slacks of :func:`choose` whose CV rows are printed.
SLACKS = (0, 1, 2, 3)
#: The settings tried per fold: every combination of these values of :class:`Confidence`'s fields.
GRID: dict[str, tuple[float, ...]] = {
    "lead": (0.25, 0.5, 1.0, 1.5, 2.0, 99.0),  # 99: no lead is decided
    "thin": (0.0, 0.3, 0.35, 0.4, 0.45, 0.5),  # 0: no lead is thin
    "notes": (0.0, 1.0),
    "alone": (0.0, 1.0),  # 0: the notes hedge only an unclear or thin lead
}


@dataclass
class Answer:
    """One question's first answer: right or not, ``/frage``'s hedge before (its verdict line), the ranking, notes
    and ranker the decision reads."""

    right: bool
    before: bool
    ranked: Ranked
    notes: Notes
    r: Ranker


def hedged(a: Answer, c: Confidence) -> bool:
    """``/frage``'s hedge of ``a`` with the settings ``c`` (:func:`bot.answers.questions.verdict_line`)."""
    return bool(verdict_line(a.ranked, a.r, a.notes, confidence=c))


def table(answers: Sequence[Answer], hedge: Callable[[Answer], bool]) -> tuple[int, int, int, int]:
    """(right hedged, right unhedged, wrong hedged, wrong unhedged)."""
    flags = [(a.right, hedge(a)) for a in answers]
    return (sum(r and h for r, h in flags), sum(r and not h for r, h in flags),
            sum(not r and h for r, h in flags), sum(not r and not h for r, h in flags))


def row(label: str, cells: tuple[int, int, int, int]) -> str:
    """One row: the four counts, precision and recall of „hedged ⇔ wrong“."""
    rh, ru, wh, wu = cells
    precision = wh / (rh + wh) if rh + wh else 0.0
    recall = wh / (wh + wu) if wh + wu else 0.0
    return f"| {label} | {rh} | {ru} | {wh} | {wu} | {100 * precision:.1f} % | {100 * recall:.1f} % |"


HEAD = ("| hedge by | right, hedged | right, not | wrong, hedged | wrong, not (confidently wrong) | precision "
        "(hedged ⇔ wrong) | recall |\n|---|---|---|---|---|---|---|")


def settings() -> list[Confidence]:
    """Every combination of :data:`GRID`."""
    return [Confidence(lead, thin, bool(notes), bool(alone))
            for lead, thin, notes, alone in itertools.product(*GRID.values())]


def choose(answers: Sequence[Answer], grid: Sequence[Confidence], slack: int = 0) -> Confidence:
    """The settings of ``grid`` that leave at least ``slack`` fewer of ``answers``' wrong answers unhedged than the
    hedge before and hedge the fewest right ones; ties by fewer wrong unhedged, then the nearest to
    :data:`CONFIDENCE`. A slack keeps room for the fold left out: chosen at the training folds' count exactly, one
    more wrong answer went unhedged out of fold (docs/ranking.md ⁷⁶)."""
    limit = table(answers, lambda a: a.before)[3] - slack
    best: tuple[tuple[int, int, float], Confidence] | None = None
    for c in grid:
        rh, _ru, _wh, wu = table(answers, lambda a, c=c: hedged(a, c))
        if wu > limit:
            continue
        near = sum(abs(x - y) for x, y in zip(vars(c).values(), vars(CONFIDENCE).values(), strict=True))
        key = (rh, wu, near)
        if best is None or key < best[0]:
            best = (key, c)
    return best[1] if best is not None else CONFIDENCE


async def answer(store: Store, r: Ranker, names: NameIndex, ranked: Ranked, q: Question, shown: frozenset[str]
                 ) -> Answer:
    """``q``'s answer from its ranking ``ranked`` (the notes read as ``/frage`` reads them)."""
    cards = [x for x in [await store.card(i) for i in dict.fromkeys(ranked.cards)] if x is not None]
    notes = await question_notes(ranked.analysis, r.term_weights, cards, names, q.text, shown, store=store)
    a = Answer(rank_of(ranked, q.gold) == 1, False, ranked, notes, r)
    a.before = bool(verdict_line(ranked, r, notes, confidence=None))
    return a


#: The folds of a CV: per fold the indices left out and the indices trained on.
Folds = list[tuple[list[int], list[int]]]


def label(c: Confidence) -> str:
    """``c`` as ``lead/thin/notes/alone``."""
    return f"{c.lead:g}/{c.thin:g}/{c.notes}/{c.alone}"


def cv_rows(answers: Sequence[Answer | None], folds: Folds) -> tuple[list[str], list[Confidence]]:
    """Per slack of :data:`SLACKS` the CV row (settings chosen on the other folds, counted on the fold left out,
    summed) and the settings :func:`choose` picks on every answer (what ``/frage`` would ship)."""
    grid = settings()
    rows, whole = [], []
    every = [a for a in answers if a is not None and a.ranked.hits]
    for slack in SLACKS:
        out, picked = [0, 0, 0, 0], []
        for fold, train in folds:
            c = choose([a for i in train if (a := answers[i]) is not None and a.ranked.hits], grid, slack)
            picked.append(c)
            cells = table([a for i in fold if (a := answers[i]) is not None and a.ranked.hits],
                          lambda a, c=c: hedged(a, c))
            out = [x + n for x, n in zip(out, cells, strict=True)]
        each = ", ".join(label(c) for c in picked)
        rows.append(row(f"after, chosen per fold (CV), slack {slack}: {each}", (out[0], out[1], out[2], out[3])))
        whole.append(choose(every, grid, slack))
    return rows, whole


async def ranked_out_of_fold(args: argparse.Namespace, store: Store, names: NameIndex, r: Ranker,
                             questions: Sequence[Question]) -> tuple[list[Answer | None], Folds]:
    """Every question's answer ranked out of fold and the folds (indices left out, indices trained on); read from
    ``args.load`` when given (a ``--save`` of the same parts and k), else ranked (and kept in ``args.save``)."""
    if args.load:
        kept = pickle.loads(args.load.read_bytes())
        loaded = [None if k is None else Answer(k[1], k[2], k[3], k[4], r) for k in kept["answers"]]
        return loaded, kept["folds"]
    shown = frozenset((await today_index(store)).words)
    cands = await gathered(r, store, questions, names)
    fit = await cross_fitted(r, store, cands, questions)
    answers: list[Answer | None] = [None] * len(questions)
    folds = []
    for fold, train, fc in out_of_fold(fit, args.k, [q.part for q in questions]):
        for i in fold:
            answers[i] = await answer(store, r, names, r.rank(fc[i], limit=DEPTH), questions[i], shown)
        folds.append((fold, train))
    if args.save:
        kept = [None if a is None else (q.id, a.right, a.before, a.ranked, a.notes)
                for q, a in zip(questions, answers, strict=True)]
        args.save.write_bytes(pickle.dumps({"answers": kept, "folds": folds}))
    return answers, folds


async def validation_rows(store: Store, names: NameIndex, whole: Sequence[Confidence]) -> None:
    """Print the validation part's 2×2 rows (summary only: never a question of it): before, the measured settings
    and each slack's settings chosen on every tuning answer."""
    held_out = load_part("validation")
    bot = await ranker(store)
    shown = frozenset((await today_index(store)).words)
    ctx = AnswerContext(store, names)
    found = [await answer(store, bot, names, (await frage_search(ctx, bot, q.text, DEPTH)).found, q, shown)
             for q in held_out]
    found = [a for a in found if a.ranked.hits]
    print(f"\nvalidation: {len(found)} answers ({len(held_out)} questions)\n{HEAD}")
    print(row("before", table(found, lambda a: a.before)))
    print(row(f"after, measured settings {label(CONFIDENCE)}", table(found, lambda a: hedged(a, CONFIDENCE))))
    for slack, c in zip(SLACKS, whole, strict=True):
        print(row(f"after, slack {slack}'s settings {label(c)}", table(found, lambda a, c=c: hedged(a, c))))


async def main() -> None:
    """Rank the tuning parts out of fold, choose the decision per fold, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cv_arguments(parser)
    parser.add_argument("--validation", action="store_true", help="the validation part's summary rows too")
    parser.add_argument("--save", type=Path, default=None, help="pickle of the out-of-fold answers (for --load)")
    parser.add_argument("--load", type=Path, default=None, help="the answers of an earlier --save, not ranked again")
    args = parser.parse_args()
    chosen, questions, store, names, r = await opened(parser, args.parts, args.db)
    answers, folds = await ranked_out_of_fold(args, store, names, r, questions)
    done = [a for a in answers if a is not None and a.ranked.hits]
    rows, whole = cv_rows(answers, folds)
    print(f"{', '.join(chosen)}: {len(done)} answers ({len(questions)} questions), {args.k} folds; settings "
          "lead/thin/notes/alone")
    print(HEAD)
    print(row("before (`verdict_line`, `confidence=None`)", table(done, lambda a: a.before)))
    print(row(f"after, measured settings {label(CONFIDENCE)}", table(done, lambda a: hedged(a, CONFIDENCE))))
    print("\n".join(rows))
    for slack, c in zip(SLACKS, whole, strict=True):
        print(row(f"in sample, slack {slack}'s settings chosen on every answer: {label(c)}",
                  table(done, lambda a, c=c: hedged(a, c))))
    if args.validation:
        await validation_rows(store, names, whole)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
