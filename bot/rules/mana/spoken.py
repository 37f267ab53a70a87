"""A cost said in number words („zwei weiß weiß“): the German error that names the number word and offers the
whole cost typed with digits, every number word and colour word of the input in order. Pure Python, no I/O.

A number word is not read as a symbol: „zwei weiß“ is {2}{W} as „2 weiß“ is, but it is also said for two white
mana ({W}{W}). The error offers the cost with each number as generic mana (rule 107.4b: „2“ is {2}) and, where a
number word of two to five stands right before a colour word, also the reading that repeats that colour (rule
105.1's colours, 107.4c's {C} for „farblos“); a word that is no colour word stays out of both and is named whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from bot.number_words import german_number
from bot.rules.mana.colour_words import COLOUR_NAMES, COST_FORMS, NUMBER_WORDS, SPELLED, mana_letter
from bot.rules.mana.symbols import COLORS, MAX_SYMBOLS, Symbol, SymbolKind, colored, generic

#: One symbol of a cost as :func:`bot.rules.mana.parse.scan` split it: its text as typed, its 1-based column and
#: its reading — the :class:`Symbol` it is, a number word's number, or None (a word or symbol that is no mana).
Token = tuple[str, int, Symbol | int | None]
#: Tokens left out of the readings that are named one by one; the others are counted.
_NAMED = 5


def _shown(typed: str) -> str:
    """``typed`` as an error quotes it: at most 40 characters, a longer one cut with „…“."""
    return typed if len(typed) <= 40 else typed[:39] + "…"


def _colour_word(typed: str) -> str | None:
    """The symbol letter of a colour word of more than one letter (``"weiss"`` → ``"W"``, ``"farblos"`` →
    ``"C"``); None for a letter of shorthand or another symbol."""
    return mana_letter(typed) if len(typed) > 1 else None


def _pieces(tokens: Sequence[Token], repeat: bool) -> list[tuple[str, list[Symbol], bool, int]]:
    """The cost the tokens may mean, piece by piece: ``(text, symbols, as_typed, index)``. A number word is its
    digits and one generic symbol, or with ``repeat`` and a colour word right after it (a number of two to five)
    that colour word repeated; a colour word its card term (``weiss`` → ``weiß``); another symbol as typed; a
    token of no reading is left out."""
    out: list[tuple[str, list[Symbol], bool, int]] = []
    skip = -1
    for i, (typed, _col, reading) in enumerate(tokens):
        if i == skip or reading is None:
            continue
        if isinstance(reading, int):
            letter = mana_letter(tokens[i + 1][0]) if i + 1 < len(tokens) else None
            if repeat and letter and 1 < reading <= 5:
                symbol = colored(letter) if letter in COLORS else Symbol(SymbolKind.COLORLESS)
                out.append((" ".join([COLOUR_NAMES[letter]] * reading), [symbol] * reading, False, i))
                skip = i + 1
            else:
                out.append((str(reading), [generic(reading)], False, i))
        elif letter := _colour_word(typed):
            out.append((COLOUR_NAMES[letter], [reading], False, i))
        else:
            out.append((typed, [reading], True, i))
    return out


def _text(tokens: Sequence[Token], pieces: list[tuple[str, list[Symbol], bool, int]]) -> str:
    """The pieces as one input: a space between them, none between two pieces kept as typed that stood right
    beside each other (shorthand's „2WU“ stays „2WU“)."""
    out = ""
    for k, (text, _symbols, as_typed, i) in enumerate(pieces):
        if k:
            before = pieces[k - 1]
            typed, col = tokens[before[3]][0], tokens[before[3]][1]
            beside = as_typed and before[2] and tokens[i][1] == col + len(typed)
            out += "" if beside else " "
        out += text
    return out


def _count(n: int, word: str) -> str:
    """``n`` and an adjective of colour (``"weiß"``): ``"ein weißes"``, ``"zwei weiße"``, ``"13 weiße"``."""
    number = SPELLED.get(n, str(n))  # a word up to twelve („zwei weiße“), else digits
    return f"{number} {word}{'es' if n == 1 else 'e'}"


def describe(symbols: Sequence[Symbol]) -> str:
    """What a cost holds in German words: ``{2}{W}`` → ``"2 generisches Mana und ein weißes"``, ``{W}{W}`` →
    ``"zwei weiße Mana"``, ``{2}{W}{3}{U}`` → ``"5 generisches Mana, ein weißes und ein blaues"`` (the colours in
    the order of the cost); symbols of other kinds (hybrid, Phyrexian, X) counted as „weitere Symbole“ after the
    mana: ``{X}{R}{R}`` → ``"zwei rote Mana und ein weiteres Symbol"``, ``{X}`` → ``"ein weiteres Symbol"``; no
    symbols → ``"kein Mana"``."""
    kinds = [s.kind for s in symbols]
    parts = [f"{sum(s.amount for s in symbols if s.kind is SymbolKind.GENERIC)} generisches Mana"] \
        if SymbolKind.GENERIC in kinds else []
    letters = ["C" if s.kind is SymbolKind.COLORLESS else s.colors[0] for s in symbols
               if s.kind in (SymbolKind.COLORED, SymbolKind.COLORLESS)]
    colours = [_count(letters.count(letter), COLOUR_NAMES[letter]) for letter in dict.fromkeys(letters)]
    if colours and not parts:  # „zwei weiße Mana“: the word Mana after the colours when no generic mana names it
        colours[-1] += " Mana"
    parts += colours
    others = sum(1 for k in kinds if k not in (SymbolKind.GENERIC, SymbolKind.COLORED, SymbolKind.COLORLESS))
    if others:
        parts.append("ein weiteres Symbol" if others == 1 else f"{others} weitere Symbole")
    if not parts:  # „null“: a cost of no symbols, {0} (rule 107.4d: zero mana)
        return "kein Mana"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " und " + parts[-1]


def _left_out(tokens: Sequence[Token]) -> str:
    """The sentence naming the tokens no reading holds (each with its position), or ``""``."""
    named = [f"„{_shown(typed)}“ an Position {i} (Zeichen {col}), "
             + ("kein Manasymbol und kein Farbwort" if _lettered(typed) else "kein gültiges Manasymbol")
             for i, (typed, col, reading) in enumerate(tokens, 1) if reading is None]
    if not named:
        return ""
    more = f" und {len(named) - _NAMED} weitere" if len(named) > _NAMED else ""
    return f" Nicht übernommen: {'; '.join(named[:_NAMED])}{more}."


def _side_by_side(tokens: Sequence[Token]) -> str:
    """The sentence on the first two number words that stand side by side („drei vier weiß“), or ``""``: as a cost
    they are two generic symbols whose amounts add up (rule 107.4b: each numerical symbol is generic mana; ``{3}{4}``
    is 7 generic mana), which a player saying a cost rarely means, so the sentence says so instead of only offering
    that reading."""
    for (a, _col, first), (b, _col2, second) in pairwise(tokens):
        if isinstance(first, int) and isinstance(second, int):
            return (f" „{_shown(a)} {_shown(b)}“: zwei Zahlen stehen nebeneinander. Als Manakosten sind das zwei "
                    f"generische Symbole, {{{first}}}{{{second}}}, zusammen {first + second} generisches Mana (Regel "
                    "107.4b: jede Zahl steht für generisches Mana); war nur eine der Zahlen gemeint, bitte nur sie "
                    "schreiben.")
    return ""


def number_word_error(tokens: Sequence[Token], index: int, where: str) -> str:
    """The German error for the number word ``tokens[index]`` of a cost (``where`` it stands: „an Position 1
    (Zeichen 1)“), offering the whole cost with digits: every number word and colour word of ``tokens`` in order
    (at most :data:`MAX_SYMBOLS` tokens, as :func:`bot.rules.mana.parse.parse_cost` accepts). „zwei weiss weiss“ →
    „Für {2}{W}{W} (2 generisches Mana und zwei weiße): „2 weiß weiß“ oder {2}{W}{W}; für {W}{W}{W} (drei weiße
    Mana): „weiß weiß weiß“ oder {W}{W}{W}.“; with no colour word right after a number word of two to five only the
    first („sechs“ → „z. B. „6“ oder {6} für 6 generisches Mana“). A reading of more than :data:`MAX_SYMBOLS`
    symbols is not offered."""
    shown = _shown(tokens[index][0])
    readings = []
    for repeat in (False, True):
        pieces = _pieces(tokens, repeat)
        symbols = [s for piece in pieces for s in piece[1]]
        cost = "".join(s.text for s in symbols) or "{0}"
        if len(symbols) <= MAX_SYMBOLS and cost not in (r[0] for r in readings):
            readings.append((cost, describe(symbols), _text(tokens, pieces) or "0"))
    left_out = _side_by_side(tokens) + _left_out(tokens)
    if len(readings) == 1:
        cost, said, text = readings[0]
        return (f"„{shown}“ {where} ist kein Manasymbol: Zahlen bitte als Ziffern, z. B. „{text}“ oder {cost} für "
                f"{said}.{left_out} {COST_FORMS}")
    (cost, said, text), (other, other_said, other_text) = readings
    return (f"„{shown}“ {where} ist kein Manasymbol: Zahlen bitte als Ziffern. Für {cost} ({said}): „{text}“ oder "
            f"{cost}; für {other} ({other_said}): „{other_text}“ oder {other}.{left_out}")


def number_of(typed: str) -> int | None:
    """The number a number word stands for, English (:data:`bot.rules.mana.colour_words.ENGLISH_NUMBERS`) or German
    (:func:`bot.number_words.german_number`): ``"zwei"`` → 2, ``"Twelve"`` → 12, ``"einundzwanzig"`` → 21,
    ``"hundert"`` → 100, ``"siebenhundert"`` → 700; None for another word."""
    key = typed.casefold()
    return NUMBER_WORDS[key] if key in NUMBER_WORDS else german_number(key)


def _lettered(typed: str) -> bool:
    """True when ``typed`` is letters and hyphens only, a letter among them (a piece of a word as typed)."""
    return any(c.isalpha() for c in typed) and all(c.isalpha() or c == "-" for c in typed)


def merged_words(tokens: Sequence[Token]) -> list[Token]:
    """``tokens`` with each run of letters and hyphens typed without a space between (``boros``, ``-``, ``r``, ``e``,
    … of „boros-rekrut“; ``r``, ``u``, ``h``, ``r`` of „ruhr“) that holds a token of no reading made one word of no
    reading, named whole; a run of symbols only („WU“ of „2WU“) stays as it is."""
    out: list[Token] = []
    run: list[Token] = []
    for token in [*tokens, ("", 0, None)]:
        typed, col, _reading = token
        if run and (typed == "-" or _lettered(typed)) and col == run[-1][1] + len(run[-1][0]):
            run.append(token)
            continue
        if len(run) > 1 and any(r[2] is None for r in run):
            out.append(("".join(r[0] for r in run), run[0][1], None))
        else:
            out += run
        run = [token] if _lettered(typed) else []
        if not run and typed:
            out.append(token)
    return out
