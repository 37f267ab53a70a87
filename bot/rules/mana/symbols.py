"""Mana symbols and costs: the kinds of rule 107.4, :class:`Symbol`, :class:`ManaCost`, canonical
order. Pure Python, no I/O.

Sources: rule 104.3 / 104.3f as quoted in the Ravnica FAQ (2005) for the ten hybrid symbols and their
printed order; rule 107.4 of the Comprehensive Rules (17.04.2026) for today's list: ``{C}``,
monocoloured hybrid ``{2/W}`` and ``{C/W}`` (107.4e), Phyrexian ``{W/P}`` and hybrid Phyrexian
``{W/U/P}`` (107.4f), snow ``{S}`` (107.4h); mana value per symbol 202.3e–g.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

from bot.text import german_int

COLORS = "WUBRG"
VARIABLES = "XYZ"
MAX_GENERIC = 1000  # a generic symbol larger than this is refused (protects the searches)
MAX_SYMBOLS = 60  # longest cost accepted
MAX_STATES = 5_000  # distinct partial results kept by the set-DPs (hybrid choices, Einberufen, total cost)
#: elementary steps one calculation may take before it is refused (keeps every answer well under 1 s)
MAX_WORK = 40_000
RULES_TODAY = "heute"
RULES_2006 = "2006"


class ManaError(ValueError):
    """Malformed mana input. ``str(err)`` is a German message for the user.

    Attributes:
        symbol: the offending symbol as typed (``"{Q/Z}"``), or ``""``.
        position: 1-based number of the symbol in the input (0 when not about one symbol).
        column: 1-based character position in the input (0 when not about one symbol).
    """

    def __init__(self, message: str, symbol: str = "", position: int = 0, column: int = 0) -> None:
        super().__init__(message, symbol, position, column)
        self.symbol = symbol
        self.position = position
        self.column = column

    def __str__(self) -> str:
        return str(self.args[0])


class TooManyWays(ManaError):
    """The input is well-formed, but the calculation would have to tell apart more ways to pay than it counts
    exactly (a complexity limit: :class:`Budget`, the distinct states of :mod:`bot.rules.mana.hybrid` and
    :mod:`bot.rules.mana.convoke`). ``str(err)`` is a German message that names the limit."""


class Budget:
    """A count of elementary steps (state transitions) with a ceiling, so that every calculator
    stops with a German refusal instead of running long (every answer within 1 s).

    Args:
        limit: steps allowed; :data:`MAX_WORK` by default.
        what: German noun phrase for the refusal, e.g. ``"Einberufen"``.

    Raises (from :meth:`spend`):
        ManaError: the ceiling was passed.
    """

    def __init__(self, what: str, limit: int = MAX_WORK) -> None:
        self.what = what
        self.limit = limit
        self.used = 0

    def spend(self, n: int = 1) -> None:
        """Count ``n`` steps; raise :class:`ManaError` past the limit."""
        self.used += n
        if self.used > self.limit:
            raise TooManyWays(
                f"{self.what}: zu viele Möglichkeiten für eine exakte Antwort in kurzer Zeit "
                f"(über {german_int(self.limit)} Rechenschritte). Bitte die Eingabe verkleinern."
            )



# --------------------------------------------------------------------------- symbols


class SymbolKind(Enum):
    """The kinds of mana symbols of rule 107.4 (Comprehensive Rules, 17.04.2026).

    ``GENERIC`` ``{0}`` ``{11}`` (107.4b), ``COLORED`` ``{W}`` (107.4a), ``COLORLESS`` ``{C}`` (107.4c),
    ``SNOW`` ``{S}`` (107.4h), ``VARIABLE`` ``{X}`` (107.3), ``HYBRID`` ``{W/U}``, ``MONO_HYBRID`` ``{2/W}``
    and ``COLORLESS_HYBRID`` ``{C/W}`` (107.4e), ``PHYREXIAN`` ``{W/P}`` and ``{W/U/P}`` (107.4f).
    """

    GENERIC = "generic"
    COLORED = "colored"
    COLORLESS = "colorless"
    SNOW = "snow"
    VARIABLE = "variable"
    HYBRID = "hybrid"
    MONO_HYBRID = "mono_hybrid"
    COLORLESS_HYBRID = "colorless_hybrid"
    PHYREXIAN = "phyrexian"

    # members are singletons compared by identity, so the identity hash (in C) is right; Enum's own hashes the
    # name in Python, which every sort and count of symbols would pay for
    __hash__ = object.__hash__

    @property
    def announced(self) -> bool:
        """True for the kinds whose payment the player announces when casting (601.2b): hybrid of every
        kind and Phyrexian."""
        return self in _ANNOUNCED


_ANNOUNCED = frozenset(
    {SymbolKind.HYBRID, SymbolKind.MONO_HYBRID, SymbolKind.COLORLESS_HYBRID, SymbolKind.PHYREXIAN}
)

# order of kinds when a derived cost is written in canonical order
_KIND_ORDER = {
    SymbolKind.VARIABLE: 0,
    SymbolKind.GENERIC: 1,
    SymbolKind.SNOW: 2,
    SymbolKind.COLORLESS: 3,
    SymbolKind.MONO_HYBRID: 4,
    SymbolKind.COLORLESS_HYBRID: 5,
    SymbolKind.HYBRID: 6,
    SymbolKind.PHYREXIAN: 7,
    SymbolKind.COLORED: 8,
}


def pair(a: str, b: str) -> tuple[str, str]:
    """Two distinct colours in printed order: allied ``W/U``, ``U/B``…, enemy ``W/B``, ``U/R``…

    Rule 104.3 (Ravnica FAQ) lists the ten hybrid symbols in exactly this order of halves.
    """
    i, j = COLORS.index(a), COLORS.index(b)
    return (a, b) if (j - i) % 5 in (1, 2) else (b, a)


_WHEEL_PATTERNS = {(0,), (0, 1), (0, 2), (0, 1, 2), (0, 2, 4), (0, 1, 2, 3), (0, 1, 2, 3, 4)}


def color_order(colors: Iterable[str]) -> tuple[str, ...]:
    """Colours in the order printed on cards: around the colour wheel from the colour that makes
    the pattern one of pair, shard, wedge (``W B G``) or four-colour; ``{G, W}`` → ``("G", "W")``."""
    idx = sorted({COLORS.index(c) for c in colors})
    for start in idx:
        offsets = tuple(sorted((i - start) % 5 for i in idx))
        if offsets in _WHEEL_PATTERNS:
            return tuple(COLORS[(start + o) % 5] for o in offsets)
    return tuple(COLORS[i] for i in idx)  # empty


@dataclass(frozen=True)
class Symbol:
    """One mana symbol.

    Attributes:
        kind: its :class:`SymbolKind` (``{W/U/P}`` is ``PHYREXIAN`` with two colours).
        colors: the colour letters, hybrid pairs in printed order (``("G", "W")``).
        amount: the number of a generic symbol or of a monocoloured hybrid (``2`` for {2/W}).
        var: ``"X"``, ``"Y"`` or ``"Z"`` for variables.
    """

    kind: SymbolKind
    colors: tuple[str, ...] = ()
    amount: int = 0
    var: str = ""

    @property
    def body(self) -> str:
        """The symbol without its braces: ``11``, ``G/W``, ``2/W``, ``C/W``, ``W/U/P``, ``X``."""
        return _BODY[self.kind](self)

    @property
    def text(self) -> str:
        """The canonical written form, e.g. ``{11}``, ``{G/W}``, ``{2/W}``, ``{W/U/P}``."""
        return "{" + self.body + "}"

    def mana_value(self, x: int = 0) -> int:
        """Contribution to mana value: generic its number, {2/W} 2, X the given ``x`` (else 0), others 1."""
        kind = self.kind
        if kind in _AMOUNT_KINDS:
            return self.amount
        if kind is _VARIABLE:
            return x if self.var == "X" else 0
        return 1

    def sort_key(self) -> tuple[int, int, str, int]:
        """Key for canonical order: X, generic, {S}, {C}, {2/W}, hybrid, Phyrexian, then W U B R G."""
        return (_KIND_ORDER[self.kind], -self.amount, "".join(str(COLORS.find(c)) for c in self.colors), 0)

    def __str__(self) -> str:
        return self.text


#: the written form of each kind of symbol, without braces (:attr:`Symbol.body`)
_BODY: dict[SymbolKind, Callable[[Symbol], str]] = {
    SymbolKind.GENERIC: lambda s: str(s.amount),
    SymbolKind.COLORED: lambda s: s.colors[0],
    SymbolKind.COLORLESS: lambda s: "C",
    SymbolKind.SNOW: lambda s: "S",
    SymbolKind.VARIABLE: lambda s: s.var,
    SymbolKind.HYBRID: lambda s: "/".join(s.colors),
    SymbolKind.MONO_HYBRID: lambda s: f"{s.amount}/{s.colors[0]}",
    SymbolKind.COLORLESS_HYBRID: lambda s: f"C/{s.colors[0]}",
    SymbolKind.PHYREXIAN: lambda s: "/".join((*s.colors, "P")),
}
# kinds read in the hottest loops, looked up once (a class attribute of an Enum costs a Python call)
_AMOUNT_KINDS = frozenset({SymbolKind.GENERIC, SymbolKind.MONO_HYBRID})
_GENERIC, _COLORED, _VARIABLE = SymbolKind.GENERIC, SymbolKind.COLORED, SymbolKind.VARIABLE


def generic(n: int) -> Symbol:
    """The generic symbol ``{n}``."""
    return Symbol(_GENERIC, amount=n)


def colored(c: str) -> Symbol:
    """The coloured symbol ``{c}`` for a colour letter in ``WUBRG``."""
    return Symbol(_COLORED, colors=(c,))


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: the symbols in the order written. Formats as the canonical ``{…}`` string.

    An empty cost (everything reduced away) is written ``{0}``.
    """

    symbols: tuple[Symbol, ...]

    @property
    def text(self) -> str:
        """Canonical ``{…}{…}`` form; parse(text) gives back an equal cost."""
        return "".join(s.text for s in self.symbols) if self.symbols else "{0}"

    def __str__(self) -> str:
        return self.text

    def mana_value(self, x: int = 0) -> int:
        """Sum of :meth:`Symbol.mana_value` (X counts ``x``, Y and Z 0)."""
        return sum(s.mana_value(x) for s in self.symbols)

    def colors(self) -> tuple[str, ...]:
        """Colours of the cost in printed order (:func:`color_order`; rule 203.2e: hybrid gives both)."""
        return color_order(c for s in self.symbols for c in s.colors)

    def canonical(self) -> ManaCost:
        """Same cost with generic symbols merged into one and symbols in canonical order."""
        return build_cost(self.symbols)


