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
more among the first :data:`TOP` hits — and only permutes them among their own places: a group's members take
its places again in the order of score + ``weight`` × the best answering sentence's share, each with the score of
the place it takes. A passage below the first three never enters them (hit@3 is
unchanged by construction), and a hit of no group keeps its place: the stage measured over the first five (branch
``q26s``, docs/ranking.md ²⁶) brought a sibling from fourth or fifth into them and lost a question of hit@3 on both
weight methods, and adding the weight to scores let a sibling pass a mechanic's lead-in (which the answer shows with
the rules it announces) in the first three (²⁹).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

from bot.answer_cues import VERDICT, sentence_gives
from bot.clauses import RoleWords
from bot.rule_siblings import sibling_key
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


def announces(p: PassageRecord) -> bool:
    """True for a mechanics paragraph that only announces the rules printed after it (001's twelve „Die offiziellen
    Regeln für die Fähigkeit Transmutation lauten wie folgt:“; the answer shows them with it,
    :func:`bot.answers.questions.introduced_rules`): its own sentences hold none of what it answers with."""
    return p.kind == "mechanic" and p.text.rstrip().endswith(":")


def sibling_groups(top: Sequence[_Hit], rules: Mapping[int, str] | None = None) -> list[list[_Hit]]:
    """The groups of two or more of ``top`` that are passages of one card, or (for passages of no card) of one
    mechanics section, or with ``rules`` (entry id → rule, :func:`bot.rule_siblings.explanation_rules`) entries of
    003 explaining one rule (:func:`bot.rule_siblings.sibling_key`), each in ``top``'s order; groups in the order of
    their first member. A paragraph that :func:`announces` rules is in no group (it is judged by rules the ranking
    does not read with it)."""
    groups: dict[tuple[str, int | str], list[_Hit]] = {}
    for h in top:
        if announces(h.passage):
            continue
        key = sibling_key(h.passage, rules or {})
        if key is not None:
            groups.setdefault(key, []).append(h)
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


#: A hit of the ranking (:class:`bot.ranking.Hit`): the stage puts the caller's own hits back into its list.
H = TypeVar("H", bound=_Hit)


def group_shares(top: Sequence[_Hit], words: RoleWords, cues: tuple[int, ...],
                 sentences: Callable[[PassageRecord], Sentences]) -> list[tuple[list[int], list[float]]]:
    """Per group of :func:`sibling_groups` among ``top``: the positions of its members in ``top`` and each one's
    :func:`answered_share` (0–1); ``[]`` for a question that asks no kind of answer but a verdict
    (:data:`bot.answer_cues.VERDICT`, not read here) or has no words."""
    cues = tuple(c for c in cues if c != VERDICT)
    if not words.total or not cues:
        return []
    where = {id(h): n for n, h in enumerate(top)}
    out = []
    for members in sibling_groups(top):
        out.append(([where[id(h)] for h in members], [answered_share(words, cues, sentences(h.passage))
                                                      for h in members]))
    return out


def reordered(scores: Sequence[float], ids: Sequence[int], shares: Sequence[float], weight: float) -> list[int]:
    """The members of a group (their ``scores``, passage ``ids`` and :func:`group_shares` values) in the order the
    stage gives them: by score + ``weight`` × share, best first, ties by passage id; as indices into the lists."""
    return sorted(range(len(scores)), key=lambda n: (-(scores[n] + weight * shares[n]), ids[n]))


def answered_stage(hits: list[H], words: RoleWords, cues: tuple[int, ...], weight: float,
                   sentences: Callable[[PassageRecord], Sentences]) -> None:
    """The stage on ``hits`` (best first, in place): the members of each group of :func:`sibling_groups` among the
    first :data:`TOP` take their group's places again in the order of :func:`reordered`, each with the score of the
    place it takes (``parts["answered"]``: that score minus its own); every other hit keeps its place and score.
    ``sentences``: a passage's :func:`bot.snippets.sentence_words`.

    Raises:
        ValueError: ``weight`` is negative.
    """
    if weight < 0:
        raise ValueError(f"the answered stage's weight must not be negative: {weight}")
    if weight:
        swap_siblings(hits, group_shares(hits[:TOP], words, cues, sentences), weight, "answered")


def swap_siblings(hits: list[H], groups: Sequence[tuple[list[int], list[float]]], weight: float, part: str) -> None:
    """``hits`` (best first, in place) with the members of each of ``groups`` (their places among the first hits and
    a value 0–1 each, as :func:`group_shares` gives them) in their group's places in the order of :func:`reordered`,
    each with the score of the place it takes (``parts[part]``: that score minus its own); every other hit keeps its
    place and score. The one shape of the stages that only swap siblings (this one, :func:`bot.prior.prior_stage`);
    a group's places may lie beyond the first :data:`TOP` (:data:`bot.asked_kinds.REACH`)."""
    top = list(hits)  # the places as they were before any group moved (the groups never share a place)
    for places, shares in groups:
        members = [top[n] for n in places]
        scores = [h.score for h in members]  # the places' scores, in the places' order
        order = reordered(scores, [h.passage.id for h in members], shares, weight)
        for place, score, n in zip(places, scores, order, strict=True):
            h = members[n]
            h.parts[part] = score - h.score
            h.score = score
            hits[place] = h


__all__ = ["TOP", "Sentences", "announces", "answered_share", "answered_stage", "group_shares", "reordered",
           "sibling_groups", "swap_siblings"]
