"""A card name typed into an option that takes one (``/karte name``, ``/ruling karte``, the calculators) the way
players write it in a sentence, after an article („der Boros-Rekrut“, „die Phytohydra“): :func:`typed_lookup` reads
it as the card where :meth:`bot.search.NameIndex.lookup` alone finds none. A legendary card's first name alone
(„Tolsimir“, „Agrus“) stays an offer („Meintest du: Tolsimir Wolfsblut“): a name with a word left out is read as no
card by the one rule of every card option (CR 201.5c's shortened name is the part before a comma).
"""

from __future__ import annotations

import re

from bot.search import Lookup, NameIndex

#: A German article before the name, as a sentence puts it („der Boros-Rekrut“, „den Phytohydra“).
_ARTICLE = re.compile(r"(?i)(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+(?=\S)")


def typed_lookup(names: NameIndex, query: str) -> Lookup:
    """What the typed card name ``query`` means: :meth:`bot.search.NameIndex.lookup`'s answer when it answers a card;
    else the card the name after a leading German article answers („der Boros-Rekrut“: Boros-Rekrut, read as that
    lookup reads it, its :attr:`~bot.search.Lookup.how` kept, so a slip after the article is said as a slip); else
    the first lookup's answer with its candidates."""
    found = names.lookup(query)
    if found.hit is not None:
        return found
    article = _ARTICLE.match(query.lstrip())
    if article is not None:
        bare = names.lookup(query.lstrip()[article.end():])
        if bare.hit is not None:
            return bare
    return found


__all__ = ["typed_lookup"]
