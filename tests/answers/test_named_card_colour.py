"""A colour named beside a card asks what the card prints (:data:`bot.stopwords.PRINTED_WORDS`, CR 105.1, 105.2: a
card's colours are those of the mana symbols in its cost): the card's text leads, as for „welche Farben hat …“
(issue 19: „A question that names a card … ranks that card's rulings first“; docs/ranking.md ¹⁶⁷)."""

from __future__ import annotations

import pytest

from bot.answers.frage_search import frage_search
from bot.ranking import ranker

#: 001's card text of Boros-Rekrut: „Kreatur — Goblin, Soldat ({R/W} kann entweder mit {R} oder mit {W} bezahlt …“.
BOROS_REKRUT = "001:26"


@pytest.mark.parametrize("question", [
    "ist der boros-rekrut blau?", "ist boros rekrut rot", "welche farben hat boros rekrut"])
async def test_a_colour_asked_of_a_named_card_is_answered_by_its_text(ctx, question):
    r = await ranker(ctx.store)
    hits = (await frage_search(ctx, r, question, 5)).found.hits
    assert hits[0].passage.key == BOROS_REKRUT and "{R/W}" in hits[0].passage.text
    assert "property" in hits[0].parts


async def test_a_colour_beside_other_words_asks_more_than_the_card(ctx):
    # „blau“ asks what the card prints only when nothing else is asked: here the cost's payment is asked too
    r = await ranker(ctx.store)
    hits = (await frage_search(ctx, r, "kann ich boros rekrut mit blauem mana bezahlen", 5)).found.hits
    assert "property" not in hits[0].parts
