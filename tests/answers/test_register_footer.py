"""A ``/frage`` page led by the change register's rows quotes other documents' „Früher“ than the passage it shows
whole: its footer names every one of them, each with its date (bot/answers/sources.py, ``footer_sources``)."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.sources import footer_sources


async def test_the_footer_names_every_document_the_register_page_quotes(ctx):
    reply = await run_answer(ctx, "question", question="Gibt es noch Manabrand?")
    body = reply.pages[0].body
    # the rows quote Ravnica's FAQ (001, „Kann der Spieler das Mana nicht verwenden, erleidet er … Manabrand“) and
    # Kälteeinbruch's (Tressen aus Feuer); the page shows Zwietracht's ruling on Grundlegende Resonanz (001:2277)
    assert "**Früher** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005)" in body
    assert "**Früher** (Kälteeinbruch – Häufig gestellte Fragen, 01.06.2006)" in body
    assert "_Schlüssel: 001:2277_" in body
    assert reply.source == ("Zwietracht – Häufig gestellte Fragen (17.03.2006) · Ravnica: Stadt der Gilden – Häufig "
                            "gestellte Fragen (30.08.2005) · Kälteeinbruch – Häufig gestellte Fragen (01.06.2006)")
    assert not reply.date  # several dates: each beside its document


async def test_a_page_of_one_document_keeps_its_source_and_date(ctx):
    reply = await run_answer(ctx, "question", question="was macht Boros-Rekrut")
    assert (reply.source, reply.date) == ("Ravnica: Stadt der Gilden – Häufig gestellte Fragen", "2005-08-30")
    rulings = [p for p in [await ctx.store.passage_by_key(k) for k in ("001:2358", "001:2368")] if p]
    assert footer_sources(rulings) == ("Zwietracht – Häufig gestellte Fragen", "2006-03-17")  # one document, once
