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



def test_the_cache_file_is_named_by_content_not_by_time_and_few_are_kept(monkeypatch, tmp_path):
    # every fresh checkout and virtual environment installs the same resource and code with new file times: they
    # share one cache file; writing it removes the files of the versions read least recently, beyond KEPT_VERSIONS
    # (8 files of 5.7 MB after a day of checkouts before)
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
    others = [path.parent / f"german-words-{n:024x}.bin" for n in range(german_words.KEPT_VERSIONS + 1)]
    for when, other in enumerate(others):  # other versions' files, the last one read most recently
        other.write_bytes(b"another version")
        os.utime(other, (1_000_000_000 + when, 1_000_000_000 + when))
    german_words._to_cache(path, german_words.GermanDictionary.of_words([b"aber", b"nochmal"]))
    kept = sorted(p.name for p in path.parent.iterdir())
    assert kept == sorted([path.name] + [o.name for o in others[-(german_words.KEPT_VERSIONS - 1) :]])


def test_two_versions_side_by_side_keep_both_cache_files(monkeypatch, tmp_path):
    # a rolling update runs the old and the new version at once: each start of one must not remove the other's
    # file (each would then read the resource again: ≈ 0.5 s of CPU and ≈ 60 MB more at its peak per start)
    from bot import german_words

    folder = tmp_path / "regelbot"
    old, new = folder / "german-words-old.bin", folder / "german-words-new.bin"
    words = german_words.GermanDictionary.of_words([b"aber", b"nochmal"])
    german_words._to_cache(old, words)
    os.utime(old, (1_000_000_000, 1_000_000_000))
    german_words._to_cache(new, words)
    assert german_words._from_cache(old) is not None and old.stat().st_mtime > 1_000_000_000  # a read touches it
    for n in range(german_words.KEPT_VERSIONS - 2):
        german_words._to_cache(folder / f"german-words-{n}.bin", words)
    assert old.is_file() and new.is_file()
