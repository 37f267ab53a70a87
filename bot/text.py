"""Text normalisation for the whole bot: one module, each normaliser named for what it is for.

=================================  ========================================================================
function                           purpose
=================================  ========================================================================
:func:`clean`                      user text made display-safe: NFKC, invisible/control characters
                                   dropped, white space collapsed (every answer's first step)
:func:`cut`                        a text cut at a grapheme boundary (never half a flag or an accent)
:func:`shorten`                    a text on one line, cut with ``…`` (quotes and labels in answers)
:func:`strip_marks`                combining marks removed (``ä`` → ``a``)
:func:`name_words`                 the words of a card name, folded (card-name index, term table)
:func:`name_keys`                  compact keys of a card name (``Boros-Rekrut`` = ``borosrekrut``)
:func:`name_folds`                 both of a typed name at once (the autocomplete's keystrokes)
:func:`name_spellings`             a name's words in every spelling the name index reads (completers)
:func:`sharp_s`                    typed folded words with ``ß`` as ``ss`` (completers)
:func:`fold`                       folding of the FTS5 ``unicode61 remove_diacritics 2`` tokenizer
:func:`tokens`                     the FTS tokens of a text (documents' full-text search)
:func:`canonical`                  a folded token in one spelling (``ß``/``ss``, ``ae``/``a``)
:func:`normalise_for_search`       Comprehensive Rules text folded for comparison (quotes, dashes)
=================================  ========================================================================

:func:`german_int` writes a large number as German does (``2.000.000``), wherever an answer shows one.
:data:`STOP_WORDS` is the one list of function words searches drop (German and English);
:data:`GERMAN_MONTHS` the month names of German dates (read by the FAQ importer, written by answers).

This module imports nothing of the bot, so the importer and the running bot both use it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import regex

# --- display-safe text -------------------------------------------------------------------------

#: Characters that never carry meaning in a name: zero-width, bidi marks, BOM, soft hyphen (a str.translate table).
INVISIBLE = dict.fromkeys(
    [0x00AD, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFEFF, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
)
#: The zero-width space U+200B: a word boundary (Unicode UAX #29 gives it no place inside a word, unlike the
#: format characters), so it separates words as a space does: "was\u200bmacht" is "was macht".
ZWSP = 0x200B
#: The zero-width ones among :data:`INVISIBLE` (Unicode bidi class BN: ZWNJ, word joiner, BOM, soft hyphen) without
#: the ZWJ, which an emoji sequence keeps, and without :data:`ZWSP`: removed inside a word ("Fe\u00adhde" is
#: "Fehde"; UAX #29 reads them as part of the word), where the bidi marks, overrides and isolates stand between
#: words (a str.translate table).
ZERO_WIDTH = dict.fromkeys(
    c for c in INVISIBLE if unicodedata.bidirectional(chr(c)) == "BN" and c not in (0x200D, ZWSP)
)


class _CharTable(dict[int, "int | None"]):
    """A ``str.translate`` table that maps each character to ``read(ch)`` (a code point, or None to drop it), filled
    as characters are seen (at most :data:`_FILTER_CACHE` of them kept; the rest decided each time); ``preset``
    codes are dropped from the start."""

    def __init__(self, read: Callable[[str], int | None], preset: Iterable[int] = ()) -> None:
        super().__init__(dict.fromkeys(preset))
        self._read = read

    def __missing__(self, code: int) -> int | None:
        value = self._read(chr(code))
        if len(self) < _FILTER_CACHE:
            self[code] = value
        return value


def _char_filter(drop: Callable[[str], bool], dropped: Iterable[int] = ()) -> _CharTable:
    """A :class:`_CharTable` that drops the characters ``drop(ch)`` is true for (and ``dropped``), keeps the others."""
    return _CharTable(lambda ch: None if drop(ch) else ord(ch), dropped)


_FILTER_CACHE = 1 << 16
#: Control, format, private-use, surrogate and unassigned characters (categories C*), except tab and newline:
#: what :func:`clean` drops (the invisible characters above are all of them).
_CONTROLS = _char_filter(lambda ch: unicodedata.category(ch)[0] == "C" and ch not in "\n\t", INVISIBLE)
#: The control characters (category Cc: U+0000–U+001F, U+007F–U+009F) as spaces (a str.translate table): a NUL or a
#: carriage return between two words separates them, as a line break does (``spuk\x00oder`` is „spuk oder“, not
#: „spukoder“); :func:`clean` reads them so before it drops the other characters of :data:`_CONTROLS`.
_CONTROL_SPACES = dict.fromkeys([*range(0x20), *range(0x7F, 0xA0)], " ")
#: A run of zero-width spaces between two letters: a word boundary there (:func:`clean` makes it a space); elsewhere,
#: next to white space, punctuation or a digit, it is dropped as the other invisible characters are
#: ("Boros\u200b-Rekrut", "7\u200b01.19" is the rule number 701.19, "104.3\u200bf" is 104.3f).
_ZWSP_BETWEEN = re.compile(r"(?<=[^\W\d_])\u200b+(?=[^\W\d_])")
#: Combining marks (what :func:`strip_marks` drops after NFKD).
_MARKS = _char_filter(lambda ch: unicodedata.combining(ch) != 0)


def _ascii_digit(ch: str) -> int:
    """The code of ``ch``'s ASCII digit when ``ch`` is a Unicode decimal digit (category Nd: Arabic-Indic ``٧``,
    Devanagari ``७``, Bengali, Thai, …; ``int("٧")`` reads it as 7), else ``ch``'s own code. NFKC already reads the
    full-width ``７`` and the mathematical ``𝟕`` so."""
    value = unicodedata.decimal(ch, None)
    return ord(ch) if value is None else 0x30 + value


#: The one rule for digits in typed text (:func:`clean`): every decimal digit of Unicode is read as its ASCII digit.
_DIGITS = _CharTable(_ascii_digit)


def spaced_zwsp(text: str) -> str:
    """``text`` with each run of zero-width spaces between two letters made a space (:data:`ZWSP`, a word boundary:
    ``was\u200bmacht`` → ``was macht``); the other zero-width spaces stay for the caller to drop (``7\u200b01.19``)."""
    return _ZWSP_BETWEEN.sub(" ", text) if "\u200b" in text else text


#: A run of combining diacritical marks (the blocks U+0300–036F, U+1AB0–1AFF, U+1DC0–1DFF, U+20D0–20FF,
#: U+FE20–FE2F) right after a Latin letter: after NFKC such a mark is one that letter has no composed form with
#: (``r`` + U+0308; ``U`` + U+0308 is ``Ü`` already), which no German word and no card name holds.
_LOOSE_MARKS = re.compile(r"(?<=[A-Za-z\u00c0-\u024f\u1e00-\u1eff])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff"
                          r"\u20d0-\u20ff\ufe20-\ufe2f]+")


#: A zero-width joiner inside an emoji sequence: after a pictograph (or its skin tone or variation selector) and
#: before the next pictograph (👨‍👩‍👧, 🏳️‍🌈); the pattern for the ``regex`` module, compiled by :func:`emoji_joiner`.
EMOJI_JOINER = r"(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200d(?=\p{Extended_Pictographic})"


@functools.cache
def emoji_joiner() -> regex.Pattern[str]:
    """:data:`EMOJI_JOINER` compiled (the ``regex`` module imported at the first text holding a ZWJ)."""
    import regex

    return regex.compile(EMOJI_JOINER)


#: A terminal's control sequence (ECMA-48 CSI: ESC, „[“, parameters, a final letter; ``\x1b[31m`` colours red), as a
#: text pasted from a terminal carries it: it shows nothing, so it is dropped whole, its „[31m“ with its ESC.
_TERMINAL = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


def _without_controls(text: str) -> str:
    """``text`` with its control characters (category Cc) as spaces and the other characters of :data:`_CONTROLS`
    dropped, but for a ZWJ inside an emoji sequence (:data:`EMOJI_JOINER`): the sequence is one character on the
    screen (👨‍👩‍👧, UAX #29's grapheme cluster), echoed whole; the word reader (:func:`tokens`) reads a ZWJ as a
    separator anyway, so no word changes."""
    pieces = emoji_joiner().split(text) if "\u200d" in text else [text]
    return "\u200d".join(piece.translate(_CONTROL_SPACES).translate(_CONTROLS) for piece in pieces)


def clean(text: str) -> str:
    """NFKC-normalise, drop a terminal's control sequences whole (:data:`_TERMINAL`: ``Boros-Rekrut\x1b[31m`` is
    ``Boros-Rekrut``), read the other control characters (category Cc) as spaces, drop the other invisible characters
    and collapse white space; every decimal digit of Unicode is read as its ASCII digit (``٧٠٢.١٩`` → ``702.19``, as
    NFKC reads the full-width ``７０２．１９``); a zero-width space
    (:data:`ZWSP`) between two letters separates them as a space does (``was\u200bmacht`` → ``was macht``,
    ``ausgraben\u200boder`` → ``ausgraben oder``) and is dropped elsewhere (``spuk\u200b,\u200bausgraben`` →
    ``spuk,ausgraben``); the other zero-width characters are dropped (``Fe\u00adhde`` → ``Fehde``).

    Combining marks are read as the name index reads them (:func:`name_keys`, :func:`strip_marks`), so every command
    reads a typed name alike: composed (NFKC: ``U`` + U+0308 is ``Ü``; again after an invisible character between
    them was dropped: ``U\u00ad\u0308ber`` is ``Über``), and a mark that composes with no Latin letter it follows is
    dropped (:data:`_LOOSE_MARKS`: ``Bor\u0308os-Rekrut`` is ``Boros-Rekrut`` for ``/frage`` as for ``/karte``;
    before, ``/frage`` read the words „bor“ and „os“). Unicode's canonical form (UAX #15); marks of other scripts
    (Devanagari, Hebrew, …) stay.

    A zero-width joiner stays only inside an emoji sequence (:data:`EMOJI_JOINER`: 👨‍👩‍👧 is echoed as typed, not as
    three faces). Returns a display-safe string (no NUL, no other zero-width joiners, no bidi overrides).
    """
    text = spaced_zwsp(unicodedata.normalize("NFKC", text))
    if not text.isascii():  # every decimal digit read as its ASCII digit: ``٧٠٢.١٩`` is ``702.19`` (:data:`_DIGITS`)
        text = text.translate(_DIGITS)
    if not text.isprintable():  # a printable text has no character of the categories C* (nothing to drop)
        text = _without_controls(_TERMINAL.sub("", text) if "\x1b" in text else text)
        if not text.isascii():  # a mark that an invisible character kept from its letter composes with it now
            text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = _LOOSE_MARKS.sub("", text)
    return " ".join(text.split())


#: One user-perceived character (an extended grapheme cluster, Unicode UAX #29): a letter with its marks, an emoji
#: with its skin tone or variation selector, a flag (two regional indicators), a ZWJ sequence (👨‍👩‍👧). Flags are
#: taken as pairs first: the same clusters (a run of regional indicators pairs up from its start), but ``\X`` alone
#: counts the indicators before each one again (a run of 6 000 took 0.2 s; so it stays linear). The pattern for the
#: ``regex`` module (Python's ``re`` has no ``\X``), compiled by :func:`grapheme`.
GRAPHEME = r"\p{Regional_Indicator}{2}|\X"


@functools.cache
def grapheme() -> regex.Pattern[str]:
    """:data:`GRAPHEME` compiled, with the ``regex`` module imported at the first call: most text is cut between
    two ASCII characters (:func:`cut`) and never needs it, and importing it costs a one-shot ``call`` ~5 ms."""
    import regex

    return regex.compile(GRAPHEME)


def cut(text: str, limit: int) -> str:
    """The longest start of ``text`` with at most ``limit`` characters (code points, as ``len`` counts) that ends
    between two grapheme clusters (:func:`grapheme`), so a cut never splits a flag, a skin tone from its emoji, a
    ZWJ sequence or a letter from its accent: ``cut("ab🇩🇪", 3)`` → ``"ab"``. ``text`` itself when it fits."""
    if len(text) <= limit:
        return text
    if limit <= 0:
        return ""
    pair = text[limit - 1 : limit + 1]
    if pair.isascii() and pair != "\r\n":  # between two ASCII characters is always a boundary, except CR LF
        return text[:limit]
    end = 0
    for m in grapheme().finditer(text, 0, limit + 1):
        if m.end() > limit:
            break
        end = m.end()
    return text[:end]


def shorten(text: str, limit: int) -> str:
    """``text`` on one line (white space collapsed), cut to ``limit`` characters ending in ``…`` (at a grapheme
    boundary, :func:`cut`)."""
    one = " ".join(text.split())
    return one if len(one) <= limit else cut(one, limit - 1) + "…"


def strip_marks(text: str) -> str:
    """``text`` NFKD-decomposed without combining marks: ``"Fähigkeit"`` → ``"Fahigkeit"`` (``ß`` stays)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return decomposed if decomposed.isascii() else decomposed.translate(_MARKS)


