"""The line said above an answer when a typed card name was read as a card's other than exactly: as a typo of
one clear name (:data:`bot.search.TYPO`) or as a card's shortened name (:data:`bot.search.SHORT`, CR 201.5c).
Every answer that takes a typed card name says it the same way (``/karte``, ``/ruling``, the calculators, the
message command's ``[[…]]``); and the error for a typed card name that is a mechanic's (:func:`not_a_card`)."""

from __future__ import annotations

from bot.answers.mechanic_finder import mechanic_finder
from bot.answers.registry import UserError
from bot.reply import Action, quote_user
from bot.search import CHOICES, SHORT, TYPO, Lookup
from bot.store import Store
from bot.text import shorten, tokens, unwrapped

#: Longest typed card name read (characters).
MAX_QUERY = 200
#: The :attr:`bot.search.Lookup.how` that are said above the answer.
NOTED = frozenset({TYPO, SHORT})


def typo_line(typed: str, card_name: str) -> str:
    """The German line said when a typed name was read as the nearest spelled card's (:data:`bot.search.TYPO`):
    ``„Borso-Rekrut“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut.`` (the typed
    text without Discord's markdown around it, escaped and cut to 80 characters)."""
    return (f"„{quote_user(unwrapped(typed[:MAX_QUERY]), 80)}“ steht so nicht in der Datenbank; "
            f"am ähnlichsten geschrieben: {card_name}.")


def short_line(typed: str, card_name: str) -> str:
    """The German line said when a typed name was read as a card's shortened name (:data:`bot.search.SHORT`,
    CR 201.5c): ``„Szadek“ ist der kurze Name von Szadek, Herr der Geheimnisse (Regel 201.5c).`` (the typed text
    without Discord's markdown around it, „**Szadek**“ as „Szadek“, escaped and cut to 80 characters)."""
    return f"„{quote_user(unwrapped(typed[:MAX_QUERY]), 80)}“ ist der kurze Name von {card_name} (Regel 201.5c)."


def reading_line(typed: str, found: Lookup, card_name: str) -> str | None:
    """The line for ``typed`` as ``found`` read it (:func:`typo_line`, :func:`short_line`), None for an exact
    name."""
    if found.how == TYPO:
        return typo_line(typed, card_name)
    return short_line(typed, card_name) if found.how == SHORT else None


async def not_a_card(store: Store, query: str) -> UserError | None:
    """The German error for a typed card name that is no card but a mechanic or keyword (``/karte name: Fehde``):
    it names the command that answers it (``/mechanik``) with the sections as buttons; None when ``query`` names
    neither (:meth:`bot.answers.mechanic_finder.MechanicFinder.resolve`, the rule of ``/mechanik``)."""
    finder = await mechanic_finder(store)
    resolved = finder.resolve(query[:MAX_QUERY])
    # only a name the section or keyword has as written (a title's words as the finder's exact tier compares them,
    # a term the term table matched exactly), never /mechanik's fuzzy reading: an English card name such as
    # „Research“ is no misspelt keyword action „Search“
    typed = tokens(query[:MAX_QUERY])
    sections = [i for i in resolved.sections if tokens(finder.sections[i].title) == typed]
    if resolved.term is not None and resolved.how != "exact":
        return None
    shown = quote_user(query[:MAX_QUERY], 80)
    title = f"Keine Karte „{shown}“ gefunden"
    if sections:
        first = finder.sections[sections[0]].title
        choices = [Action(label=shorten(finder.labels[i], 80), action="mechanic", arg=str(finder.sections[i].id))
                   for i in sections[:CHOICES]]
        return UserError(title, f"„{shown}“ ist keine Karte, sondern eine Mechanik: `/mechanik name: {first}` zeigt "
                                "ihren Abschnitt und ihre Rulings.", choices=choices)
    if resolved.term is not None:
        term = resolved.term
        return UserError(title, f"„{shown}“ ist keine Karte, sondern ein Schlüsselwort: **{term.german}** "
                                f"(Regel {term.rule}); `/mechanik name: {term.german}` erklärt es.")
    return None
