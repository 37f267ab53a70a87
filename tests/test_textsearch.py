"""The one FTS5 query builder (:func:`bot.textsearch.fts_match`) and the synonym groups of data/synonyms.tsv.

The property tests run analysed questions through the builder on the real ``passages_fts`` table of a built
store, so an FTS5 syntax error (from ``"``, ``*``, ``NEAR(``, ``OR``, ``-``, brackets, …) would fail them.
"""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from bot.terms import analyser
from bot.textsearch import SYNONYMS_PATH, fts_match, parse_synonyms, pattern, quote, synonyms
from tests.conftest import on_fuzz_setting

NASTY = [
    '"',
    "*",
    "NEAR(",
    "OR",
    "-",
    "(((",
    ")",
    "a OR b",
    '"unbalanced',
    "x" * 10_000,
    "🙂🃏",
    "\u200b\u200d\ufeff",
    "NEAR(a b, 3)",
    "^start",
    "col:wert",
    "AND NOT",
    "{R/W}",
    "\x00",
    "Bib\u200bliothek",
]


def test_fts_match_quotes_every_word():
    assert fts_match([["fehde", "clash"], ["win"]], prefix_from=4) == '("fehde"* OR "clash"*) AND ("win")'
    assert fts_match([["a\"b"]]) == '("a""b")'  # a quote cannot end the FTS string
    assert fts_match([["x"], ["y"]], any_group=True) == '("x") OR ("y")'
    assert fts_match([["tapp"]], column="terms") == '{terms}: (("tapp"))'
    assert fts_match([[], [""]]) == ""
    assert quote('NEAR(') == '"NEAR("'


def test_synonym_file_parses_and_covers_the_era_terms():
    groups = {g.key: g for g in synonyms()}
    # The four renamed terms named in SOURCES.md, plus upkeep.
    for key in ("wirken", "manawert", "exil", "schlachtfeld_im", "versorgung"):
        assert key in groups
        assert len(groups[key].patterns) >= 2
    assert "manawert" in groups["manawert"].labels
    assert "umgewandelte manakosten" in groups["manawert"].labels


def test_parse_synonyms_reports_the_line():
    with pytest.raises(ValueError, match="Zeile 2"):
        parse_synonyms("# kommentar\nnur zwei\tspalten\n")
    with pytest.raises(ValueError, match="doppelt"):
        parse_synonyms("a\tx | y\tq\na\tz\tq\n")
    with pytest.raises(ValueError, match="leeres Muster"):
        parse_synonyms("a\tx | ** \tq\n")


def test_pattern_star_marks_the_last_token_of_its_word():
    phrase = pattern("umgewandelte* manakosten")
    assert phrase.words == ("umgewandelte", "manakosten")
    assert phrase.prefix == (True, False)
    assert phrase.fts() == '"umgewandelte"* + "manakosten"'


def test_synonym_file_is_the_shipped_one():
    assert SYNONYMS_PATH.name == "synonyms.tsv" and SYNONYMS_PATH.parent.name == "data"


@pytest.fixture(scope="module")
def fts(built_db):
    conn = sqlite3.connect(f"{built_db.resolve().as_uri()}?mode=ro", uri=True)
    words = dict(conn.execute("SELECT word, count FROM vocabulary"))
    lemmas = {w: lemma for w, lemma in conn.execute("SELECT word, lemma FROM vocabulary WHERE lemma IS NOT NULL")}
    yield conn, analyser(words, lemmas)
    conn.close()


def _run_all(fts, text: str) -> None:
    conn, a = fts
    terms = a.analyse(text, question=True).all_terms()
    for match in (fts_match([[t] for t in terms], any_group=True), fts_match([terms]), fts_match([[t] for t in terms])):
        if match:
            conn.execute("SELECT count(*) FROM passages_fts WHERE passages_fts MATCH ?", (match,)).fetchone()


@pytest.mark.parametrize("text", NASTY)
def test_nasty_inputs_are_valid_fts(fts, text):
    _run_all(fts, text)


@on_fuzz_setting(300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300) | st.lists(st.sampled_from([*NASTY, "Bibliothek", "NEAR", "OR", "AND"])).map(" ".join))
def test_any_text_gives_valid_fts(fts, text):
    _run_all(fts, text)
