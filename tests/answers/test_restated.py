"""The ``restated`` part of ``/frage``'s ranking (bot/restated.py, bot/ranking.py): for a question that names no
card, a card's ruling whose question words a rule among the candidates holds as well is lowered below that rule —
003's „Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf zu existieren“ (CR 111.7)
answers „spielstein im friedhof, was passiert mit dem“, not Geiernder Zombie's ruling on its own ability."""

from __future__ import annotations

from dataclasses import replace

from bot.question_words import topic_words
from bot.ranking import ranker
from bot.restated import held_words, restated_cases

QUESTION = "spielstein im friedhof, was passiert mit dem"


async def test_a_rule_holding_the_rulings_words_comes_first(ctx):
    r = await ranker(ctx.store)
    assert r.weights.restated < 0
    hits = (await r.search(ctx.store, QUESTION, ctx.names, limit=5)).hits
    first = hits[0].passage
    assert first.key == "003:424" and first.text.startswith(
        "Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf zu existieren.")
    zombie = next(h for h in hits if h.passage.key == "001:467")
    assert zombie.passage.title == "Geiernder Zombie" and "wenn ein Spielstein auf den Friedhof" in zombie.passage.text
    assert zombie.parts["restated"] == r.weights.restated and zombie.parts["unnamed"] == r.weights.unnamed
    # a mechanics section's ruling states what holds for every card with the mechanic: not lowered so
    spuk = next(h for h in hits if h.passage.key == "001:1118")
    assert spuk.passage.title == "Spuk" and "restated" not in spuk.parts
    # without the part (and the headword part, bot/headwords.py: 003:424's headword is Spielstein) the ruling leads
    off = await r.variant(weights=replace(r.weights, restated=0.0, headword=0.0)).search(
        ctx.store, QUESTION, ctx.names, limit=1)
    assert off.hits[0].passage.key == "001:467"


async def test_restated_only_when_one_rule_holds_every_word_the_ruling_holds(ctx):
    r = await ranker(ctx.store)
    found = await r.candidates(ctx.store, QUESTION, ctx.names)
    words = topic_words(found.analysis)
    by_key = {p.key: p for p in found.records.values()}
    zombie, rule = held_words(words, by_key["001:467"]), held_words(words, by_key["003:424"])
    assert zombie and zombie & ~rule == 0  # „spielstein“, „friedhof“: 003:424 holds them all
    assert found.restated == restated_cases(words, found.records, found.cards)
    assert by_key["001:467"].id in found.restated
    # a rule holding only part of the ruling's words restates nothing: 001:467 without 003:424 and the other rules
    # that hold both words
    both = [pid for pid, p in found.records.items() if p.kind != "ruling" and held_words(words, p) & zombie == zombie]
    fewer = {pid: p for pid, p in found.records.items() if pid not in both}
    assert by_key["001:467"].id not in restated_cases(words, fewer, [])


async def test_a_question_naming_a_card_restates_none_of_its_rulings(ctx):
    r = await ranker(ctx.store)
    found = await r.candidates(ctx.store, "geiernder zombie: " + QUESTION, ctx.names)
    assert found.cards and found.restated == frozenset()
    hits = r.rank(found, limit=5).hits
    assert hits[0].passage.title == "Geiernder Zombie" and all("restated" not in h.parts for h in hits)
