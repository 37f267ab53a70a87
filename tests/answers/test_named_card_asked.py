"""A question that names a card and asks what it prints is answered with the card's text, not another card's ruling
or a term row (bot/ranking.py ``_asks_card`` with :data:`bot.stopwords.PRINTED_WORDS`; bot/definitions.py
``stand_in_first``)."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.questions import HEDGE_LINE
from bot.ranking import ranker

#: 001's card texts: Tolsimir Wolfsblut („Legendäre Kreatur — Elf, Krieger“), Rix Maadi, Verlies der Kerker („Land
#: {T}: Erhöhe deinen Manavorrat um {1}.“) and Zur der Verzauberer („Legendäre Kreatur — Mensch, Zauberer“).
TOLSIMIR, RIX_MAADI, ZUR = "001:956", "001:2533", "001:3544"


async def _first(ctx, question: str, n: int = 3):
    r = await ranker(ctx.store)
    return (await r.search(ctx.store, question, ctx.names, limit=n)).hits


async def test_a_supertype_asked_of_a_named_card_is_answered_by_its_text(ctx):
    hits = await _first(ctx, "Ist Tolsimir Wolfsblut legendär?")
    assert hits[0].passage.key == TOLSIMIR and hits[0].passage.text.startswith("Legendäre Kreatur — Elf, Krieger")
    assert "property" in hits[0].parts


async def test_the_mana_a_named_card_makes_is_answered_by_its_text(ctx):
    hits = await _first(ctx, "Wie viel Mana erzeugt Rix Maadi?")
    assert hits[0].passage.key == RIX_MAADI and "Erhöhe deinen Manavorrat um {1}." in hits[0].passage.text


async def test_a_card_whose_name_holds_a_term_is_not_answered_by_the_term_row(ctx):
    hits = await _first(ctx, "Was macht Zur der Verzauberer?")
    assert hits[0].passage.key == ZUR and "property" in hits[0].parts
    row = next(h for h in await _first(ctx, "Was macht Zur der Verzauberer?", 10) if h.passage.key == "term:Verzaubern")
    assert "stand_in" not in row.parts and row.score < hits[0].score


async def test_a_term_row_still_stands_in_without_a_card(ctx):
    # „was heißt im Spiel“: no passage defines it, the row Schlachtfeld („Früher: im Spiel“) stands in
    hits = await _first(ctx, "was heißt im spiel")
    assert hits[0].passage.key == "term:Schlachtfeld" and hits[0].parts.get("stand_in", 0) > 0


async def test_the_frage_page_leads_with_the_card_asked_about(ctx):
    page = (await run_answer(ctx, "question", question="Ist Tolsimir Wolfsblut legendär?")).pages[0]
    assert page.title.startswith("Tolsimir Wolfsblut")
    assert "Legendäre Kreatur — Elf, Krieger" in page.body and HEDGE_LINE not in page.body
