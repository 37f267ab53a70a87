"""`/frage` reads a card named by a name not its own (bot/question_mentions.py, docs/ranking.md ²⁴): a name only one
card's rulings print (002's English half names „Driven“ / „Despair“ of Getrieben // Verzweiflung) and a split card's
German half name, an ordinary word („Verzweiflung“) only beside a sign of a card. Values from data/sources (002's
rulings on Getrieben // Verzweiflung: 002:9 „Falls du in einem Zug mehrere Exemplare von Driven oder Despair
verrechnest …“)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.question_mentions import half_named, mentioned, ruling_named, split_halves
from bot.ranking import ranker

DESPAIR_LINE = "ℹ️ „despair“ ist kein Kartenname; die Rulings zu **Getrieben // Verzweiflung** nennen es."


async def card_id(store, name):
    """The id of the card named ``name`` in the documents' store."""
    return next(e.card_id for e in await store.name_entries() if e.card_name == name)


async def test_the_split_cards_halves_are_read_from_the_store(store):
    halves = await split_halves(store)
    assert halves["verzweiflung"] == halves["getrieben"] == await card_id(store, "Getrieben // Verzweiflung")
    assert halves["krims"] == await card_id(store, "Krims // Krams")
    assert len(halves) == 8  # four split cards in the documents, two halves each


@pytest.mark.parametrize(("text", "named"), [
    ("zweimal verzweiflung im selben zug gewirkt", True),  # a verb of casting beside it
    ("wenn ich Verzweiflung spiele", True),  # capitalised and played
    ("Verzweiflung und was passiert", True),  # capitalised
    ("getrieben und verzweiflung zusammen", True),  # the other half named too
    ("ich bin in verzweiflung was ist priorität", False),  # an ordinary word, no sign of a card
])
async def test_a_half_name_that_is_an_ordinary_word_needs_a_sign_of_a_card(store, text, named):
    found = half_named(text, await split_halves(store))
    assert (found is not None and found.card_id == await card_id(store, "Getrieben // Verzweiflung")) is named


async def test_a_name_only_one_cards_rulings_print_names_that_card(store):
    found = await ruling_named(store, "zweimal despair im selben zug, triggert das dann doppelt")
    assert found is not None and found.how == "ruling" and found.word == "despair"
    assert found.card_id == await card_id(store, "Getrieben // Verzweiflung")
    # ordinary words printed in many passages, or a word no document prints, name no card
    assert await ruling_named(store, "zweimal im selben zug triggert das doppelt") is None
    assert await ruling_named(store, "dovescape und ne splitkarte") is None
    assert await mentioned(store, "was ist priorität") is None


@pytest.mark.parametrize(("question", "gold", "within"), [
    ("zweimal despair im selben zug, triggert das dann doppelt", "002:9", 1),  # was 4th
    ("zweimal verzweiflung im selben zug gewirkt – triggert das dann doppelt?", "002:9", 3),  # tuning q416, was 10th
])
async def test_the_cards_ruling_leads_when_a_mention_names_the_card(ctx, question, gold, within):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=10)
    assert gold in [h.passage.key for h in found.hits[:within]]


async def test_frage_says_once_which_card_the_word_was_read_as(ctx):
    reply = await run_answer(ctx, "question", question="zweimal despair im selben zug, triggert das dann doppelt")
    body = reply.pages[0].body
    assert body.count(DESPAIR_LINE) == 1
    assert "Jedes Vorkommen wird separat ausgelöst" in body  # 002:9 is the answer
    half = await run_answer(ctx, "question", question="zweimal verzweiflung im selben zug gewirkt")
    assert "ℹ️ „verzweiflung“ gelesen als Hälfte der geteilten Karte **Getrieben // Verzweiflung**." in (
        half.pages[0].body)


async def test_the_typed_word_is_escaped_in_the_line(ctx):
    reply = await run_answer(ctx, "question", question="was macht *Despair* bei zwei kreaturen")
    assert "„Despair“ ist kein Kartenname" in reply.pages[0].body  # the markup is no part of the word
