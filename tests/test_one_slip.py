"""``bot.typos.one_slip``: the names one slip from a typed word, found in one rapidfuzz call, are exactly those
:func:`bot.typos.slips` counts at most one for (a letter added, dropped, replaced, two neighbours swapped, two
letters one apart swapped), in the names' order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.typos import one_slip, slips
from tests.conftest import on_fuzz_setting

#: Concept spellings of the change register as :class:`bot.answers.abolished.RegisterWords` joins them.
NAMES = ["manaburn", "manabrand", "stapel", "stack", "kampfschaden", "einberufen", "rekrut"]


def test_one_slip_examples() -> None:
    assert one_slip("manabrun", NAMES) == [0]  # two neighbours swapped
    assert one_slip("manbaurn", NAMES) == [0]
    assert one_slip("stapl", NAMES) == [2]  # „stack“ is two edits off, and no swap: left out
    assert one_slip("manabrnad", NAMES) == [1]
    assert one_slip("rektur", NAMES) == [6]  # r and t around the u: two edits, one slip
    assert one_slip("stapl", NAMES) == [2]
    assert one_slip("stapel", NAMES) == [2]
    assert one_slip("zauber", NAMES) == []
    assert one_slip("stac", ["stack", "stapel", "stack"]) == [0, 2]  # every position, in order


@on_fuzz_setting(300)
@given(st.text("abcdeimnrst", max_size=9), st.lists(st.text("abcdeimnrst", max_size=9), max_size=12))
def test_one_slip_is_slips_at_most_one(typed: str, names: list[str]) -> None:
    assert one_slip(typed, names) == [i for i, name in enumerate(names) if slips(typed, name) <= 1]
