"""The ``variant`` and ``form`` parts of ``/frage``'s ranking (bot/ranking.py, bot/variants.py): a passage that
holds only for a variant of the game against the rule for every game, and the section's own statement of a rule
for a question asking how it works."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.ranking import FEATURES, ranker
from bot.variants import markers, restriction
from tests.answers.ablation import ablation


@pytest.mark.parametrize(("key", "phrase"), [
    ("003:81", "Commander-Partie"),  # „In einer Commander-Partie beginnt jeder Spieler mit 40 Lebenspunkten.“
    ("003:120", "Mehrspielerpartie mit Teams"),  # „… mit Teams gewinnt ein Team, …“
    ("003:57", "Partie mit der Option gemeinsamer Teamzüge"),  # „… Teamzüge („shared team turns“) gibt es …“
    ("003:83", "Brawl-Partie zu zweit"),  # „In einer Brawl-Partie zu zweit beginnt jeder Spieler mit 25 …“
    ("003:164", "„Emperor“-Variante"),  # „In der „Emperor“-Variante endet die Partie für ein Team …“
    ("003:166", "Turnier"),  # „Bei einem Turnier können sich alle Spieler einer Partie …“
    ("001:2212", "Mehrspielerpartie"),  # 001's ruling of Prophetische Eingebung: „In einer Mehrspielerpartie hat …“
    ("003:75", None),  # „Jeder Spieler beginnt die Partie mit 20 Lebenspunkten. …“ (the rule for every game)
    ("003:21", None),  # „Im „Constructed“-Spiel darf ein Sideboard …“: a way every game is played, no variant
    ("003:23", "„Limited“-Spiel mit anderen Mehrspieler-Teamvarianten"),  # its variant: the team variants
])
async def test_the_fronted_phrase_of_a_variants_passage(ctx, key, phrase):
    p = await ctx.store.passage_by_key(key)
    assert p is not None
    assert restriction(p.text) == phrase
    r = await ranker(ctx.store)
    named = markers(p.text, r.analyser)
    assert bool(named) == (phrase is not None)
    assert "parti" not in named and "spieler" not in named  # words every game has name no variant


async def test_a_question_naming_no_variant_gets_the_rule_for_every_game(ctx):
    # 003:75 (CR 103.4) against 003:81 (CR 103.4c, Commander), which shares every word of the question and led
    # before
    a = await ablation(ctx, "wie viel leben hat man zu beginn", "variant")
    assert a.hits[0].passage.key == "003:75" and "variant" not in a.hits[0].parts
    assert a.hits[0].passage.text.startswith("Jeder Spieler beginnt die Partie mit 20 Lebenspunkten.")
    assert a.hit("003:81").parts["variant"] == a.ranker.weights.variant < 0
    assert a.first_without == "003:81"


@pytest.mark.parametrize(("question", "key"), [
    ("wie viele lebenspunkte hat man im commander am anfang", "003:81"),
    # „Teamkollege“ begins with the marker „team“ of „In einer Mehrspielerpartie mit Teams …“
    ("mein teamkollege hat verloren, gewinnen wir trotzdem noch", "003:120"),
])
async def test_a_question_naming_the_variant_keeps_its_passage(ctx, question, key):
    r = await ranker(ctx.store)
    first = (await r.search(ctx.store, question, ctx.names, limit=3)).hits[0]
    assert first.passage.key == key and first.parts["variant"] == -r.weights.variant > 0


async def test_a_question_naming_the_variant_raises_the_variants_rule(ctx):
    # „startleben im commander“ names the variant of 003:81 (CR 103.4c) „In einer Commander-Partie beginnt jeder
    # Spieler mit 40 Lebenspunkten.“; without the part 003:25 (the minimum deck size, which holds „Commander“ too)
    # led; the general rule 003:75 gets no part
    a = await ablation(ctx, "startleben im commander", "variant", limit=5)
    first = a.hits[0]
    assert first.passage.key == "003:81"
    assert first.passage.text == "In einer Commander-Partie beginnt jeder Spieler mit 40 Lebenspunkten."
    assert first.parts["variant"] == -a.ranker.weights.variant > 0
    assert "variant" not in a.hit("003:25").parts
    # since a question's compound names its modifier's concept („Startleben“: Start → anfangen, 003:81's „beginnt“)
    # 003:81 leads without the part too
    assert a.first_without == "003:81"


async def test_a_question_asking_what_happens_by_rule_gets_the_sections_quoted_rule(ctx):
    # 001's Spuk section quotes rule 502.51c „Verlässt eine Kreatur, bei der es spukt, die im-Spiel-Zone, hört der
    # Spuk auf.“; its ruling 001:1112 („Die Karten, die bei einer Kreatur spuken, kommen nicht … zurück“) holds the
    # same words of the question and led before. „was ist …“ asks for the rule (bot.definitions.asks_definition).
    a = await ablation(ctx, "spuk, was ist wenn die bespukte kreatur das schlachtfeld verlässt", "form", limit=5)
    rule = a.hits[0]
    assert (rule.passage.key, rule.passage.kind, rule.passage.title) == ("001:1102", "quoted_rule", "Regel 502.51c")
    assert rule.passage.text.startswith("Verlässt eine Kreatur, bei der es spukt, die im-Spiel-Zone, hört der Spuk")
    assert rule.parts["form"] == a.ranker.weights.form > 0
    assert a.hit("001:1112").passage.kind == "ruling" and "form" not in a.hit("001:1112").parts
    # the translation part (docs/ranking.md ⁶⁶) puts the rule first too; without it and the form part the ruling leads
    assert a.first_without == "001:1102"
    off = a.ranker.variant(weights=replace(a.ranker.weights, transl=0.0),
                           features=tuple(f for f in FEATURES if f != "form"))
    question = "spuk, was ist wenn die bespukte kreatur das schlachtfeld verlässt"
    assert (await off.search(ctx.store, question, ctx.names, limit=1)).hits[0].passage.key == "001:1112"


async def test_limited_names_no_variant(ctx):
    # 003:23 „Im „Limited“-Spiel mit anderen Mehrspieler-Teamvarianten wird jede Karte …“ holds for the team variants;
    # „Limited“ is a way every game is played (CR 100.2b, like „Constructed“, 100.2a), so „limited deck mindestgröße“
    # names no variant and gets 003:13 („Im „Limited“-Spiel erhält jeder Spieler die gleiche Menge ungeöffneter
    # Magic-Produkte …“, the rule of 100.2b)
    r = await ranker(ctx.store)
    p = await ctx.store.passage_by_key("003:23")
    assert p is not None
    assert "limited" not in markers(p.text, r.analyser) and "mehrspieler" in markers(p.text, r.analyser)
    hits = (await r.search(ctx.store, "limited deck mindestgröße", ctx.names, limit=3)).hits
    assert hits[0].passage.key == "003:13" and hits[0].passage.text.startswith("Im „Limited“-Spiel erhält jeder")
    assert next(h for h in hits if h.passage.key == "003:23").parts["variant"] == r.weights.variant < 0
