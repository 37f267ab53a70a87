"""The logic classes a sibling states about the question's matter (bot/about_matter.py): read only in its
sentences holding a word of the question (docs/ranking.md ¹²⁶). Values read from 001's rulings of
Zinnstraßen-Hooligan (001:1162, 001:1164)."""

from __future__ import annotations

import sys

from bot.about_matter import reader, said_about
from bot.answers import AnswerContext
from bot.logic_words import asked_logic, stated_logic
from bot.ranking import ranker
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from prior_folds import without_file

#: Tuning question t5-013: whether the card's ability holds anyway when the creature was put onto the battlefield.
ANYWAY = "zinnstrassen hooligan per effekt ins spiel gebracht, zerstoert der trotzdem n artefakt?"
#: A question about the amount of mana, which 001:1162's „unerheblich“ sentence answers.
AMOUNT = "zinnstrassen hooligan: ist egal wie viel rotes mana ich ausgebe?"


async def _text(ctx: AnswerContext, key: str) -> str:
    p = await ctx.store.passage_by_key(key)
    assert p is not None
    return p.text


async def test_a_class_word_counts_only_in_a_sentence_holding_a_word_of_the_question(ctx: AnswerContext):
    r = await ranker(ctx.store)
    text = await _text(ctx, "001:1162")
    assert text.endswith("Es ist unerheblich, wie viel Mana der entsprechenden Farbe dabei ausgegeben wurde.")
    assert stated_logic(text) == {"regardless"}  # the whole text: „unerheblich“
    anyway = (await r.candidates(ctx.store, ANYWAY, ctx.names)).roles
    assert asked_logic(ANYWAY) == {"anyway", "regardless"}
    assert said_about(text, anyway, stated_logic, r.analyser) == frozenset()  # no word of the question there
    amount = (await r.candidates(ctx.store, AMOUNT, ctx.names)).roles
    assert said_about(text, amount, stated_logic, r.analyser) == {"regardless"}  # „Mana“, „ausgegeben“
    gold = await ctx.store.passage_by_key("001:1164")
    assert gold is not None and reader(stated_logic, anyway, r.analyser)(gold) == {"absence"}  # „kein Mana“


async def test_the_sibling_saying_the_class_about_another_point_no_longer_leads(ctx: AnswerContext):
    """Seen red with the whole text read (``said_about`` returning ``stated(text)``): 001:1162 leads."""
    r = without_file(await ranker(ctx.store))
    found = await r.candidates(ctx.store, ANYWAY, ctx.names)
    hits = r.rank(found, limit=3).hits
    assert hits[0].passage.key == "001:1164" and "001:1162" in [h.passage.key for h in hits]
    assert (await _text(ctx, "001:1164")).endswith("Daher wird auch die Fähigkeit nicht ausgelöst.")
