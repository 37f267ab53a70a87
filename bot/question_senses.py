"""What a whole question means that none of its words names alone: the concepts of :mod:`bot.modal_conflict`
(„kann … kann nicht“: rule 101.2) and :mod:`bot.library_stapel` („stapel“ with „oben“: the library), and the owner
a „wem gehört …“ asks for (:func:`owner_concepts`), read by :meth:`bot.analysis.Analyser.analyse` for a German
question only (a passage's text is no player's sentence)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.concepts import concept_id
from bot.library_stapel import library_concepts
from bot.modal_conflict import conflict_concepts

#: The term table's Besitzer (owner, rule 108.3: „Der Besitzer einer Karte ist der Spieler, der sie … in die Partie
#: mitgebracht hat“).
OWNER = concept_id("k", "owner")
#: „wem“/„wessen“ and the forms of „gehören“ as :func:`bot.words.tokens` gives them (umlaut kept; typed without it).
_WHOSE = frozenset({"wem", "wessen", "whom", "whose"})
_BELONGS = frozenset({"gehört", "gehören", "gehörst", "gehöre", "gehörte", "gehörten", "gehoert", "gehoeren",
                      "gehort", "gehoren", "belongs", "belong"})


def owner_concepts(words: Sequence[str]) -> list[str]:
    """``[OWNER]`` when ``words`` (a question's tokens) hold „wem“ (or „wessen“) and a form of „gehören“: „wem gehört
    ein Spielstein“ asks who the owner is, a word the question does not type; else []."""
    held = set(words)
    return [OWNER] if not held.isdisjoint(_WHOSE) and not held.isdisjoint(_BELONGS) else []


def question_senses(words: Sequence[str]) -> list[str]:
    """The concept ids the question's tokens ``words`` (:func:`bot.words.tokens`, umlauts kept, as the analysis reads
    them) name together, each once, in the order of the readings; [] for most questions. Pure; linear in
    ``len(words)``."""
    return list(dict.fromkeys([*conflict_concepts(words), *library_concepts(words), *owner_concepts(words)]))


__all__ = ["OWNER", "owner_concepts", "question_senses"]
