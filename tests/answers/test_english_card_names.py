"""A card's English name its own rulings print (004, Schnellvorlauf: „… apply any cost reductions (such as that of
Fast Forward's first ability)“), is read by every door that reads card names: ``/karte`` and ``/ruling karte``
answer the card, saying how they read the name, as „Karten erklären“ explains the card a message names by it (also
in ``[[…]]``), and the card-name completer offers the German card for it. Before, the completer offered nothing for
„fast forw“, the message command found no card, and until 2026-12-07 evening ``/karte name: Fast Forward`` only
offered the card („Meintest du **Schnellvorlauf**?“)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer, run_completer
from bot.answers.card_picks import card_names
from bot.importer.english_offers import english_runs
from bot.name_offers import english_card, english_cards, english_of
from bot.reply import Choice

FAST = "Schnellvorlauf"
#: The sentence of 004 (Rulings zu Schnellvorlauf, 27.01.2026) that prints the card's English name.
PRINTED = ("To determine the total cost of a spell, start with the mana cost or alternative cost you're paying, add "
           "any cost increases, then apply any cost reductions (such as that of Fast Forward's first ability).")


def test_an_english_sentence_names_its_runs_of_capitalised_words():
    assert english_runs(PRINTED) == ["Fast Forward"]  # „To“ starts the sentence: no sign of a name
    assert english_runs("When Fast Forward resolves, draw a card.") == ["Fast Forward"]
    assert english_runs("Driven and Despair affect only creatures you control.") == ["Despair"]


#: The line above the card, as every door says it.
READ = f"_ℹ️ „Fast Forward“ ist kein Kartenname in der Datenbank; gelesen als **{FAST}**, dessen Rulings es so nennen._"


async def test_the_card_lookup_reads_the_name_as_the_card(ctx):
    reply = await run_answer(ctx, "card", name="Fast Forward")
    assert not reply.error and reply.pages[0].title == FAST
    assert reply.pages[0].body.startswith(READ + "\nDer Kartentext steht in keinem der Dokumente")
    rulings = await run_answer(ctx, "ruling", card="Fast Forward")
    assert not rulings.error and rulings.pages[0].title == f"Rulings: {FAST} (6)"
    assert rulings.pages[0].body.startswith(READ + "\n")
    assert "such as that of Fast Forward's first ability" in "\n".join(p.body for p in rulings.pages)
    bracketed = await run_answer(ctx, "explain_message", text="[[Fast Forward]]")  # as written without brackets
    assert bracketed.pages[0].title == FAST and bracketed.pages[0].body.startswith(READ)


@pytest.mark.parametrize("typed", ["fast forw", "Fast Forward", "fastforward", "FAST FO"])
async def test_the_completer_offers_the_german_card_for_it(ctx, typed):
    offered = await run_completer(ctx, card_names, typed)
    assert Choice(f"{FAST} (engl. Fast Forward)", FAST) in offered


@pytest.mark.parametrize("text", ["goaded durch Fast Forward, muss die angreifen?",
                                  "was macht fast forward mit dem manawert"])
async def test_the_message_command_explains_the_card(ctx, text):
    reply = await run_answer(ctx, "explain_message", text=text)
    assert not reply.error
    page = reply.pages[0]
    assert page.title == FAST
    typed = "Fast Forward" if "Fast" in text else "fast forward"
    assert page.body.startswith(f"_ℹ️ „{typed}“ ist kein Kartenname in der Datenbank; gelesen als **{FAST}**, dessen "
                                "Rulings es so nennen._")


async def test_the_message_command_reads_it_beside_german_names(ctx):
    reply = await run_answer(ctx, "explain_message", text="Boros-Rekrut und Fast Forward im Kampf")
    assert [p.title for p in reply.pages][:2] == ["Boros-Rekrut", FAST]


async def test_a_one_word_english_name_is_read_only_capitalised(ctx):
    """„Driven“ names Getrieben // Verzweiflung (002), the English verb of a sentence does not."""
    reply = await run_answer(ctx, "explain_message", text="Was macht Driven?")
    assert reply.pages[0].title == "Getrieben // Verzweiflung"
    assert (await run_answer(ctx, "explain_message", text="I was driven to despair")).error


@pytest.mark.parametrize("question", ["Fast Forward oder Boros-Rekrut", "fast forward vs boros-rekrut"])
async def test_a_comparison_side_reads_it_as_the_card(ctx, question):
    # before: „ℹ️ Nicht gelesen: „Fast Forward“ nennt keine Mechanik, keinen Begriff und keine Karte der Dokumente“
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    assert page.title == f"{FAST} · Boros-Rekrut"
    assert "gelesen als englischer Name von **Schnellvorlauf**." in page.body and "Nicht gelesen" not in page.body
    assert "Ruling zu **Schnellvorlauf** · Rulings zu Schnellvorlauf, 27.01.2026" in page.body


async def test_one_reading_of_an_english_name_answers_which_cards_it_names(ctx):
    """english_cards is the one reading; english_card (the card, when one) and english_of (this card?) ask it:
    „Driven“ and „Driven // Despair“ name Getrieben // Verzweiflung (002), „fast forward“ Schnellvorlauf (seen red
    with english_cards comparing the typed name unfolded)."""
    ids = {c.card_name: c.card_id for c in await ctx.store.name_entries()}
    fast, driven = ids[FAST], ids["Getrieben // Verzweiflung"]
    assert english_cards(ctx.store, "fast forward") == english_cards(ctx.store, "Fast-Forward") == {fast}
    assert english_cards(ctx.store, "Driven") == english_cards(ctx.store, "Driven // Despair") == {driven}
    assert english_cards(ctx.store, "Schnellvorlauf") == english_cards(ctx.store, "  ") == frozenset()
    assert english_card(ctx.store, "fast forward") == fast and english_card(ctx.store, "Fast Backward") is None
    assert english_of(ctx.store, "fast forward", fast) and not english_of(ctx.store, "fast forward", driven)
