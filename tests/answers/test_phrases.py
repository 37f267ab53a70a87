"""The phrase stage of ``/frage`` (bot/phrases.py) and the card text's ``property`` part (bot/ranking.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.phrases import pairs
from bot.ranking import FEATURES, ranker


def test_pairs_are_neighbouring_stems_without_two_stop_words():
    # „kann man eine“ and „oder gibts“ are stop words only; „eine fehde“ keeps the article („eine“ → ein).
    assert pairs("kann man eine fehde verlieren oder gibts unentschieden") == {
        ("ein", "fehd"), ("fehd", "verli"), ("verli", "oder"), ("gibt", "unentschied")}
    # 000 line 21: „… falls du die Fehde nicht gewinnst“: the negation stays in its pairs, „falls du“ is dropped.
    held = pairs("Normalerweise geschieht nichts, falls du die Fehde nicht gewinnst.")
    assert {("fehd", "nicht"), ("nicht", "gewinn"), ("die", "fehd")} <= held
    assert ("fall", "du") not in held
    # a mana symbol is one token (mx), as the analysis reads it; a bound keeps the first tokens only
    assert pairs("{X}{G} Mana") == {("mx", "mg"), ("mg", "mana")}
    assert pairs("Fehde nicht gewinnst", 2) == {("fehd", "nicht")}
    assert pairs("") == frozenset()


@pytest.mark.parametrize(("question", "gold", "before"), [
    # 003 line 112: „Eine Partie endet sofort, wenn …“ against line 154 („Ein Effekt kann festlegen, dass die Partie
    # unentschieden endet.“), which holds the question's words but not „eine Partie“ nor „Partie endet“. (Line 164,
    # „In der „Emperor“-Variante endet die Partie …“, led without the stage before the ``variant`` part lowered it.)
    ("wann endet eine partie", "003:112", "003:154"),
    # 001 line 2887 (Wallung): „Hast du zum Beispiel weniger als N Karten in deiner Bibliothek …“ against line 3455
    # (Klimperstein and „Wallung 4“): only the gold holds „Karten in“. With the weights fitted on both tuning parts
    # the gold leads without the phrase stage too (the coverage weight is lower, and Klimperstein's ruling gets the
    # ``unnamed`` part: the question names no card), so no passage is named for the ranking without it.
    ("Ripple 4 aber nur noch 2 Karten in der Bibliothek", "001:2887", None),
])
async def test_the_questions_word_order_decides_between_passages_on_the_same_words(ctx, question, gold, before):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=3)
    assert found.hits[0].passage.key == gold
    asked = pairs(question)
    held = pairs(found.hits[0].passage.text)
    assert found.hits[0].parts["phrase"] == pytest.approx(r.weights.phrase * len(asked & held) / len(asked))
    # without the headword part too: 003:112's „Eine Partie endet …“ has the headword the question names
    # (docs/ranking.md ¹⁵⁷), which alone would put it first
    without = r.variant(features=tuple(f for f in FEATURES if f != "phrase"), weights=replace(r.weights, headword=0.0))
    if before is not None:
        assert (await without.search(ctx.store, question, ctx.names, limit=1)).hits[0].passage.key == before


async def test_the_card_text_asked_for_keeps_its_bm25_and_gets_the_property_part(ctx):
    # 001 line 2358: Krims // Krams's text; its ruling 001:2368 („Der Münzwurf von Krims …“) has the higher bm25
    # (the scale, 10) and no property part; the card text keeps its own bm25 and gets the whole property weight.
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "welche farbe hat krims krams", ctx.names, limit=5)
    card = found.hits[0]
    ruling = next(h for h in found.hits if h.passage.key == "001:2368")  # second or lower: no answer to the colour
    assert card.passage.key == "001:2358"
    assert card.parts["property"] == r.weights.property
    assert card.parts["base"] < ruling.parts["base"] == r.weights.scale
    assert "property" not in ruling.parts


async def test_a_rankers_facts_per_passage_stay_bounded_and_rank_the_same(ctx, monkeypatch):
    # The ranker keeps each passage's language, answer types and word pairs for the passages last ranked only (a
    # store of every printing has ~300 000 passages); with room for 3 the word-order question above ranks as before.
    import bot.ranking as ranking

    monkeypatch.setattr(ranking, "PASSAGES_KEPT", 3)
    small = await ranking.ranker_with(ctx.store, ranking.Options())  # a new ranker made with the smaller bound
    for question in ("kann man eine fehde verlieren oder gibts unentschieden", "Ripple 4 aber nur noch 2 Karten"):
        await small.search(ctx.store, question, ctx.names, limit=3)
    kept = [small._pairs.cache_info(), small._gives.cache_info(), small._english.cache_info()]
    assert all(info.maxsize == 3 and info.currsize <= 3 for info in kept) and kept[0].currsize > 0
    monkeypatch.setattr(ranking, "PASSAGES_KEPT", 4096)
    large = await ranking.ranker_with(ctx.store, ranking.Options())
    for _ in range(2):  # asked again, each candidate's language is read from what the ranker keeps
        await large.search(ctx.store, "Ripple 4 aber nur noch 2 Karten", ctx.names, limit=3)
    once = large._english.cache_info()
    assert once.hits >= once.misses > 0
    found = await small.search(ctx.store, "kann man eine fehde verlieren oder gibts unentschieden", ctx.names, limit=1)
    assert found.hits[0].passage.key == "000:20"
