"""Rulings: ``/ruling`` with a card (all its rulings: :mod:`bot.answers.card_rulings`) or search words (full text),
and outdated notices.

Sources: the ``* `` rulings of the four set FAQs (document 001), the ``•`` rulings of the clash
article (000) and the dated rulings lists (002, 004), as stored by the importer. Search words are ranked
by the one ranking of :mod:`bot.ranking` (the same as ``/frage``), restricted to rulings: few hits, best
first, each with the sentence that matched.

Today's status comes from the change register (``data/changes.toml``, see
:mod:`bot.answers.today`): only the rulings a reviewed row names get a notice, e.g. the 2006 ruling
"name both halves" of a split card shows first that today one name is chosen (CR 709.4a; document 002).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial

from bot.analysis import Analysis
from bot.answers.abolished import abolished_search, register_words
from bot.answers.better_kind import RULING_KINDS, better_action, better_passage, named_better, pointer_line
from bot.answers.card_lines import mention_note
from bot.answers.card_rulings import card_rulings
from bot.answers.cards import card_from_button, find_card_noted, with_note
from bot.answers.keyword_pairs import read_answered
from bot.answers.layout import announced
from bot.answers.markup_notes import reads_markup
from bot.answers.missing_cards import missing_card_line
from bot.answers.name_notes import reading_line
from bot.answers.paging import hit_pages, search_excerpt
from bot.answers.query_notes import query_notes
from bot.answers.register_terms import register_search
from bot.answers.registry import AnswerContext, UserError, action, answer
from bot.answers.rule_numbers import not_ruled, numbers_line, numbers_only
from bot.answers.rule_sources import rule_found
from bot.answers.sources import passage_source
from bot.answers.today import PageNotes, newer_rulings, status_text
from bot.answers.today_index import TodayIndex, today_index
from bot.answers.unknown_notes import near_misses
from bot.answers.unused_terms import unused_term_error, unused_term_line
from bot.declared_args import RowId
from bot.german_words import not_ordinary
from bot.question_mentions import Mention
from bot.question_words import UNKNOWN_SHOWN, players_line, players_said, players_split, unknown_line, unknown_words
from bot.ranking import Hit, ranker
from bot.reply import (
    EMBED_DESCRIPTION_MAX,
    Action,
    Page,
    Reply,
    format_date,
    in_quotes,
    own_sources,
    quote_user,
    shared_date,
)
from bot.rule_catalog import refuse_number
from bot.search import FUZZY, UNCLEAR, Lookup, NameHit, NameIndex
from bot.store import CardRecord, PassageRecord, Store
from bot.text import clean, german_int, name_words, tokens

#: Search hits shown at most; the answer says how many more there were.
MAX_HITS = 60
HITS_PER_PAGE = 6
#: A page of search hits stays this far under an embed's description limit (the title and page marks need room).
PAGE_CHARS = EMBED_DESCRIPTION_MAX - 200
#: Buttons to the rulings of the best-ranked cards (or sections) of a search.
CARD_BUTTONS = 5


@action("rulings")
async def rulings_action(ctx: AnswerContext, arg: RowId) -> Reply:
    """Button ``rb:rulings:<card_id>`` (under /card) → :func:`card_rulings`."""
    return await card_rulings(ctx, await card_from_button(ctx, arg))


# --- search ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RulingHit:
    """A search hit: the ruling's passage, the card or section it belongs to, and the sentence that matched."""

    passage: PassageRecord
    owner: str
    snippet: str

    @property
    def ruling_id(self) -> int:
        """The ruling's id (``rulings.id``)."""
        return self.passage.ref_id or 0


@dataclass
class SearchResult:
    """Hits of one search, best first, and the question's analysis (``mode`` ``"ranked"`` or ``"none"``);
    ``mention``: the card the ranking read by a name not its own (:attr:`bot.ranking.Ranked.mention`: a slip of its
    name, „boros-rektur“), which the answer says; ``better``: the rule that answers the search better than its
    rulings (:func:`bot.answers.better_kind.better_passage`), else None."""

    hits: list[RulingHit]
    total: int
    mode: str
    analysis: Analysis | None
    mention: Mention | None = None
    better: Hit | None = None


