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


def test_the_sorted_dictionary_is_kept_and_read_back_the_same(tmp_path, monkeypatch):
    # read from pyspellchecker's resource once (≈ 0.5 s of CPU), then from the cache file in milliseconds: the same
    # words and offsets, so the same answers; a cut file is not read (read again and rewritten), nor an unwritable
    # folder an error
    from bot import german_words

    kept = tmp_path / "cache" / "german-words-test.bin"
    monkeypatch.setattr(german_words, "cache_file", lambda: kept)
    monkeypatch.setattr(german_words, "_loaded", [])
    read = german_words._load()
    assert kept.is_file() and 330_000 < len(read) < 340_000
    again = german_words._from_cache(kept)
    assert again is not None and again.parts() == read.parts()
    assert "dazunehmen" in again and again.has("nochmal") and "lotus" not in again
    kept.write_bytes(kept.read_bytes()[:-1])
    assert german_words._from_cache(kept) is None
    assert german_words._load().parts() == read.parts() and german_words._from_cache(kept) is not None
    blocked = tmp_path / "file"
    blocked.write_text("")
    german_words._to_cache(blocked / "german-words-test.bin", read)  # its folder is a file: logged, left
    assert blocked.read_text() == "" and sorted(tmp_path.iterdir()) == [tmp_path / "cache", blocked]


def test_the_cache_file_is_named_by_the_resource_and_the_folding_code(monkeypatch, tmp_path):
    from bot import german_words

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = german_words.cache_file()
    assert path is not None and path.parent == tmp_path / "regelbot" and path.name.startswith("german-words-")
    assert german_words.cache_file() == path  # the same resource and code: the same file
