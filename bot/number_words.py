"""German number words read as numbers: the one reader of the mana commands' costs (:mod:`bot.rules.mana.spoken`,
„zwei weiß“) and of the numbers a comparison's sides and passages state (:mod:`bot.answers.side_numbers`,
„normalerweise sieben“). Pure functions, no I/O.

A number word is a word of :data:`GERMAN_NUMBERS` („sieben“, „zwölf“, „dreißig“, spelled with „ae“, „oe“, „ue“ or
„ss“ as well: „fuenf“, „dreissig“) or a compound of them the German way: the unit before „und“ and the tens
(„dreiundzwanzig“ = 23), the hundreds and thousands before the rest („siebenhundert“ = 700, „zweitausendfünf“ =
2005, „einhundert“ = 100).
"""

from __future__ import annotations

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
#: The powers a compound holds, the larger first.
_POWERS = (("tausend", 1000), ("hundert", 100))
#: Spellings without umlaut or „ß“ read as the words of :data:`_UNITS` and :data:`_TENS` are spelled.
_SPELLINGS = (("ae", "ä"), ("oe", "ö"), ("ue", "ü"), ("ss", "ß"))


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
    „siebenhundert“ → 700, „zweitausendfünf“ → 2005; None for a word that is none („leben“, „tausendfüßler“,
    „neunzehnhundert“). Never raises."""
    key = word.casefold()
    if key in GERMAN_NUMBERS:
        return GERMAN_NUMBERS[key]
    for plain, printed in _SPELLINGS:
        key = key.replace(plain, printed)
    return _value(key)


def _value(word: str) -> int | None:
    """:func:`german_number` of ``word`` in one spelling."""
    for name, power in _POWERS:
        if name in word:
            before, _, after = word.partition(name)
            high = _below_hundred(before) if before not in ("", "ein") else 1
            low = (_value(after) if after else 0) if power == 1000 else (_below_hundred(after) if after else 0)
            return high * power + low if high and low is not None and (high < 10 or power == 1000) else None
    return _below_hundred(word)


__all__ = ["GERMAN_NUMBERS", "german_number"]
