"""``/frage`` on the store built with both rules files: an English official rule does not stand for a German
question's definition. Skipped cleanly without ../shared/reference (or $REGELBOT_REFERENCE)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.answers import AnswerContext
from bot.importer.report import BuildReport
from bot.ranking import ranker
from tests.reference.conftest import answer_context

pytestmark = pytest.mark.reference


@pytest.fixture
async def fctx(full_store: tuple[Path, BuildReport]) -> AsyncIterator[AnswerContext]:
    async with answer_context(full_store[0]) as ctx:
        yield ctx


async def test_a_german_definition_question_gets_the_term_row_beside_the_english_rule(fctx):
    r = await ranker(fctx.store)
    # CR 202.3 „The mana value of an object is a number equal to …“ defines the term in English; for a German
    # question the term row („Manawert …: Regelbegriff, heute Regel 202.3. Früher: umgewandelte Manakosten.“) leads,
    # not 002's ruling that mentions a split card's mana value (line 53) or 001's Einberufen ruling (line 84).
    for question in ("was ist der manawert", "was sind umgewandelte manakosten"):
        found = await r.search(fctx.store, question, fctx.names, limit=3)
        assert found.hits[0].passage.key == "term:Manawert", question
    english = await r.search(fctx.store, "what is mana value", fctx.names, limit=1)
    assert english.hits[0].passage.key == "cr:202.3"
    assert english.hits[0].passage.text.startswith("The mana value of an object is a number equal to")
