"""The first hits a later stage of ``/frage``'s ranking reads (bot/stage_window.py): as many document passages as on
the documents' store, the official ones ranked among them besides, and a German version lifted by the early trade
with an official rule (its ``german`` part) counted by its own score, so it pushes no document passage out of the
window (docs/ranking.md ¹⁵⁰). Passages of the documents: 001's section paragraph on Ravnica's dual lands (001:157)
and its ruling „Diese Doppelländer haben Standardlandtypen, sind aber keine Standardländer.“ (001:164), 003's
entries on Limited (003:13) and Constructed (003:11, rule 100.2a), two other rulings; the official rule 100.2a of the
Comprehensive Rules of 2026-04-17."""

from __future__ import annotations

from dataclasses import replace

from bot.answers import AnswerContext
from bot.candidates import Hit
from bot.stage_window import window

#: The document passages in the order of their scores (001:164 fifth with 10.94, 003:11 sixth with 10.79). The
#: scores are set here, not read from a ranking: the window is a pure function of the hits it is given. The real
#: store with both rules files is covered by tests/reference/test_own_statistics_reference.py
#: (test_an_official_rule_takes_no_place_of_a_later_stage: the sentence stage reads the same siblings there).
KEYS = ("001:157", "003:13", "001:2795", "001:455", "001:164", "003:11", "001:2793")
SCORES = (13.55, 12.90, 11.85, 11.18, 10.94, 10.79, 10.67)


async def _hits(ctx: AnswerContext, traded: bool) -> list[Hit]:
    """Hits of the shape the ``sentence`` stage reads on the store with the official rules (:data:`SCORES`): with
    ``traded``, 003:11 took the place and score of the official rule 100.2a it states (+0.30, its ``german`` part)
    and the rule went below."""
    hits = []
    for key, score in zip(KEYS, SCORES, strict=True):
        p = await ctx.store.passage_by_key(key)
        assert p is not None
        hits.append(Hit(p, score, {"base": score}))
    assert "keine Standardländer" in hits[4].passage.text and "Constructed" in hits[5].passage.text
    official = replace(hits[5].passage, id=-1, key="cr:100.2a", kind="cr_rule", document_id=None, number="100.2a",
                       title="Regel 100.2a", text="In constructed play, each player needs their own deck …")
    if traded:
        hits[5].parts["german"], hits[5].score = 0.30, 11.09
        hits.append(Hit(official, 6.79, {"base": 10.79, "german": -0.30, "foreign": -4.0}))
    else:
        hits.append(Hit(official, 6.79, {"base": 10.79, "foreign": -4.0}))
    hits.sort(key=lambda h: (-h.score, h.passage.id))
    return hits


async def test_a_version_lifted_by_the_trade_pushes_no_sibling_out(ctx: AnswerContext):
    hits = await _hits(ctx, traded=True)
    assert [h.passage.key for h in hits][4:6] == ["003:11", "001:164"]  # 003:11 before 001:164, as lifted
    top = window(hits, 5)
    # the documents' store's five (001:164 fifth by its own score, 003:11 sixth) and 003:11 ranked among them
    assert [h.passage.key for h in top] == ["001:157", "003:13", "001:2795", "001:455", "003:11", "001:164"]


async def test_without_a_trade_the_window_is_the_first_document_passages(ctx: AnswerContext):
    hits = await _hits(ctx, traded=False)
    assert [h.passage.key for h in window(hits, 5)] == ["001:157", "003:13", "001:2795", "001:455", "001:164"]
    assert [h.passage.key for h in window(hits, 3)] == ["001:157", "003:13", "001:2795"]
    # an official passage ranked among them is read besides, and fewer document passages than asked give them all
    hits[2].score, hits[2].passage = 12.0, replace(hits[2].passage, kind="glossary")
    assert [h.passage.key for h in window(hits, 3)] == ["001:157", "003:13", "001:2795", "001:455"]
    assert window(hits, 40) == hits and window(hits, 40) is not hits


async def test_on_the_documents_store_it_is_the_first_hits(ctx: AnswerContext):
    hits = [h for h in await _hits(ctx, traded=False) if h.passage.kind != "cr_rule"]
    for size in (1, 3, 5, 7, 9):
        assert window(hits, size) == hits[:size]
