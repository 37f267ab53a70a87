"""The frame of a comparison question read on its tokens (:mod:`bot.comparison`): where its sides stand.

A question is read once into tokens (:func:`tokens`: words as :mod:`bot.comparison` reads a side's words, every other
character on its own, each with whether whitespace stands before it). The frame is phrases of tokens:

* the opener „Unterschied zwischen“ (:data:`OPENERS`, :data:`BETWEEN`) with its sides joined by „und“;
* a joiner between two sides (:data:`JOINERS`: „im Vergleich zu“, „dasselbe wie“, „vs“, „oder“), each kind tried in
  this order, its first place in the question deciding;
* an opener without a joiner („unterschied spuk ausgraben“: the sides are the caller's cut);
* a frame with a side left empty (:func:`gap`: „unterschied zwischen und“, „vs spuk“, „oder spuk“, „spuk oder“).

A joiner stands between whitespace („spuk,oder ausgraben“ has none), a phrase's words apart only by whitespace;
„vs.“ is „vs“ with its dot. Pure: text in, the sides' texts (slices of it) out.
"""

from __future__ import annotations

import re
from typing import NamedTuple

#: A word (letters and digits, inner hyphens and apostrophes: „Boros-Rekrut“) or any other character but whitespace.
_TOKEN = re.compile(r"(?P<word>[^\W_]+(?:[-'][^\W_]+)*)|\S")
#: The frame's noun, and the words after it that open its sides („Unterschied zwischen A und B“); „Vergleich“ opens
#: them as well as „Unterschied“ does („Vergleich Einberufen und Pfropfen“, „Vergleich von A und B“, the imperative
#: „vergleiche A und B“), while „A im Vergleich zu B“ is a joiner (:data:`JOINERS`).
OPENERS = frozenset({"unterschied", "unterschieds", "unterschiede", "difference", "vergleich", "vergleichs",
                     "vergleiche", "comparison"})
BETWEEN = frozenset({"zwischen", "von", "between", "of"})
#: After the noun with no joiner to follow, only these open the sides („der Unterschied von Karten“ names one thing).
_BETWEEN_ALONE = frozenset({"zwischen", "between"})
#: What joins the two sides after the opener.
AND = frozenset({"und", "sowie", "and", "&"})
#: The joiners between two sides by kind, in the order tried: the first kind found decides, at its first place.
JOINERS = (
    (("im", "vergleich", "zu"), ("im", "vergleich", "mit"), ("verglichen", "mit"), ("compared", "to")),
    tuple((*same, like) for same in (("dasselbe",), ("dasgleiche",), ("das", "gleiche"), ("das", "selbe"),
                                     ("the", "same")) for like in ("wie", "as")),
    (("vs",), ("versus",)),
    (("oder",),),
)
#: The first words of each kind of :data:`JOINERS` (only a token that is one is compared further).
_FIRSTS = tuple(frozenset(words[0] for words in kind) for kind in JOINERS)
#: What joins the sides of a list inside one side („A, B oder C“, „A vs B vs C“); after a comma only the first five.
LISTED = ("und", "oder", "sowie", "or", "and", "&", "vs", "versus")
#: A question ends on one of these with its last side empty („spuk oder“).
_LAST = frozenset({"oder", "und", "or", "and", "vs", "versus"})


class Token(NamedTuple):
    """One token of a question: its text lower-cased, its place (``start``, ``end``: characters of the text), whether
    whitespace (or the text's start) stands before it, whether it is a word."""

    low: str
    start: int
    end: int
    spaced: bool
    word: bool


class Sides(NamedTuple):
    """The two sides' texts around the frame, as typed (``b`` ``""``: the side is empty), and whether „oder“ joins
    them (:func:`bot.comparison._alternatives` reads such a question further)."""

    a: str
    b: str
    oder: bool = False


def tokens(text: str) -> list[Token]:
    """The tokens of ``text`` (:class:`Token`), in order."""
    out = []
    for m in _TOKEN.finditer(text):
        start, end = m.span()
        out.append(Token(m[0].lower(), start, end, start == 0 or text[start - 1].isspace(), m.lastgroup == "word"))
    return out


def _phrase(toks: list[Token], i: int, words: tuple[str, ...]) -> int:
    """How many tokens from ``i`` on are the phrase ``words`` (each word after the first after whitespace; „vs“
    with a dot right after it takes the dot), 0 when they are not."""
    n = len(words)
    if i + n > len(toks) or any(t.low != w or (k and not t.spaced)
                                for k, (t, w) in enumerate(zip(toks[i:i + n], words, strict=True))):
        return 0
    dot = words[-1] == "vs" and i + n < len(toks) and toks[i + n].low == "." and not toks[i + n].spaced
    return n + dot


def _followed(toks: list[Token], i: int, n: int) -> bool:
    """True when a phrase of ``n`` tokens at ``i`` is followed by whitespace and a token."""
    return n > 0 and i + n < len(toks) and toks[i + n].spaced


def _opened(toks: list[Token], between: frozenset[str]) -> list[int]:
    """The places of the tokens after each opener followed by whitespace and a word of ``between`` (itself followed
    by whitespace and a token: the first side's first token)."""
    return [i + 2 for i, t in enumerate(toks[:-2])
            if t.low in OPENERS and toks[i + 1].spaced and toks[i + 1].low in between and toks[i + 2].spaced]