# --- card names (bot.search, bot.terms) ----------------------------------------------------------

_UMLAUT_AE = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
#: Discord's markdown wrappers (`` `code` ``, ``||spoiler||``, ``**bold**``, ``_italic_``, ``~~strike~~``) and
#: spaces: what ``text.strip(MARKDOWN_WRAPPERS)`` takes off a pasted rule number or mana cost (names drop them as
#: separators, :data:`NAME_SEPARATORS`).
MARKDOWN_WRAPPERS = "`|*_~ "
#: A whole text inside one pair of Discord's markdown wrappers, the wrapper not repeated inside; white space just
#: inside the pair is allowed here (``~~ {G} ~~``), as Discord shows it.
_WHOLE = re.compile(r"(\|\||\*{1,3}|_{1,2}|~~|`{1,3})((?:(?!\1).)+)\1", re.S)
#: A span of a text inside one pair of Discord's markdown wrappers (spoiler, bold/italic, underline, strike, code),
#: the wrapper not repeated inside (``*a*, *b*`` is two wrapped spans), the span standing apart: at the text's start
#: or after white space or a list's separator (``,;+:=()``), and up to the end or one of these or a sentence's end
#: mark, with no white space just inside the pair (as Discord reads it). A mark inside a word stays: ``G*`` and
#: ``{G*}`` are snow mana (CR 107.4h), ``a**b**c`` is no span.
_SPAN_EDGE = r"\s,;+:=()"
_WRAPPED = re.compile(
    rf"(?<![^{_SPAN_EDGE}])(\|\||\*{{1,3}}|_{{1,2}}|~~|`{{1,3}})(?=\S)((?:(?!\1).)+?)(?<=\S)\1(?![^{_SPAN_EDGE}.!?])",
    re.S)
