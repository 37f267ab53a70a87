"""Typed card names that no card of the store has but its rulings print (``/karte``, ``/ruling karte`` and every
option that takes a card, through :func:`bot.answers.cards.find_card`): the lookup, which the build runs too for the
card-name completer's offers (:mod:`bot.importer.english_offers`, :mod:`bot.importer.mentioned_offers`), so it
stands below the answers; what an answer says of a mention is :mod:`bot.answers.mentioned_names`.

Two kinds, told apart by how the rulings print the name:

* **the card's own other name**: 002 writes the English half names of Getrieben // Verzweiflung („Driven und
  Despair beeinflussen nur Kreaturen, die du kontrollierst …“). Printed in the rulings of one card, in at least one
  ruling that gives no example: ``/karte name: Driven`` names that card („Meintest du **Getrieben //
  Verzweiflung**?“).
* **another card, named only as an example**: 002 names Destined // Lead („Destined // Lead ist beispielsweise eine
  grüne und schwarze Karte …“) and Crook of Condemnation („mit einem Effekt wie dem von Crook of Condemnation“);
  001 names Zusammenprall/Anrennen in the rulings of four cards („zum Beispiel Zusammenprall“). Such a name is said
  to be not in the store and only mentioned in those rulings (buttons to them), never offered as the card whose
  rulings print it.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass, replace

from rapidfuzz.distance import Levenshtein

from bot.answer_table import AnswerContext
from bot.errors import UserError
from bot.explanation_naming import named_passages
from bot.german_words import german_dictionary_async
from bot.name_offers import mentioned_offers, offer_key
from bot.question_mentions import german
from bot.store import CardRecord, PassageRecord
from bot.text import clean, fold, shorten, tokens

#: Fewest letters of a typed name read as a name the documents only mention with one slip (:func:`slipped_mention`).
SLIP_LETTERS = 8
#: Longest typed name (in words) looked for in the rulings' text when it names no card.
MENTION_WORDS = 4
#: Characters of the ruling quoted when a typed name is found only in rulings.
MENTION_QUOTE = 300
#: Most cards whose rulings are offered as buttons (Discord shows 5 in a row).
MENTION_CARDS = 5
#: How a ruling marks a name as an example of another card („zum Beispiel Zusammenprall“, „Destined // Lead ist
#: beispielsweise …“, „mit einem Effekt wie dem von Crook of Condemnation“).
EXAMPLE = re.compile(r"\b(?:zum Beispiel|beispielsweise|z\.\s?B\.|wie (?:dem|der|den|die|das) von)\b", re.I)


@dataclass(frozen=True)
class Mentioned:
    """Rulings that print a typed name no card has (:func:`mentioned_card`).

    Attributes:
        places: where they stand, in store order, at most :data:`MENTION_CARDS`: per card or mechanics section its
            name, the button's action (``"rulings"`` of a card, ``"mechanic"`` of a section) and its id.
        ruling: the sentence of the first such ruling that prints the name (at most :data:`MENTION_QUOTE`
            characters).
        card: the card whose own other name it is (printed in the rulings of that one card, in a ruling that gives
            no example: :data:`EXAMPLE`), else None: another card named only as an example.
        printed: the name as the documents print it when typed with one slip (:func:`slipped_mention`:
            „Llanovarelfen“ of „Llanowarelfen“), else empty.
    """

    places: tuple[tuple[str, str, int], ...]
    ruling: str
    card: CardRecord | None
    printed: str = ""


def _name_pattern(query: str) -> str:
    """The regular expression of the typed name as printed: its words in order, any non-word characters between."""
    return r"(?<!\w)" + r"\W+".join(re.escape(w) for w in clean(query).split()) + r"(?!\w)"


def _sentence(text: str, pattern: re.Pattern[str]) -> str:
    """The first sentence of ``text`` that ``pattern`` finds, shortened to :data:`MENTION_QUOTE` characters."""
    found = next((s for s in re.split(r"(?<=[.!?])\s+", text) if pattern.search(s)), text)
    return shorten(found, MENTION_QUOTE)


#: The separator of a split card's halves as typed („Driven // Despair“, „Driven/Despair“; CR 709.1).
_HALVES = re.compile(r"\s*/+\s*")


async def mentioned_card(ctx: AnswerContext, query: str) -> Mentioned | None:
    """The rulings that print ``query`` as a word (or words) when no card has that name (:func:`printed_mention`);
    a split card's name typed as its two halves („Driven // Despair“) that no ruling prints whole is the card whose
    own other names both halves are (002 prints „Driven“ and „Despair“ for Getrieben // Verzweiflung, CR 709.1:
    each half has its own name), as each half alone is; a name one slip from one the documents only mention
    (:func:`slipped_mention`); None."""
    found = await printed_mention(ctx, query)
    halves = [h for h in _HALVES.split(clean(query)) if h]
    if found is None and (len(halves) != 2 or "/" not in query):
        return await slipped_mention(ctx, query)
    if found is not None or len(halves) != 2 or "/" not in query:
        return found
    each = [await printed_mention(ctx, half) for half in halves]
    cards = {m.card.id if m is not None and m.card is not None else None for m in each}
    return each[0] if len(cards) == 1 and None not in cards else None


#: How the documents print another card's name outside an example (:data:`EXAMPLE`): after „Karte(n)“ or
#: „Kreatur(en)“, with „wie“ and an article or without („eine Karte wie Klon“, „Karten wie Klon“, „eine Kreatur wie
#: ein Klon“, „die bleibenden Karten Sumpf oder Llanovarelfen“ in 001; „die Karte Tarmogoyf“ in 003).
CARD_LIKE = (r"\b(?i:karten?|kreatur(?:en)?)\s+(?:(?i:wie)\s+(?:(?i:eine?[mnrs]?|de[mnrs]|die|das)\s+)?)?"
             r"(?:[A-ZÄÖÜ][\w-]*\s+(?i:oder|und)\s+)?")


#: What may stand between :data:`EXAMPLE` and the card's name: „zum Beispiel mit Annektion“, „wie zum Beispiel der
#: Effekt von Hochspannungsgriff“ (001).
AFTER_EXAMPLE = r"(?:(?i:mit|von|durch|(?:der|dem|den) Effekt von)\s+)?"


#: Fewest letters of a word read as a German compound by its German last part (:func:`printed_as_name`):
#: „Llanovarelfen“, „Manawert“; not an English name's word that ends in one („Forward“: „ward“).
COMPOUND = 8


def german_word(word: str, words: Container[str]) -> bool:
    """True when ``word`` is German (``words``: :func:`bot.german_words.german_dictionary_async`, folded), or a
    compound of :data:`COMPOUND` letters or more that ends in a German word (:func:`bot.question_mentions.german`:
    „Llanovarelfen“ of „elfen“, „Manawert“; not „Forward“ of „ward“)."""
    key = fold(word)
    return key in words or (len(key) >= COMPOUND and german(key, words))


def _proper(query: str) -> str:
    """The regular expression of the typed name printed as a name: :func:`_name_pattern` with the first letter of
    its first word and of each word of 4 letters or more upper case as printed („Crook of Condemnation“, „Disa the
    Restless“), the rest in any case."""
    words = clean(query).split()
    return r"(?<!\w)" + r"\W+".join(
        (re.escape(w[:1].upper()) if i == 0 or len(w) >= 4 else f"(?i:{re.escape(w[:1])})") + f"(?i:{re.escape(w[1:])})"
        for i, w in enumerate(words)) + r"(?!\w)"


#: What stands right before a name printed as a card's by the documents' conventions (:func:`printed_by_convention`),
#: or right after it: :data:`EXAMPLE`, :data:`CARD_LIKE`, the other half of a split card.
_BEFORE_NAME = re.compile(rf"(?:(?:(?i:{EXAMPLE.pattern})\W*{AFTER_EXAMPLE}|{CARD_LIKE})|[A-ZÄÖÜ][\w-]*\s*//?\s*)$")
_AFTER_NAME = re.compile(r"\s*//?\s*[A-ZÄÖÜ]")


def printed_by_convention(text: str, proper: re.Pattern[str]) -> bool:
    """True when ``text`` prints a name (``proper``: :func:`_proper`'s expression) as a card's name by the documents'
    conventions: right after :data:`EXAMPLE` („zum Beispiel Zusammenprall“) or :data:`CARD_LIKE` („eine Karte wie
    Klon“, „die Karte Tarmogoyf“), or as a split card's half beside the other („Zusammenprall/Anrennen“, „Destined
    // Lead“; CR 709.1)."""
    return any(_BEFORE_NAME.search(text, 0, m.start()) or _AFTER_NAME.match(text, m.end())
               for m in proper.finditer(text))


async def printed_as_name(query: str, printed: list[PassageRecord]) -> bool:
    """True when the passages ``printed`` (those that print ``query``, at least one) print it as a card's name:
    every one as a proper noun (:func:`_proper`); when each word of it is German, or a compound of
    :data:`COMPOUND` letters or more that ends in a German word (:func:`bot.question_mentions.german`), every one
    by a convention (:func:`printed_by_convention`: „Zusammenprall“, „Klon“, „Llanovarelfen“; not „Spieler“ of „zum
    Beispiel Spieler“, printed elsewhere as a word, nor „Menge“ of „die Menge des Schadens“, nowhere as a name);
    else one by a convention, or all in one card's rulings or in one entry of 003 („Driven“, „Tarmogoyf“, 004's
    „Fast Forward“; not „Manawert“, a word of the game printed in several entries)."""
    proper = re.compile(_proper(query))
    if not printed or not all(proper.search(p.text) for p in printed):
        return False
    words = await german_dictionary_async()
    if all(german_word(w, words) for w in tokens(query)):
        return all(printed_by_convention(p.text, proper) for p in printed)
    owners = {(p.kind, p.card_id if p.kind == "ruling" else p.ref_id) for p in printed}
    one_place = len(owners) == 1 and next(iter(owners))[1] is not None
    return one_place or any(printed_by_convention(p.text, proper) for p in printed)


async def slipped_mention(ctx: AnswerContext, query: str) -> Mentioned | None:
    """The mention (:func:`printed_mention`) of the one name the store only mentions
    (:func:`bot.name_offers.mentioned_offers`, stored by the build) one edit (Levenshtein) from ``query``,
    both folded, letters and digits only, ``query`` of :data:`SLIP_LETTERS` or more: „Llanowarelfen“ → 001's
    „Llanovarelfen“ (:attr:`Mentioned.printed`); None when there is no such name or more than one."""
    key = offer_key(query)
    if len(key) < SLIP_LETTERS:
        return None
    near = [name for folded, name in mentioned_offers(ctx.store)
            if Levenshtein.distance(key, folded, score_cutoff=1) <= 1 and folded != key]
    found = await printed_mention(ctx, near[0]) if len(near) == 1 else None
    return replace(found, printed=near[0]) if found is not None else None


async def _printed(ctx: AnswerContext, query: str) -> list[PassageRecord]:
    """The rulings and entries of 003 that print ``query`` as a word (or words), in the store's order; [] for a name
    of over :data:`MENTION_WORDS` words or under 4 letters, or a store without the passage index."""
    words = tokens(query)
    if not words or len(words) > MENTION_WORDS or len("".join(words)) < 4:
        return []
    try:
        hits = await ctx.store.passage_candidates(f'raw : "{" ".join(words)}"', 50)
    except UserError:  # a store without the passage index: no mention to offer
        return []
    pattern = re.compile(_name_pattern(query), re.I)
    return sorted((p for p in (await ctx.store.passages(i for i, _ in hits)).values()
                   if p.kind in ("ruling", "explanation") and pattern.search(p.text)), key=lambda p: p.id)


async def offered_name(ctx: AnswerContext, query: str) -> bool:
    """True when the completer may offer ``query``, a name :func:`printed_mention` reads as only mentioned: a name of
    several words („Karn Liberated“, „Crook of Condemnation“) or one the documents print by a convention at least once
    (:func:`printed_by_convention`: „Llanovarelfen“, „Klon“, „Tarmogoyf“). A single word printed only in one entry of
    003 without one („Class“, „Walker“, „Active“: English words of 003's explanations) is read when typed whole, but
    not offered to someone typing its first letters."""
    if " " in query.strip():
        return True
    proper = re.compile(_proper(query))
    return any(printed_by_convention(p.text, proper) for p in await _printed(ctx, query))


async def printed_mention(ctx: AnswerContext, query: str) -> Mentioned | None:
    """The rulings that print ``query`` as a word (or words) when no card has that name (see the module docstring);
    None when no ruling prints it, when they print it not as a card's name (:func:`printed_as_name`), or for a name
    of over :data:`MENTION_WORDS` words or under 4 letters."""
    printed = await _printed(ctx, query)
    if not printed or not await printed_as_name(query, printed):
        return None
    pattern = re.compile(_name_pattern(query), re.I)
    rulings = [p for p in printed if p.kind == "ruling"]
    if not rulings:  # 003 names a card of no FAQ as an example („Eine Karte (Karn Liberated)“, „Tarmogoyf“)
        return await _explained(ctx, query, printed)
    places: dict[tuple[str, int], str] = {}
    for p in rulings:
        if p.card_id is not None and (card := await ctx.store.card(p.card_id)) is not None:
            places.setdefault(("rulings", card.id), card.name)
        elif p.card_id is None and p.mechanic_id is not None:
            places.setdefault(("mechanic", p.mechanic_id), p.title)
    if not places:
        return None
    own = None
    if len(places) == 1 and next(iter(places))[0] == "rulings" and any(not EXAMPLE.search(p.text) for p in rulings):
        own = await ctx.store.card(next(iter(places))[1])
    listed = tuple((label, action, ref) for (action, ref), label in list(places.items())[:MENTION_CARDS])
    return Mentioned(listed, _sentence(rulings[0].text, pattern), own)


async def _explained(ctx: AnswerContext, query: str, printed: list[PassageRecord]) -> Mentioned | None:
    """The entries of the rules explanation 003 among ``printed`` (the passages that print ``query`` as a card's
    name, :func:`named_pattern`: „Tarmogoyf“, „Doubling Cube“, not „Kreatur“); None when none is an entry."""
    entries = [p for p in printed if p.kind == "explanation" and p.ref_id is not None]
    if not entries:
        return None
    named = await named_passages(ctx.store, entries)
    places = tuple((p.title, "rulex", p.ref_id or 0) for p in named[:MENTION_CARDS])
    return Mentioned(places, _sentence(entries[0].text, re.compile(_name_pattern(query), re.I)), None)


__all__ = [
    "AFTER_EXAMPLE",
    "CARD_LIKE",
    "COMPOUND",
    "EXAMPLE",
    "MENTION_CARDS",
    "MENTION_QUOTE",
    "MENTION_WORDS",
    "SLIP_LETTERS",
    "Mentioned",
    "german_word",
    "mentioned_card",
    "offered_name",
    "printed_as_name",
    "printed_by_convention",
    "printed_mention",
    "slipped_mention",
]
