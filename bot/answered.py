"""The ``answered`` stage of the ranking (:mod:`bot.ranking`, ``/frage`` only): among the first three hits, the
sibling whose sentence about the question's matter gives the kind of answer the question asks for goes first.

The ``answer`` feature (:mod:`bot.answer_cues`) credits a passage that gives the asked kind of answer anywhere in
its text: „wer kontrolliert die Kreatur, die ich aus der Hand vom Gegner caste“ asks for a person, and every ruling
of Hirnegelklumpen names a player somewhere, so the feature ties the siblings. The ruling that answers names the
person in the sentence about the question's matter (001's „Du kontrollierst den Zauberspruch und, falls es … eine
Kreatur … ist, auch die bleibende Karte“), where a sibling names none there („Die Karte wird aus der Hand deines
Gegners gespielt, nicht aus deiner.“). A sentence *answers* when it holds an answer word of a kind the question
asks for (:data:`bot.stopwords.ANSWER_CUES`: a person, an amount — a digit too —, a permission, a moment), and its
share is the question's word weight it holds (:class:`bot.clauses.RoleWords`, both roles). The verdict a yes/no
question without a cue asks for (:data:`bot.answer_cues.VERDICT`: a negation or restriction) is not read: nearly
every ruling negates something, and by CV the stage without it gains more first hits (docs/ranking.md ²⁹).

The stage decides between siblings only — passages of one card, or (of no card) of one mechanics section, two or
more among the first :data:`TOP` hits — and can only permute those hits: each sibling gets ``weight`` × (its best
answering sentence's share − the least of its group's), never below 0, and the first :data:`TOP` are sorted again
among themselves. A passage below them never enters (hit@3 is unchanged by construction); the stage measured over
the first five (branch ``q26s``, docs/ranking.md ²⁶) brought one from fourth or fifth into them and lost a question
of hit@3 on both weight methods (²⁹).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from bot.answer_cues import VERDICT, sentence_gives
from bot.clauses import RoleWords
from bot.store import PassageRecord

#: The first hits the stage reorders (hit@3 counts them: the stage never changes which passages they are).
TOP = 3

#: Per sentence of a passage: its folded tokens and its analysed terms (:func:`bot.snippets.sentence_words`).
Sentences = Sequence[tuple[frozenset[str], frozenset[str]]]


class _Hit(Protocol):
    """What the stage reads and writes of a :class:`bot.ranking.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


def sibling_groups(top: Sequence[_Hit]) -> list[list[_Hit]]:
    """The groups of two or more of ``top`` that are passages of one card, or (for passages of no card) of one
    mechanics section, each in ``top``'s order; groups in the order of their first member."""
    groups: dict[tuple[str, int], list[_Hit]] = {}
    for h in top:
        p = h.passage
        if p.card_id is not None:
            groups.setdefault(("card", p.card_id), []).append(h)
        elif p.mechanic_id is not None:
            groups.setdefault(("section", p.mechanic_id), []).append(h)
    return [members for members in groups.values() if len(members) >= 2]


def answered_share(words: RoleWords, cues: tuple[int, ...], sentences: Sentences) -> float:
    """The best share (0–1) of ``words``' weight (both roles) held by one of ``sentences`` that gives one of
    ``cues`` (:func:`bot.answer_cues.sentence_gives`); 0 when none gives one, or without words or cues."""
    if not words.total or not cues:
        return 0.0
    every = (*words.condition, *words.asked)
    best = 0.0
    for tokens, terms in sentences:
        if sentence_gives(tokens, cues):
            best = max(best, sum(w for t, w in every if not t.isdisjoint(terms)))
    return best / words.total


def answered_stage(hits: list[_Hit], words: RoleWords, cues: tuple[int, ...], weight: float,
                   sentences: Callable[[PassageRecord], Sentences]) -> None:
    """The stage on ``hits`` (best first, in place): in each group of :func:`sibling_groups` among the first
    :data:`TOP`, a hit gets ``weight`` × (its :func:`answered_share` − the least of its group's), 0 to ``weight``,
    added to ``score`` and set as ``parts["answered"]``; then the first :data:`TOP` are sorted again among
    themselves (score, then passage id), the rest left where they are. ``sentences``: a passage's
    :func:`bot.snippets.sentence_words`. A question that asks no kind of answer but a verdict
    (:data:`bot.answer_cues.VERDICT`, not read here) or has no words changes nothing.

    Raises:
        ValueError: ``weight`` is negative (a sibling would fall below a passage outside the first :data:`TOP`).
    """
    if weight < 0:
        raise ValueError(f"the answered stage's weight must not be negative: {weight}")
    cues = tuple(c for c in cues if c != VERDICT)
    if not words.total or not cues or not weight:
        return
    top = hits[:TOP]
    for members in sibling_groups(top):
        held = [answered_share(words, cues, sentences(h.passage)) for h in members]
        least = min(held)
        for h, share in zip(members, held, strict=True):
            h.parts["answered"] = weight * (share - least)
            h.score += h.parts["answered"]
    hits[:TOP] = sorted(top, key=lambda h: (-h.score, h.passage.id))


__all__ = ["TOP", "Sentences", "answered_share", "answered_stage", "sibling_groups"]
