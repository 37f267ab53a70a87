"""Players' shorthand read as today's terms (docs/ranking.md ⁶¹), on the real store: a word of a synonym group that no
document prints names the term its group stands for („mv“, „cmc“ → Manawert, 202.3; „sba“ → Zustandsbasierte
Aktionen, 704; „etb“ → Auf das Schlachtfeld bringen, 603.6a), as the term's own name does; „sb“ is read by its
context (Sideboard, 100.4, or state-based actions, 704); players' fillers („zb“, „iwie“, „eig“, „bzw“) are no word
of a question; ``/regel suche: prio`` opens the page of Priorität (117) as „Priorität“ does; „lord“ of an English
card's name is no players' slang."""

from __future__ import annotations

import pytest

from bot.analysis import STOP_WORDS
from bot.answers import run_answer
from bot.answers.unknown_notes import name_words
from bot.players_senses import parse as parse_senses
from bot.players_senses import sense_reading
from bot.question_words import no_terms_reason
from bot.ranking import ranker
from bot.shorthand import group_term
from bot.stopwords import PLAYERS_FILLERS
from bot.terms import synonyms, term_index

MANA_VALUE, STATE_BASED, SIDEBOARD = "zzkmanaxvalu", "zzkstatexbasedxactions", "zzksideboard"


def group(key: str):
    return next(g for g in synonyms() if g.key == key)


@pytest.mark.parametrize(("key", "concept"), [
    ("manawert", MANA_VALUE),  # Manawert, umgewandelte Manakosten, Mana Value
    ("zustandsbasiert", STATE_BASED),  # zustandsbasierte Aktion, automatischer Spieleffekt, State-Based Actions
    ("schlachtfeld_ins", "zzkentersxthexbattlefield"),
    ("match", "zzkmatch"),
    ("wirken", None),  # Wirken (Cast) and Spielen (Play): two terms, none
    ("ebene", None),  # one name of the plane (311) only: the group means the land type Plains
])
def test_a_group_stands_for_the_term_it_holds_two_names_of(key, concept):
    assert group_term(group(key), term_index().terms) == concept


@pytest.mark.parametrize(("question", "term"), [
    ("mv von krims krams im friedhof", "manawert von krims krams im friedhof"),
    ("was ist der cmc von einer geteilten karte", "was ist der manawert von einer geteilten karte"),
    ("wann werden sba geprüft", "wann werden zustandsbasierte aktionen geprüft"),
    ("was passiert wenn die kreatur etb", "was passiert wenn die kreatur aufs schlachtfeld kommt"),
])
async def test_players_shorthand_names_every_concept_its_term_names(ctx, question, term):
    r = await ranker(ctx.store)
    said, meant = (r.analyser.analyse(q, question=True) for q in (question, term))
    wanted = {c for c in meant.concepts if c.startswith("zzk")}
    assert wanted and wanted <= set(said.concepts), (said.concepts, meant.concepts)


async def test_mv_of_krims_krams_is_no_confident_coin_flip(ctx):
    # before: „mv“ named the players' group only, and 001:2368 (Krims' coin flip) led unhedged
    reply = await run_answer(ctx, "question", question="mv von krims krams im friedhof")
    assert "Keine Stelle passt eindeutig am besten" in reply.pages[0].body


async def test_shorthand_changes_no_passage(ctx):
    # a word no document prints is in no passage: the passages' concepts are what the term table and groups give
    r = await ranker(ctx.store)
    for word in ("mv", "cmc", "sba", "etb", "bo3"):
        assert not r.analyser.vocab.knows(word)


@pytest.mark.parametrize(("question", "concept", "not_concept"), [
    ("wann werden sb geprüft wenn eine kreatur 0 widerstandskraft hat", STATE_BASED, SIDEBOARD),
    ("sterben beide legendären kreaturen durch sb", STATE_BASED, SIDEBOARD),
    ("darf ich zwischen zwei spielen im match karten mit dem sb tauschen", SIDEBOARD, STATE_BASED),
    ("wie viele karten darf mein sb im constructed haben", SIDEBOARD, STATE_BASED),
])
async def test_sb_is_read_by_its_context(ctx, question, concept, not_concept):
    r = await ranker(ctx.store)
    a = r.analyser.analyse(question, question=True)
    assert concept in a.concepts and not_concept not in a.concepts, a.concepts