def build_cost(symbols: Iterable[Symbol], extra_generic: int = 0) -> ManaCost:
    """A canonical cost from ``symbols``: generic summed into one symbol (dropped when 0 and
    other symbols remain), the rest sorted by :meth:`Symbol.sort_key`."""
    total = extra_generic
    rest: list[Symbol] = []
    any_generic = extra_generic > 0
    for s in symbols:
        if s.kind is _GENERIC:
            total += s.amount
            any_generic = True
        else:
            rest.append(s)
    rest.sort(key=Symbol.sort_key)
    wheel = color_order(c for s in rest if s.kind is _COLORED for c in s.colors)
    rest.sort(key=lambda s: (s.kind is _COLORED, wheel.index(s.colors[0]) if s.kind is _COLORED else 0))
    out: list[Symbol] = []
    if total > 0 or (any_generic and not rest):
        out.append(generic(total))
    out.extend(rest)
    # variables first
    out.sort(key=lambda s: 0 if s.kind is _VARIABLE else 1)
    return ManaCost(tuple(out))


def order_key(cost: ManaCost) -> tuple[int, int, tuple[int, ...], str]:
    """Sort key for lists of derived costs: mana value, then fewer generic, then more W, U, B, R, G."""
    gen = sum(s.amount for s in cost.symbols if s.kind is _GENERIC)
    counts = Counter(c for s in cost.symbols if s.kind is _COLORED for c in s.colors)
    return (cost.mana_value(), gen, tuple(-counts[c] for c in COLORS), cost.text)


