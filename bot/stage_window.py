"""The window of the ranking's later stages: which of the first hits ``sentence``, ``phrase``, ``action`` and
``clause`` re-score (:func:`bot.own_statistics.window` reads it).

The first :attr:`bot.weights.Weights.siblings` (``phrases``) hits, as before, and besides them every later hit among
the first :attr:`bot.weights.Weights.reach` that is a passage of a card, or of a mechanics section, two or more of
whose passages are already among them (:func:`bot.question_words.sibling_group`). The sentence stage compares such
a group's passages with one another (the words all of them hold left out); with the first five alone, which of the
group's passages it compared depended on what unrelated passages stood at places 4–5: a passage dropping out of
the five let a sibling in, which the stages then lifted over the gold (docs/ranking.md ¹³⁴: „kann ich Einziehen
selbst als eine der zwei blauen Karten exilen“, 001:2929 entering beside 001:2943 and 001:2941). With the group
completed within the first ten, its passages there are compared as one group whatever stands beside them. A lone
passage among the first five makes no group of its later siblings: the sentence stage lifts only passages with a
sibling beside them, so completing a lone card ruling's group would lift it over every passage of no group (003's
entries: 001:2881 over 003:428 for „… Zone …“ of tuning3; ¹⁵¹).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.question_words import sibling_group
from bot.store import PassageRecord


def window_places(passages: Sequence[PassageRecord], size: int, reach: int = 0,
                  official: Callable[[PassageRecord], bool] = lambda p: False) -> list[int]:
    """The places (0-based, in order) of ``passages`` (best first) that a later stage re-scores: the first ``size``
    document passages and the ``official`` ones ranked among them (an official rule or glossary entry counts no
    place: the window holds the same document passages as on the documents' store), then every later one among the
    first ``reach`` document passages (and the official ones among those) whose card or mechanics section
    (:func:`bot.question_words.sibling_group`) two or more of the first hold. ``reach`` ≤ ``size``: the first
    only."""
    places: list[int] = []
    seen = 0
    held: dict[tuple[str, int | None], int] = {}
    for n, p in enumerate(passages):
        seen += not official(p)
        if seen > max(size, reach):
            break
        group = sibling_group(p)
        if seen <= size:
            places.append(n)
            if group[1] is not None:
                held[group] = held.get(group, 0) + 1
        elif held.get(group, 0) >= 2:
            places.append(n)
    return places


__all__ = ["window_places"]
