"""Mechanics: ``/mechanic`` (German ``/mechanik``), its autocomplete and the ``rb:mechanic`` button.

Sources: the mechanics sections (ALLGEMEINES) of the four set FAQs in document 001 (Hybrid, Gilden,
Einberufen, Ausgraben, …, Kumulative Versorgung, „Slowtrips“) and the clash article 000 (one section
"Fehde" in German, one "Clash" in English). A section answer shows its explanation, the rules it
quotes (numbers as printed), its rulings with today's status, and its example cards as buttons. A section
the change register names (Einberufen, Fehde, Geteilte Karten, Hybrid, Kumulative Versorgung, the keyword
sections) starts with a "Heute" block: today's statement and rule (Comprehensive Rules of 2026-04-17), then
the document's text as history with its date (:mod:`bot.answers.today`).

Names are found by title (``Einberufen``), by a word of it (``Hybrid``), by the English keyword
through ``data/synonyms.tsv`` (``convoke`` → Einberufen) or by a close spelling (``Einberfen``).
"""

from __future__ import annotations

from bot.answers.guilds import guild_line, set_line
from bot.answers.layout import announced, budget_of, pack, paged_rulings
from bot.answers.markup_notes import notes_read_to, reads_markup
from bot.answers.mechanic_finder import MIN_BEGUN, Found, MechanicFinder, mechanic_finder
from bot.answers.registry import (
    UNKNOWN_BUTTON_TEXT,
    UNKNOWN_BUTTON_TITLE,
    AnswerContext,
    UserError,
    action,
    answer,
    completer,
    parse_id,
)
from bot.answers.rule_status import rule_head
from bot.answers.several_named import MAX_NAMED, listed_mechanics, mechanics_line, named_action, named_title
from bot.answers.today import heute_block, terms_line
from bot.answers.today_facts import entry_status
from bot.answers.today_index import TodayIndex, today_index
from bot.declared_args import RowId
from bot.guilds import begun, named_guild, named_set, store_guilds
from bot.reply import (
    CHOICES_MAX,
    Action,
    Choice,
    Field,
    Page,
    Reply,
    cut_units,
    format_date,
    own_buttons,
    own_sources,
    quote_user,
)
from bot.rule_catalog import RuleCatalog, catalog, parse_number
from bot.store import MechanicRecord, Store
from bot.terms import Term, TermMatch
from bot.text import canonical, clean, tokens
from bot.typos import slips

CARD_BUTTONS = 15


async def mechanics(store: Store) -> list[MechanicRecord]:
    """Every mechanics section of ``store`` in document order (from memory after the first call)."""
    return await store.mechanic_sections()


def find_mechanics(sections: list[MechanicRecord], text: str) -> list[MechanicRecord]:
    """The sections ``text`` names, best tier only (tiers of :meth:`bot.answers.mechanic_finder.MechanicFinder.
    find`); [] when nothing fits. Prepares ``sections`` afresh: the answers use the store's finder."""
    finder = MechanicFinder(sections)
    return [sections[i] for i in finder.find(text)]


#: A section's dated text up to this many characters stands on the first page under today's notices; a longer
#: one is behind the button "Früher (<year>)" (the 2005 convoke rules would otherwise fill the page).
HISTORY_INLINE = 600
HISTORY_ACTION = "mechanic_text"


def _source(m: MechanicRecord) -> str:
    date = format_date(m.document.date)
    return m.document.title + (f", {date}" if date else "")


def _title(m: MechanicRecord) -> str:
    return m.title if not m.document.set_name else f"{m.title} – {m.document.set_name}"


