"""The card-name completer's offers through an English name the card lookup accepts but the name index does not
hold: a split card's English half names its rulings print („driv“ → Getrieben // Verzweiflung (engl. Driven)),
stored by the build (:mod:`bot.importer.english_offers`) and read once per open store (its stored name index's
connection, :meth:`bot.store.Store.stored_names`), at the command table's warm-up (:func:`prepare`).

Offered after the name index's own offers, under the card's German name with ``(engl. …)`` as an English alias of
a store built with card files is (:func:`bot.answers.card_picks.choice_label`), the value the German name, so the
command then reads the card by its own name.
"""

from __future__ import annotations

import re
import weakref
from functools import lru_cache

from bot.declined_names import completed
from bot.reply import CHOICE_NAME_MAX, CHOICES_MAX, Choice, cut_units, quote_user, utf16_len
from bot.search import NameIndex
from bot.store import Store
from bot.text import fold

#: Most choices an autocomplete answers (Discord's limit, :data:`bot.reply.CHOICES_MAX`).
CHOICES = CHOICES_MAX
#: Shortest typed start (folded letters and digits) whose English offers take the places of the index's last ones
#: (below it they only fill free places: „D“ starts too many names to say which one is meant).
DISPLACE_FROM = 3
#: Per open store: its English names, each ``(folded letters and digits, name, card id, card name)``.
_OFFERS: weakref.WeakKeyDictionary[Store, list[tuple[str, str, int, str]]] = weakref.WeakKeyDictionary()
#: Per open store: the names it only mentions (:mod:`bot.importer.mentioned_offers`), each ``(folded letters and
#: digits, name)``.
_MENTIONED: weakref.WeakKeyDictionary[Store, list[tuple[str, str]]] = weakref.WeakKeyDictionary()
#: What the comparison drops: everything but letters and digits („Driven // Des“, „driven//des“ and „drivendes“
#: start the same name).
_NOT_LETTERS = re.compile(r"[\W_]+")


def offer_key(text: str) -> str:
    """``text`` folded (:func:`bot.text.fold`), letters and digits only."""
    return _NOT_LETTERS.sub("", fold(text))


def _offers(store: Store) -> list[tuple[str, str, int, str]]:
    """The English names the build stored in ``store`` (:meth:`bot.store.names.StoredNames.english_offers`), keyed.

    Raises:
        bot.errors.StoreClosed: the store was closed (an autocomplete answers none then: bot.core).
    """
    kept = _OFFERS.get(store)
    if kept is None:
        stored = store.stored_names().english_offers()
        kept = _OFFERS[store] = [(offer_key(name), name, card_id, card_name) for name, card_id, card_name in stored]
    return kept


def prepare(store: Store) -> None:
    """Read ``store``'s English names now (:func:`_offers`; the command table's warm-up at start and after a swap,
    :func:`bot.commands.cards.prepare_first_keystrokes`), so the first keystroke that needs them does not wait for
    the read (a query of the stored name index's connection and the JSON of the build's meta row).

    Raises:
        bot.store.StoreError: the store's name index cannot be opened (German message).
    """
    _offers(store)
    mentioned_offers(store)


def mentioned_offers(store: Store) -> list[tuple[str, str]]:
    """The names of cards ``store`` only mentions that the build stored
    (:meth:`bot.store.names.StoredNames.mentioned_offers`), each ``(folded letters and digits, name)``, read once
    per open store.

    Raises:
        bot.errors.StoreClosed: the store was closed (an autocomplete answers none then: bot.core).
    """
    kept = _MENTIONED.get(store)
    if kept is None:
        kept = _MENTIONED[store] = [(offer_key(name), name) for name in store.stored_names().mentioned_offers()]
    return kept


def with_mentioned(store: Store, typed: str, offered: list[Choice]) -> list[Choice]:
    """``offered`` (the card-name completer's choices for ``typed``) and after them, in free places only, each name
    ``store`` only mentions (:func:`mentioned_offers`) that starts with ``typed`` (folded, letters and digits, at
    least :data:`DISPLACE_FROM`), as „Llanovarelfen (nur erwähnt)“ with the name as value: picked, ``/karte`` says
    where the documents print it (:func:`bot.answers.mentioned_names.mentioned_error`)."""
    key = offer_key(typed)
    room = CHOICES - len(offered)
    if len(key) < DISPLACE_FROM or room <= 0:
        return offered
    added = [Choice(name=cut_units(f"{name} (nur erwähnt)", CHOICE_NAME_MAX), value=name)
             for folded, name in mentioned_offers(store) if folded.startswith(key)]
    return offered + added[:room]


def with_declined(names: NameIndex, typed: str, offered: list[Choice]) -> list[Choice]:
    """``offered`` (the name index's choices for ``typed``), or when it offers nothing, the card whose name's first
    word the first typed word is in another declined form (:func:`bot.declined_names.completed`: „phobischen
    traumding“ → Phobisches Traumwesen, as ``/frage`` reads „phobischen“), its name as label and value; [] when
    there is none. One look-up of the name index, only when nothing else is offered."""
    if offered:
        return offered
    card = completed(names, typed)
    return [] if card is None else [Choice(name=cut_units(card.card_name, CHOICE_NAME_MAX), value=card.card_name)]