#: A hit is shown when it scores at least this share of the best hit's score (few, ranked hits).
KEEP_SHARE = 0.6


def _owner(card: str | None, section: str | None) -> str:
    """Who a ruling belongs to: the card, else ``Abschnitt „<section>“`` (never „„…““)."""
    return card or (f"Abschnitt {in_quotes(section)}" if section else "?")


async def search_rulings(store: Store, text: str, card_id: int | None = None, limit: int = MAX_HITS,
                         names: NameIndex | None = None) -> SearchResult:
    """The rulings that answer ``text`` (optionally one card's), ranked by :mod:`bot.ranking`; only hits scoring
    at least :data:`KEEP_SHARE` of the best one. With ``names`` a card the text names ranks its rulings first, as
    in ``/frage`` („Schnellvorlauf macht den zauber billiger …“ leads with Schnellvorlauf's rulings). Never raises
    for any ``text`` except
    :class:`bot.store.SearchIndexMissing` on a store without search index. A search in all rulings also ranks the
    same candidates over every kind: a rule that answers it better is :attr:`SearchResult.better`."""
    r = await ranker(store)
    candidates = await r.candidates(store, text, names, card_id=card_id)
    found = r.rank(candidates, kinds=RULING_KINDS, card_id=card_id, limit=limit)
    better = better_passage(found, candidates, r, RULING_KINDS) if card_id is None else None
    better = await named_better(store, better)
    ranked = found.hits
    if card_id is not None:
        # Every ruling of the card is scored; one that holds none of the searched words (no bm25 match, no term
        # covered) is no hit: `/ruling karte: Grozoth suche: xyzzy` finds nothing in Grozoth's rulings.
        ranked = [h for h in ranked if h.parts.get("base", 0.0) > 0 or h.parts.get("coverage", 0.0) > 0]
    if not ranked:
        return SearchResult([], 0, "none", found.analysis if found.analysis.terms else None, found.mention, better)
    top = ranked[0].score
    kept = [h for h in ranked if h.score >= top * KEEP_SHARE]
    hits = [RulingHit(h.passage, _owner(h.passage.title if h.passage.card_id else None, h.passage.title),
                      search_excerpt(h.passage.text, found.analysis, r, text)) for h in kept]
    return SearchResult(hits, len(hits), "ranked", found.analysis, found.mention, better)


def hit_block(hit: RulingHit, index: TodayIndex, shown: set[str] | None = None, notes: PageNotes | None = None) -> str:
    """One hit: owner in bold, the sentence that matched as shown today (:func:`bot.answers.today.status_text`;
    old terms tied to the page's ``notes``), then ``_Dokument, Datum_``.

    A hit the register marks as changed starts with today's statement and evidence; the sentence follows
    as "Früher", and the later ruling that says today's rule (e.g. 002, 2017; or 003's explanation of today's rule)
    is quoted after it unless it is a hit of its own or quoted above on the page (``shown``: passage keys of the
    search's hits and of the later passages the page quoted so far, ``"002:29"``; each one quoted here is added).
    """
    source = passage_source(hit.passage)
    parts = [f"**{hit.owner}**", status_text(index, "ruling", hit.ruling_id, hit.snippet, notes=notes), f"_{source}_"]
    for newer in newer_rulings(index, "ruling", hit.ruling_id):
        if shown is None or newer.key not in shown:
            when = format_date(newer.date)
            parts.append(f"**Heute gültige Fassung** ({newer.owner}): {newer.text}\n_{newer.title}"
                         + (f", {when}_" if when else "_"))
            if shown is not None:  # two outdated hits with one later ruling: quoted once per page
                shown.add(newer.key)
    return "\n".join(parts)