def section_text(index: TodayIndex, cat: RuleCatalog, m: MechanicRecord) -> list[str]:
    """The section as its document prints it, in paragraphs: the explanation, the rules it quotes (each number
    with today's, ``502.46b (heute 702.51b)``; a misprint marked: 502.32a under the heading 502.46), the
    section's old-term notice (``data/terms.tsv``)."""
    parts = [m.body]
    heading: str | None = None  # the last pure heading ("502.46. Einberufen", no text) – as rules.printed_under
    for q in (q for q in cat.quoted if q.mechanic_id == m.id):
        head = rule_head(index, q.document.file[:3], q.number) + (f" **{q.title}**" if q.title else "")
        base = q.number.rstrip("abcdefghijklmnopqrstuvwxyz")
        letter = q.number[len(base) :]
        if not letter:
            heading = q.number if not q.text else None
        elif heading is not None and base != heading:  # a misprint kept as printed (502.32a under 502.46)
            head += f" _(so gedruckt; gemeint ist {heading}{letter})_"
        parts.append("\n".join([f"{head} {q.text}".strip(), *(f"_Beispiel:_ {e}" for e in q.examples)]))
    return [*parts, terms_line(index, "mechanic", m.id)]


def _year(m: MechanicRecord) -> str:
    return (m.document.date or "")[:4] or "Dokument"


async def _card_fields(ctx: AnswerContext, m: MechanicRecord) -> tuple[list[Field], list[Action]]:
    """The section's example cards and the cards referring to it, as fields and as buttons."""
    cards = await ctx.store.mechanic_cards(m.id)
    referring = await ctx.store.cards_referring_to_mechanic(m.id)
    fields = []
    if cards:
        fields.append(Field(name="Beispielkarten", value=", ".join(c.name for c in cards)))
    if referring:
        fields.append(Field(name="Karten mit Verweis auf diesen Abschnitt", value=", ".join(c.name for c in referring)))
    seen: dict[int, str] = {c.id: c.name for c in cards}
    for c in referring:
        seen.setdefault(c.id, c.name)
    actions = [Action(label=f"Karte: {name}", action="card", arg=str(cid)) for cid, name in seen.items()]
    return fields, actions[:CARD_BUTTONS]


def explanation(m: MechanicRecord) -> str:
    """The section's own explanation (its prose paragraphs) without a closing lead-in to the rules that follow
    it („Die offiziellen Regeln für die Fähigkeit Wallung lauten wie folgt:“, document 001), which would point at
    rules not shown beside it."""
    paragraphs = [p for p in m.body.split("\n\n") if p.strip()]
    while paragraphs and paragraphs[-1].rstrip().endswith(":"):
        paragraphs.pop()
    return "\n\n".join(paragraphs)


def _lead_parts(index: TodayIndex, m: MechanicRecord, label: str, room: int) -> list[str]:
    """Under today's rule, when the section's whole dated text does not fit: its German explanation as dated
    history with the section's old-term notice, and where the rules it quoted are (the button "Früher (2006)");
    only the pointer when the explanation does not fit in ``room`` characters either."""
    year = _year(m)
    lead = explanation(m)
    terms = terms_line(index, "mechanic", m.id)
    pointer = f"_Die Regeln von {year} im Wortlaut: Knopf „Früher ({year})“._"
    parts = [f"**{label}** ({_source(m)}):\n{lead}", *([terms] if terms else []), pointer]
    if lead and len(lead) <= HISTORY_INLINE and sum(len(p) + 2 for p in parts) <= room:
        return parts
    return [f"_Der Text von {year} ({_source(m)}): Knopf „Früher ({year})“._"]


