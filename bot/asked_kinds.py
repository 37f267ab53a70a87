"""The ``asks`` stage of the ranking (:mod:`bot.ranking`, ``/frage`` only, the last to swap siblings): among the first
five hits, the sibling whose sentence about the question's matter states what the question asks for goes first.

Passages of one card or one mechanics section share the question's words, so the earlier stages weigh them nearly
alike; what tells them apart is often the kind of answer asked for. Three kinds (:data:`KINDS`):

- a count or how often („wie oft“, „wie viele Marken“, „mehrmals“, „2x“): a sentence that states a count or a
  repetition (a number word, „einmal“, „mehrfach“, „jedes Mal“, „Anzahl“, „einzeln“). „Frostnetz-Spinne blockt zwei
  Flieger, wie viele Marken?“ is answered by 001's „Blockt die Frostnetz-Spinne … mehr als eine fliegende Kreatur …,
  wird die Fähigkeit mehrfach ausgelöst.“, not by its sibling on the spider dying first. Digits are not read: the
  documents print them in mana costs and power/toughness changes („+1/+1-Marke“), which state no count asked for;
- the value of X (a question holding „X“): a sentence that holds X and says what it is („ist“, „gleich“, „Wert“,
  „für“, a digit). „auge des sturms kopiert nen X spruch, welchen wert hat X dann“ is answered by 001's „Jedes X in
  den Manakosten einer der gespielten Kopien ist 0.“;
- an order („bevor“, „nachdem“, „zuerst“, „Reihenfolge“): a sentence that states one („bevor“, „nachdem“,
  „während“, „sowie“, „Stapel“, „gleichzeitig“). Not asked by „wann“: the moment is the answered stage's cue
  (:mod:`bot.answered`), and the documents answer it with a „wenn“ clause no word here tells from a condition (in
  sample at weight 8 „wann“ put a sibling first for three questions, „wann wird die handgröße geprüft“ among them);
  nor by „danach“, „vorher“, „später“ (players tell the situation's course with them: „driven gewirkt und danach
  kreatur gesteelt“) or „gleichzeitig“ (whether one thing does two jobs at once: „für mana tappen und gleichzeitig
  für einberufen“).

A sentence *states* a kind when its folded tokens (:func:`bot.snippets.sentence_words`) hold one of the kind's words or
two-word phrases, and it counts only when it also holds a word of the question (:class:`bot.clauses.RoleWords`,
either role): the sentence about the question's matter, not any sentence of the passage. A member's value is the
share of the asked kinds that one such sentence states (the best sentence). The stage decides between siblings only
(the groups of :func:`bot.answered.sibling_groups` among the first :data:`REACH` hits) and only permutes them among
their own places (:func:`bot.answered.swap_siblings`): a hit of no such group keeps its place, but a sibling fourth or
fifth that states what is asked may take a sibling's place among the first three. The other swap stages read three
(:data:`bot.answered.TOP`); this one reads five because what it reads is the question's own words against each
sibling's sentence, and the sibling that answers is often a short ruling that bm25 and the first-five stages put
fourth or fifth behind siblings holding more of the question's situation: „ley linien vor spielbeginn wer legt
zuerst“ asks an order, which 001's „… es beginnt der Spieler, der zuerst an der Reihe ist, dann alle weiteren
Spieler in Spielreihenfolge“ (fifth) states and 001's „Die Gruppe der Ley-Linien umfasst 5 Verzauberungen …“ (third)
does not (docs/ranking.md ¹⁵⁶). Bounded: a question's first :data:`MAX_READ` tokens are read, and a passage's
sentences are the ranker's kept ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Protocol, TypeVar

from bot.answered import Sentences, sibling_groups, swap_siblings
from bot.clauses import RoleWords
from bot.store import PassageRecord
from bot.text import canonical, tokens


def _folded(listed: str) -> frozenset[str]:
    """The words and phrases of ``listed`` (separated by ``|``; a phrase's words by a space) folded as the tokens of
    a text are (:func:`bot.text.tokens`, :func:`bot.text.canonical`: „zuerst“ → ``zurst``, „während“ → ``wahrend``)."""
    return frozenset(" ".join(canonical(t) for t in tokens(item)) for item in listed.split("|"))


#: Kind → (the question's words and phrases that ask it, the sentence's words and phrases that state it), folded.
KINDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "count": (
        _folded("wie oft|oft|öfter|öfters|mehrmals|mehrfach|zweimal|dreimal|nochmal|nochmals|wieviel|wieviele"
                "|wievielen|wie viel|wie viele|wie vielen|anzahl|mehrere|mehreren|how many|how often|twice"),
        _folded("einmal|zweimal|dreimal|viermal|mehrmals|mehrfach|mehrere|mehreren|anzahl|gesamtanzahl|beliebig"
                "|beliebige|beliebigen|jedes mal|jedesmal|so oft|wieder|wiederholt|erneut|weiteres mal|einzeln|separat"
                "|weniger als"
                "|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|doppelt|doppelte|höchstens"
                "|mindestens|once|twice|number"),
    ),
    "x": (
        frozenset({"x"}),
        _folded("ist|sind|gleich|gleichen|denselben|wert|entspricht|höhe|null|beträgt|für|is|equal|equals"),
    ),
    "order": (
        _folded("bevor|nachdem|zuerst|zunächst|reihenfolge|before|after|first"),
        _folded("bevor|nachdem|zuerst|zunächst|dann|danach|während|reihenfolge|zugreihenfolge|spielreihenfolge|stapel"
                "|sobald|sowie|später|gleichzeitig|zeitpunkt|zeitpunkten|vorher|anschließend|solange|before|after"
                "|while|stack"),
    ),
}

#: A count typed with a digit: „2x kumulative Versorgung“, „3mal“ (one token).
TIMES = re.compile(r"\d+(?:x|mal)")
#: Tokens of a question read for its kinds.
MAX_READ = 2000
#: The first hits whose sibling groups the stage permutes (docs/ranking.md ¹⁵⁶: three before).
REACH = 5


def asked_kinds(text: str, limit: int = MAX_READ) -> frozenset[str]:
    """The kinds of :data:`KINDS` the question ``text`` asks (one of its first ``limit`` tokens, or two neighbouring
    ones, is a question word of the kind; a count also by a token such as „2x“): „wie oft darf ich vorhersage
    benutzen“ → ``{"count"}``, „… welchen wert hat X dann“ → ``{"x"}``. Never raises."""
    words = [canonical(t) for t in tokens(text)[:limit]]
    held = set(words) | {f"{a} {b}" for a, b in pairwise(words)}
    kinds = {name for name, (asking, _) in KINDS.items() if not asking.isdisjoint(held)}
    if any(TIMES.fullmatch(w) for w in words):
        kinds.add("count")
    return frozenset(kinds)


def stated_kinds(words: frozenset[str]) -> frozenset[str]:
    """The kinds of :data:`KINDS` a sentence states, from its folded tokens ``words`` (a set, as
    :func:`bot.snippets.sentence_words` keeps them): one of the kind's second set, a phrase when all its words are
    there; the value of X only with „x“ there too (then a digit states it as well: „X ist 0“). Never raises."""
    held = {canonical(w) for w in words}
    kinds = {name for name, (_, stating) in KINDS.items()
             if any(held.issuperset(item.split()) for item in stating)}
    if "x" not in held:
        kinds.discard("x")
    elif any(w.isdigit() for w in held):
        kinds.add("x")
    return frozenset(kinds)


def stated_share(words: RoleWords, asked: frozenset[str], sentences: Sentences,
                 stated: Callable[[frozenset[str]], frozenset[str]]) -> float:
    """The best share (0–1) of ``asked`` that one of ``sentences`` (per sentence its folded tokens and its terms)
    holding a word of the question (``words``, either role) states (``stated`` of the sentence); 0 without any."""
    every = [terms for terms, _ in (*words.condition, *words.asked)]
    best = 0
    for sentence in sentences:
        if any(not t.isdisjoint(sentence[1]) for t in every):
            best = max(best, len(asked & stated(sentence[0])))
    return best / len(asked) if asked else 0.0


class _Hit(Protocol):
    """What the stage reads and writes of a :class:`bot.ranking.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


#: A hit of the ranking (:class:`bot.ranking.Hit`): the stage puts the caller's own hits back into its list.
H = TypeVar("H", bound=_Hit)


def asks_groups(top: Sequence[_Hit], asked: frozenset[str], words: RoleWords,
                sentences: Callable[[PassageRecord], Sentences],
                stated: Callable[[frozenset[str]], frozenset[str]]) -> list[tuple[list[int], list[float]]]:
    """Per group of :func:`bot.answered.sibling_groups` among ``top`` (the first hits): the positions of its members
    in ``top`` and each one's :func:`stated_share` (0–1); ``[]`` for a question asking no kind or having no words.
    The values the stage orders by (the benches' weight table reads them too)."""
    if not asked or not words.total:
        return []
    where = {id(h): n for n, h in enumerate(top)}
    return [([where[id(h)] for h in members],
             [stated_share(words, asked, sentences(h.passage), stated) for h in members])
            for members in sibling_groups(top)]


def asks_stage(hits: list[H], asked: frozenset[str], words: RoleWords, weight: float,
               sentences: Callable[[PassageRecord], Sentences],
               stated: Callable[[frozenset[str]], frozenset[str]]) -> None:
    """The stage on ``hits`` (best first, in place): the members of each group of :func:`bot.answered.sibling_groups`
    among the first :data:`REACH` take their group's places again in the order of score + ``weight`` ×
    their :func:`stated_share` of ``asked`` (:func:`asked_kinds` of the question; ``sentences``: a passage's
    :func:`bot.snippets.sentence_words`; ``stated``: :func:`stated_kinds` of a sentence's tokens, kept by the caller),
    each with the score of the place it takes (``parts["asks"]``); every other hit keeps its place and score.

    Raises:
        ValueError: ``weight`` is negative.
    """
    if weight < 0:
        raise ValueError(f"the asks stage's weight must not be negative: {weight}")
    if weight and asked:
        swap_siblings(hits, asks_groups(hits[:REACH], asked, words, sentences, stated), weight, "asks")


__all__ = ["KINDS", "MAX_READ", "REACH", "TIMES", "asked_kinds", "asks_groups", "asks_stage", "stated_kinds",
           "stated_share"]
