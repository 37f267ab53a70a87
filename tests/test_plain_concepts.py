"""The short reading of a passage's concepts (:func:`bot.passage_concepts.plain_concepts`, the build's hot path)
against the full one (:func:`bot.passage_concepts.passage_concepts`), on the term table's names."""

from __future__ import annotations

import pytest

from bot.analysis import Analyser, tokens
from bot.passage_concepts import passage_concepts, plain_concepts
from bot.terms import analyser

WORDS = {"karte": 3, "ziehe": 2, "ziehen": 2, "kreatur": 5, "bibliothek": 1, "friedhof": 2, "mana": 4, "und": 9}


@pytest.fixture(scope="module")
def a() -> Analyser:
    return analyser(WORDS, {})


def _both(a: Analyser, text: str) -> tuple[list[str] | None, list[str]]:
    raw = tokens(text)
    infos = [a._word(w, "de") for w in raw]
    firsts = [i.first for i in infos]
    how = ("001", False, "de")
    full, _covered = passage_concepts(raw, infos, a.vocab.concept_table(*how), set(), firsts,
                                      a.vocab.concept_fits(*how))
    return plain_concepts(raw, infos, firsts, a.vocab.word_concepts(*how)), full


@pytest.mark.parametrize("text", ["Kreatur Bibliothek Friedhof Kreatur", "Mana und Friedhof", "Friedhof Karte"])
def test_one_word_names_as_the_full_reading(a: Analyser, text: str) -> None:
    plain, full = _both(a, text)
    assert plain == full
    assert plain  # each of these texts names a concept


def test_a_pair_that_begins_a_longer_name_is_read_in_full(a: Analyser) -> None:
    plain, full = _both(a, "Kreatur, dann Karte ziehen")
    assert plain is None  # „Karte ziehen“ is a name of two words: read by passage_concepts
    assert full


def test_a_stop_word_names_no_concept(a: Analyser) -> None:
    kind = a.vocab.word_concepts("001", False, "de")
    first, form = a.main_stem("kreatur"), a.form("kreatur")
    assert kind.word("kreatur", first, form, stop=False)
    assert kind.word("kreatur", first, form, stop=True) == ()
