"""``/regel suche`` and ``/ruling suche`` say how they read a players' word (``data/players_words.tsv``,
``data/players_senses.tsv``): „eot“ alone is searched as 001's „Zugendesegment“ (the end step, 513), „bis eot“ as
„ende des zuges“, and the answer says so above its hits, as it says a synonym group."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.query_notes import players_reading

EOT = "Gelesen als die Wörter der Dokumente (Spielersprache): „eot“ als „zugendesegment“."


@pytest.mark.parametrize(("command", "options"), [
    ("rule", {"search": "eot trigger"}),
    ("ruling", {"search": "eot"}),
])
async def test_a_players_word_read_as_the_documents_words_is_said(ctx, command, options):
    body = (await run_answer(ctx, command, **options)).pages[0].body
    assert EOT in body.split("\n\n", 1)[0]  # in the intro, above the hits


async def test_eot_alone_opens_the_end_steps_term(ctx):
    # „eot“ alone is the end step (001 „zu Beginn des Zugendesegments“; term table Endsegment, old Zugendesegment, 513),
    # as „/regel suche: zugendesegment“ opens it; before, 107.1b („… bis zum Ende des Zuges“) led
    page = (await run_answer(ctx, "rule", search="eot")).pages[0]
    # the term page says how „eot“ was read, in the ranked search's words, above the term's old name
    assert page.title == "Endsegment – Regel 513"
    assert page.body.startswith(f"{EOT}\n_früher „Zugendesegment“, heute Endsegment = End Step_")
    assert "Regel **513**" in page.body
    prio = (await run_answer(ctx, "rule", search="prio")).pages[0]  # „prio“: Priorität (117), the term page
    assert prio.title == "Priorität – Regel 117"
    assert prio.body.startswith("Gelesen als die Wörter der Dokumente (Spielersprache): „prio“ als „priorität“.\n")
    vorrang = (await run_answer(ctx, "rule", search="vorrang")).pages[0]  # the old term, no players' word
    assert vorrang.body.startswith("_früher „Vorrang“, heute Priorität = Priority_")


async def test_a_search_without_players_words_says_none(ctx):
    body = (await run_answer(ctx, "rule", search="ende des zuges")).pages[0].body
    assert "Spielersprache" not in body


def test_the_line_names_each_word_once():
    assert players_reading("eot eot mulli") == (
        "Gelesen als die Wörter der Dokumente (Spielersprache): „eot“ als „zugendesegment“, „mulli“ als „mulligan“.")
    assert players_reading("vorrang") == ""
    # „bis“ says the other sense: until the end of the turn (001 „bis zum Ende des Zuges“, 75 times)
    assert players_reading("bis eot") == (
        "Gelesen als die Wörter der Dokumente (Spielersprache): „eot“ als „ende des zuges“.")
    assert players_reading("sb") == ""  # two senses, none decided: the answer names both terms (sense_terms)
