"""``/ruling`` says how it read what was typed, as ``/karte`` and ``/frage`` say it: Discord markup in ``karte:``
taken out and named (bot/answers/markup_notes.py), a card the ranking read by a name not its own in ``suche:`` (a
slip of its spelling, bot/mentions.slipped_name) named before the hits."""

from __future__ import annotations

import pytest

from bot.answers import run_answer

BOROS = "Rulings: Boros-Rekrut (0 eigene · 3 aus Abschnitt „Hybrid-Karten und Halbe-Halbe-Manasymbole“)"
NOT_READ = "(Links, Erwähnungen und Emojis von Discord nennen keine Karte und keine Regel)."


@pytest.mark.parametrize(("typed", "markup"), [
    ("<:fehde:1> Boros-Rekrut", "\\<:fehde:1\\>"),
    ("<@123> Boros-Rekrut", "\\<\\@123\\>"),
    ("Boros-Rekrut <#5>", "\\<#5\\>"),
])
async def test_markup_in_the_card_name_is_taken_out_and_said(ctx, typed, markup):
    reply = await run_answer(ctx, "ruling", card=typed)
    assert not reply.error and reply.pages[0].title == BOROS
    assert reply.pages[0].body.startswith(f"ℹ️ Nicht gelesen: „{markup}“ {NOT_READ}\n")


async def test_markdown_around_a_card_name_is_read_as_the_name(ctx):
    reply = await run_answer(ctx, "ruling", card="**Boros-Rekrut**")
    assert reply.pages[0].title == BOROS and "Nicht gelesen" not in reply.pages[0].body


async def test_markup_alone_names_no_card(ctx):
    # „fehde“ is never read out of the emoji: nothing typed but markup
    reply = await run_answer(ctx, "ruling", card="<:fehde:1>")
    assert reply.error and reply.pages[0].title == "Karte oder Suchwörter angeben"
    assert reply.pages[0].body.startswith(f"ℹ️ Nicht gelesen: „\\<:fehde:1\\>“ {NOT_READ}\n")


async def test_markup_in_both_options_is_said_in_one_line(ctx):
    reply = await run_answer(ctx, "ruling", card="<:x:1> Grozoth", search="<#5> mana")
    body = reply.pages[0].body
    assert reply.pages[0].title == "Rulings mit „mana“ – Grozoth"
    assert body.startswith(f"ℹ️ Nicht gelesen: „\\<:x:1\\>“, „\\<#5\\>“ {NOT_READ}\n")
    assert body.count("Nicht gelesen") == 1


@pytest.mark.parametrize(("search", "slip"), [
    ("was macht boros-rektur", "boros-rektur"),
    ("boros-rektur erstschlag", "boros-rektur"),
])
async def test_a_card_name_read_from_a_slip_is_said(ctx, search, slip):
    # the search ranks Boros-Rekrut's rulings by the name it read: the reply says the reading as /frage says it
    reply = await run_answer(ctx, "ruling", search=search)
    assert reply.pages[0].body.startswith(
        f"ℹ️ „{slip}“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut.\n")
    asked = await run_answer(ctx, "question", question=search)
    assert f"ℹ️ „{slip}“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut." in \
        asked.pages[0].body


async def test_a_card_name_spelt_right_is_not_said(ctx):
    reply = await run_answer(ctx, "ruling", search="boros-rekrut erstschlag")
    assert "steht so nicht in der Datenbank" not in reply.pages[0].body


@pytest.mark.parametrize("search", [
    "gegengewicht X beim cmc mitgerechnet?",  # a variable's letter after the exact name
    "kostet gegengewicht r mehr",  # a colour's letter
    "boros-rekrut X angreift",
])
async def test_an_exact_name_beside_a_word_it_lacks_is_no_slip(ctx, search):
    # „gegengewicht X“ is one edit from Gegengewicht only by the X: the name was typed exactly, nothing to say
    for key, option in (("ruling", "search"), ("question", "question")):
        reply = await run_answer(ctx, key, **{option: search})
        assert "steht so nicht in der Datenbank" not in reply.pages[0].body, (key, search)
    slipped = await run_answer(ctx, "question", question="was macht gegengewihct X")  # a slip in the name itself
    assert "ℹ️ „gegengewihct“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Gegengewicht." in \
        slipped.pages[0].body
