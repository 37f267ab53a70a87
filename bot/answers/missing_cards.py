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
„Selesnija-Gilde“: :meth:`bot.store.Store.holds_phrase`) or joined („Gilden-Symbol“: Gildensymbol), or a word of it
is a frame word of :data:`bot.guilds.FRAME_WORDS` („Boros-Karte“).

Players also write such a name without its hyphen (:func:`bot.text_names.guild_joined`): a guild's name run into the
next word („dimirwächter“) or before it after an article („der dimir wächter“, „den selesnija gildenmagier“), or
before a word of a card name of the store („selesnija gildenmagier“: Rakdos-Gildenmagier). The guilds are the documents'
(:func:`bot.guilds.guilds_of`), so „was machen orzhov karten“ (a frame word of :data:`bot.guilds.FRAME_WORDS`) and
„izzet reproduktion“ (a concept) name no card.

A name typed in another declined form („der boros-rekruten“, „den phobischen traumding“:
:func:`bot.declined_names.declined_words`) is no missing card; the ranking reads that card, but where none of the
passages shown is of it (no ruling of Boros-Rekrut speaks of blocking), :func:`declined_note` says what the name was
read as, and the card's button leads the answer's, so the name the player typed is never dropped without a word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.analysis import Analysis
from bot.declined_names import NOTE, declined_card, declined_words
from bot.guilds import FRAME_WORDS
from bot.message_names import plain_names
from bot.players_words import gloss
from bot.reply import Action, quote_user
from bot.search import NameHit, NameIndex
from bot.store import CardRecord, PassageRecord, Store
from bot.text import canonical, fold, name_words
from bot.text import tokens as name_tokens
from bot.text_names import store_names
from bot.words import snowball

