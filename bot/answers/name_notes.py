"""The line said above an answer when a typed card name was read as a card's other than exactly: as a typo of
one clear name (:data:`bot.search.TYPO`) or as a card's shortened name (:data:`bot.search.SHORT`, CR 201.5c).
Every answer that takes a typed card name says it the same way (``/karte``, ``/ruling``, the calculators, the
message command's ``[[…]]``)."""

from __future__ import annotations

from bot.reply import quote_user
from bot.search import SHORT, TYPO, Lookup

#: Longest typed card name read (characters).
MAX_QUERY = 200
#: The :attr:`bot.search.Lookup.how` that are said above the answer.
NOTED = frozenset({TYPO, SHORT})


def typo_line(typed: str, card_name: str) -> str:
    """The German line said when a typed name was read as the nearest spelled card's (:data:`bot.search.TYPO`):
    ``„Borso-Rekrut“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut.`` (the typed
    text escaped and cut to 80 characters)."""
    return (f"„{quote_user(typed[:MAX_QUERY], 80)}“ steht so nicht in der Datenbank; "
            f"am ähnlichsten geschrieben: {card_name}.")


def short_line(typed: str, card_name: str) -> str:
    """The German line said when a typed name was read as a card's shortened name (:data:`bot.search.SHORT`,
    CR 201.5c): ``„Szadek“ ist der kurze Name von Szadek, Herr der Geheimnisse (Regel 201.5c).`` (the typed text
    escaped and cut to 80 characters)."""
    return f"„{quote_user(typed[:MAX_QUERY], 80)}“ ist der kurze Name von {card_name} (Regel 201.5c)."


def reading_line(typed: str, found: Lookup, card_name: str) -> str | None:
    """The line for ``typed`` as ``found`` read it (:func:`typo_line`, :func:`short_line`), None for an exact
    name."""
    if found.how == TYPO:
        return typo_line(typed, card_name)
    return short_line(typed, card_name) if found.how == SHORT else None
