"""What players type, read as they mean it: a pool listed with commas (``{G}, {G}`` was „Ungültiges Manasymbol „,“
an Position 2“), and a text read only in its beginning said so by every answer in the same words
(:func:`bot.answers.markup_notes.long_line`: ``/mechanik`` answered a name of 6 000 characters without it)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer

LONG = ("Fehde " * 1200)[:5990]
#: A long search whose words do not repeat right after themselves (seven words, more than a repeated group has,
#: bot/answers/repeated_words.py): ``/regel suche`` reads LONG as „Fehde Fe“, whole.
LONG_SEARCH = ("Fehde gewinnt Spieler Karte Manawert höher aufgedeckt " * 200)[:5990]


@pytest.mark.parametrize("pool", ["{G}, {G}", "G,G", "{G}; {G}", "G, G,"])
async def test_a_pool_listed_with_commas_is_read_as_with_spaces(ctx, pool):
    reply = await run_answer(ctx, "mana_pay", cost="{G}{G}", pool=pool)
    assert not reply.error
    assert "✅ **Bezahlbar** mit {G}{G}." in reply.pages[0].body and "**Vorrat:** {G}{G}" in reply.pages[0].body


async def test_a_comma_in_a_cost_is_still_no_symbol(ctx):
    reply = await run_answer(ctx, "mana_info", cost="{G}, {G}")
    assert reply.error and "„,“" in reply.pages[0].body


@pytest.mark.parametrize(("kind", "options", "line"), [
    ("mechanic", {"name": LONG}, "ℹ️ Der Name war sehr lang; nur der Anfang wurde verwendet."),
    ("mechanic", {"name": "x" * 300}, "ℹ️ Der Name war sehr lang; nur der Anfang wurde verwendet."),
    ("question", {"question": LONG}, "Die Frage war sehr lang; nur der Anfang wurde verwendet."),
    ("rule", {"search": LONG_SEARCH}, "Die Suche war sehr lang; nur der Anfang wurde verwendet."),
    ("ruling", {"search": LONG}, "Die Suche war sehr lang; nur der Anfang wurde verwendet."),
])
async def test_every_answer_says_a_long_text_was_read_in_its_beginning(ctx, kind, options, line):
    reply = await run_answer(ctx, kind, **options)
    assert line in reply.pages[0].body


async def test_a_short_name_gets_no_such_note(ctx):
    reply = await run_answer(ctx, "mechanic", name="Fehde")
    assert not reply.error and "sehr lang" not in reply.pages[0].body


async def test_a_long_search_of_one_word_repeated_is_read_whole_as_the_word_once(ctx):
    # before: „Die Suche war sehr lang; nur der Anfang wurde verwendet.“ above the hits of its first words
    reply = await run_answer(ctx, "rule", search=LONG)
    assert reply.pages[0].body.startswith("ℹ️ Wiederholt getippt, einmal gelesen: „Fehde“.\n")
    assert "sehr lang" not in reply.pages[0].body
