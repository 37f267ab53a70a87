"""Card names written plainly in a message for "Karten erklären", read as ``/karte`` reads a typed name
(:meth:`bot.search.NameIndex.lookup`), not only as printed:

* a card's printed name in any case and spacing (:class:`bot.mentions.NameScanner`, as before);
* a split card's halves in order without „//“ („krims krams“ is Krims // Krams; CR 709.1: a split card has two
  halves, each with its own name; 001, Zwietracht-FAQ);
* a legend's shortened name, the part of its name before the comma („Szadek“ for Szadek, Herr der Geheimnisse;
  CR 201.5c), when it is one card's only;
* a name typed with one slip („boros-rektur“, :func:`bot.mentions.slipped_name`), also a single word that is no
  ordinary German word („Teisa“: Teysa, Orzhovweiser by its shortened name, :func:`_one_word_slips`).

And the words it could not read as a card: a run of words of some card's name (no stop word) outside every name
read, for which ``/karte`` offers cards („Agrus“ → Agrus Kos, Wojek-Veteran), so the answer names them rather than
dropping them without a word. Every step is bounded for any message (its first :data:`bot.mentions.MAX_TEXT`
characters): one scan over the tokens, at most :data:`SLIP_TRIES` slip searches, at most :data:`UNREAD_LOOKUPS`
look-ups of unread words and of single slipped words. From memory (the name index), no store access.
"""

from __future__ import annotations

import re
import weakref
from typing import NamedTuple

from bot.declined_names import MESSAGE, declined_card
from bot.german_words import german_dictionary
from bot.mentions import (
    EDGE,
    MAX_TEXT,
    KeyedToken,
    NameScanner,
    ScanRow,
    keyed_tokens,
    slipped_name,
    token_key,
)
from bot.search import TYPO, NameIndex
from bot.stopwords import STOP_WORDS
from bot.text import clean, name_words, shorten
from bot.text_names import JOINED

#: Most slip searches (:func:`bot.mentions.slipped_name`, each at most 12 look-ups) over the parts of a message
#: between the names read.
SLIP_TRIES = 3
#: Most runs of unread name words looked up (:meth:`bot.search.NameIndex.lookup`), and most words of such a run.
UNREAD_LOOKUPS = 6
UNREAD_WORDS = 4
#: Fewest letters of a single word read as a card by a typo („Teisa“: Teysa, Orzhovweiser).
SLIP_LEAST = 5
#: An unread word is shown with at most this many characters.
UNREAD_CHARS = 40
#: Words of letters joined by hyphens („Dimir-Wächter“, :data:`bot.text_names.JOINED`), as a run of unread words
#: begins them.
_JOINED = re.compile(JOINED)


class PlainNames(NamedTuple):
    """What :func:`plain_names` read in a message's plain text."""

    #: The cards named, in the message's order, each once.
    ids: list[int]
    #: The names as written that ``/karte`` says it read in another way (a slip, a shortened name), for the line
    #: shown above the card (:func:`bot.answers.chat.typo_notes` checks each again).
    noted: list[str]
    #: The runs of words of card names that fit no card read (as written, shortened to :data:`UNREAD_CHARS`).
    unread: list[str]


def extra_rows(names: NameIndex) -> tuple[dict[str, ScanRow], dict[str, int]]:
    """The scanner rows (:data:`bot.mentions.ScanRow`, keyed as :func:`bot.mentions.entry_scan_rows` keys them) of
    the names ``/karte`` reads besides the printed ones: each split card's halves without „//“ (key of
    „Krims Krams“) and each shortened name of exactly one card (the part before the comma, CR 201.5c), found in any
    case; the starts of each as rows without a card. A key of two cards' shortened names reads none. Also the keys
    of the shortened names with their card (a name the answer says it read so, as ``/karte`` says it)."""
    rows: dict[str, ScanRow] = {}
    owners: dict[str, set[int]] = {}
    shortened: set[str] = set()
    for entry in names.entries:
        if entry.kind != "name" or ("//" not in entry.name and "," not in entry.name):
            continue
        tokens = keyed_tokens(clean(entry.name.replace("//", " ") if "//" in entry.name
                                    else entry.name.partition(",")[0]))
        for variant in (1, 2):
            key = "".join(token_key(t, variant) for t in tokens)
            for i in range(1, len(tokens)):
                rows["".join(token_key(t, variant) for t in tokens[:i])] = (None, True, False)
            if key:
                owners.setdefault(key, set()).add(entry.card_id)
                if "//" not in entry.name:
                    shortened.add(key)
    for key, cards in owners.items():
        rows[key] = (next(iter(cards)) if len(cards) == 1 else None, key in rows, False)
    return rows, {key: card for key in shortened if (card := rows[key][0]) is not None}


