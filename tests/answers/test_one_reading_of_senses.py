"""A term page says what the documents mean by the typed word once, from one reading of
``data/terms_documents.tsv``: ``/mechanik name: provozieren`` said „In Dokument 004 steht „provozieren“ für
Aufstacheln“ atop the page and then „Die Dokumente des Bots verwenden diesen Begriff nicht.“, though 004 writes the
word five times (in the sense of goad, 701.15) and the page listed those rulings below. Now the line on the term's
own use says in which sense the documents do not use the word and what 004 means by it."""

from __future__ import annotations

import pytest

from bot.answers import run_answer

LINE = ("Im Sinn von **Provozieren** (Provoke) verwenden die Dokumente des Bots das Wort nicht; in Dokument 004 steht "
        "„{word}“ für Aufstacheln (Goad, Regel 701.15), unten aufgeführt.")


@pytest.mark.parametrize(("kind", "option", "typed", "word"), [
    ("mechanic", "name", "provozieren", "provozieren"), ("mechanic", "name", "provoziert", "provoziert"),
    ("rule", "search", "provozieren", "provozieren"), ("rule", "search", "Provozieren", "provozieren")])
async def test_the_page_says_the_document_s_sense_once_and_never_that_the_word_is_unused(ctx, kind, option, typed,
                                                                                        word):
    page = (await run_answer(ctx, kind, **{option: typed})).pages[0]
    assert page.title == "Provozieren – Regel 702.39"
    body = page.body
    assert LINE.format(word=word) in body
    assert "verwenden diesen Begriff nicht" not in body
    assert body.count("für Aufstacheln") == 1  # not also as the note atop the page
    assert "die Rulings, die ihn verwenden" not in body
    # 004's rulings follow under the sense the line names: 004:13 „… von mehreren Gegnern **provoziert** wurde …“
    own, _, goad = body.partition("**In den Dokumenten des Bots als Aufstacheln (Goad):**")
    assert LINE.format(word=word) in own and "von mehreren Gegnern **provoziert** wurde" in goad


async def test_a_word_the_documents_use_as_no_term_keeps_its_note_and_the_unused_line(ctx):
    """001 prints „Leere“ only in card names (Ley-Linie der Leere, Maul der Leere): no other term meant, so the page
    of Leere (Devoid) keeps the note atop it and says the term is not used."""
    body = (await run_answer(ctx, "rule", search="Leere")).pages[0].body
    assert body.startswith("_In Dokument 001 ist „leere“ kein Begriff: Kartennamen „Ley-Linie der Leere“")
    assert "Die Dokumente des Bots verwenden diesen Begriff nicht." in body
