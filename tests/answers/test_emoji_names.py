"""A Unicode emoji beside a name names nothing, as Discord's custom emoji (``<:x:1>``) does: ``/karte``, ``/mechanik``,
``/regel suche`` read the name without it and say so first (bot/answers/markup_notes.py)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.markup_notes import without_emoji

NOTE = "(Links, Erwähnungen und Emojis von Discord nennen keine Karte und keine Regel)."


@pytest.mark.parametrize(("command", "options", "title", "said"), [
    ("card", {"name": "🔥🔥🔥 Boros-Rekrut 🐉"}, "Boros-Rekrut", "„🔥🔥🔥“, „🐉“"),
    ("card", {"name": "Boros-Rekrut👍🏽"}, "Boros-Rekrut", "„👍🏽“"),
    ("card", {"name": "🇩🇪 Boros-Rekrut <:x:1>"}, "Boros-Rekrut", "„\\<:x:1\\>“, „🇩🇪“"),  # markup named first
    ("mechanic", {"name": "spuk 👻"}, "Spuk – Gildenbund", "„👻“"),
    ("rule", {"search": "🔥 vorrang"}, "Priorität – Regel 117", "„🔥“"),
])
async def test_an_emoji_beside_a_name_is_said_and_not_read(ctx, command, options, title, said):
    reply = await run_answer(ctx, command, **options)
    assert not reply.error
    assert reply.pages[0].title == title
    assert reply.pages[0].body.startswith(f"ℹ️ Nicht gelesen: {said} {NOTE}\n")


async def test_an_emoji_alone_is_no_name(ctx):
    reply = await run_answer(ctx, "card", name="🔥")
    assert reply.error and reply.pages[0].title == "Bitte einen Kartennamen angeben"
    assert reply.pages[0].body.startswith(f"ℹ️ Nicht gelesen: „🔥“ {NOTE}\n")


def test_without_emoji_keeps_letters_and_other_symbols():
    assert without_emoji("🔥🔥🔥 Boros-Rekrut 🐉") == ("  Boros-Rekrut  ", ("🔥🔥🔥", "🐉"))  # spaces: read collapsed
    assert without_emoji("Krims // Krams") == ("Krims // Krams", ())  # no symbol of category So
    assert without_emoji("{2}{W} © Æther") == ("{2}{W} © Æther", ())  # © is below U+0100, Æ a letter
    assert without_emoji("🔥x🔥") == (" x ", ("🔥",))  # each run once
