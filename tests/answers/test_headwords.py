"""The ``headword`` part of ``/frage``'s ranking (bot/headwords.py, bot/ranking.py): an entry of 003 whose first noun
the question names is about what the question asks — „Ein Spielstein, der sich in einer anderen Zone als dem Spiel
befindet, hört auf zu existieren“ (CR 111.7) answers „spielstein auf dem friedhof bleibt der dort“ — over an entry
that only mentions it („Ein Zauberspruch oder eine Fähigkeit, die einen Spielstein erzeugt …“, CR 111.4)."""

from __future__ import annotations

from dataclasses import replace

from bot.headwords import RARE_IDF, head_terms, headed, headword
from bot.ranking import ranker

QUESTION = "spielstein auf dem friedhof bleibt der dort"


async def test_an_entry_s_headword_is_the_noun_its_first_sentence_begins_with(ctx):
    heads = {}
    for key in ("003:424", "003:306", "003:180", "003:260", "003:202", "003:172", "003:396"):
        heads[key] = headword((await ctx.store.passage_by_key(key)).text)
    assert heads["003:424"] == "Spielstein"  # „Ein Spielstein, der sich in einer anderen Zone …“
    assert heads["003:306"] == "Besitzer"  # „Besitzer einer Karte in der Partie ist der Spieler, …“
    assert heads["003:180"] == "Effekte"  # „Effekte können die Farbe eines Objekts ändern …“
    # a condition begins with its verb, a statement with a preposition: no headword
    assert heads["003:260"] == ""  # „Hat eine Karte in einer anderen Zone als dem Stapel {X} …“
    assert heads["003:202"] == ""  # „Weist ein Effekt einen Spieler an, Mana hinzuzufügen, …“
    assert heads["003:172"] == ""  # „In Magic gibt es fünf Farben: …“
    assert heads["003:396"] == "Wicked“-Rollen-Spielstein"


async def test_a_predefined_token_s_entry_is_about_its_token_not_every_token(ctx):
    r = await ranker(ctx.store)
    token = head_terms(r.analyser, (await ctx.store.passage_by_key("003:424")).text)
    wicked = head_terms(r.analyser, (await ctx.store.passage_by_key("003:396")).text)
    assert "zzktoken" in token and "spielstein" in token
    assert "wicked" in wicked and "zzktoken" not in wicked and "spielstein" not in wicked


async def test_the_entry_whose_headword_the_question_names_comes_first(ctx):
    r = await ranker(ctx.store)
    assert r.weights.headword > 0
    hits = (await r.search(ctx.store, QUESTION, ctx.names, limit=8)).hits
    first = hits[0].passage
    assert first.key == "003:424" and first.text.startswith(
        "Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf zu existieren.")
    assert hits[0].parts["headword"] == r.weights.headword
    # an entry that only mentions a token, and a card's ruling, get nothing
    assert all("headword" not in h.parts for h in hits if not headword(h.passage.text).endswith("Spielstein"))
    off = await r.variant(weights=replace(r.weights, headword=0.0)).search(ctx.store, QUESTION, ctx.names, limit=8)
    keys = [h.passage.key for h in off.hits]
    assert keys[0] == "003:426" and keys.index("003:424") > 2  # „Ein Spielstein, der das Spiel verlassen hat, …“


async def test_a_headword_most_passages_hold_and_a_named_card_give_nothing(ctx):
    r = await ranker(ctx.store)
    found = await r.candidates(ctx.store, "darf jeder spieler ein sideboard haben", ctx.names)
    sideboard = next(p for p in found.records.values() if p.key == "003:19")
    assert sideboard.text.startswith("Jeder Spieler darf außerdem ein „Sideboard“ haben")
    assert "spieler" in head_terms(r.analyser, sideboard.text) & set(found.analysis.terms)
    assert r.term_weights["spieler"] < RARE_IDF  # „Spieler“ begins entries on every matter
    assert headed(r.weights, sideboard, found, r.analyser, r.term_weights) == {}
    named = await r.candidates(ctx.store, "geiernder zombie: " + QUESTION, ctx.names)
    entry = next(p for p in named.records.values() if p.key == "003:424")
    assert named.cards and headed(r.weights, entry, named, r.analyser, r.term_weights) == {}
    plain = await r.candidates(ctx.store, QUESTION, ctx.names)
    entry = next(p for p in plain.records.values() if p.key == "003:424")
    assert headed(r.weights, entry, plain, r.analyser, r.term_weights) == {"headword": r.weights.headword}
