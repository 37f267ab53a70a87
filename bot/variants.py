"""Passages that hold only for a variant of the game (the ``variant`` part of :mod:`bot.ranking`).

003 (the German rules explanation) states a rule for every game first and then, passage by passage, what differs in
a format or variant, each opening with the kind of game it restricts itself to, a prepositional phrase fronted before
the finite verb (German main clauses put the verb second):

* 003:75 „Jeder Spieler beginnt die Partie mit 20 Lebenspunkten. …“ (CR 103.4, the general rule)
* 003:81 „**In einer Commander-Partie** beginnt jeder Spieler mit 40 Lebenspunkten.“ (CR 103.4c)
* 003:120 „**In einer Mehrspielerpartie mit Teams** gewinnt ein Team, …“ (CR 104.2c)
* 003:57 „**In einer Partie mit der Option gemeinsamer Teamzüge** („shared team turns“) gibt es …“ (CR 103.1a)
* 003:166 „**Bei einem Turnier** können sich alle Spieler …“ (CR 104.4i)

001's rulings use the same form („In einer Mehrspielerpartie hat reihum jeder Gegner …“). A question that names no
word of that phrase asks the general rule, so such a passage is lowered for it: the phrase is the document's own
marker of the variant (no list of formats or passages). :func:`restriction` finds the phrase, :func:`markers` its
terms that name the variant (the words every game shares — „Partie“, „Spieler“ — left out). Pure functions over
text and an analyser; no store.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from bot.analysis import Analyser

#: Most words read after the opening preposition (the phrases of 003 have at most 9).
MAX_WORDS = 12
#: The game noun must come within this many words of the opening („In einer „Conspiracy Draft“-Partie“: 3).
GAME_WITHIN = 5
#: A question's word that begins with a marker this long names the variant (:func:`named`).
PREFIX = 4
#: Words of a game every game has: their terms name no variant. „Limited“ and „Constructed“ are the two ways every game
#: is played (CR 100.2a, 100.2b): 003:23 „Im „Limited“-Spiel mit anderen Mehrspieler-Teamvarianten …“ holds for the
#: team variants, which „limited deck mindestgröße“ does not name.
GENERIC = "Partie Partien Spiel Spieler mehr Variante Option Limited Constructed"

_OPENING = re.compile(
    r"^\s*(?:(?:In|Bei)\s+(?:einer|einem|der|allen\s+anderen)|Im|Beim)\s+(?P<rest>\S.*)", re.DOTALL
)
#: The noun that names a kind of game ends the core of the phrase ("Commander-Partie", "„Emperor“-Variante",
#: "Turnier"; plurals too). Not "Spiel": 003's „Im „Constructed“-Spiel …“ and „Im „Limited“-Spiel …“ are the two
#: ways every game is played (CR 100.2a, 100.2b), no variant.
_GAME = re.compile(r"(?:partie|partien|variante|varianten|turnier|turnieren)$", re.IGNORECASE)
#: Words that continue the phrase after a noun (an attachment "mit Teams", a coordination "und in jeder …").
_JOIN = frozenset({"mit", "der", "des", "den", "und", "oder", "zu", "in", "jeder", "einer", "von", "ohne"})
_QUOTES = "„“”\"»«‚‘'"
_ENDS = ",;:.!?("


def _bare(word: str) -> str:
    return word.strip(_QUOTES + _ENDS + ")")


def _continues(word: str, following: str | None, after_noun: bool) -> bool:
    """True when ``word`` still belongs to the fronted phrase: inside an attachment every word does; right after a
    noun only a joining word or an inflected adjective before a noun ("… Option gemeinsamer Teamzüge"); any other
    word there is the finite verb."""
    if not after_noun:
        return True
    bare = _bare(word)
    if bare.lower() in _JOIN:
        return True
    adjective = bare.islower() and bare.endswith(("er", "en", "em", "es"))
    return adjective and following is not None and _bare(following)[:1].isupper()


def restriction(text: str) -> str | None:
    """The fronted phrase of ``text`` that restricts it to a kind of game („In einer Mehrspielerpartie mit Teams“),
    or None when the text does not open with one (a preposition, an article and, within :data:`GAME_WITHIN`
    words, a noun ending in Partie / Variante / Turnier). Reads at most :data:`MAX_WORDS` words."""
    m = _OPENING.match(text)
    if m is None:
        return None
    words = m["rest"].split(maxsplit=MAX_WORDS)[:MAX_WORDS]
    game = next((i for i, w in enumerate(words[:GAME_WITHIN]) if _GAME.search(_bare(w))), None)
    if game is None:
        return None
    out = words[: game + 1]
    after_noun = True
    following = [*words[game + 2:], None]
    for word, after in zip(words[game + 1:], following, strict=True):
        if out[-1][-1:] in _ENDS or word[:1] == "(" or not _continues(word, after, after_noun):
            break
        # a noun, or the number word after "zu" ("zu zweit"), closes an attachment
        after_noun = _bare(word)[:1].isupper() or _bare(out[-1]).lower() == "zu"
        out.append(word)
    return " ".join(out).rstrip(_ENDS)


@lru_cache(maxsize=8)
def _generic(analyser: Analyser) -> frozenset[str]:
    """The terms of :data:`GENERIC`'s words, each analysed alone (its stems, so a compound's part such as „mehr“
    is one, and the concepts it names)."""
    words = GENERIC.split()
    return frozenset(t for w in words for t in (*analyser.stems(w.lower()), *analyser.analyse(w).terms))


def markers(text: str, analyser: Analyser) -> frozenset[str]:
    """The analysed terms of ``text``'s :func:`restriction` that name its variant (those of :data:`GENERIC`
    left out); empty when ``text`` holds for every game."""
    phrase = restriction(text)
    if phrase is None:
        return frozenset()
    return frozenset(analyser.analyse(phrase).terms) - _generic(analyser)


def named(words: frozenset[str], terms: Iterable[str]) -> bool:
    """True when the question's ``terms`` name the variant whose :func:`markers` are ``words``: a term is one of
    them, or a word of the question begins with one of :data:`PREFIX` letters or more (a player's compound:
    „Teamkollege“ names the teams of 003:120 „In einer Mehrspielerpartie mit Teams …“)."""
    stems = [w for w in words if len(w) >= PREFIX and not w.startswith("zz")]
    return any(t in words or any(t.startswith(w) for w in stems) for t in terms)


__all__ = ["GENERIC", "PREFIX", "markers", "named", "restriction"]
