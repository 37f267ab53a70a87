"""A card half remembered by its first or last name words in another declined form (bot/declined_names.py): 001
(Kälteeinbruch-FAQ) prints Phobisches Traumwesen; ``/frage`` read „phobisches traumding“ as that card by its rare
name word, while "Karten erklären" found no card in „kennt wer den phobischen traumding?“ and the name completer
offered nothing for „phobischen traumding“. 001's Boros-Rekrut declined („der Boros-Rekruten“) was a missing card
to ``/frage``'s note and no card to the message command."""

from __future__ import annotations

import pytest

from bot.answers import run_answer, run_completer
from bot.answers.cards import card_names
from bot.answers.missing_cards import missing_card_line
from bot.declined_names import COMPLETER, MESSAGE, NOTE, completed, declined_card, declined_words

PHOBIC = "Phobisches Traumwesen"
RECRUIT = "Boros-Rekrut"


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
    assert declined_card("phobisches", names.lookup("phobisches"), MESSAGE) is None  # a message: offered, not read
    for typed in ("traumwesen", "traumding", "phob", "boros", ""):  # a later word; no name word; too short; many cards
        assert completed(names, typed) is None, typed
    assert declined_card("boros-rekrut", names.lookup("boros-rekrut"), MESSAGE) is None  # a hit is read as it is


def test_the_last_name_words_declined_read_the_card_at_every_door(ctx):
    names = ctx.names
    for typed in ("boros-rekruten", "Boros Rekruten", "rekruten"):  # the last word declined, the first as printed
        for door in (MESSAGE, COMPLETER, NOTE):
            assert declined_card(typed, names.lookup(typed), door).card_name == RECRUIT, (typed, door)
    assert declined_card("traumwesens", names.lookup("traumwesens"), MESSAGE).card_name == PHOBIC
    assert completed(names, "boros rekruten").card_name == RECRUIT  # the whole typed name, before its first word
    # a word of the name's middle, or words not of the card, read nothing; nor a word of four letters declined
    for typed in ("boros-rekrutin", "rekrutierung", "borosen"):
        assert declined_card(typed, names.lookup(typed), MESSAGE) is None, typed


async def test_frage_s_note_calls_a_declined_name_no_missing_card(ctx):
    assert await missing_card_line("kann der boros-rekruten blocken", None, [], ctx.names, ctx.store) == ""
    assert "Keine Karte „boros-rekrutin“ gefunden" in await missing_card_line(
        "kann die boros-rekrutin blocken", None, [], ctx.names, ctx.store)  # no form of its name: still missing


async def test_frage_says_what_a_declined_name_was_read_as_when_no_passage_shown_is_of_that_card(ctx):
    # no ruling of Boros-Rekrut (001:26, „Erstschlag“) speaks of blocking: the answer leads with other cards'
    # rulings, and the name typed was dropped without a word (before: main's „Keine Karte …“ note, then nothing)
    recruit, phobic = ctx.names.lookup(RECRUIT).hit.card_id, ctx.names.lookup(PHOBIC).hit.card_id
    for question, line, card in (
            ("kann der boros-rekruten blocken?", f"ℹ️ „boros-rekruten“ gelesen als **{RECRUIT}**; keine Stelle unten "
             f"gilt der Karte, sie steht unter dem Knopf „{RECRUIT}“.", recruit),
            ("kennt wer den phobischen traumding?", f"ℹ️ „phobischen“ gelesen als Teil des Namens von **{PHOBIC}**; "
             "keine Stelle unten gilt der Karte", phobic)):
        reply = await run_answer(ctx, "question", question=question)
        assert line in reply.pages[0].body, question
        assert "⚖️ Keine Stelle passt eindeutig" in reply.pages[0].body, question  # hedged, as main's note was
        assert (reply.actions[0].action, reply.actions[0].arg) == ("card", str(card)), question


@pytest.mark.parametrize("question", [
    "hat der boros-rekruten erstschlag?",  # the card's text leads (001:26)
    "märtyrer vorgezeigte karten bleiben wie lange offen",  # 001's section Märtyrer, on Märtyrerin der Asche
    "maertyrerin der asche, eine vorgezeigte karte verlaesst die hand",  # the name as printed, „ae“ for „ä“
    "klimperstein mit wogenden flammen, wie oft wallung",  # 001:3455 prints „Wogende Flammen“, not Wogender Wahn
])
async def test_frage_says_nothing_of_a_declined_name_the_passages_speak_of(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    assert "gelesen als" not in reply.pages[0].body and all(a.action != "card" for a in reply.actions)


async def test_a_message_names_a_card_by_its_last_word_declined(ctx):
    reply = await run_answer(ctx, "explain_message", text="kann der boros-rekruten blocken?")
    assert [p.title for p in reply.pages] == [RECRUIT]


def test_the_typed_run_of_a_declined_name_is_found_and_a_name_typed_as_printed_is_none(ctx):
    names = ctx.names
    recruit = names.lookup(RECRUIT).hit.card_id
    assert declined_words("kann der boros-rekruten blocken?", recruit, RECRUIT, names) == "boros-rekruten"
    assert declined_words("kann der boros-rekrut blocken?", recruit, RECRUIT, names) is None
    martyr = names.lookup("Märtyrerin der Asche").hit.card_id  # „ae“ for „ä“: the name as printed, not declined
    assert declined_words("maertyrerin der asche, wird X kleiner?", martyr, "Märtyrerin der Asche", names) is None


@pytest.mark.parametrize(("question", "typed"), [
    # two declined names: both said, in the order typed (before: only „boros-rekruten“)
    ("kann der boros-rekruten den phobischen traumwesens blocken?", ["boros-rekruten", "phobischen traumwesens"]),
    # a name no card has beside a declined one: both notes (before: the missing card's note alone)
    ("kann der boros-rekruten blocken und was macht der dimir-wächters?", ["boros-rekruten"]),
    # every word of the name declined, beside a name as printed (before: neither said)
    ("was macht der Boros-Rekrut und der phobischen traumwesen", ["phobischen traumwesen"]),
])
async def test_frage_says_each_declined_name_no_passage_shown_is_of(ctx, question, typed):
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    said = {"boros-rekruten": RECRUIT, "phobischen traumwesens": PHOBIC, "phobischen traumwesen": PHOBIC}
    for t in typed:
        assert f"ℹ️ „{t}“ gelesen als **{said[t]}**; keine Stelle unten gilt der Karte" in body, t
    assert [a.label for a in reply.actions if a.action == "card"] == [said[t] for t in typed]
    if "dimir" in question:
        assert "ℹ️ Keine Karte „dimir-wächters“ gefunden" in body
