"""A build step for autocomplete: the names of cards the store lacks that the documents print as a card's name
(:func:`bot.name_mentions.printed_mention`: 001's „Llanovarelfen“ and „Klon“, 002's „Crook of
Condemnation“, 003's „Tarmogoyf“), stored in the new store's ``meta`` with the English offers (key
:data:`bot.store.names.MENTIONED_OFFERS_META`, JSON: :func:`bot.importer.english_offers.write_offers`), so the
card-name completer offers them as only mentioned (:func:`bot.name_offers.with_mentioned`) and a typed name
one slip from one is read as it (:func:`bot.name_mentions.slipped_mention`): a user who picks one gets
the „nur erwähnt in …“ answer.

The candidates are the capitalised words of the documents' rulings and entries of 003 and their runs of up to
:data:`~bot.name_mentions.MENTION_WORDS` words (English names keep „of“ and „the“ lower case); kept are
those no card of the store has (not even as a typo's candidate), no mechanic or keyword has
(:func:`bot.answers.name_notes.not_a_card`), that the lookup reads as only mentioned (no card whose own other
name it is) and that are names of several words or printed by a convention once
(:func:`bot.name_mentions.offered_name`: not 003's English words „Class“, „Walker“); a word inside a
kept longer name is dropped („Liberated“ of „Karn Liberated“). Made once per store at the build (one pass over
the passages' texts, one full-text query per candidate: the documents' 1 365 candidates in ≈ 6 s at a load of 12
on 2 cores), on an event loop of its own in a worker thread, as the English offers are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from pathlib import Path

from bot.answer_table import AnswerContext
from bot.name_mentions import german_word, offered_name, printed_mention
from bot.text import fold

#: Most names stored (a bound for any store).
MAX_MENTIONED = 2000
#: A run of capitalised words as printed („Karn Liberated“, „Crook of Condemnation“, „Destined // Lead“): each
#: word capitalised, „of“/„the“ between two of them allowed.
_RUN = re.compile(r"(?<![\w-])[A-ZÄÖÜ][\w'-]*(?:(?:\s+(?:of|the))?\s+(?://\s+)?[A-ZÄÖÜ][\w'-]*)*")
#: A capitalised word of at least four letters (the shortest name :func:`printed_mention` looks up).
_WORD = re.compile(r"(?<![\w-])[A-ZÄÖÜ][^\W\d_]{3,}(?![\w-])")


#: The words a run of capitalised words may hold between two name words (:data:`_RUN`).
_JOINERS = ("of", "the", "//")


def candidates(texts: list[str], german: Callable[[str], bool], plain: Container[str]) -> list[str]:
    """The names to try in ``texts`` (the passages' texts): each capitalised word (:data:`_WORD`) and each run of
    two to four words of a run of capitalised words (:data:`_RUN`, a trailing possessive „'s“ off) whose words are
    letters, three or more each (but :data:`_JOINERS`), the first no German word (``german``:
    :func:`bot.name_mentions.german_word`), the others no word of the dictionary ``plain`` (folded; an
    English word may end in a German one: „Condemnation“): „Karn Liberated“, „Crook of Condemnation“, not „Karte
    Tarmogoyf“, „Flipkarte Jushi“ nor „Szadeks Kampfschaden“; each once, in the order first printed."""
    seen: dict[str, None] = {}
    for text in texts:
        for run in _RUN.findall(text):
            words = [re.sub(r"'s$", "", w) for w in run.split()]
            for size in range(2, 5):
                for at in range(len(words) - size + 1):
                    part = words[at:at + size]
                    named = [w for w in part if w not in _JOINERS]
                    if part[0] in _JOINERS or part[-1] in _JOINERS or german(part[0]) or not all(
                            w.isalpha() and len(w) >= 3 and fold(w) not in plain for w in named):
                        continue
                    seen.setdefault(" ".join(part), None)
        for word in _WORD.findall(text):
            seen.setdefault(word, None)
    return list(seen)


async def mentioned_names(db: Path) -> list[str]:
    """The names of :func:`candidates` of the store ``db`` that it only mentions (see the module docstring), in
    the order first printed, at most :data:`MAX_MENTIONED`.

    Raises:
        bot.store.StoreError: ``db`` is no readable store.
    """
    # the answer layer at the call: a known layer inversion (tests/test_architecture.py UPWARD)
    from bot.answers.name_notes import not_a_card
    from bot.german_words import german_dictionary_async
    from bot.search import NameIndex
    from bot.store import Store

    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_store(store.stored_names()))
        rows = await store.fetchall(
            "SELECT p.text FROM passages p LEFT JOIN documents d ON d.id = p.document_id WHERE p.kind IN "
            "('ruling', 'explanation') AND (d.kind IS NULL OR d.kind != 'mtgjson') ORDER BY p.id")
        kept: list[str] = []
        words = await german_dictionary_async()
        for name in candidates([str(t) for (t,) in rows], lambda w: german_word(w, words), words):
            found = ctx.names.lookup(name)
            if found.hit is not None or found.candidates:
                continue
            mention = await printed_mention(ctx, name)
            if (mention is not None and mention.card is None and await not_a_card(store, name) is None
                    and await offered_name(ctx, name)):
                kept.append(name)
        longer = [n.casefold() for n in kept if " " in n]
        return [n for n in kept if " " in n or not any(
            re.search(rf"(?<!\w){re.escape(n.casefold())}(?!\w)", m) for m in longer)][:MAX_MENTIONED]
    finally:
        await store.close()


__all__ = ["MAX_MENTIONED", "candidates", "mentioned_names"]