#: Most near names said (``/karte``'s „Meintest du“ offers up to five as buttons; a note names three).
NEAR_SHOWN = 3
#: Most cards of a question's text read for the declined-name notes (:func:`declined_note`).
DECLINED_READ = 5


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
    """The note for the first hyphened word of ``question`` (:func:`bot.text_names.hyphened_words`, then the names
    written apart of :func:`bot.text_names.guild_joined`: :attr:`bot.text_names.TextNames.card_like`) that names
    no card of the store and no document prints, ``""`` when there is none (or
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
    for like in (await store_names(store, question, names.data.word_count)).card_like:
        typed, parts, among = like.shown, like.parts, all if like.apart else any
        if not all(fold(p).isalpha() for p in parts):  # „Rekrut¼“ folds to „rekrut1⁄4“: no name, no FTS5 phrase
            continue
        if not any(names.data.word_count(fold(p)) for p in parts):  # „Ruling-Absatz“: no word of a card's name
            continue
        if among(canonical(fold(p)) in own for p in parts) or any(_named_concept(analysis, p) for p in parts):
            continue
        # a guild's name before a frame word („Boros-Karte“) or a compound the documents print joined
        # („Gilden-Symbol“: Gildensymbol) is the player's German, no card's name
        if not like.apart and (any(fold(p) in FRAME_WORDS for p in parts)
                               or await store.holds_phrase([fold("".join(parts))])):
            continue
        found = names.lookup(typed)
        if found.hit is not None or declined_card(typed, found, NOTE) is not None or await store.holds_phrase(
                [fold(p) for p in parts]):  # „Boros-Rekruten“: Boros-Rekrut declined
            continue
        if not below:  # under /karte's title „Keine Karte „…“ gefunden“
            near = _near(names, found.candidates, parts)
            return f"ℹ️ Kein Dokument des Bots nennt eine Karte „{quote_user(typed, 60)}“.{near}"
        return missing_name_line(typed, names, parts, found.candidates)
    return ""


def missing_name_line(typed: str, names: NameIndex, parts: Sequence[str], offered: Sequence[NameHit]) -> str:
    """The line above a question's passages for a name ``typed`` that no card of the store has (``parts``: its
    words; ``offered``: ``/karte``'s candidates for it): „ℹ️ Keine Karte „Dimir-Wächter“ gefunden: kein Dokument des
    Bots nennt eine Karte dieses Namens; die Stellen unten gelten nicht ihr.“ with the near names of :func:`_near`
    (the typed name escaped, at most 60 characters). One wording for every spelling of such a name
    (:func:`missing_card_line`, :func:`bot.answers.missing_phrases.missing_phrase`)."""
    return (f"ℹ️ Keine Karte „{quote_user(typed, 60)}“ gefunden: kein Dokument des Bots nennt eine Karte dieses "
            f"Namens; die Stellen unten gelten nicht ihr.{_near(names, offered, parts)}")


def declined_note(question: str, cards: Sequence[CardRecord], shown: Sequence[PassageRecord],
                  names: NameIndex | None) -> tuple[str, tuple[Action, ...]]:
    """One note and button for each card that ``question`` names in a declined form
    (:func:`bot.declined_names.declined_words`) while no passage ``shown`` is of the card, prints its name or holds
    the words typed (:func:`_said_below`): „ℹ️ „boros-rekruten“ gelesen als **Boros-Rekrut**; keine Stelle unten
    gilt der Karte, …“ (the typed words escaped, at most 60 characters; „gelesen als Teil des Namens von
    **Phobisches Traumwesen**“ for fewer words than the name has) and the button to the card (``rb:card:<id>``); the
    notes one per line in the order the names are typed, ``("", ())`` for none. The cards are those the ranking read
    in ``question`` (``cards``), then those the message command "Karten erklären" reads in the same text
    (:func:`bot.message_names.plain_names`), so a declined name beside another is never dropped: „kann der
    boros-rekruten den phobischen traumwesens blocken?“ notes Boros-Rekrut, whose passages are not shown, and not
    Phobisches Traumwesen, whose text :mod:`bot.named_shown` puts on the page. Nothing is said where the passages
    speak of what was typed: „märtyrer“ beside 001's section Märtyrer, „wogenden flammen“ beside Klimperstein's
    ruling on Wogende Flammen."""
    if names is None:
        return "", ()
    named = {c.id: c.name for c in cards}
    for card_id in plain_names(names, question, DECLINED_READ).ids:
        if card_id in names.card_names:
            named.setdefault(card_id, names.card_names[card_id])
    read: list[tuple[int, str, Action]] = []  # (where the name is typed, note, button): in the question's order
    page: list[_Shown] = []  # the shown passages as read, made once at the first declined card
    for card_id, card_name in named.items():
        typed = declined_words(question, card_id, card_name, names)
        if typed is None:
            continue
        page = page or [_Shown.of(p) for p in shown]
        if _said_below(card_id, card_name, typed, page):
            continue
        whole = len(name_words(typed)) == len(name_words(card_name))
        said = f"**{card_name}**" if whole else f"Teil des Namens von **{card_name}**"
        note = (f"ℹ️ „{quote_user(typed, 60)}“ gelesen als {said}; keine Stelle unten gilt der Karte, sie steht "
                f"unter dem Knopf „{card_name}“.")
        read.append((question.find(typed), note, Action(card_name[:80], "card", str(card_id))))
    read.sort(key=lambda r: r[0])
    return "\n".join(r[1] for r in read), tuple(r[2] for r in read)


@dataclass(frozen=True)
class _Shown:
    """A shown passage as :func:`_said_below` reads it: its card's id, its title and text folded
    (:func:`bot.text.fold`) and the Snowball stems of their words (:func:`bot.words.snowball`)."""

    card_id: int | None
    held: str
    stems: frozenset[str]

    @classmethod
    def of(cls, p: PassageRecord) -> _Shown:
        """``p`` as read: made once per page, whatever the number of declined cards."""
        held = fold(f"{p.title} {p.text}")
        return cls(p.card_id, held, frozenset(snowball(w) for w in name_words(held)))


def _said_below(card_id: int, card_name: str, typed: str, shown: Sequence[_Shown]) -> bool:
    """True when a passage of ``shown`` is of the card ``card_id``, prints its name ``card_name`` in its title or
    text (folded), or holds every word of ``typed`` by its Snowball stem (:func:`bot.words.snowball`)."""
    name, typed_stems = fold(card_name), {snowball(w) for w in name_words(typed)}
    return any(p.card_id == card_id or name in p.held or typed_stems <= p.stems for p in shown)


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


__all__ = ["NEAR_SHOWN", "declined_note", "missing_card_line", "missing_name_line"]
