"""The notes said first in ``/frage`` and ``/ruling suche`` for what the question names that no document holds.

Two ways a question's word can be in no document and still find passages:

* **Read as another word** (the spelling repair of :mod:`bot.analysis`, :attr:`bot.analysis.Analysis.typos`):
  „Blitzschlag“ is read as the stored card name Blitzschlange, „fluch“ as „Flucht“. The typed word is named with the
  word it was read as; the answer is hedged for it when the typed word is German itself (:mod:`bot.german_words`:
  „fluch“ was meant, not mistyped), not for a plain typo („spukk“). When the words of a card's name were typed so
  that the card lookup of ``/karte`` takes them for that card (:meth:`bot.search.NameIndex.lookup`: a typo of one
  clear name, „Boros Rekrutt“), the note is ``/karte``'s (:func:`bot.answers.name_notes.typo_line`) and the
  answer is not hedged for it; otherwise the answer is hedged and says that it is about another card
  („„Blitzschlag“ steht in keinem Dokument des Bots; am ähnlichsten: Blitzschlange“): another card's text is
  never the confident lead for a near-miss name.
* **Read as typed** but held by no passage in any form (:func:`bot.question_words.unknown_words`): named by
  :func:`bot.question_words.unknown_line`, without the ordinary German words no document happens to use
  (:func:`bot.german_words.not_ordinary`) — except in a question asking what something is („was macht Feuerball“):
  there the unknown word is what is asked about, ordinary or not.
* **Players' language** the documents have no word for (``data/players_words.tsv``, :mod:`bot.players_words`:
  „boardwipe“, „ramp“, „removal“): named with its meaning by :func:`bot.question_words.players_line`, never as a card
  the documents may lack, and hedged only in a question asking what it is. (A players' word the documents have words
  for, „mulli“, „prio“, „eot“, is read as them by the analysis and named by no note.)
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from bot.analysis import Analysis
from bot.answers.guilds import guild_reading_lines, question_set, set_buttons, set_note
from bot.answers.hollow import asks_count
from bot.answers.missing_cards import declined_note, missing_card_line
from bot.answers.missing_phrases import folded, missing_phrase, name_like
from bot.answers.name_notes import NOTED, typo_line
from bot.answers.name_signs import asked_compound
from bot.answers.off_topic import title_holds, titled_terms
from bot.answers.several_named import apart_note
from bot.comparison import frame_word
from bot.german_words import german_dictionary_async, not_ordinary
from bot.model import ChangeRow
from bot.players_words import gloss
from bot.question_mentions import ITALIC, OtherThing
from bot.question_words import UNKNOWN_SHOWN, players_line, players_split, unknown_line, unknown_words
from bot.ranking import ranker
from bot.reply import Action, quote_user
from bot.search import EXACT_MATCH, NameIndex
from bot.stopwords import CARD_PROPERTIES, STOP_WORDS, is_english
from bot.store import CardRecord, PassageRecord, Store
from bot.text import canonical, fold, shorten
from bot.text import tokens as name_tokens
from bot.text_names import beside_missing
from bot.word_forms import inflected
from bot.word_parts import MIN_PART, slip_repair

#: Longest title of an answer whose best passage belongs to a near-miss card (Discord allows 256).
TITLE_LIMIT = 256


class Miss(NamedTuple):
    """A near miss: typed words read as a card they do not name (:func:`near_misses`).

    Attributes:
        shown: the typed words, escaped (:func:`bot.reply.quote_user`, at most 40 characters).
        card: the name of the card they were read as.
        others: the names of further cards the same typed words were read as („borros“: Furienschild der Boros,
            then Razia, Boros-Erzengel), said in the same line; ``()`` for none.
    """

    shown: str
    card: str
    others: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        """The cards the typed words were read as, the first first."""
        return (self.card, *self.others)

    def line(self, claimed: bool, lead: str | None = None) -> str:
        """The note on this near miss; ``claimed``: with the sentence that the passages below are a card's of it,
        the card of the page's best passage (``lead``) when it is one of :meth:`names`, else the first."""
        own = lead if lead in self.names() else self.card
        claim = f" Die Stellen unten gelten {own}, nicht „{self.shown}“." if claimed else ""
        alike = "**" + "**, auch **".join(self.names()) + "**"
        return f"ℹ️ „{self.shown}“ steht in keinem Dokument des Bots; am ähnlichsten: {alike}.{claim}"


