"""The ``transl`` part cross-fitted (bot/translation.py, docs/ranking.md ⁶³): each question's translation table is
learned from the other tuning questions' (question, gold passage) pairs only, never its own nor those ranked beside
it out of fold — as ``bench/prior_folds.py`` cross-fits the ``prior`` part.

For a CV fold the counts are made from the training questions' pairs; a question of the fold reads them as they are,
a training question without its own pair (:meth:`bot.translation.Counts.table`'s ``without``), so a weight chosen on
the training questions is chosen on values made as the fold's own are. With no fold (``bench/refit.py``), each
question's table comes from all the other pairs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from prior_folds import CrossFit

from bot.ranking import Candidates, Ranker
from bot.store import Store
from bot.translation import KEEP, LEAST, SHRINK, Counts, Pair, gold_terms, question_terms, shares

if TYPE_CHECKING:  # bench_questions imports this module's importers
    from bench_questions import Question


def options(text: str) -> dict[str, float]:
    """The table's options from ``--transl``'s ``keep=10,least=2,shrink=2,stage=0`` (any left out: the module's
    default; ``stage=1``: the values added to the ``prior`` values the ``earlier`` stage swaps siblings by, the
    ``transl`` part left empty)."""
    out: dict[str, float] = {"keep": KEEP, "least": LEAST, "shrink": SHRINK, "stage": 0}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in out:
            raise ValueError(f"unknown option of the translation table: {name!r}")
        out[name] = float(value)
    return out


class TranslFit:
    """``inner``'s candidates (the ``prior`` part cross-fitted) with the ``transl`` part cross-fitted too
    (:meth:`fold`); ``pairs`` None: as ``inner`` gives them (the part off)."""

    def __init__(self, r: Ranker, inner: CrossFit, pairs: Sequence[Pair] | None, settings: dict[str, float]) -> None:
        self.inner, self.cands, self.pairs, self.settings = inner, inner.cands, pairs, settings
        self.words = [r.question_words(c.analysis) for c in inner.cands] if pairs is not None else []

    def fold(self, held: Collection[int]) -> Sequence[Candidates]:
        """The candidates of ``inner.fold(held)`` with each question's ``transl`` part from the pairs of the
        questions not in ``held`` and, for a question not in ``held``, not its own."""
        cands = self.inner.fold(held)
        if self.pairs is None:
            return cands
        held = set(held)
        counts = Counts(p for i, p in enumerate(self.pairs) if i not in held and p.gold)
        keep, least, shrink = int(self.settings["keep"]), int(self.settings["least"]), self.settings["shrink"]
        out = []
        for i, c in enumerate(cands):
            pair = self.pairs[i]
            own = None if i in held or not pair.gold else pair
            table = counts.table(question_terms(pair.words), own, shrink=shrink, least=least, keep=keep)
            values = shares(self.words[i], table, c.records) if c.analysis.terms else {}
            if self.settings["stage"]:  # the earlier stage reads them beside the earlier questions' shares
                prior = {pid: c.prior.get(pid, 0.0) + values.get(pid, 0.0) for pid in {*c.prior, *values}}
                out.append(replace(c, prior=prior))
            else:
                out.append(replace(c, transl=values))
        return out


async def transl_fit(r: Ranker, store: Store, inner: CrossFit, questions: Sequence[Question], how: str) -> TranslFit:
    """The :class:`TranslFit` of ``questions`` for the benches' ``--transl`` option: ``none`` leaves the part off,
    else the table's options (:func:`options`; ``on`` for the defaults)."""
    if how == "none":
        return TranslFit(r, inner, None, {})
    terms = await gold_terms(store, {k for q in questions for k in q.gold})  # as the bot reads them
    pairs = []
    for q, c in zip(questions, inner.cands, strict=True):
        words = tuple(c.analysis.groups or [(t,) for t in c.analysis.terms])
        pairs.append(Pair(q.id, words, frozenset().union(*(terms.get(k, frozenset()) for k in q.gold))))
    return TranslFit(r, inner, pairs, options("" if how == "on" else how))


__all__ = ["TranslFit", "options", "transl_fit"]