async def mechanic_pages(ctx: AnswerContext, m: MechanicRecord, before: int = 0) -> tuple[list[Page], list[Action]]:
    """Pages of one section and its buttons (example cards; the document's text when it is long).

    A section the register names starts with today's statement and rules (CR of 2026-04-17), then the
    document's dated text as history — on the page when short, else behind the button "Früher (2005)". A
    section still right today is its document's text. Its rulings follow with today's status
    (:func:`bot.answers.layout.ruling_pages`); the section's first page names those outdated today
    (:func:`bot.answers.layout.announced`: „⚠️ 1 Ruling heute überholt (Seite 3)“; ``before``: the reply's pages
    before the section's, counted in the page numbers it names).
    """
    index = await today_index(ctx.store)
    history = section_text(index, await catalog(ctx.store), m)
    fields, actions = await _card_fields(ctx, m)
    today = heute_block(index, "mechanic", m.id)
    year = _year(m)
    room = budget_of(0) - len(_title(m)) - sum(len(f.name) + len(f.value) for f in fields)
    label = "Früher" if entry_status(index, "mechanic", m.id).outdated else "Im Dokument"
    inline = f"**{label}** ({_source(m)}):\n" + "\n\n".join(p for p in history if p)
    if not today:
        parts = [*history, f"_{_source(m)}_"]
    elif len(inline) <= HISTORY_INLINE and len(today) + len(inline) + 2 <= room:  # fits under today's rule
        parts = [today, inline]
    else:
        parts = [today, *_lead_parts(index, m, label, room - len(today) - 2)]
        actions.insert(0, Action(label=f"Früher ({year})", action=HISTORY_ACTION, arg=str(m.id)))
    rulings = await ctx.store.rulings_for_mechanic(m.id)

    def build(line: str) -> list[tuple[Page, list[int]]]:
        # the section's first page ends with the line on the outdated rulings of later pages (layout.announced)
        pages = pack(_title(m), parts, first_room=budget_of(0) - len(_title(m)) - room + (len(line) + 2 if line else 0))
        pages[0].fields = fields
        pages[0].body = "\n\n".join(p for p in (pages[0].body, line) if p)
        title = f"{_title(m)}: Rulings ({len(rulings)})"
        return [(page, []) for page in pages] + [
            (page, [r.id for r in chunk]) for page, chunk in (paged_rulings(index, title, rulings) if rulings else [])]

    return announced(index, build, [r.id for r in rulings], before), actions


@action(HISTORY_ACTION)
async def mechanic_text_action(ctx: AnswerContext, arg: RowId) -> Reply:
    """Button ``rb:mechanic_text:<mechanic id>`` ("Früher (2005)"): the section's text as its document prints
    it, with today's numbers beside the old ones.

    Raises:
        UserError: no such section (the store was rebuilt since the button was made).
    """
    found = [m for m in await mechanics(ctx.store) if m.id == parse_id(arg)]
    if not found:
        raise UserError("Mechanik nicht gefunden", "Zu diesem Knopf gibt es keinen Abschnitt (mehr) in der Datenbank.")
    m = found[0]
    history = section_text(await today_index(ctx.store), await catalog(ctx.store), m)
    pages = pack(f"{_title(m)} ({_year(m)})", history)
    back = Action(label=f"Heute: {m.title}", action="mechanic", arg=str(m.id))
    return Reply(pages=pages, source=m.document.title, date=m.document.date, actions=[back])


async def _refuse_unknown_rule(ctx: AnswerContext, typed: str, name: str) -> None:
    """Raises UserError („Keine Mechanik „709.4z“ gefunden“) when ``typed`` is a rule number that ``/regel suche``
    does not answer (its button ``rb:rule:<number>`` says „Regel 709.4z nicht gefunden“, read without building that
    answer: :func:`bot.answers.rule_sources.rule_found`): no rule of that number, so no section of the rule above it
    either; ``709.4a``, a rule of today, passes. ``name``: as typed, for the title."""
    from bot.answers.rule_sources import rule_found  # here: a card's "Mechanik anzeigen" button needs none of /regel

    if (number := parse_number(typed)) is not None and not await rule_found(ctx, number):
        raise UserError(f"Keine Mechanik „{quote_user(name, 80)}“ gefunden",
                        f"Regel {number} gibt es in keinem Dokument des Bots (`/regel suche: {number}` sagt „Regel "
                        f"{number} nicht gefunden“).")


def _offer_each_number(finder: MechanicFinder, typed: str, name: str) -> None:
    """Raises UserError offering the sections of each rule number when ``typed`` lists several (``702.51b 709.4``:
    Einberufen, Geteilte Karten; spaces or commas between them); returns when it lists fewer or none of them names
    a section. ``name``: as typed, for the title."""
    listed = [parse_number(w) for w in typed.replace(",", " ").split()]
    each = dict.fromkeys(i for n in listed if n for i in finder.resolve(n).sections) if len(listed) > 1 and all(
        listed) else {}
    if each:
        _choose(f"Mehrere Mechaniken passen zu „{quote_user(name, 80)}“",
                [Action(label=finder.labels[i], action="mechanic", arg=str(finder.sections[i].id)) for i in each])