@dataclass(frozen=True)
class Notes:
    """What the answer says first about the question's words no document holds, built from its parts.

    Attributes:
        parts: per line, in order (near misses first, then unknown words): a line written out (German, user text
            escaped), or a :class:`Miss`, whose line depends on the page's best passage (:attr:`lines`).
        hedge: the answer must say that no passage clearly answers (a near miss or an unknown word).
        read_as: the other typed words read as a close word of the documents, as typed (not escaped).
        meant: the typed words read as another word that are German words themselves (:func:`meant_words`).
        lead: the title (card or section) of the page's best passage once known (:func:`fitted_notes`); None
            before.
        subject: the title of what the question asks about as a whole, which no one passage answers: a set's FAQ
            („welche mechaniken hat gildenbund“ → „Gildenbund – Häufig gestellte Fragen“, :func:`missed_title`);
            ``""`` for none.
        actions: the buttons that lead the answer's own (a set's mechanics sections), none for ``()``.
        counts: the question asks how many (:func:`bot.answers.hollow.asks_count`): a best passage stating no
            number does not answer it (:func:`bot.answers.hollow.uncounted_lead`).
    """

    parts: tuple[str | Miss, ...] = ()
    hedge: bool = False
    read_as: tuple[str, ...] = ()
    meant: frozenset[str] = frozenset()
    lead: str | None = None
    subject: str = ""
    actions: tuple[Action, ...] = ()
    counts: bool = False

    @property
    def _claimed(self) -> bool:
        """True when the near misses may say the page is their card's: the best passage is not known yet, or it is
        of a card a near miss was read as."""
        return self.lead is None or any(isinstance(p, Miss) and self.lead in p.names() for p in self.parts)

    @property
    def lines(self) -> tuple[str, ...]:
        """The German lines of :attr:`parts`; a near miss says that the passages below are its card's only while
        :attr:`_claimed` („blut dust“: „dust“ read as Durst des Todesbeschwörers, the best passage Blutdurst's, keeps
        its line without that sentence)."""
        claimed = self._claimed
        return tuple(p.line(claimed, self.lead) if isinstance(p, Miss) else p for p in self.parts)

    @property
    def missed(self) -> tuple[str, ...]:
        """The typed words (escaped, each ≤ 40 characters) read as a card they do not name, for the title
        (:func:`missed_title`); none when the page is of no such card (:attr:`_claimed`)."""
        return tuple(p.shown for p in self.parts if isinstance(p, Miss)) if self._claimed else ()


async def meant_words(analysis: Analysis) -> frozenset[str]:
    """The question's words the spelling repair read as another word (:attr:`Analysis.typos`) that are German words
    themselves, as typed („laden“, „geld“, „fluch“): meant as typed, not mistyped. Reads the German dictionary
    (:func:`bot.german_words.not_ordinary`) only when a word was repaired."""
    typed = list(dict.fromkeys(analysis.typos.values()))
    return frozenset(typed) - frozenset(await not_ordinary(typed))


def _card_words(card: CardRecord) -> frozenset[str]:
    """The words of ``card``'s name as the question's words are compared with them (folded, one spelling)."""
    return frozenset(canonical(fold(w)) for w in name_tokens(card.name))


def _typo_card(typed: str, read: str, names: NameIndex | None) -> str | None:
    """The name of the card ``/karte`` reads the typed word ``typed`` as (a typo of one clear name, or its short
    name: :data:`bot.answers.name_notes.NOTED`) when the word it was read as, ``read``, is a word of that name
    („szadec“ read as „szadek“: Szadek, Herr der Geheimnisse); else None."""
    found = names.lookup(typed) if names is not None else None
    if found is None or found.hit is None or found.how not in NOTED:
        return None
    own = frozenset(canonical(fold(w)) for w in name_tokens(found.hit.card_name))
    return found.hit.card_name if canonical(fold(read)) in own else None


def held(typed: str, read: str, shown: frozenset[str] = frozenset()) -> bool:
    """True when a text the bot shows holds the typed word ``typed`` that the analysis read as ``read``, so no note
    may say it stands „in keinem Dokument“: ``typed`` (folded, one spelling) is a compound's last part of ``read``
    („summe“ of „Gesamtsumme“, „reduzierungen“ of „Kostenreduzierungen“; at least :data:`bot.word_parts.MIN_PART`
    letters), or a word of ``shown`` (the change register's texts the answers show,
    :attr:`bot.answers.today_index.TodayIndex.words`: „Summe“ of „einen Manawert (die Summe)“) or such a word's
    last part."""
    word, whole = canonical(fold(typed)), canonical(fold(read))
    if word in shown:
        return True
    return len(word) >= MIN_PART and (whole.endswith(word) or any(w.endswith(word) for w in shown))


