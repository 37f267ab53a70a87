"""Mana costs: symbols and parsing, mana value and colours, hybrid choices, pools, payment,
Einberufen, total cost and Kumulative Versorgung — one small module per calculation. Pure Python,
no I/O; every public engine function takes and returns plain picklable data, so an answer can run
it in a worker process (:func:`bot.offload.run_bounded`).

Modules and the rules they implement:

* :mod:`.symbols` — the symbols of 107.4 (Comprehensive Rules, 17.04.2026; hybrid 104.3f as quoted in
  the Ravnica FAQ), :class:`ManaCost`, canonical order, work budget;
* :mod:`.parse` — costs as typed (braces, the FAQs' parentheses, shorthand);
* :mod:`.value` — mana value (202.3) and colours (203.2e; split cards: Zwietracht FAQ, 2017 rulings);
* :mod:`.hybrid` — the player's announcements for hybrid/Phyrexian symbols (601.2b, 107.4e–f);
* :mod:`.pool` — mana pools (symbols or German colour words);
* :mod:`.payment` — exact payment from a pool (max flow; 119.4 for life);
* :mod:`.convoke` — Einberufen (today 702.51a–b: creatures pay; history 502.46, Ravnica FAQ);
* :mod:`.total` — total cost (601.2b, 601.2f, 118.7; Schnellvorlauf rulings);
* :mod:`.upkeep` — Kumulative Versorgung (502.13a, Kälteeinbruch FAQ; today 702.24a).

Everything public is re-exported here, so ``from bot.rules.mana import parse_cost`` keeps working.
"""

from bot.rules.mana.convoke import MAX_CREATURES, ConvokeResult, convoke, parse_creatures
from bot.rules.mana.hybrid import MONO_HYBRID_STEP, PHYREXIAN_STEP, HybridResult, hybrid_payments
from bot.rules.mana.parse import format_cost, parse_cost, parse_faces
from bot.rules.mana.pool import ALL_KINDS, POOL_TYPES, PoolKind, format_pool, parse_pool, pool_kind_text, read_pool
from bot.rules.mana.symbols import (
    CHOICE_KINDS,
    COLOR_NAMES,
    COLORED,
    COLORLESS,
    COLORLESS_HYBRID,
    COLORS,
    GENERIC,
    HYBRID,
    MAX_GENERIC,
    MAX_STATES,
    MAX_SYMBOLS,
    MAX_WORK,
    MONO_HYBRID,
    PHYREXIAN,
    RULES_2006,
    RULES_TODAY,
    SNOW,
    VARIABLE,
    VARIABLES,
    Budget,
    ManaCost,
    ManaError,
    Symbol,
    color_order,
    colored,
    generic,
    plural,
)
from bot.rules.mana.total import TotalCostResult, TotalOption, total_cost
from bot.rules.mana.upkeep import (
    MAX_COUNTERS,
    UpkeepOption,
    UpkeepResult,
    card_upkeep,
    counted_text,
    cumulative_upkeep,
    parse_upkeep,
)
from bot.rules.mana.value import ColorResult, ManaValueResult, color_names, explain_colors, explain_mana_value

__all__ = [
    "ALL_KINDS",
    "CHOICE_KINDS",
    "COLORED",
    "COLORLESS",
    "COLORLESS_HYBRID",
    "COLORS",
    "COLOR_NAMES",
    "GENERIC",
    "HYBRID",
    "MAX_COUNTERS",
    "MAX_CREATURES",
    "MAX_GENERIC",
    "MAX_STATES",
    "MAX_SYMBOLS",
    "MAX_WORK",
    "MONO_HYBRID",
    "MONO_HYBRID_STEP",
    "PHYREXIAN",
    "PHYREXIAN_STEP",
    "POOL_TYPES",
    "RULES_2006",
    "RULES_TODAY",
    "SNOW",
    "VARIABLE",
    "VARIABLES",
    "Budget",
    "ColorResult",
    "ConvokeResult",
    "HybridResult",
    "ManaCost",
    "ManaError",
    "ManaValueResult",
    "PoolKind",
    "Symbol",
    "TotalCostResult",
    "TotalOption",
    "UpkeepOption",
    "UpkeepResult",
    "card_upkeep",
    "color_names",
    "color_order",
    "colored",
    "convoke",
    "counted_text",
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
    "plural",
    "pool_kind_text",
    "read_pool",
    "total_cost",
]
