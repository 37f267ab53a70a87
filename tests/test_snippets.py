"""Excerpts of passages (bot/snippets.py): the same bytes as recorded before their question-independent part was
prepared once per text (tests/snippets/recorded.json.gz, written by ``python -m tests.snippets.record``), the
prepared analysis of every passage of the documents store equal to analysing its sentences anew, the cache bounded.
The recorded excerpts were recomputed on 2026-12-05 from the recorded cases when the choice of sentences changed to
weigh each word of the question once with its concepts, an inseparable prefix and neighbouring pairs (63 of 952),
and again at midday, when the official rules' search took the one excerpt of the searches
(:func:`bot.excerpts.excerpt`, the old ``snippet()`` removed) and a sentence ended inside a closing quote (6 search-hit
and 2 candidate excerpts of the cases changed by the split).
"""

from __future__ import annotations

import gzip
import json
import re
import weakref
from pathlib import Path

import pytest

from bot import snippets
from bot.analysis import Analyser, Analysis
from bot.excerpts import excerpt
from bot.ranking import ranker
from bot.snippets import _caches, cache_sizes, highlight, prepare, prepared, sentence_terms, sentence_words, sentences
from bot.store import Store
from bot.text import tokens as fold_tokens
from tests.snippets.record import excerpts

RECORDED = Path(__file__).resolve().parent / "snippets" / "recorded.json.gz"


async def test_excerpts_equal_the_recorded_ones(store: Store) -> None:
    """Every recorded case (a question's terms, a passage) gives the recorded excerpts, byte for byte: on the
    first answer (prepared anew) and on the next (from the cache)."""
    got = json.loads(gzip.decompress(RECORDED.read_bytes()))
    texts, cases = got["texts"], got["cases"]
    assert len(cases) > 500 and len(texts) > 300
    a = (await ranker(store)).analyser
    for round_ in ("cold", "cached"):
        for case in cases:
            analysis = Analysis(terms=list(case["terms"]), weak=list(case["weak"]), concepts=list(case["concepts"]),
                                words=list(case["words"]))
            out = excerpts(texts[case["text"]], analysis, case["weights"], a, case["query"])
            assert out == case["out"], (round_, case["query"], texts[case["text"]][:80])
    # a real excerpt: /ruling suche „Fehde“ marks the word in 000's rulings
    assert any("**Fehde**" in c["out"][0] for c in cases if c["query"] == "Fehde")


_WORD = re.compile(r"[^\W_]+")


def _highlight_anew(sentence: str, analysis: Analysis, a: Analyser) -> list[bool]:
    """Which words of ``sentence`` :func:`highlight` marks, every word's stems and concept names looked up anew."""
    lowered = [m.group(0).lower() for m in _WORD.finditer(sentence)]
    first = [a.stems(w)[0] for w in lowered]
    own = {a.stems(w)[0] for w in analysis.words}  # a question word's compound parts mark nothing
    terms = set(analysis.terms) - ({p for w in analysis.words for p in a.stems(w)[1:]} - own)
    marked = [bool(terms & set(a.stems(w))) and len(w) >= 3 for w in lowered]
    for i in range(len(lowered)):
        found, n = a.vocab.concepts_at(first, i, True)
        if n and set(analysis.concepts) & set(found):
            marked[i : i + n] = [True] * n
    return marked


async def test_prepared_analysis_equals_analysing_anew_for_every_passage(store: Store) -> None:
    """For every passage of the documents store, what an answer reads from the cache after showing it (its
    sentences, each sentence's terms and weak words; the words an excerpt marks) equals analysing the text anew."""
    a = (await ranker(store)).analyser

    _caches.pop(a, None)  # what tests before this one in the process showed (a cache only: refilled on use)
    rows = await store.fetchall("SELECT text FROM passages ORDER BY id")
    assert len(rows) > 1000
    for (text,) in rows:
        analysis = a.analyse(text[:200])  # a question made of its own words: many words and concepts to mark
        excerpt(text, analysis, a, text[:200], 300, bold=True)
        marked = highlight(text, analysis, a)
        kept = prepared(text, a)
        assert kept is prepared(text, a)  # from the cache
        parts = sentences(text)
        assert list(kept.parts) == parts, text[:80]
        anew = [a.analyse(x) for x in parts]
        assert [list(t) for t in kept.terms] == [f.terms for f in anew], text[:80]
        assert [list(w) for w in kept.weak] == [f.weak for f in anew], text[:80]
        words = [m.group(0) for m in _WORD.finditer(text)]
        bold = [w for w, on in zip(words, _highlight_anew(text, analysis, a), strict=True) if on]
        assert "".join(bold) == "".join(_WORD.findall("".join(re.findall(r"\*\*(.*?)\*\*", marked, re.S)))), text[:80]
    assert cache_sizes(a)["prepared"] == len({t for (t,) in rows})


