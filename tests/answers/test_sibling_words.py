"""The sentence stage's word weights inside a card's group (bot/question_words.py: group_idf; docs/ranking.md ⁵³):
a word only one of the card's passages holds tells its rulings apart, however common the word is in the other
documents. Values read from 001's Lebendes Blätterdach (card 183: the card text 001:2382 and the rulings 001:2388,
001:2390, 001:2392, 001:2394)."""

from __future__ import annotations

import math

import pytest

from bot.question_words import group_idf
from bot.ranking import ranker

#: tuning t2-300; its answer is 001:2392 „Die gewählte Kreatur kann auch bereits von anderen Kreaturen geblockt
#: werden.“
CANOPY = "lebendes blätterdach auf nen angreifer der bereits einen blocker hat"


def test_a_word_weighs_how_rare_it_is_among_the_groups_passages():
    passages = [frozenset({"bereit", "block"}), frozenset({"angreif", "block"}), frozenset({"zzkattackingxcreature"})]
    # „bereits“ in one of three, „Angreifer“ (either term) in two, „Fehde“ in none, „blocken“ in two
    weights = group_idf([("bereit",), ("angreif", "zzkattackingxcreature"), ("fehd",), ("block",)], passages)
    assert weights == [math.log(4 / 1.5), math.log(4 / 2.5), math.log(4 / 0.5), math.log(4 / 2.5)]
    assert group_idf([("block",)], [frozenset({"block"})]) == [math.log(2 / 1.5)]  # held by all: > 0, the least


async def test_the_ruling_with_the_word_only_it_holds_of_its_card_comes_first(ctx):
    # the five passages of card 183 are candidates; the words of the question the three siblings among the first
    # five do not all hold: „Angreifer“ (001:2388, 001:2394 and the card text: log(6 / 3.5)) and „bereits“ (001:2392
    # alone: log(6 / 1.5)); store-wide „bereits“ weighs less, and 001:2388 led 001:2392 by 0.66
    r = (await ranker(ctx.store)).variant()
    r.prior = None  # the earlier questions off: t2-300 is one of them
    found = await r.candidates(ctx.store, CANOPY, ctx.names)
    assert sorted(p.key for p in found.records.values() if p.card_id == 183) == [
        "001:2382", "001:2388", "001:2390", "001:2392", "001:2394"]
    hits = r.rank(found, limit=3).hits
    assert [h.passage.key for h in hits] == ["001:2392", "001:2388", "001:2394"]
    bereits, angreifer = math.log(6 / 1.5), math.log(6 / 3.5)
    total = bereits + angreifer
    # each one's best sentence: 2392's holds „bereits“, 2388's and 2394's „Angreifer“ („angreifende“, „Angreifer“)
    assert hits[0].parts["sentence"] == pytest.approx(r.weights.sentence * bereits / total)
    assert hits[1].parts["sentence"] == pytest.approx(r.weights.sentence * angreifer / total)
    assert hits[2].parts["sentence"] == pytest.approx(r.weights.sentence * angreifer / total)
