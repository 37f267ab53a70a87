"""The documents' vocabulary in the term table: senses per document, players' words, old names,
and /mechanik by noun, verb, inflected form and participle. Real rows of data/*.tsv and real sections of 001."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.terms import concept_names, term_concept, term_index
from bot.textsearch import synonyms


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("gepfropft", "Pfropfen – Zwietracht"),  # participle of the keyword (001, Zwietracht FAQ)
        ("reproduziert", "Reproduktion – Gildenbund"),  # verb form of the noun
        ("vorhergesagt", "Vorhersage – Zwietracht"),
        ("geborgen", "Bergung – Kälteeinbruch"),
        ("transmutieren", "Transmutation – Ravnica: Stadt der Gilden"),
        ("Kumulativer Versorgung", "Kumulative Versorgung – Kälteeinbruch"),  # inflected
    ],
)
async def test_mechanik_accepts_verbs_and_forms(ctx, typed, title):
    reply = await run_answer(ctx, "mechanic", name=typed)
    assert not reply.error, typed
    assert reply.pages[0].title == title


def test_term_table_names_the_forms():
    ix = term_index()
    assert ix.lookup("gepfropft").term.rule == "702.58"
    assert ix.lookup("befehdet").term.german == "Fehde"
    assert ix.lookup("summoning sickness").term.german == "Einsatzverzögerung"


def test_document_senses_override_the_table_in_their_document():
    names = concept_names()
    goad = term_concept(next(t for t in term_index().terms if t.english == "Goad"))
    provoke = term_concept(next(t for t in term_index().terms if t.english == "Provoke"))
    provoziert = [n for n in names if n.name == "provoziert"]
    assert [(n.concept, n.only) for n in provoziert] == [(goad, frozenset({"004"}))]
    table_name = next(n for n in names if n.name == "Provozieren" and n.concept == provoke)
    assert table_name.not_in == frozenset({"004"})  # the table's sense does not count in 004


def test_players_words_are_groups():
    groups = {g.key: g.names for g in synonyms()}
    assert {"triggert", "ausgelöst"} <= set(groups["ausloesen"])
    assert "summoning sickness" in groups["einsatzverzoegerung"]
    assert "cmc" in groups["manawert"]
