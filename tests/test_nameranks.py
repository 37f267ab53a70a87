"""The card-name offers' prepared ranking (bot/nameranks.py): the static order numbers and the three-pass sort give
the order of the six-part sort key, and the autocomplete's offers kept per folded text give the choices of a fresh
search, over the recorded autocomplete queries (``tests/choices``) and text that folds alike."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import nameranks
from bot.nameranks import best_ranks, folded_query, static_rows
from bot.search import COMPLETE_LIMIT, NameIndex
from tests.choices import HERE, load

#: Offers as bot.nameranks makes them: 2·tier + foreign, −score (few values, so that they tie), order, entry.
RANKS = st.lists(
    st.tuples(st.integers(0, 7), st.sampled_from([-100.0, -90.0, -99.0, -100.0 / 3, -200.0 / 6, 0.0]),
              st.integers(0, 40)),
    unique_by=lambda r: r[2], max_size=60,
).map(lambda rows: [(tf, score, order, 1000 + order) for tf, score, order in rows])


@given(RANKS, st.integers(0, 70))
def test_three_passes_sort_as_the_tuples(values: list[tuple[int, float, int, int]], count: int):
    assert best_ranks(values, count) == sorted(values)[:count]


@given(RANKS, st.integers(0, 70))
def test_selection_of_many_as_the_tuples(values: list[tuple[int, float, int, int]], count: int):
    saved = nameranks.SORT_ALL
    nameranks.SORT_ALL = 0  # every list counts as "more than SORT_ALL": heapq's selection
    try:
        assert best_ranks(values, count) == sorted(values)[:count]
    finally:
        nameranks.SORT_ALL = saved


def test_static_order_numbers_length_name_entry():
    rows = static_rows([7, 8, 9, 7], ["Chor des Konklave", "Boros-Rekrut", "Boros Rekrut", "Chor des Konklave"],
                       ["name", "name", "name", "english"])
    # Boros Rekrut (12 letters, " " < "-") first, then Boros-Rekrut, then both entries of Chor des Konklave
    assert rows == [(0, 2, 7), (0, 1, 8), (0, 0, 9), (1, 3, 7)]


async def test_static_order_on_the_documents(ctx):
    parts = ctx.names.data.parts
    rows = static_rows(parts.card_ids, parts.card_names, parts.kinds)
    by_order = sorted(range(len(rows)), key=lambda i: rows[i][1])
    assert by_order == sorted(range(len(rows)), key=lambda i: (len(parts.card_names[i]), parts.card_names[i], i))
    assert len(rows) == len(parts.names) > 250 and rows == ctx.names._static


def _alike(queries: list[str]) -> list[str]:
    """Texts that fold as a recorded query does, typed after it: a trailing space or hyphen, upper case, an
    opening quotation mark."""
    return [v for q in queries if q.strip() and len(q) < 40 for v in (q + " ", q + "-", q.upper(), "„" + q)]


async def test_offers_kept_per_folded_text_as_a_fresh_search(ctx):
    """The autocomplete's entries, asked in typing order with the offers kept per folded text, are those of a
    search without kept offers, for the recorded queries and for texts folding alike (the same offers, ties
    ordered by the text as typed)."""
    queries, _want = load(HERE / "documents.json.gz")
    asked = [q for q in queries if len(q) <= 200] + _alike(queries[100:400])
    index = ctx.names
    fresh = NameIndex.from_entries(await ctx.store.name_entries())
    got = [index.complete_entries(q) for q in asked]
    want = [[r[3] for r in fresh._top(fresh._best(q, COMPLETE_LIMIT, 75.0, True), q, COMPLETE_LIMIT)] for q in asked]
    assert got == want
    kept = {folded_query(q) for q in asked if len(q.strip()) > 1}
    assert len(kept) < len(asked) - 600  # many texts folded alike: answered from kept offers
    # "„D" keeps the offers of "D" (prepared at start) and orders their ties by its own text
    assert folded_query("„D") == folded_query("D") == folded_query("d ")


@pytest.mark.parametrize(("first", "text"), [
    ("d", "„D"), ("boros", "Boros "), ("uberstimmen", "ÜBERSTIMMEN"), ("Großer Steingeist", "grosser steingeist"),
    # the same compact key, other words: other offers (the word-prefix and fuzzy tiers read the words)
    ("chordes", "chor des"), ("rekrutboros", "rekrut boros"), ("Stein geist", "Steingeist"),
])
async def test_folded_alike_named(ctx, first, text):
    index = ctx.names
    fresh = NameIndex.from_entries(await ctx.store.name_entries())
    index.complete_entries(first)  # its offers kept
    want = [r[3] for r in fresh._top(fresh._best(text, COMPLETE_LIMIT, 75.0, True), text, COMPLETE_LIMIT)]
    assert index.complete_entries(text) == want and want


async def test_first_keystrokes_offers_stay(ctx):
    """The offers of the first keystrokes (prepared at start) stay after the kept offers of later text are gone:
    "„D", typed long after start, is offered as "D" was, its ties ordered by its own text."""
    index = ctx.names
    index.prepare_first_keystrokes()
    for n in range(nameranks.COMPLETIONS_KEPT + 10):  # more texts than are kept: the oldest go
        index.complete_entries(f"zz{n}")
    assert folded_query("D") not in index._completions and folded_query("D") in index._first_offers
    fresh = NameIndex.from_entries(await ctx.store.name_entries())
    want = [r[3] for r in fresh._top(fresh._best("„D", COMPLETE_LIMIT, 75.0, True), "„D", COMPLETE_LIMIT)]
    assert index.complete_entries("„D") == want and len(want) == COMPLETE_LIMIT
    assert folded_query("„D") not in index._completions  # answered from the first keystroke's offers
