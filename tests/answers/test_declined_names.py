"""A card half remembered by its first or last name words in another declined form (bot/declined_names.py): 001
(Kälteeinbruch-FAQ) prints Phobisches Traumwesen; ``/frage`` read „phobisches traumding“ as that card by its rare
name word, while "Karten erklären" found no card in „kennt wer den phobischen traumding?“ and the name completer
offered nothing for „phobischen traumding“. 001's Boros-Rekrut declined („der Boros-Rekruten“) was a missing card
to ``/frage``'s note and no card to the message command."""

from __future__ import annotations

import pytest

from bot.answers import missing_cards, run_answer, run_completer
from bot.answers.card_picks import card_names
from bot.answers.missing_cards import missing_card_line
from bot.declined_names import COMPLETER, MESSAGE, NOTE, completed, declined_card, declined_words
from bot.text import fold

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


def _shown(page, card: str) -> bool:
    """True when ``page`` of a /frage answer shows a passage of ``card`` (its title, or a candidate field of it)."""
    return page.title == card or any(f.name.split(" – ")[0].split(". ", 1)[-1] == card for f in page.fields)


async def test_frage_says_what_a_declined_name_was_read_as_when_no_passage_shown_is_of_that_card(ctx):
    # no ruling of Boros-Rekrut (001:26, „Erstschlag“) speaks of blocking: the answer leads with other cards'
    # rulings, and the name typed was dropped without a word (before: main's „Keine Karte …“ note, then nothing).
    # Since bot/named_shown.py a card the ranking reads with nothing of it on the page gets its text as the fifth
    # candidate: then the card is shown and no note is needed; where it is not, the note says what was read
    phobic = ctx.names.lookup(PHOBIC).hit.card_id
    reply = await run_answer(ctx, "question", question="kann der boros-rekruten blocken?")
    page = reply.pages[0]
    assert _shown(page, RECRUIT) and "gelesen als" not in page.body
    reply = await run_answer(ctx, "question", question="kennt wer den phobischen traumding?")
    page = reply.pages[0]
    assert not _shown(page, PHOBIC)
    assert (f"ℹ️ „phobischen“ gelesen als Teil des Namens von **{PHOBIC}**; keine Stelle unten gilt der Karte"
            in page.body)
    assert "⚖️ Keine Stelle passt eindeutig" in page.body  # hedged, as main's note was
    assert (reply.actions[0].action, reply.actions[0].arg) == ("card", str(phobic))


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


@pytest.mark.parametrize(("question", "said", "shown"), [
    # two declined names: Boros-Rekrut said, Phobisches Traumwesen's text the fifth candidate (before: only
    # „boros-rekruten“ said, the other name dropped)
    ("kann der boros-rekruten den phobischen traumwesens blocken?", ["boros-rekruten"], [PHOBIC]),
    # a name no card has beside a declined one: the missing card's note, and the declined card's text shown
    ("kann der boros-rekruten blocken und was macht der dimir-wächters?", [], [RECRUIT]),
    # every word of the name declined, beside a name as printed (before: neither said nor shown)
    ("was macht der Boros-Rekrut und der phobischen traumwesen", ["phobischen traumwesen"], [RECRUIT]),
])
async def test_frage_says_or_shows_each_declined_name(ctx, question, said, shown):
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    cards = {"boros-rekruten": RECRUIT, "phobischen traumwesens": PHOBIC, "phobischen traumwesen": PHOBIC}
    for t in said:
        assert f"ℹ️ „{t}“ gelesen als **{cards[t]}**; keine Stelle unten gilt der Karte" in page.body, t
        assert not _shown(page, cards[t]), t
    for card in shown:
        assert _shown(page, card) and f"gelesen als **{card}**" not in page.body, card
    assert [a.label for a in reply.actions if a.action == "card"] == [cards[t] for t in said]
    if "dimir" in question:
        assert "ℹ️ Keine Karte „dimir-wächters“ gefunden" in page.body


async def test_the_shown_passages_are_read_once_per_page_whatever_the_declined_cards(ctx, monkeypatch):
    # two declined names, Boros-Rekrut (none of its passages shown) and Phobisches Traumwesen: each shown passage's
    # title and text folded once for both (before: once per declined card, the page read again for each)
    folded: list[str] = []

    def counted(text: str) -> str:
        folded.append(text)
        return fold(text)
    monkeypatch.setattr(missing_cards, "fold", counted)
    reply = await run_answer(ctx, "question", question="kann der boros-rekruten den phobischen traumwesens blocken?")
    assert "ℹ️ „boros-rekruten“ gelesen als **Boros-Rekrut**" in reply.pages[0].body
    passages = [t for t in folded if len(t) > 60]  # a passage's title and text, no name or word
    assert len(passages) >= 5 and len(passages) == len(set(passages))
