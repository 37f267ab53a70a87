"""Old names of the term table asked in ``/frage`` (data/terms_de_en.tsv, column „früher“): a name of two or more
words, „im Spiel“, „ins Spiel bringen“, is asked as the term it was, even when every word of it is a stop word
(bot/definitions.py: ``only_names``, ``names_only``, ``stand_in_first``; bot/answers/hollow.py: ``asks_only``)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.hollow import asks_only
from bot.ranking import ranker
from bot.terms import TERMS_PATH, parse_terms

#: (today's German name, old name) of every old name of two or more words in the table.
OLD_NAMES = [(t.german, old) for t in parse_terms(TERMS_PATH.read_text(encoding="utf-8")) for old in t.old
             if " " in old]


def test_the_table_has_the_old_names_of_the_battlefield():
    # data/terms_de_en.tsv: „Schlachtfeld … Zone 403 … im Spiel“, „Auf das Schlachtfeld bringen … 603.6a … ins Spiel
    # bringen|ins Spiel gebracht“
    assert ("Schlachtfeld", "im Spiel") in OLD_NAMES
    assert ("Auf das Schlachtfeld bringen", "ins Spiel bringen") in OLD_NAMES
    assert ("Auf das Schlachtfeld bringen", "ins Spiel gebracht") in OLD_NAMES
    assert len(OLD_NAMES) >= 7


@pytest.mark.parametrize(("term", "old"), OLD_NAMES)
@pytest.mark.parametrize("form", ["was heißt {}", "was bedeutet {}", "{}"])
async def test_an_old_name_asked_leads_with_its_row(ctx, term, old, form):
    question = form.format(old.lower())
    reply = await run_answer(ctx, "question", question=question)
    assert not reply.error, reply.pages[0].title  # before: „Wonach fragst du? … nennt nichts“ for „im Spiel“
    page = reply.pages[0]
    assert page.title == term
    assert f"Früher: {old}" in page.body or f", {old}" in page.body  # the row names the old name


@pytest.mark.parametrize("question", ["was heißt ins spiel bringen", "was heisst im spiel"])
async def test_a_name_of_stop_words_is_no_asking_only(ctx, question):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=3)
    assert not asks_only(found, r)
    assert found.analysis.words == ["heißt"]  # the name's words are stop words; its concept is its own group


async def test_the_row_of_today_s_name_stands_in_for_ins_spiel_kommen(ctx):
    # „ins Spiel kommen“ is another name of Auf das Schlachtfeld bringen (603.6a); 001:1955 „„Pfropfen N” bedeutet:
    # „Diese bleibende Karte kommt mit N +1/+1-Marken ins Spiel” …“ led on „bedeutet“ and „kommt … ins Spiel“
    reply = await run_answer(ctx, "question", question="was bedeutet ins spiel kommen")
    page = reply.pages[0]
    assert page.title == "Auf das Schlachtfeld bringen"
    assert ("Auf das Schlachtfeld bringen (englisch Enters the Battlefield): Regelbegriff, heute Regel 603.6a."
            in page.body)
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "was bedeutet ins spiel kommen", ctx.names, limit=3)
    assert found.hits[0].parts["stand_in"] > 0 and "001:1955" in [h.passage.key for h in found.hits]
    assert not found.clear  # it takes the first's score: the lead is not called clear


async def test_a_defined_term_keeps_its_definition_first(ctx):
    # 003:370 (CR 111.1) „Ein Spielstein ist ein Platzhalter für ein Permanent …“ defines Spielstein: no row stands in
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "was ist ein spielstein", ctx.names, limit=3)
    assert found.hits[0].passage.key == "003:370" and "stand_in" not in found.hits[0].parts
