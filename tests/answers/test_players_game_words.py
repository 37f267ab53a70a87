"""Players' English game words and longer slang read as the term they stand for (docs/ranking.md ⁶⁴), on the real
store: a word of a synonym group that no document prints and that is longer than an abbreviation („kontern“,
„tapped“, „etbt“) is read as the words of its term (``data/players_words.tsv``), so it names the term's concept as
the term's own name does, and ``/regel suche`` with the word alone opens the term's page as ``/regel suche: prio``
does (Neutralisieren 701.6, Ins Exil schicken 701.13 for „flicker“, Tappen und Enttappen 701.26): of one concept's
terms, the one its group spells most names of. One ``term_concept`` serves the term table and the players'
shorthand (:mod:`bot.concepts`)."""

from __future__ import annotations

import pytest

import bot.concepts
import bot.shorthand
import bot.terms
from bot.answers import run_answer
from bot.players_words import reading
from bot.ranking import ranker
from bot.shorthand import names_spelled

COUNTER, TAP = "zzkcounter", "zzktapxandxuntap"


@pytest.mark.parametrize(("search", "title"), [
    ("kontern", "Neutralisieren – Regel 701.6"),
    ("gekontert", "Neutralisieren – Regel 701.6"),
    ("countert", "Neutralisieren – Regel 701.6"),
    ("gecountert", "Neutralisieren – Regel 701.6"),  # before: a typo of „Age Counter“, Altersmarke 702.24a
    ("flicker", "Ins Exil schicken – Regel 701.13"),
    ("geflickert", "Ins Exil schicken – Regel 701.13"),
    ("blink", "Ins Exil schicken – Regel 701.13"),  # before: the zone Exil, 406
    ("countern", "Neutralisieren – Regel 701.6"),  # a search of the word alone: the group's term
    ("tapped", "Tappen und Enttappen – Regel 701.26"),
    ("untapped", "Tappen und Enttappen – Regel 701.26"),
])
async def test_a_players_game_word_opens_its_terms_page(ctx, search, title):
    reply = await run_answer(ctx, "rule", search=search)
    assert reply.pages[0].title == title


@pytest.mark.parametrize(("question", "concepts"), [
    ("kann der gegner meinen zauber kontern", {COUNTER}),
    ("der zauber wird gecountert, wohin geht die karte", {COUNTER}),
    ("bleibt die kreatur tapped", {TAP}),
    ("wann ist ein land etbt", {TAP, "zzsschlachtfeldxins"}),  # kommt getappt ins Spiel (001)
])
async def test_a_players_game_word_names_its_terms_concept(ctx, question, concepts):
    r = await ranker(ctx.store)
    a = r.analyser.analyse(question, question=True)
    assert concepts <= set(a.concepts), a.concepts


def test_etbt_is_entering_tapped_and_countern_no_reading():
    assert reading("etbt") == ("kommt", "getappt", "ins", "spiel")
    assert reading("etbs") == ("kommt", "ins", "spiel")  # the plural of „ETB“: no „getappt“
    # „countern“ is also the dative plural of „Counter“ (Marke): „ab wie vielen poison countern ist man raus“
    assert reading("countern") is None and reading("kontern") == reading("gekontert") == ("neutralisieren",)
    # „flicker“ keeps its group's words (docs/ranking.md ⁶⁴): the questions that type it say „ins Exil“ already
    assert reading("flicker") is None


def test_of_one_concepts_terms_a_group_stands_for_the_one_it_spells_most_names_of():
    # *Exile*: the group „exil“ spells 7 names of the action (701.13) and 3 of the zone (406); *Counter*: the group
    # „neutralisieren“ 3 of Neutralisieren (701.6) and 1 of Marke (122, „Counter“)
    groups = {g.key: g for g in bot.terms.synonyms()}
    terms = {t.german: t for t in bot.terms.term_index().terms}
    assert [names_spelled(groups["exil"], terms[t]) for t in ("Ins Exil schicken", "Exil")] == [7, 3]
    assert [names_spelled(groups["neutralisieren"], terms[t]) for t in ("Neutralisieren", "Marke")] == [3, 1]


def test_one_term_concept_for_the_term_table_and_the_shorthand():
    # both import one function (before: bot.shorthand kept a copy of bot.terms' because of an import cycle)
    assert bot.terms.term_concept is bot.shorthand.term_concept is bot.concepts.term_concept
    trample = next(t for t in bot.terms.term_index().terms if t.german == "Trampelschaden")
    assert bot.concepts.term_concept(trample) == "zzktrample"
