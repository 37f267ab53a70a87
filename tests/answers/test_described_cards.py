"""A question that speaks of a card by its creature type after an article („der Elf“, „der Goblin mit Erstschlag“)
and names no card ranks the card texts of that type as a question naming the card does (the ruling's prior instead
of the card text's; bot/question_cards.py, ``article_nouns`` and ``described_card``): „Elf“ there is the creature
type printed in the type lines, not the number eleven of a ruling („elf bleibende Karten“, 001:2506)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.question_cards import article_nouns
from bot.ranking import ranker

#: The card texts of 001: Borealis-Druide („Verschneite Kreatur — Elf, Druide“, Kälteeinbruch) and Boros-Rekrut
#: („Kreatur — Goblin, Soldat … Erstschlag“, Ravnica).
BOREALIS_DRUIDE, BOROS_REKRUT = "001:2783", "001:26"


@pytest.mark.parametrize(("question", "first"), [
    ("Was macht der Elf?", BOREALIS_DRUIDE),
    ("Kann der Goblin mit Erstschlag blocken?", BOROS_REKRUT),
])
async def test_a_creature_type_after_an_article_finds_a_card_of_that_type(ctx, question, first):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    assert found.hits[0].passage.key == first
    assert "001:2506" not in [h.passage.key for h in found.hits[:1]]  # Rakdos's ruling on eleven permanents


def test_article_nouns_are_the_capitalised_words_after_an_article():
    assert article_nouns("Was macht der Elf?") == {"elf"}
    assert article_nouns("Kann der Goblin mit Erstschlag den Angreifer blocken?") == {"goblin", "angreifer"}
    assert article_nouns("kontrolliert er elf bleibende Karten") == frozenset()  # no article: a number
    # written small it is a noun where it ends the clause (since 2026-12-07 late evening: „was macht der elf“ led with
    # Rakdos's „elf bleibende Karten“), not before another word („der elf bleibende karten“)
    assert article_nouns("was macht der elf") == {"elf"}
    assert article_nouns("opfert er der elf bleibende karten") == frozenset()


async def test_a_card_found_by_its_creature_type_is_no_answer_from_outside_the_documents(ctx):
    # the lead is the card the question speaks of: no „🚫 Dazu sagen die Dokumente … nichts“
    reply = await run_answer(ctx, "question", question="Was macht der Elf?")
    assert "Borealis-Druide" in reply.pages[0].body and "🚫" not in reply.pages[0].body
    assert not reply.pages[0].title.startswith("Nichts dazu")