#: How many wrappers deep a span is unwrapped (``***_~~grün~~_***`` is three): Discord's wrappers are six kinds.
_WRAP_DEPTH = 8


def unwrapped(text: str) -> str:
    """``text`` without white space around it and without the pairs of Discord's markdown wrappers around any of its
    spans that stand apart (:data:`_WRAPPED`): the whole (``**{1}**``, ``||{2}||``, `` `{1}` `` → ``{1}``/``{2}``,
    ``***_grün_***`` → ``grün``) and each entry of a list or alternative as a calculator splits it (``**0:17**,
    **2:3**`` → ``0:17, 2:3``; ``3x **Boros-Rekrut**``; ``**{R}** oder **{G}**``; ``grün, __weiß__``). A mark on
    one side only stays (``G*`` is snow mana, CR 107.4h, not italics), and so do marks inside a word. Linear in the
    text's length for each of at most :data:`_WRAP_DEPTH` passes (a span's scan ends at its wrapper's next mark)."""
    text = text.strip()
    while (found := _WHOLE.fullmatch(text)) is not None:
        text = found.group(2).strip()
    for _ in range(_WRAP_DEPTH):
        bare = _WRAPPED.sub(r"\2", text)
        if bare == text:
            break
        text = bare
    return text.strip()


#: What separates a name's words and is dropped from its keys: white space, dashes, apostrophes, punctuation, and
#: Discord's markdown wrappers (`` `code` ``, ``||spoiler||``, ``**bold**``, ``_italic_``, ``~~strike~~``), so a name
#: pasted in any of them is read as typed plainly (no card name holds ``|*_~``).
NAME_SEPARATORS = re.compile(r"[\s\-‐‑‒–—―'’‘`´,.:;!?\"„“”«»()|*_~]+")
#: Slashes with the spaces around them: a split card's ``//`` however typed (``Krims//Krams``, ``Krims / Krams``).
NAME_SLASHES = re.compile(r"\s*/+\s*")


