"""What a whole question means that none of its words names alone: the concepts of :mod:`bot.modal_conflict`
(„kann … kann nicht“: rule 101.2) and :mod:`bot.library_stapel` („stapel“ with „oben“: the library), the owner
a „wem gehört …“ asks for (:func:`owner_concepts`) and the legend rule „legendär“ with „Namen“ asks for
(:func:`legend_concepts`), read by :meth:`bot.analysis.Analyser.analyse` for a German
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


#: The legend rule (CR 704.5j: a player who controls two or more legendary permanents with the same name chooses one
#: and puts the rest into their owners' graveyards; 001's rulings „Legendenregel“ of Ley-Linie der Einzigartigkeit and
#: Tolsimir Wolfsblut): the term table's concept and the synonym group's, as a question typing „Legendenregel“ names.
LEGEND_RULE = (concept_id("k", "Legend Rule"), concept_id("s", "legendenregel"))
#: Word beginnings of „legendär“ (also typed „legendaer“, „legendar“; English „legendary“) and of „Name“ („Namen“,
#: „Namens“, „gleichnamig“, „same name“) as :func:`bot.words.tokens` gives them.
_LEGENDARY = ("legendär", "legendaer", "legendar")
_NAME = ("name", "gleichnamig")


def legend_concepts(words: Sequence[str]) -> list[str]:
    """:data:`LEGEND_RULE` when ``words`` (a question's tokens) hold a form of „legendär“ and one of „Name“: „zwei
    legendäre Kreaturen mit gleichem Namen“ asks what the legend rule does, a rule the question does not name; else
    []."""
    legendary = any(w.startswith(_LEGENDARY) for w in words)
    return list(LEGEND_RULE) if legendary and any(w.startswith(_NAME) for w in words) else []


def question_senses(words: Sequence[str]) -> list[str]:
    """The concept ids the question's tokens ``words`` (:func:`bot.words.tokens`, umlauts kept, as the analysis reads
    them) name together, each once, in the order of the readings; [] for most questions. Pure; linear in
    ``len(words)``."""
    return list(dict.fromkeys([*conflict_concepts(words), *library_concepts(words), *owner_concepts(words),
                               *legend_concepts(words)]))


__all__ = ["LEGEND_RULE", "OWNER", "legend_concepts", "owner_concepts", "question_senses"]
