"""bot.prefixes.WordPrefixes answers as the plain definition it replaces: a label matches when every typed
word starts one of its words (the test compares against that definition on arbitrary word lists); KeyStarts
finds every key of its table a text's forms make, and forms no word past the first start that no key has."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.prefixes import KeyStarts, WordPrefixes

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


@given(st.lists(st.lists(WORD, max_size=4), max_size=24), st.lists(WORD, max_size=3))
def test_as_the_definition(labels: list[list[str]], typed: list[str]):
    want = [i for i, words in enumerate(labels) if all(any(w.startswith(t) and t for w in words) for t in typed)]
    assert WordPrefixes(labels).matching(typed) == want


def test_words_of_many_labels_are_checked_in_the_prepared_sets():
    """A prefix of more than LIST_MEMBERS labels is checked in a set made with the index, a shorter one in its list:
    both give the labels of the definition (``a`` starts a word of every label, ``ab`` of every third, ``x2`` of
    eleven)."""
    from bot.prefixes import LIST_MEMBERS

    labels = [("ab" if i % 3 == 0 else "ac", "x" + str(i), "ay") for i in range(3 * LIST_MEMBERS + 3)]
    index = WordPrefixes(labels)
    assert "a" in index._sets and "ab" in index._sets and "x2" not in index._sets and len(labels) < 200
    assert index.matching(["x1", "a"]) == [1, *range(10, 20)]
    assert index.matching(["a", "ab"]) == list(range(0, len(labels), 3))
    assert index.matching(["ay", "ac", "x2"]) == [2, 20, 22, 23, 25, 26, 28, 29]
    assert index.matching(["ab", "a", "x"]) == list(range(0, len(labels), 3))


def test_firsts_of_groups():
    index = WordPrefixes([("chor", "des", "konklave"), ("konklave",), ("boros", "rekrut"), ("chor",)],
                         groups=["a", "a", "b", "b"])
    assert index.firsts()["kon"] == [0] and index.firsts()["ch"] == [0, 3] and index.firsts()["r"] == [2]
    assert WordPrefixes([("ab",)]).firsts() == {}


@given(st.lists(st.tuples(st.lists(WORD, max_size=3), st.integers(0, 3)), max_size=8))
def test_firsts_as_the_definition(rows: list[tuple[list[str], int]]):
    """Per prefix, the first label of each group that has a word starting with it, in label order (groups need not
    stand together)."""
    labels, groups = [words for words, _g in rows], [g for _w, g in rows]
    want: dict[str, list[int]] = {}
    for prefix in {w[:end] for words in labels for w in words for end in range(1, len(w) + 1)}:
        seen: set[int] = set()
        for pos, words in enumerate(labels):
            if any(w.startswith(prefix) for w in words) and groups[pos] not in seen:
                seen.add(groups[pos])
                want.setdefault(prefix, []).append(pos)
    assert WordPrefixes(labels, groups).firsts() == want


def test_term_completion_lists_as_the_table_says():
    """The term table's one-word completion (:meth:`bot.terms.TermIndex.complete`), made from the prefix index's
    first names per term: each term's first name with a word starting with the typed word, in table order."""
    from bot.terms import TermIndex, term_index
    from bot.text import name_spellings

    index = term_index()
    want: dict[str, dict[int, tuple[object, str, int]]] = {}
    for term, name, rank, _joined in index.name_words:
        for prefix in {w[:end] for w in name_spellings(name) for end in range(1, len(w) + 1)}:
            want.setdefault(prefix, {}).setdefault(id(term), (term, name, rank))
    fresh = TermIndex(index.terms)
    assert {p: list(v.values()) for p, v in want.items()} == fresh._by_prefix
    assert len(want) > 5000 and [n for _t, n, _r in fresh.complete(["trampel"])] == ["Trampelschaden"]


def test_key_starts_form_only_while_a_key_starts_so():
    """The stems of ``/mechanik``'s verb forms: ``stachelt … auf`` is looked up by its first and last word."""
    formed: list[str] = []

    def stem(word: str) -> str:
        formed.append(word)
        return word.rstrip("tn")

    starts = KeyStarts([("aufstachel",), ("stachel", "auf"), ("beruf", "ein")])
    assert starts.key(["stacheln", "auf"], stem) == ("stachel", "auf") and formed == ["stacheln", "auf"]
    formed.clear()
    assert starts.key(["boros", "rekrut", "neu"], stem) is None and formed == ["boros"]  # no key starts with boros
    formed.clear()
    assert starts.key(["beruft", "aus"], stem) is None and formed == ["beruft", "aus"]
    assert starts.key([], stem) == ()


@given(st.lists(st.lists(WORD, min_size=1, max_size=3), max_size=8), st.lists(WORD, max_size=4))
def test_key_starts_as_the_definition(keys: list[list[str]], words: list[str]):
    """Every text whose forms are a key gets that key; any other gets None, or its forms where they start a key."""
    table = {tuple(w.upper() for w in k) for k in keys}
    found = KeyStarts(table).key(words, str.upper)
    formed = tuple(w.upper() for w in words)
    if formed in table or not formed or any(k[: len(formed)] == formed for k in table):
        assert found == formed
    else:
        assert found is None
