"""The earlier questions analysed once for both of their readers (:class:`bot.learned.QuestionAnalyses`)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot import ranking
from bot.analysed import Analysis
from bot.analysis import Analyser
from bot.learned import QuestionAnalyses, load_learned
from bot.search import NameIndex
from bot.store import Store
from bot.weights import Weights


class _Counting:
    """An analyser that counts its calls per (text, question) and hands out a new object per call."""

    def __init__(self) -> None:
        self.calls: dict[tuple[str, bool], int] = {}

    def analyse(self, text: str, *, question: bool = False) -> object:
        self.calls[(text, question)] = self.calls.get((text, question), 0) + 1
        return object()


def test_two_readers_share_one_analysis_of_each_question_then_drop_it():
    inner = _Counting()
    shared = QuestionAnalyses(inner, readers=2)  # type: ignore[arg-type]
    first = shared.analyse("wer gewinnt die fehde", question=True)
    assert shared.analyse("wer gewinnt die fehde", question=True) is first
    assert inner.calls[("wer gewinnt die fehde", True)] == 1
    # both readers have read it: a third reading analyses again (nothing kept for the life of the process)
    assert shared.analyse("wer gewinnt die fehde", question=True) is not first
    assert inner.calls[("wer gewinnt die fehde", True)] == 2


def test_one_reader_and_passages_are_analysed_as_always():
    inner = _Counting()
    one = QuestionAnalyses(inner, readers=1)  # type: ignore[arg-type]
    one.analyse("fehde", question=True)
    one.analyse("fehde", question=True)
    assert inner.calls[("fehde", True)] == 2
    two = QuestionAnalyses(inner, readers=2)  # type: ignore[arg-type]
    two.analyse("Ein Spieler gewinnt eine Fehde")
    two.analyse("Ein Spieler gewinnt eine Fehde")
    assert inner.calls[("Ein Spieler gewinnt eine Fehde", False)] == 2


async def test_the_warm_up_analyses_each_earlier_question_once(store: Store, monkeypatch: pytest.MonkeyPatch):
    """With the shipped weights (``earlier`` and ``transl`` on, docs/ranking.md ⁴⁷ ⁶⁶) the warm-up analyses each
    question text of the earlier questions (data/prior_questions.tsv: 1 398 tuning questions) once: for the index
    alone when the store holds the translation table (bot/importer/transl_table.py; nothing kept for a second
    reader), for both readers when the table is learned, and the table learned through the shared analyses is the
    one of ⁶⁶ („Token“ → „Spielstein“ first)."""
    calls: Counter[str] = Counter()
    analyse = Analyser.analyse

    def counting(self: Analyser, text: str, *, question: bool = False) -> Analysis:
        if question:
            calls[text] += 1
        return analyse(self, text, question=question)

    monkeypatch.setattr(Analyser, "analyse", counting)
    w = Weights()
    assert (w.earlier or w.prior) and w.transl
    loaded = await ranking._load(store, None)
    loaded.warm(NameIndex.from_entries(await store.name_entries()))
    assert loaded.prior is not None and loaded.prior.analysed and loaded.translations is not None
    assert loaded.translations.stored and loaded.prior._analyser._kept == {}  # type: ignore[attr-defined]
    assert len(calls) > 1000 and max(calls.values()) == 1
    calls.clear()
    prior, learned = await load_learned(store, loaded.analyser, w, stored=False)
    assert prior is not None and learned is not None and not learned.stored
    prior.by_key  # noqa: B018 - analysed at its first read
    assert learned.table["tok"][0][0] == "spielstein"
    assert len(calls) > 1000 and max(calls.values()) == 1