def search_intro(result: SearchResult, shown_text: str, typed: str = "") -> str:
    """Lead text of a search answer: how many rulings answer, best first, in German; ``typed``: the search as
    typed, for the players' words read as the documents' (:func:`bot.answers.query_notes.query_notes`)."""
    lines = [f"{german_int(result.total)} Treffer für „{shown_text}“, die passendsten zuerst"]
    if result.total >= MAX_HITS:
        lines.append(f"Nur die besten {MAX_HITS}; für mehr die Suche genauer fassen, z. B. mit einer Karte (`karte:`).")
    lines += query_notes(result.analysis, typed)
    return "\n".join(lines)


def nothing_found(text: str, cards: list[NameHit] | None = None, better: Hit | None = None) -> UserError:
    """The German „nichts gefunden“ error for a search text (shown shortened, cleaned), first naming its players'
    words the documents have no word for with their meaning (:func:`bot.question_words.players_said`: „lord“); with
    ``cards`` (name-index hits for the text) it offers their rulings as buttons: „Meintest du die Karte …?“; with
    ``better`` (a passage of another kind that holds the search, :func:`bot.answers.better_kind.better_passage`) it
    names that passage first with a button that opens it."""
    shown = quote_user(text, 80) or "(leer)"
    # a players' word no document has a word for („lord“) is said with its meaning, as /frage says it
    hint = "".join(f"{line}\n" for line in players_said(tokens(text[:2000]))) + (
        "Versuche andere Wörter, alte und neue Begriffe werden beide gesucht "
        "(z. B. „umgewandelte Manakosten“ findet auch „Manawert“).")
    if better is not None:  # „llanowar elfen“ in /regel suche: no rule, but a ruling names Llanovarelfen
        return UserError(f"Nichts gefunden für „{shown}“", f"{pointer_line(better, text)}\n{hint}",
                         choices=[better_action(better)])
    if cards:
        names = ", ".join(f"**{h.card_name}**" for h in cards)
        return UserError(
            f"Nichts gefunden für „{shown}“",
            f"Meintest du die Karte {names}? Für die Rulings einer Karte: `/ruling karte: …`.\n{hint}",
            choices=[Action(f"Rulings: {h.card_name}", "rulings", str(h.card_id)) for h in cards],
        )
    return UserError(f"Nichts gefunden für „{shown}“", hint)


#: Search texts longer than this are not looked up as card names (no card name is that long).
MAX_NAME_QUERY = 80


async def named_card(ctx: AnswerContext, text: str) -> tuple[CardRecord, Lookup] | None:
    """The card a ruling search text names, if it names one clearly: ``(card, found)``, ``found`` the look-up that
    read it (:meth:`bot.search.NameIndex.named`, the look-up of ``/karte``: a whole name in any spelling ``/karte``
    accepts — „borosrekrut“, „ueberwachsene grabstaette“, an English name of a store built with card files —, a typo
    of one clear name, a short name, or the one card the text begins: „Tolsimir“ → Tolsimir Wolfsblut). The card may
    have no rulings of its own: its sections' rulings, or the line that it has none, are its rulings
    (:func:`bot.answers.card_rulings.card_rulings`). None otherwise."""
    if len(text) > MAX_NAME_QUERY:
        return None
    found = ctx.names.named(text)
    card = await ctx.store.card(found.hit.card_id) if found.hit is not None else None
    return (card, found) if card is not None else None


def close_cards(ctx: AnswerContext, text: str) -> list[NameHit]:
    """Card names close to a search text (name index: prefix, word prefix or a typo scoring ≥ 85), ≤ 5."""
    if len(text) > MAX_NAME_QUERY:
        return []
    return [h for h in ctx.names.search(text, limit=CARD_BUTTONS) if h.tier < FUZZY or h.score >= CLOSE_SCORE]


#: Least fuzzy score (0–100) of a card name offered under „Nichts gefunden“.
CLOSE_SCORE = 85.0


def _card_button(card: CardRecord) -> Action:
    return Action(f"Rulings: {card.name}", "rulings", str(card.id))


