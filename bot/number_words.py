"""German number words read as numbers: the one reader of the mana commands' costs (:mod:`bot.rules.mana.spoken`,
„zwei weiß“) and of the numbers a comparison's sides and passages state (:mod:`bot.answers.side_numbers`,
„normalerweise sieben“). Pure functions, no I/O.

A number word is a word of :data:`GERMAN_NUMBERS` („sieben“, „zwölf“, „dreißig“, spelled with „ae“, „oe“, „ue“ or
„ss“ as well: „fuenf“, „dreissig“) or a compound of them the German way: the unit before „und“ and the tens
(„dreiundzwanzig“ = 23), the hundreds and thousands before the rest („siebenhundert“ = 700, „zweitausendfünf“ =
2005, „einhundert“ = 100, „einhunderttausend“ = 100000), each power once.
"""

from __future__ import annotations

from bot.words import UMLAUT_SPELLINGS

#: German number words a player types, with their number; a number's first spelling here is the one the bot writes
#: (:data:`bot.rules.mana.colour_words.SPELLED`). The mana commands' tables of number words
#: (:data:`bot.rules.mana.colour_words.NUMBER_WORDS`, :data:`bot.rules.mana.pool.COUNT_WORDS`) read it.
GERMAN_NUMBERS = {
    "null": 0, "ein": 1, "eins": 1, "eine": 1, "einen": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "fuenf": 5,
    "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "zwoelf": 12,
    "dreizehn": 13, "vierzehn": 14, "fünfzehn": 15, "fuenfzehn": 15, "sechzehn": 16, "siebzehn": 17, "achtzehn": 18,
    "neunzehn": 19, "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50, "fuenfzig": 50,
    "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90,
}  # fmt: skip
#: The units a compound begins with („ein“ of „einundzwanzig“, „zwei“ of „zweihundert“), in one spelling.
_UNITS = {"ein": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9}
#: The tens a compound ends in („zwanzig“ of „dreiundzwanzig“), in one spelling.
_TENS = {w: n for w, n in GERMAN_NUMBERS.items() if n >= 20 and "ue" not in w and "ss" not in w}


def _below_hundred(word: str) -> int | None:
    """The value of a number word below 100 in one spelling („sieben“, „eins“, „dreiundzwanzig“); None for another
    word."""
    if word in GERMAN_NUMBERS:
        return GERMAN_NUMBERS[word]
    unit, joined, tens = word.partition("und")
    return _UNITS[unit] + _TENS[tens] if joined and unit in _UNITS and tens in _TENS else None


def german_number(word: str) -> int | None:
    """The number the German number word ``word`` stands for, in any case and spelling (:data:`GERMAN_NUMBERS`,
    compounds: module doc): „zwei“ → 2, „Fuenf“ → 5, „eine“ → 1, „null“ → 0, „einundzwanzig“ → 21, „hundert“ → 100,
    „siebenhundert“ → 700, „zweitausendfünf“ → 2005, „einhunderttausend“ → 100000; None for a word that is none
    („leben“, „tausendfüßler“, „neunzehnhundert“, „tausendtausend“: a power twice). Never raises; its work grows
    with the word's length only (each power read once)."""
    key = word.casefold()
    if key in GERMAN_NUMBERS:
        return GERMAN_NUMBERS[key]
    for plain, printed in UMLAUT_SPELLINGS:  # „fuenfundzwanzig“ in the spelling of _UNITS and _TENS
        key = key.replace(plain, printed)
    return _value(key)


def _value(word: str) -> int | None:
    """:func:`german_number` of ``word`` in one spelling: the thousands before „tausend“ (a number below 1000, none
    or „ein“ for one: „einhunderttausend“, „tausend“), then what is below 1000 (:func:`_below_thousand`); each power
    once, the larger first, so „tausendtausend“ is None (no number below 1000 is „tausend“)."""
    before, thousand, rest = word.partition("tausend")
    if not thousand:
        return _below_thousand(word)
    high = 1 if before in ("", "ein") else _below_thousand(before)
    low = _below_thousand(rest) if rest else 0
    return high * 1000 + low if high and low is not None else None


def _below_thousand(word: str) -> int | None:
    """A number word below 1000 in one spelling: the hundreds before „hundert“ (a unit, none or „ein“ for one:
    „siebenhundert“, „hundert“; not „neunzehnhundert“), then the rest below 100 (:func:`_below_hundred`):
    „siebenhundertdrei“ → 703; None for another word („hunderthundert“, „tausend“)."""
    before, hundred, rest = word.partition("hundert")
    if not hundred:
        return _below_hundred(word)
    high = 1 if before in ("", "ein") else _below_hundred(before)
    low = _below_hundred(rest) if rest else 0
    return high * 100 + low if high and high < 10 and low is not None else None


__all__ = ["GERMAN_NUMBERS", "german_number"]
