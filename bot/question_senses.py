"""What a whole question means that none of its words names alone: the concepts of :mod:`bot.modal_conflict`
(„kann … kann nicht“: rule 101.2) and :mod:`bot.library_stapel` („stapel“ with „oben“: the library), the owner
a „wem gehört …“ asks for (:func:`owner_concepts`), the legend rule „legendär“ or „Legende“ with „Namen“ or
„gleich“ asks for (:func:`legend_concepts`), the Legendär a player's noun „Legende“ names (:func:`legendary_concepts`)
and the generic mana a numeral mana symbol stands for (:func:`generic_concepts`), read
by :meth:`bot.analysis.Analyser.analyse` for a German question only (a passage's text is no player's sentence)."""

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
#: Word beginnings of „legendär“ (also typed „legendaer“, „legendar“; English „legendary“) and of the noun „Legende“
#: („Legenden“, players' word for a legendary permanent) as :func:`bot.words.tokens` gives them.
_LEGENDARY = ("legendär", "legendaer", "legendar", "legende")
#: Word beginnings of „Name“ („Namen“, „Namens“, „gleichnamig“, „same name“) and of the words players say the same
#: name with: „gleich“ („zwei gleiche Legenden“), „dieselbe“/„derselbe“/„dasselbe“, „selbe“ („die selbe Legende“).
_NAME = ("name", "gleichnamig", "gleich", "dieselb", "derselb", "dasselb", "denselb", "demselb", "selb")


def legend_concepts(words: Sequence[str]) -> list[str]:
    """:data:`LEGEND_RULE` when ``words`` (a question's tokens) hold a form of „legendär“ or „Legende“ and one of
    „Name“ or a word saying the same (:data:`_NAME`): „zwei legendäre Kreaturen mit gleichem Namen“, „zwei gleiche
    Legenden im Spiel“, „beide dieselbe legendäre Kreatur“ ask what the legend rule does, a rule the question does
    not name; else []."""
    legendary = any(w.startswith(_LEGENDARY) for w in words)
    return list(LEGEND_RULE) if legendary and any(w.startswith(_NAME) for w in words) else []


#: The term table's Legendär (CR 205.4d) and the noun players say for a legendary permanent, „Legende“ („Legenden“),
#: which no document prints (001 says „legendäre bleibende Karten“).
LEGENDARY = concept_id("k", "Legendary")


def legendary_concepts(words: Sequence[str]) -> list[str]:
    """``[LEGENDARY]`` when ``words`` (a question's tokens) hold the noun „Legende“ or „Legenden“ (not „Legendenregel“,
    which names the rule itself): „zwei gleiche Legenden im Spiel“ asks about legendary permanents; else []."""
    return [LEGENDARY] if any(w in ("legende", "legenden") for w in words) else []


#: The term table's Generisches Mana (CR 107.4b; 003:274: „Zahlensymbole (etwa {1}) und Variablensymbole (etwa {X})
#: stehen in Kosten für generisches Mana“).
GENERIC_MANA = concept_id("k", "Generic Mana")
#: The most digits of a numeral mana symbol read (``{0}`` … ``{20}``, ``{100}``: CR 107.4b; a longer number is no
#: cost a question asks about: Gleemax's ``{1000000}`` is a joke card's).
_NUMERAL_DIGITS = 3


def generic_concepts(words: Sequence[str]) -> list[str]:
    """``[GENERIC_MANA]`` when ``words`` (a question's tokens) hold a numeral mana symbol (``{3}``, which
    :func:`bot.words.tokens` reads as ``m3``): „die {3} im manacost, darf da jede farbe rein“ asks about the generic
    mana the symbol stands for (CR 107.4b), a word the question does not type; else []. Not ``{X}`` (``mx``, also a
    bare „X“): a question on X asks for its value (CR 107.3), not the kind of mana; not a hybrid ``{2/B}`` (``m2b``)."""
    numeral = any(len(w) > 1 and w[0] == "m" and w[1:].isdigit() and len(w) <= _NUMERAL_DIGITS + 1 for w in words)
    return [GENERIC_MANA] if numeral else []


def question_senses(words: Sequence[str]) -> list[str]:
    """The concept ids the question's tokens ``words`` (:func:`bot.words.tokens`, umlauts kept, as the analysis reads
    them) name together, each once, in the order of the readings; [] for most questions. Pure; linear in
    ``len(words)``."""
    return list(dict.fromkeys([*conflict_concepts(words), *library_concepts(words), *owner_concepts(words),
                               *legend_concepts(words), *legendary_concepts(words),
                               *generic_concepts(words)]))


__all__ = ["GENERIC_MANA", "LEGENDARY", "LEGEND_RULE", "OWNER", "generic_concepts", "legend_concepts",
           "legendary_concepts", "owner_concepts", "question_senses"]
