"""A build step for autocomplete: the English names of split cards' halves that the rulings print and that the card
lookup accepts as the card's own other name, stored in the new store's ``meta`` (key
:data:`bot.store.names.ENGLISH_OFFERS_META`, JSON), so the card-name completer offers the card under its German
name when the typed start matches one (:func:`bot.name_offers.with_english`).

002 writes Getrieben // Verzweiflung's halves in English („Driven und Despair beeinflussen nur Kreaturen …“);
``/karte name: Driven`` and ``/karte name: Driven // Despair`` name that card (:func:`bot.answers.mentioned_names.
mentioned_card`, CR 709.1: each half of a split card has its own name). The names are the lookup's own: a word of
:attr:`bot.question_mentions.OtherNames.printed` (printed capitalised only in that one card's passages, no German
word, no word of a card's name) of a split card that :func:`~bot.name_mentions.printed_mention` reads as the
card, and the two halves joined by „ // “ when the lookup reads that as the card too. Made once per store at the
build (one pass over the passages' texts, one full-text query per word), as the translation table is
(:mod:`bot.importer.transl_table`): on an event loop of its own in a worker thread.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.answer_table import AnswerContext
from bot.importer.mentioned_offers import mentioned_names
from bot.name_mentions import MENTION_WORDS, mentioned_card, printed_mention
from bot.store.names import ENGLISH_OFFERS_META, MENTIONED_OFFERS_META

#: Most names stored (a bound for any store; the documents' store has four).
MAX_OFFERS = 1000
#: A run of capitalised words of an English sentence („Fast Forward's first ability“: „Fast Forward's“), „of“ and
#: „the“ allowed between two of them, as English card names print them.
_ENGLISH_RUN = re.compile(r"(?<![\w-])[A-Z][\w'-]*(?:\s+(?:(?:of|the)\s+)?[A-Z][\w'-]*)*")
#: A sentence's end, as the rulings print it.
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


async def accepted_names(db: Path) -> list[tuple[str, int, str]]:
    """The English names the lookup accepts for split cards of the store ``db``: ``(name as printed, card id, card
    name)``, per card its halves in the order the rulings print them, then the whole name („Driven // Despair“),
    cards in id order; at most :data:`MAX_OFFERS`.

    Raises:
        bot.store.StoreError: ``db`` is no readable store.
    """
    from bot.question_mentions import other_names
    from bot.search import NameIndex
    from bot.store import Store

    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries([]))  # the lookup reads the store only
        halves: dict[int, list[tuple[int, str]]] = {}
        for word, card_id in (await other_names(store)).printed.items():
            card = await store.card(card_id)
            found = await printed_mention(ctx, word) if card is not None and card.is_split else None
            if found is None or found.card is None or found.card.id != card_id:
                continue
            printed = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", found.ruling, re.I)
            halves.setdefault(card_id, []).append((printed.start() if printed else 0,
                                                   printed.group(0) if printed else word))
        out: list[tuple[str, int, str]] = []
        for card_id in sorted(halves):
            card = await store.card(card_id)
            assert card is not None  # read above
            names = [name for _at, name in sorted(halves[card_id])]
            whole = " // ".join(names)
            joined = await mentioned_card(ctx, whole) if len(names) == 2 else None
            out += [(name, card_id, card.name) for name in names]
            out += [(whole, card_id, card.name)] if joined is not None and joined.card is not None else []
        for card_id, name in await english_names(ctx):
            card = await store.card(card_id)
            if card is not None and (name, card_id, card.name) not in out:
                out.append((name, card_id, card.name))
        return out[:MAX_OFFERS]
    finally:
        await store.close()


def english_runs(sentence: str) -> list[str]:
    """The names an English ``sentence`` may print for a card: its runs of capitalised words (:data:`_ENGLISH_RUN`)
    without the English function words they start with (``When``, ``The``: :data:`bot.stopwords.ENGLISH_MARKERS`)
    and a possessive „'s“, of one to :data:`~bot.name_mentions.MENTION_WORDS` words; a run that starts
    the sentence only of two words or more (English capitalises a sentence's first word: one such word is no sign of
    a name). ``"… (such as that of Fast Forward's first ability)."`` → ``["Fast Forward"]``."""
    from bot.stopwords import ENGLISH_MARKERS

    out: list[str] = []
    for m in _ENGLISH_RUN.finditer(sentence):
        words = [re.sub(r"'s$", "", w) for w in m.group(0).split()]
        while words and words[0].casefold() in ENGLISH_MARKERS:
            words = words[1:]
        first = not sentence[: m.start()].strip() and len(words) == len(m.group(0).split())
        if words and len(words) <= MENTION_WORDS and not (first and len(words) < 2):
            out.append(" ".join(words))
    return out


async def english_names(ctx: AnswerContext) -> list[tuple[int, str]]:
    """``(card id, name)`` of each name a card's own rulings print in an English sentence
    (:func:`bot.stopwords.is_english`, :func:`english_runs`) that the card lookup reads as that card's own other
    name (:func:`bot.name_mentions.printed_mention`): 004's „Fast Forward“ of Schnellvorlauf („… such as
    that of Fast Forward's first ability“), which ``/karte name: Fast Forward`` names; not the names German
    sentences print in one card's rulings as examples of the rules (Atog, Juggernaut). In store order, each once;
    the rulings of the card files (English lists whose cards the name index holds by their English names) are not
    read."""
    from bot.stopwords import is_english
    from bot.text import tokens

    rows = await ctx.store.fetchall(
        "SELECT p.card_id, p.text FROM passages p LEFT JOIN documents d ON d.id = p.document_id WHERE p.kind = "
        "'ruling' AND p.card_id IS NOT NULL AND (d.kind IS NULL OR d.kind != 'mtgjson') ORDER BY p.id")
    out: dict[tuple[int, str], None] = {}
    for card_id, text in rows:
        for sentence in _SENTENCE.split(str(text)):
            if not is_english(tokens(sentence)):
                continue
            for name in english_runs(sentence):
                found = await printed_mention(ctx, name) if (int(card_id), name) not in out else None
                if found is not None and found.card is not None and found.card.id == int(card_id):
                    out.setdefault((int(card_id), name))
    return list(out)


def write_offers(db: Path) -> int:
    """Store :func:`accepted_names` of the written store ``db`` in its ``meta`` (learned on an event loop of its own
    in a worker thread: the build may be called from a running loop), and the names it only mentions
    (:func:`bot.importer.mentioned_offers.mentioned_names`, the completer's other offers); returns how many English
    names.

    Raises:
        bot.store.StoreError, sqlite3.Error: ``db`` cannot be read or written.
    """
    with ThreadPoolExecutor(1, thread_name_prefix="english-offers") as pool:
        found = pool.submit(asyncio.run, accepted_names(db)).result()
        mentioned = pool.submit(asyncio.run, mentioned_names(db)).result()
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA journal_mode = OFF")  # the build's temp file, fsynced and renamed after (as _fill writes)
        with conn:
            conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", [
                (ENGLISH_OFFERS_META, json.dumps(found)), (MENTIONED_OFFERS_META, json.dumps(mentioned))])
    finally:
        conn.close()
    return len(found)


__all__ = ["MAX_OFFERS", "accepted_names", "english_names", "english_runs", "write_offers"]