def near_misses(analysis: Analysis, cards: Sequence[CardRecord], names: NameIndex | None,
                shown: frozenset[str] = frozenset()) -> Notes:
    """The notes for the question's words repaired as typos (:attr:`Analysis.typos`), in the question's order:
    per named card whose name took a repaired word one line (``/karte``'s typo line when the lookup takes the typed
    words for that card, else the near-miss line, hedged), then one line for the other repaired words (hedged by
    :func:`question_notes` only when one is an ordinary German word: meant as typed, not a typo), without those a
    text the bot shows holds (:func:`held`; ``shown``: the register's words). Such a word still counts as read as
    another for the hedge (:attr:`Notes.read_as`)."""
    parts: list[str | Miss] = []
    words = list(dict.fromkeys(analysis.words))
    used: set[str] = set()
    for card in cards:
        own = _card_words(card)
        mine = [w for w in words if canonical(fold(w)) in own]
        if not any(w in analysis.typos for w in mine):
            continue
        used.update(mine)
        typed = " ".join(analysis.typos.get(w, w) for w in mine)
        found = names.lookup(typed) if names is not None else None
        if found is not None and found.hit is not None and found.hit.card_id == card.id and (
                found.how in NOTED or found.how == EXACT_MATCH):
            parts.append("ℹ️ " + typo_line(typed, card.name))
            continue
        quoted = quote_user(typed, 40)
        first = next((i for i, p in enumerate(parts) if isinstance(p, Miss) and p.shown == quoted), None)
        if first is None:
            parts.append(Miss(quoted, card.name))
        else:  # the same words read as a second card: one line naming both, not two that contradict each other
            miss = parts[first]
            if isinstance(miss, Miss):
                parts[first] = Miss(miss.shown, miss.card, (*miss.others, card.name))
    other = [w for w in words if w in analysis.typos and w not in used and not inflected(analysis.typos[w], w)
             and not frame_word(fold(analysis.typos[w]))]  # „unterschid zwischen …“: the comparison's frame
    for w in list(other):  # a slip of a card's name the question did not rank by: /karte's line all the same
        card = _typo_card(analysis.typos[w], w, names)
        if card is not None:
            parts.append("ℹ️ " + typo_line(analysis.typos[w], card))
            other.remove(w)
    said = [w for w in other if not held(analysis.typos[w], w, shown)]
    if said:
        pairs = ", ".join(f"„{quote_user(analysis.typos[w], 40)}“ (gelesen als „{quote_user(w, 40)}“)"
                          for w in said[:UNKNOWN_SHOWN])
        verb = "steht" if len(said) == 1 else "stehen"
        parts.append(f"ℹ️ {pairs} {verb} so in keinem Dokument des Bots; die Stellen unten passen zum ähnlichsten "
                     "Wort der Dokumente, vielleicht nicht zum gemeinten.")
    hedge = any(isinstance(p, Miss) for p in parts)
    return Notes(tuple(parts), hedge, tuple(analysis.typos[w] for w in other))


#: Two or more words typed capitalised in a row inside a question, maybe joined by an article or „von“ („Dunkles
#: Ritual“, „Fluch der Verwirrung“): a German adjective or article is capitalised only inside a name.
_NAME_RUN = re.compile(r"(?<=\S\s)(?:[A-ZÄÖÜ][\w'-]*(?:\s+(?:der|des|die|das|dem|den|von|vom|zu|zum|zur))?\s+)+"
                       r"[A-ZÄÖÜ][\w'-]*")


#: An English card's name inside a German question, typed in any case: the words beside an English „of“ („lord of
#: atlantis“, „Lord of the Pit“, „sword of fire and ice“): German has no „of“, so they are a name's words.
_ENGLISH_OF = re.compile(r"([\w'-]+)\s+of\s+(?:the\s+)?([\w'-]+)", re.IGNORECASE)


