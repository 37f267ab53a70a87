"""Links are no words: a masked link's label is read, its address, a link in <…>, a bare address and a slash-command
mention are not (bot/question_reading.py), in /frage and both searches alike; control characters separate words
(bot/text.py). Real values: 001's Spuk section (Gildenbund), 003's rule 111.12 („ins Exil schicken“, the slip
„evil“ used to find), Priorität 117."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.text import clean

#: The slip the address „evil.example“ was read as, and the rule it found.
EXIL = "„evil“ (gelesen als „exil“)"
#: The note's tail after the markup named.
WHY = " (Links, Erwähnungen und Emojis von Discord nennen keine Karte und keine Regel)."


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        ("[klick](https://evil.example)", "https\\://evil.example"),
        ("<https://evil.example>", "\\<https\\://evil.example\\>"),
        ("https://evil.example", "https\\://evil.example"),
        ("HTTPS://evil.example/pfad?x=1.", "HTTPS\\://evil.example/pfad?x=1"),
        ("</frage:123>", "\\</frage:123\\>"),
    ],
)
@pytest.mark.parametrize("key", ["rule", "ruling"])
async def test_a_link_beside_a_search_is_said_not_read(ctx, key, typed, named):
    reply = await run_answer(ctx, key, search=f"spuk {typed}")
    body = reply.pages[0].body
    assert body.startswith(f"ℹ️ Nicht gelesen: „{named}“{WHY}\n"), body[:300]
    assert EXIL not in body and "Exil" not in reply.pages[0].title and "https" not in reply.pages[0].title
    assert "Keine Karte mit „https“" not in body and "„example“" not in body
    assert "Spuk" in body


@pytest.mark.parametrize("key", ["rule", "ruling"])
async def test_a_masked_link_alone_searches_its_label(ctx, key):
    # before: the address searched, „evil“ read as „exil“, 7 Exil rules (/ruling: „Keine Karte mit „https“ im Namen“)
    reply = await run_answer(ctx, key, search="[klick](https://evil.example)")
    assert reply.error and reply.pages[0].title == "Nichts gefunden für „klick“"
    assert reply.pages[0].body.startswith(f"ℹ️ Nicht gelesen: „https\\://evil.example“{WHY}\n")


@pytest.mark.parametrize("link", ["<https://evil.example>", "https://evil.example", "</regel suche:1>"])
async def test_frage_asks_back_when_only_a_link_is_asked_about(ctx, link):
    reply = await run_answer(ctx, "question", question=f"was macht {link}")
    assert reply.error and reply.pages[0].title.startswith("Wonach fragst du? „was macht ")
    assert "Exil" not in reply.pages[0].body


async def test_two_links_are_no_comparison(ctx):
    reply = await run_answer(ctx, "question", question="unterschied zwischen <https://a.b> und https://c.d")
    assert reply.error and reply.pages[0].title.startswith("Wonach fragst du?")
    assert "beide Seiten nennen" in reply.pages[0].body


async def test_a_link_beside_a_question_is_said(ctx):
    page = (await run_answer(ctx, "question", question="was macht spuk <https://evil.example>")).pages[0]
    assert page.title == "Spuk"
    assert f"ℹ️ Nicht gelesen: „\\<https\\://evil.example\\>“{WHY}" in page.body and EXIL not in page.body


@pytest.mark.parametrize("control", ["\x00", "\x01", "\x1f", "\r", "\x7f", "\x85"])
async def test_control_characters_separate_words(ctx, control):
    assert clean(f"spuk{control}oder{control}ausgraben") == "spuk oder ausgraben"
    reply = await run_answer(ctx, "question", question=clean(f"spuk{control}oder{control}ausgraben"))
    assert reply.pages[0].title == "Spuk · Ausgraben"
    # the invisible format characters still vanish inside a word (a soft hyphen: „Fe\u00adhde“ is „Fehde“)
    assert clean(f"Fe\u00adhde{control}x") == "Fehde x"



@pytest.mark.parametrize("typed", ["<@123>", "</frage:123>", "<:spuk:987654321098765432>"])
async def test_the_name_commands_say_the_markup_they_did_not_read(ctx, typed):
    # /mechanik and /karte read a name as /frage and the searches read a text: a mention, a slash-command mention or
    # an emoji is no part of it; before, /mechanik read „<@123> spuk“ as a slip of Spuk without a word on the mention
    section = await run_answer(ctx, "mechanic", name=f"{typed} spuk")
    first = section.pages[0].body.split("\n", 1)[0]
    assert section.pages[0].title == "Spuk – Gildenbund"
    assert first.startswith("ℹ️ Nicht gelesen: „\\<") and first.endswith(WHY) and typed not in first  # escaped
    assert "ähnlich geschrieben" not in section.pages[0].body  # the name itself, not a slip of it
    card = await run_answer(ctx, "card", name=f"{typed} Boros-Rekrut")
    assert card.pages[0].title == "Boros-Rekrut" and card.pages[0].body.split("\n", 1)[0].endswith(WHY)
