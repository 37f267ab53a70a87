"""A card half remembered by its first word in another declined form (bot/declined_names.py): 001 (Kälteeinbruch-
FAQ) prints Phobisches Traumwesen; ``/frage`` read „phobisches traumding“ as that card by its rare name word, while
"Karten erklären" found no card in „kennt wer den phobischen traumding?“ and the name completer offered nothing
for „phobischen traumding“."""

from __future__ import annotations

from bot.answers import run_answer, run_completer
from bot.answers.cards import card_names
from bot.declined_names import completed, declined_card

PHOBIC = "Phobisches Traumwesen"


async def test_a_message_names_a_card_by_its_first_word_declined(ctx):
    reply = await run_answer(ctx, "explain_message", text="kennt wer den phobischen traumding?")
    assert [p.title for p in reply.pages] == [PHOBIC]
    assert reply.pages[0].body.startswith(f"_ℹ️ „phobischen“ gelesen als Teil des Namens von **{PHOBIC}**._\n")


async def test_the_completer_offers_the_card_of_a_declined_first_word_when_nothing_else_fits(ctx):
    assert [c.value for c in await run_completer(ctx, card_names, "phobischen traumding")] == [PHOBIC]
    # something else fits: the index's own offers stay as they were
    assert [c.value for c in await run_completer(ctx, card_names, "traumding")] == ["Traumleine"]


def test_only_the_first_word_of_one_card_in_another_form_reads_a_card(ctx):
    names = ctx.names
    assert completed(names, "phobische traumkram").card_name == PHOBIC
    assert completed(names, "phobisches traumkram").card_name == PHOBIC  # the completer: as printed too
    assert declined_card("phobisches", names.lookup("phobisches")) is None  # a message: offered, not read
    for typed in ("traumwesen", "traumding", "phob", "boros", ""):  # a later word; no name word; too short; many cards
        assert completed(names, typed) is None, typed
    assert declined_card("boros-rekrut", names.lookup("boros-rekrut")) is None  # a hit is read as it is