def name_words(question: str) -> frozenset[str]:
    """The words (folded, one spelling) of the runs of capitalised words inside ``question`` (its first 2 000
    characters, not its first word) and, in a German question, the words beside an English „of“
    (:data:`_ENGLISH_OF`): the words of a name the question gives („kann ich Dunkles Ritual wirken“ → dunkles,
    ritual; „lord of atlantis“ → lord, atlantis), which an unknown-word note names even when each is an ordinary
    German word, and never explains as players' language („lord“)."""
    text = question[:2000]
    runs = _NAME_RUN.findall(text)
    if not is_english(name_tokens(_ENGLISH_OF.sub(" ", text))):  # the rest of the question German
        runs += [w for pair in _ENGLISH_OF.findall(text) for w in pair]
    return frozenset(canonical(fold(w)) for run in runs for w in name_tokens(run))


#: A name the question gives as a card's: capitalised words right after the noun „Karte“ („was macht die Karte
#: Tarmogoyf“, „die Karte „Dunkles Ritual““), maybe joined by an article or „von“.
_CARD_NAMED = re.compile(r"\b(?i:karten?)\s+(?:(?i:namens)\s+)?[„\"']?((?:[A-ZÄÖÜ][\w'-]*(?:\s+(?:der|des|von|vom)\b)?"
                         r"\s+){0,3}[A-ZÄÖÜ][\w'-]*)")


async def unheld_card_line(question: str, cards: Sequence[CardRecord], names: NameIndex | None) -> str:
    """The line for a name the question gives as a card's (:data:`_CARD_NAMED`: „was macht die karte Tarmogoyf“)
    that names no card of the store (not one of the named ``cards``, and no card ``/karte`` finds by it:
    :meth:`bot.search.NameIndex.lookup`), ``""`` otherwise: a document may mention such a card (003 names
    Tarmogoyf in an example), but the passages below are not about a card of the store. One word that is an
    ordinary German word („eine Karte Abwerfe“) gives no name (:func:`bot.german_words.not_ordinary`), nor does one
    letter („halbe-halbe karte R/W“: the hybrid symbol's R)."""
    m = _CARD_NAMED.search(question[:2000])
    if m is None or names is None:
        return ""
    typed = m.group(1)
    if len(typed) < 2:  # „karte R/W“, „karte X“: a mana symbol or the variable, never a card's name
        return ""
    if names.lookup(typed).hit is not None or any(canonical(fold(w)) in _card_words(c)
                                                  for c in cards for w in name_tokens(typed)):
        return ""
    if " " not in typed and not await not_ordinary([typed.casefold()]):
        return ""
    return unowned_line(typed)


#: The words of a question asking for what a card prints (:data:`bot.stopwords.CARD_PROPERTIES`, the ranking's
#: reading too: „was kostet X“, „X oracle“, „kartentext von X“, „welche farbe hat X“), folded: such a question asks
#: what a named thing is, as the definition questions do (:attr:`bot.analysis.Analysis.definition`: „was macht X“,
#: „wie funktioniert X“, „X erklären“). Its words are the frame, not the name.
_ASKS_CARD = frozenset(canonical(fold(w)) for w in CARD_PROPERTIES)
#: A word as typed (letters, digits, apostrophes and hyphens), case kept.
_TYPED = re.compile(r"[\w'-]+")


def asked_name(question: str, analysis: Analysis, unowned: Container[str]) -> str:
    """The name, as typed, of what a question asks about when that is a name the documents print of something the
    store has no card of (``unowned``: :func:`bot.question_mentions.unowned_names`, folded: 003's „Tarmogoyf“ of
    „… dieselben Eigenschaften wie die Karte Tarmogoyf“), ``""`` otherwise. The question asks what a named thing is,
    does, costs or prints (:attr:`Analysis.definition`: „was macht Tarmogoyf“, „wie funktioniert der Tarmogoyf im
    friedhof“; :data:`_ASKS_CARD`: „was kostet Tarmogoyf“, „Tarmogoyf oracle“, „welche farbe hat Tarmogoyf“) or is
    only that name; the word is read as typed (no typo repaired), names no concept of the term table or the synonym
    groups and is no players' word. Neighbouring such words with only stop words between them are one name („Disa
    the Restless“)."""
    text = question[:2000]
    words = list(_TYPED.finditer(text))
    plain = {canonical(fold(w)) for w, terms in zip(analysis.words, analysis.word_terms, strict=False)
             if w not in analysis.typos and not any(t.startswith("zz") for t in terms) and gloss(w) is None}
    typed = [m for m in words if canonical(fold(m.group())) not in _ASKS_CARD]
    at = [i for i, m in enumerate(typed) if (k := canonical(fold(m.group()))) in unowned and k in plain]
    if not at:
        return ""
    content = [m for m in typed if fold(m.group()) not in STOP_WORDS]
    asks = analysis.definition or len(typed) < len(words) or len(content) == len({typed[i].group() for i in at})
    if not asks:
        return ""
    last = at[0]
    for i in at[1:]:  # „Disa the Restless“: one name across stop words
        if all(fold(m.group()) in STOP_WORDS for m in typed[last + 1:i]):
            last = i
        else:
            break
    return text[typed[at[0]].start():typed[last].end()]


