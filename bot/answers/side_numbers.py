"""The numbers of a comparison's sides and of the passages that may answer them (:mod:`bot.answers.compared`).

A number is read whole, as typed: „20,5“, „20.000“ and „-20“ are one number each, never „20“ and „5“ (nor „-20“
the 20 of 103.4's „mit 20 Lebenspunkten“); a rule number („702.19“) is a number too, which
:func:`bot.answers.compared.read_sides` reads as the rule. A passage states a number where it stands on its own in its
sentences — not as the step of a numbered list (000:11, Fehde's steps „7.“ and „8.“ state no 7 and no 8), not inside
a P/T („+1/+1“) or a word („2005er“) — or writes it as a German number word („normalerweise sieben“ → 7,
„siebenhundert“ → 700; a number word the reader cannot parse is no number). Pure functions.
"""

from __future__ import annotations

import re

from bot.number_words import GERMAN_NUMBERS, german_number
from bot.stopwords import NUMBER_WORDS

#: A number as typed: digits with their decimal or thousands separators and a leading minus („20,5“, „20.000“,
#: „-20“, „−1“), standing on its own (no piece of a word, a P/T or a mana symbol's sign: „2005er“, „+1/+1“).
NUMBER = re.compile(r"(?<![\w+\-−/.,:])[-−]?\d+(?:[.,]\d+)*(?![\w/]|[.,:]\d)")
#: A step of a numbered list: a number with a dot or a bracket at the start of a line („7. Der Fehdenzauberspruch
#: …“, 000:11), no number the passage states.
_LIST_ITEM = re.compile(r"^[ \t]*\d+[.)](?=\s)", re.MULTILINE)
#: A rule number's shape (CR 100.1: three digits, a dot, the rule's number, a subrule's letter): „702.19“, „104.3f“.
RULE = re.compile(r"[1-9][0-9]{2}\.[1-9][0-9]*[a-z]?")
#: A word of a text, for its number words.
_WORD = re.compile(r"[^\W\d_]+")
#: Placeholders of a number the comparison reader would cut apart: plain digits, so a masked number is read as
#: „20“ is (:func:`masked`).
_PLACEHOLDER = "98765{}1"


def _word_number(word: str) -> str | None:
    """The digits a number word stands for: the words of :data:`bot.stopwords.NUMBER_WORDS` (the table the
    analyser reads), and a compound beyond it (:func:`bot.number_words.german_number`: „siebenhundert“, „fünfzig“);
    „ein“, „eins“, „eine“ and „einen“ alone are none (an article)."""
    low = word.casefold().replace("ss", "ß")
    if low in NUMBER_WORDS:
        return NUMBER_WORDS[low]
    value = german_number(low) if GERMAN_NUMBERS.get(low) != 1 else None
    return str(value) if value is not None else None


def stated_numbers(text: str) -> frozenset[str]:
    """The numbers ``text`` states, each whole as written with „−“ read as „-“ (:data:`NUMBER`: „20,5“, „20.000“,
    „-20“; a rule number „702.19“ or a date is one number of its own, never its pieces) and each number word as
    digits („normalerweise sieben“ → ``"7"``, „siebenhundert“ → ``"700"``); a numbered list's step states none
    (:data:`_LIST_ITEM`). ``"6,3 × 8,8 cm"`` states ``{"6,3", "8,8"}``, no 8."""
    text = _LIST_ITEM.sub("", text).replace("−", "-")
    words = (_word_number(w) for w in _WORD.findall(text))
    return frozenset(NUMBER.findall(text)) | {w for w in words if w is not None}


def masked(question: str) -> tuple[str, dict[str, str]]:
    """``question`` with each number a comparison's reader would cut apart (a decimal, thousands separator or leading
    minus: „20,5“, „20.000“, „-20“, „702.19“) replaced by a placeholder of plain digits, and the placeholders with
    the numbers as typed; ``(question, {})`` when it has none or holds a placeholder's digits itself."""
    marks: dict[str, str] = {}

    def mark(m: re.Match[str]) -> str:
        if m.group().isdigit():
            return m.group()
        marks[key := _PLACEHOLDER.format(len(marks))] = m.group()
        return key
    text = NUMBER.sub(mark, question)
    return (question, {}) if not marks or _PLACEHOLDER[:5] in question else (text, marks)


def unmasked(text: str, marks: dict[str, str]) -> str:
    """``text`` (a side read from :func:`masked`'s question) with each placeholder the number as typed, also inside a
    word the reader kept whole („-20-leben“)."""
    for key in sorted(marks, key=len, reverse=True):  # „98765111“ before „9876511“, which it holds
        text = text.replace(key, marks[key])
    return text


def number_key(number: str) -> tuple[float, str]:
    """An order of numbers as :func:`stated_numbers` writes them: by value read the German way („-20“ < „7“ < „20,5“
    < „20.000“, a dot separating thousands), then as written."""
    plain = number.replace(".", "").replace(",", ".", 1)
    try:
        return float(plain), number
    except ValueError:
        return float("inf"), number


__all__ = ["NUMBER", "RULE", "masked", "number_key", "stated_numbers", "unmasked"]
