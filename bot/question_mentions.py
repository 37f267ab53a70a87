"""Cards a question names by a name their own name does not spell out (the ``card`` feature of :mod:`bot.ranking`,
after :func:`bot.question_cards.cards_by_name_words` found none), looked up in a table made once per open store
(:func:`other_names`): no full-text query per question.

Three kinds of such names (docs/ranking.md, ²⁴):

* **a split card's half name** (CR 709.1: a split card has two halves, each with its own name; the store keeps them as
  ``card_faces``): „verzweiflung“ names Getrieben // Verzweiflung. A half name that is an ordinary German word
  („Verzweiflung“, „Entwicklung“) names the card only with a sign of a card: typed capitalised, a verb of casting
  or playing in the question („wirken“, „gewirkt“, „spielen“, „gespielt“ …), or the card's other half named too.
* **a name the rulings print for exactly one card**, as ``/karte`` finds it
  (:func:`bot.name_mentions.mentioned_card`): 002 writes the English half names of its split card
  („Falls du in einem Zug mehrere Exemplare von Driven oder Despair verrechnest …“), so „despair“ names
  Getrieben // Verzweiflung. The word is printed only capitalised (a name), only in the rulings or card text of
  that one card, is no word of a card's name (the name index reads those) and no ordinary German word nor a compound
  ending in one (:func:`german`: „Leben“, „Kopierfähigkeit“ are printed capitalised too).
* **an English card name** the store's ``card_aliases`` hold (kind ``english``: a store built with card files).
* **a word only one card's name holds** and no passage prints outside that card's own passages, no ordinary German
  word (:func:`sole_name_words`): „rix“ names „Rix Maadi, Palast aus Kerkern“ (``/karte rix`` only suggests it;
  docs/ranking.md ³⁰).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from bot.german_words import german_dictionary_async
from bot.mentions import joined_name, slipped_name
from bot.reply import quote_user
from bot.search import NameIndex
from bot.stopwords import STOP_WORDS
from bot.store import Store
from bot.text import fold

#: A verb of casting or playing a spell: beside a half name that is an ordinary word, the sign that it names a card.
CASTING = re.compile(r"(?<![^\W\d_])(?:ge(?:wirkt|spielt)|(?:wirk|spiel)(?:e|en|st|t|te|ten|et))(?![^\W\d_])", re.I)
#: A word typed in the question, case kept (letters only).
_WORD = re.compile(r"[^\W\d_]+")
#: A word printed in a passage (letters and digits: „X2“ is no „X“), case kept.
_PRINTED = re.compile(r"[^\W_]+")
#: Shortest word read as a name the rulings print (shorter ones are abbreviations or ordinary words).
MIN_MENTION = 4
#: Most words of an English name looked up (longer names are found by the name index).
MAX_NAME_WORDS = 4
#: Passage kinds that belong to one card: a word printed only in these of one card may name it.
CARD_KINDS = frozenset({"ruling", "card"})
#: Shortest word of a card's name read as naming that card alone („Rix“; two letters are abbreviations).
MIN_SOLE = 3
#: The owner of a word printed in two cards' passages, in a card's and in another, or printed lower case: no card.
_NOBODY = -1
#: The owner of a word printed only capitalised and only in passages of no card (a name the store has no card of).
_NO_CARD = -2


#: How the documents print a name of another thing than a card (:func:`other_things`): before a hyphen and a
#: capitalised word, as a guild's or a block's name („Selesnija-Gilde“, „Odyssey-Blocks“), or in italics, as the FAQs
#: print the title of an edition or of the game („Jede Karte in _Lorwyn_“).
HYPHENED, ITALIC = "hyphened", "italic"


class OtherThing(NamedTuple):
    """A name the documents print of another thing than a card (:func:`other_things`)."""

    #: The name as printed („Selesnija-Gilde“, „Lorwyn“, „Ravnica: Stadt der Gilden“).
    name: str
    #: How it is printed: :data:`HYPHENED` or :data:`ITALIC`.
    kind: Literal["hyphened", "italic"]


@dataclass(frozen=True)
class Mention:
    """A card a question names by a name not its own: ``word`` as typed, the ``card_id``, and ``how``:
    ``"half"`` (a split card's half name), ``"joined"`` (its name of several words typed as one word),
    ``"ruling"`` (a name only that card's rulings print), ``"sole"`` (a word only its name holds), ``"english"``
    (its English name) or ``"typo"`` (its name with one slip, as ``/karte`` reads it:
    :func:`bot.mentions.slipped_name`)."""

    word: str
    card_id: int
    how: str


@dataclass(frozen=True)
class OtherNames:
    """The store's other names of cards, folded (:func:`bot.text.fold`) → card id: ``halves`` (split cards' half
    names), ``printed`` (one word each: :func:`printed_names`) and ``english`` (English names, words joined by one
    space, at most :data:`MAX_NAME_WORDS` words)."""

    halves: Mapping[str, int]
    printed: Mapping[str, int]
    english: Mapping[str, int]
    #: words printed only capitalised, only in passages of no card, no card's name word, no German word
    #: (:func:`unowned_names`: 003's „Tarmogoyf“, „Disa“) → the name of another thing the documents print it in
    #: (:func:`other_things`: „Selesnija-Gilde“, the edition „Lorwyn“), None for none
    unowned: Mapping[str, OtherThing | None] = field(default_factory=dict)
    sole: Mapping[str, int] = field(default_factory=dict)  # words only one card's name holds: sole_name_words
    #: card id → the words of :attr:`printed` that name it, in the table's order (:func:`printed_of`)
    printed_by_card: Mapping[int, tuple[str, ...]] = field(default_factory=dict)


def printed_owners(rows: Iterable[tuple[int | None, str, str]]) -> dict[str, int]:
    """Folded word → its owner, for every word of at least :data:`MIN_MENTION` letters that ``rows`` (card id or
    None, passage kind, text) print: the card id when printed only capitalised and only in passages of
    :data:`CARD_KINDS` of that one card, :data:`_NO_CARD` when printed only capitalised and only in passages of no
    card (003's „Tarmogoyf“ of „Der Spielstein hat dieselben Eigenschaften wie die Karte Tarmogoyf“), else
    :data:`_NOBODY`. One pass over the texts."""
    owner: dict[str, int] = {}
    for card_id, kind, text in rows:
        own = card_id if card_id is not None and kind in CARD_KINDS else _NO_CARD
        for word in _PRINTED.findall(text):
            if len(word) < MIN_MENTION:
                continue
            key = fold(word)
            seen = owner.setdefault(key, own if word[:1].isupper() else _NOBODY)
            if seen != _NOBODY and (seen != own or not word[:1].isupper()):
                owner[key] = _NOBODY
    return owner


def printed_names(rows: Iterable[tuple[int | None, str, str]], ordinary: Iterable[str] = (),
                  owners: Mapping[str, int] | None = None) -> dict[str, int]:
    """Folded word → card id for every word of at least :data:`MIN_MENTION` letters that ``rows`` (card id or None,
    passage kind, text) print only capitalised and only in passages of :data:`CARD_KINDS` of that one card; no stop
    word and none of ``ordinary`` (folded: words of card names, which the name index reads). One pass over the
    texts (none when ``owners``, :func:`printed_owners` of ``rows``, is given)."""
    owner = printed_owners(rows) if owners is None else owners
    skip = set(ordinary) | STOP_WORDS
    return {k: c for k, c in owner.items() if c >= 0 and not k.isdigit() and k not in skip}


def unowned_words(owners: Mapping[str, int]) -> list[str]:
    """The words of ``owners`` (:func:`printed_owners`) printed only capitalised and only in passages of no card,
    no stop word and no number: names the documents print of things the store has no card of (before the German
    words and card names' words are taken out: :func:`unowned_names`)."""
    return [k for k, c in owners.items() if c == _NO_CARD and not k.isdigit() and k not in STOP_WORDS]


#: A name printed as another thing's than a card's: before a hyphen and a capitalised word that is no card or token
#: (CR 111: „Selesnija-Gilde“, „Odyssey-Blocks“; not „Vanguard-Karte“, „Tarmogoyf-Spielstein“, „Clue-Token“,
#: „Vibranium-Artefaktspielstein“: a card's or token's name), or in italics, as the FAQs print the title of an
#: edition or of the game („Jede Karte in _Lorwyn_“, „_Ravnica: Stadt der Gilden_“).
_OTHER_THING = re.compile(r"(?<![\w-])(?P<name>(?P<first>[^\W\d_]+)-"
                          r"(?![^\W\d_]*(?i:karten?|spielsteine?|tokens?)(?![\w-]))"
                          r"[A-ZÄÖÜ][^\W\d_]+)(?![\w-])"
                          r"|(?<!\w)_(?P<title>[A-ZÄÖÜ][^_\n]{0,60}[^\W_])_(?!\w)")


def other_things(rows: Iterable[tuple[int | None, str, str]], words: Container[str]) -> dict[str, OtherThing]:
    """Folded word of ``words`` → the first name of another thing than a card that ``rows`` (card id or None,
    passage kind, text) print it in (:data:`_OTHER_THING`), with how it is printed: „selesnija“ →
    ``OtherThing("Selesnija-Gilde", HYPHENED)`` (001), „lorwyn“ → ``OtherThing("Lorwyn", ITALIC)`` (000's italics:
    an edition). One pass over the texts."""
    found: dict[str, OtherThing] = {}
    for _card, _kind, text in rows:
        for m in _OTHER_THING.finditer(text) if "-" in text or "_" in text else ():
            thing = OtherThing(m["name"], HYPHENED) if m["name"] else OtherThing(m["title"], ITALIC)
            for word in [m["first"]] if m["name"] else _PRINTED.findall(thing.name):
                if (key := fold(word)) in words and key not in found:
                    found[key] = thing
    return found


def sole_name_words(cards: Iterable[tuple[int, str]], rows: Iterable[tuple[int | None, str, str]],
                    ordinary: Container[str]) -> dict[str, int]:
    """Folded word → card id for every word of at least :data:`MIN_SOLE` letters that the name of exactly one of
    ``cards`` (card id, name) holds and that no text of ``rows`` (card id or None, passage kind, text) prints
    outside that card's own passages; no stop word and none of ``ordinary`` (folded: ordinary German words, read
    by :func:`german`). „Rix“ of „Rix Maadi, Palast aus Kerkern“ is one; „Palast“ is a German word, „Maadi“ printed
    only in its rulings is one too. One pass over the names and one over the texts."""
    owner: dict[str, int] = {}
    for card_id, name in cards:
        for word in set(_WORD.findall(fold(name))):
            if len(word) >= MIN_SOLE and word not in STOP_WORDS:
                owner[word] = card_id if owner.setdefault(word, card_id) == card_id else _NOBODY
    for card_id, _kind, text in rows:
        for word in _PRINTED.findall(fold(text)):
            if owner.get(word, _NOBODY) not in (_NOBODY, card_id):
                owner[word] = _NOBODY  # printed in another card's or no card's passage: an ordinary word there
    return {w: c for w, c in owner.items()
            if c != _NOBODY and w not in ordinary and not german(w, ordinary)}


def german(word: str, words: Container[str]) -> bool:
    """True when ``word`` (folded) is an ordinary German word of ``words`` (:mod:`bot.german_words`: „Leben“,
    „Bestechung“) or ends in one of at least :data:`MIN_MENTION` letters, a German compound („Kopierfähigkeit“,
    „Farbkombination“, „Hundeschlittenführer“: words 002 prints only in one card's rulings)."""
    return any(word[i:] in words for i in range(len(word) - MIN_MENTION + 1))


async def _load(store: Store) -> OtherNames:
    halves = await store.fetchall(
        "SELECT f.card_id, f.name FROM card_faces f JOIN cards c ON c.id = f.card_id WHERE c.is_split = 1 "
        "ORDER BY f.card_id, f.face")  # the halves in printed order: „krims krams“ is the whole name
    english = await store.fetchall("SELECT card_id, alias FROM card_aliases WHERE kind = 'english'")
    # the documents' passages and the term rows, not a card file's (its cards' names and English names are read by the
    # name index and card_aliases; its 300 000 passages of 100 000 printings cost 4 s and 200 MB at every start)
    rows = await store.fetchall(
        "SELECT p.card_id, p.kind, p.text FROM passages p LEFT JOIN documents d ON d.id = p.document_id "
        "WHERE d.kind IS NULL OR d.kind != 'mtgjson'")
    owners = printed_owners(rows)
    candidates = printed_names(rows, owners=owners)
    unowned = unowned_words(owners)
    named = await _name_words(store, [*candidates, *unowned])
    candidates = {k: c for k, c in candidates.items() if k not in named}
    words = await german_dictionary_async()
    printed = {k: c for k, c in candidates.items() if not german(k, words)}
    loose = frozenset(k for k in unowned if k not in named and not german(k, words))
    things = other_things(rows, loose)
    # the documents' cards only (a card file's 100 000 names are the name index's): those of the rows read above,
    # not a second pass over every passage of the store
    cards = await _card_names(store, sorted({int(c) for c, _kind, _text in rows if c is not None}))
    sole = sole_name_words(cards, rows, words)
    by_card: dict[int, tuple[str, ...]] = {}
    for word, card in printed.items():
        by_card[card] = (*by_card.get(card, ()), word)
    return OtherNames({fold(n): int(c) for c, n in halves}, printed,
                      {" ".join(_WORD.findall(fold(n))): int(c) for c, n in english
                       if len(_WORD.findall(n)) <= MAX_NAME_WORDS},
                      {k: things.get(k) for k in loose}, sole, by_card)


async def _card_names(store: Store, ids: list[int]) -> list[tuple[int, str]]:
    """``(card id, name)`` of the cards ``ids``, looked up in chunks below SQLite's limit of bound parameters."""
    found: list[tuple[int, str]] = []
    for at in range(0, len(ids), 500):
        chunk = ids[at:at + 500]
        marks = ", ".join("?" * len(chunk))
        found += [(int(c), n) for c, n in await store.fetchall(
            f"SELECT id, name FROM cards WHERE id IN ({marks}) ORDER BY id", chunk)]  # noqa: S608 (marks only)
    return found


async def _name_words(store: Store, words: list[str]) -> frozenset[str]:
    """The ``words`` (folded) that are a word of a card's name the name index finds (``name_vocab``, words of
    :func:`bot.text.name_words`, which writes „ß“ as „ss“): looked up, not every name of the store folded again
    (100 000 printings: 380 000 names)."""
    spelled = {w.replace("ß", "ss"): w for w in words}
    keys = list(spelled)
    found: set[str] = set()
    for at in range(0, len(keys), 500):  # below SQLite's limit of bound parameters
        chunk = keys[at:at + 500]
        marks = ", ".join("?" * len(chunk))
        found.update(spelled[w] for (w,) in await store.fetchall(
            f"SELECT word FROM name_vocab WHERE word IN ({marks})", chunk))  # noqa: S608 (marks only)
    return frozenset(found)


async def other_names(store: Store) -> OtherNames:
    """The :class:`OtherNames` of ``store``, read once per open store (one pass over its passages' texts: the
    start-up warm-up runs it, :func:`bot.commands.questions.read_ranker`), then from memory."""
    return await store.memo("other_names", lambda: _load(store))


async def unowned_names(store: Store) -> Mapping[str, OtherThing | None]:
    """The names ``store``'s documents print of things it has no card of (:attr:`OtherNames.unowned`, folded):
    003's „Tarmogoyf“, „Disa“, „Karn“ (examples of the rules), each with the name of another thing than a card it
    is printed in (``OtherThing("Selesnija-Gilde", HYPHENED)`` of „selesnija“; None for „tarmogoyf“), read once per
    open store
    (:func:`other_names`)."""
    return (await other_names(store)).unowned


def half_named(text: str, halves: Mapping[str, int], signs: bool = True) -> Mention | None:
    """The first split card a word of ``text`` names by a half name (``halves``: :attr:`OtherNames.halves`), with a
    sign of a card when ``signs`` (typed capitalised, :data:`CASTING` in ``text``, or the other half typed too);
    None."""
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


def table_named(text: str, names: OtherNames) -> Mention | None:
    """The first card ``text`` names by an English name (longest first) or by a name only its rulings print
    (:attr:`OtherNames.printed`); None. Dictionary look-ups only."""
    typed = _WORD.findall(text)
    folded = [fold(w) for w in typed]
    english = english_named(text, names.english)
    if english is not None:
        return english
    found = next((Mention(w, names.printed[k], "ruling") for w, k in zip(typed, folded, strict=True)
                  if k in names.printed), None)
    return found or next((Mention(w, names.sole[k], "sole") for w, k in zip(typed, folded, strict=True)
                          if k in names.sole), None)


def english_named(text: str, english: Mapping[str, int], least: int = 1) -> Mention | None:
    """The card ``text`` names by an English name of ``english`` (:attr:`OtherNames.english`: folded names, words
    joined by one space) of at least ``least`` words, the longest and then the first; None. Dictionary look-ups only:
    at most :data:`MAX_NAME_WORDS` look-ups per word of ``text``."""
    if not english:
        return None
    typed = _WORD.findall(text)
    folded = [fold(w) for w in typed]
    for size in range(min(MAX_NAME_WORDS, len(typed)), least - 1, -1):
        for at in range(len(typed) - size + 1):
            card = english.get(" ".join(folded[at:at + size]))
            if card is not None:
                return Mention(" ".join(typed[at:at + size]), card, "english")
    return None


def half_read(text: str, cards: Iterable[int], halves: Mapping[str, int]) -> Mention | None:
    """The first word of ``text`` that is a half name (``halves``: :attr:`OtherNames.halves`) of one of ``cards``
    (those the name index read in ``text``) where ``text`` does not spell that card's whole name (its halves in
    printed order, any separator or „oder“: „Krims // Krams“, „krims krams“, „krims oder krams“): „Krams gewirkt“
    was read as Krims // Krams by its half (CR 709.1), and the reply says so as for any other name
    (:func:`read_as_line`); None."""
    typed = _WORD.findall(text)
    folded = [fold(w) for w in typed]
    spelled = f" {' '.join(w for w in folded if w != 'oder')} "  # „krims oder krams“ spells Krims // Krams too
    for card in dict.fromkeys(cards):
        own = [k for k, c in halves.items() if c == card]
        if not own or f" {' '.join(own)} " in spelled:
            continue
        word = next((w for w, k in zip(typed, folded, strict=True) if k in own), None)
        if word is not None:
            return Mention(word, card, "half")
    return None


def sole_read(text: str, cards: Iterable[int], sole: Mapping[str, int]) -> Mention | None:
    """The first word of ``text`` that only the name of one of ``cards`` (those the name index read in ``text``)
    holds (``sole``: :attr:`OtherNames.sole`): „maadi“ was read as Rix Maadi, Palast aus Kerkern by that one word,
    and the reply says so as it does for „rix“ (:func:`read_as_line`); None. Whether ``text`` spells the whole name
    (then nothing is said) is :func:`spells_name`'s to decide: it needs the card's name."""
    wanted = set(cards)
    return next((Mention(w, sole[k], "sole") for w in _WORD.findall(text)
                 if (k := fold(w)) in sole and sole[k] in wanted), None)


def spells_name(text: str, name: str) -> bool:
    """True when ``text`` holds every word of the card name ``name`` that is no stop word (folded, any order and
    separator: „rix maadi palast aus kerkern“ spells Rix Maadi, Palast aus Kerkern)."""
    typed = {fold(w) for w in _WORD.findall(text)}
    return all(w in typed for w in _WORD.findall(fold(name)) if w not in STOP_WORDS)


def read_slip(text: str, names: NameIndex | None) -> tuple[str, Mention | None]:
    """``text`` with the first card name typed with one slip that ``/karte`` reads as one card
    (:func:`bot.mentions.slipped_name`: „was macht boros-rektur“) spelled as that card's name („was macht
    Boros-Rekrut“), and the :class:`Mention` (``how`` ``"typo"``) the answer says; ``(text, None)`` without one
    or without ``names``."""
    slipped = slipped_name(text, names) if names is not None else None
    if slipped is None:
        return text, None
    typed, hit = slipped
    return text.replace(typed, hit.card_name, 1), Mention(typed, hit.card_id, "typo")


async def read_name(store: Store, text: str, names: NameIndex | None,
                    knows: Callable[[str], bool] | None = None) -> tuple[str, Mention | None]:
    """``text`` with a card's name read as ``/karte`` reads it spelled as that card's German name, and the
    :class:`Mention` the answer says: a name typed with one slip (:func:`read_slip`), else an English name of two
    words or more that a store built with card files holds (:func:`english_named`: „was macht boros recruit wenn er
    angreift“ is ranked as „was macht Boros-Rekrut wenn er angreift“, so the card's rulings and text meet the
    question's words as for its German name); ``(text, None)`` without either. A one-word English name is read by
    :func:`table_named` only where no German name is (it may be a players' word: „Flash“). A name of two words or
    more typed together (:func:`bot.mentions.joined_name`, a word no document holds by ``knows``: „borosrekrut“)
    is spelled as printed too (``how``
    ``"joined"``: ``/karte`` reads it so without a word, and so does the answer)."""
    text, slip = read_slip(text, names)
    if slip is not None or names is None:
        return text, slip
    joined = joined_name(text, names, knows) if knows is not None else None  # „borosrekrut“ as /karte reads it
    if joined is not None:
        typed, hit = joined
        return text.replace(typed, hit.card_name, 1), Mention(typed, hit.card_id, "joined")
    found = english_named(text, (await other_names(store)).english, least=2)
    card = await store.card(found.card_id) if found is not None else None
    if found is None or card is None:
        return text, None
    span = re.compile(r"(?<![^\W_])" + r"[\W_]+".join(map(re.escape, found.word.split())) + r"(?![^\W_])", re.I)
    return span.sub(lambda _m: card.name, text, count=1), found


async def mentioned(store: Store, text: str, cards: Iterable[int] = ()) -> Mention | None:
    """The card ``text`` names by a name not its own. With ``cards`` (those the name index read): the one of them
    read by a half name (:func:`half_read`) or by a word only its name holds where ``text`` does not spell the whole
    name (:func:`sole_read`: „was macht maadi“), the name index's reading kept. Without: a half name
    (:func:`half_named`), an English name or a name of its rulings (:func:`table_named`), tried in that order; None.
    Reads the store only the first time (:func:`other_names`)."""
    others = await other_names(store)
    if cards:
        found = half_read(text, cards, others.halves) or sole_read(text, cards, others.sole)
        if found is not None and found.how == "sole":  # „maadi“ alone names the card; its whole name says nothing
            card = await store.card(found.card_id)
            return None if card is None or spells_name(text, card.name) else found
        return found
    return half_named(text, others.halves) or table_named(text, others)


async def printed_of(store: Store, mention: Mention | None) -> tuple[str, ...]:
    """The names only the rulings of the split card ``mention`` names by a half name print (folded,
    :attr:`OtherNames.printed_by_card`), ``()`` for any other mention: 002 writes Getrieben // Verzweiflung's halves
    in English („Falls du in einem Zug mehrere Exemplare von Driven oder Despair verrechnest …“), so a question naming
    „Verzweiflung“ names „despair“ too and meets those rulings as a question typing „despair“ does."""
    if mention is None or mention.how != "half":
        return ()
    return (await other_names(store)).printed_by_card.get(mention.card_id, ())


def read_as_line(mention: Mention, card_name: str, echo: int = 60) -> str:
    """``/frage``'s line saying which card a word was read as (the typed word escaped, at most ``echo``
    characters), as ``/karte`` says it for a name only the rulings print."""
    shown = quote_user(mention.word, echo)
    if mention.how == "half":
        return f"ℹ️ „{shown}“ gelesen als Hälfte der geteilten Karte **{card_name}**."
    if mention.how == "english":
        return f"ℹ️ „{shown}“ gelesen als englischer Name von **{card_name}**."
    if mention.how == "sole":
        return f"ℹ️ „{shown}“ gelesen als Teil des Namens von **{card_name}**."
    return f"ℹ️ „{shown}“ ist kein Kartenname; die Rulings zu **{card_name}** nennen es."


__all__ = ["CARD_KINDS", "CASTING", "MAX_NAME_WORDS", "MIN_MENTION", "MIN_SOLE", "Mention", "OtherNames",
           "english_named", "german", "half_named", "half_read", "mentioned", "other_names", "printed_names",
           "printed_of", "printed_owners", "read_as_line", "read_name", "read_slip", "sole_name_words", "sole_read",
           "spells_name", "table_named", "unowned_names", "unowned_words"]
