"""Words of a text for the documents' search: tokens, rule-number terms and Snowball stems in one spelling.

The first steps of :mod:`bot.analysis` (which re-exports these names): what a word is, how a rule number becomes
one full-text token, and the stemmer with its folding of umlauts and ß. Nothing here imports discord or the store.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from functools import lru_cache

import Stemmer

from bot.text import INVISIBLE, ZERO_WIDTH, canonical, strip_marks
from bot.text import fold as fold_text

#: Most tokens read from one text (a 6 000-character question has about 1 000).
MAX_TOKENS = 1200

#: :data:`bot.text.INVISIBLE` as :func:`tokens` reads it: a zero-width character (:data:`bot.text.ZERO_WIDTH`) is
#: dropped, so "Bib\u00adliothek" is one word; the zero-width space (a word boundary), a bidi mark, override or isolate
#: (U+200E/F, U+202A–202E, U+2066–2069) and the ZWJ separate words, as the echo of the question shows them
#: (:func:`bot.reply.one_line`: "was ist\u202eeinberufen" is echoed and searched as "was ist einberufen").
_INVISIBLE_WORDS = {c: None if c in ZERO_WIDTH else " " for c in INVISIBLE}

_TOKEN = re.compile(r"\{[0-9a-zA-Z/]{1,5}\}|\d{3}\.\d+[a-z]?|[^\W_]+")
_INVISIBLE_FOUND = re.compile("[" + "".join(map(chr, INVISIBLE)) + "]")
_NOT_SYMBOL = re.compile(r"[^0-9a-z]")
#: Texts up to this many characters are split in one pass (:func:`tokens`); longer ones token by token.
_ALL_AT_ONCE = 50_000
#: A token that is a rule number (``702.19a``).
NUMBER = re.compile(r"^\d{3}\.\d+[a-z]?$")

_GERMAN = Stemmer.Stemmer("german")
_ENGLISH = Stemmer.Stemmer("english")


def tokens(text: str, limit: int = MAX_TOKENS) -> list[str]:
    """Lower-cased word tokens of ``text`` (umlauts kept), rule numbers (``702.19a``) and mana symbols
    (``{R/W}`` → ``mrw``; a bare ``X`` is the cost's ``{X}``, ``mx``: "Blutdurst X", "was ist X"), at most
    ``limit`` (and at least the first)."""
    # NFKC, the zero-width characters dropped and bidi controls read as spaces (_INVISIBLE_WORDS); other control
    # characters separate words like any non-letter. Every invisible character is outside ASCII.
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii() and _INVISIBLE_FOUND.search(text):
        text = text.translate(_INVISIBLE_WORDS)
    text = text.lower()
    plain = _as_latin1(text) if len(text) <= _ALL_AT_ONCE and "{" not in text and _no_rule_number(text) else None
    if plain is not None:
        # No mana symbol, no rule number, Latin-1 only but for separators (most texts): a token is a run of letters
        # and digits, which a byte translation and a split find several times faster than the regex engine (the
        # same tokens).
        out = plain.encode("latin-1").translate(_SEPARATORS).decode("latin-1").split()
        del out[max(limit, 1) :]
    elif len(text) <= _ALL_AT_ONCE:  # every token in one call of the regex engine, then cut
        out = _TOKEN.findall(text)
        del out[max(limit, 1) :]
    else:  # a long text: read no further than the limit
        out = [m.group(0) for m in itertools.islice(_TOKEN.finditer(text), max(limit, 1))]
    if "{" in text:
        out = ["m" + _NOT_SYMBOL.sub("", t) if t.startswith("{") else t for t in out]  # {R/W} → mrw
    if "x" in out:
        out = ["mx" if t == "x" else t for t in out]
    return out


#: Every Latin-1 character that is no letter or digit (``[^\W_]`` of :data:`_TOKEN`: ``str.isalnum``) → a space.
_NOT_WORD = bytes(c for c in range(256) if not chr(c).isalnum())
_SEPARATORS = bytes.maketrans(_NOT_WORD, b" " * len(_NOT_WORD))


#: Characters outside Latin-1 that the documents and card files write most (a card's type line „Kreatur — Elf“,
#: German quotes, the en dash): none is a letter or digit, so each separates words as a space does.
_SEPARATORS_BEYOND = ("\u2014", "\u201e", "\u201c", "\u2013", "\u201d", "\u2019", "\u201a", "\u2018")


def _as_latin1(text: str) -> str | None:
    """``text`` with :data:`_SEPARATORS_BEYOND` as spaces when the rest is Latin-1 (:func:`_latin1`), else None: the
    same tokens (the regex's ``[^\\W_]+`` splits at each of them), read by the byte translation."""
    if text.isascii():
        return text
    for separator in _SEPARATORS_BEYOND:
        if separator in text:
            text = text.replace(separator, " ")
    return text if _latin1(text) else None


def _latin1(text: str) -> bool:
    """True when every character of ``text`` is in Latin-1 (U+0000–U+00FF)."""
    if text.isascii():
        return True
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _no_rule_number(text: str) -> bool:
    """True when no token of ``text`` can be a rule number (``702.19a``: no dot with a digit on either side)."""
    at = text.find(".")
    while at != -1:
        if at > 0 and text[at - 1].isdigit() and text[at + 1 : at + 2].isdigit():
            return False
        at = text.find(".", at + 1)
    return True


def number_term(number: str) -> str:
    """The term of a rule number: ``"702.19a"`` → ``"r702x19a"`` (one FTS5 token)."""
    return "r" + number.replace(".", "x")


def numbers_in(text: str) -> list[str]:
    """Rule numbers written in ``text`` (``702.19a``), in order, each once."""
    return list(dict.fromkeys(t for t in tokens(text) if NUMBER.match(t)))


@lru_cache(maxsize=1 << 16)
def snowball(word: str, language: str = "de") -> str:
    """The Snowball stem of a lower-case word, folded (``"zaubersprüche"`` → ``"zauberspruch"``)."""
    if language == "en":
        return fold(_ENGLISH.stemWord(word))
    for word_end, stem_end in _STEM_EXCEPTIONS:
        if word.endswith(word_end):
            return fold(word[: len(word) - len(word_end)] + stem_end)
    return fold(_GERMAN.stemWord(word))


#: Endings Snowball would conflate with another word: "Spieler" (player) is no form of "spielen" (play).
_STEM_EXCEPTIONS = (("spielern", "spieler"), ("spielers", "spieler"), ("spieler", "spieler"))


def fold(word: str) -> str:
    """A stem in one spelling: marks stripped, ``ß`` → ``ss``, ``ae``/``oe``/``ue`` → ``a``/``o``/``u``."""
    return canonical(strip_marks(word))


#: How a German word is typed without umlauts or „ß“, each pair with the letter it stands for: the one table of
#: :func:`restore_umlauts`, the number words (:func:`bot.number_words.german_number`) and the console's names
#: (:func:`bot.console.names_of`).
UMLAUT_SPELLINGS = (("ae", "ä"), ("oe", "ö"), ("ue", "ü"), ("ss", "ß"))


def restore_umlauts(word: str) -> list[str]:
    """Spellings of ``word`` with ``ae``/``oe``/``ue`` as umlauts and ``ss`` as ``ß`` (:data:`UMLAUT_SPELLINGS`; each
    variant once, at most 15: each pair replaced everywhere or nowhere)."""
    out = [word]
    for plain, umlaut in UMLAUT_SPELLINGS:
        out += [w.replace(plain, umlaut) for w in out if plain in w]
    return list(dict.fromkeys(out[1:]))


def term_stem(word: str) -> str:
    """``word`` as the store's analysed terms hold it (:attr:`bot.ranking.Ranker.term_weights`): lower case without
    marks (:func:`bot.text.fold`), in one spelling (:func:`bot.text.canonical`), Snowball's German stem
    (:func:`snowball`): „Trampelschaden“ → ``trampelschad``, „einberufene“ → ``einberuf``."""
    return snowball(canonical(fold_text(word)))


__all__ = ["MAX_TOKENS", "NUMBER", "UMLAUT_SPELLINGS", "fold", "number_term", "numbers_in", "restore_umlauts",
           "snowball", "term_stem", "tokens"]
