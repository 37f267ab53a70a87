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
* :func:`unasked_mechanic`: the question names no card, and its first hit is a passage of a card or section it does
  not name, about a mechanic (a keyword ability or ability word of the term table) it does not name either, that
  holds not every game term the question names: it says of another mechanic what the question asks in general
  („Kann ich eine Hexerei wirken, wenn ich keine Priorität habe?“: 002's ruling on casting the Nachhall half of a
  split card right after the first, which holds „wirken“ and „Priorität“ but no sorcery; no document gives the
  timing of sorceries). A keyword action counts as the passage's mechanic when the passage's title names it (000's
  sections „Fehde“ and „Clash“: „can I cast a sorcery during my opponent's turn“ led with the English clash article).
* :func:`unasked_rule`: the question names no card and no rule number, and its first hit is a rule a document
  quotes or a paragraph of a mechanics section, about a mechanic the question does not name („wann darf ich eine
  hexerei wirken“: 001's Transmutation rule 502.43a, which says only that the ability is played when a sorcery
  could be).

:func:`hedges` decides with them and the settings of :class:`Confidence`: a first that leads by what the question
itself decides (:data:`DECIDING`: the card it names, the term it asks to define, the players' words it uses) is clear
however close the second; a first holding little of the question's words (:attr:`Confidence.thin`) is not, however
far it leads. Measured by 5-fold CV of the decision on the tuning parts (``bench/hedge_table.py``, docs/ranking.md
⁷⁶): of 937 right first answers 301 hedged instead of 324 out of fold, the wrong ones left unhedged not more (19 of
159); on the validation part's summary one more wrong answer went unhedged (11 of 53 instead of 10), so ``/frage``
does not use it (:func:`bot.answers.questions.verdict_line`'s ``confidence`` is None): it is left off. With
:attr:`Confidence.alone` off as well (a note hedges only an unclear or thin lead; lead and thin chosen per fold),
out of fold 300 of 1 058 right first answers were hedged instead of 363 at 19 wrong ones unhedged as before, but on
the judges' 180 development questions 8 wrong answers went unhedged instead of 2 (docs/ranking.md ¹¹⁴): left off
too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from bot.answers.hollow import defined_lead, unheld_terms
from bot.candidates import Hit
from bot.concepts import term_concept
from bot.generality import RULE_KINDS
from bot.ranking import Ranked, Ranker
from bot.terms import term_index

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


#: The kinds of rows of the term table (``data/terms_de_en.tsv``) that name a mechanic of their own: a passage
#: holding such a concept is about that mechanic (:func:`unasked_mechanic`).
MECHANIC_KINDS = ("keyword_ability", "ability_word")
#: The kinds of rows that name a mechanic when a passage's title is the row's name (a mechanics section's ruling
#: titled „Fehde“ or „Clash“, CR 701.30): besides :data:`MECHANIC_KINDS` the keyword actions, which are ordinary
#: words of many passages („aufdecken“, „opfern“) and so count only as a title.
TITLE_KINDS = (*MECHANIC_KINDS, "keyword_action")


@cache
def mechanic_concepts() -> frozenset[str]:
    """The concept ids (:func:`bot.concepts.term_concept`) of the term table's rows of :data:`MECHANIC_KINDS`
    (Nachhall: ``zzkaftermath``), read once."""
    return frozenset(term_concept(t) for t in term_index().terms if t.kind in MECHANIC_KINDS)


@cache
def titled_mechanic(title: str) -> frozenset[str]:
    """The concept of the mechanic ``title`` is the exact name of (a row of :data:`TITLE_KINDS`: „Clash“ →
    ``zzkclash``), else empty; read once per title."""
    m = term_index().lookup(title)
    return frozenset((term_concept(m.term),)) if m is not None and m.how == "exact" and m.term.kind in TITLE_KINDS \
        else frozenset()


def unasked_mechanic(found: Ranked, r: Ranker) -> bool:
    """True when ``found``'s question names no card, its first hit is a passage of a card or section it does not
    name (a negative ``unnamed`` part), that passage holds the concept of a mechanic (:func:`mechanic_concepts`)
    and the question names none of its mechanics, and the passage lacks a game term the question names
    (:func:`bot.answers.hollow.unheld_terms`). False without hits. On the tuning parts (out of fold, docs/ranking.md
    ¹³⁰) it newly hedged one right first answer and no wrong one; it is for the questions no document answers."""
    if not found.hits or found.cards:
        return False
    first = found.hits[0]
    if first.parts.get("unnamed", 0.0) >= 0:
        return False
    about = mechanic_concepts().intersection(first.passage.concepts) | titled_mechanic(first.passage.title)
    return bool(about) and about.isdisjoint(found.analysis.concepts) and bool(unheld_terms(found, r))


#: The kinds of passage that are a mechanic's own rule text: a rule a document quotes and a section's paragraph.
RULE_TEXTS = ("quoted_rule", "mechanic")


def unasked_rule(found: Ranked, r: Ranker) -> bool:
    """True when ``found``'s question names no card and no rule number and its first hit is a passage of
    :data:`RULE_TEXTS` in a mechanics section about a mechanic the question names none of — a quoted rule holding a
    mechanic's concept (:func:`mechanic_concepts`), a paragraph of a section its title names
    (:func:`titled_mechanic`): the rule of another mechanic that mentions what the question asks only in passing
    (Transmutation's 502.43a, „nur zu einem Zeitpunkt, zu dem du auch eine Hexerei spielen könntest“, for „wann
    darf ich eine hexerei wirken“). ``r`` is unused (the signature of :data:`SIGNALS`). False without hits. On the
    tuning parts (out of fold, docs/ranking.md ¹³⁸) it newly hedged one wrong first answer and no right one."""
    if not found.hits or found.cards or found.analysis.numbers:  # „was sagt regel 502.46“ names its rule
        return False
    first = found.hits[0].passage
    if first.kind not in RULE_TEXTS or first.mechanic_id is None:
        return False
    # a quoted rule is its section's mechanic's rule („Transmutation ist eine aktivierte Fähigkeit …“); a paragraph
    # is about the mechanic its section's title names (001's „Gilden“ mentions Einberufen in passing: none)
    about = mechanic_concepts().intersection(first.concepts) if first.kind == "quoted_rule" \
        else titled_mechanic(first.title)
    return bool(about) and about.isdisjoint(found.analysis.concepts)


#: The signals by name, each ``(ranking, ranker) -> hedge``, as ``/frage`` and ``bench/hedge_cv.py`` read them.
SIGNALS: dict[str, Callable[[Ranked, Ranker], bool]] = {
    "covered_alike": covered_alike,
    "unnamed_over_rule": unnamed_over_rule,
    "unasked_mechanic": unasked_mechanic,
    "unasked_rule": unasked_rule,
}


def undecided(found: Ranked, r: Ranker) -> bool:
    """True when any of :data:`SIGNALS` holds for ``found``: ``/frage`` hedges its answer."""
    return any(signal(found, r) for signal in SIGNALS.values())


#: The parts of :attr:`bot.candidates.Hit.parts` that come from what the question itself says: ``card`` (a ruling of
#: the card it names, :mod:`bot.mentions`), ``definition`` (the passage defining the term it asks about,
#: :mod:`bot.definitions`) and ``transl`` (the players' words it uses, met through earlier questions' answers,
#: :mod:`bot.translation`). On the tuning parts a first answer hedged before that led the second by one of them was
#: right 33 times of 34 (docs/ranking.md ⁷⁶); ``earlier`` and ``phrase`` were measured beside them and left out (more
#: wrong answers unhedged for as many right ones).
DECIDING = ("card", "definition", "transl")


@dataclass(frozen=True)
class Confidence:
    """The settings of :func:`hedges`.

    Attributes:
        lead: the points (score units of :mod:`bot.ranking`) by which the first hit's part of :data:`DECIDING` must
            exceed the second's for the question to decide the lead (:func:`decided`).
        thin: a first hit holding less than this share (0–1) of the question's term weight is hedged unless decided,
            however far it leads (it answers a part of the question at most).
        notes: a decided lead is clear also when the question's notes would hedge (a word read as another, an
            unknown word: :class:`bot.answers.unknown_notes.Notes`); they are said above it all the same.
        alone: the notes hedge also a lead the ranking holds clearly by itself (neither unclear nor thin); False:
            only an unclear or thin lead, the notes' own line („„x“ (gelesen als „y“) …“) says the rest.
    """

    lead: float = 0.5
    thin: float = 0.45
    notes: bool = True
    alone: bool = True


#: The measured settings: those ``bench/hedge_table.py``'s CV chose most often with a slack of one (in two folds of
#: five; the others 1/0.4, 0.5/0.35, 1/0.45), out of fold 301 of 937 right first answers hedged instead of 324 and the
#: wrong ones left unhedged as many as before (19 of 159; docs/ranking.md ⁷⁶). Left off: on the validation part one
#: more wrong answer went unhedged.
CONFIDENCE = Confidence()


def decided(found: Ranked, c: Confidence = CONFIDENCE) -> bool:
    """True when ``found``'s first hit leads the second by at least ``c.lead`` in one part of :data:`DECIDING` (the
    only hit: by any such part above ``c.lead``). False without hits."""
    if not found.hits:
        return False
    first = found.hits[0].parts
    second = found.hits[1].parts if len(found.hits) > 1 else {}
    return any(first.get(p, 0.0) - second.get(p, 0.0) >= c.lead for p in DECIDING)


def hedges(found: Ranked, r: Ranker, noted: bool, c: Confidence | None = CONFIDENCE) -> bool:
    """True when ``/frage`` hedges ``found``'s answer by the ranking and the notes (``noted``: the question's notes
    ask for it, :attr:`bot.answers.unknown_notes.Notes.hedge`): no candidate leads clearly
    (:attr:`bot.ranking.Ranked.clear`) or one of :data:`SIGNALS` holds, or the first holds less than ``c.thin`` of the
    question's words — unless the question decides the lead (:func:`decided`); a mechanic's definition leading a
    question on what it is (:func:`bot.answers.hollow.defined_lead`) is clear. ``noted`` hedges unless the lead is
    decided (``c.notes``) or, with ``c.alone`` off, the lead is neither unclear nor thin. ``c`` None: the decision
    before :class:`Confidence` (any unclear ranking or note hedges). False for no hits unless ``noted``."""
    if not found.hits:
        return noted
    defined = defined_lead(found)
    unclear = not defined and (not found.clear or undecided(found, r))
    if c is None:
        return unclear or noted
    sure = decided(found, c)
    thin = not defined and _held(found.hits[0], r) < c.thin - 1e-9
    return ((unclear or thin) and not sure) or (noted and not (sure and c.notes) and (c.alone or unclear or thin))


__all__ = ["ALIKE", "CONFIDENCE", "DECIDING", "MECHANIC_KINDS", "RULE_TEXTS", "SIGNALS", "TITLE_KINDS", "Confidence",
           "covered_alike", "decided", "hedges", "mechanic_concepts", "titled_mechanic", "unasked_mechanic",
           "unasked_rule", "undecided", "unnamed_over_rule"]
