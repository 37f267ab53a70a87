"""Questions the documents do not answer („wer hat magic erfunden“, „wie teuer ist ein booster“): ``/frage`` says so
in one line above the closest candidates instead of only hedging.

A question is off the documents' subject when nothing in it meets what they are about (:func:`off_topic`):

* it names no card (:attr:`bot.ranking.Ranked.cards`, any spelling ``/karte`` accepts);
* it names no concept of the term table or of ``data/synonyms.tsv`` (:attr:`bot.analysis.Analysis.concepts`;
  every mechanics section's keyword is one, so a question naming a section names a concept) — not counting a
  concept read only from a German word the repair read as another („laden“ → „landen“ is no Land, „geld“ → „gold“
  no Gold: :func:`bot.answers.unknown_notes.meant_words`); a mistyped word („pfropfn“ → Pfropfen) counts as the
  word it was read as;
* the best candidates together hold less than :data:`MIN_HELD` of the question's content words (:func:`held_share`,
  each word weighted by ``log(N / df)`` of its rarest term as the ranking's coverage weighs it; a word is held by a
  compound ending in it, „Richter“ by „Schiedsrichter“);
* the best candidate's title does not hold the question's rarest word (:func:`titled_lead`: a word only a section's
  title holds, „zuschießen“, is the subject of the section that leads).

The thresholds were chosen on the tuning parts (``tests/questions/{tuning,tuning2,dev}.toml``, every question of
them answerable) and the off-topic questions of ``tests/answers/off_topic_questions.py``: ``bench/off_topic.py``
prints how many of each the rule flags (docs/ranking.md).
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterable, Mapping, Sequence

from bot.question_cards import described_card
from bot.ranking import Hit, Ranked, Ranker
from bot.store import Store
from bot.store.passages import TERM

#: A concept whose passages are this rare (``log(N / df)``, N passages, df those naming it) or rarer names a subject
#: of the documents. 0: every concept does — a higher bound would let off-topic questions with a common concept
#: („kostet“ → Kosten 3.1, „bekomme“ → erhalten 2.4) be caught, but flags answerable tuning questions as well
#: (at 3.0 8 of their 734, at 3.5 24; ``bench/off_topic.py``).
MIN_CONCEPT_IDF = 0.0
#: Below this share of the question's content words held by the best candidates, a question naming no card and no
#: concept is one the documents do not answer (0.6–0.8 flag the same questions of the tuning parts and the
#: off-topic set; ``bench/off_topic.py``).
MIN_HELD = 0.7
#: The candidates whose words together are compared with the question's (the answer's best and its four others).
CANDIDATES = 5
#: The answer's line for such a question (``/frage``).
OFF_TOPIC_LINE = ("🚫 Dazu sagen die Dokumente und Regeln des Bots nichts; die Stellen unten sind nur die "
                  "ähnlichsten.")

_RAREST: weakref.WeakKeyDictionary[Ranker, float] = weakref.WeakKeyDictionary()


def _unknown_weight(r: Ranker) -> float:
    """The weight of a term no passage holds: that of the rarest term of the store (df = 1, ``log(N + 1)``), as the
    ranking weighs it; computed once per ranker."""
    if (known := _RAREST.get(r)) is None:
        known = _RAREST[r] = max(r.term_weights.values(), default=1.0)
    return known


#: The shortest stem a compound's last part may be to hold a question's word („richt“ in „schiedsricht“).
HEAD_STEM = 4


def typed_groups(found: Ranked, meant: Collection[str] = ()) -> list[tuple[tuple[str, ...], bool]]:
    """Per content word of the question ``found`` read (:meth:`bot.analysed.Analysis.word_groups`, one per word of
    ``words``, in the question's order) a pair: its terms, and whether it counts as read — False for a word repaired
    as a typo (all its non-concept terms are in :attr:`bot.analysis.Analysis.repaired`) whose typed form is in
    ``meant`` (a German word meant as typed). The one reading of the question's words that the off-topic test
    (:func:`rare_concepts`, :func:`held_share`) and the words it asked (:mod:`bot.answers.asked_words`) share. Pure;
    no errors."""
    a = found.analysis
    concepts = set(a.concepts)
    out = []
    for word, group in zip(a.words, a.word_groups(), strict=False):
        plain = [t for t in group if t not in concepts]
        repaired = bool(plain) and all(t in a.repaired for t in plain)
        out.append((group, not (repaired and a.typos.get(word, word) in meant)))
    return out


def rare_concepts(found: Ranked, weights: Mapping[str, float], meant: Collection[str] = ()) -> list[str]:
    """The concepts the question names through words that count as read (not German words in ``meant`` repaired
    as another word) whose ``weights`` (``log(N / df)``, :attr:`bot.ranking.Ranker.term_weights`) are at least
    :data:`MIN_CONCEPT_IDF` (every concept as shipped), in order."""
    a = found.analysis
    concepts = set(a.concepts)
    groups = [g for g, typed in typed_groups(found, meant) if typed] + a.other_groups()
    named = dict.fromkeys(t for g in groups for t in g if t in concepts)
    return [c for c in named if weights.get(c, 0.0) >= MIN_CONCEPT_IDF]


def held_share(found: Ranked, hits: Sequence[Hit], weights: Mapping[str, float], unknown: float,
               meant: Collection[str] = ()) -> float:
    """The share (0–1) of the question's content words that at least one of ``hits`` holds (any of the word's terms
    among a passage's analysed terms or names, or the last part of a compound among them: „richt“ in
    „schiedsricht“, stems of at least :data:`HEAD_STEM` letters), each word weighing its rarest term (``weights``,
    ``unknown`` for a term no passage holds); a German word of ``meant`` read as another is held by none (the player
    meant another word). 1.0 for a question without content words (nothing to miss)."""
    held_terms = frozenset().union(*(h.passage.terms | h.passage.names for h in hits))
    total = held = 0.0
    for group, typed in typed_groups(found, meant):
        weight = max(weights.get(t, unknown) for t in group)
        total += weight
        if typed and any(t in held_terms or (len(t) >= HEAD_STEM and any(h.endswith(t) for h in held_terms))
                         for t in group):
            held += weight
    return held / total if total else 1.0


def title_holds(names: Collection[str], group: Iterable[str]) -> bool:
    """True when a title whose analysed terms are ``names`` (a passage's :attr:`~bot.store.PassageRecord.names`, or
    those of the store's titles, :func:`titled_terms`) holds a question's word whose terms are ``group``
    (:meth:`bot.analysed.Analysis.word_groups`): one of them is one of the title's terms as written („zuschiess“ of
    001:2929's „Karten mit doppeltem Zuschießen“). The one rule of :func:`titled_lead` and
    :func:`bot.answers.unknown_notes.untitled`."""
    return any(t in names for t in group)


#: The most terms :func:`titled_terms` looks up (one look-up each).
TITLED_READ = 20


async def titled_terms(store: Store, terms: Iterable[str]) -> frozenset[str]:
    """The analysed terms among ``terms`` (the first :data:`TITLED_READ` of lower-case letters and digits; others
    are skipped: no term of a passage) that the title of some passage holds (:meth:`bot.store.Store.term_uses` in
    titles only): ``zuschiess`` of 001:2929, which no passage's text holds.

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    found = set()
    for term in [t for t in dict.fromkeys(terms) if TERM.fullmatch(t)][:TITLED_READ]:
        if await store.term_uses(term, text=False, limit=1):
            found.add(term)
    return frozenset(found)



def titled_lead(found: Ranked, weights: Mapping[str, float], unknown: float, meant: Collection[str] = ()) -> bool:
    """True when the best hit's title (a card's or section's name, a rule's heading: its ``names`` terms) holds the
    question's rarest content word that counts as read (:func:`title_holds`; ``weights``: ``log(N / df)`` of its
    rarest term, ``unknown`` for a term no passage's text holds): the lead is the section on what is asked („wie
    funktioniert zuschießen“ led by „Karten mit doppeltem Zuschießen“, 001:2929). False without hits or such
    words."""
    groups = [g for g, typed in typed_groups(found, meant) if typed and g]
    if not found.hits or not groups:
        return False
    rarest = max(groups, key=lambda g: max(weights.get(t, unknown) for t in g))
    return title_holds(found.hits[0].passage.names, rarest)


def off_topic(found: Ranked, r: Ranker, meant: Collection[str] = ()) -> bool:
    """True when nothing in the question meets the documents' subject (the module's rule): no card named, no
    concept (:func:`rare_concepts`), and the best :data:`CANDIDATES` hits hold less than :data:`MIN_HELD` of its
    words (:func:`held_share`), unless the best hit's title holds its rarest word (:func:`titled_lead`) or the best
    hit is the rule the question names by its number (:func:`bot.answers.asked_rules.rule_led`: „regel 702.19 und
    7022.19“, whose mistyped number no passage holds) or a card the question speaks of by its creature type („Was
    macht der Elf?“ led by a card text „Kreatur — Elf, Druide“: :func:`bot.question_cards.described_card`); ``meant``:
    :attr:`bot.answers.unknown_notes.Notes.meant` of the question. False for a question without hits (``/frage``
    answers „Nichts gefunden“ then)."""
    if not found.hits or found.cards or rare_concepts(found, r.term_weights, meant):
        return False
    if set(found.hits[0].parts) == {"rule"}:  # the rule the question names by number leads (asked_rules.rule_led)
        return False
    if described_card(found.hits[0].passage, found.cards, found.analysis.nouns):  # the card it speaks of
        return False
    if titled_lead(found, r.term_weights, _unknown_weight(r), meant):  # the lead's title is what is asked
        return False
    return held_share(found, found.hits[:CANDIDATES], r.term_weights, _unknown_weight(r), meant) < MIN_HELD


__all__ = ["CANDIDATES", "HEAD_STEM", "MIN_CONCEPT_IDF", "MIN_HELD", "OFF_TOPIC_LINE", "held_share", "off_topic",
           "rare_concepts", "title_holds", "titled_lead", "titled_terms", "typed_groups"]