def name_words(text: str) -> list[str]:
    """The words of a name in folded form (``ä`` → ``a``): ``"Chor des Konklave"`` → chor, des, konklave."""
    folded = strip_marks(clean(text).casefold().replace("ß", "ss"))
    folded = NAME_SLASHES.sub(" ", folded)
    return [w for w in NAME_SEPARATORS.split(folded) if w]


def name_keys(text: str) -> tuple[str, ...]:
    """Compact keys of a name: ``ä``→``ae`` and ``ä``→``a`` variants, separators removed.

    ``"Überstimmen"`` → ``("ueberstimmen", "uberstimmen")``; ``"Forschung // Entwicklung"`` →
    ``("forschung/entwicklung",)``. Returns one key when both variants agree; () for blank input.
    """
    base = clean(text).casefold()
    base = NAME_SLASHES.sub("/", base)
    variants = []
    for variant in (base.translate(_UMLAUT_AE), strip_marks(base.replace("ß", "ss"))):
        key = NAME_SEPARATORS.sub("", strip_marks(variant))
        if key and key not in variants:
            variants.append(key)
    return tuple(variants)


def name_spellings(text: str) -> list[str]:
    """The words of a name as the FTS tokens (:func:`tokens`: ``ä`` → ``a``, ``ß`` kept) and, after them, in the
    other spellings the card-name index reads (:func:`name_keys` of each word: ``ß`` as ``ss``, ``ä`` as ``ae``),
    each once: ``"Gefräßig"`` → gefraßig, gefraessig, gefrassig. For the completers' prefix tables, made once per
    table; a typed word then needs only :func:`sharp_s`."""
    return list(dict.fromkeys([*tokens(text), *(k for w in NAME_SEPARATORS.split(clean(text)) for k in name_keys(w))]))


