"""The autocomplete's short ways give what the long ones give: :func:`bot.text.name_folds` is
``(name_keys, name_words)`` for any text, and the whole-name slips of a small index looked up in an
:class:`bot.nameedits.EditTable` are the entries the binary-searched spans of :class:`bot.nameedits.SpanEdits` find
(over the card names of ``data/sources`` and over generated keys)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.namedata import MemoryNames, index_parts
from bot.nameedits import EditTable, SpanEdits
from bot.search import SCAN_CAP, NameIndex
from bot.store import Store
from bot.text import name_folds, name_keys, name_words
from tests.conftest import on_fuzz_setting

#: Typed text as a German player types it, and anything else (other scripts, marks, invisible characters).
GERMAN = st.text(st.sampled_from("abcdefghijklmnopqrsuvwxyzäöüßÄÖÜẞAEOUS -/'’„“.\u0308\u200b"), max_size=30)
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)


@on_fuzz_setting(400)  # a property, not a timing (no deadline): a loaded machine must not fail it
@given(st.one_of(GERMAN, ANY_TEXT))
def test_name_folds_are_keys_and_words(text: str) -> None:
    assert name_folds(text) == (name_keys(text), name_words(text))


def test_name_folds_examples() -> None:
    assert name_folds("Überstimmen") == (("ueberstimmen", "uberstimmen"), ["uberstimmen"])
    assert name_folds("Krims // Krams") == (("krims/krams",), ["krims", "krams"])
    assert name_folds("Gefräßig") == (("gefraessig", "gefrassig"), ["gefrassig"])
    assert name_folds("„Doppellä") == (("doppellae", "doppella"), ["doppella"])
    assert name_folds(" ") == ((), [])


def both(keys: list[str]) -> tuple[EditTable, SpanEdits]:
    """A table and spans over ``keys`` (entry = position in the list; a key may repeat for other entries)."""
    parts = index_parts([])._replace(key_strings=[], key_owner=[])
    pairs = sorted((k, i) for i, k in enumerate(keys))
    strings, owners = [k for k, _ in pairs], [i for _, i in pairs]
    rpairs = sorted((k[::-1], i) for k, i in pairs)
    parts = parts._replace(key_strings=strings, key_owner=owners, rkey_strings=[k for k, _ in rpairs],
                           rkey_owner=[i for _, i in rpairs])
    memory = MemoryNames(parts)
    return EditTable(strings, owners), SpanEdits(memory.span, SCAN_CAP)


def assert_same(table: EditTable, spans: SpanEdits, key: str) -> None:
    assert table.one_edit(key) == spans.one_edit(key), key
    assert table.near_swaps(key) == spans.near_swaps(key), key
    assert table.slipped_starts(key) == spans.slipped_starts(key), key


KEY = st.text(st.sampled_from("abers"), min_size=1, max_size=9)


@on_fuzz_setting(300)  # a property, not a timing (no deadline): a loaded machine must not fail it
@given(st.lists(KEY, min_size=1, max_size=60), st.lists(KEY, min_size=1, max_size=10))
def test_table_finds_what_spans_find(keys: list[str], typed: list[str]) -> None:
    table, spans = both(keys)
    for key in typed + keys:
        assert_same(table, spans, key)
        for i in range(len(key)):  # one edit of an index key: every kind of slip
            assert_same(table, spans, key[:i] + key[i + 1:])
            assert_same(table, spans, key[:i] + "x" + key[i + 1:])
            assert_same(table, spans, key[:i] + key[i + 2:i + 3] + key[i + 1:i + 2] + key[i:i + 1] + key[i + 3:])


def test_table_examples() -> None:
    table, _spans = both(["borosrekrut", "chordeskonklave", "borosrekrut", "blitzschlag"])
    assert table.one_edit("borosrekrtu") == {}  # a neighbours' swap is two Levenshtein edits
    assert table.one_edit("borosrekrt") == {0: 1, 2: 1}
    assert table.one_edit("blitzschlag") == {3: 0}
    assert table.one_edit("blitzschlaf") == {3: 1}
    assert table.near_swaps("borosrektur") == {0, 2}  # r and t around the u
    assert table.near_swaps("robosrekrut") == {0, 2}
    assert table.slipped_starts("chordes") == {1}
    assert table.slipped_starts("chorfes") == {1}


@pytest.fixture(scope="module")
def documents_index(built_db: Path) -> NameIndex:
    async def read() -> NameIndex:
        store = await Store.open(built_db)
        try:
            return NameIndex.from_store(store.stored_names())
        finally:
            await store.close()

    return asyncio.run(read())


def test_documents_index_uses_the_table_with_the_spans_answers(documents_index: NameIndex) -> None:
    data = documents_index.data
    assert isinstance(data, MemoryNames)
    table = documents_index._edits
    assert isinstance(table, EditTable)
    spans = SpanEdits(data.span, SCAN_CAP)
    typed = ["borosrekrtu", "borosrektur", "uberstimen", "gefrassig", "chordeskonkl", "akkorddesrufes", "blitzschlag"]
    for key in typed + data.parts.key_strings:
        assert_same(table, spans, key)
        for i in range(0, len(key), 3):
            assert_same(table, spans, key[:i] + key[i + 1:])
            assert_same(table, spans, key[:i] + "e" + key[i + 1:])
            assert_same(table, spans, key[:i] + key[i + 2:i + 3] + key[i + 1:i + 2] + key[i:i + 1] + key[i + 3:])
