"""After an article a word that ends its clause is a noun in any case: „was macht der elf“ asks about an Elf, as
„Was macht der Elf?“ does, not about the number eleven (bot/question_cards.py: article_nouns)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.question_cards import article_nouns


def test_a_clause_ending_word_after_an_article_is_a_noun():
    assert article_nouns("was macht der elf") == {"elf"}
    assert article_nouns("Was macht der Elf?") == {"elf"}
    assert article_nouns("blockt der goblin, oder der elf?") == {"goblin", "elf"}  # a comma ends a clause too
    # a number word before its noun is no noun: Rakdos der Schänder's ruling counts „elf bleibende Karten“
    assert article_nouns("rakdos der schänder elf bleibende karten wie viele muss ich opfern") == frozenset()


@pytest.mark.parametrize("question", ["was macht der elf", "Was macht der Elf?"])
async def test_was_macht_der_elf_leads_with_the_elf_druid(ctx, question):
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    # Borealis-Druide, „Verschneite Kreatur — Elf, Druide“ (Kälteeinbruch FAQ), not Rakdos's „elf bleibende Karten“
    assert page.title == "Borealis-Druide"
    assert "Rakdos" not in page.body.split("_Schlüssel:")[0]