async def _card_first(ctx: AnswerContext, named: tuple[CardRecord, Lookup], text: str, result: SearchResult) -> Reply:
    """A search text that names a card (``named``, :func:`named_card`): the card's rulings (with notices) first, then
    the full-text hits; a name read as a typo or a short name is said as ``/karte`` says it
    (:func:`bot.answers.name_notes.reading_line`), an exact one as a card's name."""
    card, found = named
    reply = await card_rulings(ctx, card)
    shown = quote_user(text, 80)
    said = reading_line(text, found, card.name)
    lead = f"_{said}_\nDie Rulings von **{card.name}**." if said else (
        f"„{shown}“ ist ein Kartenname: die Rulings von **{card.name}**.")
    if result.hits:
        lead += " Die Volltext-Treffer folgen nach den Rulings der Karte."
    reply.pages[0].body = f"{lead}\n\n{reply.pages[0].body}"
    if result.hits:
        found = await _hits_reply(ctx, f"Rulings mit „{shown}“", search_intro(result, shown, text), result)
        reply.pages = own_sources(reply) + own_sources(found)  # they keep their own buttons and sources
        reply.source = " · ".join(dict.fromkeys(d for d in (reply.source, found.source) if d))
    return reply


def _hit_buttons(hits: list[RulingHit]) -> list[Action]:
    """Buttons to the cards (their rulings) and mechanics sections of ``hits``, at most CARD_BUTTONS."""
    buttons: dict[tuple[str, int], Action] = {}
    for hit in hits:
        if len(buttons) >= CARD_BUTTONS:
            break
        r = hit.passage
        if r.card_id is not None:
            buttons.setdefault(("rulings", r.card_id), Action(f"Rulings: {hit.owner}", "rulings", str(r.card_id)))
        elif r.mechanic_id is not None:
            buttons.setdefault(("mechanic", r.mechanic_id), Action(hit.owner, "mechanic", str(r.mechanic_id)))
    return list(buttons.values())


def _only_name(result: SearchResult, card: CardRecord) -> bool:
    """True when every searched word is a word of the card's name ("Tolsimir" names Tolsimir Wolfsblut)."""
    words = set(name_words(card.name))
    typed = result.analysis.words if result.analysis is not None else []
    typed_words = name_words(" ".join(typed))
    return bool(typed_words) and all(any(w.startswith(t) or t.startswith(w) for w in words) for t in typed_words)