def unowned_line(typed: str, thing: OtherThing | None = None) -> str:
    """The line for a name the store has no card of (``typed`` as typed, escaped here): the passages below may
    mention it, they are not its card's text or rulings. A name the documents print as another thing's (``thing``:
    :func:`bot.question_mentions.other_things`) is said to be that name instead: „„selesnija“ ist keine Karte,
    sondern ein Name aus den Dokumenten: „Selesnija-Gilde“.“; one printed in italics (:data:`ITALIC`) says so:
    „„lorwyn“ … „Lorwyn“ (kursiv gedruckt, wie die Titel der Editionen).“ (a guild, an edition is no card the store
    lacks)."""
    if thing is not None:
        italic = " (kursiv gedruckt, wie die Titel der Editionen)" if thing.kind == ITALIC else ""
        said = f"„{quote_user(thing.name, 60)}“{italic}"
        return f"ℹ️ „{quote_user(typed, 40)}“ ist keine Karte, sondern ein Name aus den Dokumenten: {said}."
    return (f"ℹ️ „{quote_user(typed, 40)}“ ist keine Karte der Datenbank; die Stellen unten erwähnen sie höchstens, "
            "ihr Kartentext und ihre Rulings fehlen.")


async def untitled(store: Store | None, analysis: Analysis, words: Sequence[str]) -> list[str]:
    """``words`` (unknown words of ``analysis``, :func:`bot.question_words.unknown_words`) without those a passage's
    title holds in one of their forms (:func:`bot.answers.off_topic.title_holds` of the terms some title holds,
    :func:`bot.answers.off_topic.titled_terms`: „zuschießen“ of the section „Karten mit doppeltem Zuschießen“, which
    no passage's text holds): a title is a document's too. Reads the store only when ``words`` is not empty;
    ``store`` None: ``words`` as given."""
    if store is None or not words:
        return list(words)
    groups = dict(zip(analysis.words, analysis.word_groups(), strict=False))
    titled = await titled_terms(store, (t for w in words for t in groups.get(w, ())))
    return [w for w in words if not title_holds(titled, groups.get(w, ()))]


async def named_missing(question: str, analysis: Analysis, cards: Sequence[CardRecord], names: NameIndex | None,
                        shown: frozenset[str], near: Notes, unknown: list[str],
                        known: Mapping[str, float], store: Store | None = None) -> tuple[str, Notes, list[str]]:
    """The line for a name of no card with a word no document holds or one read as a slip
    (:func:`bot.answers.missing_phrases.missing_phrase`: „Dunkler Vertrauter“, „Selesnja-Gildenmagier“), said as one
    missing card as its right spelling is, with the near misses (:func:`near_misses`) and ``unknown`` words left
    when its words are not said one by one („bolt“ gelesen als „bold“); ``("", near, unknown)`` for none. A hyphened
    word joined is read through the slip repair over ``store``'s vocabulary (:func:`bot.word_parts.slip_repair`). A
    word asked about alone that names no card and no document holds whole
    (:func:`bot.answers.name_signs.asked_compound`: „Was macht Riesenwachstum?“, its parts known) is one more unknown
    word."""
    groups = {canonical(fold(w)): g for w, g in zip(analysis.words, analysis.word_groups(), strict=False)}
    asked = asked_compound(question, known, (await german_dictionary_async()).has, groups) if names else ""
    if asked and names is not None and names.lookup(asked).hit is None and folded(asked) not in map(folded, unknown):
        unknown = [*unknown, next((w for w in analysis.words if folded(w) == folded(asked)), asked)]
    if names is None or not name_like(question):
        return "", near, unknown
    vocab = (await ranker(store)).analyser.vocab if store is not None else None
    phrase, covered = missing_phrase(question, analysis.typos.values(), unknown, names, known,
                                     (await german_dictionary_async()).has,  # capitalised nouns: no names alone
                                     None if vocab is None else lambda word: slip_repair(word, vocab))
    if not phrase:
        return "", near, unknown
    kept_typos = {read: typed for read, typed in analysis.typos.items() if folded(typed) not in covered}
    near = near_misses(replace(analysis, typos=kept_typos), cards, names, shown)
    return phrase, near, [w for w in unknown if folded(w) not in covered]