_WIDE: weakref.WeakKeyDictionary[NameIndex, tuple[NameScanner, dict[str, int]]] = weakref.WeakKeyDictionary()


def wide_scanner(names: NameIndex) -> tuple[NameScanner, dict[str, int]]:
    """The scanner of ``names`` with :func:`extra_rows`, and the keys of the shortened names with their card
    (built on first use, then kept)."""
    found = _WIDE.get(names)
    if found is None:
        rows, shortened = extra_rows(names)
        found = _WIDE[names] = (NameScanner(names, rows), shortened)
    return found


def plain_names(names: NameIndex, text: str, limit: int) -> PlainNames:
    """The cards the plain ``text`` of a message names (see the module docstring), at most ``limit``, and the
    runs of card-name words it could not read as one. „krims krams und szadek“ → Krims // Krams, then Szadek, Herr
    der Geheimnisse („szadek“ noted: a shortened name); „was macht Agrus“ → no card, „Agrus“ unread."""
    text = clean(text[:MAX_TEXT])
    tokens = keyed_tokens(text)
    ids: list[int] = []
    noted: list[str] = []
    used = [False] * len(tokens)
    scan, shortened = wide_scanner(names)
    for card, first, count in scan.matches(tokens, limit):
        used[first:first + count] = [True] * count
        if card in ids:
            continue
        ids.append(card)
        if any(shortened.get("".join(token_key(t, v) for t in tokens[first:first + count])) == card for v in (1, 2)):
            # a shortened name: said above the card, as /karte says it
            noted.append(shorten(text[tokens[first][3]:tokens[first + count - 1][4]].strip(EDGE), UNREAD_CHARS))
    for start, end in _parts(tokens, used)[:SLIP_TRIES]:
        slipped = slipped_name(text[start:end], names) if len(ids) < limit else None
        if slipped is None:
            continue
        typed, hit = slipped
        if hit.card_id not in ids:
            ids.append(hit.card_id)
            noted.append(shorten(typed, UNREAD_CHARS))
        begin = start + max(text[start:end].find(typed), 0)  # its words are read, no unread name
        used = [u or begin <= t[3] < begin + len(typed) for u, t in zip(used, tokens, strict=True)]
    for at, end, card, typed in _one_word_slips(names, text, tokens, used)[:max(0, limit - len(ids))]:
        used[at:end] = [True] * (end - at)
        if card not in ids:
            ids.append(card)
            noted.append(shorten(typed, UNREAD_CHARS))  # said above the card as /karte says it
    return PlainNames(ids, noted, _unread(names, text, tokens, used, ids))


