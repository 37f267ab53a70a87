"""A side of a comparison that is a number the ranking read is compared, never said to be unread: ``/frage frage:
20 oder 40 leben`` said „ℹ️ Nicht gelesen: „20“ nennt keine Mechanik, keinen Begriff und keine Karte der Dokumente;
verglichen wird nur der Rest.“ and then listed 003's 103.4 („Jeder Spieler beginnt die Partie mit 20
Lebenspunkten.“) second: the sides were read by concept or card only, while the ranking reads numbers as words."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.compared import number_passage
from bot.ranking import ranker

#: 003:75, Regel 103.4 (Erklärung), and 003:81, Regel 103.4c (Erklärung).
TWENTY = "Jeder Spieler beginnt die Partie mit 20 Lebenspunkten."
FORTY = "In einer Commander-Partie beginnt jeder Spieler mit 40 Lebenspunkten."


@pytest.mark.parametrize("question", ["20 oder 40 leben", "zwanzig oder vierzig leben", "20 oder 40 Leben?"])
async def test_a_number_side_the_ranking_read_leads_with_its_passage(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    assert "Nicht gelesen" not in page.body
    assert page.title == "Regel 103.4 (Erklärung) · Regel 103.4c (Erklärung)"
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in page.body
    assert page.body.index(TWENTY) < page.body.index(FORTY)


async def test_a_number_no_hit_holds_is_still_said_unread(ctx):
    page = (await run_answer(ctx, "question", question="777 oder 40 leben")).pages[0]
    assert "ℹ️ Nicht gelesen: „777“ nennt keine Mechanik, keinen Begriff und keine Karte der Dokumente" in page.body


async def test_the_number_passage_is_the_first_hit_holding_every_number(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "20 oder 40 leben", ctx.names, limit=6)
    assert number_passage(r, "20", found.hits).key == "003:75"
    assert number_passage(r, "40", found.hits).key == "003:81"
    assert number_passage(r, "quarkbrot", found.hits) is None  # no number: a word side is judged as before
    assert number_passage(r, "777", found.hits) is None
