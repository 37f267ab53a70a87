"""Function words a text names as words: a stop word in quotation marks is what the text is about.

003:339 explains „Die Wörter „du“ und „dein“ auf einem Objekt meinen dessen Beherrscher …“ (CR 109.5), 001's
Einziehen ruling „Jedes Vorkommen von „du“ im Text dieses Zauberspruchs …“; a player asks „wen meint 'du' auf einer
karte“. „du“ is a stop word (:data:`bot.stopwords.STOP_WORDS`), so neither the question nor the passages would give
it a term, and the question would be read as „meint … karte“ only. A single word between quotation marks that is a
stop word (or a run of up to three, „kann nicht“ in 003:35) gives the term :func:`quoted_term` of it, in passages
and questions alike (:mod:`bot.analysis`); the word's unquoted use still gives nothing, so the term is as rare as the
quoting (three passages of the documents).

Pure; bounded by the text's length (one regular-expression pass, only over a text holding a quotation mark).
"""

from __future__ import annotations

import re
from collections.abc import Container

from bot.comparison_frame import LISTED
from bot.stopwords import STOP_WORDS
from bot.words import fold

#: Marks that open or close a quotation, German („…“, ‚…‘, »…«, «…» and ‹…› as Swiss German writes them), English
#: ("…", '…', “…”), the corner brackets of a Japanese or Chinese keyboard (「…」, 『…』, as a phone's quote key may
#: give them), and the backtick: Discord's inline code (`du`) is how its users mark a word they talk about.
_MARKS = "„“”\"'‚‘’»«›‹`「」『』"
#: One to three words of letters (at most 15 each, one space apart) between two quotation marks, not inside a word
#: (the apostrophe of „can't“ quotes nothing): „du“, „kann nicht“ (003:35 „der „kann nicht“-Effekt“).
_QUOTED = re.compile(rf"(?<!\w)[{_MARKS}]([^\W\d_]{{1,15}}(?: [^\W\d_]{{1,15}}){{0,2}})[{_MARKS}](?!\w)")
#: Prefix of the term of a quoted stop word (no stem begins so; concept ids begin with ``zz``).
PREFIX = "zq"


def quoted_term(word: str) -> str:
    """The term of a quoted stop word ``word`` (lower case; a run of them one space apart, its words joined):
    ``du`` → ``zqdu``, ``kann nicht`` → ``zqkannnicht``."""
    return PREFIX + fold(word.replace(" ", ""))


def _stop_words(quoted: str) -> bool:
    """True when every word of ``quoted`` (lower case, one space apart) is a stop word."""
    return all(w in STOP_WORDS for w in quoted.split(" "))


def quoted_terms(text: str) -> list[str]:
    """The terms (:func:`quoted_term`) of the stop words ``text`` quotes as single words (or runs of up to three,
    „kann nicht“), each once, in order:
    „Die Wörter „du“ und „dein“ …“ → ``["zqdu", "zqdein"]``; „Du kannst …“ (a quoted sentence) → ``[]``."""
    # Most texts quote nothing: an ASCII text (a card file's every text) holds only the straight marks and the
    # backtick, three searches in C; any other text is searched for each mark by map, in C too (no generator per
    # text: 430 000 passage texts and titles of 100 000 printings each ask).
    if text.isascii():
        if '"' not in text and "'" not in text and "`" not in text:
            return []
    elif not any(map(text.__contains__, _MARKS)):
        return []
    found = (w.lower() for w in _QUOTED.findall(text))
    return list(dict.fromkeys(quoted_term(w) for w in found if _stop_words(w)))


def unquoted(text: str, documents: Container[str]) -> str:
    """``text`` with the quotation marks taken from each quoted stop word (or run of them) that is no term of the
    documents (its :func:`quoted_term` not in ``documents``, the terms of the store) or that joins a comparison's sides
    (:data:`bot.comparison_frame.LISTED`): the word is then read as if unquoted, and the rest of the text keeps its
    reading. ``spuk "oder" ausgraben`` → ``spuk oder ausgraben`` (still a comparison), ``was „ist“ spuk`` → ``was ist
    spuk`` (before, the unknown term „ist“ quoted hedged the answer); ``wen meint 'du'`` stays (003:339 quotes „du“).
    Bounded as :func:`quoted_terms` (one regular-expression pass, only over a text holding a quotation mark)."""
    if not any(map(text.__contains__, _MARKS)):
        return text

    def read(m: re.Match[str]) -> str:
        word = m.group(1).lower()
        if _stop_words(word) and (word in LISTED or quoted_term(word) not in documents):
            return m.group(1)
        return m.group(0)

    return _QUOTED.sub(read, text)


__all__ = ["PREFIX", "quoted_term", "quoted_terms", "unquoted"]
