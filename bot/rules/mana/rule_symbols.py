"""Symbols a player may type into a cost that name something of the rules other than mana, beyond the fixed ones of
:data:`bot.rules.mana.parse.NOT_PAYABLE` (those of one spelling each: {T}, {Q}, {E} …): the symbols of rule 107
(Comprehensive Rules, 17.04.2026) written with a number or a range — a loyalty symbol ``[+2]`` (107.7), a level
symbol ``{LEVEL 1-3}`` (107.8), a chapter symbol ``{II}`` (107.15), a ticket cost ``{TK3}`` (107.17a) — and numbers
rule 107.1 rules out (half mana ``{½}`` of the silver-bordered Un-sets, ``{∞}``, ``{-1}``, ``{1,5}``) and the acorn
of Unfinity (100.7). Each answer says in German what the symbol is, with its rule number, and what to type instead;
the German terms are those of the cards and of the German rules text (Stufenmarke, Kapitelmarke, Loyalitätsmarke).
Pure Python, no I/O.
"""

from __future__ import annotations

import re

#: A loyalty symbol as typed (107.7): ``[+2]``, ``[-X]``, ``[−3]``, ``[0]`` (at most six digits).
LOYALTY = re.compile(r"\[[+\-−–]?(?:\d{1,6}|[xX])\]")
#: A chapter symbol's Roman numeral (107.15): I to XXXIX; a run of X alone is the variable X, no chapter.
_ROMAN = re.compile(r"X{0,3}(?:IX|IV|V?I{0,3})")
_TICKET_COST = re.compile(r"TK\d{1,6}")
_NEGATIVE = re.compile(r"[\-−–]\d{1,6}")
_FRACTION = re.compile(r"\d{1,6}[.,⁄]\d{1,6}")
#: Half mana of the Un-sets (``{½}``, after Unicode folding ``{1⁄2}``; half white ``{HW}`` …).
_HALVES = frozenset({"½", "HW", "HU", "HB", "HR", "HG", "HC"})

_WHOLE_NUMBERS = "Magic verwendet ausschließlich ganze Zahlen (Regel 107.1)"
WHY = {
    "loyalty": "das Loyalitätssymbol [+N], [−N] oder [0] in den Kosten einer Fähigkeit eines Planeswalkers bedeutet "
               "„Lege N Loyalitätsmarken auf dieses Permanent“ bzw. „Entferne N Loyalitätsmarken von diesem "
               "Permanent“ und wird nicht mit Mana bezahlt (Regel 107.7).",
    "level": "das Stufensymbol {LEVEL N1-N2} oder {LEVEL N3+} einer Stufenkarte ist eine Schlüsselwortfähigkeit, "
             "keine Kosten (Regel 107.8); Stufenmarken bekommt die Kreatur durch Stufenaufstieg, dessen Kosten "
             "Manakosten sind: diese bitte angeben, z. B. {1}{W} (Regel 702.87).",
    "chapter": "das Kapitelsymbol einer Sage ({I}, {II}, {III} …) ist eine Schlüsselwortfähigkeit, die auslöst, wenn "
               "Kapitelmarken hinzukommen, keine Kosten (Regel 107.15); Manakosten bitte mit Manasymbolen angeben, "
               "z. B. {2}{G}.",
    "ticket": "ein Ticketsymbol mit einer Zahl steht für Ticketkosten: bezahlt werden sie, indem man so viele "
              "Ticketmarken von sich entfernt, nicht mit Mana (Regel 107.17a).",
    "half": "halbes Mana gibt es nur auf Karten der Un-Sets mit silbernem Rand, die das Regelwerk nicht abdeckt "
            f"(Regel 100.7); {_WHOLE_NUMBERS}. Bitte ganze Manasymbole angeben, z. B. {{1}} oder {{W}}.",
    "fraction": f"{_WHOLE_NUMBERS}, Bruchzahlen gibt es nicht (Regel 107.1a). Bitte ganze Manasymbole angeben, "
                "z. B. {2}.",
    "negative": "Kosten sind nie negativ: Magic verwendet für Kosten nur null und positive Zahlen (Regel 107.1b). "
                "Bitte {0} oder mehr angeben.",
    "infinity": f"{_WHOLE_NUMBERS}; ∞ ist das Schlüsselwort der Infinity-Karten (Regel 702.186), kein Manasymbol. "
                "Für einen Betrag, den man selbst wählt, bitte {X} angeben (Regel 107.3).",
    "acorn": "{A} ist kein Symbol der Regeln: das Eichelsymbol am unteren Rand kennzeichnet Karten der Erweiterung "
             "Unfinity, die das Regelwerk nicht abdeckt (Regel 100.7). Bezahlbar sind die Manasymbole der Regel "
             "107.4, z. B. {2}{R}{U}.",
}


def rule_symbol(body: str) -> str | None:
    """Why the symbol of upper-case ``body`` (a brace's content without spaces, ``"LEVEL1-3"``, or a loyalty symbol
    with its brackets, ``"[+2]"``) is no mana: the German reason of :data:`WHY`, or None for any other body (a mana
    symbol, or one the rules do not name). For a symbol typed in braces or brackets only: a letter of shorthand
    (``2WI``) is a typo more likely than a chapter symbol."""
    if body.startswith("["):
        kind = "loyalty" if LOYALTY.fullmatch(body) else None
    elif body.startswith("LEVEL"):
        kind = "level"
    elif body.strip("X") and _ROMAN.fullmatch(body):
        kind = "chapter"
    elif body in _HALVES or body == "1⁄2":
        kind = "half"
    else:
        kind = _by_pattern(body)
    return WHY[kind] if kind else None


def _by_pattern(body: str) -> str | None:
    """The kind of :data:`WHY` of a ticket cost, a negative or fractional number, ∞ or the acorn; None for others."""
    if _TICKET_COST.fullmatch(body):
        return "ticket"
    if _NEGATIVE.fullmatch(body):
        return "negative"
    if _FRACTION.fullmatch(body):
        return "fraction"
    return {"∞": "infinity", "A": "acorn"}.get(body)


__all__ = ["LOYALTY", "WHY", "rule_symbol"]
