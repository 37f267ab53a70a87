"""One reading of the names in a player's text, which ``/frage``, the searches, the missing-card note and the
message command's guild words all consume (:class:`TextNames`, :func:`read_names`).

A text names, besides cards (read by the ranking, :meth:`bot.ranking.Ranker.named_cards`, and by the message
command, :func:`bot.message_names.plain_names`):

* **guild words**: a word that is a one-word guild's name as the documents give it (:func:`bot.guilds.guilds_of`:
  „orzhov“ in „was machen orzhov karten“), anywhere in the text (:attr:`TextNames.guild_words`);
* **lone names**: a word standing alone, joined to no other by a hyphen, that names a guild or a set
  (:func:`bot.guilds.named_guild`, :func:`bot.guilds.named_set`: „Was macht Selesnija?“, „kaelteeinbruch“;
  :attr:`TextNames.lone`);
* **card-like names**: a hyphened word („Dimir-Wächter“, :func:`hyphened_words`) and a guild's name written into
  or before the next word („dimirwächter“, „der dimir wächter“, :func:`guild_joined`): names a card may have, which
  the missing-card note (:func:`bot.answers.missing_cards.missing_card_line`) checks against the store
  (:attr:`TextNames.card_like`).

Each with its span (:class:`Span`). Two rules decide between these readings, here alone:

* a guild's name inside a named card's name is no guild (:func:`bot.declined_names.inside_card_name`, by the
  door's rule, :class:`bot.declined_names.Door`: „teysa orzhov weiserin“ for
  Teysa, Orzhovweiser; :meth:`TextNames.read_guilds`);
* a missing card's note wins over its guild's reading (:func:`beside_missing`: „Dimir-Wächter“ is a card the store
  lacks, not the Dimir-Gilde).

Pure but for :func:`guild_read` and :func:`store_names`, which read the store's guilds and cards.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from bot.analysed import Analysis
from bot.declined_names import QUESTION, Door, inside_card_name
from bot.guilds import FRAME_WORDS, Guild, SetDocument, named_guild, named_set, store_guilds
from bot.stopwords import STOP_WORDS
from bot.store import Store
from bot.text import fold, tokens

#: Letters joined by hyphens, each part of two letters or more („Dimir-Wächter“; no digit, no sign).
JOINED = r"[^\W\d_]{2,}(?:-[^\W\d_]{2,})+"
#: A hyphened word standing alone (not inside a longer token: „+1/+1-Marke“ is none).
_HYPHENED = re.compile(rf"(?<![\w/+-]){JOINED}(?![\w/+-])")
#: A word of three letters or more joined to no other by a hyphen (a lone name's candidates).
_LONE = re.compile(r"(?<![\w-])[^\W\d_]{3,}(?![\w-])")
#: The articles and possessives before a guild's name that make it a name's first word („der dimir wächter“).
ARTICLES = frozenset({"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "mein",
                      "meine", "meinen", "meinem", "dein", "deine", "deinen", "deinem", "sein", "seine", "seinen",
                      "seinem"})
#: Fewest letters of the word after a guild's name for the two to be read as one name („dimirwächter“).
REST_LEAST = 4
#: Most card-like names read of each kind from one text (each costs the note one look-up of the index).
MOST = 3
#: The part of a text read for lone and card-like names (characters).
READ_CHARS = 2000


@dataclass(frozen=True)
class Span:
    """Where a name stands in the text read.

    Attributes:
        typed: the name as written there.
        start: its first character's index in the text.
        end: the index after its last character.
    """

    typed: str
    start: int
    end: int


@dataclass(frozen=True)
class GuildWord:
    """A word of the text that is a one-word guild's name („orzhov“).

    Attributes:
        guild: the guild (:class:`bot.guilds.Guild`).
        key: the word folded (:func:`bot.text.tokens`: ``"orzhov"``).
        span: its first run of letters in the text whose tokens hold it; None when folding joined it from pieces.
    """

    guild: Guild
    key: str
    span: Span | None


@dataclass(frozen=True)
class CardLike:
    """A name of the text that a card may have (:func:`hyphened_words`, :func:`guild_joined`).

    Attributes:
        shown: the name as the note says it („Dimir-Wächter“, „Dimirwächter“, „Dimir Wächter“).
        parts: its words („Dimir“, „Wächter“).
        apart: written without its hyphen: another card's only when all its words are that card's („Gildenmagier“
            of Simic-Gildenmagier does not name Selesnija Gildenmagier); a hyphened one when any is.
        span: where it stands in the text.
    """

    shown: str
    parts: tuple[str, ...]
    apart: bool
    span: Span


def hyphened_words(question: str) -> list[str]:
    """The hyphened words of ``question`` (its first :data:`READ_CHARS` characters) as typed, each once, in order, at
    most :data:`MOST`: „kann ich den Dimir-Wächter opfern?“ → ``["Dimir-Wächter"]``."""
    return [s.typed for s in hyphened_spans(question)]


def hyphened_spans(question: str, most: int | None = MOST) -> list[Span]:
    """:func:`hyphened_words` with their spans (the first of each), at most ``most`` (None: all)."""
    found: dict[str, Span] = {}
    for m in _HYPHENED.finditer(question[:READ_CHARS]):
        found.setdefault(m.group(), Span(m.group(), m.start(), m.end()))
    return list(found.values())[:most]


def guild_joined(question: str, guilds: Sequence[str], card_word: Callable[[str], int]) -> list[tuple[str, list[str]]]:
    """The card names ``question`` (its first :data:`READ_CHARS` characters) gives without their hyphen around a
    guild's name (``guilds``: the guilds as printed, „Dimir“), as (shown name, parts), each once, at most
    :data:`MOST`: the guild run into the next word („dimirwächter“ → ``("Dimirwächter", ["Dimir", "wächter"])``,
    unless the whole word is a word of a card name, ``card_word`` > 0: „orzhovweiser“ of Teysa, Orzhovweiser), or
    followed by a word of at least :data:`REST_LEAST` letters, no stop or frame word, after an article or being a
    word of a card name („der dimir wächter“ → ``("Dimir Wächter", ["Dimir", "wächter"])``). Pure."""
    return [(c.shown, list(c.parts)) for c in _joined(question, guilds, card_word)]


def _joined(question: str, guilds: Sequence[str], card_word: Callable[[str], int]) -> list[CardLike]:
    """:func:`guild_joined` as :class:`CardLike` names with their spans (the first of each)."""
    words = list(re.finditer(r"[^\W\d_]+", question[:READ_CHARS]))
    keys = {fold(g): g for g in guilds}
    found: dict[str, CardLike] = {}
    for i, m in enumerate(words):
        word, key = m.group(), fold(m.group())
        after = words[i + 1] if i + 1 < len(words) else None
        nxt = after.group() if after is not None else ""
        if after is not None and key in keys and len(nxt) >= REST_LEAST and fold(nxt) not in STOP_WORDS | FRAME_WORDS \
                and ((i and fold(words[i - 1].group()) in ARTICLES) or card_word(fold(nxt))):
            found.setdefault(f"{keys[key]} {nxt[:1].upper()}{nxt[1:]}", CardLike(
                f"{keys[key]} {nxt[:1].upper()}{nxt[1:]}", (keys[key], nxt), True,
                Span(question[m.start():after.end()], m.start(), after.end())))
            continue
        for g_key, g in keys.items():
            rest = word[len(g_key):]
            if key.startswith(g_key) and len(rest) >= REST_LEAST and not card_word(key):
                found.setdefault(f"{g}{rest}", CardLike(f"{g}{rest}", (g, rest), True, Span(word, m.start(), m.end())))
    return list(found.values())[:MOST]


def beside_missing(missing: str, lines: Sequence[str]) -> list[str]:
    """The guild and set ``lines`` of a text's reading that stand beside the note on a missing card's name
    (``missing``: :func:`bot.answers.missing_cards.missing_card_line`, ``""`` for none): none when there is such a
    note, since its guild word names the missing card, not the guild („Dimir-Wächter“); ``lines`` otherwise."""
    return [] if missing else list(lines)


@dataclass(frozen=True)
class TextNames:
    """The names of one text (see the module docstring), each reading made on first use.

    Attributes:
        text: the text read, as given.
        guilds: the store's guilds (:func:`bot.guilds.store_guilds`).
        sets: the store's sets.
        card_word: how many card names of the store have a folded word (:meth:`bot.namedata.MemoryNames.word_count`);
            None: no card-like names are read.
    """

    text: str
    guilds: list[Guild] = field(default_factory=list)
    sets: list[SetDocument] = field(default_factory=list)
    card_word: Callable[[str], int] | None = field(default=None, compare=False)

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The folded words of :attr:`text` (:func:`bot.text.tokens`), in order."""
        return tuple(tokens(self.text))

    @cached_property
    def guild_words(self) -> tuple[GuildWord, ...]:
        """The one-word guilds whose name is a word of :attr:`text` (:attr:`words`), in the guilds' order: „was
        machen orzhov karten“ → Orzhov."""
        words = frozenset(self.words)
        keys = [(g, tokens(g.name)) for g in self.guilds]
        return tuple(GuildWord(g, k[0], self._span_of(k[0])) for g, k in keys if len(k) == 1 and k[0] in words)

    def _span_of(self, key: str) -> Span | None:
        """The first run of letters and digits of :attr:`text` whose tokens hold ``key``."""
        return next((Span(m.group(), m.start(), m.end()) for m in re.finditer(r"[^\W_]+", self.text)
                     if key in tokens(m.group())), None)

    @property
    def guild_keys(self) -> frozenset[str]:
        """The folded words of :attr:`guild_words`."""
        return frozenset(g.key for g in self.guild_words)

    def read_guilds(self, held: Collection[str], door: Door = QUESTION) -> list[Guild]:
        """The guilds of :attr:`guild_words` read as their guild: those not inside a name of the cards the text
        names (``held``: their names' words, folded; :func:`bot.declined_names.inside_card_name` as ``door`` reads
        it)."""
        return [g.guild for g in self.guild_words if not inside_card_name(g.key, held, door)]

    @cached_property
    def lone(self) -> tuple[Span, ...]:
        """The words of :attr:`text` (its first :data:`READ_CHARS` characters) joined to no other by a hyphen that
        name a guild or a set alone (:func:`bot.guilds.named_guild`, :func:`bot.guilds.named_set`: „Was macht
        Selesnija?“ → Selesnija), each word once (folded), as written."""
        found: dict[str, Span] = {}
        for m in _LONE.finditer(self.text[:READ_CHARS]):
            key = tokens(m.group())[0]
            if key not in found and (named_guild(self.guilds, m.group()) or named_set(self.sets, m.group())):
                found[key] = Span(m.group(), m.start(), m.end())
        return tuple(found.values())

    @cached_property
    def card_like(self) -> tuple[CardLike, ...]:
        """The names of :attr:`text` a card may have: its hyphened words (:func:`hyphened_words`), then the guild
        names written into or before the next word (:func:`guild_joined`); () without :attr:`card_word`."""
        if self.card_word is None:
            return ()
        hyphened = [CardLike(s.typed, tuple(s.typed.split("-")), False, s) for s in hyphened_spans(self.text)]
        return (*hyphened, *_joined(self.text, [g.name for g in self.guilds], self.card_word))


