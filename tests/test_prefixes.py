"""bot.prefixes.WordPrefixes answers as the plain definition it replaces: a label matches when every typed
word starts one of its words (the test compares against that definition on arbitrary word lists)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.prefixes import WordPrefixes

WORD = st.text(alphabet="abä", min_size=0, max_size=3)


def test_konklave_ch_finds_chor_des_konklave():
    index = WordPrefixes([("chor", "des", "konklave"), ("boros", "rekrut"), ("konklave", "gilde")])
    assert index.matching(["kon", "ch"]) == [0]
    assert index.matching(["konklave"]) == [0, 2]
    assert index.matching(["rek"]) == [1]
    assert index.matching([]) == [0, 1, 2] and len(index) == 3
    assert index.matching(["x"]) == [] and index.matching([""]) == []
    both = WordPrefixes([("ab", "cd"), ("ab", "x"), ("cd", "y"), ("cd", "z")])
    assert both.matching(["ab", "cd"]) == [0] and both.matching(["c", "a", "c"]) == [0]


@given(st.lists(st.lists(WORD, max_size=4), max_size=8), st.lists(WORD, max_size=3))
def test_as_the_definition(labels: list[list[str]], typed: list[str]):
    want = [i for i, words in enumerate(labels) if all(any(w.startswith(t) and t for w in words) for t in typed)]
    assert WordPrefixes(labels).matching(typed) == want
