"""A player's compound read by its pieces, on the real store: each piece of a question's compound names the concept
its word names (:func:`bot.question_groups.piece_concepts`), the head as the compound's meaning."""

from __future__ import annotations

from bot.ranking import ranker
from tests.answers.test_player_words import concepts_of, question_concepts


async def test_the_head_of_a_compound_names_its_concept(ctx):
    # the term table's rows: Kreatur (zzkcreature) and Spielstein (Token, zzktoken); Kostenreduzierung (601.2f,
    # variant „Kostenreduktion“); Zerstören (701.8). Before, only the first piece named its concept.
    assert {"zzkcreature", "zzktoken"} <= set(await question_concepts(ctx, "was ist ein kreaturenspielstein"))
    assert "zzkcostxreduction" in await question_concepts(ctx, "zählt eine manakostenreduktion bei einberufung")
    assert {"zzkartifact", "zzkdestroy"} <= set(await question_concepts(ctx, "artefaktzerstörung auf spielstein"))


async def test_a_piece_that_names_nothing_adds_nothing(ctx):
    # „Kampfschadensschritt“ (players' word; 510's step is „Kampfschadenssegment“): Kampfschaden, the head „Schritt“
    # names none; „außerhalb“ is a preposition, no „halb“ of 003's fractions (zzsbruchteil)
    assert await question_concepts(ctx, "Kampfschadensschritt") == ("zzkcombatxdamage",)
    assert await question_concepts(ctx, "außerhalb") == ()


async def test_a_question_on_a_creature_token_meets_the_ruling_on_tokens(ctx):
    # 001:467 (Geiernder Zombie) „… daher wird sie nicht ausgelöst, wenn ein Spielstein auf den Friedhof deines Gegners
    # gelegt wird.“ carries Spielstein (Token); the question's „Kreaturenspielstein“ named only Kreatur before, and
    # 001:467 was not among the first three (003:419, 003:380 and 003:416 on what a token's creator sets)
    assert "zzktoken" in await concepts_of(ctx, "001:467")
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "was passiert mit einem kreaturenspielstein der den friedhof erreicht",
                           ctx.names, limit=6)
    assert "001:467" in [h.passage.key for h in found.hits]
    # the question names Spielstein, the headword of 003:424 (111.7: „Ein Spielstein, der sich in einer anderen Zone
    # als dem Spiel befindet, hört auf zu existieren“), which leads since docs/ranking.md ¹⁵⁷ (001:467 sixth)
    assert found.hits[0].passage.key == "003:424" and found.hits[0].parts["headword"] == r.weights.headword
