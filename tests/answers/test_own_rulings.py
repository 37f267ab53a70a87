"""The ``own`` part of ``/frage``'s ranking (bot/generality.py: ``speaks_of_itself``, bot/ranking.py) and the
definition of a predefined token by its name (bot/definitions.py): a question naming no card asks what holds for
any card, so a card's ruling about its own card's effect is lowered below the mechanic's ruling or the rule."""

from __future__ import annotations

from dataclasses import replace

from bot.definitions import DEFINED, defined_terms, definition_subjects
from bot.generality import speaks_of_itself
from bot.ranking import ranker


async def _record(ctx, key: str):
    p = await ctx.store.passage_by_key(key)
    assert p is not None, key
    return (await ctx.store.passages([p.id]))[p.id]  # with its analysed terms and names


async def test_a_ruling_naming_its_own_card_speaks_of_itself(ctx):
    # 001 line 1374, a ruling of Exhumierender Thrull: „Besitzt du die Kreatur, bei der der Exhumierende Thrull
    # gespukt hat, dann ist diese Kreatur generell ein legales Ziel …“
    thrull = await _record(ctx, "001:1374")
    assert thrull.title == "Exhumierender Thrull" and "der Exhumierende Thrull gespukt hat" in thrull.text
    assert speaks_of_itself(thrull.names, thrull.terms, thrull.text)
    # 001 line 284, a ruling of Blutspuckende Feder that names neither its card nor „diese Karte“: „Du kannst die
    # zweite Fähigkeit als Antwort auf das Spielen der ersten Fähigkeit spielen. …“
    feder = await _record(ctx, "001:284")
    assert feder.title == "Blutspuckende Feder" and feder.text.startswith("Du kannst die zweite Fähigkeit")
    assert not speaks_of_itself(feder.names, feder.terms, feder.text)
    assert speaks_of_itself(frozenset(), frozenset(), "Diese Karte ist weiß, blau, schwarz, rot und grün.")


async def test_a_question_naming_no_card_gets_the_mechanics_ruling_not_a_cards(ctx):
    r = await ranker(ctx.store)
    question = "spuk ohne legales ziel was passiert mit der karte"
    hits = (await r.search(ctx.store, question, ctx.names, limit=5)).hits
    first = hits[0]
    assert (first.passage.key, first.passage.title) == ("001:1114", "Spuk")
    assert "bleibt die Karte mit Spuk auf dem Friedhof" in first.passage.text
    thrull = next(h for h in hits if h.passage.key == "001:1374")
    assert thrull.parts["own"] == r.weights.own < 0 and thrull.parts["unnamed"] == r.weights.unnamed
    # the translation part (docs/ranking.md ⁶⁶) puts Spuk's ruling first too: `own` shown without it
    off = replace(r.weights, own=0.0, transl=0.0)
    before = await r.variant(weights=off).search(ctx.store, question, ctx.names, limit=1)
    assert before.hits[0].passage.title == "Exhumierender Thrull"


async def test_a_question_naming_a_card_lowers_no_ruling_as_its_own(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "exhumierender thrull spuk legales ziel", ctx.names, limit=10)
    assert found.cards and all("own" not in h.parts for h in found.hits)


async def test_a_predefined_tokens_sentence_defines_its_name(ctx):
    # 003 line 374: „Ein Schatz-Spielstein ist ein farbloser Schatz-Artefaktspielstein mit „{T}, opfere diesen
    # Spielstein: Erzeuge ein Mana einer beliebigen Farbe.““ — players say „ein Schatz“
    text = (await _record(ctx, "003:374")).text
    assert definition_subjects(text) == ["Schatz-Spielstein"]
    r = await ranker(ctx.store)
    assert DEFINED + "schatz" in defined_terms(r.analyser, text)
    # a name of two words that is a concept defines that concept, neither of its words alone (no token head)
    permanent_spell = defined_terms(r.analyser, "Ein Permanent-Zauberspruch ist ein Zauberspruch.")
    assert permanent_spell == [DEFINED + "zzkpermanentxspell"]
    hits = (await r.search(ctx.store, "was macht ein schatz", ctx.names, limit=3)).hits
    assert hits[0].passage.key == "003:374" and hits[0].parts["definition"] == r.weights.definition
    assert "term:Schatz-Spielstein" not in [h.passage.key for h in hits[:1]]
