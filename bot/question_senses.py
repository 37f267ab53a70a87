"""What a whole question means that none of its words names alone: the concepts of :mod:`bot.modal_conflict`
(„kann … kann nicht“: rule 101.2) and :mod:`bot.library_stapel` („stapel“ with „oben“: the library), read by
:meth:`bot.analysis.Analyser.analyse` for a German question only (a passage's text is no player's sentence)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.library_stapel import library_concepts
from bot.modal_conflict import conflict_concepts


def question_senses(words: Sequence[str]) -> list[str]:
    """The concept ids the question's folded tokens ``words`` name together, each once, in the order of the
    readings; [] for most questions. Pure; linear in ``len(words)``."""
    return list(dict.fromkeys([*conflict_concepts(words), *library_concepts(words)]))


__all__ = ["question_senses"]
