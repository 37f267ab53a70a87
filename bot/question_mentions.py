"""Cards a question names by a name their own name does not spell out (the ``card`` feature of :mod:`bot.ranking`,
after :func:`bot.question_cards.cards_by_name_words` found none).

Two kinds of such names (docs/ranking.md, ²⁴):

* **a split card's half name** (CR 709.1: a split card has two halves, each with its own name; the store keeps them as
  ``card_faces``): „verzweiflung“ names Getrieben // Verzweiflung. A half name that is an ordinary German word
  („Verzweiflung“, „Entwicklung“) names the card only with a sign of a card: typed capitalised, a verb of casting
  or playing in the question („wirken“, „gewirkt“, „spielen“, „gespielt“ …), or the card's other half named too.
* **a name the rulings print for exactly one card**, as ``/karte`` finds it (:func:`bot.answers.cards.mentioned_card`):
  002 writes the English half names of its split card („Falls du in einem Zug mehrere Exemplare von Driven oder
  Despair verrechnest …“), so „despair“ names Getrieben // Verzweiflung. The word must be printed capitalised there
  (a name), no ordinary German word (:mod:`bot.german_words`: „Leben“, „Bestechung“ are printed capitalised too),
  and every passage printing it a ruling or card text of that one card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.analysis import STOP_WORDS
from bot.german_words import german_dictionary_async
from bot.reply import quote_user
from bot.store import Store
from bot.text import fold

#: A verb of casting or playing a spell: beside a half name that is an ordinary word, the sign that it names a card.
CASTING = re.compile(r"(?<![^\W\d_])(?:ge(?:wirkt|spielt)|(?:wirk|spiel)(?:e|en|st|t|te|ten|et))(?![^\W\d_])", re.I)
#: A word typed in the question, case kept (letters only).
_WORD = re.compile(r"[^\W\d_]+")
#: Shortest typed word looked up in the rulings (shorter ones are abbreviations or ordinary words).
MIN_MENTION = 4
#: Passages read per typed word: a word printed in more is no name of one card.
MENTION_LIMIT = 20
#: Most typed words looked up in the rulings per question (each one full-text query).
MAX_LOOKUPS = 12


@dataclass(frozen=True)
class Mention:
    """A card a question names by a name not its own: ``word`` as typed, the ``card_id``, and ``how``:
    ``"half"`` (a split card's half name) or ``"ruling"`` (a name only that card's rulings print)."""

    word: str
    card_id: int
    how: str


async def split_halves(store: Store) -> dict[str, int]:
    """Folded half name (:func:`bot.text.fold`) → split card id, for every split card of ``store`` (CR 709; the
    ``card_faces`` of cards with ``is_split``); read once per store."""

    async def load() -> dict[str, int]:
        rows = await store.fetchall(
            "SELECT f.card_id, f.name FROM card_faces f JOIN cards c ON c.id = f.card_id WHERE c.is_split = 1")
        return {fold(name): int(cid) for cid, name in rows}

    return await store.memo("split_halves", load)


def half_named(text: str, halves: dict[str, int], signs: bool = True) -> Mention | None:
    """The first split card a word of ``text`` names by a half name (``halves``: :func:`split_halves`), with a sign
    of a card when ``signs`` (typed capitalised, :data:`CASTING` in ``text``, or the other half typed too); None."""
    typed = _WORD.findall(text)
    folded = [fold(w) for w in typed]
    casting = CASTING.search(text) is not None
    for word, key in zip(typed, folded, strict=True):
        card = halves.get(key)
        if card is None:
            continue
        other = any(halves.get(k) == card and k != key for k in folded)
        if not signs or word[:1].isupper() or casting or other:
            return Mention(word, card, "half")
    return None


async def ruling_named(store: Store, text: str) -> Mention | None:
    """The first word of ``text`` (at least :data:`MIN_MENTION` letters, no stop word) that the store's passages
    print only in the rulings or card text of one card, capitalised there as a name („Despair“ in 002's rulings on
    Getrieben // Verzweiflung) and no ordinary German word (the dictionary read only for such a word); None. One
    full-text query per word, at most :data:`MAX_LOOKUPS`."""
    typed = [w for w in dict.fromkeys(_WORD.findall(text))
             if len(w) >= MIN_MENTION and w.lower() not in STOP_WORDS][:MAX_LOOKUPS]
    for word in typed:
        key = fold(word)
        hits = await store.passage_candidates(f'raw : "{key}"', MENTION_LIMIT)
        if not hits or len(hits) >= MENTION_LIMIT:
            continue
        pattern = re.compile(r"(?<![^\W_])" + re.escape(key) + r"(?![^\W_])")
        passages = [p for p in (await store.passages(i for i, _ in hits)).values() if pattern.search(fold(p.text))]
        owners = {p.card_id for p in passages}
        if len(owners) != 1 or None in owners or any(p.kind not in ("ruling", "card") for p in passages):
            continue
        printed = re.compile(r"(?<![^\W_])" + re.escape(word) + r"(?![^\W_])", re.I)
        if all(m.group(0)[:1].isupper() for p in passages for m in printed.finditer(p.text)) and (
                word not in await german_dictionary_async()):  # „Leben“, „Bestechung“: ordinary German words
            return Mention(word, next(iter(owners)), "ruling")  # type: ignore[arg-type]  # None excluded above
    return None


async def mentioned(store: Store, text: str) -> Mention | None:
    """The card ``text`` names by a half name (:func:`half_named`) or a name of its rulings (:func:`ruling_named`),
    tried in that order; None."""
    return half_named(text, await split_halves(store)) or await ruling_named(store, text)


def mention_line(mention: Mention, card_name: str, echo: int = 60) -> str:
    """``/frage``'s line saying which card a word was read as (the typed word escaped, at most ``echo``
    characters), as ``/karte`` says it for a name only the rulings print."""
    shown = quote_user(mention.word, echo)
    if mention.how == "half":
        return f"ℹ️ „{shown}“ gelesen als Hälfte der geteilten Karte **{card_name}**."
    return f"ℹ️ „{shown}“ ist kein Kartenname; die Rulings zu **{card_name}** nennen es."


__all__ = ["CASTING", "MAX_LOOKUPS", "MENTION_LIMIT", "MIN_MENTION", "Mention", "half_named", "mention_line",
           "mentioned", "ruling_named", "split_halves"]