async def mechanic_reply(ctx: AnswerContext, sections: list[MechanicRecord], before: int = 0) -> Reply:
    """One reply for one or more sections (e.g. "Gilden" of three FAQs), plus buttons to their cards
    and to the section in the other language of the same document (Fehde ↔ Clash); ``before``: pages of a joined
    reply before these (:func:`mechanic_pages`)."""
    pages: list[Page] = []
    actions: list[Action] = []
    all_sections = await mechanics(ctx.store)
    cat = await catalog(ctx.store)
    for m in sections:
        section_pages, section_actions = await mechanic_pages(ctx, m, before + len(pages))
        pages += section_pages
        actions += section_actions
        numbers = {q.number for q in cat.quoted if q.mechanic_id == m.id}
        for other in all_sections:
            if (
                other.id != m.id
                and other.document.id == m.document.id
                and numbers
                and numbers == {q.number for q in cat.quoted if q.mechanic_id == other.id}
            ):
                actions.insert(0, Action(label=f"Andere Sprache: {other.title}", action="mechanic", arg=str(other.id)))
    docs = {m.document.title: None for m in sections}
    date = sections[0].document.date if len(sections) == 1 else None
    return Reply(pages=pages, source=" · ".join(docs), date=date, actions=actions[:20])


#: Most characters of a ``/mechanik`` name read (the longest title is far shorter); a longer one is said so.
NAME_READ = 200


@answer("mechanic")
@reads_markup("name")  # a mention or emoji names no card: searched without it, and said
@notes_read_to("name", NAME_READ, "Name")  # „Fehde Fehde …“ of 6 000 characters: its beginning read, and said
async def mechanic_answer(ctx: AnswerContext, name: str) -> Reply:
    """``/mechanik name: …``: the named section(s); for a keyword of the term table no section of the documents
    is about (Aufstacheln, Trampelschaden), its term page (:func:`keyword_reply`); several names, each
    (``Spuk und Blutdurst``: :func:`_each_listed`). A name typed without choosing is answered as the autocomplete
    offers it: a beginning it completes in several ways (``re``, ``aufst``) gets those as choices, one it completes
    one way (``spu``, ``tramp``) is answered; one slip off (``spuck``) with „Gelesen als …“ first (:func:`read_as`).

    Raises:
        UserError: empty or unknown name (the German message lists the known sections or the box's choices);
            several sections or keywords fit (German, with a button for each).
    """
    finder = await mechanic_finder(ctx.store)
    sections = finder.sections
    if not clean(name):
        raise UserError("Bitte eine Mechanik angeben", "Zum Beispiel: `/mechanik name: Einberufen`")
    typed = name[:NAME_READ]
    guilds, sets = await store_guilds(ctx.store)
    if (guild := named_guild(guilds, typed)) is not None:  # „Gruul“, „die Izzet-Gilde“: its mechanic's section
        reply = await mechanic_reply(ctx, [guild.section])
        reply.pages[0].body = f"_{guild_line(guild)}._\n" + reply.pages[0].body
        return reply
    if (named := named_set(sets, typed)) is not None:  # „Kälteeinbruch“: the sections of its FAQ to choose from
        raise UserError(f"Mechaniken aus {quote_user(named.name, 80)}", set_line(named),
                        choices=[Action(label=m.title, action="mechanic", arg=str(m.id)) for m in named.sections])
    if each := listed_mechanics(finder, typed):  # „Spuk und Blutdurst“: each on its own pages
        return await _each_listed(ctx, finder, each)
    resolved = finder.resolve(typed)
    if resolved.sections:
        await _refuse_unknown_rule(ctx, typed, name)
    named = bool(resolved.sections or resolved.term)
    offered = _offered(finder, typed) if resolved.how == "begun" or not named else []
    if len(offered) > 1 or (offered and not named):  # the box offers several, or something the name is not
        begun = named or finder.complete_terms(typed)  # „aufst“ begins keywords; „ripl“ begins nothing
        _choose(f"Mehrere Mechaniken passen zu „{quote_user(name, 80)}“" if begun
                else f"Keine Mechanik „{quote_user(name, 80)}“ gefunden", offered)
    if resolved.term is not None:
        near = resolved.how == "typo" or read_as(typed, resolved.term.german)
        return await keyword_reply(ctx, resolved.term, typed, near=near)
    hits = resolved.sections
    found = [sections[i] for i in hits]
    if not found:
        titles = ", ".join(dict.fromkeys(m.title for m in sections))
        near = finder.slipped(tokens(typed))  # a slip in the beginning („ripl“): offered as the box offers it
        choices = [Action(label=finder.labels[i], action="mechanic", arg=str(sections[i].id)) for i in near][:5]
        _offer_each_number(finder, typed, name)
        if (number := parse_number(typed)) is not None:  # a number no section quotes: the rule search shows it
            await _refuse_unknown_rule(ctx, typed, name)  # … where it answers it („420.5e“: no document has it)
            raise UserError(f"Keine Mechanik „{quote_user(name, 80)}“ gefunden",
                            f"Kein Abschnitt der Dokumente zitiert Regel {number}; die Regel zeigt "
                            f"`/regel suche: {number}`.")
        raise UserError(f"Keine Mechanik „{quote_user(name, 80)}“ gefunden",
                        "Meintest du:\n" + "\n".join(f"• {c.label}" for c in choices) if choices
                        else f"Bekannte Abschnitte: {titles}", choices=choices)
    if len({m.title for m in found}) > 1:
        _choose(f"Mehrere Mechaniken passen zu „{quote_user(name, 80)}“",
                [Action(label=finder.labels[i], action="mechanic", arg=str(sections[i].id)) for i in hits])
    reply = await mechanic_reply(ctx, found)
    if resolved.how in ("fuzzy", "typo") or read_as(typed, found[0].title):
        reply.pages[0].body = f"_Gelesen als **{found[0].title}**, ähnlich geschrieben._\n" + reply.pages[0].body
    return reply


