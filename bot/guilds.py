"""Guilds and sets as players name them, read from the documents' own data (no list of names of its own).

* **Guilds.** Each guild mechanic's section of the Ravnica-block FAQs (file 001) says in one sentence which guild
  has it: „Nur Kreaturen aus der Gruul-Gilde (rot, grün oder rot-grün) haben Blutdurst.“ (001:1052, Gildenbund),
  „Nur Karten, die der Dimir-Gilde zugeordnet sind (blau, schwarz oder blau-schwarz), haben Transmutation.“
  (001:114, Ravnica: Stadt der Gilden), „Nur Karten aus der Izzet-Gilde (blau, rot oder blau-rot) haben
  Reproduktion.“ (001:1129) … — ten sentences, one per guild (:data:`GUILD_SENTENCE`, :func:`guilds_of`).
* **Sets.** Each FAQ of file 001 is one set's document (``documents.set_name``: Ravnica: Stadt der Gilden,
  Gildenbund, Zwietracht, Kälteeinbruch; ``../shared/SOURCES.md``), so a set's name names that document and its
  mechanics sections (:func:`sets_of`). The English set names (Coldsnap, Guildpact, …) are in no document.

A typed text names a guild or a set when its words are the name's, give or take articles and a frame word
(:data:`FRAME_WORDS`: „die Gruul-Gilde“, „orzhov karten“, „izzet deck“, „das Set Kälteeinbruch“;
:func:`named_guild`, :func:`named_set`). ``/karte`` and the message command say what such a name is instead of
„Keine Karte“ (:mod:`bot.answers.guilds`); ``/mechanik`` answers a guild with its mechanic's section and offers a
set's sections (:mod:`bot.answers.mechanics`). Where a longer text names them (a question, a message) is read by
:mod:`bot.text_names`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.stopwords import STOP_WORDS
from bot.store import DocumentRecord, MechanicRecord, Store
from bot.text import canonical, tokens

#: The sentence of a guild mechanic's section that names its guild, as the four FAQs of file 001 print it
#: (both shapes: „Nur Kreaturen aus der Gruul-Gilde (…) haben Blutdurst.“, „Nur Karten, die der Dimir-Gilde
#: zugeordnet sind (…), haben Transmutation.“); ``title`` must be the section's own title.
GUILD_SENTENCE = re.compile(
    r"Nur (?P<kind>Karten|Kreaturen)(?:, die der| aus der) (?P<guild>\w+)-Gilde(?: zugeordnet sind)?"
    r" \((?P<colours>[^()]*)\),? haben (?P<title>[^.]+)\.")
#: Words beside a guild's or a set's name that do not change what is named (folded as :func:`bot.text.tokens`):
#: the guild itself („Gruul-Gilde“, „Gilde“ as the sentences print it), what belongs to it (the sentences' „Karten“
#: and „Kreaturen“, a player's „Deck“), and what a set is called in the FAQs („Das Set …“, „die Erweiterung …“).
FRAME_WORDS = frozenset({"gilde", "karte", "karten", "kreatur", "kreaturen", "deck", "decks", "set", "sets",
                         "erweiterung", "edition"})


@dataclass(frozen=True)
class Guild:
    """A guild as a mechanic's section names it.

    Attributes:
        name: the guild as printed before „-Gilde“ (``"Gruul"``, ``"Selesnija"``).
        colours: the colours in the sentence's brackets (``"rot, grün oder rot-grün"``).
        section: the mechanic's section that says so (Blutdurst of Gildenbund).
        sentence: the sentence as printed (``"Nur Kreaturen aus der Gruul-Gilde (…) haben Blutdurst."``).
    """

    name: str
    colours: str
    section: MechanicRecord
    sentence: str


@dataclass(frozen=True)
class SetDocument:
    """A set and the FAQ about it.

    Attributes:
        name: the set as ``documents.set_name`` gives it (``"Ravnica: Stadt der Gilden"``).
        document: its FAQ (file 001, part 1–4).
        sections: its mechanics sections in document order.
    """

    name: str
    document: DocumentRecord
    sections: tuple[MechanicRecord, ...]


def guilds_of(sections: list[MechanicRecord]) -> list[Guild]:
    """The guilds the ``sections`` name (:data:`GUILD_SENTENCE` in a section's body naming that section's title),
    in document order: for the four FAQs of file 001 Selesnija (Einberufen), Golgari, Dimir, Boros, Gruul, Orzhov,
    Izzet, Azorius, Simic, Rakdos (Versessenheit)."""
    found: list[Guild] = []
    for m in sections:
        for hit in GUILD_SENTENCE.finditer(m.body):
            if hit["title"] == m.title:
                found.append(Guild(hit["guild"], hit["colours"], m, hit[0]))
    return found


def sets_of(documents: list[DocumentRecord], sections: list[MechanicRecord]) -> list[SetDocument]:
    """One :class:`SetDocument` per document with a ``set_name`` (the FAQs of file 001), with its sections."""
    return [SetDocument(d.set_name, d, tuple(m for m in sections if m.document.id == d.id))
            for d in documents if d.set_name]


@lru_cache(maxsize=64)
def _name_words(name: str) -> tuple[str, ...]:
    """:func:`_words` of a guild's or set's ``name``, folded once per process (the documents name ten guilds and
    four sets, so the cache stays small): the autocomplete compares each keystroke with them."""
    return tuple(_words(name))


def _words(text: str) -> list[str]:
    """The folded words of ``text`` without articles and other stop words and without :data:`FRAME_WORDS`, each in
    one spelling (:func:`bot.text.canonical`: „ae“ for „ä“ as players type it, „kaelteeinbruch“ is Kälteeinbruch)."""
    return [canonical(w) for w in tokens(text) if w not in STOP_WORDS and w not in FRAME_WORDS]


def named_guild(guilds: list[Guild], text: str) -> Guild | None:
    """The guild ``text`` names (its words are the guild's name, :func:`_words`): ``Gruul``, ``die Gruul-Gilde``,
    ``orzhov karten``, ``izzet deck``; None otherwise (``Gruul-Nodorog`` names a card)."""
    typed = _words(text)
    return next((g for g in guilds if typed == list(_name_words(g.name))), None)


def named_set(sets: list[SetDocument], text: str) -> SetDocument | None:
    """The set ``text`` names: its whole name (``Ravnica: Stadt der Gilden``) or the name's part before the colon
    (``Ravnica``), give or take :data:`FRAME_WORDS` (``das Set Kälteeinbruch``); None otherwise."""
    typed = _words(text)
    if not typed:
        return None
    for s in sets:
        if typed in (list(_name_words(s.name)), list(_name_words(s.name.split(":")[0]))):
            return s
    return None


#: The words beside a set's name with which a question asks what is in the set (folded, in
#: :func:`bot.text.canonical`'s spelling): its mechanics („welche mechaniken hat gildenbund“, „zwietracht
#: mechaniken“), what is new in it („was ist neu in kälteeinbruch“), what it holds („was gibt es in ravnica“).
SET_ASKING = frozenset(canonical(w) for w in (
    "mechanik", "mechaniken", "fahigkeit", "fahigkeiten", "schlusselwort", "schlusselworter", "keyword", "keywords",
    "neu", "neue", "neuen", "neues", "gibt", "gab", "hat", "haben", "enthalt", "enthalten", "drin", "inhalt",
    "alle", "liste", "uberblick", "ubersicht"))


def asked_set(sets: list[SetDocument], text: str) -> SetDocument | None:
    """The set whose mechanics or contents the question ``text`` asks: its name (:func:`named_set`) with no other
    words than :data:`SET_ASKING` („welche mechaniken gibt es in zwietracht“ → Zwietracht, „was ist neu in
    kälteeinbruch“ → Kälteeinbruch); None when another word asks something else („welche mechaniken hat gildenbund
    für rakdos“ names a guild too; „Festival des Gildenbunds“ is a card)."""
    typed = _words(text)
    for s in sets:
        for name in (list(_name_words(s.name)), list(_name_words(s.name.split(":")[0]))):
            at = next((i for i in range(len(typed) - len(name) + 1) if typed[i:i + len(name)] == name), None)
            if name and at is not None and set(typed[:at] + typed[at + len(name):]) <= SET_ASKING:
                return s
    return None


async def store_guilds(store: Store) -> tuple[list[Guild], list[SetDocument]]:
    """The guilds and sets of ``store`` (:func:`guilds_of`, :func:`sets_of`), read once per store."""

    async def load() -> tuple[list[Guild], list[SetDocument]]:
        sections = await store.mechanic_sections()
        return guilds_of(sections), sets_of(await store.documents(), sections)

    return await store.memo("guilds_and_sets", load)


def begun_names(guilds: list[Guild], sets: list[SetDocument], text: str,
                least: int) -> tuple[list[Guild], list[SetDocument]]:
    """The guilds and the sets whose names the typed words of ``text`` begin (:func:`_words`, so „die izzet karten“
    begins Izzet; a set's whole name or its part before the colon: „ravn“ → Ravnica: Stadt der Gilden), in document
    order; none when the words typed have fewer than ``least`` letters."""
    typed = " ".join(_words(text))
    if sum(len(w) for w in tokens(text) if w not in STOP_WORDS and w not in FRAME_WORDS) < least:  # as typed
        return [], []
    return ([g for g in guilds if " ".join(_name_words(g.name)).startswith(typed)],
            [s for s in sets
             if any(" ".join(_name_words(n)).startswith(typed) for n in (s.name, s.name.split(":")[0]))])


def begun(guilds: list[Guild], sets: list[SetDocument], text: str, least: int) -> list[tuple[str, MechanicRecord]]:
    """What ``/mechanik``'s autocomplete offers first for ``text``: the mechanic of each guild whose name the typed
    words begin (:func:`begun_names`, at least ``least`` letters: „gru“ → Blutdurst, labelled ``Blutdurst
    (Gruul-Gilde)``), and the sections of each set whose name (or its part before the colon) they begin („kälte“ →
    the eight of Kälteeinbruch, labelled ``Bergung (Kälteeinbruch)``); (label, section) pairs, each section once."""
    out: dict[int, tuple[str, MechanicRecord]] = {}
    found_guilds, found_sets = begun_names(guilds, sets, text, least)
    for g in found_guilds:
        out.setdefault(g.section.id, (f"{g.section.title} ({g.name}-Gilde)", g.section))
    for s in found_sets:
        for m in s.sections:
            out.setdefault(m.id, (f"{m.title} ({s.name})", m))
    return list(out.values())
