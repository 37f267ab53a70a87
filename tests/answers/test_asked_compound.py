"""A card's one-word name asked about alone that no document holds whole, though its parts are known
(bot/answers/name_signs.py: asked_compound): said as every word no document holds is said, never an ordinary noun."""

from __future__ import annotations

import pytest

from bot.answers import run_answer

NO_DOCUMENT = "steht in keinem Dokument des Bots, auch nicht abgewandelt (vielleicht eine Karte, die dort fehlt)"


@pytest.mark.parametrize("question", ["Was macht Riesenwachstum?", "Was macht Ratsschluss?",
                                      "Was macht der Riesenwachstum?"])
async def test_a_missing_cards_compound_name_is_said(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    word = question.split()[-1].rstrip("?").lower()
    assert f"ℹ️ „{word}“ {NO_DOCUMENT}" in reply.pages[0].body


@pytest.mark.parametrize("question", ["Was macht Kartenstapel?", "Was macht Zauberspruch?", "Was macht Wachstum?",
                                      "Was macht Schneesturm?", "Was macht Boros-Rekrut?"])
async def test_ordinary_nouns_game_words_and_cards_are_no_missing_card(ctx, question):
    # Kartenstapel and Zauberspruch name game terms by their parts (cards, the stack; a spell), Wachstum and
    # Schneesturm are words of the German dictionary, Boros-Rekrut is a card of the Ravnica FAQ
    reply = await run_answer(ctx, "question", question=question)
    assert NO_DOCUMENT not in reply.pages[0].body
