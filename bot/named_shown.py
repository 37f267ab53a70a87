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
from bot.store import PassageRecord

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


def named_card_shown(hits: list[Hit], found: Candidates, page: int = PAGE) -> None:
    """Put, in place, the own text of the first card ``found.cards`` names (:func:`names_card`) on the last place of
    the first ``page`` of ``hits`` (best first) when no passage of a named card (its rulings or its text) is among
    them; the hit it displaces and every one below move one place down, the places above keep theirs. The card's
    text takes the displaced hit's score (its ``shown`` part the difference), so the scores stay in order. Nothing
    changes when the question names no card, a named card is already on the page, or ``hits`` holds no named card's
    text (a search over rulings or rules only)."""
    cards = found.cards
    if not cards or len(hits) <= page or any(h.passage.card_id in cards for h in hits[:page]):
        return
    texts = {h.passage.card_id: i for i, h in enumerate(hits) if i >= page and h.passage.kind == "card"
             and h.passage.card_id in cards and names_card(h.passage, found)}
    at = next((texts[c] for c in cards if c in texts), None)
    if at is None:
        return
    hit = hits.pop(at)
    hit.parts["shown"] = hits[page - 1].score - hit.score
    hit.score = hits[page - 1].score
    hits.insert(page - 1, hit)


__all__ = ["PAGE", "named_card_shown", "names_card"]