async def _each_listed(ctx: AnswerContext, finder: MechanicFinder, each: list[tuple[str, Found]]) -> Reply:
    """The answer to several mechanics named in one ``/mechanik`` (:func:`bot.answers.several_named.listed_mechanics`):
    each section (or keyword) on its own pages in the order named, at most :data:`~bot.answers.several_named.
    MAX_NAMED`, each page naming its own sources and carrying its own section's buttons (:func:`bot.reply.
    own_buttons`), under a first line naming each with its first page, the names beyond the cap (a button each on the
    first page, before the first section's own) and the pieces that name none (:func:`~bot.answers.several_named.
    mechanics_line`)."""
    pages: list[Page] = []
    starts: dict[str, int] = {}
    rest: dict[str, Found] = {}
    missing: list[str] = []
    for piece, found in each:
        title = named_title(finder, found)
        if not title or title in starts or title in rest:
            missing += [piece] if not title else []
            continue
        if len(starts) >= MAX_NAMED:  # named, not shown: the first line names it, a button shows it
            rest[title] = found
            continue
        starts[title] = len(pages) + 1
        reply = (await mechanic_reply(ctx, [m for i in found.sections if (m := finder.sections[i]).title == title],
                                      len(pages))
                 if found.sections else await keyword_reply(ctx, found.term, piece) if found.term else None)
        pages += own_buttons(own_sources(reply), reply.actions) if reply else []
    others = [named_action(finder, found) for found in rest.values()]
    first = pages[0]
    own, first.actions = first.actions or [], None
    shown = own_buttons([first], [*others, *own])[0].actions or []  # the names not shown first: the line points there
    line = mechanics_line(list(starts.items()), missing, list(rest), buttons=all(a in shown for a in others))
    first.body = f"{line}\n\n{first.body}"
    return Reply(pages=pages, source=" · ".join(dict.fromkeys(p.source for p in pages if p.source)),
                 actions=list(shown))


