"""The workload helpers: examples read from option descriptions, leaves of a payload, percentiles."""

from __future__ import annotations

import pytest
from workload import example_from_description, leaves, percentile


@pytest.mark.parametrize(("description", "example"), [
    # descriptions as bot/commands/mana.py and bot/commands/clash.py declare them
    ("Mana pool like {B}{G}{G} or BGG; snow mana with *: {G*}", "{B}{G}{G}"),
    ("Colours of the tapped creatures, e.g. artifact, red, green-white", "artifact, red, green-white"),
    ("Upkeep cost, choices with 'or': {W} or {U}", "{W} or {U}"),
    ("Mana value counts like 0:17 1:4 2:8, or card names with counts", "0:17 1:4 2:8"),
    ("Cost increases, e.g. {1} or {1}, {2}", "{1}"),
    ("Card name (German or English)", None),
])
def test_example_from_description(description, example):
    assert example_from_description(description) == example


def test_leaves_of_groups_and_subcommands():
    payload = [
        {"name": "card", "type": 1, "options": [{"type": 3, "name": "name"}]},
        {"name": "mana", "type": 1, "options": [
            {"type": 1, "name": "pay", "options": [{"type": 3, "name": "cost"}]},
            {"type": 2, "name": "rules", "options": [{"type": 1, "name": "show", "options": []}]},
        ]},
        {"name": "Karte zeigen", "type": 3},  # a message context menu: not a slash command
    ]
    assert [leaf.label for leaf in leaves(payload)] == ["/card", "/mana pay", "/mana rules show"]


def test_percentile_nearest_rank():
    values = list(range(1, 101))  # 1..100
    assert percentile(values, 0.5) == 50
    assert percentile(values, 0.99) == 99
    assert percentile([3.0], 0.99) == 3.0
