"""A typed card name that is no card but a mechanic or a keyword (``/karte name: Fehde``) is told where its answer
is (``/mechanik``), with the section as a button; a name that is neither still gets the plain „Keine Karte“."""

from __future__ import annotations

import pytest

from bot.answers import run_action, run_answer


@pytest.mark.parametrize(("typed", "section"), [("Fehde", "Fehde"), ("Einberufen", "Einberufen"), ("spuk", "Spuk")])
async def test_a_mechanic_typed_as_a_card_points_to_its_section(ctx, typed, section):
    reply = await run_answer(ctx, "card", name=typed)
    assert reply.error and reply.pages[0].title == f"Keine Karte „{typed}“ gefunden"
    assert f"ist keine Karte, sondern eine Mechanik: `/mechanik name: {section}`" in reply.pages[0].body
    (choice, *_) = reply.choices
    opened = await run_action(ctx, choice.action, choice.arg)
    assert not opened.error and opened.pages[0].title.startswith(section)


async def test_a_keyword_without_a_section_is_named_with_its_rule(ctx):
    reply = await run_answer(ctx, "ruling", card="Trampelschaden")
    assert reply.error
    assert "„Trampelschaden“ ist keine Karte, sondern ein Schlüsselwort: **Trampelschaden** (Regel 702.19)" in (
        reply.pages[0].body)


async def test_a_name_that_is_nothing_gets_the_plain_answer(ctx):
    reply = await run_answer(ctx, "card", name="Xyzzy")
    assert reply.error and "ist keine Karte, sondern" not in reply.pages[0].body


async def test_mechanik_says_when_it_read_a_near_spelling_of_a_keyword(ctx):
    # „Research“ (an English card name) is a near spelling of the keyword action Search (Durchsuchen, 701.23)
    read = await run_answer(ctx, "mechanic", name="Research")
    assert read.pages[0].title == "Durchsuchen – Regel 701.23"
    assert read.pages[0].body.startswith("_Gelesen als **Durchsuchen** (englisch *Search*), ähnlich geschrieben._")
    for exact in ("Trampelschaden", "aufgestachelt", "stachelt auf"):  # a name or a form of it: nothing to say
        assert "Gelesen als" not in (await run_answer(ctx, "mechanic", name=exact)).pages[0].body, exact