def read_as(typed: str, title: str) -> bool:
    """True when the typed name ``typed`` is one slip (:func:`bot.typos.slips`: a letter wrong, added or dropped,
    two neighbours swapped) from ``title`` (a section's title or a keyword's German name), words joined and folded,
    and no beginning of it: ``spuck`` → Spuk, ``blutdurts`` → Blutdurst, ``trampelschadn`` → Trampelschaden are
    read as those names and say so; ``spu``, ``spukt`` (a beginning, a verb form) are not."""
    said, name = "".join(canonical(t) for t in tokens(typed)), "".join(canonical(t) for t in tokens(title))
    return not name.startswith(said) and not said.startswith(name) and slips(said, name) == 1


def _offered(finder: MechanicFinder, typed: str) -> list[Action]:
    """What the autocomplete offers for ``typed`` (:meth:`~bot.answers.mechanic_finder.MechanicFinder.choices`), as
    choices: one per section title (a title of two sets once, the first) and per keyword without a section, in the
    box's order, at most :data:`OFFERED_MAX`. Sections alone are ``rb:mechanic:<id>``; with a keyword among them
    every choice is ``rb:mechanic_pick`` (a section's id or a keyword's name), so that a select menu of more than
    five (one action for all options, :func:`bot.render.choice_rows`) holds them all."""
    resolved, aliased, keywords = finder.choices(typed)
    picked: dict[str, tuple[str, str]] = {}  # title or name → (label, section id or "")

    def sections(found: list[int]) -> None:
        for i in found:
            picked.setdefault(finder.sections[i].title, (finder.labels[i], str(finder.sections[i].id)))

    sections(resolved.sections)  # the box's order (mechanic_names): own matches, keywords, other names' sections
    for term in [resolved.term, *keywords] if resolved.term is not None else keywords:
        picked.setdefault(term.german, (term.german, ""))
    sections(aliased)
    chosen = list(picked.values())[:OFFERED_MAX]
    kind = "mechanic_pick" if any(not section for _, section in chosen) else "mechanic"
    return [Action(label=label, action=kind, arg=section or label) for label, section in chosen]


def _choose(title: str, choices: list[Action]) -> None:
    """Ask the user to choose among ``choices`` (buttons; their labels listed as „Meintest du“).

    Raises:
        UserError: always (German ``title``, the list, a button per choice).
    """
    raise UserError(title, "Meintest du:\n" + "\n".join(f"• {c.label}" for c in choices), choices=choices)


#: At most this many choices when a typed beginning fits several names (the box shows up to 25; the buttons fit).
OFFERED_MAX = 10


@action("mechanic_pick")
async def mechanic_pick_action(ctx: AnswerContext, arg: str) -> Reply:
    """Button or menu option ``rb:mechanic_pick:<section id or German name>`` (a choice of :func:`_offered`): the
    section of that id (as ``rb:mechanic``), or the keyword of the term table so named whose documents have no
    section about it (:func:`keyword_reply`), as ``/mechanik`` answers it.

    The bot makes only these two kinds of argument, so anything else (``Spuk``, a name whose keyword has a
    section and is offered by its id; digits other than ASCII, ``١٤``, which ``int()`` would read) was not made
    by it: the German reply of every forged button (:data:`~bot.answers.registry.UNKNOWN_BUTTON_TITLE`).

    Raises:
        UserError: no section has that id (a button older than the store); a forged argument (German).
    """
    if parse_id(arg) is not None:
        return await mechanic_action(ctx, arg)
    resolved = (await mechanic_finder(ctx.store)).resolve(arg[:100])
    if resolved.term is None or resolved.term.german != arg:
        raise UserError(UNKNOWN_BUTTON_TITLE, UNKNOWN_BUTTON_TEXT)
    return await keyword_reply(ctx, resolved.term, arg)


#: The first line of a keyword's answer in ``/mechanik`` when no section of the documents is about it.
NO_SECTION = ("_Zu {name} haben die Dokumente des Bots keinen eigenen Mechanik-Abschnitt; hier die Regel des "
              "Begriffs und was die Dokumente des Bots zu ihm schreiben._")


