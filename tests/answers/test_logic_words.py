"""The logic stage (bot/logic_words.py): between siblings among the first three hits, the one that states the logic
the question asks about (something absent, something holding anyway, the sides alike, an order, a rule holding
regardless) goes first (docs/ranking.md ⁷⁷, ⁹⁴). Values read from 000's clash rulings and 001's rulings of
Goblin-Reflektomant, Sprießende Phytohydra and Pfropfen."""

from __future__ import annotations

import pytest

from bot.answers import AnswerContext
from bot.logic_words import asked_logic, logic_stage, stated_logic
from tests.answers.sibling_stage import StageHit, assert_stage_decides

#: Tuning questions of the kind (tuning3's t3-001, tuning's q022, tuning2's t2-230, tuning's q281).
TIE = "wenn beide bei der fehde ne 3 aufdecken wer gewinnt dann"
TIE_EN = "clash: who wins if both players reveal cards with the same converted mana cost?"
NO_TARGET = "goblin reflektomant auf nen zauber ohne ziel?"
ANYWAY = "spriessende phytohydra stirbt an dem schaden, krieg ich trotzdem den token"
#: Tuning questions asking an order (tuning's q012) and whether a rule holds whatever else is so (tuning2's t2-267).
FIRST = "Fehde: wer entscheidet zuerst, ob die Karte oben bleibt oder unter die Bibliothek kommt?"
REGARDLESS = "triggert graft auch wenn beim gegner ne kreatur ins spiel kommt"


def test_a_question_asks_the_classes_its_stop_words_name():
    assert asked_logic(NO_TARGET) == {"absence"}
    assert asked_logic(ANYWAY) == {"anyway", "regardless"}  # „trotzdem“: it holds anyway, whatever else is so
    assert asked_logic(TIE) == {"alike"}
    assert asked_logic(TIE_EN) == {"alike"}  # „both“, „same“
    assert asked_logic("wie gewinnt man ne fehde") == frozenset()
    assert asked_logic("gar keine " + "wort " * 10, limit=3) == {"absence"}
    assert asked_logic("wort " * 10 + "keine", limit=3) == frozenset()  # past the tokens read


async def _text(ctx: AnswerContext, key: str) -> str:
    p = await ctx.store.passage_by_key(key)
    assert p is not None
    return p.text


async def test_a_passage_states_the_classes_its_words_or_phrases_name(ctx: AnswerContext):
    text = await _text(ctx, "001:1416")
    assert text == ("Die Fähigkeit kann jeden Spontanzauber und jede Hexerei als Ziel haben, auch wenn diese gar "
                    "keine Ziele haben.")
    assert stated_logic(text) == {"absence", "anyway"}  # „keine“, „auch wenn“
    text = await _text(ctx, "000:22")
    assert text.startswith("Fall keine der aufgedeckten Karten höhere umgewandelte Manakosten hat (zum Beispiel falls "
                           "alle Spieler")
    assert stated_logic(text) == {"absence", "alike"}  # „keine“, „alle Spieler“, „niemand“
    # „Jeder in die Fehde verwickelte Spieler“, „alle“ alone: the sides are not said to be alike
    assert "alike" not in stated_logic(await _text(ctx, "000:11"))
    assert stated_logic(await _text(ctx, "001:1420")) == frozenset()  # a variable number of targets


# No pair of the regardless class: its example (REGARDLESS: 001:1961 before 001:1969) is decided before this stage by
# the opponent that bot.any_controller reads in 001:1961 (tests/answers/test_any_controller.py), the stage adding 0.
@pytest.mark.parametrize(("question", "gold", "sibling"), [(TIE_EN, "000:50", "000:53"),
                                                           (NO_TARGET, "001:1416", "001:1420"),
                                                           (ANYWAY, "001:2573", "001:2577"),
                                                           (FIRST, "000:11", "000:5")])
async def test_the_sibling_stating_the_logic_asked_goes_first(ctx: AnswerContext, question, gold, sibling):
    """Seen red with the stage off (weight 0): the sibling leads."""
    await assert_stage_decides(ctx, question, gold, sibling, "logic")


async def test_the_stage_only_swaps_siblings_and_refuses_a_negative_weight(ctx: AnswerContext):
    records = [await ctx.store.passage_by_key(k) for k in ("001:1420", "003:128", "001:1416")]
    hits = [StageHit(p, score) for p, score in zip(records, (23.2, 22.5, 22.0), strict=True) if p is not None]
    logic_stage(hits, frozenset({"absence"}), 4.0, lambda p: stated_logic(p.text))
    assert [h.passage.key for h in hits] == ["001:1416", "003:128", "001:1420"]  # the rule between keeps its place
    assert [h.score for h in hits] == [23.2, 22.5, 22.0] and hits[0].parts["logic"] == pytest.approx(1.2)
    with pytest.raises(ValueError, match="must not be negative"):
        logic_stage(hits, frozenset({"absence"}), -1.0, lambda p: stated_logic(p.text))



def test_a_question_asks_an_order_or_a_rule_regardless_by_its_words_or_phrases():
    assert asked_logic(FIRST) == {"order"}  # „zuerst“
    assert asked_logic(REGARDLESS) == {"regardless"}  # „auch wenn“, two neighbouring words
    assert asked_logic("erst wenn der gegner auch was macht") == frozenset()  # „erst“, „auch“ alone ask neither
    assert asked_logic("auch " + "wort " * 10 + "wenn") == frozenset()  # the phrase's words are not neighbours


async def test_a_passage_states_an_order_or_a_rule_regardless(ctx: AnswerContext):
    text = await _text(ctx, "000:11")
    assert "Dabei passieren folgende Dinge in dieser Reihenfolge:" in text
    assert "order" in stated_logic(text)
    text = await _text(ctx, "001:1961")
    assert "unabhängig davon, wer die neue Kreatur beherrscht" in text
    assert stated_logic(text) == {"regardless"}
    # its sibling holds anyway („trotzdem“) for a permanent that is no creature, not whoever controls the creature
    assert "regardless" not in stated_logic(await _text(ctx, "001:1969"))
    assert stated_logic(await _text(ctx, "000:5")) == frozenset()  # „dann“ alone states no order
