"""A passage saying its rule holds whoever controls the object names the opponent too (:mod:`bot.any_controller`,
docs/ranking.md ⁹³): 001:1108 (Spuk) „… egal wer sie kontrolliert“ and 001:1961 (Pfropfen) „… unabhängig davon,
wer die neue Kreatur beherrscht“ answer a player asking about the opponent's creature."""

from __future__ import annotations

from bot.any_controller import OPPONENT, any_controller_concepts
from bot.ranking import ranker
from tests.answers.test_player_words import concepts_of


def test_any_controller_names_the_opponent():
    assert OPPONENT == "zzkopponent"  # the term table's Gegner (Opponent, CR 102.3)
    # 001:1108, 001:1961, 001:2563 and 001:2955 as the documents print them
    for text in ("Du kannst bei jeder Kreatur im Spiel spuken, egal wer sie kontrolliert.",
                 "Die ausgelöste Fähigkeit von Pfropfen wird jedes Mal ausgelöst, wenn eine Kreatur ins Spiel kommt, "
                 "unabhängig davon, wer die neue Kreatur beherrscht.",
                 "(Es ist dabei egal, wer die Aura kontrolliert und wer den Simic-Gildenmagier.)",
                 "Dabei ist es egal, wer den nächsten Zug hat."):
        assert any_controller_concepts(text) == [OPPONENT], text
    # asking who controls, or the controller in another clause, names no opponent
    assert any_controller_concepts("Wer kontrolliert die ausgelöste Fähigkeit?") == []
    assert any_controller_concepts("Es ist egal, wer angreift. Der Spieler kontrolliert die Kreatur.") == []
    assert any_controller_concepts("Es ist egal, wie viele Kreaturen du kontrollierst.") == []


async def test_the_passages_hold_the_opponent(ctx):
    for key in ("001:1108", "001:1961"):
        assert OPPONENT in await concepts_of(ctx, key), key
    # a passage on the controller that does not say it does not matter stays without it: 001:1124 (Spuk)
    passage = await ctx.store.passage_by_key("001:1124")
    assert passage is not None and "kontrolliert Spieler A die ausgelöste Spuk-Fähigkeit" in passage.text
    assert OPPONENT not in passage.concepts


async def test_haunting_the_opponents_creature_finds_that_any_creature_will_do(ctx):
    # before, 001:1124 (a haunting creature controlled by another player than its owner) led and 001:1108 was not in
    # the first three
    r = await ranker(ctx.store)
    hits = (await r.search(ctx.store, "darf ich mit spuk auch eine kreatur meines gegners heimsuchen", ctx.names,
                           limit=3)).hits
    assert hits[0].passage.key == "001:1108"
    assert hits[0].passage.text == "Du kannst bei jeder Kreatur im Spiel spuken, egal wer sie kontrolliert."