def framed(text: str, toks: list[Token]) -> Sides | None:
    """The two sides of ``text`` (its tokens ``toks``) around its frame: after an opener with „zwischen“ up to its
    „und“, else around the first joiner of :data:`JOINERS` (the first side from the text's start), else after an
    opener alone up to its „und“ („unterschied spuk und ausgraben“); None without any."""
    found = _anded(text, toks, _opened(toks, BETWEEN))
    if found is not None:
        return found
    for kind, firsts in zip(JOINERS, _FIRSTS, strict=True):
        for i in range(1, len(toks)):
            t = toks[i]
            n = max(_phrase(toks, i, words) for words in kind) if t.spaced and t.low in firsts else 0
            if _followed(toks, i, n):
                return Sides(text[:toks[i].start].rstrip(), text[toks[i + n].start:], kind == JOINERS[-1])
    alone = [i + 1 for i, t in enumerate(toks[:-1])
             if t.low in OPENERS and toks[i + 1].spaced and toks[i + 1].low not in BETWEEN]  # „zwischen“: above
    return _anded(text, toks, alone)


def _anded(text: str, toks: list[Token], firsts: list[int]) -> Sides | None:
    """The sides from the first of ``firsts`` (the places of first sides' first tokens) to the „und“ after it
    (between whitespace) and after that „und“; None when none of them has one."""
    for first in firsts:
        for j in range(first + 1, len(toks) - 1):
            if toks[j].low in AND and toks[j].spaced and toks[j + 1].spaced:
                return Sides(text[toks[first].start:toks[j].start].rstrip(), text[toks[j + 1].start:])
    return None


def bare(text: str, toks: list[Token]) -> str | None:
    """The text after the first opener followed by whitespace (and after „zwischen“ when it follows: „unterschied
    zwischen spuk ausgraben“ → „spuk ausgraben“), None without one."""
    for i, t in enumerate(toks[:-1]):
        if t.low in OPENERS and toks[i + 1].spaced:
            skip = toks[i + 1].low in _BETWEEN_ALONE and _followed(toks, i + 1, 1)
            return text[toks[i + 1 + skip].start:]
    return None


def gap(text: str, toks: list[Token]) -> Sides | None:
    """The two sides' texts of a frame with a side left empty, the first of these forms found: an opener with
    „zwischen“ and its „und“ („unterschied zwischen und spuk“), an opener with „zwischen“ and nothing after it, „vs“
    („vs spuk“, „spuk vs“), „oder“ opening a question of one or two words after it („oder spuk“), a last word
    „oder“, „und“, „vs“ („spuk oder“); None for none. A side of these may be empty."""
    for z in [i + 1 for i in range(len(toks)) if _gap_opener(toks, i)]:  # z: the place of „zwischen“
        joint = next((j for j in range(z + 1, len(toks)) if _and_word(toks, j)), None)
        if joint is not None:
            return Sides(text[toks[z].end:toks[joint].start], text[toks[joint].end:])
    if any(_gap_opener(toks, i) and not any(t.word for t in toks[i + 2:]) for i in range(len(toks) - 1)):
        return Sides("", "")
    for i, t in enumerate(toks):
        n = _phrase(toks, i, (t.low,)) if t.low in ("vs", "versus") else 0
        if n and (i + n == len(toks) or toks[i + n].spaced):
            return Sides(text[:t.start], text[toks[i + n].start:] if i + n < len(toks) else "")
    words = [i for i, t in enumerate(toks) if t.word]
    if words and toks[words[0]].low in ("oder", "or") and 2 <= len(words) <= 3 and _named(toks, words):
        return Sides("", text[toks[words[1]].start:toks[words[-1]].end])
    if words and toks[words[-1]].low in _LAST:
        return Sides(text[:toks[words[-1]].start].rstrip(), "")
    return None


def separator(toks: list[Token], j: int, after: bool) -> int:
    """How many tokens from ``j`` on separate two sides of a list inside one side („Spuk, Ausgraben“, „Spuk,
    oder Ausgraben“, „A oder B oder C“, „A vs B vs C“), 0 when they do not: a comma (with a joiner of
    :data:`LISTED` after it, followed by whitespace), or a joiner between whitespace. ``after``: ``j`` is right
    after a separator, which took the whitespace before it (only a comma may follow)."""
    if toks[j].low == ",":
        return 1 + (j + 1 < len(toks) and toks[j + 1].low in LISTED[:5] and _followed(toks, j + 1, 1))
    if after or j == 0 or not toks[j].spaced or toks[j].low not in LISTED:
        return 0
    n = _phrase(toks, j, (toks[j].low,))
    return n if _followed(toks, j, n) else 0


def _gap_opener(toks: list[Token], i: int) -> bool:
    """True when an opener at ``i`` is followed by whitespace and „zwischen“ (or „between“)."""
    return toks[i].low in OPENERS and i + 1 < len(toks) and toks[i + 1].spaced and toks[i + 1].low in _BETWEEN_ALONE


def _and_word(toks: list[Token], j: int) -> bool:
    """True when the token at ``j`` is a word of :data:`AND`, or „&“ between two words right next to it."""
    t = toks[j]
    if t.word:
        return t.low in AND
    return (t.low == "&" and 0 < j < len(toks) - 1 and not t.spaced and not toks[j + 1].spaced
            and toks[j - 1].word and toks[j + 1].word)


def _named(toks: list[Token], words: list[int]) -> bool:
    """True when the words at ``words`` („oder“ and one or two after it) stand next to each other apart by
    whitespace only, those after „oder“ each beginning with a letter and without an apostrophe."""
    name = words[1:]
    return all(toks[i].spaced and toks[i].low[0].isalpha() and "'" not in toks[i].low for i in name) and (
        words[-1] - words[0] == len(words) - 1)


__all__ = ["AND", "BETWEEN", "JOINERS", "LISTED", "OPENERS", "Sides", "Token", "bare", "framed", "gap", "separator",
           "tokens"]
