"""What a hit's line shows of its passage (``/ruling suche``, ``/regel suche``, ``/frage``'s further candidates):
the passage whole when it fits the line's budget, else the whole sentences that hold most of the question, kept
together with the sentence after them where the budget allows.

A passage's deciding sentence often names little of the question, because it speaks of what the sentence before it
set up: 000's clash ruling on split cards says „Falls einer oder mehrere der sich befehdenden Spieler eine geteilte
Karte aufdeckt, …“ and then „Auf diese Weise ist es möglich, dass mehr als ein Spieler eine Fehde gewinnt.“; 003's
token names „… legt seinen Namen und seine Untertypen fest.“ and then „Nennt sie keinen Namen, besteht er aus seinen
Untertypen plus dem Wort „Token“.“ Sentences ranked one by one for the question's words drop that second sentence,
and two sentences that repeat the same words of the question crowd out one that adds another. So the sentences are
picked one at a time, while they fit the budget together, each time the best of the rest by

1. answering the action a „kann/darf/muss …“ question asks about, while no sentence picked does
   (:func:`bot.actions.asked_action`; 004's „… ist ihr Beherrscher nicht gezwungen, diese Kosten zu bezahlen …“ for
   „muss ich … zahlen“),
2. what it adds to the question's words the picked sentences hold together (each word and pair of neighbouring
   words counted once, weighted as the ranking weighs it, :func:`bot.snippets.held_weight`),
3. following a picked sentence (what it says of that one: „Auf diese Weise …“, „Nennt sie keinen Namen, …“),
4. how much of the question it holds alone, then the earlier.

Bounded: at most one pick per sentence, each reading every sentence once (``O(n²)`` for ``n`` sentences); a first pick
longer than the budget (a card text quoted whole is one sentence) is shown alone, cut at a word.
"""

from __future__ import annotations

from bisect import bisect, insort
from collections.abc import Mapping, Sequence

from bot.actions import asked_action
from bot.analysis import Analyser, Analysis
from bot.phrases import pairs
from bot.snippets import Held, answers_sentence, held_weight, highlight, merged, prepared, sentence_held, sentence_words

#: The question's first this many tokens give its pairs of neighbouring words (a search text is bounded before,
#: this bounds the pairs too).
MAX_PAIRED = 200
#: Marks shown where the excerpt starts after the passage's first sentence, ends before its last, or leaves
#: sentences out between two of its own.
BEFORE, AFTER, GAP = "… ", " …", " … "


def excerpt(text: str, analysis: Analysis, a: Analyser, question: str, limit: int,
            weights: Mapping[str, float] | None = None, bold: bool = False) -> str:
    """``text`` whole when it has at most ``limit`` characters, else its whole sentences :func:`chosen` picks, in
    the text's order, at most ``limit`` characters with their separators (one space between neighbours,
    :data:`GAP` where sentences are left out; :data:`BEFORE`/:data:`AFTER` outside them where the text goes on);
    with ``bold`` the question's words marked (:func:`bot.snippets.highlight`). ``weights``: the ranker's term
    weights (:attr:`bot.ranking.Ranker.term_weights`), else 1 each. A first sentence longer than ``limit`` (a card
    text quoted whole is one sentence) is shown alone, cut at a word before ``limit`` with „…“. Never raises."""
    if len(text) <= limit:
        return highlight(text, analysis, a) if bold else text
    parts = prepared(text, a).parts
    picked = chosen(text, analysis, a, question, limit, weights)
    shown = joined(parts, picked)
    if len(shown) > limit:  # one sentence longer than the budget: cut at a word, as the ranking's snippet cuts
        shown = shown[: limit - 1].rsplit(" ", 1)[0] + "…"
    elif picked and picked[-1] < len(parts) - 1:
        shown += AFTER
    shown = (BEFORE if picked and picked[0] > 0 else "") + shown
    return highlight(shown, analysis, a) if bold else shown


def joined(parts: Sequence[str], picked: Sequence[int]) -> str:
    """The sentences ``picked`` (ascending indices into ``parts``) joined: one space between neighbours,
    :data:`GAP` where sentences are left out."""
    out = ""
    for n, i in enumerate(picked):
        out += ("" if n == 0 else " " if picked[n - 1] == i - 1 else GAP) + parts[i]
    return out


def chosen(text: str, analysis: Analysis, a: Analyser, question: str, limit: int,
           weights: Mapping[str, float] | None = None) -> list[int]:
    """The sentences of ``text`` (:func:`bot.snippets.sentences`; ascending indices) that :func:`excerpt` shows,
    picked one at a time while they fit ``limit`` characters together (:func:`joined`), each time the best of the
    rest by the module doc's order: one answering the question's action while none picked does; the most it adds
    to what the picked ones hold of the question together (:func:`bot.snippets.held_weight`); the sentence right
    after a picked one; the most it holds alone; the earlier. The first pick is kept even when longer than
    ``limit`` (then shown cut). ``question``: the question as typed (its action and its pairs of neighbouring
    words, :func:`bot.phrases.pairs`). Each pick reads every sentence once, what they hold merged as they are
    picked (:func:`bot.snippets.merged`): ``O(n²)`` for ``n`` sentences."""
    p = prepared(text, a)
    n = len(p.parts)
    weight = weights or {}
    word_weights, held = sentence_held(p, analysis, weight, pairs(question, MAX_PAIRED))
    action = asked_action(question, a)
    said = sentence_words(text, a) if action else []  # read only for a „kann/darf/muss …“ question
    answers = [bool(action) and answers_sentence(said[i], action) for i in range(n)]
    alone = [held_weight([h], word_weights, weight) for h in held]
    picked: list[int] = []
    taken: set[int] = set()  # the picked ones, for the membership tests (``picked`` stays ordered for _added)
    have, used, answered = Held((), frozenset(), frozenset()), 0, False
    while len(picked) < n:
        now = held_weight([have], word_weights, weight)
        best: tuple[bool, float, bool, float, int] | None = None
        for i in range(n):
            if i in taken or (picked and used + _added(p.parts, picked, i) > limit):
                continue
            gain = held_weight([have, held[i]], word_weights, weight) - now
            key = (answers[i] and not answered, gain, i - 1 in taken, alone[i], -i)
            if best is None or key > best:
                best = key
        if best is None:
            break
        i = -best[-1]
        used += _added(p.parts, picked, i) if picked else len(p.parts[i])
        insort(picked, i)
        taken.add(i)
        have, answered = merged(have, held[i]), answered or answers[i]
    return picked


def _added(parts: Sequence[str], picked: list[int], i: int) -> int:
    """How many characters :func:`joined` of ``picked`` (ascending, not empty) grows by with sentence ``i``: the
    sentence and its separators to its picked neighbours, less the gap it closes between them."""
    at = bisect(picked, i)
    before, after = (picked[at - 1] if at else None), (picked[at] if at < len(picked) else None)

    def sep(x: int | None, y: int | None) -> int:
        return 0 if x is None or y is None else 1 if y == x + 1 else len(GAP)

    return len(parts[i]) + sep(before, i) + sep(i, after) - sep(before, after)


__all__ = ["GAP", "MAX_PAIRED", "chosen", "excerpt", "joined"]
