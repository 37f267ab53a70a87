"""Counts in a pool or a creature list written in words: a signed or oversized count is named as a count (never
read as an unknown colour), a library entry's mana value is bounded as every cost's, and entries written without
commas are read one per count."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.rules.clash import MAX_GENERIC, ClashError, parse_library
from bot.rules.mana import ManaError
from bot.rules.mana.colour_words import GERMAN_NUMBERS, NUMBER_WORDS, SPELLED
from bot.rules.mana.convoke import parse_creatures
from bot.rules.mana.pool import COUNT_WORDS, parse_pool
from bot.rules.mana.spoken import describe
from bot.rules.mana.symbols import colored


@pytest.mark.parametrize("pool", ["-2 weiß", "1 blau, -3 weiß", "1000001 weiß", "−1 grün"])
def test_a_count_that_is_no_count_is_named_as_such(pool):
    with pytest.raises(ManaError) as err:
        parse_pool(pool)
    assert "Anzahl" in str(err.value) and "Farbe" not in str(err.value)


def test_creatures_with_a_negative_count_are_refused_as_a_count():
    with pytest.raises(ManaError, match="Die Anzahl „-3“ ist keine Anzahl"):
        parse_creatures("-3 grün")


def test_entries_without_commas_are_read_one_per_count():
    assert parse_pool("2 weiß 1 blau 2 grün") == Counter({("W", False): 2, ("U", False): 1, ("G", False): 2})
    assert parse_pool("2 weiß 1 blau 2 grün") == parse_pool("2 weiß, 1 blau und 2 grün")
    assert parse_pool("2 grün verschneit 1 rot") == Counter({("G", True): 2, ("R", False): 1})
    assert parse_creatures("2 grün 1 weiß-blau") == [("G",), ("G",), ("W", "U")]


def test_a_library_entry_above_the_largest_mana_value_is_refused():
    with pytest.raises(ClashError, match=f"ein Manawert über {MAX_GENERIC} kommt nicht vor"):
        parse_library("99999999999999999999:5")
    assert parse_library(f"{MAX_GENERIC}:1 0:2") == {(MAX_GENERIC,): 1, (0,): 2}


def test_one_table_of_number_words_serves_costs_counts_and_answers():
    # the cost's number words, the pool's counts and the words an answer writes are one table
    assert {w: n for w, n in GERMAN_NUMBERS.items() if n} == COUNT_WORDS and NUMBER_WORDS["zwanzig"] == 20
    assert SPELLED[1] == "ein" and SPELLED[5] == "fünf" and SPELLED[12] == "zwölf" and 13 not in SPELLED
    assert parse_pool("zwanzig rote") == Counter({("R", False): 20})
    assert describe([colored("W")] * 2) == "zwei weiße Mana"
    assert describe([colored("W")] * 13) == "13 weiße Mana"