async def search_reply(ctx: AnswerContext, text: str, card: CardRecord | None = None) -> Reply:
    """The answer to ``/ruling suche: …`` (optionally within one card's rulings; when that card's rulings
    do not contain the words, the hits in all rulings with a note saying so).

    Raises:
        UserError: nothing found (German), the store has no search index, or the search is a rule number's shape
            that is no rule number (``702.19zz``, ``-5``: refused as ``/regel suche`` and ``/frage`` refuse it,
            :func:`bot.rule_catalog.refuse_number`; no ruling holds such a word).
    """
    refuse_number(text)  # never searched as words: „-5“ found „5/2“ and „+2/+2“
    answers = partial(rule_found, ctx)  # the button rb:rule:<number> answers it
    if (numbers := await numbers_only(text, answers)) is not None:  # „702.19 702.20“: no ruling names a rule by number
        raise numbers
    named = await named_card(ctx, text) if card is None else None
    about, query = await _abolished_query(ctx, text, card is None and named is None)
    result = await search_rulings(ctx.store, query, card.id if card else None, names=ctx.names)
    shown = quote_user(text, 80)
    lead = ""
    if not result.hits and card is not None:
        # Nothing in this card's rulings: say so and show the hits in all rulings instead of an error.
        lead = f"In den Rulings von {card.name} kommt „{shown}“ nicht vor; Treffer in allen Rulings:\n"
        card, named = None, await named_card(ctx, text)
        about, query = await _abolished_query(ctx, text, named is None)
        result = await search_rulings(ctx.store, query, names=ctx.names)
    kept = [h for h in result.hits if about.intersection(h.passage.concepts)]  # „Mana“ alone is not what is asked
    result = replace(result, hits=kept, total=len(kept)) if kept else result
    if named is not None and (not result.hits or named[1].how != UNCLEAR or _only_name(result, named[0])):
        # The search text names a card („Tolsimir“, „Kenner der Strassen“, „borosrekrut“): its rulings first.
        return await _card_first(ctx, named, text, result)
    if not result.hits:  # a rule number: the rule is what is asked for (/regel suche), else „nichts gefunden“
        raise (await not_ruled(text, answers) or await register_search(ctx.store, text)  # „millen“: in the notes
               or unused_term_error(text) or nothing_found(text, close_cards(ctx, text), result.better))
    title = f"Rulings mit „{shown}“" + (f" – {card.name}" if card else "")
    unknown = await not_ordinary(_unknown(result, (await ranker(ctx.store)).term_weights, card, ctx.names))
    players, unknown = players_split(unknown)  # „boardwipe“: players' language, no card's name
    if result.analysis is not None and result.analysis.typos:  # a word read as another: said before the hits
        near = near_misses(result.analysis, [card] if card else await _hit_cards(ctx, result), ctx.names,
                           (await today_index(ctx.store)).words)
        lead = "".join(line + "\n" for line in near.lines) + ("\n" if near.lines else "") + lead
    said = await mention_note(ctx.store, result.mention)  # a card read from a slip of its name ranks first: said
    lead = f"{said}\n{lead}" if said else lead
    lead = f"{unused}\n\n{lead}" if (unused := unused_term_line(text)) else lead  # „split second“: no term of theirs
    lead, note = await _unknown_lead(ctx, text, result, unknown, lead, card is None and named is None)
    note += "\n" + players_line(players) if players else ""
    # „702.19 trampelschaden“: the number's rule
    note += "\n" + line if (line := await numbers_line(text, answers)) else ""
    better = result.better if not about else None  # the register's rows lead: they answer it
    note = f"\n{pointer_line(better, text)}{note}" if better is not None else note
    reply = await _hits_reply(ctx, title, lead + search_intro(result, shown, text) + note, result)
    if better is not None:  # the rule the first page points to, opened whole (rb:passage:<key>)
        reply.pages[0].actions = reply.actions = [better_action(better), *reply.actions]
    if named is not None:  # words found in the rulings' text, but the words also name a card: offer it
        first = reply.pages[0]
        first.body = f"Meintest du die Karte **{named[0].name}**? Ihre Rulings: Knopf unten.\n\n{first.body}"
        first.actions = reply.actions = [_card_button(named[0]), *reply.actions][: CARD_BUTTONS + 1]
    return reply


async def _unknown_lead(ctx: AnswerContext, text: str, result: SearchResult, unknown: list[str], lead: str,
                        unnamed: bool) -> tuple[str, str]:
    """The lead and the note under the count of hits of ``/ruling suche: text`` for its ``unknown`` words: a short
    search of such words that names no card (``unnamed``: the search's words when it names none) says first that
    no card has that name, as ``/karte``; a name of no card whose words the documents know one by one
    („Gruul-Schamane“, :func:`bot.answers.missing_cards.missing_card_line`) is said first likewise; other unknown
    words are named under the count. ``unnamed``: the search names no card."""
    words = result.analysis.words if result.analysis is not None else []
    if unknown and unnamed and len(words) <= NAME_WORDS:
        return _no_such_card(unknown) + "\n\n" + lead, ""  # before the word hits, as /karte
    if not unknown and unnamed and result.analysis is not None and (
            missing := await missing_card_line(text, result.analysis, [], ctx.names, ctx.store)):
        return f"{missing}\n\n{lead}", ""  # „Gruul-Schamane“: the hits are other cards' rulings
    return lead, "\n" + unknown_line(unknown) if unknown else ""


