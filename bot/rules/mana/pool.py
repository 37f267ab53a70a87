"""Mana pools as users type them. Pure Python, no I/O.

Sources: the Ravnica FAQ (hybrid mana cannot be in a pool), the Kälteeinbruch FAQ (2006: ``{S}`` is
no mana type; mana from a snow source, written here with ``*``), rule 106 of the Comprehensive Rules.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from bot.rules.mana.colour_words import GERMAN_NUMBERS, mana_letter
from bot.rules.mana.parse import bad_symbol, is_number, scan
from bot.rules.mana.symbols import MAX_GENERIC, MAX_SYMBOLS, ManaError

# --------------------------------------------------------------------------- pools

#: a kind of mana in a pool: (type letter in WUBRGC, from a snow source)
PoolKind = tuple[str, bool]
POOL_TYPES = "WUBRGC"
ALL_KINDS: tuple[PoolKind, ...] = tuple((t, snow) for snow in (False, True) for t in POOL_TYPES)
MAX_POOL = MAX_SYMBOLS * MAX_GENERIC  # most mana in one pool (pays the largest cost accepted)
#: German number words a player writes before a colour (``zwei rote``, ``ein grünes``, ``eine Kreatur``): those of
#: :data:`bot.rules.mana.colour_words.GERMAN_NUMBERS` but „null“ (no count of anything).
COUNT_WORDS = {w: n for w, n in GERMAN_NUMBERS.items() if n}


def leading_count(words: list[str]) -> tuple[int | None, list[str]]:
    """The count an entry of a pool or of creatures starts with and the words after it: digits (``3``, ``3x``,
    ``3×``, at most 6) or a German number word (:data:`COUNT_WORDS`); ``(None, words)`` without one.
    ``["zwei", "rote"]`` → ``(2, ["rote"])``.

    Raises:
        ManaError: a count that is no count of anything (``-2``, ``+3``, ``1000001``: negative, signed or over six
            digits), rather than reading it as a colour word.
    """
    if words and _SIGNED_COUNT.fullmatch(words[0]):
        digits = words[0].rstrip("x×")
        if not is_number(digits):
            raise ManaError(f"Die Anzahl „{words[0][:40]}“ ist keine Anzahl: bitte eine ganze Zahl ab 0 ohne "
                            "Vorzeichen, z. B. „2 grün“.", words[0][:40])
        if len(words[0]) > 6:
            raise ManaError(f"Die Anzahl „{words[0][:40]}“ ist zu groß (höchstens sechs Ziffern).", words[0][:40])
        return int(digits), words[1:]
    if words and words[0] in COUNT_WORDS:
        return COUNT_WORDS[words[0]], words[1:]
    return None, words


#: a first word that is meant as a count: digits with a sign or an ``x``/``×`` after them (``-2``, ``3x``)
_SIGNED_COUNT = re.compile(r"[-+−]?\d+[x×]?", re.ASCII)
#: the place before a count that starts a further entry of a pool written without commas (``2 weiß 1 blau``)
_COUNT_START = re.compile(r"(?<=\S)\s+(?=[-+−]?\d+[x×]?(?:\s|$))")
_SNOW_WORDS = {"verschneit", "verschneites", "verschneite", "schnee", "schneemana", "snow", "*"}
_FILLER_WORDS = {"mana", "x", "×"}
#: What players put between the symbols of a pool they list (``{G}, {G}``, ``G; G``): read as a space is.
POOL_SEPARATORS = ",;"
_EMPTY_WORDS = {"", "-", "0", "leer", "nichts", "kein", "keins", "kein mana", "none", "empty"}
#: a letter that no pool symbol uses: the input is written in words (``2 grün``)
_WORD_ITEM = re.compile(r"[^\W\d_wubrgcsxpWUBRGCSXP]")


def pool_kind_text(kind: PoolKind) -> str:
    """``("G", True)`` → ``"{G*}"`` (``*`` = from a snow source)."""
    return "{" + kind[0] + ("*" if kind[1] else "") + "}"


def parse_pool(text: str) -> Counter[PoolKind]:
    """Parse a mana pool (see :func:`read_pool`); only the pool, without the reading notes.

    Raises:
        ManaError: as :func:`read_pool`.
    """
    return read_pool(text)[0]


@dataclass(frozen=True)
class NumberReading:
    """How a number in a pool of symbols was read (a user may not expect it): ``"2W"`` is two colourless
    mana and one white, not two white.

    Attributes:
        typed: the number as typed (``"2"``).
        amount: the colourless mana it stands for.
        snow: True when marked ``*`` (from a snow source).
        next_color: the colour letter typed right after it (``"W"`` in ``2W``), ``""`` when none.
    """

    typed: str
    amount: int
    snow: bool
    next_color: str = ""


def read_pool(text: str) -> tuple[Counter[PoolKind], list[NumberReading]]:
    """Parse a mana pool and say how it was read.

    Two notations: symbols (``{B}{G}{G}{R}``, ``BGGRRR``, ``{G*}`` for mana from a snow source, a
    number ``N`` for N colourless mana, so ``2W`` is ``{C}{C}{W}``), or German/English colour words
    with counts separated by ``,`` ``;`` ``und`` (``2 grün, 3 weiß``, ``1 farblos``,
    ``2 grün verschneit``). An empty pool is ``leer`` (or ``0``, ``-``, nothing).

    Returns:
        (mana per kind, the numbers read as colourless mana outside braces, e.g. for ``2W``).

    Raises:
        ManaError: hybrid, Phyrexian or X symbols (no such mana exists in a pool: the Ravnica
            FAQ says hybrid mana cannot be added to a pool), ``{S}`` (the Kälteeinbruch FAQ: {S}
            is no mana type), unknown symbols or words, more than :data:`MAX_POOL` mana.
    """
    if text.strip().casefold() in _EMPTY_WORDS:
        return Counter(), []
    if _WORD_ITEM.search(text) and "{" not in text:
        pool, notes = _read_words(text), []
    else:
        pool, notes = _read_symbols(text)
    if sum(pool.values()) > MAX_POOL:
        raise ManaError(f"Höchstens {MAX_POOL} Mana im Vorrat.")
    return pool, notes


def _read_symbols(text: str) -> tuple[Counter[PoolKind], list[NumberReading]]:
    pool: Counter[PoolKind] = Counter()
    notes: list[NumberReading] = []
    raw = scan(text, allow_star=True, separators=POOL_SEPARATORS)
    for pos, (body, typed, col) in enumerate(raw, 1):
        snow = body.endswith("*")
        core = body.rstrip("*")
        if is_number(core):
            if len(core) > 6 or int(core) > MAX_GENERIC:
                raise bad_symbol(typed, pos, col, f"mehr als {MAX_GENERIC} Mana.")
            pool[("C", snow)] += int(core)
            if not typed.startswith("{") and int(core):
                following = raw[pos][1][:1].upper() if pos < len(raw) else ""
                notes.append(NumberReading(typed, int(core), snow, following if following in "WUBRG" else ""))
        elif len(core) == 1 and core in POOL_TYPES:
            pool[(core, snow)] += 1
        elif core == "S":
            raise bad_symbol(
                typed,
                pos,
                col,
                "{S} ist kein Manatyp, der Vorrat kann nicht um {S} erhöht werden (Kälteeinbruch-FAQ). "
                "Markiere Mana aus verschneiten Quellen mit *, z. B. {G*} oder {C*}.",
            )
        elif "/" in core:
            why = "Hybrid-Mana gibt es im Manavorrat nicht (Ravnica-FAQ); gib die Farbe an."
            raise bad_symbol(typed, pos, col, why)
        else:
            raise bad_symbol(typed, pos, col, "im Vorrat sind nur W, U, B, R, G und C erlaubt (verschneit: mit *).")
    return pool, notes


def split_entries(text: str) -> list[str]:
    """The entries of a list in words (a pool, the creatures of convoke), stripped, none empty: separated by ``,``,
    ``;``, ``+`` or ``und``, and, written without them, at every count after an entry's first word (``2 weiß 1 blau
    2 grün`` → ``2 weiß``, ``1 blau``, ``2 grün``)."""
    items = [p.strip() for chunk in re.split(r"[,;+]", text) for p in re.split(r"\s+und\s+", chunk)]
    return [e.strip() for p in items if p for e in _COUNT_START.split(p) if e.strip()]


def _read_words(text: str) -> Counter[PoolKind]:
    """``2 grün, 3 weiß`` → GG WWW; ``zwei rote`` → RR; ``1 farblos``; ``2 grün verschneit`` (snow)."""
    pool: Counter[PoolKind] = Counter()
    items = split_entries(text)
    if not items:
        raise ManaError("Kein Mana angegeben.")
    for pos, item in enumerate(items, 1):
        counted, words = leading_count(item.lower().replace("*", " * ").split())
        count = 1 if counted is None else counted
        snow = any(w in _SNOW_WORDS for w in words)
        words = [w for w in words if w not in _SNOW_WORDS and w not in _FILLER_WORDS]
        if not words or (len(words) > 1 and count != 1):
            raise ManaError(
                f"Eintrag {pos} („{item[:40]}“) ist unklar; erwartet wird Anzahl und Farbe, z. B. „2 grün, 3 weiß“.",
                item[:40],
                pos,
            )
        for word in words:  # "rot rot grün": one mana per word
            kind = _kind_of(word, pos)
            pool[(kind, snow)] += count
        if sum(pool.values()) > MAX_POOL:
            raise ManaError(f"Höchstens {MAX_POOL} Mana im Vorrat.")
    return pool


def _kind_of(word: str, pos: int) -> str:
    """The pool type letter of a colour word (``"grünes"`` → ``"G"``, ``"farblos"`` → ``"C"``)."""
    letter = mana_letter(word, artifacts=True)
    if letter is not None:
        return letter
    raise ManaError(
        f"Unbekannte Farbe „{word[:40]}“ in Eintrag {pos}. Erlaubt: weiß, blau, schwarz, rot, grün, "
        "farblos (verschneit: „2 grün verschneit“).",
        word[:40],
        pos,
    )


def format_pool(pool: Counter[PoolKind]) -> str:
    """Canonical pool string, WUBRGC then snow mana (``12×{C}`` for long runs); empty → ``"(leer)"``."""
    out = "".join(
        pool_kind_text(k) * pool[k] if pool[k] <= 10 else f"{pool[k]}×{pool_kind_text(k)}"
        for k in ALL_KINDS
        if pool[k] > 0
    )
    return out or "(leer)"
