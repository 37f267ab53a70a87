"""Parsing mana costs as users type them. Pure Python, no I/O.

Notation accepted by :func:`parse_cost`: braces (``{3}{B/G}``), the FAQs' parentheses
(``(W/U)(W/U)``), shorthand (``3BG``, ``2 w/u w/u``), colour words as a pool takes them (``rot rot blau``,
``rote und blaue``: :mod:`bot.rules.mana.colour_words`; a number stays generic mana, ``2 rot`` is ``{2}{R}`` as
``2R`` is) or a mix; upper or lower case; whitespace
between symbols is ignored, so ``11`` is one symbol and ``1 1`` two. Symbols are those of rule 107.4
(Comprehensive Rules, 17.04.2026), including ``{C/W}`` … ``{C/G}``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Protocol

from bot.rules.mana.colour_words import AND_WORDS, COST_FORMS, is_word, mana_letter, word_error
from bot.rules.mana.rule_symbols import LOYALTY, rule_symbol
from bot.rules.mana.spoken import merged_words, number_of, number_word_error
from bot.rules.mana.symbols import (
    COLORS,
    MAX_GENERIC,
    MAX_SYMBOLS,
    VARIABLES,
    ManaCost,
    ManaError,
    Symbol,
    SymbolKind,
    colored,
    generic,
    pair,
)

# --------------------------------------------------------------------------- parsing


def is_number(text: str) -> bool:
    """True for ASCII digits only (``"²"`` is a digit to ``str.isdigit`` but not to ``int``)."""
    return text.isascii() and text.isdigit()


def _atom_end(text: str, k: int, allow_star: bool) -> int:
    """End of the shorthand atom starting at ``k``: a run of digits (``11`` is one number) or one
    letter, with a trailing ``*`` (snow) when ``allow_star``; ``k`` itself when there is none."""
    n = len(text)
    if k < n and is_number(text[k]):
        while k < n and is_number(text[k]):
            k += 1
        return k
    if k < n and text[k].isalpha():
        k += 1
        if allow_star and k < n and text[k] == "*":
            k += 1
    return k


def _shorthand_end(text: str, i: int, allow_star: bool) -> int:
    """End of the shorthand symbol starting at ``i``: atom ('/' atom)*, at least one character."""
    n = len(text)
    j = _atom_end(text, i, allow_star)
    if j == i:
        j = i + 1
    while j < n and text[j] == "/":
        k = _atom_end(text, j + 1, allow_star)
        if k == j + 1:  # nothing after '/'
            return j + 1
        j = k
    return j


def _word_end(text: str, i: int, allow_star: bool) -> int:
    """End of the colour word (:func:`bot.rules.mana.colour_words.mana_letter`) or „und“ starting at ``i``, with a
    trailing ``*`` when ``allow_star``; 0 when none starts there: a run of letters that is no such word is read as
    shorthand (``BG``, ``2WQ``: its bad letter named by :func:`_symbol`)."""
    j = i
    while j < len(text) and text[j].isalpha():
        j += 1
    word = text[i:j]
    if j - i < 2 or (mana_letter(word) is None and word.casefold() not in AND_WORDS):
        return 0
    return j + 1 if allow_star and j < len(text) and text[j] == "*" else j


def _whole_word(text: str, i: int) -> int:
    """End of the word starting at ``i`` that is no colour word nor „und“ (:func:`bot.rules.mana.colour_words.is_word`:
    a number word, or letters no symbol has): kept whole as one symbol, which :func:`_symbol` refuses naming it
    („zwei weiss“ names „zwei“, never the {Z}, {W} and {E} of its letters); 0 when none starts there. Letters right
    after a digit, „/“ or „*“ are shorthand („2WI“: its „I“ named as a typo)."""
    if i and (text[i - 1].isalnum() or text[i - 1] in "/*"):
        return 0
    j = i
    while j < len(text) and text[j].isalpha():
        j += 1
    return j if _is_word(text[i:j]) else 0


def _is_word(typed: str) -> bool:
    """True when ``typed`` is letters only and a word that is no colour word nor „und“
    (:func:`bot.rules.mana.colour_words.is_word`)."""
    return typed.isalpha() and mana_letter(typed) is None and typed.casefold() not in AND_WORDS and is_word(typed)


def scan(text: str, allow_star: bool = False, separators: str = "") -> list[tuple[str, str, int]]:
    """Split ``text`` into raw symbols: ``(body, as_typed, column)``; column is 1-based. White space and the
    characters of ``separators`` (a pool's ``,``: ``{G}, {G}``) only stand between symbols.

    Raises:
        ManaError: an unclosed or stray brace, or an empty input.
    """
    out: list[tuple[str, str, int]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace() or c in separators:
            i += 1
            continue
        start = i
        pos = len(out) + 1
        if c in "{(":
            close = "}" if c == "{" else ")"
            j = text.find(close, i + 1)
            k = min((p for p in (text.find("{", i + 1), text.find("(", i + 1)) if p >= 0), default=-1)
            if j < 0 or (0 <= k < j):
                end = k if k >= 0 else n
                typed = text[i:end].strip()
                typed = typed if len(typed) <= 40 else typed[:39] + "…"
                raise ManaError(
                    f"Nicht geschlossene Klammer: „{typed}“ an Position {pos} (Zeichen {start + 1}).",
                    typed,
                    pos,
                    start + 1,
                )
            body = text[i + 1 : j].replace(" ", "")
            typed = text[i : j + 1]
            i = j + 1
        elif c == "[" and (loyalty := LOYALTY.match(text, i)):  # [+2] (107.7): said what it is by _symbol
            body = typed = loyalty.group()
            i = loyalty.end()
        elif c in "})":
            raise ManaError(
                f"Schließende Klammer „{c}“ ohne öffnende an Position {pos} (Zeichen {start + 1}).",
                c,
                pos,
                start + 1,
            )
        else:
            word_end = _word_end(text, i, allow_star)
            j = word_end or _whole_word(text, i) or _shorthand_end(text, i, allow_star)
            body = typed = text[i:j]
            i = j
            if word_end:  # a colour word: its symbol (``rot`` → R, ``*`` kept); „und“ only joins
                core = body.rstrip("*")
                if core.casefold() in AND_WORDS:
                    continue
                body = f"{mana_letter(core)}{body[len(core):]}"
        out.append((body.upper(), typed, start + 1))
    if not out:
        raise ManaError("Keine Manakosten angegeben.")
    return out


def bad_symbol(typed: str, pos: int, col: int, why: str) -> ManaError:
    """The German error for one bad symbol ``typed`` at symbol ``pos`` / character ``col``, saying ``why``."""
    shown = typed if len(typed) <= 40 else typed[:39] + "…"
    return ManaError(f"Ungültiges Manasymbol „{shown}“ an Position {pos} (Zeichen {col}): {why}", shown, pos, col)


#: Symbols of rule 107 (Comprehensive Rules, 17.04.2026) a player may type into a cost that no mana pays as typed:
#: upper-case body → why, in German with the rule's number and the terms of the German cards (Tappsymbol,
#: Energiemarke …). ``{H}`` stands in rules text for any Phyrexian mana symbol (107.4g): a cost names which one.
NOT_PAYABLE = {
    "H": "das phyrexianische Symbol {H} ohne Farbe steht in Regeltexten für jedes der fünfzehn phyrexianischen "
         "Manasymbole (Regel 107.4g); in Kosten bitte das gemeinte angeben: {W/P}, {U/P}, {B/P}, {R/P}, {G/P} oder "
         "hybrid wie {W/U/P} (Regel 107.4f).",
    "T": "das Tappsymbol {T} bedeutet in Aktivierungskosten „Tappe dieses Permanent“ und wird nicht mit Mana bezahlt "
         "(Regel 107.5).",
    "Q": "das Enttappsymbol {Q} bedeutet in Aktivierungskosten „Enttappe dieses Permanent“ und wird nicht mit Mana "
         "bezahlt (Regel 107.6).",
    "E": "das Energiesymbol {E} steht für eine Energiemarke; bezahlt wird es, indem man eine Energiemarke von sich "
         "entfernt, nicht mit Mana (Regel 107.14).",
    "TK": "das Ticketsymbol {TK} steht für eine Ticketmarke; bezahlt wird es mit Ticketmarken, nicht mit Mana "
          "(Regel 107.17).",
    "P": "das Pfotensymbol {P} kennzeichnet die Modi mancher modaler Zaubersprüche und ist keine Kosten (Regel "
         "107.18); phyrexianisches Mana hat eine Farbe: {W/P}, {U/P}, {B/P}, {R/P} oder {G/P} (Regel 107.4f).",
    "PW": "das Planeswalker-Symbol {PW} steht auf dem Planarwürfel von Planechase und ist keine Kosten "
          "(Regel 107.11).",
    "CHAOS": "das Chaos-Symbol {CHAOS} steht auf dem Planarwürfel von Planechase und ist keine Kosten "
             "(Regel 107.12).",
}


def not_payable(typed: str, pos: int, col: int, body: str, why: str | None = None) -> ManaError:
    """The German error for a symbol of :data:`NOT_PAYABLE` (its upper-case ``body``; ``{H/W}`` counts as ``{H}``)
    typed as ``typed`` at symbol ``pos`` / character ``col``: what the symbol means and, for ``{H}``, how a cost
    names a Phyrexian mana symbol; ``why`` instead for another symbol of the rules
    (:func:`bot.rules.mana.rule_symbols.rule_symbol`)."""
    shown = typed if len(typed) <= 40 else typed[:39] + "…"
    why = why or NOT_PAYABLE["H" if "H" in body.split("/") else body]
    return ManaError(f"„{shown}“ an Position {pos} (Zeichen {col}) ist kein bezahlbares Manasymbol: {why}", shown,
                     pos, col)


def _symbol(body: str, typed: str, pos: int, col: int, raw: Sequence[tuple[str, str, int]] = ()) -> Symbol:
    """One symbol from its upper-case body (``"G/W"``, ``"11"``), the ``pos``-th of the cost split as ``raw``
    (:func:`scan`). Raises ManaError (a symbol of :data:`NOT_PAYABLE`, ``{H/W}`` too, or another symbol of the rules
    that is no mana, :func:`bot.rules.mana.rule_symbols.rule_symbol`: :func:`not_payable`; a word, :func:`_whole_word`,
    named by :func:`bot.rules.mana.colour_words.word_error`, a number word with the whole cost in digits,
    :func:`bot.rules.mana.spoken.number_word_error`)."""
    if _is_word(typed):
        raise _word(body, typed, pos, col, raw)
    parts = body.split("/")
    other = rule_symbol(body) if typed[:1] in "{([" else None  # shorthand's „I“ or „A“: a typo, said as such
    if body in NOT_PAYABLE or "H" in parts or other:
        raise not_payable(typed, pos, col, body, other)
    if any(p == "" for p in parts):
        raise bad_symbol(typed, pos, col, "leerer Teil.")
    if len(parts) == 1:
        p = parts[0]
        if is_number(p):
            value = int(p) if len(p) <= 6 else MAX_GENERIC + 1  # never int() a 6 000-digit run
            if value > MAX_GENERIC:
                raise bad_symbol(typed, pos, col, f"mehr als {MAX_GENERIC} generisches Mana.")
            return generic(value)
        if p in COLORS:
            return colored(p)
        if p == "C":
            return Symbol(SymbolKind.COLORLESS)
        if p == "S":
            return Symbol(SymbolKind.SNOW)
        if p in VARIABLES:
            return Symbol(SymbolKind.VARIABLE, var=p)
        raise bad_symbol(typed, pos, col, "unbekanntes Zeichen." + (" " + COST_FORMS if p.isalpha() else ""))
    if parts.count("P") > 1:
        raise bad_symbol(typed, pos, col, "P darf nur einmal vorkommen.")
    phyrexian = "P" in parts
    rest = [p for p in parts if p != "P"]
    if phyrexian:
        if not all(p in COLORS for p in rest) or len(rest) > 2:
            raise bad_symbol(typed, pos, col, "phyrexianisches Mana braucht eine oder zwei Farben (W, U, B, R, G).")
        if len(rest) == 2:
            if rest[0] == rest[1]:
                raise bad_symbol(typed, pos, col, "zweimal dieselbe Farbe.")
            return Symbol(SymbolKind.PHYREXIAN, colors=pair(rest[0], rest[1]))
        return Symbol(SymbolKind.PHYREXIAN, colors=(rest[0],))
    if len(parts) != 2:
        raise bad_symbol(typed, pos, col, "zu viele Teile.")
    a, b = parts
    if (a == "C" and b in COLORS) or (b == "C" and a in COLORS):
        return Symbol(SymbolKind.COLORLESS_HYBRID, colors=(b if a == "C" else a,))
    if (is_number(a) and b in COLORS) or (is_number(b) and a in COLORS):
        number, color = (a, b) if is_number(a) else (b, a)
        amount = int(number) if len(number) <= 6 else MAX_GENERIC + 1
        if amount < 1 or amount > MAX_GENERIC:
            why = f"die Zahl eines einfarbigen Hybrid-Symbols muss zwischen 1 und {MAX_GENERIC} liegen."
            raise bad_symbol(typed, pos, col, why)
        return Symbol(SymbolKind.MONO_HYBRID, colors=(color,), amount=amount)
    if a in COLORS and b in COLORS:
        if a == b:
            raise bad_symbol(typed, pos, col, "ein Hybrid-Symbol braucht zwei verschiedene Farben (104.3f).")
        return Symbol(SymbolKind.HYBRID, colors=pair(a, b))
    raise bad_symbol(typed, pos, col, "keine bekannte Kombination (Hybrid: zwei Farben wie {G/W}).")


def parse_cost(text: str) -> ManaCost:
    """Parse one mana cost (``"{3}{B/G}{B/G}"``, ``"(W/U)(W/U)"``, ``"3BG"``, ``"2 w/u w/u"``, ``"{C/W}"``).

    Returns:
        the cost with its symbols in the order written (``{11}`` is one symbol).

    Raises:
        ManaError: malformed input; the German message names the bad symbol as typed and its
            1-based position (symbol number and character), e.g. ``{Q/Z}``, ``{``, ``{W/W}``.
    """
    raw = scan(text)
    if len(raw) > MAX_SYMBOLS:
        raise ManaError(f"Zu viele Manasymbole ({len(raw)}); höchstens {MAX_SYMBOLS}.")
    return ManaCost(tuple(_symbol(body, typed, i, col, raw) for i, (body, typed, col) in enumerate(raw, 1)))


def _word(body: str, typed: str, pos: int, col: int, raw: Sequence[tuple[str, str, int]]) -> ManaError:
    """The error for the word ``typed``, the ``pos``-th symbol of the cost split as ``raw``: a number word offers
    the whole cost in digits (:func:`bot.rules.mana.spoken.number_word_error`), another word is named whole
    (:func:`bot.rules.mana.colour_words.word_error`)."""
    said = [i for i, (_b, t, _c) in enumerate(raw, 1) if number_of(t) is not None]
    if number_of(typed) is None and said:  # „minus drei grün“: the number word's hint, the other word left out
        pos = said[0]
        _body, typed, col = raw[pos - 1]
    where = f"an Position {pos} (Zeichen {col})"
    if number_of(typed) is None:
        return ManaError(word_error(typed, where), typed, pos, col)
    tokens = merged_words([(t, c, _reading(b, t, c, raw)) for b, t, c in (raw or [(body, typed, col)])])
    at = next((i for i, (t, c, _r) in enumerate(tokens) if c == col), 0)
    return ManaError(number_word_error(tokens, at, where), typed, pos, col)


def _reading(body: str, typed: str, col: int, raw: Sequence[tuple[str, str, int]]) -> Symbol | int | None:
    """What one symbol of a cost said in number words is (:data:`bot.rules.mana.spoken.Token`): a number word's
    number, the symbol it is, or None for a word or symbol that is no mana."""
    if (number := number_of(typed)) is not None:
        return number
    if _is_word(typed):
        return None
    try:
        return _symbol(body, typed, 0, col, raw)
    except ManaError:
        return None


#: The separator of a split card's halves: ``//``, except after a colon (``https://``).
_SPLIT = re.compile(r"(?<!:)//")


def parse_faces(text: str) -> list[ManaCost]:
    """Parse a cost that may belong to a split card: halves separated by ``//``.

    An empty half (a land, no mana cost) is the empty cost (mana value 0). The ``//`` of a URL (``https://``,
    right after a colon) is no separator: it stays in the text, so the error names the URL, not "Hälfte 1".

    Raises:
        ManaError: a malformed half (the message names the half).
    """
    halves = _SPLIT.split(text)
    if len(halves) == 1:
        return [parse_cost(text)]
    out = []
    for number, half in enumerate(halves, 1):
        if not half.strip():
            out.append(ManaCost(()))
            continue
        try:
            out.append(parse_cost(half))
        except ManaError as exc:
            raise ManaError(f"Hälfte {number}: {exc}", exc.symbol, exc.position, exc.column) from exc
    return out


def format_cost(cost: ManaCost | Sequence[ManaCost]) -> str:
    """The canonical string of a cost, or of a split card's halves joined by ``" // "``."""
    if isinstance(cost, ManaCost):
        return cost.text
    return " // ".join(c.text for c in cost)


class PrintedFace(Protocol):
    """What :func:`card_costs` reads of a card or of one of its faces (a store's card record fits)."""

    @property
    def mana_cost(self) -> str | None:
        """The mana cost as printed (``{3}{B/G}``), None when none is printed."""
        ...

    @property
    def type_line(self) -> str | None:
        """The type line as printed (``Land``, ``Kreatur — Mensch``)."""
        ...


class PrintedCard(PrintedFace, Protocol):
    """A card with its faces (a split card has two; a normal card one, or none in an older store)."""

    @property
    def faces(self) -> Sequence[PrintedFace]:
        """The card's faces in printed order."""
        ...


def card_costs(card: PrintedCard) -> list[ManaCost] | None:
    """The mana cost of each face of ``card`` (one for a normal card, two for a split card), as printed in its
    document: a face without a printed cost that is a land has the empty cost (mana value 0, rule 202.3a).

    Returns:
        the costs, or None when the document prints no cost for a face that is no land (its mana value is
        then unknown: a card named only in a rulings list) or a printed cost does not parse.
    """
    out: list[ManaCost] = []
    for face in list(card.faces) or [card]:
        if face.mana_cost:
            cost = printed_cost(face.mana_cost)
            if cost is None:
                return None
            out.append(cost)
        elif face.type_line and "Land" in face.type_line:
            out.append(ManaCost(()))
        else:
            return None
    return out


#: Printed costs kept parsed (:func:`printed_cost`): the distinct costs of the cards a store holds that answers read,
#: a few hundred in the documents; each entry a short string and a small frozen cost.
PRINTED_COSTS_KEPT = 4096


@functools.lru_cache(maxsize=PRINTED_COSTS_KEPT)
def printed_cost(text: str) -> ManaCost | None:
    """A card's printed mana cost as the store holds it (``{2}{R}{W}``) parsed (:func:`parse_cost`), or None when it
    does not parse. Parsed once per distinct text (the costs are frozen, so answers share them): the mana answers
    and ``/clash`` read the same cards' costs again and again, and parsing one is ≈ 30–60 µs of Python."""
    try:
        return parse_cost(text)
    except ManaError:
        return None
