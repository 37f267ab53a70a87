"""Mana costs: symbols, parser, mana value, colours, hybrid choices, payment, Einberufen,
total cost and Kumulative Versorgung. Pure Python, no I/O.

Sources (labels from :mod:`bot.rules.steps`):

* rule 104.3 / 104.3f and 203.2e as quoted in the Ravnica FAQ (2005): the mana symbols, hybrid
  symbols payable with either colour (``{G/W}{G/W}`` → ``{G}{G}``, ``{G}{W}``, ``{W}{W}``) and
  giving the object both colours;
* the Kälteeinbruch FAQ (2006): ``{S}`` is paid with one mana from a snow source, it is no colour
  and no mana type; rule 502.13a Kumulative Versorgung;
* rule 502.46 Einberufen as quoted in the Ravnica FAQ (the rule text is printed there under the
  typo number „502.32a“; 502.46b: not below 0);
* the Zwietracht FAQ (2006): a split card has two mana values („5 und 2“); the rulings on
  Getrieben // Verzweiflung (2017): today it has one, the sum;
* the rulings on Schnellvorlauf (2026): total cost = mana cost or alternative cost, plus
  increases, then reductions; the mana value is unchanged.

Symbols outside these documents (``{C}``, monocoloured hybrid ``{2/W}``, Phyrexian ``{W/P}``,
hybrid Phyrexian ``{W/U/P}``) follow today's printed cards: ``{C}`` needs colourless mana,
``{2/W}`` is ``{W}`` or two generic mana and counts 2, Phyrexian is its colour or 2 life and
counts 1.

Notation accepted by :func:`parse_cost`: braces (``{3}{B/G}``), shorthand (``3BG``,
``2 w/u w/u``) or a mix; upper or lower case; whitespace between symbols is ignored, so ``11`` is
one symbol and ``1 1`` two. Pools (:func:`parse_pool`) use ``W U B R G C`` with a ``*`` for mana
from a snow source (``{G*}``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb

from bot.rules.steps import (
    CLASH_ARTICLE,
    COLDSNAP_FAQ,
    DISSENSION_FAQ,
    FAST_FORWARD_RULINGS,
    RAVNICA_FAQ,
    SPLIT_RULINGS,
    Step,
)
from bot.rules.steps import (
    COMPREHENSIVE_RULES as CR,
)

COLORS = "WUBRG"
COLOR_NAMES = {"W": "weiß", "U": "blau", "B": "schwarz", "R": "rot", "G": "grün"}
VARIABLES = "XYZ"
MAX_GENERIC = 1000  # a generic symbol larger than this is refused (protects the searches)
MAX_SYMBOLS = 60  # longest cost accepted
MAX_STATES = 20_000  # distinct partial results kept by the set-DPs (hybrid choices, Einberufen)
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
        super().__init__(message)
        self.symbol = symbol
        self.position = position
        self.column = column


# --------------------------------------------------------------------------- symbols


GENERIC = "generic"
COLORED = "colored"
COLORLESS = "colorless"
SNOW = "snow"
VARIABLE = "variable"
HYBRID = "hybrid"
MONO_HYBRID = "mono_hybrid"
PHYREXIAN = "phyrexian"

# order of kinds when a derived cost is written in canonical order
_KIND_ORDER = {
    VARIABLE: 0,
    GENERIC: 1,
    SNOW: 2,
    COLORLESS: 3,
    MONO_HYBRID: 4,
    HYBRID: 5,
    PHYREXIAN: 6,
    COLORED: 7,
}


def _pair(a: str, b: str) -> tuple[str, str]:
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
        kind: one of ``generic`` ({0}, {11}), ``colored`` ({W}), ``colorless`` ({C}), ``snow``
            ({S}), ``variable`` ({X}), ``hybrid`` ({W/U}), ``mono_hybrid`` ({2/W}),
            ``phyrexian`` ({W/P}; with two colours {W/U/P}).
        colors: the colour letters, hybrid pairs in printed order (``("G", "W")``).
        amount: the number of a generic symbol or of a monocoloured hybrid (``2`` for {2/W}).
        var: ``"X"``, ``"Y"`` or ``"Z"`` for variables.
    """

    kind: str
    colors: tuple[str, ...] = ()
    amount: int = 0
    var: str = ""

    @property
    def text(self) -> str:
        """The canonical written form, e.g. ``{11}``, ``{G/W}``, ``{2/W}``, ``{W/U/P}``."""
        if self.kind == GENERIC:
            body = str(self.amount)
        elif self.kind in (COLORED, HYBRID):
            body = "/".join(self.colors)
        elif self.kind == COLORLESS:
            body = "C"
        elif self.kind == SNOW:
            body = "S"
        elif self.kind == VARIABLE:
            body = self.var
        elif self.kind == MONO_HYBRID:
            body = f"{self.amount}/{self.colors[0]}"
        else:  # PHYREXIAN
            body = "/".join((*self.colors, "P"))
        return "{" + body + "}"

    def mana_value(self, x: int = 0) -> int:
        """Contribution to mana value: generic its number, {2/W} 2, X the given ``x`` (else 0), others 1."""
        if self.kind in (GENERIC, MONO_HYBRID):
            return self.amount
        if self.kind == VARIABLE:
            return x if self.var == "X" else 0
        return 1

    def sort_key(self) -> tuple[int, int, str, int]:
        """Key for canonical order: X, generic, {S}, {C}, {2/W}, hybrid, Phyrexian, then W U B R G."""
        return (_KIND_ORDER[self.kind], -self.amount, "".join(str(COLORS.find(c)) for c in self.colors), 0)

    def __str__(self) -> str:
        return self.text


def generic(n: int) -> Symbol:
    """The generic symbol ``{n}``."""
    return Symbol(GENERIC, amount=n)


