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


async def test_a_rule_only_mentioned_names_its_term_and_where_the_documents_use_it(ctx):
    # 701.6 is Neutralisieren (Counter) in data/terms_de_en.tsv; no document quotes it, 003's 112.1 refers to it
    reply = await run_answer(ctx, "rule", search="701.6")
    page = reply.pages[0]
    assert page.title == "Regel 701.6: nicht enthalten – Neutralisieren"
    assert page.body.startswith("**Neutralisieren** (englisch *Counter*): Schlüsselwortaktion, heute Regel **701.6**."
                                "\nDer Wortlaut von Regel 701.6 steht in keinem Dokument des Bots. Die Regelerklärung "
                                "(Dokument 003) verweist an 1 Stelle darauf:\n• **Regel 112.1 (Erklärung)**")
    # the term's uses, as its own page lists them: Gildenbund's section Spuk (22.12.2005)
    assert "\n\n**Neutralisieren in den Dokumenten des Bots:**\n" in page.body
    assert ("• Ruling zu **Abschnitt „Spuk“** (Gildenbund – Häufig gestellte Fragen, 22.12.2005): Wird ein "
            "Spontanzauber oder eine Hexerei mit Spuk **neutralisiert**, wird ihre Spuk-Fähigkeit nicht "
            "ausgelöst.") in page.body
    assert reply.source.endswith("· Begriffstabelle Deutsch–Englisch (Comprehensive Rules vom 17.04.2026)")
