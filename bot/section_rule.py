"""The ``rule_text`` stage of the ranking (:mod:`bot.ranking`, ``/frage`` only): a mechanics section's own rule among
the first three hits when three of its rulings would fill them.

A mechanics section of the documents (001's „Vorhersage“, 000's „Fehde“) prints the rule itself — the official rule
quoted (kind ``quoted_rule``: 001:1927 „Regel 502.53b: Eine Vorhersage-Fähigkeit kann nur einmal während des
Versorgungssegments ihres Beherrschers gespielt werden …“) — and then its rulings, each a case of it. The rulings
repeat the section's name and the question's words, so for a question on the mechanic three of them can take the
first three places while the rule they apply stands fourth or fifth („wie oft darf ich vorhersage benutzen“: three
rulings of Vorhersage, then 502.53b). A reader of the first three then sees three cases and not the rule.

The stage: when the first three hits are all rulings of one mechanics section (not a card's rulings: a card has no
rule of its own printed beside them), the best-ranked quoted rule of that section among the first :data:`REACH` hits
takes the third place, with the third place's score (``parts["rule_text"]``: that score minus its own); the hits
from the third place down to where it stood move down one place each and keep their scores. Places one and two
never move, so the first hit and the hedge (:meth:`bot.ranking.Ranker.leads` reads the first two) stay as they are.

Measured out of fold on the four tuning parts (``bench/top3_cut.py``; docs/ranking.md ⁵⁸): of the golds below the third
place most are siblings of the first three (the same card or section), so a diversity rule for the third place — the
best passage of another card or section from the first five, MMR-like — brought none into the first three and took 10
out (22 from the first ten); the best of another kind took 4 in and 6 out (17 from the first ten). This stage, from the
first five, took 3 in (t2-008, t2-261, q214: the rule of Fehde and of Vorhersage) and none out; from the first ten it
took t3-051's answer out (Spuk's 502.51c from eighth above it), with the section's paragraph (kind ``mechanic``) as a
rule too q053's (Ausstrahlung's paragraph from fifth).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from bot.answered import TOP
from bot.store import PassageRecord

#: The first hits the stage reads: the first three and the two below them (the window of the later stages,
#: :attr:`bot.weights.Weights.phrases`). A section's rule standing lower is not lifted: from the first ten the stage
#: lost a hit (docs/ranking.md ⁵⁸).
REACH = 5
#: The kind of a section's rule as the documents print it (the official rule quoted above the section's rulings).
RULE_KIND = "quoted_rule"


class _Hit(Protocol):
    """What the stage reads and writes of a :class:`bot.ranking.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


H = TypeVar("H", bound=_Hit)


def section_of_rulings(top: Sequence[PassageRecord]) -> int | None:
    """The mechanics section (its ``mechanic_id``) whose rulings ``top`` (the first :data:`bot.answered.TOP` passages,
    best first) all are: three rulings (kind ``ruling``) of no card, each of the same section; None otherwise (fewer
    than three, a card's ruling, another kind — the section's paragraph or rule already among them —, two sections)."""
    if len(top) < TOP:
        return None
    sections = {p.mechanic_id for p in top[:TOP]}
    if len(sections) != 1 or any(p.kind != "ruling" or p.card_id is not None for p in top[:TOP]):
        return None
    return next(iter(sections))


def rule_place(passages: Sequence[PassageRecord]) -> int | None:
    """The place (0-based, 3 ≤ place < :data:`REACH`) in ``passages`` (the ranking's hits' passages, best first) of the
    section's rule that the stage puts third: the first passage of kind :data:`RULE_KIND` of the section whose rulings
    fill the first three (:func:`section_of_rulings`) and of no card; None when the first three are not such rulings
    or no rule of theirs stands within :data:`REACH`."""
    section = section_of_rulings(passages[:TOP])
    if section is None:
        return None
    return next((n for n in range(TOP, min(REACH, len(passages)))
                 if passages[n].kind == RULE_KIND and passages[n].card_id is None
                 and passages[n].mechanic_id == section), None)


def rule_stage(hits: list[H]) -> None:
    """The stage on ``hits`` (best first, in place): the section's rule of :func:`rule_place` takes the third place
    with the third place's score (``parts["rule_text"]``: that score minus its own); the hits from the third place to
    its old place move down one each with their scores; every other hit keeps its place. Nothing moves when
    :func:`rule_place` finds no such rule."""
    n = rule_place([h.passage for h in hits[:REACH]])
    if n is None:
        return
    third = TOP - 1
    rule = hits.pop(n)
    rule.parts["rule_text"] = hits[third].score - rule.score
    rule.score = hits[third].score
    hits.insert(third, rule)


__all__ = ["REACH", "RULE_KIND", "rule_place", "rule_stage", "section_of_rulings"]