def with_english(store: Store, typed: str, offered: list[Choice]) -> list[Choice]:
    """``offered`` (the name index's choices for ``typed``) and after them each card whose English name stored in
    ``store`` (:func:`_offers`) starts with ``typed`` (folded, letters and digits only; none for a blank text) and
    that ``offered`` does not hold, as „Getrieben // Verzweiflung (engl. Driven)“ (≤ CHOICE_NAME_MAX UTF-16 units) with
    its German name as value (the first of its names that matches is its label); at most :data:`CHOICES`: from
    :data:`DISPLACE_FROM` characters on, the index's last offers (its weakest: typos, other words) give way to these,
    which match the typed start exactly; before, these fill free places only."""
    key = offer_key(typed)
    room = CHOICES if len(key) >= DISPLACE_FROM else CHOICES - len(offered)
    if not key or room <= 0:
        return offered
    seen = {c.value for c in offered}
    added: list[Choice] = []
    for folded, name, _card_id, card_name in _offers(store):
        if folded.startswith(key) and card_name not in seen and len(added) < room:
            seen.add(card_name)
            label = f"{card_name} (engl. {name})"
            shown = label if utf16_len(label) <= CHOICE_NAME_MAX else cut_units(card_name, CHOICE_NAME_MAX)
            added.append(Choice(name=shown, value=card_name))
    return offered[:CHOICES - len(added)] + added if added else offered


def english_in_text(store: Store, text: str, limit: int) -> list[tuple[str, int]]:
    """``(name as typed, card id)`` of each English name ``store`` holds for a card (:func:`_offers`: the names the
    card lookup reads as the card's own, „Fast Forward“ of Schnellvorlauf, „Driven“ of Getrieben // Verzweiflung)
    that ``text`` writes as a whole word or words, in the order written, each card once, at most ``limit``. A name
    of several words is read in any case and spacing („fast forward“); a name of one word only typed capitalised
    („Driven“, not the English verb „driven“ of a sentence). The message command „Karten erklären“ reads them as
    ``/karte`` does (:func:`bot.answers.chat.message_cards`). From memory once the store's names are read.

    Raises:
        bot.errors.StoreClosed: the store was closed.
    """
    found: list[tuple[int, str, int]] = []
    for _key, name, card_id, _card_name in _offers(store):
        found += [(m.start(), m.group(0), card_id) for m in _written(name).finditer(text)]
    out: dict[int, str] = {}
    for _at, typed, card_id in sorted(found):
        if len(out) < limit:
            out.setdefault(card_id, typed)
    return [(typed, card_id) for card_id, typed in out.items()]


@lru_cache(maxsize=CHOICES_MAX * 40)
def _written(name: str) -> re.Pattern[str]:
    """The expression of ``name`` written in a text (:func:`english_in_text`): its words in order, any non-word
    characters between; in any case for several words, as printed for one."""
    words = name.split()
    pattern = r"(?<!\w)" + r"\W+".join(re.escape(w) for w in words) + r"(?!\w)"
    return re.compile(pattern, 0 if len(words) == 1 else re.IGNORECASE)


def english_cards(store: Store, typed: str) -> frozenset[int]:
    """The ids of the cards ``typed`` names by an English name ``store`` holds for them (:func:`_offers`, folded,
    letters and digits only: „fast forward“ → {Schnellvorlauf's id}); empty for a blank text or no such name. The
    one reading of :func:`english_of` and :func:`english_card`.

    Raises:
        bot.errors.StoreClosed: the store was closed.
    """
    key = offer_key(typed)
    return frozenset(card for folded, _name, card, _card in _offers(store) if key and folded == key)


def english_of(store: Store, typed: str, card_id: int) -> bool:
    """True when ``typed`` is one of the English names ``store`` holds for the card ``card_id``
    (:func:`english_cards`: „fast forward“ of Schnellvorlauf).

    Raises:
        bot.errors.StoreClosed: the store was closed.
    """
    return card_id in english_cards(store, typed)


def english_card(store: Store, typed: str) -> int | None:
    """The card ``typed`` names by an English name ``store`` holds for it (:func:`english_cards`: „Fast Forward“ →
    Schnellvorlauf's id, 004; „Driven“, „Driven // Despair“ → Getrieben // Verzweiflung, 002), read by every door
    that takes a card name (``/karte``, ``/ruling karte``, ``[[…]]``) as the message command reads it in plain text;
    None when no card's name is it, or when it names two cards.

    Raises:
        bot.errors.StoreClosed: the store was closed.
    """
    cards = english_cards(store, typed)
    return next(iter(cards)) if len(cards) == 1 else None


def english_line(typed: str, card_name: str, limit: int = 80) -> str:
    """The line above a card read by its English name (:func:`english_card`), the typed name escaped: „ℹ️ „Fast
    Forward“ ist kein Kartenname in der Datenbank; gelesen als **Schnellvorlauf**, dessen Rulings es so nennen.“ —
    one text for ``/karte``, ``/ruling karte`` and „Karten erklären“ (the typed name cut to ``limit`` characters)."""
    return (f"ℹ️ „{quote_user(typed, limit)}“ ist kein Kartenname in der Datenbank; gelesen als "
            f"**{card_name}**, dessen Rulings es so nennen.")


__all__ = ["CHOICES", "DISPLACE_FROM", "english_card", "english_cards", "english_in_text", "english_line", "english_of",
           "mentioned_offers", "offer_key", "prepare",
           "with_declined", "with_english", "with_mentioned"]
