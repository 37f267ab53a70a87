"""Mana costs: symbols and parsing, mana value and colours, hybrid choices, pools, payment,
Einberufen, total cost and Kumulative Versorgung — one small module per calculation. Pure Python,
no I/O, no prose: every public engine function takes and returns plain picklable facts (numbers, costs,
the rules applied as :class:`bot.rules.cite.Reason`), so an answer can run it in a worker process
(:func:`bot.offload.run_bounded`) and word the result in German once (:mod:`bot.answers.calc_words`).

Modules and the rules they implement:

* :mod:`.symbols` — the symbols of 107.4 (Comprehensive Rules, 17.04.2026) as :class:`SymbolKind`,
  :class:`ManaCost`, canonical order, work budget;
* :mod:`.parse` — costs as typed (braces, the FAQs' parentheses, shorthand) and as printed on a card;
* :mod:`.value` — mana value (202.3) and colours (202.2d; split cards: 709.4b, Zwietracht FAQ as history);
* :mod:`.hybrid` — the player's announcements for hybrid/Phyrexian symbols (601.2b, 107.4e–f);
* :mod:`.pool` — mana pools (symbols or German colour words);
* :mod:`.payment` — exact payment from a pool (max flow; 119.4 and 704.5a for life);
* :mod:`.convoke` — Einberufen (today 702.51a–b: creatures pay; history 502.46, Ravnica FAQ);
* :mod:`.total` — total cost (601.2b, 601.2f, 118.7; Schnellvorlauf rulings);
* :mod:`.upkeep` — Kumulative Versorgung (today 702.24a; history 502.13a, Kälteeinbruch FAQ).

Everything public is re-exported here, so ``from bot.rules.mana import parse_cost`` keeps working.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.rules.mana.convoke import MAX_CREATURES, ConvokeResult, Tapped, convoke, parse_creatures
    from bot.rules.mana.hybrid import HybridResult, hybrid_payments
    from bot.rules.mana.parse import card_costs, format_cost, parse_cost, parse_faces
    from bot.rules.mana.pool import (
        ALL_KINDS,
        POOL_TYPES,
        NumberReading,
        PoolKind,
        format_pool,
        parse_pool,
        pool_kind_text,
        read_pool,
    )
    from bot.rules.mana.symbols import (
        COLORS,
        MAX_GENERIC,
        MAX_STATES,
        MAX_SYMBOLS,
        MAX_WORK,
        RULES_2006,
        RULES_TODAY,
        VARIABLES,
        Best,
        Budget,
        ManaCost,
        ManaError,
        Symbol,
        SymbolKind,
        TooManyWays,
        color_order,
        colored,
        generic,
    )
    from bot.rules.mana.total import Announced, Reduced, TotalCostResult, TotalOption, total_cost
    from bot.rules.mana.upkeep import (
        MAX_COUNTERS,
        Countable,
        Counted,
        UpkeepOption,
        UpkeepResult,
        UpkeepTotal,
        card_upkeep,
        countable,
        cumulative_upkeep,
        parse_upkeep,
        upkeep_sum,
    )
    from bot.rules.mana.value import (
        COLOR_NAMES,
        ColorResult,
        ManaValueResult,
        color_names,
        explain_colors,
        explain_mana_value,
    )

#: The submodule of every name re-exported here. A name is imported from its submodule at its first use
#: (:func:`__getattr__`, PEP 562): a card's mana value (``card_costs``, ``explain_mana_value``) needs neither the
#: payment nor convoke, total cost or upkeep, whose imports cost a one-shot ``call '/karte …'`` ~7 ms.
#: tests/rules/test_mana_package.py checks it against :data:`__all__` and the submodules.
_FROM = {
    "convoke": ("MAX_CREATURES", "ConvokeResult", "Tapped", "convoke", "parse_creatures"),
    "hybrid": ("HybridResult", "hybrid_payments"),
    "parse": ("card_costs", "format_cost", "parse_cost", "parse_faces"),
    "pool": (
        "ALL_KINDS", "POOL_TYPES", "NumberReading", "PoolKind", "format_pool", "parse_pool", "pool_kind_text",
        "read_pool",
    ),
    "symbols": (
        "COLORS", "MAX_GENERIC", "MAX_STATES", "MAX_SYMBOLS", "MAX_WORK", "RULES_2006", "RULES_TODAY", "VARIABLES",
        "Best", "Budget", "ManaCost", "ManaError", "Symbol", "SymbolKind", "TooManyWays", "color_order", "colored",
        "generic",
    ),
    "total": ("Announced", "Reduced", "TotalCostResult", "TotalOption", "total_cost"),
    "upkeep": (
        "MAX_COUNTERS", "Countable", "Counted", "UpkeepOption", "UpkeepResult", "UpkeepTotal", "card_upkeep",
        "countable", "cumulative_upkeep", "parse_upkeep", "upkeep_sum",
    ),
    "value": ("COLOR_NAMES", "ColorResult", "ManaValueResult", "color_names", "explain_colors", "explain_mana_value"),
}
_WHERE = {name: module for module, names in _FROM.items() for name in names}


def __getattr__(name: str) -> Any:
    """The re-exported ``name`` from its submodule (:data:`_FROM`), imported now; that submodule's names are kept in
    this namespace (the function ``convoke`` replaces the submodule ``convoke``, which the import put there).

    Raises:
        AttributeError: ``name`` is none of this package's names.
    """
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    imported = importlib.import_module(f"{__name__}.{module}")
    # every name of that submodule at once: importing it made its name (``convoke``) the submodule itself here
    namespace = globals()
    for each in _FROM[module]:
        namespace[each] = getattr(imported, each)
    return namespace[name]


def load_all() -> None:
    """Import every submodule now: what a process that answers many calculations does at start (the calculation
    workers, :mod:`bot.offload`; the doors that stay up, :meth:`bot.commands.Table.warm`), so that no answer waits
    for an import."""
    for names in _FROM.values():
        __getattr__(names[0])


__all__ = [
    "ALL_KINDS",
    "COLORS",
    "COLOR_NAMES",
    "MAX_COUNTERS",
    "MAX_CREATURES",
    "MAX_GENERIC",
    "MAX_STATES",
    "MAX_SYMBOLS",
    "MAX_WORK",
    "POOL_TYPES",
    "RULES_2006",
    "RULES_TODAY",
    "VARIABLES",
    "Announced",
    "Best",
    "Budget",
    "ColorResult",
    "ConvokeResult",
    "Countable",
    "Counted",
    "HybridResult",
    "ManaCost",
    "ManaError",
    "ManaValueResult",
    "NumberReading",
    "PoolKind",
    "Reduced",
    "Symbol",
    "SymbolKind",
    "Tapped",
    "TooManyWays",
    "TotalCostResult",
    "TotalOption",
    "UpkeepOption",
    "UpkeepResult",
    "UpkeepTotal",
    "card_costs",
    "card_upkeep",
    "color_names",
    "color_order",
    "colored",
    "convoke",
    "countable",
    "cumulative_upkeep",
    "explain_colors",
    "explain_mana_value",
    "format_cost",
    "format_pool",
    "generic",
    "hybrid_payments",
    "parse_cost",
    "parse_creatures",
    "parse_faces",
    "parse_pool",
    "parse_upkeep",
    "pool_kind_text",
    "read_pool",
    "total_cost",
    "upkeep_sum",
]
