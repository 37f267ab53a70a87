"""Hedge signals of ``/frage`` beside the ranking's margin (:meth:`bot.ranking.Ranker.leads`): a first passage that
leads, but by nothing the question decides. Each is read from the ranking only (its first two hits and their
:attr:`bot.candidates.Hit.parts`), never changes the order, and makes ``/frage`` say „⚖️ Keine Stelle passt
eindeutig am besten …“ (:func:`bot.answers.questions.verdict_line`). Measured out of fold on the tuning parts by
``bench/hedge_cv.py`` (docs/ranking.md ⁵²).

* :func:`covered_alike`: the first leads by less than :attr:`bot.weights.Weights.margin` and is clear only because
  it holds at least :attr:`bot.weights.Weights.covered` of the question's term weight (the „near“ path of
  :meth:`bot.ranking.Ranker.leads`), but the second holds that much too: the question's words are in both, so their
  coverage does not tell them apart (two rulings of one card that both repeat the card's name and the question's
  words: „goblin reflektomant auf nen zauber ohne ziel?“).
* :func:`unnamed_over_rule`: the question names no card, the first is a ruling of a card or mechanics section the
  question does not name (the ``unnamed`` part, :attr:`bot.weights.Weights.unnamed`), the second a rule for every
  object (:data:`bot.generality.RULE_KINDS`: 003's explanation, a quoted or official rule), and the second holds the
  question's words about as well as the first (within :data:`ALIKE`): a question naming no card asks what holds for
  any, and what one card's ruling says of its card leads only by the ranking's other parts („darf ich farblos wählen
  wenn ich eine farbe bestimmen soll“: Schnellwechsel's ruling above 003's „Soll ein Spieler eine Farbe wählen …“).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.candidates import Hit
from bot.generality import RULE_KINDS
from bot.ranking import Ranked, Ranker

#: How much less of the question's term weight (a share, 0–1) the rule for every object may hold than the unnamed
#: ruling above it and still count as holding the question alike (:func:`unnamed_over_rule`): a tenth of the
#: question, about one content word of a ten-word question. On the tuning parts out of fold any value from 0.1 to
#: 0.2 hedges the same three answers (docs/ranking.md ⁵²).
ALIKE = 0.1


def _held(h: Hit, r: Ranker) -> float:
    """The share (0–1) of the question's term weight ``h`` holds: its ``coverage`` part over the coverage weight
    (as :meth:`bot.ranking.Ranker.leads` reads it); 0 without that weight."""
    w = r.weights.coverage
    return h.parts.get("coverage", 0.0) / w if w else 0.0


def covered_alike(found: Ranked, r: Ranker) -> bool:
    """True when ``found``'s first hit leads the second by less than ``r``'s :attr:`~bot.weights.Weights.margin`
    (clear only by the ``near`` path of :meth:`bot.ranking.Ranker.leads`, or not clear) and the second holds at
    least :attr:`~bot.weights.Weights.covered` of the question's term weight too. False for fewer than two hits."""
    if len(found.hits) < 2:
        return False
    first, second = found.hits[0], found.hits[1]
    w = r.weights
    return first.score - second.score < w.margin and _held(second, r) >= w.covered - 1e-9


def unnamed_over_rule(found: Ranked, r: Ranker) -> bool:
    """True when ``found``'s question names no card, its first hit is a ruling of a card or section it does not name
    (a negative ``unnamed`` part), its second a rule for every object (:data:`bot.generality.RULE_KINDS`), and the
    second holds at least the first's share of the question's term weight less :data:`ALIKE`. False for fewer than
    two hits."""
    if len(found.hits) < 2 or found.cards:
        return False
    first, second = found.hits[0], found.hits[1]
    return (first.passage.kind == "ruling" and first.parts.get("unnamed", 0.0) < 0
            and second.passage.kind in RULE_KINDS and _held(second, r) >= _held(first, r) - ALIKE - 1e-9)


#: The signals by name, each ``(ranking, ranker) -> hedge``, as ``/frage`` and ``bench/hedge_cv.py`` read them.
SIGNALS: dict[str, Callable[[Ranked, Ranker], bool]] = {
    "covered_alike": covered_alike,
    "unnamed_over_rule": unnamed_over_rule,
}


def undecided(found: Ranked, r: Ranker) -> bool:
    """True when any of :data:`SIGNALS` holds for ``found``: ``/frage`` hedges its answer."""
    return any(signal(found, r) for signal in SIGNALS.values())


__all__ = ["ALIKE", "SIGNALS", "covered_alike", "undecided", "unnamed_over_rule"]