async def test_the_cache_is_bounded(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """At most :data:`bot.snippets.CACHE_TEXTS` texts of :data:`bot.snippets.CACHE_CHARS` characters per kind are
    kept (the bounds as they are when an analyser's cache is made), the least recently used dropped; a text over
    :data:`bot.snippets.MAX_CACHED_CHARS` characters is prepared each time and not kept."""
    monkeypatch.setattr(snippets, "CACHE_TEXTS", 3)
    monkeypatch.setattr(snippets, "_caches", weakref.WeakKeyDictionary())  # caches made from now on
    a = (await ranker(store)).analyser
    texts = [f"Satz {i}. Die Fehde gewinnt niemand." for i in range(5)]
    first = prepared(texts[0], a)
    for t in texts[1:3]:
        prepared(t, a)
    assert prepared(texts[0], a) is first  # used again: now the most recent
    prepared(texts[3], a)  # drops texts[1], the least recently used
    assert cache_sizes(a)["prepared"] == 3
    assert prepared(texts[0], a) is first
    again = prepared(texts[1], a)
    assert again == prepare(texts[1], a) and prepared(texts[1], a) is again  # made anew, kept again
    long = "Die Fehde gewinnt niemand. " * (snippets.MAX_CACHED_CHARS // 20)
    assert prepared(long, a) is not prepared(long, a)
    assert excerpt(long, a.analyse("Fehde"), a, "Fehde", 550, bold=True).startswith("Die **Fehde** gewinnt niemand.")
    assert cache_sizes(a)["prepared"] == 3
    monkeypatch.setattr(snippets, "CACHE_CHARS", 2 * len(texts[0]))  # the character bound: two texts of these
    monkeypatch.setattr(snippets, "_caches", weakref.WeakKeyDictionary())
    made = [prepared(t, a) for t in texts]
    assert cache_sizes(a)["prepared"] == 2
    assert prepared(texts[4], a) is made[4] and prepared(texts[3], a) is made[3]  # the two most recent kept
    assert prepared(texts[0], a) is not made[0]


async def test_the_sentences_words_and_terms_are_kept_per_analyser_and_a_new_store_makes_its_own(
        store: Store, built_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the ranking's stages read of a passage's sentences (:func:`bot.snippets.sentence_words`: folded tokens
    and analysed terms; :func:`bot.snippets.sentence_terms`) equals reading every sentence anew, is made once per
    text and analyser, and a store opened anew (a swap) has its own ranker, analyser and cache."""
    monkeypatch.setattr(snippets, "_caches", weakref.WeakKeyDictionary())  # caches made from now on
    a = (await ranker(store)).analyser
    rows = await store.fetchall("SELECT text FROM passages ORDER BY id LIMIT 200")
    for (text,) in rows:
        parts = sentences(text)
        terms = tuple(frozenset(a.analyse(x).terms) for x in parts)
        assert sentence_terms(text, a) == terms and sentence_terms(text, a) is sentence_terms(text, a)
        words = sentence_words(text, a)
        assert words == tuple(zip((frozenset(fold_tokens(x)) for x in parts), terms, strict=True)), text[:80]
        assert sentence_words(text, a) is words
    assert any(len(sentence_words(t, a)) > 1 for (t,) in rows)
    assert cache_sizes(a)["words"] == cache_sizes(a)["terms"] == len({t for (t,) in rows})
    swapped = await Store.open(built_db)  # the bot's swap opens the new file as a store of its own
    try:
        b = (await ranker(swapped)).analyser
        text = rows[0][0]
        assert b is not a and sentence_words(text, b) == sentence_words(text, a)
        assert sentence_words(text, b) is not sentence_words(text, a) and cache_sizes(b)["words"] == 1
    finally:
        await swapped.close()


async def test_a_question_words_parts_mark_nothing(store: Store) -> None:
    """„Spielstein“ marks the words holding its stem (the ruling on Tönender Ruf, Kälteeinbruch FAQ, 2006), not those
    holding only its parts: „Spiel“, „Spieleffekte“."""
    a = (await ranker(store)).analyser
    text = ("Der Spielstein ist zwar kurzfristig 1/1 ist, aber automatische Spieleffekte werden erst wieder überprüft. "
            "Ist zum Beispiel die Nacht des Verrats der Seelen im Spiel, ist der Wolf einen Moment lang 0/0. "
            "Spielsteine und Spielstein-Marken")
    marked = highlight(text, a.analyse("Spielstein", question=True), a)
    assert re.findall(r"\*\*(.*?)\*\*", marked) == ["Spielstein", "Spielsteine", "Spielstein"]