async def question_notes(analysis: Analysis, known: Mapping[str, float], cards: Sequence[CardRecord],
                         names: NameIndex | None, question: str = "", shown: frozenset[str] = frozenset(),
                         unowned: Mapping[str, OtherThing | None] | None = None,
                         store: Store | None = None, hits: Sequence[PassageRecord] | None = None,
                         rows: Sequence[ChangeRow] = ()) -> Notes:
    """The notes of a question (``/frage``, ``/ruling suche``) with ``analysis``, whose named ``cards`` the ranking
    found (their names' words are no unknown words), over the store's analysed terms ``known``
    (:attr:`bot.ranking.Ranker.term_weights`) and card names ``names`` (for ``/karte``'s reading of a typed name;
    None: every near-miss card name is hedged). ``question``: the text as typed, for the words of a name it gives
    (:func:`name_words`); a word of any card's name in ``names`` is in a document („rix“ of Rix Maadi, Palast aus
    Kerkern), so it is no unknown word; a word of the register's texts the answers show (``shown``,
    :func:`held`) is in no such note either; a players' word the documents have no word for gets its own line with
    its meaning (:func:`bot.question_words.players_split`), unless it is a word of a typed name. Reads the German
    dictionary only when a word is unknown. ``unowned``: the names the documents print of things the store has no
    card of, each with the name of another thing it is printed in (:func:`asked_name`: „was macht Tarmogoyf“ says that
    Tarmogoyf is no card of the store, „was macht die selesnija“ that it is 001's Selesnija-Gilde). ``store``: for
    the words only a passage's title holds (:func:`untitled`), no unknown words either. ``hits``: the passages the
    answer shows, for a card named declined that none of them is of or speaks of (:func:`declined_note`), and the
    questions of several the best one leaves (:func:`bot.answers.several_named.apart_note`); ``rows``: the change
    register's rows that lead the page above them (``/frage`` on an abolished rule), a question of several answered
    too."""
    near = near_misses(analysis, cards, names, shown)
    # a word read as another that is itself German („fluch“ read as „flucht“) was meant as typed: no typo
    meant_set = await meant_words(analysis)
    meant = any(w in meant_set for w in near.read_as)
    players, unknown = await _unknown(analysis, known, cards, names, question, shown, store)
    # a word the near-miss line names as read („verbrennt“ gelesen als „verbrenn“) is not named again, read, as a
    # word no document holds: one note per word; the answer stays hedged
    phrase, near, unknown = await named_missing(question, analysis, cards, names, shown, near, unknown, known, store)
    line = unknown_line([w for w in unknown if analysis.typos.get(w) not in near.read_as])
    slang = players_line(players)
    # a card name the store lacks that a document prints (no unknown word): said all the same, and hedged
    card = phrase or ("" if line or near.parts else await unheld_card_line(question, cards, names))
    # a guild's name read as its mechanic („orzhov karten“: Spuk): said with the sentence that gives it, instead of the
    # note on a name only the documents print („selesnija“); a question that is a set's name: its FAQ and sections
    guild = await guild_reading_lines(store, question, [c.name for c in cards]) if store is not None else []
    # a set asked as a whole („welche mechaniken hat gildenbund“): its FAQ's note leads, hedged, with its sections'
    # buttons first; no one passage of it answers (before: a ruling of Festival des Gildenbunds, unhedged)
    asked = await question_set(store, question) if store is not None else None
    guild += [set_note(asked)] if asked is not None else []
    unowned = unowned or {}  # „was macht Tarmogoyf“: a name 003 prints, of no card of the store; „selesnija“: a guild
    if not card and not line and not near.parts and not guild and (typed := asked_name(question, analysis, unowned)):
        card = unowned_line(typed, unowned.get(canonical(fold(typed.split()[0]))))
    if not card and not line and not near.parts:  # „Dimir-Wächter“: a hyphened name of no card, its words known
        card = await missing_card_line(question, analysis, cards, names, store)
        guild = beside_missing(card, guild)  # „Dimir-Wächter“: its guild word names the missing card, not the guild
    read: tuple[Action, ...] = ()
    if not line and not near.parts and hits is not None:  # „boros-rekruten“ read, no passage of it; each such name
        declined, read = declined_note(question, cards, hits, names)
        card = "\n".join(n for n in (card, declined) if n)
    hedge = near.hedge or meant or bool(unknown) or bool(card) or (analysis.definition and bool(players))
    subject, actions = (asked.document.title, tuple(set_buttons(asked))) if asked is not None else ("", read)
    apart, doors = await apart_note(store, names, question, cards, hits, rows)  # „Was ist Spuk? Und … Blutdurst?“
    return Notes((*near.parts, *guild, *(n for n in (line, slang, card, apart) if n)), hedge or bool(subject),
                 near.read_as, meant_set, subject=subject, actions=(*actions, *doors), counts=asks_count(question))


