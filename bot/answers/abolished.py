"""Rules words players still use that today's rules abolished or changed („Manabrand“, „Kampfschaden auf den
Stapel“): ``/regel suche`` and ``/frage`` lead with the change register's rows that name them
(``data/changes.toml``, its ``what``), each with what the documents said and today's status, before the documents'
keyword hits (``/frage``: before its best passage, on the same page).

Without this, „Manabrand“ found no rule (the documents speak of it only in rulings) and „Kampfschaden auf den
Stapel“ led with a rule on the stack. The register's notice is rendered by :func:`bot.answers.today.notice_line`,
as under every outdated ruling.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from bot.analysis import Analyser, Analysis
from bot.answers.registry import AnswerContext
from bot.answers.sources import passage_button
from bot.answers.today import row_notice_line
from bot.answers.today_index import TodayIndex, today_index
from bot.concepts import Concept
from bot.model import ChangeRow
from bot.ranking import Ranked, Ranker, ranker
from bot.reply import Action, Page, format_date, quote_user
from bot.stopwords import STOP_WORDS
from bot.store import PassageRecord, Store
from bot.text import canonical, fold, shorten, tokens
from bot.typos import one_slip
from bot.wordforms import INSEPARABLE

#: At most this many register rows lead the answer, and this many of the documents' entries each shows.
MAX_ROWS = 3
#: A typed word shorter than this is no rules term („auf“, „den“ are stop words anyway).
MIN_LETTERS = 4
#: Characters of a document's old statement shown under a row („Früher …“).
SAID_CHARS = 300
#: What a row says instead of quoting its first entry when the answer shows that entry whole below the rows.
BELOW = "die Stelle unten, mit ihrem Text von heute"
#: A candidate's field in ``/frage`` when the rows above quote it already (their „Früher“ and „Heute“).
QUOTED_ABOVE = "Oben beim Änderungsregister zitiert; der Knopf zeigt die Stelle ganz."
#: Characters of a question or a row's ``what`` read for the register (a row's ``what`` is one short clause).
READ_CHARS = 200
#: A word with fewer letters is not read as a slip of a register concept's name (short words have many neighbours).
MIN_SLIPPED = 6


#: What the first clause of a register row's ``what`` says when the row is an abolished rule or term
#: („Manabrand abgeschafft“, „Kampfschaden benutzt den Stapel nicht mehr“, „kein Kampfschaden auf dem Stapel mehr“).
_ABOLISHED = re.compile(r"\babgeschafft\b|\bnicht mehr\b|\bkein\w*\b.*\bmehr\b", re.IGNORECASE)
#: Words of such a clause that say the abolition, not what was abolished.
_MARKERS = ("abgeschafft", "mehr")

#: One word of a text as the register compares it: its main stem and the concept ids its word names („Stack“ →
#: ``{"stack", "zzkstack"}``; „Stapel“ → ``{"stapel", "zzkstack"}``), so a player's word, an English name or an old
#: term (the term table, ``data/synonyms.tsv``) meets the row's own German word.
Word = frozenset[str]


def rules_words(text: str) -> frozenset[str]:
    """The rules words of ``text`` (its first :data:`READ_CHARS` characters) as written: tokens of
    :data:`MIN_LETTERS` letters or more that are no stop words, folded and in one spelling
    (:func:`bot.text.canonical`: „Stapel“ → ``stapel``)."""
    return frozenset(canonical(w) for w in tokens(text[:READ_CHARS]) if len(w) >= MIN_LETTERS and w not in STOP_WORDS)


def _joined(concepts: Iterable[Concept]) -> dict[str, frozenset[str]]:
    """Per concept name written as one word (its stems joined: „mana burn“ → ``manaburn``, „Manabrand“ →
    ``manabrand``) the concept ids of that spelling, so „manaburn“ and „mana brand“ (a name written apart or
    together, as players do) name the concept as „mana burn“ and „Manabrand“ do."""
    out: dict[str, set[str]] = {}
    for c in concepts:
        for stems in (c.stems, [_unprefixed(s) for s in c.stems]):  # „mana verbrennen“ and „brennt mana“
            out.setdefault("".join(stems), set()).add(c.concept)
    return {k: frozenset(v) for k, v in out.items()}


#: The fewest letters a verb stem keeps without its prefix (:func:`_unprefixed`: „verbrenn“ → „brenn“, not „ver|b“).
MIN_UNPREFIXED = 4


def _infinitive(stem: str) -> str:
    """A question word's stem without the ending ``t`` of a verb's third person the documents print as it is
    („brennt“ → „brenn“, the stem of „verbrennen“ without its prefix), else as it is: „brennt mana“ meets
    „mana verbrennen“ (:func:`_unprefixed`) as „verbrennt mana“ does."""
    return stem[:-1] if stem.endswith("t") and len(stem) > MIN_UNPREFIXED else stem


def _unprefixed(stem: str) -> str:
    """``stem`` (a concept name's word stem) without an inseparable verb prefix (:data:`bot.wordforms.INSEPARABLE`)
    when :data:`MIN_UNPREFIXED` letters or more remain, else as it is: a player says „brennt mana noch“ for the
    concept name „mana verbrennen“ (data/synonyms.tsv, Manabrand), a verb's prefixed and unprefixed forms alike."""
    prefix = next((p for p in INSEPARABLE if stem.startswith(p) and len(stem) - len(p) >= MIN_UNPREFIXED), "")
    return stem[len(prefix):]


@dataclass(frozen=True)
class RegisterWords:
    """The change register's ``changed`` and ``wording`` rows with their words, prepared once per store
    (:func:`register_words`) instead of analysing every row's ``what`` on every question.

    Attributes:
        analyser: the store's analyser (:mod:`bot.analysis`: typos repaired, compounds split, concepts named), with
            which questions are read as the rows were.
        rows: per row (register order) the :func:`rules_words` of its ``what``, as written (:func:`register_rows`).
        keys: per row (register order) the keys of its ``what`` (:meth:`RegisterWords.words`: main stems and concept
            ids, one set): what an abolished row's subject is met by (:func:`asked_rows`).
        abolished: per ``changed`` row whose ``what`` begins with an abolition (:data:`_ABOLISHED`: „Manabrand
            abgeschafft“) the :data:`Word` of each word of that first clause but the abolition's own
            (``({"manabrand", "zzsmanabrand"},)``; „Kampfschaden“, „benutzt“, „Stapel“): what a question names when
            it asks about the old rule.
        joined: :func:`_joined` of the concepts the rows name.
    """

    analyser: Analyser
    rows: tuple[tuple[ChangeRow, frozenset[str]], ...]
    keys: tuple[tuple[ChangeRow, frozenset[str]], ...]
    abolished: tuple[tuple[ChangeRow, tuple[Word, ...]], ...]
    joined: Mapping[str, frozenset[str]]

    @classmethod
    def of(cls, index: TodayIndex, analyser: Analyser) -> RegisterWords:
        """The rows of ``index`` (its register) prepared with ``analyser``."""
        empty: Mapping[str, frozenset[str]] = {}
        bare = cls(analyser, (), (), (), empty)
        changes = [r for r in index.changes.values() if r.kind in ("changed", "wording")]
        keys = tuple((r, frozenset().union(*bare.words(r.what))) for r in changes)
        named = frozenset().union(*(k for _, k in keys))
        markers = {analyser.stems(w)[0] for w in _MARKERS}
        abolished = []
        for row in changes:
            clause = row.what.split(";", 1)[0]
            if row.kind == "changed" and _ABOLISHED.search(clause):
                subject = tuple(w for w in bare.words(clause) if not w & markers)
                if subject:
                    abolished.append((row, subject))
        concepts = [c for group in analyser.vocab.by_first.values() for c in group if c.concept in named]
        rows = tuple((r, rules_words(r.what)) for r in changes)
        return cls(analyser, rows, keys, tuple(abolished), _joined(concepts))

    def words(self, text: str) -> list[Word]:
        """The :data:`Word` of each content word of ``text`` (its first :data:`READ_CHARS` characters) as a question
        is read (:meth:`bot.analysis.Analyser.analyse`: stop words out, typos repaired: „manabrnad“ → Manabrand), in
        order; two neighbours that together, in either order, or a word that apart, spell a concept's name
        (:attr:`joined`: „mana brand“, „manaburn“, „verbrennt mana“ for „mana verbrennen“) name that concept too.
        Compound parts are left out: „Schaden“ is no word of a row on „Kampfschaden“."""
        return self.read(self.analyser.analyse(text[:READ_CHARS], question=True))

    def read(self, analysis: Analysis) -> list[Word]:
        """:meth:`words` of a question already analysed (``/frage`` passes its ranking's analysis: no second one)."""
        concepts, said = set(analysis.concepts), analysis.words
        out = [{g[0], *(t for t in g if t in concepts)} for g in analysis.word_groups()]  # each word's own terms
        heads = [self.analyser.stems(w)[0] for w in said]
        for i in range(len(out)):
            for j in (i + 1, i + 2):  # the word alone („manaburn“), then with the next one („mana brand“)
                if j <= len(out):
                    # a pair in either order: „verbrennt mana“ (a verb form first) as „mana verbrennen“
                    spelled = {"".join(heads[i:j]), self.analyser.stems("".join(said[i:j]))[0],
                               "".join(reversed(heads[i:j])), "".join(reversed([_infinitive(h) for h in heads[i:j]]))}
                    named = frozenset().union(*(self.joined.get(k, frozenset()) for k in spelled))
                    if not named and not out[j - 1] & concepts:  # a word naming nothing: a slip, alone or
                        named = self.slipped("".join(said[i:j]))  # with the word before it („mana brn“)?
                    for word in out[i:j]:
                        word |= named
        return [frozenset(w) for w in out]


    def slipped(self, word: str) -> frozenset[str]:
        """The concept ids of the :attr:`joined` spellings ``word`` (a question's word, folded) is one slip from
        (:func:`bot.typos.slips`: a letter wrong, added or dropped, two neighbours swapped), when it has at least
        :data:`MIN_SLIPPED` letters: „manabrun“ and „manbaurn“ (for „manaburn“, which no document holds, so the
        analysis's typo repair against the documents' words cannot read them) name Manabrand; ``frozenset()``
        when none is that near."""
        if len(word) < MIN_SLIPPED:
            return frozenset()
        keys = list(self.joined)
        return frozenset().union(*(self.joined[keys[i]] for i in one_slip(word, keys)))


async def register_words(store: Store) -> RegisterWords:
    """:class:`RegisterWords` of ``store``'s register, prepared on first use and kept while the store is open."""

    async def load() -> RegisterWords:
        return RegisterWords.of(await today_index(store), (await ranker(store)).analyser)

    return await store.memo("register_words", load)


def register_rows(prepared: RegisterWords, query: str, min_words: int = 1) -> list[ChangeRow]:
    """The register's ``changed`` and ``wording`` rows whose ``what`` holds every rules word of ``query`` as written
    (:func:`rules_words`; „Manabrand“ → the row „Manabrand abgeschafft“), at most :data:`MAX_ROWS`, in register
    order. ``[]`` when ``query`` has fewer than ``min_words`` (at least 1) such words: „Stapel“ alone asks for the
    zone, not for the row „Kampfschaden benutzt den Stapel nicht mehr“. Players' words for an abolished rule
    („manaburn“, „Stack“) are :func:`asked_rows`' (a term's own name, „Hybrid-Manasymbol“, is not a row's)."""
    words = rules_words(query)
    if len(words) < max(1, min_words):
        return []
    return [r for r, what in prepared.rows if words <= what][:MAX_ROWS]


def named_rows(prepared: RegisterWords, query: str, min_words: int = 1) -> list[ChangeRow]:
    """The rows ``/regel suche`` leads with for ``query``: :func:`register_rows`, else the abolished rule's rows the
    query names in any of its words (:func:`asked_rows`: „mana burn“, „manaburn“, „Kampfschaden auf den Stack“)."""
    return register_rows(prepared, query, min_words) or asked_rows(prepared, query)


def _naming(prepared: RegisterWords, words: Iterable[Word]) -> list[ChangeRow]:
    """The rows whose keys meet each of ``words`` (at least one), at most :data:`MAX_ROWS`, in register order."""
    words = list(words)
    return [r for r, keys in prepared.keys if words and all(w & keys for w in words)][:MAX_ROWS]


class Asked(NamedTuple):
    """What the register read of a ``/frage`` question (:func:`asked_search`): the rows of the abolished rule it asks
    about (:func:`asked_rows`) and its words as the register read them (:meth:`RegisterWords.read` of the search's
    analysis, one :data:`Word` per content word, in order), read once for both the rows and :func:`register_read`."""

    rows: list[ChangeRow]
    words: list[Word]


def asked_rows(prepared: RegisterWords, question: str, analysis: Analysis | None = None) -> list[ChangeRow]:
    """The register rows of the abolished rule a ``/frage`` question asks about: the first row of
    :attr:`RegisterWords.abolished` whose words the question names (:meth:`RegisterWords.words`, also through a
    concept: „stack“ names „Stapel“, „manaburn“ and „mana brand“ name „Manabrand“), all of them or two when there
    are more, the first (what was abolished: „Einberufen“, not „zusätzliche Kosten“) among them; then the rows whose
    words meet those words (by stem or concept), so ``/frage`` and ``/regel suche`` lead with the same page.
    „gibt es noch manabrand“, „gibts manaburn noch“ → „Manabrand abgeschafft“; „geht kampfschaden noch auf den
    stack“ → „Kampfschaden benutzt den Stapel nicht mehr“; „Kampfschaden“ or „Stapel“ alone asks for the damage or
    the zone. ``[]`` when no abolished row is asked about. ``analysis``: the question's own analysis
    (:meth:`bot.analysis.Analyser.analyse` with ``question=True``), when the caller has it."""
    return _asked(prepared, prepared.words(question) if analysis is None else prepared.read(analysis))


def _asked(prepared: RegisterWords, read: list[Word]) -> list[ChangeRow]:
    """:func:`asked_rows` of a question whose words the register read (``read``)."""
    asked = frozenset().union(*read)
    for _, subject in prepared.abolished:
        named = [w for w in subject if w & asked]
        if subject[0] & asked and len(named) >= min(2, len(subject)):
            return _naming(prepared, named)
    return []


async def register_read(ctx: AnswerContext, rows: list[ChangeRow], words: list[Word], analysis: Analysis,
                        shown: frozenset[str]) -> frozenset[str]:
    """``shown`` (words of texts the answer shows, folded, one spelling) with the question's words that name what
    ``rows`` are about, as typed and as read (``words``: :meth:`RegisterWords.read` of ``analysis``, as
    :func:`asked_search` read them once, :attr:`Asked.words`; met by the rows' keys): „manabrun“ and „brn“ of „mana
    brn“ name the abolished Manabrand, so no note calls them words no document holds, while a card's name the
    documents lack beside them is still said. ``shown`` itself when ``rows`` is empty."""
    if not rows:
        return shown
    prepared = await register_words(ctx.store)
    keys = frozenset().union(*(k for r, k in prepared.keys if r in rows))
    read = [w for w, terms in zip(analysis.words, words, strict=False) if terms & keys]
    return shown | {canonical(fold(s)) for w in read for s in (w, analysis.typos.get(w, w))}


def turned(prepared: RegisterWords, question: str, analysis: Analysis) -> str | None:
    """``question`` with the first two neighbouring content words (``analysis``: its own, ``question=True``)
    swapped whose reversed order, and not their own, spells a name of a concept the register's rows name
    (:attr:`RegisterWords.joined`): „verbrennt mana noch“ → „mana verbrennt noch“, searched as „mana verbrennen“ is
    (the synonym „mana verbrenn*“ of Manabrand is one order of words; before, 003's entry on {C} led). None when
    there is no such pair or the typed words cannot be found as the analysis spells them."""
    said = analysis.words  # the content words as the analysis reads them (``verbrenn``), typed on from there
    heads = [prepared.analyser.stems(w)[0] for w in said]
    for i in range(len(said) - 1):
        if heads[i] + heads[i + 1] in prepared.joined or heads[i + 1] + heads[i] not in prepared.joined:
            continue
        pair = rf"\b({re.escape(said[i])}\w*)(\W+)({re.escape(said[i + 1])}\w*)\b"
        m = re.search(pair, question[:READ_CHARS], re.IGNORECASE)
        if m is not None:
            return f"{question[:m.start()]}{m[3]}{m[2]}{m[1]}{question[m.end():]}"
    return None


def search_order(prepared: RegisterWords, question: str) -> tuple[str, Analysis | None, list[Word]]:
    """``question`` as ``/frage``'s one search reads it: when it asks about an abolished rule (:func:`asked_rows`)
    and a pair of its words names the rule only in the other order (:func:`turned`), so turned — „verbrennt mana
    noch“ is searched as „mana verbrennt noch“ and leads with the Manabrand ruling as „mana verbrennen“ does —
    else ``question`` as given; with the analysis of the text returned (:meth:`bot.analysis.Analyser.analyse`, read
    once here), or None when that text was turned (the search reads the turned text itself); and the question's
    words as the register read them (:meth:`RegisterWords.read` of its analysis). No search."""
    analysis = prepared.analyser.analyse(question, question=True)
    read = prepared.read(analysis)
    if not _asked(prepared, read):
        return question, analysis, read
    order = turned(prepared, question, analysis)
    return (order, None, read) if order else (question, analysis, read)


async def asked_search(ctx: AnswerContext, r: Ranker, question: str, limit: int) -> tuple[Asked, Ranked]:
    """``/frage``'s search of ``question`` (``limit`` hits, the words in the register's order, :func:`search_order`)
    and what the register read of it (:class:`Asked`: the rows of the abolished rule it asks about, read from that
    search's analysis): one search, one analysis of the question (the order's, passed on when ``r`` reads with the
    same analyser) and one reading of its words by the register (that analysis's, else the search's own)."""
    prepared = await register_words(ctx.store)
    text, analysis, read = search_order(prepared, question)
    same = analysis if prepared.analyser is r.analyser else None
    found = await r.search(ctx.store, text, ctx.names, limit=limit, analysis=same)
    if found.analysis is not analysis:  # the turned text, or another analyser: the search's analysis is read
        read = prepared.read(found.analysis)
    return Asked(_asked(prepared, read), read), found


async def register_page(ctx: AnswerContext, query: str, rows: list[ChangeRow], below: PassageRecord | None = None,
                        cards: Collection[int] = ()) -> Page | None:
    """The first page of ``/regel suche`` and ``/frage`` for words the register says were abolished or changed: per
    row of ``rows`` (:func:`register_rows`, :func:`asked_rows`) what changed and since when, the first document
    entry it concerns as the document said it („**Früher** …“) and today's notice with its evidence
    (:func:`bot.answers.today.row_notice_line`), buttons to the entries; None when ``rows`` is empty. ``query``: the
    user's words, in the title („„Manabrand“ heute“). ``below``: the passage the answer shows whole under the rows
    (``/frage``'s best passage, with its own „Früher“ and „Heute“): a row whose first entry it is says so instead of
    quoting it and its notice a second time. ``cards``: the ids of the cards the question names; when it names the
    card of ``below`` and that is any entry of a row, that row says so, and the other rows are named in one line
    each, without quoting another card's entry above the one asked about (Szadek's ruling asked about under the
    rows of Sonnenheim's rulings on combat damage on the stack: :func:`_asked_entry`), each with the cards of its
    entries („– betrifft **Sonnenheim, Festung der Legion**“); a question naming no card („was ist
    manabrand“) gets every other row quoted. A ``query`` longer than :data:`TITLE_QUERY` characters is named in the
    title by the first row's change („„Kampfschaden benutzt den Stapel nicht mehr“ heute“)."""
    if not rows:
        return None
    index = await today_index(ctx.store)
    blocks: list[str] = []
    buttons: dict[str, Action] = {}
    entries = [await _entries(ctx, index, row) for row in rows]
    key = below.key if below is not None else None
    asked = _asked_entry(entries, below, cards)
    for row, said in zip(rows, entries, strict=True):
        lines = [f"**{row.what}** (seit {format_date(row.since)})"]
        if (said and said[0].key == key) or (asked and any(p.key == key for p in said)):
            lines[0] += f" – {BELOW}"
        elif asked and said:  # another card's entry: named, not quoted above the one asked about
            lines[0] += f" – betrifft {', '.join(dict.fromkeys(f'**{p.title}**' for p in said[:3]))}"
        elif not asked:
            if said:
                lines.append(f"**Früher** ({said[0].source}, "
                             f"{format_date(said[0].date) if said[0].date else 'ohne Datum'}): "
                             f"{shorten(said[0].text, SAID_CHARS)}")
            lines.append(row_notice_line(index, row))
        blocks.append("\n".join(lines))
        for p in said:
            buttons.setdefault(p.key, passage_button(p))
    # a question too long for the title („Kann ich Szadek opfern, während …“) is named by the first row's change
    title = f"„{quote_user(query if len(query) <= TITLE_QUERY else rows[0].what, TITLE_QUERY)}“ heute"
    return Page(title=title, body="\n\n".join(blocks), actions=list(buttons.values())[:5])


#: Most characters of the user's words in the title of :func:`register_page` (a longer text names the first row).
TITLE_QUERY = 60


def _asked_entry(entries: list[list[PassageRecord]], below: PassageRecord | None, cards: Collection[int]) -> bool:
    """True when the passage ``below`` the rows belongs to a card the question names (``cards``, ids) and is an
    entry of one of the rows (``entries``: each row's :func:`_entries`): the rows then quote no entry
    (:func:`register_page`, :func:`quoted_keys`)."""
    if below is None or below.card_id is None or below.card_id not in cards:
        return False
    return any(p.key == below.key for said in entries for p in said)


async def quoted_keys(ctx: AnswerContext, rows: list[ChangeRow], below: PassageRecord | None = None,
                      cards: Collection[int] = ()) -> list[str]:
    """The keys of the passages :func:`register_page` quotes for ``rows`` with the same ``below`` and ``cards``:
    each row's first entry that is not ``below``, none when the question names ``below``'s card and ``below`` is an
    entry of one of the rows, in the rows' order, each once. An answer that shows the rows lists none of them again
    among its candidates, and its footer names their documents."""
    index = await today_index(ctx.store)
    entries = [await _entries(ctx, index, row) for row in rows]
    if _asked_entry(entries, below, cards):
        return []
    return list(dict.fromkeys(said[0].key for said in entries if said and (below is None or said[0].key != below.key)))


#: The footer's source of a page of the change register's rows.
ROWS_SOURCE = "Änderungsregister (data/changes.toml)"


def about_concepts(prepared: RegisterWords, query: str, rows: list[ChangeRow]) -> frozenset[str]:
    """The concept ids (``zz…``) of ``query``'s words that the keys of ``rows`` hold: what the query asks about
    the rows (``mana burn`` → Manabrand's concept), for the rules shown below them."""
    keys = frozenset().union(*(k for r, k in prepared.keys if r in rows))
    return frozenset(c for w in prepared.words(query) for c in w & keys if c.startswith("zz"))


def abolished_search(prepared: RegisterWords, text: str) -> tuple[frozenset[str], str]:
    """For ``/ruling suche``: the concept ids of the abolished rule ``text`` names in players' words
    (:func:`named_rows` with two words or more, :func:`about_concepts`: „mana brn“, a slip of „mana burn“, names
    Manabrand), and the text to search: ``text`` itself when its own analysis names the rule, else the rule's
    spellings (``manabrand manaburn …``, :attr:`RegisterWords.joined`), whose analysis says what was searched
    („Auch gesucht: manabrand, mana burn …“): one search, never a second. ``(frozenset(), text)`` when ``text``
    names no such rule."""
    rows = named_rows(prepared, text, min_words=2)
    about = about_concepts(prepared, text, rows) if rows else frozenset()
    if not about or about & set(prepared.analyser.analyse(text, question=True).concepts):
        return about, text
    return about, " ".join(k for k, ids in prepared.joined.items() if ids & about)


async def _entries(ctx: AnswerContext, index: TodayIndex, row: ChangeRow) -> list[PassageRecord]:
    """The passages of the document entries the register row names (rulings, mechanics paragraphs), in store
    order, at most :data:`MAX_ROWS`; read once per row and store (the page and :func:`quoted_keys` both ask)."""
    async def load() -> list[PassageRecord]:
        links: dict[str, list[int]] = {}
        for kind, entry_id in index.entries_by_change.get(row.key, []):
            links.setdefault(kind, []).append(entry_id)
        found = [p for kind, ids in links.items() for p in await ctx.store.passages_of_entries(kind, ids)]
        return sorted(found, key=lambda p: p.id)[:MAX_ROWS]
    return await ctx.store.memo(f"register_entries:{row.key}", load)


__all__ = [
    "BELOW",
    "MAX_ROWS",
    "QUOTED_ABOVE",
    "ROWS_SOURCE",
    "Asked",
    "RegisterWords",
    "Word",
    "abolished_search",
    "about_concepts",
    "asked_rows",
    "asked_search",
    "named_rows",
    "quoted_keys",
    "register_page",
    "register_read",
    "register_rows",
    "register_words",
    "rules_words",
    "search_order",
    "turned",
]