async def _abolished_query(ctx: AnswerContext, text: str, asked: bool) -> tuple[frozenset[str], str]:
    """The abolished rule ``text`` names in players' words and the text to search for it
    (:func:`bot.answers.abolished.abolished_search`: „mana brn“ searched as Manabrand's spellings; only its hits
    about the rule are shown, the others match a common word, „Mana“); ``(frozenset(), text)`` unless ``asked``
    (the search is in all rulings and names no card)."""
    return abolished_search(await register_words(ctx.store), text) if asked else (frozenset(), text)


#: A search of at most this many content words may be a card's name (the store's longest names have four).
NAME_WORDS = 4


def _unknown(result: SearchResult, known: Mapping[str, float], card: CardRecord | None,
             names: NameIndex | None = None) -> list[str]:
    """The search's words no document holds in any form, as ``/frage`` names them
    (:func:`bot.question_words.unknown_words`; ``known``: the store's analysed terms). The words of the searched
    ``card``'s name and the words of any card's name in ``names`` are never unknown; the caller leaves out ordinary
    German words
    (:func:`bot.german_words.not_ordinary`)."""
    if result.analysis is None:
        return []
    return unknown_words(result.analysis, known, [card.name] if card else [], names.data.word_count if names else None)


async def _hit_cards(ctx: AnswerContext, result: SearchResult) -> list[CardRecord]:
    """The cards of the first hits (at most :data:`CARD_BUTTONS`, distinct, in order): the cards a word of the
    search may have been read as (:func:`bot.answers.unknown_notes.near_misses`)."""
    ids = list(dict.fromkeys(h.passage.card_id for h in result.hits if h.passage.card_id is not None))
    return [c for c in [await ctx.store.card(i) for i in ids[:CARD_BUTTONS]] if c is not None]


def _no_such_card(unknown: list[str]) -> str:
    """The first line of a short search (:data:`NAME_WORDS` content words at most, as a card's name is) holding
    words no document and no German dictionary knows (``unknown``): no card of the store has them in its name (every
    card's name is in a document), said before the hits of the other words (escaped)."""
    missing = ", ".join(f"„{quote_user(w, 40)}“" for w in unknown[:UNKNOWN_SHOWN])
    one = len(unknown) == 1
    stands = "das Wort steht" if one else "die Wörter stehen"
    return (f"ℹ️ **Keine Karte mit {missing} im Namen in den Dokumenten des Bots:** {stands} in keinem Dokument, "
            "auch nicht abgewandelt. Ist es eine Karte, fehlen ihre Rulings dort; die Treffer unten passen nur zu den "
            "übrigen Wörtern.")


def _page_body(index: TodayIndex, quoted: set[str], chunk: list[RulingHit], intro: str) -> str:
    """One page of search hits: ``intro`` (the first page's), each hit (:func:`hit_block`; a later
    ruling quoted unless in ``quoted``, the hits' ids and the later rulings quoted before, which it extends), the
    page's numbered notes in one place (:meth:`bot.answers.today.PageNotes.placed`: the shared register notices,
    the legend of the old terms the page's hits use)."""
    notes = PageNotes(index, [("ruling", h.ruling_id) for h in chunk])
    hits = [hit_block(h, index, quoted, notes) for h in chunk]  # first: the notes fill as the hits are written
    return "\n\n".join(notes.placed(intro, hits))


