"""The asks stage reads the sibling groups of the first five hits (bot/asked_kinds.py ``REACH``; docs/ranking.md
¹⁵⁶): a sibling fourth or fifth whose sentence about the question's matter states the order the question asks for
takes the place of a sibling among the first three that states none. Values read from 001's rulings of the
Ley-Linien section: „Nachdem alle Spieler sich entschlossen haben, keine weiteren Mulligans zu nehmen, bestimmen die
Spieler die Ley-Linien …; es beginnt der Spieler, der zuerst an der Reihe ist, dann alle weiteren Spieler in
Spielreihenfolge.“ (001:1181) answers who puts them in first; „Die Gruppe der Ley-Linien umfasst 5 Verzauberungen …“
(001:1171) does not."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.answers import AnswerContext
from bot.asked_kinds import REACH, asked_kinds, asks_stage, stated_kinds
from bot.clauses import RoleWords
from bot.ranking import ranker
from bot.snippets import sentence_words
from bot.text import tokens
from tests.answers.sibling_stage import StageHit, without_file

#: Tuning questions t3-146 (tuning3) and q151 (tuning): both ask who puts the Ley-Linien in first.
LEY_FIRST = "ley linien vor spielbeginn wer legt zuerst"
LEY_FIRST2 = "Ley-Linien vor Spielbeginn: wer legt zuerst raus?"
ORDER = ("Nachdem alle Spieler sich entschlossen haben, keine weiteren Mulligans zu nehmen, bestimmen die Spieler "
         "die Ley-Linien, die sie ins Spiel bringen möchten; es beginnt der Spieler, der zuerst an der Reihe ist, dann "
         "alle weiteren Spieler in Spielreihenfolge.")


async def test_the_ruling_states_the_order_the_question_asks(ctx: AnswerContext):
    p = await ctx.store.passage_by_key("001:1181")
    assert p is not None and p.text.startswith(ORDER)
    assert asked_kinds(LEY_FIRST) == {"order"} == asked_kinds(LEY_FIRST2)
    assert stated_kinds(frozenset(tokens(ORDER))) == {"order"}
    group = await ctx.store.passage_by_key("001:1171")
    assert group is not None and "order" not in stated_kinds(frozenset(tokens(group.text)))
    assert REACH == 5


async def test_a_sibling_fifth_takes_the_third_place_of_one_stating_no_order(ctx: AnswerContext):
    """Five hits by hand: the section's 001:1185, 001:1183, 001:1171, a card's ruling (Ley-Linie der Einzigartigkeit,
    001:1524: no sibling of theirs) and 001:1181 fifth. Seen red with the stage reading the first three."""
    keys = ("001:1185", "001:1183", "001:1171", "001:1524", "001:1181")
    records = [await ctx.store.passage_by_key(k) for k in keys]
    scores = (24.0, 17.0, 16.5, 13.0, 12.5)
    hits = [StageHit(p, s) for p, s in zip(records, scores, strict=True) if p is not None]
    r = await ranker(ctx.store)
    words = RoleWords(asked=((frozenset(r.analyser.analyse("Spieler", question=True).terms), 1.0),), total=1.0)
    asks_stage(hits, frozenset({"order"}), words, 8.0, lambda p: sentence_words(p.text, r.analyser), stated_kinds)
    assert [h.passage.key for h in hits][2:] == ["001:1181", "001:1524", "001:1171"]
    assert hits[2].score == pytest.approx(16.5) and hits[3].score == pytest.approx(13.0)  # places keep their scores
    assert hits[2].parts["asks"] == pytest.approx(4.0)


@pytest.mark.parametrize("question", [LEY_FIRST, LEY_FIRST2])
async def test_the_order_ruling_enters_the_first_three(ctx: AnswerContext, question: str):
    """Ranked as the benches rank a tuning question (no file of earlier questions): with the stage 001:1181 is among
    the first three by its ``asks`` part, without it (weight 0) it is not. Seen red with the stage reading three."""
    r = without_file(await ranker(ctx.store))
    found = await r.candidates(ctx.store, question, ctx.names)
    on = r.rank(found, limit=5).hits
    assert "001:1181" in [h.passage.key for h in on[:3]]
    assert next(h for h in on if h.passage.key == "001:1181").parts.get("asks", 0.0) > 0
    off = r.variant(weights=replace(r.weights, asks=0.0)).rank(found, limit=5).hits
    assert "001:1181" not in [h.passage.key for h in off[:3]]
