"""Answers from the official sources: the Comprehensive Rules, old rule numbers, the
German↔English keyword table, the aligned German explanations (document 003) and English card text.

:func:`official_rule_reply` is the CR part of ``/rule`` (``/regel``): it answers

* a rule number of the current CR (``701.30c``) with the official English text, its effective date,
  the German explanation beside it when the alignment of document 003 is certain (``103.1``), and the
  subrules of a parent number, paged (``701.30``);
* an old number of an imported older CR that no longer exists today (2010's ``110.5g``) with today's rule
  and the line "früher 110.5g (Regeln vom 1. Oktober 2010)" — "vermutlich …" with the runner-up when the
  match across versions is uncertain (``cr_rule_map``). Numbers the documents cite (``701.19c``, ``104.3f``)
  are answered before this by :mod:`bot.answers.eras` (the document's meaning first); a number that exists
  today and no document cites is today's rule, with a note when the older version had another rule there;
* a keyword rule number quoted by the 2005/2006 FAQs (``502.46``) through the keyword table
  (data/keywords_de_en.tsv: 502.46 Einberufen → 702.51 Convoke);
* a glossary term (``Mana Value`` → definition and rule 202.3), also by its German name
  (``Manawert``, ``Einberufen``) through the keyword table;
* anything else as a search over the current CR with the one ranking of :mod:`bot.ranking`, where German
  words find English rules through the term table's concepts and the aligned German explanations.

It returns None when the store holds no CR (built without ``--cr``), so ``/rule`` can fall back to
the documents' quoted rules.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from bot.answers.choices import CRChoices
from bot.answers.paging import search_excerpt
from bot.answers.registry import AnswerContext, UserError, action, completer, parse_id
from bot.answers.rule_refusals import RuleRefused, Unruled
from bot.answers.today_index import today_index, with_review
from bot.answers.today_notes import explanation_notice
from bot.declared_args import RowId
from bot.keywords import resolve_via_keywords
from bot.model import KeywordRow
from bot.ranking import ranker
from bot.reply import Action, Choice, Field, Page, Reply, format_date, quote_user
from bot.rule_catalog import RuleArg, parse_number
from bot.store import CRRuleRecord, CRVersionRecord, GlossaryRecord, RuleMapRecord, Store
from bot.text import GERMAN_MONTHS, clean, normalise_for_search, shorten

MAX_QUERY = 200
#: Subrules (or rules of a section) listed per page.
CHILDREN_PER_PAGE = 8
#: Search hits listed per page (each up to :data:`bot.answers.paging.WHOLE_EXCERPT` characters: six and their
#: labels fit one embed, as on ``/regel suche``'s pages).
HITS_PER_PAGE = 6
MAX_HITS = 40
CR_SOURCE = "Comprehensive Rules (offizieller englischer Text)"
#: Passage kinds of the official rules (bot/importer/passages.py).
CR_KINDS = frozenset({"cr_rule", "glossary"})
#: A hit is listed when it scores at least this share of the best one (few, ranked hits).
KEEP_SHARE = 0.6

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def long_date(iso: str) -> str:
    """``"2010-10-01"`` → ``"1. Oktober 2010"``; other shapes are returned as given."""
    parts = iso.split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return iso
    return f"{int(parts[2])}. {GERMAN_MONTHS[int(parts[1]) - 1]} {parts[0]}"


def current_version(versions: list[CRVersionRecord]) -> CRVersionRecord:
    """The current CR version of a non-empty ``versions`` list (the newest effective date)."""
    return next((v for v in versions if v.is_current), versions[0])


_current = current_version


async def official_rule_reply(ctx: AnswerContext, query: str) -> Reply | None:
    """The CR answer for ``/rule`` (see module doc); None when the store has no CR.

    Raises:
        UserError: empty query, or a search without hits (German messages).
        RuleRefused: a number that exists in no version and no keyword row, or one the keyword table gives a
            number today that the current version lacks (German, the reason as data:
            :class:`bot.answers.rule_refusals.Unruled`).
    """
    versions = await ctx.store.cr_versions()
    if not versions:
        return None
    current = _current(versions)
    q = clean(query)[:MAX_QUERY]
    if not q:
        raise UserError(
            "Bitte eine Regelnummer oder einen Begriff angeben",
            "Zum Beispiel: `/regel suche: 701.30c`, `/regel suche: Mana Value` oder `/regel suche: Fehde`",
        )
    number = parse_number(q, chapters=True)
    if number is not None:
        return await _number_reply(ctx.store, number, current)
    reply = await _term_reply(ctx.store, q, current)
    if reply is not None:
        return reply
    return await _search_reply(ctx.store, q, current)


async def rule_with_documents(ctx: AnswerContext, query: str, documents: Callable[[], Awaitable[Reply]]) -> Reply:
    """``/rule``: the CR answer first (when the store has a CR), the documents' answer alongside.

    ``documents`` produces the documents' reply (quoted rules, explanations; ``bot.answers.rules``).
    ``701.19`` thus shows today's 701.30 ("früher 701.19 …") and then the 2007 article's German and
    English text. Pages are concatenated (a documents' page repeating the German explanation the CR
    answer already shows is left out), buttons de-duplicated (≤ 20), sources joined; the date is the
    CR's effective date. When only one side answers, its reply is returned as is.

    Raises:
        UserError: neither side has an answer (the CR's message when the store has a CR, else the
            documents').
    """
    official: Reply | None = None
    official_error: UserError | None = None
    try:
        official = await official_rule_reply(ctx, query)
    except UserError as exc:
        official_error = exc
    try:
        docs = await documents()
    except UserError:
        if official is not None:
            return official
        if official_error is not None:
            raise official_error from None
        raise
    if official is None:
        return docs
    # A German explanation the CR answer shows beside the English text is not repeated as a page.
    shown = [
        f.value.split("\nBeispiel: ")[0]
        for p in official.pages
        for f in p.fields
        if f.name.startswith("Deutsche Erklärung")
    ]
    pages = [p for p in docs.pages if not any(text and p.body.startswith(text) for text in shown)]
    actions: dict[tuple[str, str], Action] = {}
    for a in [*official.actions, *docs.actions]:
        actions.setdefault((a.action, a.arg), a)
    sources = [s for s in (official.source, docs.source) if s]
    return Reply(
        pages=[*official.pages, *pages],
        source=" · ".join(sources),
        date=official.date,
        actions=list(actions.values())[:20],
    )


def merge_choices(*lists: list[Choice]) -> list[Choice]:
    """Autocomplete choices of several sources in order, one per value, at most 25."""
    seen: dict[str, Choice] = {}
    for choices in lists:
        for c in choices:
            seen.setdefault(c.value, c)
    return list(seen.values())[:25]


# --- numbers -----------------------------------------------------------------------------------


async def _number_reply(store: Store, number: str, current: CRVersionRecord) -> Reply:
    today = next((r for r in await store.cr_rule(number) if r.version.id == current.id), None)
    moved = [m for m in await store.rule_map(number) if m.new_number != number]
    quoted = await store.documents_quoting(number)
    if moved and (today is None or quoted):
        old = moved[0]
        if old.new_number is None:
            return await _removed_reply(store, old, current)
        note = _moved_line(old)
        if today is not None:
            note += f"\nHeute steht unter {number} eine andere Regel ({await _label(store, today)})."
        reply = await rule_reply(store, old.new_number, current, note=note)
        if today is not None:
            reply.actions.insert(0, Action(label=f"Heutige Regel {number}", action="cr_rule", arg=number))
        return reply
    if today is not None:
        # No document cites it: today's rule first; when an imported older version had another rule under this
        # number, the note says which is which (only from the map, which follows the texts).
        note = ""
        if moved and moved[0].new_number:
            m = moved[0]
            note = (f"In den Regeln vom {long_date(m.old_version.effective)} stand unter {number} eine andere "
                    f"Regel; sie ist heute {'' if m.certain else 'vermutlich '}{m.new_number}.")
        reply = await rule_reply(store, number, current, note=note)
        if moved and moved[0].new_number:
            reply.actions.insert(0, Action(label=f"Frühere {number} (heute {moved[0].new_number})",
                                           action="cr_rule", arg=moved[0].new_number))
        return reply
    rows = await store.keywords()
    match = resolve_via_keywords(number, rows)
    if match is not None and match.method == "keyword-table-parent" and not quoted:
        match = None  # 701.19z: no source has it, so it is no subrule of the old 701.19 either
    if match is not None and match.new:
        row = next(r for r in rows if r.old_number in (number, number[:-1]))
        cited = ", ".join(f"{d.set_name or d.title} ({format_date(d.date)})" for d in quoted)
        cited = cited or f"Dokument {row.source}"
        if match.certain:
            note = f"früher {number} (zitiert in {cited}; {row.german} = {row.english})"
        else:
            note = (
                f"vermutlich Teil von {match.new}: früher {number} (zitiert in {cited}; {row.german} = "
                f"{row.english}); die Unterregeln wurden seitdem neu nummeriert, daher keine genaue Zuordnung"
            )
        if await _rule(store, match.new, current) is None:
            raise RuleRefused(Unruled(number, "moved", current.effective, today=match.new,
                                      names=f"{row.german} = {row.english}"))
        return await rule_reply(store, match.new, current, note=note)
    raise RuleRefused(Unruled(number, "official", current.effective, older=True))


def _moved_line(m: RuleMapRecord) -> str:
    """``früher 701.19c (Regeln vom 1. Oktober 2010)``; uncertain: ``vermutlich …, sonst <runner-up>``."""
    line = f"früher {m.old_number} (Regeln vom {long_date(m.old_version.effective)})"
    if m.certain:
        return line
    other = f"; sonst am ehesten {m.runner_up}" if m.runner_up else ""
    return f"vermutlich {m.new_number}: {line} — Zuordnung unsicher{other}"


async def _removed_reply(store: Store, m: RuleMapRecord, current: CRVersionRecord) -> Reply:
    old = next(r for r in await store.cr_rule(m.old_number) if r.version.id == m.old_version.id)
    body = (
        f"Regel {m.old_number} der Regeln vom {long_date(m.old_version.effective)} hat in den Regeln vom "
        f"{format_date(current.effective)} kein sicheres Gegenstück. Der alte Text:\n\n{old.text}"
    )
    return Reply(
        pages=[Page(title=f"{m.old_number} (veraltet)", body=body)], source=CR_SOURCE, date=m.old_version.effective
    )


async def _label(store: Store, rule: CRRuleRecord) -> str:
    if rule.title:
        return rule.title
    parent = await _rule(store, rule.parent, rule.version) if rule.parent else None
    return parent.title if parent and parent.title else rule.text[:60] + ("…" if len(rule.text) > 60 else "")


async def _rule(store: Store, number: str, version: CRVersionRecord) -> CRRuleRecord | None:
    return next((r for r in await store.cr_rule(number) if r.version.id == version.id), None)


def _rule_text(rule: CRRuleRecord) -> str:
    lines = [] if rule.title and rule.title == rule.text else [rule.text]
    lines += [f"*Example:* {e}" for e in rule.examples]
    return "\n".join(lines)


async def rule_reply(store: Store, number: str, version: CRVersionRecord, note: str = "") -> Reply:
    """Rule ``number`` of ``version``: official text, examples, the aligned German explanation (a field)
    and its subrules, paged by :data:`CHILDREN_PER_PAGE`. ``note`` is put above the text.

    Raises:
        RuleRefused: the number is not in that version (German, the reason as data).
    """
    rule = await _rule(store, number, version)
    if rule is None:
        raise RuleRefused(Unruled(number, "official", version.effective))
    heading = rule.title or ""
    if not heading and rule.parent:
        parent = await _rule(store, rule.parent, version)
        heading = parent.title if parent and parent.title else ""
    title = f"{rule.number} — {heading}" if heading else f"Regel {rule.number}"
    body = "\n\n".join(p for p in (f"_{note}_" if note else "", _rule_text(rule)) if p)
    fields = []
    expl = await store.explanation_for(rule.number)
    if expl is not None:
        german = "\n".join([expl.text, *(f"Beispiel: {e}" for e in expl.examples)])
        fields.append(Field(name=f"Deutsche Erklärung ({expl.document.title}; Wortlaut des Drittanbieters)",
                            value=german))
        # the explanation's words are not the cards' words
        note = explanation_notice(await today_index(store), german, rule.text or "")
        if note:
            fields.append(Field(name="Begriffe der Erklärung", value=note))
    children = await store.cr_children(rule.number, version.id)
    pages = [Page(title=title, body=body, fields=fields)]
    for start in range(0, len(children), CHILDREN_PER_PAGE):
        chunk = children[start : start + CHILDREN_PER_PAGE]
        listing = "\n\n".join(f"**{c.number}** {_rule_text(c) or c.title or ''}" for c in chunk)
        if start == 0 and len(body) + len(listing) < 1500 and not fields:
            pages[0].body = f"{body}\n\n{listing}".strip()
        else:
            pages.append(Page(title=f"{title} (Unterregeln)", body=listing))
    if not pages[0].body and not fields and not children:
        pages[0].body = (f"Regel {rule.number} hat in den Comprehensive Rules vom {format_date(version.effective)} "
                         "nur diese Überschrift, keinen eigenen Text und keine Unterregeln.")
    if len(pages) > 1 and children:
        # A long parent (704, 117, 702.19 …) opens with its own text and the list of its subrules.
        pages[0].body = "\n\n".join(p for p in (pages[0].body, subrule_list(children)) if p)
    actions = []
    if rule.parent and rule.kind in ("rule", "subrule"):
        actions.append(Action(label=f"Übergeordnet: {rule.parent}", action="cr_rule", arg=rule.parent))
    return Reply(pages=pages, source=CR_SOURCE, date=version.effective, actions=actions)


def subrule_list(children: list[CRRuleRecord], limit: int = 40) -> str:
    """``**Unterregeln** (Wortlaut auf den nächsten Seiten):`` and one short line per subrule (≤ ``limit``)."""
    lines = [f"• **{c.number}** {shorten(c.title or _rule_text(c), 70)}" for c in children[:limit]]
    if len(children) > limit:
        lines.append(f"… und {len(children) - limit} weitere")
    return "**Unterregeln** (Wortlaut auf den nächsten Seiten):\n" + "\n".join(lines)


# --- terms -------------------------------------------------------------------------------------


async def _term_reply(store: Store, q: str, current: CRVersionRecord) -> Reply | None:
    key = normalise_for_search(q)
    terms = [g for g in await store.glossary_term(key) if g.version.id == current.id]
    if terms:
        return await glossary_reply(store, terms[0])
    rows = await store.keyword(key)
    if not rows:
        return None
    row = rows[0]
    note = f"{row.german} = {row.english}"
    if row.cr_number and row.kind not in ("term", "obsolete_term", "ability_word"):
        return await rule_reply(store, row.cr_number, current, note=note)
    english = [g for g in await store.glossary_term(normalise_for_search(row.english)) if g.version.id == current.id]
    if english:
        return await glossary_reply(store, english[0], note=note)
    if row.cr_number:
        return await rule_reply(store, row.cr_number, current, note=note)
    return _keyword_only_reply(row, current)


def _keyword_only_reply(row: KeywordRow, current: CRVersionRecord) -> Reply:
    body = f"{row.german} = {row.english}."
    body += "\nDafür gibt es in den Comprehensive Rules keine eigene Regel."
    return Reply(pages=[Page(title=row.german, body=body)], source="Begriffstabelle Deutsch–Englisch",
                 date=current.effective)


async def glossary_reply(store: Store, term: GlossaryRecord, note: str = "") -> Reply:
    """A glossary term: its definition, then the rules it cites (``See rule 202.3``) as fields."""
    fields = []
    actions = []
    for number in term.rules[:3]:
        rule = await _rule(store, number, term.version)
        if rule is not None:
            fields.append(Field(name=f"Regel {number}", value=_rule_text(rule) or rule.title or ""))
            actions.append(Action(label=f"Regel {number}", action="cr_rule", arg=number))
    body = "\n\n".join(p for p in (f"_{note}_" if note else "", term.text) if p)
    return Reply(
        pages=[Page(title=f"{term.term} (Glossar)", body=body, fields=fields)],
        source=CR_SOURCE,
        date=term.version.effective,
        actions=actions,
    )


# --- search ------------------------------------------------------------------------------------


async def _search_reply(store: Store, q: str, current: CRVersionRecord) -> Reply:
    """Free text over the official rules and glossary with the one ranking of :mod:`bot.ranking` (the same as
    ``/frage``; German words meet the English rules through the term table's concepts and the aligned German
    explanations): few hits, best first, each by the one excerpt of the searches
    (:func:`bot.answers.paging.search_excerpt`: the rule whole up to 550 characters, else its sentences that hold
    most of the question, the deciding one kept, the question's words in bold).

    Raises:
        UserError: nothing found (German).
    """
    r = await ranker(store)
    found = await r.search(store, q, kinds=CR_KINDS, limit=MAX_HITS)
    top = found.hits[0].score if found.hits else 0.0
    hits = [h for h in found.hits if h.score >= top * KEEP_SHARE]
    shown = quote_user(q, 80)
    if not hits:
        raise UserError(
            f"Nichts gefunden zu „{shown}“",
            "Versuche eine Regelnummer (`701.30`), einen englischen Begriff (`Mana Value`) oder ein "
            "deutsches Schlüsselwort (`Einberufen`).",
        )
    lines: list[tuple[str, Action | None]] = []  # each hit's line and its button
    for h in hits:
        p = h.passage
        text = search_excerpt(p.text, found.analysis, r, q)
        if p.kind == "cr_rule" and p.number:
            lines.append((f"**{p.number}** {text}", Action(label=f"Regel {p.number}", action="cr_rule", arg=p.number)))
        else:
            lines.append((f"**Glossar: {p.title}** {text}", None))
    pages = []
    for i in range(0, len(lines), HITS_PER_PAGE):  # each page's buttons point to that page's rules
        chunk = lines[i:i + HITS_PER_PAGE]
        pages.append(Page(title=f"Comprehensive Rules: „{shown}“ ({len(lines)} Treffer)",
                          body="\n".join(line for line, _ in chunk),
                          actions=[a for _, a in chunk if a is not None][:5]))
    return Reply(pages=pages, source=CR_SOURCE, date=current.effective, actions=list(pages[0].actions or []))


# --- buttons and autocomplete ------------------------------------------------------------------


@action("cr_rule")
async def cr_rule_action(ctx: AnswerContext, arg: RuleArg) -> Reply:
    """Button ``rb:cr_rule:<number>`` → that number in the current CR (no old-number resolution), with the review
    line ``/regel`` shows when a rule the register cites there is "zu prüfen"
    (:func:`bot.answers.today_index.with_review`)."""
    versions = await ctx.store.cr_versions()
    if not versions:
        raise UserError("Keine Comprehensive Rules in der Datenbank", "Die Datenbank wurde ohne `--cr` gebaut.")
    return with_review(await today_index(ctx.store), await rule_reply(ctx.store, arg, _current(versions)), arg)


@action("english")
async def english_action(ctx: AnswerContext, arg: RowId) -> Reply:
    """Button ``rb:english:<card_id>`` → the card's English name and Oracle text (from the MTGJSON file)."""
    card_id = parse_id(arg)
    card = await ctx.store.card(card_id) if card_id is not None else None
    if card is None or not (card.english_text or card.english_name):
        raise UserError("Kein englischer Text", "Zu dieser Karte ist kein englischer Text in der Datenbank.")
    text = card.english_text or "(kein Regeltext)"
    page = Page(
        title=card.english_name or card.name,
        body=text,
        fields=[Field(name="Deutscher Name", value=card.name, inline=True)],
    )
    return Reply(
        pages=[page],
        source="MTGJSON (Oracle-Text, englisch)",
        actions=[Action(label="Karte anzeigen", action="card", arg=str(card.id))],
    )


async def _load_catalogue(store: Store) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    rules, terms = await store.cr_catalogue()
    return rules, terms, [k.german for k in await store.keywords()]


async def _catalogue(store: Store) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """Rule numbers with titles, glossary terms and German keywords of the current CR, read once per store."""
    return await store.memo("cr_catalogue", lambda: _load_catalogue(store))


async def _load_cr_choices(store: Store) -> CRChoices:
    return CRChoices(*await _catalogue(store))


async def cr_choices(store: Store) -> CRChoices:
    """The current CR's numbers and names prepared for autocomplete (:class:`bot.answers.choices.CRChoices`),
    once per store (its cache: a swapped store brings its own)."""
    return await store.memo("cr_choices", lambda: _load_cr_choices(store))


@completer("cr_rules")
async def cr_rule_choices(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete for ``/rule``: CR numbers (``701.3`` → 701.3, 701.30 Clash, …), glossary terms and
    German keywords containing the typed text; [] when the store has no CR. From data prepared once per store
    (:class:`bot.answers.choices.CRChoices` in the store's cache, so a swapped store brings its own)."""
    return (await cr_choices(ctx.store)).choices(clean(current)[:MAX_QUERY].lower().rstrip("."))
