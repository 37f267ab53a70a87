"""The stem outline (:mod:`bot.stemoutline`): the Snowball stem of a word (and of its lemma, as the term table's
look-up forms a word) is a start of the word's outline, over the documents' vocabulary, every start of its words
and random words of Latin-1 letters; and a table keyed by stems (:class:`bot.prefixes.KeyStarts`) finds with an
outline the same keys as without one."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bot.prefixes import KeyStarts
from bot.stemoutline import lemma_outline, outline
from bot.terms import term_index
from bot.text import canonical
from bot.words import snowball

#: Letters of the random words: German ones (with ``ae``/``ue`` runs and ``ß``) and other Latin-1 letters.
LETTERS = "abcdeeefghiklmnopqrstuuvwyzäöüßéèñçåøæ"


def sample_words(db: Path) -> list[str]:
    """The documents' vocabulary, every start of its words (up to 10 letters) and 8 000 random words."""
    with sqlite3.connect(db) as conn:
        words = [w for (w,) in conn.execute("SELECT word FROM vocabulary")]
    starts = {w[:end] for w in words for end in range(1, min(len(w), 10) + 1)}
    rng = random.Random(24)
    starts |= {"".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 12))) for _ in range(8_000)}
    return sorted(starts)


def test_stem_is_a_start_of_the_outline(built_db: Path) -> None:
    words = sample_words(built_db)
    index = term_index()
    drawn_lemma = lemma_outline(index._form_analyser)
    outlined = 0
    for word in words:
        for typed in (word, canonical(word)):  # /mechanik stems the canonical spelling, the term table the token
            drawn = outline(typed)
            assert drawn is None or drawn.startswith(snowball(typed)), typed
            outlined += drawn is not None
        drawn, formed = drawn_lemma(word), index._word_form(word)
        assert drawn is None or drawn.startswith(formed), word
        assert drawn_lemma(word) == formed  # now remembered: the stem itself
    assert outlined > 1.9 * len(words)  # nearly every word has an outline
    assert outline("ertränkte") == "ertrankte" and snowball("ertränkte") == "ertrankt"
    assert outline("702.19") is None and outline("kaffeeeis") is not None and outline("aee") is None
    assert drawn_lemma("gepfropft") == "pfropfen"  # a participle is outlined as its verb


WORD = st.text(alphabet="abcde", min_size=1, max_size=5)


@given(st.lists(st.lists(WORD, min_size=1, max_size=3), max_size=8), st.lists(WORD, max_size=4),
       st.sets(WORD, max_size=3))
def test_key_starts_with_an_outline_as_without(keys: list[list[str]], words: list[str], unknown: set[str]) -> None:
    """A form that is a start of the word (its first half, as a stem is a start of the word folded), outlined by
    the word itself (None for the words of ``unknown``): the same key or None as without the outline."""

    def form(word: str) -> str:
        return word[: (len(word) + 1) // 2]

    table = {tuple(form(w) for w in k) for k in keys}
    formed: list[str] = []

    def counted(word: str) -> str:
        formed.append(word)
        return form(word)

    plain = KeyStarts(table).key(words, form)
    assert KeyStarts({("ab",)}, str).key(["xyz"], counted) is None and not formed  # ruled out unformed
    assert KeyStarts(table, lambda w: None if w in unknown else w).key(words, counted) == plain
    assert len(formed) <= len(words)
