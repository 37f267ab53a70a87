"""The ``general`` part of ``/frage``'s ranking (bot/generality.py, bot/ranking.py): a question that names no card and
speaks of any object or player („eine Karte“, „man“, „immer“) asks the rule, and the passage stating it for every
object — 003's explanation, a rule a document quotes — is raised over a card's or a section's ruling."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.generality import asks_generally, unnamed_token
from bot.ranking import FEATURES, ranker
from bot.text import tokens


def _without_general(r):
    # the restated part (bot/restated.py) off too: it lowers the same card's rulings for a question naming no card
    return r.variant(weights=replace(r.weights, restated=0.0), features=tuple(f for f in FEATURES if f != "general"))


async def test_a_general_question_is_answered_by_the_explanation_not_a_cards_ruling(ctx):
    # 003 line 202: „Der Manavorrat jedes Spielers leert sich am Ende jedes Segments und jeder Phase …“ against 001
    # line 879 (Spektraler Scheinwerfer: „Kann der Spieler das Mana nicht verwenden, erleidet er am Ende der Phase
    # Manabrand.“), which led before
    r = await ranker(ctx.store)
    question = "verschwindet mana immer am ende eines schritts"
    first = (await r.search(ctx.store, question, ctx.names, limit=3)).hits[0]
    assert first.passage.key == "003:202" and first.parts["general"] == r.weights.general > 0
    assert "Der Manavorrat jedes Spielers leert sich am Ende jedes Segments und jeder Phase" in first.passage.text
    before = (await _without_general(r).search(ctx.store, question, ctx.names, limit=1)).hits[0]
    assert (before.passage.key, before.passage.title) == ("001:879", "Spektraler Scheinwerfer")


async def test_a_general_question_on_a_mechanic_raises_its_quoted_rule(ctx):
    # 001 line 2827, rule 502.13a: „… Dann werden entweder die gesamten Kosten bezahlt, oder gar nicht. Es ist nicht
    # möglich, einen Teil der Kosten zu bezahlen.“ — the rule itself, below the section's ruling 001:2837 on abilities
    # that trigger when it is paid; the part brings it closer by its weight (the refit's 0.5)
    r = await ranker(ctx.store)
    question = "kumulative versorgung: kann man nur einen teil der kosten zahlen"

    async def score_gap(ranker_) -> float:
        hits = {h.passage.key: h for h in (await ranker_.search(ctx.store, question, ctx.names, limit=5)).hits}
        assert "Es ist nicht möglich, einen Teil der Kosten zu bezahlen." in hits["001:2827"].passage.text
        return hits["001:2837"].score - hits["001:2827"].score

    with_part, without = await score_gap(r), await score_gap(_without_general(r))
    assert with_part == pytest.approx(without - r.weights.general) and r.weights.general > 0
    keys = [h.passage.key for h in (await r.search(ctx.store, question, ctx.names, limit=3)).hits]
    assert "001:2827" in keys  # the rule on the first page, beside the ruling


async def test_a_question_naming_a_card_asks_no_general_rule(ctx):
    # Savra is named: her rulings answer, and no rule passage gets the part
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "savra wird ausgelöst wenn ich eine kreatur opfere", ctx.names, limit=10)
    assert found.cards and all("general" not in h.parts for h in found.hits)


@pytest.mark.parametrize(("question", "cards", "general"), [
    ("welchen manawert hat ne karte mit X in der hand", [], True),  # the spoken article
    ("wie gewinnt man eine Fehde", [], True),
    ("verschwindet mana immer am ende", [], True),
    ("what happens when a token leaves the battlefield", [], True),
    ("wer gewinnt die fehde, wenn alle karten gleich viel kosten", [], False),  # „alle“ counts a case's cards
    ("wann wird bei ausstrahlung geguckt welche kreaturen ne farbe teilen", [7], False),  # a card named
    ("spuk verlässt das schlachtfeld", [], False),
])
def test_which_questions_ask_generally(question, cards, general):
    assert asks_generally(tokens(question), cards) is general


async def test_a_predefined_tokens_entry_is_lowered_for_a_question_on_any_token(ctx):
    # 003 after CR 111.10: „Ein Inkubator-Spielstein ist ein doppelseitiger Spielstein …“ (111.10j) states what one
    # kind of token is, as a card's ruling states what one card does: for a question on any token („ein token“) it
    # gets the ``unnamed`` and ``own`` parts a card's ruling on itself gets, and 111.7/111.8 answer it
    r = await ranker(ctx.store)
    question = "kann ein token aus dem exil wieder aufs schlachtfeld zurück kommen"
    ranked = (await r.search(ctx.store, question, ctx.names, limit=120)).hits
    hits = {h.passage.key: h for h in ranked}
    assert hits["003:390"].passage.text.startswith("Ein Inkubator-Spielstein ist ein doppelseitiger Spielstein.")
    assert hits["003:390"].parts["unnamed"] == r.weights.unnamed < 0 and hits["003:390"].parts["own"] == r.weights.own
    assert "unnamed" not in hits["003:424"].parts  # 111.7: „Ein Spielstein, der sich in einer anderen Zone …“
    # 111.8 (003:426: „Ein Spielstein, der das Spiel verlassen hat, kann nicht in eine andere Zone wechseln oder
    # ins Spiel zurückkehren …“) above every predefined token's entry (before: 003:400, the Altmetall-Spielstein, 2nd)
    assert hits["003:426"].passage.text.startswith("Ein Spielstein, der das Spiel verlassen hat, kann nicht in eine")
    keys = [h.passage.key for h in ranked]
    first = min(i for i, h in enumerate(ranked) if unnamed_token(h.passage.text, frozenset(), (), r.analyser.stems))
    assert keys.index("003:426") < first and keys.index("003:424") < first, keys[:5]
    for question, key in (("was macht ein inkubator token", "003:390"), ("food token was kann der", "003:376"),
                          ("young hero rolle", "003:398"),
                          ("token stirbt, was passiert dann mit ihm", "003:390")):  # no word of any token: a case
        hits = {h.passage.key: h for h in (await r.search(ctx.store, question, ctx.names, limit=120)).hits}
        assert "unnamed" not in hits[key].parts, question


def test_only_a_predefined_tokens_entry_is_one_tokens():
    def stems(word: str) -> list[str]:
        return [word[:6]]

    text = "Ein Altmetall-Spielstein ist ein farbloser Altmetall-Artefaktspielstein mit „{T}, opfere diesen …“"
    assert unnamed_token(text, frozenset(), ["tok", "exil"], stems)
    assert not unnamed_token(text, frozenset(), ["altmet"], stems)  # its name's stem
    assert not unnamed_token(text, frozenset({"zzdzzkscrap"}), ["zzkscrap"], stems)  # a concept it defines
    assert not unnamed_token("Ein Spielstein, der das Spiel verlassen hat, kann nicht …", frozenset(), ["tok"], stems)
