"""One excerpt mechanism on every answer path (bot/excerpts.py): its sentence split at a closing German quote, and the
question as typed reaching the excerpts of a ``/frage`` comparison's further candidates."""

from __future__ import annotations

import pytest

from bot.answers import questions, run_answer
from bot.excerpts import excerpt
from bot.ranking import ranker
from bot.snippets import sentences
from bot.store import Store

#: 003:204 (Meteor Crater): the card's quoted ability ends the second sentence, inside its closing quote.
METEOR = ("Beispiel: Meteor Crater hat die Fähigkeit „{T}: Wähle eine Farbe eines Permanents, das du kontrollierst. "
          "Erzeuge ein Mana dieser Farbe.“")
NO_PERMANENT = "Kontrollierst du kein farbiges Permanent, erzeugt die Manafähigkeit von Meteor Crater kein Mana."


async def _text(store: Store, key: str) -> str:
    row = await store.fetchone("SELECT text FROM passages WHERE key = ?", (key,))
    assert row is not None, key
    return str(row[0])


async def test_a_sentence_ends_inside_a_closing_quote(store: Store):
    # „… dieser Farbe.“ Kontrollierst …: two sentences, the quotation whole in the first
    parts = sentences(await _text(store, "003:204"))
    assert parts[1:] == [METEOR, NO_PERMANENT]
    # 001:2827 (Kumulative Versorgung, rule 502.13a): the quoted rule text, then the sentence on choices
    parts = sentences(await _text(store, "001:2827"))
    assert parts[1].endswith("falls du nicht für jede Altersmarke auf ihr [Kosten] bezahlst.“")
    assert parts[2] == "Wenn du bei [Kosten] Auswahlmöglichkeiten hast, bestimmst du bei jeder Altersmarke neu."
    # a straight quote and a bracket inside a quotation still keep it one sentence (no split inside „…“)
    assert sentences("Er sagt „Halt. Stopp.“ Dann geht er.") == ["Er sagt „Halt. Stopp.“", "Dann geht er."]


async def test_the_excerpt_shows_the_sentence_after_a_quotation(store: Store):
    # the question asks what happens without a coloured permanent: 003:204's last sentence answers it, shown
    # on its own (before, it was one sentence with the quoted ability and cut at the budget)
    r = await ranker(store)
    question = "meteor crater kein farbiges permanent"
    shown = excerpt(await _text(store, "003:204"), r.analyser.analyse(question, question=True), r.analyser,
                    question, 120, weights=r.term_weights)
    assert shown == f"… {NO_PERMANENT}"


async def test_a_comparison_s_candidates_are_excerpted_for_the_question(ctx, monkeypatch: pytest.MonkeyPatch):
    # 001:2827 (911 characters) is a further candidate of this comparison: its excerpt is made for the question
    # as typed (its action and pairs of words), as every other /frage candidate's
    question = "was ist der unterschied zwischen kumulative versorgung und einziehen"
    asked: list[str] = []

    def spied(text, analysis, a, typed, limit, **kwargs):
        asked.append(typed)
        return excerpt(text, analysis, a, typed, limit, **kwargs)

    monkeypatch.setattr(questions, "excerpt", spied)
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in page.body
    field = next(f for f in page.fields if "Regel 502.13a" in f.name)
    assert "Wenn du bei [Kosten] Auswahlmöglichkeiten hast, bestimmst du bei jeder Altersmarke neu." in field.value
    assert asked == [question]