def resolve_x(cost: ManaCost, x: int) -> list[Symbol]:
    """The symbols of ``cost`` with each {X} replaced by the generic symbol ``{x}`` (dropped for 0)
    and Y, Z dropped: the cost as announced (601.2b: the value of X is announced first)."""
    out = []
    for s in cost.symbols:
        if s.kind is _VARIABLE:
            if s.var == "X" and x:
                out.append(generic(x))
        else:
            out.append(s)
    return out


class Best(Enum):
    """Why the first of several results is the best one, compared with the next (Einberufen, total cost).

    ``ONLY``: there is no other; ``LESS_MANA``: it leaves less mana to pay; ``LESS_LIFE``: as much mana,
    less life; ``MORE_GENERIC``: as much mana (and life), more of it generic, which any mana pays; ``TIE``: the
    next one is as good (the first in canonical order is named).
    """

    ONLY = "only"
    LESS_MANA = "less_mana"
    LESS_LIFE = "less_life"
    MORE_GENERIC = "more_generic"
    TIE = "tie"


def best_because(best: tuple[int, int, int], runner_up: tuple[int, int, int] | None) -> Best:
    """:class:`Best` from (mana, life, mana that is not generic) of the best result and of the next one."""
    if runner_up is None:
        return Best.ONLY
    if best[0] != runner_up[0]:
        return Best.LESS_MANA
    if best[1] != runner_up[1]:
        return Best.LESS_LIFE
    return Best.MORE_GENERIC if best[2] != runner_up[2] else Best.TIE
