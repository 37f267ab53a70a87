"""``/frage`` answers with nothing behind them (bot/answers/hollow.py): a best passage that holds none of the game
terms the question names is hedged; a question of asking verbs only names nothing and is asked back."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.hollow import asks_only, hollow_lead
from bot.answers.questions import HEDGE_LINE
from bot.ranking import ranker


async def test_a_lead_sharing_only_general_words_is_hedged(ctx):
    # „Runde“ is the game term Spielzug (turn); the best passage, Zytoplast-Manipulator's ruling, only „dauert so lange“
    reply = await run_answer(ctx, "question", question="wie lange dauert eine runde")
    body = reply.pages[0].body
    assert reply.pages[0].title == "Zytoplast-Manipulator"
    assert "Der Wechsel des Beherrschers dauert so lange, wie der Zytoplast-Manipulator sich im Spiel befindet." in body
    assert body.startswith("Frage: „wie lange dauert eine runde“\n" + HEDGE_LINE)


@pytest.mark.parametrize("question", [
    "Karn Liberated startet das spiel neu, was heißt das genau",  # t2-051: „Spieler“ holds „Spiel“ (003:170)
    "muss ich beim transmutieren eigentlich was finden?",  # q049: the passage names Transmutation (001:132)
    "was passiert wenn ein richter eine strafe gibt",  # no game term named: not this rule's question
])
async def test_a_lead_holding_the_named_term_is_not_hollow(ctx, question):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    assert not hollow_lead(found, r)


async def test_hollow_names_the_rule(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "wie lange dauert eine runde", ctx.names, limit=5)
    assert hollow_lead(found, r)
    assert found.hits[0].passage.title == "Zytoplast-Manipulator"


@pytest.mark.parametrize("question", [
    "was macht " + "\u200b" * 300,  # invisible characters after „was macht“
    "wie funktioniert",
    "was bedeutet das",
])
async def test_only_asking_verbs_are_asked_back(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    assert reply.error
    assert reply.pages[0].title.startswith("Wonach fragst du? „")
    assert reply.pages[0].title.endswith("“ nennt nichts")
    assert "\u200b" not in reply.pages[0].title
    assert "„Was macht Spuk?“" in reply.pages[0].body


@pytest.mark.parametrize("question", ["was macht spuk", "was macht blitzschlange", "wie funktioniert 702.19",
                                      "wer ist mit 'du' gemeint", "wer ist mit „du“ gemeint",  # a quoted word
                                      "wer ist mit ‚du‘ gemeint", "wer ist mit »du« gemeint", "wer ist `du`",
                                      "wer ist mit «dein» gemeint"])
async def test_a_named_thing_is_no_asking_only(ctx, question):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    assert not asks_only(found, r)
    reply = await run_answer(ctx, "question", question=question)
    assert not reply.error
    if "du" in question:  # 003:339 „Die Wörter „du“ und „dein“ auf einem Objekt meinen dessen Beherrscher …“
        assert "003:339" in [found.hits[i].passage.key for i in range(len(found.hits))]


@pytest.mark.parametrize(("question", "key", "title"), [
    # each led by the mechanic's definition paragraph of 001; before, each carried the ⚖️ hedge (the same
    # mechanic's quoted rule ranks close behind)
    ("what does haunt do", "001:1078", "Spuk"),
    ("what is graft", "001:1942", "Pfropfen"),
    ("how does convoke work", "001:58", "Einberufen"),
    ("what does bloodthirst do", "001:1052", "Blutdurst"),
    ("was macht spuk", "001:1078", "Spuk"),
])
async def test_a_definition_question_led_by_its_mechanic_s_definition_is_confident(ctx, question, key, title):
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    assert reply.pages[0].title == title and f"_Schlüssel: {key}_" in body
    assert HEDGE_LINE not in body


async def test_a_definition_question_naming_two_things_stays_hedged(ctx):
    # two mechanics named, no comparison frame: no one definition answers it
    reply = await run_answer(ctx, "question", question="was macht spuk mit pfropfen")
    assert HEDGE_LINE in reply.pages[0].body
