"""FTS5 query building: tokens like the index, stems, spellings, synonyms both ways, and safety.

The property tests run every query form on the real FTS5 tables of a built store, so an FTS5
syntax error (from ``"``, ``*``, ``NEAR(``, ``OR``, ``-``, brackets, …) would fail them.
"""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.textsearch import (
    MAX_TERMS,
    SYNONYMS_PATH,
    build_query,
    parse_synonyms,
    pattern,
    spellings,
    stem,
    synonyms,
    tidy_snippet,
    tokens,
)

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


def test_tokens_fold_like_unicode61():
    # unicode61 remove_diacritics 2: case and umlaut dots go, ß stays, punctuation separates.
    assert tokens("Fähigkeit Überstimmen") == ["fahigkeit", "uberstimmen"]
    assert tokens("Boros-Rekrut, 104.3f!") == ["boros", "rekrut", "104", "3f"]
    assert tokens("Straße") == ["straße"]
    assert tokens("🙂 \u200b") == []
    assert tokens("Bib\u200bliothek") == ["bibliothek"]  # zero-width characters are dropped, not split


def test_stem_strips_one_ending_and_keeps_four_letters():
    assert stem("mischen") == "misch"
    assert stem("eismarke") == "eismark"
    assert stem("eismarken") == "eismark"
    assert stem("karte") == "karte"  # shorter than 6: unchanged
    assert stem("502") == "502"


def test_spellings_both_ways():
    assert spellings("straße") == ["straße", "strasse"]
    assert spellings("strasse") == ["strasse", "straße"]
    assert spellings("maechte") == ["maechte", "machte"]


@pytest.mark.parametrize(
    ("typed", "fts"),
    [
        ("Eismarke", '"eismark"*'),  # prefix on the stem: finds "Eismarken"
        ("Boros-Rekrut", '"boros"* + "rekrut"*'),  # words joined by punctuation: one phrase
        ("104.3f", '"104" + "3f"'),  # numbers exact
        ("mischen", '("misch"* OR "gemisch"*)'),  # verbs also find the participle "gemischt"
    ],
)
def test_query_forms(typed, fts):
    query = build_query(typed)
    assert query is not None
    assert query.all_words == fts


def test_stop_words_are_dropped_unless_alone():
    query = build_query("was passiert mit der Bibliothek")
    assert query is not None
    assert [t.label for t in query.terms] == ["passiert", "bibliothek"]
    alone = build_query("der die das")
    assert alone is not None and len(alone.terms) == 3


def test_synonym_file_parses_and_covers_the_era_terms():
    groups = {g.key: g for g in synonyms()}
    # The four renamed terms named in SOURCES.md, plus upkeep.
    for key in ("wirken", "manawert", "exil", "schlachtfeld_im", "versorgung"):
        assert key in groups
        assert len(groups[key].patterns) >= 2
    assert "manawert" in groups["manawert"].labels
    assert "umgewandelte manakosten" in groups["manawert"].labels


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("umgewandelte Manakosten", "manawert"),
        ("spielen", "wirken"),
        ("ganz aus dem Spiel entfernen", "ins exil"),
        ("im Spiel", "auf dem schlachtfeld"),
        ("Versorgungssegment", "upkeep"),
    ],
)
def test_synonyms_expand_both_ways(old, new):
    forward = build_query(old)
    backward = build_query(new)
    assert forward is not None and backward is not None
    # The old term finds the new one and the new one the old one: both give the same OR group.
    assert forward.terms[0].synonym == backward.terms[0].synonym
    assert forward.all_words == backward.all_words
    labels = [" ".join(p.words) for p in forward.terms[0].phrases]
    assert new in labels


def test_synonym_match_takes_the_longest_phrase():
    query = build_query("ganz aus dem Spiel entfernen Kreatur")
    assert query is not None
    assert [t.label for t in query.terms] == ["ganz aus dem spiel entfernen", "kreatur"]


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


def test_long_input_is_cut_and_says_so():
    query = build_query(" ".join(f"wort{i}" for i in range(40)))
    assert query is not None
    assert len(query.terms) == MAX_TERMS and query.truncated


def test_tidy_snippet_removes_json_brackets():
    assert tidy_snippet('["Du **spielst** den Wächter"]') == "Du **spielst** den Wächter"


@pytest.fixture(scope="module")
def fts(built_db):
    conn = sqlite3.connect(f"{built_db.resolve().as_uri()}?mode=ro", uri=True)
    yield conn
    conn.close()


def _run_all(conn: sqlite3.Connection, text: str) -> None:
    query = build_query(text)
    if query is None:
        assert not tokens(text[:400])
        return
    for table, match in (
        ("rulings_fts", query.all_words),
        ("rulings_fts", query.any_word),
        ("rules_fts", query.all_words),
        ("rules_fts", query.any_word),
    ):
        conn.execute(f"SELECT count(*) FROM {table} WHERE {table} MATCH ?", (match,)).fetchone()
    if query.substrings:
        conn.execute("SELECT count(*) FROM rulings_trigram WHERE rulings_trigram MATCH ?", (query.substrings,))


@pytest.mark.parametrize("text", NASTY)
def test_nasty_inputs_are_valid_fts(fts, text):
    _run_all(fts, text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300) | st.lists(st.sampled_from([*NASTY, "Bibliothek", "NEAR", "OR", "AND"])).map(" ".join))
def test_any_text_gives_valid_fts(fts, text):
    _run_all(fts, text)
