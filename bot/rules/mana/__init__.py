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
    german_int,
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
    "german_int",
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
