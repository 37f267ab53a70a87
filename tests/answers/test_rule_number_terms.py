"""``/regel suche: 702.19``: a rule no document quotes, whose term the documents use, shows where they use it — the
entries of the term's own page (``/regel suche: Trampelschaden``), as the button ``/ruling suche: 702.19`` offers
promises („was die Dokumente unter ihr … sagen“)."""

from __future__ import annotations

from bot.answers import run_answer


async def test_a_rule_no_document_quotes_shows_where_they_use_its_term(ctx):
    by_number = (await run_answer(ctx, "rule", search="702.19")).pages[0]
    by_term = (await run_answer(ctx, "rule", search="Trampelschaden")).pages[0]
    assert by_number.title == "Regel 702.19 (heute) – Trampelschaden"
    assert "Kein Dokument des Bots zitiert diese Regel.\n\n**Trampelschaden in den Dokumenten des Bots:**\n" in (
        by_number.body)
    # the same rulings as the term's page: Gruul-Kriegspflug of Gildenbund's FAQ (22.12.2005), 002's Getrieben
    for ruling in ("• Ruling zu **Gruul-Kriegspflug** (Gildenbund – Häufig gestellte Fragen, 22.12.2005): Während er "
                   "eine Kreatur ist, gibt sich der Kriegspflug die Fähigkeit, **Trampelschaden** zu verursachen.",
                   "• Ruling zu **Getrieben // Verzweiflung**"):
        assert ruling in by_number.body and ruling in by_term.body
    # the end step (513): the rulings on the Zugende-Segment under today's term
    end = (await run_answer(ctx, "rule", search="513")).pages[0].body
    assert "**Endsegment in den Dokumenten des Bots:**\n• Ruling zu **Berührung des Äthermagiers**" in end


async def test_a_rule_whose_term_no_document_uses_says_only_that_none_quotes_it(ctx):
    body = (await run_answer(ctx, "rule", search="702.85")).pages[0].body  # Kaskade: the term table's line alone
    assert body.endswith("Kein Dokument des Bots zitiert diese Regel.")
    assert "in den Dokumenten des Bots" not in body
