"""The ordinary German words (pyspellchecker's dictionary) that the unknown-word note leaves out."""

from __future__ import annotations

import os

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



def test_the_cache_keeps_one_file_named_by_content_not_by_time(monkeypatch, tmp_path):
    # every fresh checkout and virtual environment installs the same resource and code with new file times: they
    # share one cache file, and writing it removes another version's (8 files of 5.7 MB after a day of checkouts)
    from bot import german_words

    package, name = german_words._RESOURCE
    installed = tmp_path / "site"
    installed.mkdir()
    copy = installed / name
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_bytes(german_words.resources.files(package).joinpath(name).read_bytes())
    monkeypatch.setattr(german_words.resources, "files", lambda _package: installed)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = german_words.cache_file()
    assert path is not None
    os.utime(copy, (1_000_000_000, 1_000_000_000))  # installed again: the same bytes, another time
    assert german_words.cache_file() == path
    copy.write_bytes(copy.read_bytes() + b"\n")  # another dictionary: another file
    assert german_words.cache_file() != path
    path.parent.mkdir(parents=True)
    stale = path.parent / "german-words-0123456789abcdef01234567.bin"
    stale.write_bytes(b"another version")
    german_words._to_cache(path, german_words.GermanDictionary.of_words([b"aber", b"nochmal"]))
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
