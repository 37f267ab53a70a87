"""The ordinary German words (pyspellchecker's dictionary) that the unknown-word note leaves out."""

from __future__ import annotations

import pytest

from bot.german_words import german_dictionary


@pytest.mark.parametrize("word", ["nochmal", "Boni", "fuer", "für", "Fuer", "kreaturen", "dazunehmen",
                                  "zurückbekommen"])
def test_ordinary_words_in_any_spelling_and_joined(word):
    assert word in german_dictionary()


@pytest.mark.parametrize("word", ["lotus", "circu", "dazunemen", "kreaturr", "qwertzuiop", "", "a\nb",
                                  "x" * 200])
def test_names_typos_and_odd_input_are_no_ordinary_words(word):
    assert word not in german_dictionary()


def test_the_dictionary_is_read_whole_and_folded():
    words = german_dictionary()
    assert 330_000 < len(words) < 340_000  # 339 101 words, fewer once folded („für“/„fur“ meet)
    assert 12 not in words  # type: ignore[operator]
