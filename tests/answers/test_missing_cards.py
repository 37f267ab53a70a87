"""A hyphened card name the store lacks, asked in ``/frage`` (bot/answers/missing_cards.py): said as ``/karte`` says
it („Keine Karte „…“ gefunden“), with the cards of the store near it; no such note for a card of the store, a game
term or a word a document prints."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.questions import HEDGE_LINE


async def test_a_hyphened_name_of_no_card_gets_the_card_note(ctx):
    question = "kann ich den Dimir-Wächter opfern?"
    card = await run_answer(ctx, "card", name="Dimir-Wächter")  # /karte's wording for the same name
    assert card.error and card.pages[0].title == "Keine Karte „Dimir-Wächter“ gefunden"
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    line = ("ℹ️ Keine Karte „Dimir-Wächter“ gefunden: kein Dokument des Bots nennt eine Karte dieses Namens; die "
            "Stellen unten gelten nicht ihr. Karten mit „Dimir“ im Namen: ")
    assert body.startswith(f"Frage: „{question}“\n{line}")
    # the store's cards of that word (001: Dimir-Doppelgänger, Circu, Dimir-Lobotomist)
    assert "**Dimir-Doppelgänger**" in body and "**Circu, Dimir-Lobotomist**" in body
    assert HEDGE_LINE in body  # the passages below answer only the rest of the question
    assert "gelesen als die Dimir-Gilde" not in body  # „Dimir“ names the missing card here, not the guild


async def test_the_note_offers_karte_s_candidates(ctx):
    # „Golgari-Braun“: the name only begun, /karte offers Golgari-Braunschuppe (001)
    reply = await run_answer(ctx, "question", question="kann ich Golgari-Braun blocken")
    assert "ℹ️ Keine Karte „Golgari-Braun“ gefunden" in reply.pages[0].body
    assert "Meintest du: **Golgari-Braunschuppe**?" in reply.pages[0].body


@pytest.mark.parametrize("question", [
    "kann ich den Boros-Rekrut opfern?",  # a card of the store
    "kann ich Golgari-Grabtrol opfern",  # a typo of Golgari-Grabtroll: /karte's typo line instead
    "was ist eine Permanent-Karte",  # 003:353 prints „Permanent-Karte“
    "was ist mit der Selesnija-Gilde",  # 001 prints the guild
    "wie geht Mana-Burn",  # the synonym group Manabrand
    "wann sind Ruling-Absatz und ISO-Datum gleich",  # no word of a card's name
])
async def test_no_card_note_for_a_card_a_term_or_a_printed_word(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    assert "ℹ️ Keine Karte" not in reply.pages[0].body


@pytest.mark.parametrize(("question", "shown", "near"), [
    ("was macht dimirwächter", "Dimirwächter", "**Dimir-Doppelgänger**"),
    ("was macht der dimir wächter", "Dimir Wächter", "**Circu, Dimir-Lobotomist**"),
    ("was macht der selesnija gildenmagier", "Selesnija Gildenmagier", "**Rakdos-Gildenmagier**"),
])
async def test_a_missing_name_without_its_hyphen_gets_the_card_note(ctx, question, shown, near):
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert f"ℹ️ Keine Karte „{shown}“ gefunden: kein Dokument des Bots nennt eine Karte dieses Namens" in body
    assert near in body and HEDGE_LINE in body
    assert "-Gilde, ihre Mechanik" not in body  # the guild's word names the missing card, not the guild


@pytest.mark.parametrize("question", [
    "was macht der rakdos gildenmagier",  # Rakdos-Gildenmagier of 002 (Zwietracht)
    "was macht dimir doppelgänger",  # Dimir-Doppelgänger of 001
    "was machen orzhov karten",  # the guild: Spuk
])
async def test_no_card_note_for_a_card_or_a_guild_written_apart(ctx, question):
    assert "ℹ️ Keine Karte" not in (await run_answer(ctx, "question", question=question)).pages[0].body


async def test_the_ruling_search_says_a_missing_card(ctx):
    # /ruling suche's hits for „Gruul-Schamane“ are Gruul-Nodorog's rulings (001, Gildenbund): said first
    reply = await run_answer(ctx, "ruling", search="Gruul-Schamane")
    line = ("ℹ️ Keine Karte „Gruul-Schamane“ gefunden: kein Dokument des Bots nennt eine Karte dieses Namens; die "
            "Stellen unten gelten nicht ihr. Karten mit „Gruul“ im Namen: **Gruul-Nodorog**, **Gruul-Kriegspflug**.")
    assert reply.pages[0].body.startswith(line)
    assert "ℹ️ Keine Karte" not in (await run_answer(ctx, "ruling", search="Boros-Rekrut")).pages[0].body


@pytest.mark.parametrize("text", ["[[Dimir-Wächter]]", "Dimir-Wächter ist mein Lieblingskarte"])
async def test_the_message_command_says_a_missing_card(ctx, text):
    reply = await run_answer(ctx, "explain_message", text=text)
    body = reply.pages[0].body
    assert ("Kein Dokument des Bots nennt eine Karte „Dimir-Wächter“. Karten mit „Dimir“ im Namen: "
            "**Dimir-Doppelgänger**, **Circu, Dimir-Lobotomist**.") in body
    assert "ist eine Gilde" not in body  # „Dimir“ is the missing card's word here, not the guild


async def test_karte_says_a_missing_card_with_its_words_cards(ctx):
    reply = await run_answer(ctx, "card", name="Dimir-Wächter")
    assert reply.pages[0].title == "Keine Karte „Dimir-Wächter“ gefunden"
    assert reply.pages[0].body.startswith("Kein Dokument des Bots nennt eine Karte „Dimir-Wächter“. Karten mit")


async def test_a_hyphened_word_of_other_signs_than_letters_is_no_missing_card(ctx):
    # „¼“ folds to „1⁄4“ (NFKC): no card name and no phrase the full-text index can look up; found by the fuzz run
    reply = await run_answer(ctx, "ruling", card="Boros-Rekrut¼:0")
    assert reply.error and reply.pages[0].title == "Keine Karte „Boros-Rekrut¼:0“ gefunden"
