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
    assert speaks_of_itself(frozenset(), frozenset(), "Diese Karte ist weiß, blau, schwarz, rot und grün.")


async def test_a_ruling_on_the_ability_speaks_of_its_own_card(ctx):
    # 001 line 284, a ruling of Blutspuckende Feder that names neither its card nor „diese Karte“ but its abilities:
    # „Du kannst die zweite Fähigkeit als Antwort auf das Spielen der ersten Fähigkeit spielen. …“
    feder = await _record(ctx, "001:284")
    assert feder.title == "Blutspuckende Feder" and feder.text.startswith("Du kannst die zweite Fähigkeit")
    assert speaks_of_itself(feder.names, feder.terms, feder.text)
    # 001 line 467, Geiernder Zombie: „Die Fähigkeit wird nur von Karten ausgelöst, daher wird sie nicht ausgelöst,
    # wenn ein Spielstein auf den Friedhof deines Gegners gelegt wird.“
    zombie = await _record(ctx, "001:467")
    assert zombie.title == "Geiernder Zombie" and zombie.text.startswith("Die Fähigkeit wird nur von Karten")
    assert speaks_of_itself(zombie.names, zombie.terms, zombie.text)
    # 001 line 437, Flammende Exekution, states the rule for any permanent: „… um für eine Fähigkeit zu bezahlen, die
    # {T} in ihren Kosten hat.“ — an ability described, not its card's
    flammen = await _record(ctx, "001:437")
    assert flammen.title == "Flammende Exekution" and "um für eine Fähigkeit zu bezahlen, die {T}" in flammen.text
    assert not speaks_of_itself(flammen.names, flammen.terms, flammen.text)
    for text in ("Eine Fähigkeit mit {T} in den Kosten.", "Die Fähigkeit, die den Spielstein erzeugt, legt ihn fest.",
                 "Die Fähigkeiten der Kreatur bleiben."):
        assert not speaks_of_itself(frozenset(), frozenset(), text), text


async def test_a_question_naming_no_card_gets_the_rule_not_the_abilitys_ruling(ctx):
    # 003 line 424 (CR 111.7): „Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf zu
    # existieren. …“ answers it; Geiernder Zombie's 001:467 on its own ability („Die Fähigkeit …“) led it before
    r = await ranker(ctx.store)
    question = "mein token stirbt, lösen die stirbt trigger noch aus obwohl der token weg ist"
    hits = (await r.search(ctx.store, question, ctx.names, limit=5)).hits
    assert hits[0].passage.key == "003:424"
    assert hits[0].passage.text.startswith("Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet")
    zombie = next(h for h in hits if h.passage.key == "001:467")
    assert zombie.parts["own"] == r.weights.own < 0
    before = await r.variant(weights=replace(r.weights, own=0.0)).search(ctx.store, question, ctx.names, limit=5)
    keys = [h.passage.key for h in before.hits]
    assert keys[0] != "003:424" and keys.index("001:467") < keys.index("003:424")


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