async def store_names(store: Store, text: str, card_word: Callable[[str], int] | None = None) -> TextNames:
    """:class:`TextNames` of ``text`` with ``store``'s guilds and sets (:func:`bot.guilds.store_guilds`)."""
    guilds, sets = await store_guilds(store)
    return TextNames(text, guilds, sets, card_word)


async def guild_read(store: Store, text: str, analysis: Analysis, cards: list[int],
                     named: Callable[[str, Analysis], Collection[int]],
                     keep: Collection[int] = ()) -> tuple[list[int], tuple[str, ...]]:
    """How ``/frage`` reads a guild's name in the question ``text`` (:mod:`bot.ranking`): as the mechanic the
    documents give the guild (:func:`bot.guilds.guilds_of`: „was machen orzhov karten“ asks about Spuk, „welche
    mechanik hat izzet“ about Reproduktion), unless the word is part of the name of a card the question names
    („hymne der rakdos“, „teysa orzhov weiserin“ for Teysa, Orzhovweiser: :meth:`TextNames.read_guilds`). ``cards``:
    the cards the question was read to name; ``named``: the cards a text names by its analysis (the ranking's own
    reading, :meth:`bot.ranking.Ranker.named_cards`), asked of the question without the guild's word, with
    ``analysis`` (the question's) without that word: a card named by that word alone (the „orzhov“ of
    Orzhov-Hohepriester) is dropped, unless another word of its name is in the question („azorius herold“) or it is
    in ``keep`` (a card read from a slip or a mention). Returns the cards kept and the folded words of the titles of
    the mechanics read (``("spuk",)``; ``()`` when none)."""
    reading = await store_names(store, text)
    if not reading.guild_words:
        return cards, ()
    words = frozenset(reading.words)
    said = reading.guild_keys
    rest = named(" ".join(w for w in reading.words if w not in said),
                 replace(analysis, words=[w for w in analysis.words if w not in said])) if cards else ()
    kept: list[int] = []
    held: set[str] = set()  # the words of the kept cards' names
    for c in cards:
        own = tokens(card.name) if (card := await store.card(c)) is not None else []
        if c in rest or c in keep or said.isdisjoint(own) or not words.isdisjoint(set(own) - said - STOP_WORDS):
            kept.append(c)  # no guild's word in its name, named without it, or by another word („azorius herold“)
            held.update(own)
    titles = dict.fromkeys(g.section.title for g in reading.read_guilds(held))
    return kept, tuple(w for t in titles for w in tokens(t))


async def guilds_read(store: Store, text: str, card_names: Collection[str]) -> list[Guild]:
    """The guilds :func:`guild_read` read in the question ``text`` as their mechanic, given the names of the cards
    the ranking found it to name (``card_names``): for the line that says so (:mod:`bot.answers.guilds`)."""
    return (await store_names(store, text)).read_guilds({w for n in card_names for w in tokens(n)})