async def test_sb_without_context_is_read_in_both_senses(ctx):
    assert sense_reading("sb", ["was", "ist", "sb"]) == ("zustandsbasierte", "aktion", "sideboard")
    assert all(len([s for s in parse_senses() if s.word == w]) >= 2 for w in {s.word for s in parse_senses()})


async def test_sb_beside_zero_toughness_finds_state_based_actions(ctx):
    # before, „sb“ was the Sideboard: 003:63 („Verwenden Spieler ein Sideboard …“) led
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "wann werden sb geprüft wenn eine kreatur 0 widerstandskraft hat", ctx.names,
                           limit=3)
    assert not any("Sideboard" in h.passage.text for h in found.hits)
    assert any("zustandsbasierte Aktion" in h.passage.text for h in found.hits)


@pytest.mark.parametrize("word", ["zb", "iwie", "eig", "bzw", "usw", "vllt", "eigtl"])
async def test_players_fillers_are_no_word_of_a_question(ctx, word):
    # dropped from the question only: the passages keep 001/003's „bzw.“ and „usw.“ (as stop words of the index they
    # cost the CV first hits, docs/ranking.md ⁶¹)
    r = await ranker(ctx.store)
    assert word in PLAYERS_FILLERS and word not in STOP_WORDS
    a = r.analyser.analyse(f"kann ich {word} die prio abgeben", question=True)
    assert word not in a.words and a.terms == r.analyser.analyse("kann ich die prio abgeben", question=True).terms


def test_colloquial_words_stay_stop_words():
    assert {"halt", "ne", "nen"} <= STOP_WORDS


def test_a_question_of_fillers_only_is_said_so():
    assert no_terms_reason("zb iwie halt") == "nur Füll- und Fragewörter"


async def test_fillers_get_no_note_and_change_no_ranking(ctx):
    r = await ranker(ctx.store)
    plain = "kann ich die prio abgeben"
    filled = "kann ich zb iwie halt eig die prio abgeben bzw usw ne"
    a, b = (r.analyser.analyse(q, question=True) for q in (plain, filled))
    assert a.terms == b.terms
    body = (await run_answer(ctx, "question", question=filled)).pages[0].body
    assert "in keinem Dokument" not in body, body[:300]


@pytest.mark.parametrize(("search", "title"), [
    ("prio", "Priorität – Regel 117"),
    ("sba", "Zustandsbasierte Aktionen – Regel 704"),
    ("mv", "Manawert – Regel 202.3"),
    ("cmc", "Manawert – Regel 202.3"),
    ("etb", "Auf das Schlachtfeld bringen – Regel 603.6a"),
    ("Priorität", "Priorität – Regel 117"),
])
async def test_a_players_word_of_one_term_opens_the_terms_page(ctx, search, title):
    reply = await run_answer(ctx, "rule", search=search)
    assert reply.pages[0].title == title


async def test_an_abbreviation_of_two_senses_opens_no_term_page(ctx):
    reply = await run_answer(ctx, "rule", search="sb")
    assert reply.pages[0].title == "Regeln zu „sb“"


@pytest.mark.parametrize("question", [
    "bekommt lord of atlantis selbst +1/+1",
    "was macht lord of the pit wenn ich keine kreatur opfere",
    "Lord of the Pit opfern",
])
async def test_lord_of_an_english_cards_name_is_no_slang(ctx, question):
    assert "lord" in name_words(question)
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert "Spielersprache" not in body, body[:400]


async def test_lord_alone_is_still_slang(ctx):
    assert name_words("zählt ein lord als kreatur") == frozenset()
    body = (await run_answer(ctx, "question", question="zählt ein lord als kreatur")).pages[0].body
    assert "„lord“ (Spielersprache" in body
