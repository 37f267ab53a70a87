"""The final term groups of a question's analysis (:attr:`bot.analysis.Analysis.groups`): which of its terms the
ranking counts together as one word of the question (a word's stems and compound parts, a concept named by words
that give no term themselves) and which alone."""

from __future__ import annotations

from typing import Protocol, TypeVar


class Grouped(Protocol):
    """What :func:`question_groups` reads and sets of an analysis (:class:`bot.analysis.Analysis`)."""

    terms: list[str]
    groups: list[tuple[str, ...]]


G = TypeVar("G", bound=Grouped)


def question_groups(out: G, named: dict[int, list[str]]) -> G:
    """``out`` (a capped question's analysis) with :attr:`bot.analysis.Analysis.groups` made final: each word's
    terms that the cap kept, a group per concept named by words that give no term themselves ("im Spiel", from
    ``named``: word position → concepts), and every other kept term alone."""
    kept = set(out.terms)
    seen = {t for g in out.groups for t in g}
    out.groups += [tuple(dict.fromkeys(c for c in found if c not in seen)) for found in named.values()]
    grouped = [g for g in (tuple(t for t in group if t in kept) for group in out.groups) if g]
    seen = {t for g in grouped for t in g}
    out.groups = list(dict.fromkeys([*grouped, *((t,) for t in out.terms if t not in seen)]))
    return out


__all__ = ["Grouped", "question_groups"]
