"""A card name the question gives that no card of the store has and no document prints (``/frage``, ``/ruling
suche``): „kann ich den Dimir-Wächter opfern?“.

Players write a card's name as it is printed, and many German card names join words by a hyphen („Boros-Rekrut“,
„Dimir-Hausgast“, „Golgari-Grabtroll“). A hyphened name whose every word the documents know one by one („Dimir“ of
the guild, „Wächter“ of other cards) gets no unknown-word note (:func:`bot.question_words.unknown_words`), so the
answer used to lead with a passage that shares only the question's other words, and never said that the card named
is not in the store. :func:`missing_card_line` says it as ``/karte`` says it („Keine Karte „Dimir-Wächter“
gefunden“, :func:`bot.answers.cards.not_found`), with ``/karte``'s near names when it has any.

A hyphened word is taken for a card's name when one of its words is a word of a card name of the store („Dimir“
of Dimir-Hausgast; not „Ruling-Absatz“, „ISO-Datum“), and is no card name here when ``/karte`` reads it as a card
(exactly, as a typo or a shortened name:
:meth:`bot.search.NameIndex.lookup`), a word of it is a word of a card the question names, names a concept of the
term table or the synonym groups („Mana-Burn“: Manabrand, „Schatz-Token“) or is a players' word
(:func:`bot.players_words.gloss`), or a document prints the words in that order („Permanent-Karte“, „Ley-Linie“,
„Selesnija-Gilde“: :meth:`bot.store.Store.holds_phrase`).

Players also write such a name without its hyphen (:func:`guild_joined`): a guild's name run into the next word
(„dimirwächter“) or before it after an article („der dimir wächter“, „den selesnija gildenmagier“), or before a
word of a card name of the store („selesnija gildenmagier“: Rakdos-Gildenmagier). The guilds are the documents'
(:func:`bot.guilds.guilds_of`), so „was machen orzhov karten“ (a frame word of :data:`bot.guilds.FRAME_WORDS`) and
„izzet reproduktion“ (a concept) name no card.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bot.analysis import Analysis
from bot.guilds import FRAME_WORDS, store_guilds
from bot.players_words import gloss
from bot.reply import quote_user
from bot.search import NameHit, NameIndex
from bot.stopwords import STOP_WORDS
from bot.store import CardRecord, Store
from bot.text import canonical, fold
from bot.text import tokens as name_tokens

#: A word of two or more parts joined by hyphens, each of two letters or more (no digit, no sign: „+1/+1-Marke“ is
#: none), standing alone (not inside a longer token).
_HYPHENED = re.compile(r"(?<![\w/+-])[^\W\d_]{2,}(?:-[^\W\d_]{2,})+(?![\w/+-])")
#: The articles and possessives before a guild's name that make it a name's first word („der dimir wächter“).
ARTICLES = frozenset({"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "mein",
                      "meine", "meinen", "meinem", "dein", "deine", "deinen", "deinem", "sein", "seine", "seinen",
                      "seinem"})
#: Fewest letters of the word after a guild's name for the two to be read as one name („dimirwächter“).
REST_LEAST = 4
#: Most hyphened names read from one question (each costs one look-up of the index).
MOST = 3
#: Most near names said (``/karte``'s „Meintest du“ offers up to five as buttons; a note names three).
NEAR_SHOWN = 3


def hyphened_words(question: str) -> list[str]:
    """The hyphened words of ``question`` (its first 2 000 characters) as typed, each once, in order, at most
    :data:`MOST`: „kann ich den Dimir-Wächter opfern?“ → ``["Dimir-Wächter"]``."""
    return list(dict.fromkeys(m.group() for m in _HYPHENED.finditer(question[:2000])))[:MOST]


def guild_joined(question: str, guilds: Sequence[str], card_word: Callable[[str], int]) -> list[tuple[str, list[str]]]:
    """The card names ``question`` (its first 2 000 characters) gives without their hyphen around a guild's name
    (``guilds``: the guilds as printed, „Dimir“), as (shown name, parts), each once, at most :data:`MOST`: the guild
    run into the next word („dimirwächter“ → ``("Dimirwächter", ["Dimir", "wächter"])``, unless the whole word is a
    word of a card name, ``card_word`` > 0: „orzhovweiser“ of Teysa, Orzhovweiser), or followed by a word of at least
    :data:`REST_LEAST` letters, no stop or frame word, after an article or being a word of a card name („der dimir
    wächter“ → ``("Dimir Wächter", ["Dimir", "wächter"])``). Pure."""
    words = re.findall(r"[^\W\d_]+", question[:2000])
    keys = {fold(g): g for g in guilds}
    found: dict[str, list[str]] = {}
    for i, word in enumerate(words):
        key = fold(word)
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if key in keys and len(nxt) >= REST_LEAST and fold(nxt) not in STOP_WORDS | FRAME_WORDS \
                and ((i and fold(words[i - 1]) in ARTICLES) or card_word(fold(nxt))):
            found.setdefault(f"{keys[key]} {nxt[:1].upper()}{nxt[1:]}", [keys[key], nxt])
            continue
        for g_key, g in keys.items():
            rest = word[len(g_key):]
            if key.startswith(g_key) and len(rest) >= REST_LEAST and not card_word(key):
                found.setdefault(f"{g}{rest}", [g, rest])
    return list(found.items())[:MOST]


def _named_concept(analysis: Analysis | None, word: str) -> bool:
    """True when ``word`` (one part of a hyphened word) gave the question's analysis a concept (``zz…``) or is a
    players' word: a game term, not a card's name."""
    key = canonical(fold(word))
    for typed, terms in zip(analysis.words, analysis.word_terms, strict=False) if analysis is not None else ():
        if canonical(fold(typed)) == key and any(t.startswith("zz") for t in terms):
            return True
    return gloss(word) is not None


async def missing_card_line(question: str, analysis: Analysis | None, cards: Sequence[CardRecord],
                            names: NameIndex | None, store: Store | None, below: bool = True) -> str:
    """The note for the first hyphened word of ``question`` (:func:`hyphened_words`, then the names written apart
    of :func:`guild_joined`) that names no card of the store and no document prints, ``""`` when there is none (or
    no ``names`` or ``store`` to tell): „ℹ️ Keine Karte „Dimir-Wächter“ gefunden: kein Dokument des Bots nennt eine
    Karte dieses Namens; die Stellen unten gelten nicht ihr.“, with the near names of :func:`_near` („Meintest du:
    …“ as ``/karte`` offers them, else the cards of a word). ``analysis``: the question's, whose concepts tell a game
    term („Mana-Burn“); ``cards``: the cards the ranking found named, whose words are no missing card's (of a name
    written apart: not all its words one card's). The typed word is escaped and cut to 60 characters. ``analysis``
    None: a name typed alone (``/karte``, ``[[…]]``, the message command), only the players' words are game terms;
    ``below`` False: no passages follow, and ``/karte``'s title says „Keine Karte …“: „ℹ️ Kein Dokument des Bots
    nennt eine Karte „Dimir-Wächter“.“ with the near names."""
    if names is None or store is None:
        return ""
    own = {canonical(fold(w)) for c in cards for w in name_tokens(c.name)}
    guilds = [g.name for g in (await store_guilds(store))[0]]
    given = [(typed, typed.split("-"), any) for typed in hyphened_words(question)]
    # a name written apart is another card's only when all its words are that card's („Gildenmagier“ of
    # Simic-Gildenmagier does not name Selesnija Gildenmagier)
    given += [(typed, parts, all) for typed, parts in guild_joined(question, guilds, names.data.word_count)]
    for typed, parts, among in given:
        if not all(fold(p).isalpha() for p in parts):  # „Rekrut¼“ folds to „rekrut1⁄4“: no name, no FTS5 phrase
            continue
        if not any(names.data.word_count(fold(p)) for p in parts):  # „Ruling-Absatz“: no word of a card's name
            continue
        if among(canonical(fold(p)) in own for p in parts) or any(_named_concept(analysis, p) for p in parts):
            continue
        found = names.lookup(typed)
        if found.hit is not None or await store.holds_phrase([fold(p) for p in parts]):
            continue
        near = _near(names, found.candidates, parts)
        if not below:  # under /karte's title „Keine Karte „…“ gefunden“
            return f"ℹ️ Kein Dokument des Bots nennt eine Karte „{quote_user(typed, 60)}“.{near}"
        return (f"ℹ️ Keine Karte „{quote_user(typed, 60)}“ gefunden: kein Dokument des Bots nennt eine Karte dieses "
                f"Namens; die Stellen unten gelten nicht ihr.{near}")
    return ""


def _near(names: NameIndex, offered: Sequence[NameHit], parts: Sequence[str]) -> str:
    """The sentence naming the cards near a missing name: ``/karte``'s offer („ Meintest du: **Boros-Rekrut**?“ for
    „Boros-Rek“), else the store's cards whose name holds a word of it („ Karten mit „Dimir“ im Namen:
    **Dimir-Doppelgänger**, **Circu, Dimir-Lobotomist**.“), at most :data:`NEAR_SHOWN`; ``""`` for none."""
    if offered:
        return " Meintest du: " + ", ".join(f"**{h.card_name}**" for h in offered[:NEAR_SHOWN]) + "?"
    for part in parts:
        key = fold(part)
        held = [h.card_name for h in names.search(part, limit=NEAR_SHOWN * 2)
                if key in {fold(w) for w in name_tokens(h.card_name)}][:NEAR_SHOWN]
        if held:
            return f" Karten mit „{quote_user(part, 40)}“ im Namen: " + ", ".join(f"**{n}**" for n in held) + "."
    return ""


__all__ = ["ARTICLES", "MOST", "NEAR_SHOWN", "REST_LEAST", "guild_joined", "hyphened_words", "missing_card_line"]