def sharp_s(words: Iterable[str]) -> list[str]:
    """Folded typed ``words`` with ``ß`` as ``ss``, as the card-name index reads it (``"gefraß"`` → ``"gefrass"``)."""
    return [w.replace("ß", "ss") for w in words]


_AOU = str.maketrans({"ä": "a", "ö": "o", "ü": "u"})


def name_folds(text: str) -> tuple[tuple[str, ...], list[str]]:
    """``(name_keys(text), name_words(text))``, the text cleaned and case-folded once. A text that folds to ASCII
    letters and ``ä ö ü`` (German as typed: ``ß`` case-folds to ``ss``) takes a short way with the same result:
    there NFKD only splits the umlauts into letter and mark, so dropping the marks is ``ä`` → ``a``; any other text
    goes through both functions."""
    base = clean(text).casefold()
    plain = base.translate(_AOU)
    if not plain.isascii():
        return name_keys(text), name_words(text)
    slash = "/" in plain  # NAME_SLASHES matches only where a slash is (most typed names have none)
    short = NAME_SEPARATORS.sub("", NAME_SLASHES.sub("/", plain) if slash else plain)
    if plain == base:
        keys: tuple[str, ...] = (short,) if short else ()
    else:
        long = NAME_SEPARATORS.sub("", (NAME_SLASHES.sub("/", base) if slash else base).translate(_UMLAUT_AE))
        keys = tuple(dict.fromkeys(k for k in (long, short) if k))
    return keys, [w for w in NAME_SEPARATORS.split(NAME_SLASHES.sub(" ", plain) if slash else plain) if w]


# --- the documents' full-text search (bot.textsearch) ---------------------------------------------

_TOKEN = re.compile(r"[^\W_]+")


def fold(text: str) -> str:
    """Lower-case ``text`` and strip diacritics like the FTS tokenizer (``"Fähigkeit"`` → ``"fahigkeit"``).

    ``ß`` is kept (unicode61 keeps it); NFKC first, so compatibility forms and combining marks meet.
    """
    return strip_marks(unicodedata.normalize("NFKC", text).lower())


def tokens(text: str) -> list[str]:
    """The FTS tokens of ``text``: runs of letters and digits, folded (see :func:`fold`)."""
    return _TOKEN.findall(fold(clean(text)))


