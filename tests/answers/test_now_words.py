"""A word asking for today's state („heute“, „jetzt“, „aktuell“) beside a card's name asks what the card prints, as
the question without it does: it never moves the named card's answer away (bot/ranking.py, ``Ranker._about``;
:data:`bot.stopwords.NOW_WORDS`)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.ranking import ranker

#: The card text of Krims // Krams, Zwietracht's FAQ (001): „Wirf eine Münze. …“.
KRIMS_KRAMS_TEXT = "001:2358"


@pytest.mark.parametrize("now", ["", " heute", " jetzt", " aktuell"])
async def test_a_now_word_keeps_the_named_cards_text_first(ctx, now):
    reply = await run_answer(ctx, "question", question=f"Welchen Manawert hat Krims // Krams{now}?")
    page = reply.pages[0]
    assert page.title == "Krims // Krams"
    assert page.body.split("\n\n")[1].startswith("**Krims // Krams** (Kartentext)")
    assert "Getrieben // Verzweiflung" not in page.title


async def test_the_search_ranks_the_card_text_first_with_heute(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "Welchen Manawert hat Krims // Krams heute?", ctx.names, limit=3)
    assert found.hits[0].passage.key == KRIMS_KRAMS_TEXT
