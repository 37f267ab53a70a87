"""Clash (Fehde): who wins a clash, exact winning odds from library contents, seeded reveals.

Pure Python, no I/O, no prose: the results are facts (values, winners, why each player wins or not, the rules
applied as :class:`bot.rules.cite.Reason`). Implements today's 701.30a–d (Comprehensive Rules, 17.04.2026) and,
as the rules of 2007, 701.19a–c and the rulings of the clash article (document 000, Lorwyn, 2007):

* 701.19c: a player wins if the revealed card has a higher mana value than all other revealed
  cards; if nobody's is higher (a tie), nobody wins; there are no draws or losses;
* an X in the mana cost counts 0; a card without mana cost (a land) counts 0;
* split cards, rules of 2007: each half's value is considered individually, so several players
  can win (A reveals 1 and 3, B reveals 2 → both win: 3 > 2 and 2 > 1);
* today (rulings on Getrieben // Verzweiflung, 2017) a split card has one mana value, the sum.

Semantics of 2007 implemented here, exactly as the article's example reads: a card "has a higher
mana value than" another card when one of its values is greater than one of the other card's
values (the Zwietracht FAQ: an effect asking about a split card sees both values; rule 708.6a of
the Comprehensive Rules of 2010: a relative comparison is "yes" if either half would say "yes").
So player P wins when, for every other revealed card Q, ``max(P) > min(Q)``.
"""

from __future__ import annotations

from bot.rules.clash.odds import (
    MAX_LIBRARY,
    MAX_OUTCOMES,
    Library,
    OddsResult,
    RevealResult,
    clash_odds,
    parse_library,
    random_reveal,
)
from bot.rules.clash.reveal import (
    HALVES,
    MAX_PLAYERS,
    RULES,
    RULES_2007,
    RULES_TODAY,
    ClashError,
    ClashResult,
    RevealedCard,
    Verdict,
    card_from_cost,
    card_from_faces,
    card_from_number,
    check_halves,
    clash,
    win_rule,
)
from bot.rules.mana import MAX_GENERIC

__all__ = [
    "HALVES",
    "MAX_GENERIC",
    "MAX_LIBRARY",
    "MAX_OUTCOMES",
    "MAX_PLAYERS",
    "RULES",
    "RULES_2007",
    "RULES_TODAY",
    "ClashError",
    "ClashResult",
    "Library",
    "OddsResult",
    "RevealResult",
    "RevealedCard",
    "Verdict",
    "card_from_cost",
    "card_from_faces",
    "card_from_number",
    "check_halves",
    "clash",
    "clash_odds",
    "parse_library",
    "random_reveal",
    "win_rule",
]
