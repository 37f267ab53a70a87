"""The last step of :meth:`bot.ranking.Ranker.stages`: a question that names a card shows something of that card on
its first page.

A player who names a card („kann der Boros-Rekrut blocken?“) expects that card among the answers. When the words of
the question match other cards' rulings better (Mückengassen-Kriecher's 001:2433 „… kann … nicht blocken“, every
ruling that says „blocken“), none of the named card's passages may reach ``/frage``'s first page; the card's own text
(kind ``card``: its type line and rules text, Boros-Rekrut's „Erstschlag“) is then put on the page's last place, so
the page answers about the card asked too. The places above it keep their order: a question naming a card can ask
about another one (its answer another card's ruling), so no passage that won one of the first four places is
lowered.
"""

from __future__ import annotations

from bot.candidates import Candidates, Hit
from bot.concepts import concept_id
from bot.store import PassageRecord

#: A creature card's type line answers whether it can attack or block (CR 508.1a, 509.1a: the attacking and the
#: defending player choose among the creatures they control): its text holds these concepts through „Kreatur“.
CREATURE = concept_id("k", "Creature")
CREATURE_ACTS = frozenset(concept_id("k", name) for name in (
    "Attacking Creature", "Blocking Creature", "Declare Attackers Step", "Declare Blockers Step"))

#: The passages of ``/frage``'s first page: the best one and the others below it
#: (1 + :data:`bot.answers.questions.OTHERS`).
PAGE = 5


def names_card(p: PassageRecord, found: Candidates) -> bool:
    """True when the question of ``found`` names the card whose own text is ``p`` in full: every term of its name
    is one of the question's terms („boros-rekrut“ → boros, rekrut), or the ranking read the card from a name not its
    own (``found.mention``: a slip, its English name, a split card's half). A card read from one rare word of its name
    alone (the „tot“ of Reifgebundene Tote in „bei 0 leben sofort tot“) does not count: that word is the player's
    own, not a name."""
    if found.mention is not None and found.mention.card_id == p.card_id:
        return True
    return bool(p.names) and p.names <= set(found.analysis.terms)


def text_answers(p: PassageRecord, found: Candidates) -> bool:
    """True when the card text ``p`` holds every content word of the question of ``found`` beyond the card's name
    (:attr:`bot.analysis.Analysis.word_groups`; a word held by its own stem or one of the concepts it names, not by a
    compound part; a creature's text holds attacking and blocking, :data:`CREATURE_ACTS`), and the question asks
    with at least one such word: it asks what the card is or can do by what it prints („Ist Boros-Rekrut eine
    Kreatur?“: „Kreatur — Goblin, Soldat …“). False for a question of the card's name alone."""
    held = set(p.terms) | set(p.concepts)
    if CREATURE in held:
        held |= CREATURE_ACTS
    asked = _asked(p, found)
    return bool(asked) and all(not held.isdisjoint(own) for own in asked)


def _asked(p: PassageRecord, found: Candidates) -> list[tuple[str, ...]]:
    """The question's content words beyond the name of ``p``'s card, each as its own stem and the concepts it names
    (the terms a passage holds it by, not its compound parts)."""
    concepts = set(found.analysis.concepts)
    return [tuple(t for i, t in enumerate(g) if i == 0 or t in concepts)
            for g in found.analysis.word_groups() if g and not set(g) <= p.names]


def _section_speaks(hits: list[Hit], p: PassageRecord, found: Candidates) -> bool:
    """True when one of ``hits`` is a passage of the mechanics section ``p``'s card is printed in (its ``section``
    part) that holds a word the question asks with (:func:`_asked`): the section's ruling on what is asked answers
    for the card („Verbesserte“ Kreaturen' 001:2012 on an Azorius-Herold put onto the battlefield)."""
    asked = _asked(p, found)
    return any(h.parts.get("section", 0.0) > 0 and any(not (set(h.passage.terms) | set(h.passage.concepts))
                                                      .isdisjoint(own) for own in asked) for h in hits)


def named_card_shown(hits: list[Hit], found: Candidates, page: int = PAGE) -> None:
    """Put, in place, the own text of the first card ``found.cards`` names (:func:`names_card`) on the last place of
    the first ``page`` of ``hits`` (best first) when no passage of a named card (its rulings or its text) is among
    them; the hit it displaces and every one below move one place down, the places above keep theirs. The card's
    text takes the displaced hit's score (its ``shown`` part the difference), so the scores stay in order. Nothing
    changes when the question names no card, a named card's ruling is already on the page, or ``hits`` holds no
    named card's text (a search over rulings or rules only). When the card's text holds every other word the
    question asks with (:func:`text_answers`: „Ist Boros-Rekrut eine Kreatur?“, „kann der boros-rekrut blocken?“),
    it takes the first place instead (also from a lower place of the page), with the first hit's score, unless a
    ruling of the card's mechanics section above it holds a word asked (:func:`_section_speaks`): no ruling of the
    card speaks of what is asked, its text does."""
    cards = found.cards
    if not cards or any(h.passage.card_id in cards and h.passage.kind != "card" for h in hits[:page]):
        return
    texts = {h.passage.card_id: i for i, h in enumerate(hits) if h.passage.kind == "card"
             and h.passage.card_id in cards and names_card(h.passage, found)}
    at = next((texts[c] for c in cards if c in texts), None)
    if at is None:
        return
    p = hits[at].passage
    place = 0 if text_answers(p, found) and not _section_speaks(hits[:at], p, found) else page - 1
    if at <= place or (at < page and place):  # first already, or on the page when it does not answer
        return
    hit = hits.pop(at)
    hit.parts["shown"] = hits[place].score - hit.score
    hit.score = hits[place].score
    hits.insert(place, hit)


__all__ = ["CREATURE", "CREATURE_ACTS", "PAGE", "named_card_shown", "names_card", "text_answers"]
