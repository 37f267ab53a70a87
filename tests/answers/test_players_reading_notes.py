"""``/regel suche`` and ``/ruling suche`` say how they read a players' word (``data/players_words.tsv``): „eot“ is
searched as the documents' „ende des zuges“, and the answer says so above its hits, as it says a synonym group."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.query_notes import players_reading

EOT = "Gelesen als die Wörter der Dokumente (Spielersprache): „eot“ als „ende des zuges“."


@pytest.mark.parametrize(("command", "options"), [
    ("rule", {"search": "eot"}),
    ("rule", {"search": "eot trigger"}),
    ("ruling", {"search": "eot"}),
])
async def test_a_players_word_read_as_the_documents_words_is_said(ctx, command, options):
    body = (await run_answer(ctx, command, **options)).pages[0].body
    assert EOT in body.split("\n\n", 1)[0]  # in the intro, above the hits


async def test_a_search_without_players_words_says_none(ctx):
    body = (await run_answer(ctx, "rule", search="ende des zuges")).pages[0].body
    assert "Spielersprache" not in body


def test_the_line_names_each_word_once():
    assert players_reading("eot eot mulli") == (
        "Gelesen als die Wörter der Dokumente (Spielersprache): „eot“ als „ende des zuges“, „mulli“ als „mulligan“.")
    assert players_reading("vorrang") == ""
