"""A card name typed into an option that takes one (``/karte name``, ``/ruling karte``, the calculators) the way
players write it in a sentence: after an article („der Boros-Rekrut“) or as a legendary card's first name alone
(„Tolsimir“ for Tolsimir Wolfsblut, as its own rules text calls it). :func:`typed_lookup` reads both as the card
where :meth:`bot.search.NameIndex.lookup` alone finds none; ``/frage`` reads them so already
(:meth:`bot.search.NameIndex.named`).
"""

from __future__ import annotations

import re

from bot.search import SHORT, Lookup, NameIndex
from bot.store import Store
from bot.text import fold, name_words

#: A German article before the name, as a sentence puts it („der Boros-Rekrut“, „den Phytohydra“).
_ARTICLE = re.compile(r"(?i)(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+(?=\S)")
#: The type line's word of a legendary card (the German printings: „Legendäre Kreatur — Elf, Krieger“).
_LEGENDARY = "legendär"


async def typed_lookup(names: NameIndex, store: Store, query: str) -> Lookup:
    """What the typed card name ``query`` means: :meth:`bot.search.NameIndex.lookup`'s answer when it answers a card;
    else the card the name after a leading German article answers („der Boros-Rekrut“: Boros-Rekrut, read as that
    lookup reads it, its :attr:`~bot.search.Lookup.how` kept); else, for one typed word that is the first word of
    exactly one card's name and that card is legendary (its type line in ``store``), that card as its short name
    (:data:`bot.search.SHORT`: „Tolsimir“ → Tolsimir Wolfsblut, whose own text calls it „Tolsimir“; CR 201.5c reads a
    legendary card's shortened name as its name); else the first lookup's answer with its candidates."""
    found = names.lookup(query)
    if found.hit is not None:
        return found
    article = _ARTICLE.match(query.lstrip())
    if article is not None:
        bare = names.lookup(query.lstrip()[article.end():])
        if bare.hit is not None:
            return bare
    typed = name_words(query)
    named = names.named(query).hit if len(typed) == 1 else None
    if named is None or name_words(named.card_name)[0] != typed[0]:
        return found
    card = await store.card(named.card_id)
    if card is None or fold(_LEGENDARY) not in fold(card.type_line or ""):
        return found
    return Lookup(named, SHORT, [])


__all__ = ["typed_lookup"]
