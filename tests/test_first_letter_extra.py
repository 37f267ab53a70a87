"""Autocomplete's fuzzy word matching reads a typed start whose stray letter is its first as no slip of a word
(:func:`bot.fuzzyvocab.first_letter_extra`): „chor“ offers „Chor des Konklave“, not „Wut der Horde“ („hord…“) nor
„Nivix, Horst des Feuerhirns“ („hors…“); a stray letter inside the start is a slip as before."""

from __future__ import annotations

import pytest

from bot.fuzzyvocab import FuzzyVocabulary, first_letter_extra
from tests.conftest import call_cli


def test_a_start_with_an_extra_first_letter_is_no_slip():
    assert first_letter_extra("chor", "hord") and first_letter_extra("chor", "hors")
    assert not first_letter_extra("chor", "chor") and not first_letter_extra("chor", "ghor")  # its first letter
    assert not first_letter_extra("borros", "boros") and not first_letter_extra("hors", "hord")  # inside, last
    vocab = FuzzyVocabulary(sorted(["chor", "ghor", "horde", "horst", "boros", "konklave"]))
    assert list(vocab.similar("chor", True, 75.0)) == ["chor", "ghor"]
    assert "boros" in vocab.similar("borro", True, 75.0) and "horde" in vocab.similar("hors", True, 75.0)


@pytest.mark.parametrize(("typed", "offered", "not_offered"), [
    ("chor", ["Chor des Konklave", "Ghor-Clan-Blutschuppe"], ["Wut der Horde", "Nivix, Horst des Feuerhirns"]),
    ("hors", ["Nivix, Horst des Feuerhirns", "Wut der Horde"], []),  # „hors“ for „hord“: the last letter slipped
    ("borros", ["Boros-Rekrut"], []),  # a letter too many inside the word
])
def test_autocomplete_of_a_card_name(built_db, typed, offered, not_offered):
    proc = call_cli("complete", "/karte name", typed, db=built_db)
    names = proc.stdout.splitlines()
    assert proc.returncode == 0 and all(n in names for n in offered), names
    assert not set(not_offered) & set(names)