async def _hits_reply(ctx: AnswerContext, title: str, intro: str, result: SearchResult) -> Reply:
    """Search hits in pages with today's notices; each page's buttons point to that page's cards, and its footer
    names that page's sources (:attr:`bot.reply.Page.source`: its hits' documents, and those of the later rulings it
    quotes) and their date when they share one. A page holds at
    most :data:`HITS_PER_PAGE` hits and no more than fit one embed's description (:data:`PAGE_CHARS`), so the
    page's legend of old terms (``¹ „wirken“ statt „spielen“``) is never split off from the hits it explains. The
    intro ends with the line on the outdated hits of later pages (:func:`bot.answers.layout.announced`)."""
    index = await today_index(ctx.store)
    made: list[tuple[dict[str, None], list[str | None]]] = []  # the sources and dates of the last pages made

    def build(line: str) -> list[tuple[Page, list[int]]]:
        pages, docs, dates = _hit_pages(index, title, "\n".join(p for p in (intro, line) if p), result)
        made[:] = [(docs, dates)]
        return pages

    pages = announced(index, build, [h.ruling_id for h in result.hits]) or [Page(title=title, body=intro)]
    docs, all_dates = made[0]
    return Reply(pages=pages, source=" · ".join(docs), date=shared_date(all_dates), actions=pages[0].actions or [])


def _hit_pages(index: TodayIndex, title: str, intro: str, result: SearchResult
               ) -> tuple[list[tuple[Page, list[int]]], dict[str, None], list[str | None]]:
    """The pages of :func:`_hits_reply` with the ruling ids of each, the documents of all pages and their dates."""
    ids = {h.passage.key for h in result.hits}
    before = set(ids)  # the hits, and the later rulings the finished pages quote: each one quoted once
    chunks: list[list[RulingHit]] = []
    for hit in result.hits:
        if chunks and len(chunks[-1]) < HITS_PER_PAGE:
            trial = [*chunks[-1], hit]
            if len(_page_body(index, set(before), trial, intro if len(chunks) == 1 else "")) <= PAGE_CHARS:
                chunks[-1] = trial
                continue
        if chunks:
            _page_body(index, before, chunks[-1], "")  # what the finished page quotes
        chunks.append([hit])
    quoted = set(ids)
    pages: list[tuple[Page, list[int]]] = []
    docs: dict[str, None] = {}
    all_dates: list[str | None] = []
    for n, chunk in enumerate(chunks):
        before = set(quoted)
        body = _page_body(index, quoted, chunk, intro if n == 0 else "")
        # the page's own sources: its hits' documents and those of the later rulings it quotes (not those an
        # earlier page quoted), as /regel suche names each page's own
        here = quoted - before
        newer = [r for h in chunk for r in newer_rulings(index, "ruling", h.ruling_id) if r.key in here]
        own = dict.fromkeys([*(h.passage.source for h in chunk), *(r.title for r in newer)])
        dates = [*(h.passage.date for h in chunk), *(r.date for r in newer)]
        pages.append((Page(title=title, body=body, actions=_hit_buttons(chunk), source=" · ".join(own),
                           date=shared_date(dates) or ""), [h.ruling_id for h in chunk]))
        docs.update(own)
        all_dates += dates
    return pages, docs, all_dates


@answer("ruling")
@reads_markup("card", "search")  # Discord markup is no card name and no search word, and said
async def ruling_answer(ctx: AnswerContext, card: str | None = None, search: str | None = None) -> Reply:
    """``/ruling karte: … | suche: …``: a card's rulings, a full-text search, or a search in one card.

    Raises:
        UserError: neither option given, unknown card, or nothing found (German messages).
    """
    card_text = card if card and clean(card) else None
    search_text = search if search and clean(search) else None
    if card_text is None and search_text is None:
        raise UserError(
            "Karte oder Suchwörter angeben",
            "Zum Beispiel: `/ruling karte: Circu, Dimir-Lobotomist` oder `/ruling suche: Bibliothek mischen`.",
        )
    record, note = await find_card_noted(ctx, card_text, "rulings") if card_text else (None, None)
    if search_text is not None:  # a word split in two read joined, as /frage reads it („bor os-rekrut“)
        vocab = (await ranker(ctx.store)).analyser.vocab
        return with_note(await read_answered(ctx.store, vocab, search_text,
                                             lambda text: search_reply(ctx, text, record)), note)
    assert record is not None
    return with_note(await card_rulings(ctx, record), note)


__all__ = [
    "RulingHit",
    "SearchResult",
    "card_rulings",
    "hit_pages",
    "search_rulings",
]
