"""Whether a question names a mechanics section, for the ranking's ``unnamed`` part (:mod:`bot.ranking`).

A ruling of a mechanics section (001's „Spuk“, „Karten mit doppeltem Zuschießen“, „„Doppelländer““) answers what the
section's mechanic does. A question that names neither the mechanic nor a card printed in the section asks a
general rule (003's explanation, a document's rule), and such a ruling meets it only through the words they share
(„kommen kreaturen getappt aufs schlachtfeld?“ is not a question on „Doppelländer“), as a card's ruling meets a
question that does not name its card. A section is named by any term of its title that is not a common word of the
documents: „Karten“ in „Karten mit doppeltem Zuschießen“ or „Kreaturen“ in „„Verbesserte“ Kreaturen“ names nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

#: A title term with ``log(N / df)`` below this is a common word of the documents and names no section (about one
#: passage in twenty holds it: „kart“ 1.3, „mana“ 2.2, „zauberspruch“ 2.4 and the concept of „Farbe“ 2.2 in the
#: documents' store; every mechanic's own name is above 3.3).
COMMON_IDF = 3.0


def names_section(question: Collection[str], title: Collection[str], idf: Mapping[str, float]) -> bool:
    """True when the question's analysed terms ``question`` hold a term of a section's analysed title ``title``
    (:attr:`bot.store.PassageRecord.names`) that is not common — its ``idf`` (``log(N / df)`` over the store's
    passages) is at least :data:`COMMON_IDF`, or it is missing from ``idf`` (no passage text holds it, only the
    title) —, or a term beginning with such a title term of three letters or more: the title's words typed as one
    („leyline“ names „Ley-Linien“, whose terms are ``ley`` and ``lini``). Pure; no errors."""
    rare = [t for t in title if idf.get(t, COMMON_IDF) >= COMMON_IDF]
    return any(t in question for t in rare) or any(q.startswith(t) for t in rare if len(t) >= 3 for q in question)


__all__ = ["COMMON_IDF", "names_section"]