async def _unknown(analysis: Analysis, known: Mapping[str, float], cards: Sequence[CardRecord],
                   names: NameIndex | None, question: str, shown: frozenset[str], store: Store | None
                   ) -> tuple[list[str], list[str]]:
    """:func:`question_notes`' players' words (those the documents have no word for, :func:`players_split`) and
    unknown words of ``question`` (no word of a named card's or any card's name, of a shown register text or of a
    passage's title; ordinary German words only when the question asks what a word is), each in the question's
    order. Reads the German dictionary only when a word is unknown. No errors."""
    counts = names.data.word_count if names is not None else None  # a word of any card's name is in a document
    unknown = [w for w in unknown_words(analysis, known, [c.name for c in cards], counts) if not held(w, "", shown)]
    unknown = await untitled(store, analysis, unknown)  # a word only a title holds is in a document all the same
    named = name_words(question)
    # players' language no document has a word for („boardwipe“): its meaning, no card, no hedge but when asked what
    players, unknown = players_split(unknown, named)
    if not analysis.definition:  # „nochmal“, „boni“: no typo, no unknown topic; a word of a typed name is one
        kept = set(await not_ordinary(unknown))
        unknown = [w for w in unknown if w in kept or canonical(fold(w)) in named]
    return players, unknown


def fitted_notes(notes: Notes, best: PassageRecord) -> Notes:
    """``notes`` as they hold for the page led by ``best`` (:attr:`Notes.lead`: its title): a near miss read as a
    card the best passage is not of („blut dust“: „dust“ read as Durst des Todesbeschwörers, the best passage
    Blutdurst's) keeps its line without the sentence that the passages below are that card's, and names no card in
    the title (:func:`missed_title`); as before when the best passage is of a card a near miss was read as, or there
    is none. The hedge stays."""
    return replace(notes, lead=best.title)


def missed_title(notes: Notes, title: str, unanswered: bool = False) -> str:
    """The answer's ``title`` (the best passage's card or section) led by the near-miss names of ``notes``, so
    that the title does not name another card as if asked („Nicht in den Dokumenten: „Blitzschlag“ – am
    ähnlichsten: Blitzschlange“); when the answer says the documents say nothing about the question (``unanswered``:
    :data:`bot.answers.off_topic.OFF_TOPIC_LINE`, „was macht lightning bolt“ names a card of no document), led by
    that: „Nichts dazu in den Dokumenten – am ähnlichsten: Regel 103.8 …“; a question asking about a whole set
    (:attr:`Notes.subject`) by the set's FAQ, „Gildenbund – Häufig gestellte Fragen“; ``title`` itself otherwise. At
    most :data:`TITLE_LIMIT` characters."""
    if notes.subject and not notes.missed and not unanswered:
        return shorten(notes.subject, TITLE_LIMIT)
    if not notes.missed:
        return shorten(f"Nichts dazu in den Dokumenten – am ähnlichsten: {title}", TITLE_LIMIT) if unanswered \
            else title
    named = ", ".join(f"„{m}“" for m in notes.missed)
    return shorten(f"Nicht in den Dokumenten: {named} – am ähnlichsten: {title}", TITLE_LIMIT)


__all__ = ["TITLE_LIMIT", "Miss", "Notes", "asked_name", "fitted_notes", "held", "meant_words", "missed_title",
           "name_words", "near_misses", "question_notes", "unheld_card_line", "unowned_line", "untitled"]