def colored(c: str) -> Symbol:
    """The coloured symbol ``{c}`` for a colour letter in ``WUBRG``."""
    return Symbol(COLORED, colors=(c,))


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
        return _build(self.symbols)


def _build(symbols: Iterable[Symbol], extra_generic: int = 0) -> ManaCost:
    """A canonical cost from ``symbols``: generic summed into one symbol (dropped when 0 and
    other symbols remain), the rest sorted by :meth:`Symbol.sort_key`."""
    total = extra_generic
    rest: list[Symbol] = []
    any_generic = extra_generic > 0
    for s in symbols:
        if s.kind == GENERIC:
            total += s.amount
            any_generic = True
        else:
            rest.append(s)
    rest.sort(key=Symbol.sort_key)
    wheel = color_order(c for s in rest if s.kind == COLORED for c in s.colors)
    rest.sort(key=lambda s: (s.kind == COLORED, wheel.index(s.colors[0]) if s.kind == COLORED else 0))
    out: list[Symbol] = []
    if total > 0 or (any_generic and not rest):
        out.append(generic(total))
    out.extend(rest)
    # variables first
    out.sort(key=lambda s: 0 if s.kind == VARIABLE else 1)
    return ManaCost(tuple(out))


def _order_key(cost: ManaCost) -> tuple[int, int, tuple[int, ...], str]:
    """Sort key for lists of derived costs: mana value, then fewer generic, then more W, U, B, R, G."""
    gen = sum(s.amount for s in cost.symbols if s.kind == GENERIC)
    counts = Counter(c for s in cost.symbols if s.kind == COLORED for c in s.colors)
    return (cost.mana_value(), gen, tuple(-counts[c] for c in COLORS), cost.text)


# --------------------------------------------------------------------------- parsing


def _is_number(text: str) -> bool:
    """True for ASCII digits only (``"²"`` is a digit to ``str.isdigit`` but not to ``int``)."""
    return text.isascii() and text.isdigit()


def _atom_end(text: str, k: int, allow_star: bool) -> int:
    """End of the shorthand atom starting at ``k``: a run of digits (``11`` is one number) or one
    letter, with a trailing ``*`` (snow) when ``allow_star``; ``k`` itself when there is none."""
    n = len(text)
    if k < n and _is_number(text[k]):
        while k < n and _is_number(text[k]):
            k += 1
        return k
    if k < n and text[k].isalpha():
        k += 1
        if allow_star and k < n and text[k] == "*":
            k += 1
    return k