def _one_word_slips(names: NameIndex, text: str, tokens: list[KeyedToken], used: list[bool]
                    ) -> list[tuple[int, int, int, str]]:
    """The single words not ``used`` that ``/karte`` reads as one card by a typo (:data:`bot.search.TYPO`: „Teisa“
    → Teysa, Orzhovweiser, as its shortened name, CR 201.5c) or that are a card's first name word in another
    declined form (:func:`bot.declined_names.declined_card`: „phobischen“ → Phobisches Traumwesen, as ``/frage``
    reads it), also two words joined by a hyphen whose last is declined („Boros-Rekruten“: Boros-Rekrut): (first
    token index, the index after its last, card id, word as written), in order.
    Only words of at least :data:`SLIP_LEAST` letters, no stop word and no ordinary German word
    (:mod:`bot.german_words`: „Stark“ is none of a card), at most :data:`UNREAD_LOOKUPS` look-ups."""
    found: list[tuple[int, int, int, str]] = []
    budget = UNREAD_LOOKUPS
    ordinary = None
    for at, token in enumerate(tokens):
        if used[at] or (found and found[-1][1] > at):  # read, or the second word of a hyphened name read
            continue
        joined = at + 1 < len(tokens) and not used[at + 1] and _JOINED.fullmatch(
            text[token[3]:tokens[at + 1][4]].strip(EDGE)) is not None
        for end in (at + 2, at + 1) if joined else (at + 1,):  # „Boros-Rekruten“ as one name first
            word = text[token[3]:tokens[end - 1][4]].strip(EDGE)
            if len(word) < SLIP_LEAST or not word.replace("-", "").isalpha() or word.lower() in STOP_WORDS:
                continue
            ordinary = german_dictionary() if ordinary is None else ordinary
            if budget <= 0:
                return found
            if all(w in ordinary for w in name_words(word)):
                continue
            budget -= 1
            hit = names.whole(word)
            card = hit.hit if hit.how == TYPO else declined_card(word, hit, MESSAGE)  # „phobischen“, „Boros-Rekruten“
            if card is not None:
                found.append((at, end, card.card_id, word))
                break
    return found


def _parts(tokens: list[KeyedToken], used: list[bool]) -> list[tuple[int, int]]:
    """The spans (start, end: characters of the text) of the runs of ``tokens`` not ``used``, in order: the pieces
    of a text between the names read."""
    parts: list[tuple[int, int]] = []
    for at, token in enumerate(tokens):
        if used[at]:
            continue
        if parts and at > 0 and not used[at - 1]:
            parts[-1] = (parts[-1][0], token[4])
        else:
            parts.append((token[3], token[4]))
    return parts


def _unread(names: NameIndex, text: str, tokens: list[KeyedToken], used: list[bool], ids: list[int]) -> list[str]:
    """The runs (not across punctuation) of at most :data:`UNREAD_WORDS` tokens not ``used`` whose every word is a
    word of some card's name and no stop word, not all of them ordinary German words (:mod:`bot.german_words`:
    „Kosten“, „Königin“, „Grab“ are words of card names and of every other sentence), for which the name lookup
    offers cards, none of ``ids`` („Agrus“ → Agrus Kos, Wojek-Veteran; „Tolsimir“ → Tolsimir Wolfsblut); at most
    :data:`UNREAD_LOOKUPS` look-ups. A one-word name written in lower case („bestimmt“ for Bestimmt // Unbeirrt) is
    read by the lookup as that card: the scanner skips it on purpose (it needs its capital letter), so it is no
    unread name either."""
    runs: list[tuple[int, int]] = []
    for at, token in enumerate(tokens):
        words = name_words(token[0])
        if used[at] or not words or not all(w not in STOP_WORDS and names.data.word_count(w) for w in words):
            continue
        if runs and runs[-1][1] == at and at - runs[-1][0] < UNREAD_WORDS and tokens[at - 1][0][-1] not in EDGE:
            runs[-1] = (runs[-1][0], at + 1)
        else:
            runs.append((at, at + 1))
    out: list[str] = []
    ordinary = german_dictionary() if runs else None  # read once per process (the warm-up reads it first)
    for first, stop in runs[:UNREAD_LOOKUPS]:
        written = text[tokens[first][3]:tokens[stop - 1][4]].strip(EDGE)
        # a run that a hyphen joins to the next word („Dimir-Wächter“, „Wächter“ of no card): the whole word
        joined = _JOINED.match(text, tokens[first][3])
        if joined is not None and len(joined[0]) > len(written):
            written = joined[0]
            if names.whole(written).hit is None:
                out.append(shorten(written, UNREAD_CHARS))  # said as /karte says a name of no card
            continue
        if ordinary is None or all(w in ordinary for w in name_words(written)):
            continue
        found = names.whole(written)
        if found.hit is None and found.candidates and not any(c.card_id in ids for c in found.candidates):
            out.append(shorten(written, UNREAD_CHARS))
    return out
