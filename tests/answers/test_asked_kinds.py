"""The asks stage (bot/asked_kinds.py): between siblings among the first three hits, the one whose sentence about the
question's matter states what the question asks for (a count, the value of X, an order) goes first
(docs/ranking.md ¹¹⁵). Values read from 001's rulings of Auge des Sturms, Frostnetz-Spinne and Erleuchteter Dschinn."""

from __future__ import annotations

import pytest

from bot.answers import AnswerContext
from bot.asked_kinds import asked_kinds, asks_stage, stated_kinds
from bot.clauses import RoleWords
from bot.ranking import ranker
from bot.snippets import sentence_words
from bot.store import PassageRecord
from bot.text import tokens
from tests.answers.sibling_stage import StageHit, assert_stage_decides

#: Tuning questions asking the value of X (tuning2's t2-114, tuning4's t4-036, tuning's q168) and a count (q342).
X_COPY = "auge des sturms kopiert nen X spruch, welchen wert hat X dann"
X_COPY2 = "auge des sturms macht ne kopie von nem X zauber, was ist X dann"
X_REPLICATE = "Erleuchteter Dschinn und ein Zauber mit X, was ist X in den Reproduktionskosten"
MARKERS = "Frostnetz-Spinne blockt zwei Flieger, wie viele Marken?"


def test_a_question_asks_a_count_the_value_of_x_or_an_order_by_its_words():
    assert asked_kinds(X_COPY) == {"x"}
    assert asked_kinds(MARKERS) == {"count"}
    assert asked_kinds("wie oft darf ich vorhersage benutzen") == {"count"}
    assert asked_kinds("ne karte mit 2x kumulativer versorgung") == {"count"}  # a count typed with a digit
    assert asked_kinds("wer entscheidet zuerst, ob die Karte oben bleibt") == {"order"}
    # no order asked by a moment or by „gleichzeitig“ (whether one thing does two jobs at once)
    assert asked_kinds("ab wann ist ne karte mehrfarbig") == frozenset()  # „wann“: the answered stage's cue
    assert asked_kinds("kann ich die kreatur gleichzeitig fuer mana tappen") == frozenset()
    assert asked_kinds("") == frozenset()
    assert asked_kinds("wort " * 10 + "wie oft", limit=3) == frozenset()  # past the tokens read


async def _text(ctx: AnswerContext, key: str) -> str:
    p = await ctx.store.passage_by_key(key)
    assert p is not None
    return p.text


def _stated(sentence: str) -> frozenset[str]:
    return stated_kinds(frozenset(tokens(sentence)))


async def test_a_sentence_states_a_count_or_the_value_of_x(ctx: AnswerContext):
    x_is = "Jedes X in den Manakosten einer der gespielten Kopien ist 0."
    modes = "Der Spieler bestimmt sämtliche Modi, bezahlt zusätzliche Kosten, bestimmt Ziele etc."
    assert x_is in await _text(ctx, "001:239") and modes in await _text(ctx, "001:239")
    assert _stated(x_is) == {"x"}
    assert _stated(modes) == frozenset()  # no X
    more = "wird die Fähigkeit mehrfach ausgelöst."
    assert more in await _text(ctx, "001:3118")
    assert _stated(more) == {"count"}
    # its sibling's „+1/+1-Marke“: a digit of a power/toughness change states no count, „bevor“ an order
    dies = "stirbt die Spinne, bevor sie die +1/+1-Marke bekommt."
    assert dies in await _text(ctx, "001:3116")
    assert _stated(dies) == {"order"}


@pytest.mark.parametrize(("question", "gold", "sibling"), [(X_COPY, "001:239", "001:237"),
                                                           (X_COPY2, "001:239", "001:235"),
                                                           (X_REPLICATE, "001:1355", "001:1353"),
                                                           (MARKERS, "001:3118", "001:3116")])
async def test_the_sibling_stating_what_is_asked_goes_first(ctx: AnswerContext, question, gold, sibling):
    """Seen red with the stage off (weight 0): the sibling leads."""
    await assert_stage_decides(ctx, question, gold, sibling, "asks")


async def test_the_stage_only_swaps_siblings_and_refuses_a_negative_weight(ctx: AnswerContext):
    """001:237 and 001:239 (Auge des Sturms) around 003's rule on copies: the X ruling takes the first place, the rule
    keeps its place (003:128, on 0 life: no sibling); a sentence counts only when it holds a word of the question
    (here „Kopie“)."""
    records = [await ctx.store.passage_by_key(k) for k in ("001:237", "003:128", "001:239")]
    hits = [StageHit(p, score) for p, score in zip(records, (20.0, 19.5, 19.0), strict=True) if p is not None]
    r = await ranker(ctx.store)
    def read(p: PassageRecord):
        return sentence_words(p.text, r.analyser)

    words = RoleWords(asked=((frozenset(r.analyser.analyse("Kopie", question=True).terms), 1.0),), total=1.0)
    asks_stage(hits, frozenset({"x"}), words, 4.0, read, stated_kinds)
    assert [h.passage.key for h in hits] == ["001:239", "003:128", "001:237"]
    assert [h.score for h in hits] == [20.0, 19.5, 19.0] and hits[0].parts["asks"] == pytest.approx(1.0)
    unheld = RoleWords(asked=((frozenset({"nirgendwo"}), 1.0),), total=1.0)
    hits = [StageHit(p, score) for p, score in zip(records, (20.0, 19.5, 19.0), strict=True) if p is not None]
    asks_stage(hits, frozenset({"x"}), unheld, 4.0, read, stated_kinds)
    assert hits[0].passage.key == "001:237"  # no sentence holds the question's word: nothing moves
    with pytest.raises(ValueError, match="must not be negative"):
        asks_stage(hits, frozenset({"x"}), words, -1.0, read, stated_kinds)