async def keyword_reply(ctx: AnswerContext, term: Term, typed: str, near: bool = False) -> Reply:
    """``/mechanik`` for a keyword of the term table (701.x, 702.x) without a mechanics section: the term page of
    ``/regel`` (:func:`bot.answers.terms.term_reply`: today's rule number, older terms, what a document means by
    the typed word, the rulings that use the term with the change register's notice, the official rule first
    after ``build --cr``), headed by :data:`NO_SECTION`. ``typed``: the name as typed (a verb form), for the
    document notes; it is not echoed. ``near``: the name was read as a near spelling of the keyword's (the term
    table's typo tier: „Research“ as Search), which the page says first."""
    from bot.answers.terms import term_reply  # here: a card's "Mechanik anzeigen" button needs none of /regel's pages

    reply = await term_reply(ctx, TermMatch(term, typed, "form"))
    first = reply.pages[0]
    read = f"_Gelesen als **{term.german}** (englisch *{term.english}*), ähnlich geschrieben._\n" if near else ""
    first.body = read + NO_SECTION.format(name=f"**{term.german}**") + "\n" + first.body
    return reply


@action("mechanic")
async def mechanic_action(ctx: AnswerContext, arg: RowId) -> Reply:
    """Button ``rb:mechanic:<mechanic id>``: that section."""
    sections = await mechanics(ctx.store)
    mechanic_id = parse_id(arg)
    found = [m for m in sections if m.id == mechanic_id]
    if not found:
        raise UserError("Mechanik nicht gefunden", "Zu diesem Knopf gibt es keinen Abschnitt (mehr) in der Datenbank.")
    return await mechanic_reply(ctx, found)


@completer("mechanic_names")
async def mechanic_names(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete: section titles (with the set when a title repeats), matching the typed text in any form
    :meth:`~bot.answers.mechanic_finder.MechanicFinder.resolve` accepts; then keywords of the term table no section
    is about whose names or verb forms start with the typed words (``aufgest`` → Aufstacheln); then the sections of
    the terms one of whose other names the typed words begin (``repl`` → Replikation → Reproduktion, ``haun`` →
    Haunt → Spuk). From the store's prepared :class:`bot.answers.mechanic_finder.MechanicFinder`."""
    finder = await mechanic_finder(ctx.store)
    if not clean(current):  # the box just opened: the first titles, the same every time
        if finder.blank_choices is None:
            finder.blank_choices = _choices(finder, dict.fromkeys(finder.labels))
        return list(finder.blank_choices)
    guilds, sets = await store_guilds(ctx.store)
    first = [Choice(name=cut_units(label, 100), value=cut_units(finder.labels[finder.sections.index(m)], 100))
             for label, m in begun(guilds, sets, current[:200], MIN_BEGUN)]  # a guild's mechanic, a set's sections
    resolved, aliased, keywords = finder.choices(current[:200])
    labels = dict.fromkeys(finder.labels[i] for i in resolved.sections)
    if resolved.term is not None:
        labels[resolved.term.german] = None
    for term in keywords:
        labels[term.german] = None
    labels.update(dict.fromkeys(finder.labels[i] for i in aliased))  # last: a name's own matches come first
    own = _choices(finder, labels)
    if resolved.sections and resolved.how != "fuzzy":  # a title the words name or begin („gil“): that title alone
        return own
    return [*first, *(c for c in own if c.value not in {f.value for f in first})][:CHOICES_MAX]


def _choices(finder: MechanicFinder, labels: dict[str, None]) -> list[Choice]:
    """The first :data:`CHOICES_MAX` of ``labels`` as choices: one per label and finder, made at its first offer and
    then looked up (:attr:`~bot.answers.mechanic_finder.MechanicFinder.choices_made`)."""
    made = finder.choices_made
    out = []
    for label in labels:
        if len(out) >= CHOICES_MAX:
            break
        choice = made.get(label)
        if choice is None:
            choice = made[label] = Choice(name=cut_units(label, 100), value=cut_units(label, 100))
        out.append(choice)
    return out
