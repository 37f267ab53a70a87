"""A card's shortened name (CR 201.5c: the part of a legendary's name before its comma, as its own text and the
FAQs call it) answers that card, with a line saying how the name was read; a shortened name two cards share, or a
word that only begins a name, still gets "Meintest du"."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.search import EXACT_MATCH, SHORT, TYPO, UNCLEAR

SHORT_NAMES = {
    "Szadek": "Szadek, Herr der Geheimnisse",
    "circu": "Circu, Dimir-Lobotomist",
    "Razia": "Razia, Boros-Erzengel",  # not Razias Läuterung, which „Razia“ only begins
    "Agrus Kos": "Agrus Kos, Wojek-Veteran",
}


@pytest.mark.parametrize(("typed", "card"), sorted(SHORT_NAMES.items()))
async def test_a_shortened_name_answers_its_card_and_says_so(ctx, typed, card):
    found = ctx.names.lookup(typed)
    assert found.how == SHORT and found.hit is not None and found.hit.card_name == card
    reply = await run_answer(ctx, "card", name=typed)
    assert reply.pages[0].title == card
    assert f"„{typed}“ ist der kurze Name von {card} (Regel 201.5c)." in reply.pages[0].body


@pytest.mark.parametrize("typed", ["Agrus", "Razias", "Szad", "Szade"])  # Szade: begun, not mistyped
def test_a_word_that_only_begins_a_name_is_offered_not_answered(ctx, typed):
    found = ctx.names.lookup(typed)
    assert found.hit is None and found.how == UNCLEAR and found.candidates


async def test_the_message_command_says_how_a_bracketed_shortened_name_was_read(ctx):
    reply = await run_answer(ctx, "explain_message", text="Was macht [[Szadek]]?")
    assert reply.pages[0].title == "Szadek, Herr der Geheimnisse"
    assert "„Szadek“ ist der kurze Name von Szadek, Herr der Geheimnisse (Regel 201.5c)." in reply.pages[0].body


async def test_a_calculator_says_how_a_shortened_name_was_read(ctx):
    reply = await run_answer(ctx, "mana_info", cost="Szadek")
    assert "„Szadek“ ist der kurze Name von Szadek, Herr der Geheimnisse (Regel 201.5c)." in "\n".join(
        p.body for p in reply.pages)


@pytest.mark.parametrize("typed", ["szadec", "sadek", "Szadke"])  # a wrong, a dropped, two swapped letters
async def test_a_slip_in_a_shortened_name_answers_its_card_as_a_typo(ctx, typed):
    found = ctx.names.lookup(typed)
    assert found.how == TYPO and found.hit is not None and found.hit.card_name == "Szadek, Herr der Geheimnisse"
    reply = await run_answer(ctx, "card", name=typed)
    assert reply.pages[0].title == "Szadek, Herr der Geheimnisse"
    assert (f"„{typed}“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Szadek, Herr der "
            "Geheimnisse.") in reply.pages[0].body


async def test_frage_reads_a_slip_in_a_shortened_name_as_the_card(ctx):
    # before: „„szadec“ steht in keinem Dokument des Bots“ and a hedge, although Szadek's rulings were answered
    reply = await run_answer(ctx, "question", question="was macht szadec")
    body = reply.pages[0].body
    assert reply.pages[0].title == "Szadek, Herr der Geheimnisse"
    assert "steht in keinem Dokument" not in body and "⚖️" not in body
    assert "am ähnlichsten geschrieben: Szadek, Herr der Geheimnisse." in body


@pytest.mark.parametrize("typed", ["||Szadek||", "**Szadek**", "`Szadek`", "_Szadek_", "~~Szadek~~", "*Szadek*"])
async def test_a_name_in_discords_markdown_wrappers_is_read_as_typed_plainly(ctx, typed):
    # spoiler, bold, code, italics, strike-through: the wrappers are no part of a name (before: „Keine Karte“ for
    # „||Szadek||“ while „`szadec`“ was read as the card)
    found = ctx.names.lookup(typed)
    assert found.how == SHORT and found.hit is not None and found.hit.card_name == "Szadek, Herr der Geheimnisse"
    reply = await run_answer(ctx, "card", name=typed)
    assert reply.pages[0].title == "Szadek, Herr der Geheimnisse"
    slipped = await run_answer(ctx, "card", name="||szadec||")
    assert slipped.pages[0].title == "Szadek, Herr der Geheimnisse"


@pytest.mark.parametrize(("typed", "card"), [
    ("krims krams", "Krims // Krams"),  # the halves in printed order, without „//“ (CR 709.1)
    ("Krims-Krams", "Krims // Krams"),
    ("getrieben verzweiflung", "Getrieben // Verzweiflung"),
])
async def test_a_split_cards_halves_typed_in_order_are_its_name(ctx, typed, card):
    found = ctx.names.lookup(typed)
    assert found.how == EXACT_MATCH and found.hit is not None and found.hit.card_name == card
    reply = await run_answer(ctx, "card", name=typed)
    assert reply.pages[0].title == card and "steht so nicht in der Datenbank" not in reply.pages[0].body
    asked = await run_answer(ctx, "question", question=f"welchen manawert hat {typed}")
    assert "steht so nicht in der Datenbank" not in asked.pages[0].body


def test_a_split_cards_halves_in_another_order_stay_a_typo(ctx):
    found = ctx.names.lookup("krams krims")  # no spelling of the name: read as the nearest, and said so
    assert found.how == TYPO and found.hit is not None and found.hit.card_name == "Krims // Krams"