def canonical(word: str) -> str:
    """A folded token in one spelling for comparisons: ``ß`` → ``ss``, ``ae``/``oe``/``ue`` → ``a``/``o``/``u``
    (``"prioritaet"`` and ``"prioritat"`` meet; used to match synonym patterns)."""
    word = word.replace("ß", "ss")
    # The same as re.sub(r"([aou])e", r"\1", word), 8× faster (a template with a group is parsed by Python at each
    # call): the pairs cannot overlap (an ``e`` is no ``a``/``o``/``u``), and dropping an ``e`` makes no new ``ae``,
    # ``oe`` or ``ue`` for a later pass (``aee`` → ``ae``, as the one pass leaves it; tests/test_text_folding.py).
    return word.replace("ae", "a").replace("oe", "o").replace("ue", "u") if "e" in word else word


# --- numbers shown to players --------------------------------------------------------------------


def german_int(n: int) -> str:
    """An integer as German text shows it, in groups of three digits with the point (Duden: a number of five or
    more digits is grouped, one of four need not be): ``182104`` → ``"182.104"``, ``2000000`` → ``"2.000.000"``,
    ``-9007199254740992`` → ``"-9.007.199.254.740.992"``; ``1000`` and ``2026`` stay as they are. The one formatter
    of every large number an answer shows (life, age counters, payments, combinations, the ranges of options)."""
    return str(n) if -10_000 < n < 10_000 else f"{n:,}".replace(",", ".")


# --- Comprehensive Rules (bot.importer.cr, bot.answers.official) -----------------------------------

# Folding for search: the 2026 file uses curly quotes and dashes, the 2010 file straight ones.
_FOLD = str.maketrans(
    {
        "‘": "'", "’": "'", "‚": "'", "‛": "'",
        "“": '"', "”": '"', "„": '"', "‟": '"', "«": '"', "»": '"',
        "–": "-", "—": "-", "−": "-", "‐": "-", "‑": "-",
        "\u00a0": " ",
    }
)


def normalise_for_search(text: str) -> str:
    """Fold ``text`` for searching: straight quotes and hyphens, NFKC, casefolded, single spaces.

    The stored rule text keeps the publisher's curly quotes; search compares folded forms, so
    ``“Clash with an opponent”`` (2026) and ``"Clash with an opponent"`` (2010) match.
    """
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return " ".join(text.casefold().split())


# --- word lists ----------------------------------------------------------------------------------

#: German function words a search drops unless nothing else is left (the documents' full-text search) or
#: that would only narrow a search of the Comprehensive Rules to the German explanations beside them.
GERMAN_STOP_WORDS = frozenset(
    (
        "der", "die", "das", "den", "dem", "des",
        "ein", "eine", "einen", "einem", "einer", "eines",
        "und", "oder", "mit", "von", "vom", "zu", "zum", "zur", "in", "im", "ins", "am", "an", "auf", "aus",
        "für", "bei", "bis", "als",
        "ist", "sind", "wird", "werden", "wurde", "kann", "darf", "muss",
        "was", "wie", "wer", "wenn", "ob", "dann", "so", "auch", "noch", "nur",
        "nicht", "kein", "keine",
        "es", "er", "sie", "ich", "du", "man", "sich",
    )
)
#: The one stop-word list: the German function words and the English ones users mix in. The search of
#: the (English) Comprehensive Rules drops only :data:`GERMAN_STOP_WORDS` of it.
STOP_WORDS = GERMAN_STOP_WORDS | frozenset(("the", "a", "of", "to", "is", "and", "or", "on"))

#: German month names in calendar order (``"30. August 2005"``). Kept rather than babel: twelve fixed words that the
#: importer reads and the answers write in one spelling; babel would add 36 MB of CLDR locale data for them.
GERMAN_MONTHS = (
    "Januar", "Februar", "März", "April", "Mai", "Juni",
    "Juli", "August", "September", "Oktober", "November", "Dezember",
)
#: The German articles a sentence puts before a name or noun („der Boros-Rekrut“, „den Goblin“, „eines Elfen“), as
#: an alternation of a regular expression.
ARTICLE_WORDS = "der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines"
#: A German article at the start of a typed card name, with the white space after it, before the name
#: (:meth:`bot.search.NameIndex.lookup`: „der Boros-Rekrut“ is Boros-Rekrut).
LEADING_ARTICLE = re.compile(rf"(?i)(?:{ARTICLE_WORDS})\s+(?=\S)")
