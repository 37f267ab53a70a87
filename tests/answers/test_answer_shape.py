"""The shape of the card, ruling, rule, mechanics, chat and meta answers on the real store (tests/answers/shape.py):
the first line holds the result, no sentence twice in one answer, each notice at most once per page, first pages
of at most 1 500 characters unless the answer itself (a ruling, a rule) is longer, Discord's limits kept."""

from __future__ import annotations

import pytest

from bot.answers import run_action, run_answer
from bot.answers.chat import inline_replies
from bot.answers.mechanics import mechanics
from tests.answers.shape import assert_document_shape


async def _cards(store) -> list[tuple[int, str, int]]:
    rows = await store.fetchall(
        "SELECT c.id, c.name, (SELECT count(*) FROM rulings r WHERE r.card_id = c.id) FROM cards c")
    return [(cid, name, n) for cid, name, n in rows]


async def test_every_card(ctx, store):
    """``/karte`` for every card: its name first."""
    for _cid, name, _n in await _cards(store):
        assert_document_shape(await run_answer(ctx, "card", name=name), name)


async def test_every_cards_rulings(ctx, store):
    """``/ruling karte`` for every card with rulings: the card and the count first, its first ruling on page 1."""
    checked = 0
    for cid, name, count in await _cards(store):
        if count:
            reply = await run_answer(ctx, "ruling", card=name)
            assert_document_shape(reply, f"Rulings: {name} ({count})")
            first = (await store.rulings_for_card(cid))[0].text
            assert " ".join(first.split()[:8]) in " ".join(reply.pages[0].body.split())  # its first ruling on page 1
            checked += 1
    assert checked > 200


async def test_every_mechanics_section_and_its_history(ctx, store):
    """``/mechanik`` for every section (by its button) and the button "Früher (<year>)" where there is one."""
    for m in await mechanics(store):
        reply = await run_action(ctx, "mechanic", str(m.id))
        assert_document_shape(reply, m.title)
        for a in (a for a in reply.actions if a.action == "mechanic_text"):
            assert_document_shape(await run_action(ctx, a.action, a.arg), m.title)


async def test_every_number_the_documents_cite(ctx, store):
    """``/regel`` for every number a document prints: the number and today's number first."""
    numbers = [n for (n,) in await store.fetchall("SELECT DISTINCT number FROM old_numbers")]
    assert len(numbers) == 46
    for number in numbers:
        reply = await run_answer(ctx, "rule", search=number)
        assert_document_shape(reply, f"Regel {number}")


@pytest.mark.parametrize(
    ("query", "result"),
    [
        ("Trampelschaden", "Trampelschaden – Regel 702.19"),  # a term of the term table
        ("Einberufen", "Einberufen – Regel 702.51"),  # a term the documents use, with their rulings listed
        ("Startspieler", "Startspieler"),  # the rules explanation 003
        ("103.1", "Regel 103.1"),  # a number only 003 has
        ("Vorrang", "Priorität"),  # an old term
    ],
)
async def test_rule_terms_and_words(ctx, query, result):
    """``/regel`` by words: the term page and the keyword hits (their length is the search room's: the first
    page of an old term's page lists four rulings with their notices)."""
    assert_document_shape(await run_answer(ctx, "rule", search=query), result, short=query != "Vorrang")


@pytest.mark.parametrize("words", ["Manabrand", "geteilte Karte benennen", "Einberufen", "Legendenregel", "im Spiel"])
async def test_ruling_search_notices(ctx, words):
    """``/ruling suche`` (its ranking and page length are another room's): each notice once per page, nothing
    twice."""
    assert_document_shape(await run_answer(ctx, "ruling", search=words), short=False)


async def test_chat_answers(ctx):
    """The message command, ``[[…]]`` and ``[[…|rulings]]``, the split-card rules button."""
    reply = await run_answer(ctx, "explain_message", text="[[Krims // Krams]] gegen [[Boros-Rekrut]] [[Blitzschlag]]")
    assert_document_shape(reply, "Krims // Krams")
    for text, result in (("[[Chor des Konklave]]", "Chor des Konklave"),
                         ("[[Forschung // Entwicklung|rulings]]", "Rulings: Forschung // Entwicklung")):
        assert_document_shape((await inline_replies(ctx, text))[0], result)
    assert_document_shape(await run_action(ctx, "split", ""), "Geteilte Karten")


@pytest.mark.parametrize(("key", "result"), [("info", "Über Regelbot"), ("help", "Regelbot – Befehle")])
async def test_meta(ctx, key, result):
    assert_document_shape(await run_answer(ctx, key), result)
