"""The card names a user is offered: the autocomplete of ``/karte name`` and every other card option
(:func:`card_names`: the name index's entries, :class:`bot.search.NameIndex`, as choices, each made once per index
and kept; the command table makes them all at start, :func:`prepare_choices`) and the "Meintest du" picks of a
name that fits no card exactly (:func:`card_choices`), each labelled with the English name it matched
(:func:`choice_label`).
"""

from __future__ import annotations

import weakref

from bot.answers.name_notes import MAX_QUERY
from bot.answers.registry import AnswerContext, completer
from bot.name_offers import with_declined, with_english, with_mentioned
from bot.reply import CHOICE_NAME_MAX, Action, Choice, cut_units, utf16_len
from bot.search import EXACT, IN_MEMORY_ENTRIES, NameHit, NameIndex


@completer("card_names")
def card_names(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete: up to 25 card names by :meth:`bot.search.NameIndex.complete_entries` (first keystrokes kept); a
    card found by its English name says so (``Akkord des Rufes (engl. Chord of Calling)``, a split card by an English
    half its rulings print: „driv“ → ``Getrieben // Verzweiflung (engl. Driven)``, ``with_english``); a card the
    documents only mention fills free places („llano“ → ``Llanovarelfen (nur erwähnt)``: ``with_mentioned``); with
    nothing else, a declined first word offers its card („phobischen traumding“, :mod:`bot.declined_names`)."""
    names = ctx.names
    made = _made_choices(names)
    out = []
    for idx in names.complete_entries(current[:MAX_QUERY]):
        choice = made.get(idx)
        if choice is None:
            if len(made) >= CHOICES_KEPT:  # bounded for any index
                made.clear()
            choice = made[idx] = _choice(names, idx)
        out.append(choice)
    return with_mentioned(ctx.store, current, with_english(ctx.store, current, with_declined(names, current, out)))


def _made_choices(names: NameIndex) -> dict[int, Choice]:
    """The choices :func:`card_names` made for ``names`` so far (:data:`_CHOICES`)."""
    made = _CHOICES.get(names)
    if made is None:
        made = _CHOICES[names] = {}
    return made


def _choice(names: NameIndex, idx: int) -> Choice:
    """The choice of entry ``idx`` of ``names``: its card's name, labelled with the matched English name."""
    card_id, card_name, matched, kind, _words = names.data.entry(idx)
    return Choice(name=choice_label(NameHit(card_id, card_name, matched, EXACT, 100.0, kind)), value=card_name)


def prepare_choices(names: NameIndex) -> None:
    """Make the choice of every entry of ``names`` now (the command table's warm-up), so a keystroke after start
    only looks its choices up: for an index in memory of at most :data:`CHOICES_PREPARED` entries (283 names: well
    under a millisecond); a larger one makes them as they are first offered."""
    if len(names.entries) > CHOICES_PREPARED:  # a stored index
        return
    made = _made_choices(names)
    for idx in range(len(names.entries)):
        if idx not in made:
            made[idx] = _choice(names, idx)


#: Per name index, the choices :func:`card_names` made, by entry of the index (its card name, matched name and
#: language make the choice): a name offered again (every keystroke offers most names of the one before) is the
#: same choice, not a new one with its label made again. A new index (a swapped store) starts without them.
_CHOICES: weakref.WeakKeyDictionary[NameIndex, dict[int, Choice]] = weakref.WeakKeyDictionary()
#: Most choices kept per index in :data:`_CHOICES` (then it starts anew).
CHOICES_KEPT = 65_536
#: Most entries whose choices :func:`prepare_choices` makes at start: those of an index kept in memory.
CHOICES_PREPARED = IN_MEMORY_ENTRIES


def choice_label(hit: NameHit) -> str:
    """The German card name, with ``(engl. …)`` when the English name matched (≤ 100 UTF-16 units)."""
    if not hit.foreign or hit.matched == hit.card_name:
        return cut_units(hit.card_name, CHOICE_NAME_MAX)
    label = f"{hit.card_name} (engl. {hit.matched})"
    return label if utf16_len(label) <= CHOICE_NAME_MAX else cut_units(hit.card_name, CHOICE_NAME_MAX)


def card_choices(hits: list[NameHit], action: str = "card") -> list[Action]:
    """"Meintest du" picks for card names: one button per card running ``action`` with its id
    (``rb:card:<id>`` shows the card, ``rb:rulings:<id>`` its rulings)."""
    return [Action(label=choice_label(h), action=action, arg=str(h.card_id)) for h in hits]