def _scan(text: str, allow_star: bool = False) -> list[tuple[str, str, int]]:
    """Split ``text`` into raw symbols: ``(body, as_typed, column)``; column is 1-based.

    Raises:
        ManaError: an unclosed or stray brace, or an empty input.
    """
    out: list[tuple[str, str, int]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        start = i
        pos = len(out) + 1
        if c == "{":
            j = text.find("}", i + 1)
            k = text.find("{", i + 1)
            if j < 0 or (0 <= k < j):
                end = k if k >= 0 else n
                typed = text[i:end].strip()
                raise ManaError(
                    f"Nicht geschlossene Klammer: „{typed}“ an Position {pos} (Zeichen {start + 1}).",
                    typed,
                    pos,
                    start + 1,
                )
            body = text[i + 1 : j].replace(" ", "")
            typed = text[i : j + 1]
            i = j + 1
        elif c == "}":
            raise ManaError(
                f"Schließende Klammer „}}“ ohne öffnende an Position {pos} (Zeichen {start + 1}).",
                "}",
                pos,
                start + 1,
            )
        else:
            # shorthand: atom ('/' atom)*
            j = _atom_end(text, i, allow_star)
            if j == i:
                j = i + 1
            while j < n and text[j] == "/":
                k = _atom_end(text, j + 1, allow_star)
                if k == j + 1:  # nothing after '/'
                    j = j + 1
                    break
                j = k
            body = text[i:j]
            typed = body
            i = j
        out.append((body.upper(), typed, start + 1))
    if not out:
        raise ManaError("Keine Manakosten angegeben.")
    return out


def _bad(typed: str, pos: int, col: int, why: str) -> ManaError:
    return ManaError(f"Ungültiges Manasymbol „{typed}“ an Position {pos} (Zeichen {col}): {why}", typed, pos, col)


def _symbol(body: str, typed: str, pos: int, col: int) -> Symbol:
    """One symbol from its upper-case body (``"G/W"``, ``"11"``). Raises ManaError."""
    parts = body.split("/")
    if any(p == "" for p in parts):
        raise _bad(typed, pos, col, "leerer Teil.")
    if len(parts) == 1:
        p = parts[0]
        if _is_number(p):
            value = int(p)
            if value > MAX_GENERIC:
                raise _bad(typed, pos, col, f"mehr als {MAX_GENERIC} generisches Mana.")
            return generic(value)
        if p in COLORS:
            return colored(p)
        if p == "C":
            return Symbol(COLORLESS)
        if p == "S":
            return Symbol(SNOW)
        if p in VARIABLES:
            return Symbol(VARIABLE, var=p)
        raise _bad(typed, pos, col, "unbekanntes Zeichen.")
    if parts.count("P") > 1:
        raise _bad(typed, pos, col, "P darf nur einmal vorkommen.")
    phyrexian = "P" in parts
    rest = [p for p in parts if p != "P"]
    if phyrexian:
        if not all(p in COLORS for p in rest) or len(rest) > 2:
            raise _bad(typed, pos, col, "phyrexianisches Mana braucht eine oder zwei Farben (W, U, B, R, G).")
        if len(rest) == 2:
            if rest[0] == rest[1]:
                raise _bad(typed, pos, col, "zweimal dieselbe Farbe.")
            return Symbol(PHYREXIAN, colors=_pair(rest[0], rest[1]))
        return Symbol(PHYREXIAN, colors=(rest[0],))
    if len(parts) != 2:
        raise _bad(typed, pos, col, "zu viele Teile.")
    a, b = parts
    if (_is_number(a) and b in COLORS) or (_is_number(b) and a in COLORS):
        number, color = (a, b) if _is_number(a) else (b, a)
        amount = int(number)
        if amount < 1 or amount > MAX_GENERIC:
            raise _bad(typed, pos, col, "die Zahl eines einfarbigen Hybrid-Symbols muss mindestens 1 sein.")
        return Symbol(MONO_HYBRID, colors=(color,), amount=amount)
    if a in COLORS and b in COLORS:
        if a == b:
            raise _bad(typed, pos, col, "ein Hybrid-Symbol braucht zwei verschiedene Farben (104.3f).")
        return Symbol(HYBRID, colors=_pair(a, b))
    raise _bad(typed, pos, col, "keine bekannte Kombination (Hybrid: zwei Farben wie {G/W}).")


def parse_cost(text: str) -> ManaCost:
    """Parse one mana cost (``"{3}{B/G}{B/G}"``, ``"3BG"``, ``"2 w/u w/u"``).

    Returns:
        the cost with its symbols in the order written (``{11}`` is one symbol).

    Raises:
        ManaError: malformed input; the German message names the bad symbol as typed and its
            1-based position (symbol number and character), e.g. ``{Q/Z}``, ``{``, ``{W/W}``.
    """
    raw = _scan(text)
    if len(raw) > MAX_SYMBOLS:
        raise ManaError(f"Zu viele Manasymbole ({len(raw)}); höchstens {MAX_SYMBOLS}.")
    return ManaCost(tuple(_symbol(body, typed, i, col) for i, (body, typed, col) in enumerate(raw, 1)))


def parse_faces(text: str) -> list[ManaCost]:
    """Parse a cost that may belong to a split card: halves separated by ``//``.

    An empty half (a land, no mana cost) is the empty cost (mana value 0).

    Raises:
        ManaError: a malformed half (the message names the half).
    """
    halves = text.split("//")
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


# --------------------------------------------------------------------------- mana value & colours


@dataclass
class ManaValueResult:
    """Mana value of a card's cost(s).

    Attributes:
        faces: the halves (one for a normal card).
        values: mana value of each half.
        value: today's single value (sum of halves, 002) — for a normal card its only value.
        rules: ``"heute"`` or ``"2006"`` (the Zwietracht FAQ's two values).
        steps: explanation.
    """

    faces: list[ManaCost]
    values: tuple[int, ...]
    value: int
    rules: str
    steps: list[Step]

    @property
    def shown(self) -> str:
        """``"7"`` (today) or ``"5 und 2"`` (2006 rules for a split card)."""
        if self.rules == RULES_2006 and len(self.values) > 1:
            return " und ".join(map(str, self.values))
        return str(self.value)


def explain_mana_value(
    faces: ManaCost | Sequence[ManaCost], rules: str = RULES_TODAY, x: int | None = None
) -> ManaValueResult:
    """Mana value with explanation. X counts ``x`` when given, else 0; ``{2/W}`` counts 2;
    Phyrexian counts 1; a split card's value is the sum today (002), two values under the
    rules of 2006 (Zwietracht FAQ).

    Raises:
        ValueError: ``rules`` is not ``"heute"`` or ``"2006"``, or ``x`` is negative.
    """
    if rules not in (RULES_TODAY, RULES_2006):
        raise ValueError(f"Unbekannter Regelstand {rules!r}")
    if x is not None and x < 0:
        raise ManaError("X kann nicht negativ sein.")
    halves = [faces] if isinstance(faces, ManaCost) else list(faces)
    xv = x or 0
    values = tuple(f.mana_value(xv) for f in halves)
    steps: list[Step] = []
    for number, (face, value) in enumerate(zip(halves, values, strict=True), 1):
        parts = [f"{s.text}={s.mana_value(xv)}" for s in face.symbols]
        label = f"Hälfte {number} " if len(halves) > 1 else ""
        if not face.symbols:
            steps.append(Step(f"{label}ohne Manakosten: Manawert 0.", None, None))
        else:
            steps.append(Step(f"{label}{face.text}: " + " + ".join(parts) + f" = {value}."))
    kinds = {s.kind for f in halves for s in f.symbols}
    if VARIABLE in kinds:
        if x is None:
            steps.append(Step("Ein X zählt als 0, solange kein Wert für X feststeht.", None, CLASH_ARTICLE))
        else:
            steps.append(Step(f"Auf dem Stapel zählt X den gewählten Wert, hier {x} (Y und Z zählen 0).", "202.3e", CR))
    if MONO_HYBRID in kinds:
        steps.append(Step("Bei Hybrid-Symbolen zählt der größere Teil: {2/W} zählt 2, {G/W} zählt 1.", "202.3f", CR))
    elif HYBRID in kinds:
        steps.append(Step("Jedes Hybrid-Symbol zählt 1 (es steht für ein Mana einer von zwei Farben).", "202.3f", CR))
    if PHYREXIAN in kinds:
        steps.append(
            Step("Ein phyrexianisches Symbol zählt 1, auch wenn es mit Lebenspunkten bezahlt wird.", "202.3g", CR)
        )
    if len(halves) > 1:
        if rules == RULES_TODAY:
            steps.append(
                Step(
                    "Geteilte Karte: heute ist ihr Manawert die Summe der Hälften, "
                    f"{' + '.join(map(str, values))}"
                    f" = {sum(values)}. Das ist eine Änderung gegenüber den früheren Regeln.",
                    None,
                    SPLIT_RULINGS,
                )
            )
            steps.append(
                Step(
                    "Außerhalb des Stapels ergibt sich der Manawert einer geteilten Karte aus den kombinierten "
                    "Manakosten ihrer Hälften; auf dem Stapel zählt nur die gewirkte Hälfte.",
                    "202.3d",
                    CR,
                )
            )
        else:
            steps.append(
                Step(
                    "Geteilte Karte nach den Regeln von 2006: das Spiel sieht zwei Werte, "
                    f"„{' und '.join(map(str, values))}“"
                    + ("." if values == (5, 2) else " (die FAQ nennt für Bestimmt // Unbeirrt „5 und 2“)."),
                    None,
                    DISSENSION_FAQ,
                )
            )
    return ManaValueResult(halves, values, sum(values), rules, steps)


def color_names(colors: Iterable[str]) -> str:
    """German colour list: ``("G", "W")`` → ``"grün und weiß"``; empty → ``"farblos"``."""
    names = [COLOR_NAMES[c] for c in colors]
    if not names:
        return "farblos"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " und " + names[-1]


@dataclass
class ColorResult:
    """Colours of a cost (printed order) with explanation (rule 203.2e, Ravnica FAQ)."""

    colors: tuple[str, ...]
    steps: list[Step]

    @property
    def names(self) -> str:
        """German colour list (``"grün und weiß"``, ``"farblos"``)."""
        return color_names(self.colors)


def explain_colors(faces: ManaCost | Sequence[ManaCost]) -> ColorResult:
    """Colours from the cost(s): every coloured, hybrid (both colours, 203.2e), monocoloured
    hybrid and Phyrexian symbol adds its colour(s); generic, {C}, {S} and X add none."""
    halves = [faces] if isinstance(faces, ManaCost) else list(faces)
    found: set[str] = set()
    steps: list[Step] = []
    hybrid_seen = False
    for face in halves:
        for s in face.symbols:
            found.update(s.colors)
            hybrid_seen |= s.kind in (HYBRID, PHYREXIAN) and len(s.colors) == 2
    colors = color_order(found)
    if hybrid_seen:
        steps.append(
            Step(
                "Ein Objekt mit Hybrid-Symbolen in den Manakosten hat beide Farben jedes dieser Symbole, "
                "egal womit bezahlt wird.",
                "203.2e",
                RAVNICA_FAQ,
            )
        )
    if len(halves) > 1:
        steps.append(
            Step(
                "Eine geteilte Karte hat außerhalb des Stapels die Farben beider Hälften.",
                None,
                SPLIT_RULINGS,
            )
        )
    if not colors:
        steps.append(
            Step("Keine farbigen Symbole: die Kosten sind farblos ({C}, {S}, X und Zahlen haben keine Farbe).")
        )
    elif len(colors) > 1:
        steps.append(Step(f"Mehr als eine Farbe: mehrfarbig ({color_names(colors)})."))
    else:
        steps.append(Step(f"Genau eine Farbe: einfarbig {color_names(colors)}."))
    return ColorResult(colors, steps)


# --------------------------------------------------------------------------- hybrid choices

#: placeholder colour "L" in a payment option = 2 life (Phyrexian)
_LIFE = "L"


def _symbol_options(s: Symbol) -> list[tuple[int, str]]:
    """Ways to pay one choice symbol: ``(extra generic, colour letter or "L" for 2 life or "")``."""
    if s.kind == HYBRID:
        return [(0, c) for c in s.colors]
    if s.kind == MONO_HYBRID:
        return [(0, s.colors[0]), (s.amount, "")]
    if s.kind == PHYREXIAN:
        return [(0, c) for c in s.colors] + [(0, _LIFE)]
    raise AssertionError(s)


_CHOICE_KINDS = (HYBRID, MONO_HYBRID, PHYREXIAN)

#: explanation steps shared with :mod:`bot.rules.payment`
MONO_HYBRID_STEP = Step("Ein Symbol wie {2/W} wird mit {W} oder mit zwei beliebigen Mana bezahlt.")
PHYREXIAN_STEP = Step("Ein phyrexianisches Symbol wird mit Mana seiner Farbe oder mit 2 Lebenspunkten bezahlt.")


@dataclass
class HybridResult:
    """The distinct ways to pay the choice symbols of a cost (hybrid, {2/W}, Phyrexian).

    Attributes:
        count: number of distinct resulting payments (multisets, order does not matter).
        options: the distinct payments as ``(cost, life)`` — ``cost`` the mana to spend in
            canonical order (non-choice symbols included), ``life`` the life paid — sorted;
            all of them when ``count <= limit``, else the first ``limit``.
        steps: explanation.
    """

    count: int
    options: list[tuple[ManaCost, int]]
    steps: list[Step]

    @property
    def listed_all(self) -> bool:
        """True when every option is in :attr:`options`."""
        return len(self.options) == self.count


def hybrid_payments(cost: ManaCost, limit: int = 24) -> HybridResult:
    """Every distinct way to pay the hybrid part of ``cost`` (rule 104.3f, Ravnica FAQ:
    ``{G/W}{G/W}`` → ``{G}{G}``, ``{G}{W}``, ``{W}{W}``). Counted exactly by a set-DP over
    resulting multisets (never enumerating the order of symbols).

    Raises:
        ManaError: more than :data:`MAX_STATES` distinct partial results (huge costs).
    """
    fixed = [s for s in cost.symbols if s.kind not in _CHOICE_KINDS]
    choices = [s for s in cost.symbols if s.kind in _CHOICE_KINDS]
    # state: (extra generic, life count, counts of W U B R G)
    states: set[tuple[int, ...]] = {(0, 0, 0, 0, 0, 0, 0)}
    for s in choices:
        nxt: set[tuple[int, ...]] = set()
        for st in states:
            for extra, letter in _symbol_options(s):
                lst = list(st)
                lst[0] += extra
                if letter == _LIFE:
                    lst[1] += 1
                elif letter:
                    lst[2 + COLORS.index(letter)] += 1
                nxt.add(tuple(lst))
            if len(nxt) > MAX_STATES:
                raise ManaError(f"Zu viele Bezahlmöglichkeiten (über {MAX_STATES}), um sie exakt zu zählen.")
        states = nxt
    wheel = [COLORS.index(c) for c in cost.colors()]
    ordered = sorted(states, key=lambda st: (st[1], st[0], [-st[2 + i] for i in wheel]))
    options = []
    for st in ordered[:limit]:
        syms = list(fixed)
        syms += [colored(c) for i, c in enumerate(COLORS) for _ in range(st[2 + i])]
        options.append((_build(syms, st[0]), 2 * st[1]))
    steps: list[Step] = []
    if any(s.kind == HYBRID or (s.kind == PHYREXIAN and len(s.colors) == 2) for s in choices):
        steps.append(
            Step(
                "Jedes Hybrid-Symbol kann mit einer seiner beiden Farben bezahlt werden; "
                "z. B. kann {G/W}{G/W} mit {G}{G}, {G}{W} oder {W}{W} bezahlt werden.",
                "104.3f",
                RAVNICA_FAQ,
            )
        )
        steps.append(
            Step(
                "Welche Farbe du für jedes Hybrid-Symbol zahlst, bestimmst du beim Wirken "
                "(dort, wo du Modi oder X bestimmen würdest).",
                None,
                RAVNICA_FAQ,
            )
        )
    if any(s.kind == MONO_HYBRID for s in choices):
        steps.append(MONO_HYBRID_STEP)
    if any(s.kind == PHYREXIAN for s in choices):
        steps.append(PHYREXIAN_STEP)
    if not choices:
        steps.append(Step("Die Kosten enthalten keine Hybrid- oder phyrexianischen Symbole: nur eine Möglichkeit."))
    else:
        steps.append(
            Step(
                f"{len(choices)} Wahl-Symbole ergeben {len(states)} verschiedene "
                "Bezahlmöglichkeiten (Reihenfolge egal)."
            )
        )
    return HybridResult(len(states), options, steps)


# --------------------------------------------------------------------------- pools & payment

#: a kind of mana in a pool: (type letter in WUBRGC, from a snow source)
PoolKind = tuple[str, bool]
POOL_TYPES = "WUBRGC"
ALL_KINDS: tuple[PoolKind, ...] = tuple((t, snow) for snow in (False, True) for t in POOL_TYPES)


def pool_kind_text(kind: PoolKind) -> str:
    """``("G", True)`` → ``"{G*}"`` (``*`` = from a snow source)."""
    return "{" + kind[0] + ("*" if kind[1] else "") + "}"


def parse_pool(text: str) -> Counter[PoolKind]:
    """Parse a mana pool: ``{B}{G}{G}{R}``, ``BGGRRR``, ``{G*}`` for mana from a snow source,
    a number ``N`` for N colourless mana.

    Raises:
        ManaError: hybrid, Phyrexian or X symbols (no such mana exists in a pool: the Ravnica
            FAQ says hybrid mana cannot be added to a pool), ``{S}`` (the Kälteeinbruch FAQ: {S}
            is no mana type), unknown symbols.
    """
    pool: Counter[PoolKind] = Counter()
    for pos, (body, typed, col) in enumerate(_scan(text, allow_star=True), 1):
        snow = body.endswith("*")
        core = body.rstrip("*")
        if _is_number(core):
            if int(core) > MAX_GENERIC:
                raise _bad(typed, pos, col, f"mehr als {MAX_GENERIC} Mana.")
            pool[("C", snow)] += int(core)
        elif len(core) == 1 and core in POOL_TYPES:
            pool[(core, snow)] += 1
        elif core == "S":
            raise _bad(
                typed,
                pos,
                col,
                "{S} ist kein Manatyp, der Vorrat kann nicht um {S} erhöht werden (Kälteeinbruch-FAQ). "
                "Markiere Mana aus verschneiten Quellen mit *, z. B. {G*} oder {C*}.",
            )
        elif "/" in core:
            raise _bad(typed, pos, col, "Hybrid-Mana gibt es im Manavorrat nicht (Ravnica-FAQ); gib die Farbe an.")
        else:
            raise _bad(typed, pos, col, "im Vorrat sind nur W, U, B, R, G und C erlaubt (verschneit: mit *).")
    return pool


def format_pool(pool: Counter[PoolKind]) -> str:
    """Canonical pool string, WUBRGC then snow mana; empty → ``"(leer)"``."""
    out = "".join(pool_kind_text(k) * pool[k] for k in ALL_KINDS if pool[k] > 0)
    return out or "(leer)"


# --------------------------------------------------------------------------- convoke

_COLOR_WORDS = {
    "weiß": "W", "weiss": "W", "white": "W", "w": "W",
    "blau": "U", "blue": "U", "u": "U",
    "schwarz": "B", "black": "B", "b": "B",
    "rot": "R", "red": "R", "r": "R",
    "grün": "G", "gruen": "G", "green": "G", "g": "G",
}  # fmt: skip
_COLORLESS_WORDS = {
    "artefakt", "artefaktkreatur", "artefakte", "farblos", "farblose",
    "artifact", "colorless", "colourless", "c",
}  # fmt: skip


def _strip_inflection(word: str) -> str:
    """``"rote"`` → ``"rot"``, ``"grün-weiße"`` parts handled by the caller."""
    for suffix in ("en", "es", "er", "e"):
        if word.endswith(suffix) and word[: -len(suffix)] in _COLOR_WORDS:
            return word[: -len(suffix)]
    return word


def parse_creatures(text: str) -> list[tuple[str, ...]]:
    """Parse the creatures tapped for Einberufen, separated by ``,`` ``;`` or ``und``.

    Each creature is ``Artefakt``/``farblos`` (no colour), a colour (``rot``), colours joined by
    ``-`` or ``/`` (``grün-weiß``) or colour letters (``GW``); a leading count repeats it
    (``2 rot``, ``2x rot``).

    Returns:
        one tuple of colour letters (:func:`color_order`; empty = colourless) per creature.

    Raises:
        ManaError: an unknown colour word, naming it and the creature's 1-based position.
    """
    items = [p.strip() for chunk in text.replace(";", ",").split(",") for p in chunk.split(" und ")]
    items = [p for p in items if p]
    if not items:
        raise ManaError("Keine Kreaturen angegeben.")
    out: list[tuple[str, ...]] = []
    for pos, item in enumerate(items, 1):
        words = item.lower().split()
        count = 1
        if words and _is_number(words[0].rstrip("x×")):
            count = int(words[0].rstrip("x×"))
            words = words[1:]
        words = [
            w for w in words if w not in ("kreatur", "kreaturen", "creature", "creatures", "eine", "ein", "x", "×")
        ]
        if not words or count < 1 or count > 100:
            raise ManaError(f"Kreatur {pos} („{item}“) ist unvollständig.", item, pos)
        colors: set[str] = set()
        for word in words:
            if word in _COLORLESS_WORDS:
                continue
            for part in word.replace("/", "-").split("-"):
                part = _strip_inflection(part)
                if part in _COLORLESS_WORDS or part in ("artefakt", ""):
                    continue
                if part in _COLOR_WORDS:
                    colors.add(_COLOR_WORDS[part])
                elif part.upper() and all(ch in COLORS for ch in part.upper()):
                    colors.update(part.upper())
                else:
                    raise ManaError(
                        f"Unbekannte Farbe „{part}“ bei Kreatur {pos} („{item}“). "
                        "Erlaubt: Artefakt/farblos, weiß, blau, schwarz, rot, grün, "
                        "verbunden mit - (grün-weiß).",
                        part,
                        pos,
                    )
        out += [color_order(colors)] * count
    return out


def _creature_text(colors: tuple[str, ...]) -> str:
    return "-".join(COLOR_NAMES[c] for c in colors) if colors else "farblos"


@dataclass
class ConvokeResult:
    """Costs that can remain after Einberufen.

    Attributes:
        remaining: the distinct remaining costs (canonical), sorted by mana value then text.
        wasted: True when in some choice a creature had nothing left to reduce (502.46b).
        steps: explanation.
    """

    remaining: list[ManaCost]
    wasted: bool
    steps: list[Step]


def _resolve_x(cost: ManaCost, x: int) -> list[Symbol]:
    out = []
    for s in cost.symbols:
        if s.kind == VARIABLE:
            if s.var == "X" and x:
                out.append(generic(x))
        else:
            out.append(s)
    return out


def convoke(cost: ManaCost, creatures: Sequence[tuple[str, ...]], x: int = 0) -> ConvokeResult:
    """What can remain to pay when tapping ``creatures`` for Einberufen (502.46 as quoted in
    the Ravnica FAQ): each creature reduces the cost by {1} or by one mana of one of its colours
    (a coloured symbol, or a hybrid/Phyrexian/{2/W} symbol containing that colour, whose colour
    the caster chooses — Ravnica FAQ on hybrid; a {2/W} paid as {2} can also lose {1});
    never below 0 (502.46b).

    Every order of choices is explored over a set of states, so the list of distinct remaining
    costs is complete. Vitu-Ghazi: ``{3}{G}{W}`` with Artefakt, rot, grün-weiß → ``{G}{W}``,
    ``{1}{W}``, ``{1}{G}``.

    Raises:
        ManaError: more than 100 creatures, or more than :data:`MAX_STATES` distinct partial
            remaining costs.
    """
    if len(creatures) > 100:
        raise ManaError("Höchstens 100 Kreaturen.")
    base = _build(_resolve_x(cost, x))
    start_generic = sum(s.amount for s in base.symbols if s.kind == GENERIC)
    counts = Counter(s for s in base.symbols if s.kind != GENERIC)
    types = sorted(counts, key=Symbol.sort_key)
    # state: (generic left, count left of each non-generic symbol type)
    states: set[tuple[int, tuple[int, ...]]] = {(start_generic, tuple(counts[t] for t in types))}
    wasted = False
    generic_halves = [j for j, t in enumerate(types) if t.kind == MONO_HYBRID]
    for colors in creatures:
        targets = [j for j, t in enumerate(types) if t.kind not in (SNOW, COLORLESS) and set(t.colors) & set(colors)]
        nxt: set[tuple[int, tuple[int, ...]]] = set()
        for gen, left in states:
            moved = False
            if gen > 0:
                nxt.add((gen - 1, left))
                moved = True
            for j in targets:
                if left[j]:
                    nxt.add((gen, (*left[:j], left[j] - 1, *left[j + 1 :])))
                    moved = True
            for j in generic_halves:  # {2/W} chosen as {2}, then reduced by {1}
                if left[j]:
                    nxt.add((gen + types[j].amount - 1, (*left[:j], left[j] - 1, *left[j + 1 :])))
                    moved = True
            if not moved:
                wasted = True
                nxt.add((gen, left))
            if len(nxt) > MAX_STATES:
                raise ManaError(f"Zu viele mögliche Restkosten (über {MAX_STATES}); bitte weniger Kreaturen angeben.")
        states = nxt
    remaining = sorted(
        (_build((t for t, n in zip(types, left, strict=True) for _ in range(n)), gen) for gen, left in states),
        key=_order_key,
    )

    steps = [
        Step(
            "Jede Kreatur, die du für Einberufen tappst, reduziert die Kosten um {1} oder um ein Mana einer "
            "der Farben dieser Kreatur (im Dokument als „502.32a“ abgedruckt).",
            "502.46",
            RAVNICA_FAQ,
        ),
        Step(f"Ausgangskosten: {base.text}; Kreaturen: " + ", ".join(_creature_text(c) for c in creatures) + "."),
    ]
    for colors in creatures:
        if colors:
            opts = ["{1}"] + ["{" + c + "}" for c in colors]
            steps.append(Step(f"Kreatur {_creature_text(colors)}: reduziert " + " oder ".join(opts) + "."))
        else:
            steps.append(Step("Farblose Kreatur (z. B. Artefaktkreatur): reduziert nur {1}."))
    if any(s.kind in (HYBRID, PHYREXIAN, MONO_HYBRID) for s in types):
        steps.append(
            Step(
                "Für ein Hybrid-Symbol bestimmst du beim Wirken die Farbe; eine farbige Reduzierung wirkt, "
                "wenn diese Farbe Teil der bestimmten Kosten ist.",
                None,
                RAVNICA_FAQ,
            )
        )
    if wasted:
        steps.append(
            Step(
                "Mindestens eine Kreatur findet nichts mehr zu reduzieren: Einberufen kann die Kosten "
                "nicht unter 0 reduzieren.",
                "502.46b",
                RAVNICA_FAQ,
            )
        )
    steps.append(
        Step(
            "Heute wirkt Einberufen erst auf die Gesamtkosten (nach Erhöhungen und Reduzierungen): jede "
            "Kreatur bezahlt ein Mana ihrer Farbe oder ein generisches Mana.",
            "702.51a–b",
            CR,
        )
    )
    steps.append(
        Step(f"Es bleiben {len(remaining)} verschiedene Restkosten: " + ", ".join(c.text for c in remaining) + ".")
    )
    steps.append(
        Step(
            "Einberufen ändert nichts an den Manakosten oder dem Manawert des Zauberspruchs.",
            None,
            RAVNICA_FAQ,
        )
    )
    return ConvokeResult(remaining, wasted, steps)


# --------------------------------------------------------------------------- total cost


@dataclass
class TotalCostResult:
    """Total cost of casting a spell (Schnellvorlauf rulings, 2026).

    Attributes:
        total: the total cost (canonical; ``{0}`` when nothing remains).
        mana_value: mana value of the printed mana cost, unchanged by the total cost.
        steps: explanation.
    """

    total: ManaCost
    mana_value: int
    steps: list[Step]


def _remove_colored(rest: list[Symbol], color: str) -> Symbol | None:
    """Remove one symbol payable by ``color`` from ``rest`` (exact colour first, then
    hybrid/Phyrexian/{2/W} containing it); returns the removed symbol or ``None``."""
    for kinds in ((COLORED,), (HYBRID, PHYREXIAN, MONO_HYBRID)):
        for i, s in enumerate(rest):
            if s.kind in kinds and color in s.colors:
                return rest.pop(i)
    return None


def _reduction_parts(s: Symbol) -> list[tuple[str, int]]:
    """What one reduction symbol may reduce, in order of preference: ``("generic", n)``, a
    colour letter or ``"C"`` with 1 (118.7e: a hybrid reduction reduces by the half chosen;
    118.7f: Phyrexian by one mana of its colour; 118.7g: {S} by generic mana)."""
    if s.kind == GENERIC:
        return [("generic", s.amount)]
    if s.kind == SNOW:
        return [("generic", 1)]
    if s.kind == COLORLESS:
        return [("C", 1)]
    if s.kind == MONO_HYBRID:
        return [(s.colors[0], 1), ("generic", s.amount)]
    if s.kind in (COLORED, HYBRID, PHYREXIAN):
        return [(c, 1) for c in s.colors]
    raise ManaError(f"{s.text} kann keine Kostenreduzierung sein.", s.text)


def total_cost(
    cost: ManaCost,
    increases: Sequence[ManaCost] = (),
    reductions: Sequence[ManaCost] = (),
    alternative: ManaCost | None = None,
    x: int = 0,
) -> TotalCostResult:
    """Total cost: start with the mana cost or the alternative cost, add every increase, then
    apply the reductions (rulings on Schnellvorlauf, 2026; 601.2f). The mana value stays that
    of the printed cost.

    Reductions follow rule 118.7 of today's Comprehensive Rules (the five documents leave the
    details open): a generic reduction lowers only the generic part, never below 0 (118.7a); a
    coloured or {C} reduction removes one matching symbol — a hybrid symbol counts when that
    colour is chosen (Ravnica FAQ) — and otherwise lowers the generic part by 1 (118.7b/c/d);
    a hybrid reduction uses the half that removes a symbol if one does (118.7e); Phyrexian
    reduces its colour (118.7f); {S} reduces generic mana (118.7g).

    Raises:
        ManaError: an X in a reduction, or ``x`` negative.
    """
    if x < 0:
        raise ManaError("X kann nicht negativ sein.")
    start = alternative if alternative is not None else cost
    steps = [
        Step(
            "Gesamtkosten: beginne mit den Manakosten oder den alternativen Kosten, die du bezahlst, "
            "addiere alle Kostenerhöhungen und wende dann alle Kostenreduzierungen an.",
            None,
            FAST_FORWARD_RULINGS,
        ),
        Step(
            f"Start: {'alternative Kosten ' if alternative is not None else 'Manakosten '}{start.text}"
            + (f" (X = {x})" if any(s.kind == VARIABLE for s in start.symbols) else "")
            + "."
        ),
    ]
    syms = _resolve_x(start, x)
    for inc in increases:
        syms += _resolve_x(inc, x)
        steps.append(Step(f"Erhöhung {inc.text} → {_build(syms).text}."))
    gen = sum(s.amount for s in syms if s.kind == GENERIC)
    rest = [s for s in syms if s.kind != GENERIC]

    def cut_generic(amount: int, what: str, rule: str) -> None:
        nonlocal gen
        cut = min(gen, amount)
        gen -= cut
        floor = "" if cut == amount else f" (nur {cut}: nicht unter 0)"
        steps.append(Step(f"{what}: generischer Anteil −{cut}{floor} → {_build(rest, gen).text}.", rule, CR))

    for red in reductions:
        for s in red.symbols:
            parts = _reduction_parts(s)
            what = f"Reduzierung {s.text}"
            removed = None
            for part, _amount in parts:
                if part == "C":
                    removed = next((r for r in rest if r.kind == COLORLESS), None)
                    if removed is not None:
                        rest.remove(removed)
                elif part != "generic":
                    removed = _remove_colored(rest, part)
                if removed is not None:
                    break
            if removed is not None:
                rule = "118.7e" if s.kind in (HYBRID, MONO_HYBRID) else "118.7f" if s.kind == PHYREXIAN else None
                steps.append(
                    Step(f"{what} entfernt {removed.text} → {_build(rest, gen).text}.", rule, CR if rule else None)
                )
            elif s.kind == GENERIC:
                cut_generic(s.amount, what, "118.7a")
            elif s.kind == SNOW:
                cut_generic(1, what, "118.7g")
            elif s.kind == MONO_HYBRID:
                cut_generic(s.amount, what + " (generische Hälfte gewählt)", "118.7e")
            else:
                cut_generic(1, what + " (kein passendes Symbol in den Kosten)", "118.7b")
    total = _build(rest, gen)
    mv = cost.mana_value()
    steps.append(Step(f"Gesamtkosten: {total.text}."))
    steps.append(
        Step(
            f"Der Manawert des Zauberspruchs bleibt {mv}, egal wie hoch die Gesamtkosten sind.",
            None,
            FAST_FORWARD_RULINGS,
        )
    )
    return TotalCostResult(total, mv, steps)


# --------------------------------------------------------------------------- cumulative upkeep

MAX_COUNTERS = 100
MAX_UPKEEP_COMBINATIONS = 200_000


def parse_upkeep(text: str) -> list[ManaCost]:
    """Parse an upkeep cost with optional alternatives: ``"{W} oder {U}"``, ``"{1}"``,
    ``"W | U"``. Returns one cost per alternative.

    Raises:
        ManaError: a malformed alternative (its number is named).
    """
    normalized = text
    for sep in (" oder ", " or ", "|"):
        normalized = normalized.replace(sep, "\n")
    parts = [p for p in normalized.split("\n") if p.strip()]
    if not parts:
        raise ManaError("Keine Versorgungskosten angegeben.")
    out = []
    for number, part in enumerate(parts, 1):
        try:
            out.append(parse_cost(part))
        except ManaError as exc:
            prefix = f"Möglichkeit {number}: " if len(parts) > 1 else ""
            raise ManaError(prefix + str(exc), exc.symbol, exc.position, exc.column) from exc
    return out


@dataclass
class UpkeepResult:
    """Kumulative Versorgung for ``counters`` age counters.

    Attributes:
        totals: the distinct total costs (canonical, sorted), the first ``limit`` of them.
        count: number of distinct totals.
        steps: explanation.
    """

    totals: list[ManaCost]
    count: int
    steps: list[Step]


def cumulative_upkeep(options: Sequence[ManaCost], counters: int, limit: int = 24) -> UpkeepResult:
    """Total Kumulative Versorgung for ``counters`` age counters (the number on the permanent
    after the trigger added one, 502.13a as quoted in the Kälteeinbruch FAQ): the cost is paid
    once per counter, choosing afresh per counter among ``options``; the whole total is paid
    or nothing. Example of the FAQ: ``{W}`` oder ``{U}`` with 3 counters → ``{W}{W}{W}``,
    ``{W}{W}{U}``, ``{W}{U}{U}``, ``{U}{U}{U}``.

    Raises:
        ManaError: ``counters`` below 0 or above 100, or too many combinations.
    """
    if counters < 0 or counters > MAX_COUNTERS:
        raise ManaError(f"Die Anzahl der Altersmarken muss zwischen 0 und {MAX_COUNTERS} liegen.")
    distinct = list(dict.fromkeys(o.canonical() for o in options))
    k = len(distinct)
    combos = comb(counters + k - 1, k - 1) if k else 0
    if combos > MAX_UPKEEP_COMBINATIONS:
        raise ManaError(f"Zu viele Möglichkeiten ({combos}); weniger Marken oder Alternativen angeben.")
    seen: dict[str, ManaCost] = {}
    for pick in itertools.combinations_with_replacement(range(k), counters):
        total = _build(s for i in pick for s in distinct[i].symbols)
        seen.setdefault(total.text, total)
    totals = sorted(seen.values(), key=_order_key)
    steps = [
        Step(
            "Kumulative Versorgung: zu Beginn deines Versorgungssegments kommt eine Altersmarke dazu; dann "
            "bezahlst du die Kosten einmal für jede Altersmarke oder opferst die bleibende Karte.",
            "502.13a",
            COLDSNAP_FAQ,
        ),
        Step(
            f"Mit {counters} Altersmarke{'n' if counters != 1 else ''} (einschließlich der neuen) wird "
            f"{counters}× bezahlt."
        ),
    ]
    if k > 1:
        steps.append(
            Step(
                "Bei Auswahlmöglichkeiten bestimmst du bei jeder Altersmarke neu; dann werden entweder die "
                "gesamten Kosten bezahlt oder gar nicht.",
                "502.13a",
                COLDSNAP_FAQ,
            )
        )
    shown = ", ".join(t.text for t in totals[:limit]) + (" …" if len(totals) > limit else "")
    if len(totals) == 1:
        steps.append(Step(f"Gesamtkosten: {shown}."))
    else:
        steps.append(Step(f"{len(totals)} verschiedene Gesamtkosten: {shown}."))
    return UpkeepResult(totals[:limit], len(totals), steps)
