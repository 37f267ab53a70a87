"""Rule numbers across eras: what a number meant in the document that cites it, and today.

The documents cite rules by the numbers of their day: the Ravnica FAQ of 2005 prints 104.3f for the
hybrid mana rule (today 107.4e; today's 104.3f is "win and lose at once"), the clash article of 2007
prints 701.19 for clash (today 701.30; today's 701.19 is regenerate). The change register maps every
number a document cites to today's rule by its text (``[[number]]`` in ``data/changes.toml``, table
``old_numbers``), and quotes today's text (``today_cr``), so this works with and without ``build --cr``.

:func:`cited_number_reply` answers ``/regel suche: 502.46`` with today's rule of the document's meaning first
("502.46 ist heute 702.51" with today's text), the register's note as a notice, the document's text as dated
history ("Früher (Ravnica …, 30.08.2005)"), then the documents' full pages and the official pages of today's rule.
Where today's rules have another rule under the number (``104.3f``: win and lose at once; the FAQ's 104.3f is
today's 107.4e), that rule leads — its official text, 003's German entry, their pages — and the document's meaning
follows as dated history („So zitiert 2005, heute 107.4e“), so every answer is right for today.
A number no source has is not found (:mod:`bot.answers.rules`, :mod:`bot.answers.official`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.answers.official import current_version, rule_reply
from bot.answers.registry import AnswerContext, UserError
from bot.answers.rule_evidence import resting_entries, resting_rows
from bot.answers.sources import cr_source
from bot.answers.today import cited_notice
from bot.answers.today_index import (
    TodayIndex,
    number_review,
    rule_now,
    rule_today_lines,
    rule_today_source,
    today_index,
)
from bot.explanation_naming import term_names
from bot.reply import PAGE_REF, Action, Page, Reply, format_date, map_page_refs, own_sources
from bot.rule_catalog import RuleCatalog, catalog, dedupe_actions, is_child, number_key
from bot.store import CitedNumber, DocumentRecord
from bot.terms import Term, term_index
from bot.text import shorten

#: Texts at least this long that a later page shows in full are pointed to, not repeated, on the first page.
POINTED = 20


@dataclass
class EraIndex:
    """All cited numbers of the register, grouped by number, and the register itself (from :func:`today_index`:
    today's rule texts through :func:`bot.answers.today_index.rule_now`)."""

    cited: dict[str, list[CitedNumber]]
    today: TodayIndex

    def today_of(self, c: CitedNumber) -> str | None:
        """Today's number of the rule ``c`` cites: the register's, or the newest rules' when its row is "zu
        prüfen" (moved: the new number; gone: None)."""
        review = number_review(self.today, c.document_prefix, c.number)
        return review.today_number if review is not None else c.today

    def today_number(self, number: str) -> str | None:
        """Today's number of the rule a document cites as ``number`` (:meth:`today_of` of its first citation that
        has one: ``"409.1b"`` → ``"601.2b"``), None when no document cites it or none has one."""
        return next((t for c in self.cited.get(number, []) if (t := self.today_of(c))), None)


async def era_index(ctx: AnswerContext) -> EraIndex:
    """The cited numbers of the store, grouped by number (read once per store with the register)."""
    index = await today_index(ctx.store)
    cited: dict[str, list[CitedNumber]] = {}
    for c in index.cited:
        cited.setdefault(c.number, []).append(c)
    return EraIndex(cited, index)


async def _today_text(ctx: AnswerContext, index: EraIndex, number: str) -> tuple[str, str] | None:
    """Today's text of ``number`` and its date: from the imported CR when there is one, else the register's
    (:func:`bot.answers.today_index.rule_now`: never an old quote of a rule that changed since)."""
    versions = await ctx.store.cr_versions()
    if versions:
        current = current_version(versions)
        rule = next((r for r in await ctx.store.cr_rule(number) if r.version.id == current.id), None)
        if rule is not None:
            text = rule.text if rule.text and rule.text != rule.title else (rule.title or "")
            return text, current.effective
    now = rule_now(index.today, number)
    return (now.text, now.effective) if now is not None and now.today == number else None




def shift_page_refs(page: Page, by: int) -> Page:
    """``page`` with each of its pointers to another page (:data:`PAGE_REF`, in its body and fields) moved on by
    ``by`` pages: a reply's pages put after ``by`` others in one joined reply (``/regel suche: 702.19 und 104.3f``,
    :func:`bot.answers.rule_numbers.several_rules`) point at the joined page that shows the wording."""
    return map_page_refs(page, lambda n: n + by) if by else page


def _found_on(pages: list[Page], text: str) -> int | None:
    """The 1-based number of the first of ``pages`` whose text contains the start of ``text``, or None: a
    quote there is not repeated, the first page points to it. A text of fewer than :data:`POINTED` characters
    (a heading: "Clash") is shown again rather than pointed to."""
    probe = " ".join(text.split())[:60]
    if len(probe) < POINTED:
        return None
    for n, page in enumerate(pages, 1):
        if probe in " ".join((page.body + " ".join(f.value for f in page.fields)).split()):
            return n
    return None


async def _cited_block(ctx: AnswerContext, index: EraIndex, c: CitedNumber, later: list[Page]) -> str:
    """One document's use of the number: today's rule first (its number and text), the register's note as
    a notice (:func:`bot.answers.today.notice_line`; a row "zu prüfen" with its review line), then the
    document's text as dated history. A text that one of the ``later`` pages of the answer shows in full is
    not repeated: the line names that page."""
    where = c.title + (f", {format_date(c.date)}" if c.date else "")
    review = number_review(index.today, c.document_prefix, c.number)
    today_number = index.today_of(c)
    if today_number:
        today = await _today_text(ctx, index, today_number)
        changed = " (inhaltlich geändert)" if c.relation == "changed" else ""
        page = _found_on(later, today[0]) if today else None
        quoted = f": {shorten(today[0], 500)} _({cr_source(today[1])})_" if today else ""
        text = f" _(Wortlaut auf Seite {page + 1})_" if today and page else quoted
        lines = [f"**{c.number}** ist heute **{today_number}**{changed}{text}"]
    elif review is not None:
        lines = [f"**{c.number}** hat heute kein Gegenstück mehr: {c.today} gibt es in den {cr_source(review.checked)} "
                 "nicht mehr."]
    else:
        lines = [f"**{c.number}** hat heute kein Gegenstück."]
    if c.note:
        lines.append(cited_notice(index.today, c.document_prefix, c.number))
    if review is not None:
        lines.append(review.notice())
    quote = c.heading or c.text
    page = _found_on(later, quote)
    old = f"Wortlaut auf Seite {page + 1}." if page else shorten(quote, 300) or "(Überschrift)"
    lines.append(f"**Früher** ({where}): {old}")
    return "\n".join(lines)


async def _first_page(ctx: AnswerContext, index: EraIndex, number: str, cited: list[CitedNumber],
                      later: list[Page], has_cr: bool) -> tuple[Page, list[Action]]:
    """The page of a cited number: every document's use of it (:func:`_cited_block`); when today's rules have
    another rule under the same number (:func:`_today_head`), that rule first and the documents' use after it as
    dated history („so zitiert 2005, heute 107.4“); buttons to today's rules when the store has the Comprehensive
    Rules."""
    blocks = [await _cited_block(ctx, index, c, later) for c in cited]
    todays = dict.fromkeys(t for c in cited if (t := index.today_of(c)))
    actions = [Action(label=f"Heute: Regel {t}", action="cr_rule", arg=t) for t in todays] if has_cr else []
    now = await _today_text(ctx, index, number)
    first_today = next(iter(todays), None)
    if now is None or number in todays:
        title = f"Regel {number} (so zitiert)" + (f" – heute {first_today}" if first_today else "")
        return Page(title=title, body="\n\n".join(blocks)), actions
    head, term = await _today_head(ctx, number, now)
    if has_cr:
        actions.insert(0, Action(label=f"Heutige Regel {number}", action="cr_rule", arg=number))
    years = cited_years(cited)
    moved = f", heute {first_today}" if first_today else ""
    whose = "ein Dokument von" if len({c.title for c in cited}) == 1 else "Dokumente von"
    old = f"**So zitiert {years}{moved}** – {whose} {years} {'meint' if whose[0] == 'e' else 'meinen'} mit {number} " \
          "eine andere Regel:"
    title = f"Regel {number} (heute)" + (f" – {term}" if term else "") + f" · so zitiert {years}{moved}"
    return Page(title=shorten(title, 256), body="\n\n".join([head, old, *blocks])), actions


#: Most characters of 003's entry the first page of a cited number quotes (:func:`_today_head`); an entry within them
#: gets no page of its own after it (:func:`_quotes_whole`).
_GERMAN_QUOTED = 400


async def _today_head(ctx: AnswerContext, number: str, now: tuple[str, str]) -> tuple[str, str]:
    """The lines of today's rule ``number`` that lead the page of a number the documents cite for another rule:
    its official text (``now``: text and date, :func:`_today_text`), then what the German rules explanation
    (document 003) says under that number, marked „vermutlich“ where its alignment is a guess; and the German
    terms of that entry for the title („Partie verlieren“), else the term table's name of the rule („Regenerieren“),
    "" without either. The term table's line of the rule stands under the official text."""
    lines = [f"**Heute: Regel {number}** – {shorten(now[0], 400)} _({cr_source(now[1])})_"]
    terms = [t for t in term_index().terms if t.rule == number]  # the term table's German name of that rule
    lines += rule_term_lines(terms)
    entry = next((e for e in (await catalog(ctx.store)).explanations if e.shown_number == number), None)
    if entry is None:
        return "\n".join(lines), terms[0].german if terms else ""
    sure = "" if entry.number else "vermutlich "
    lines.append(f"**Auf Deutsch** ({entry.document.title}, {sure}zu Regel {number}): "
                 f"{shorten(entry.text, _GERMAN_QUOTED)}")
    return "\n".join(lines), term_names(entry.terms) or (terms[0].german if terms else "")


def _quotes_whole(text: str, page: Page) -> bool:
    """True when ``page`` (a page of 003's entry) shows ``text`` and nothing more in its body, and the first page's
    „Auf Deutsch“ line (:func:`_today_head`, cut at :data:`_GERMAN_QUOTED`) quotes ``text`` whole: that page would
    repeat it (``104.3f`` „Würde ein Spieler die Partie gleichzeitig gewinnen und verlieren, verliert er sie.“)."""
    return len(text) <= _GERMAN_QUOTED and " ".join(page.body.split()) == " ".join(text.split())


async def cited_otherwise(ctx: AnswerContext, number: str) -> bool:
    """True when a document cites ``number`` for a rule that today has another number while today's rules have
    another rule under ``number`` (104.3: the 2005 FAQ's mana symbols, today 107.4; today's 104.3 is „Partie
    verlieren“): an answer to the number leads with today's rule (:func:`cited_number_reply`)."""
    index = await era_index(ctx)
    cited = index.cited.get(number)
    return bool(cited) and all(index.today_of(c) != number for c in cited) and (
        await _today_text(ctx, index, number) is not None)


async def cited_number_reply(
    ctx: AnswerContext, number: str, documents: Callable[[], Awaitable[Reply]]
) -> Reply | None:
    """The answer for a number some document cites (see module doc); None when no document cites it.

    ``documents`` produces the documents' own pages for the number (:func:`bot.answers.rules.rule_reply`). When
    today's rules have another rule under that number (104.3: the 2005 FAQ's mana symbols, today 107.4; today's
    104.3 is „Partie verlieren“), today's rule leads: the first page (:func:`_first_page`), then the pages of
    today's rule (the German explanation 003's, today's official rule after ``build --cr``), then the documents'
    pages of their old rule and today's official text of it.
    """
    index = await era_index(ctx)
    cited = index.cited.get(number)
    if not cited:
        return None
    versions = await ctx.store.cr_versions()
    first_today = next((t for c in cited if (t := index.today_of(c))), None)
    collides = await cited_otherwise(ctx, number)
    todays_pages: list[Page] = []  # today's rule under this number: shown first when it collides
    later: list[Page] = []
    actions: list[Action] = []
    sources = [c.title for c in cited]
    parts = [documents]  # the documents' own pages, then today's rule from the imported CR
    if versions and collides:
        parts.insert(0, lambda: rule_reply(ctx.store, number, current_version(versions)))
    if versions and first_today is not None:
        parts.append(lambda: rule_reply(ctx.store, first_today, current_version(versions)))
    explanations = (await catalog(ctx.store)).explanations
    explaining = {e.document.title for e in explanations}
    for at, part in enumerate(parts):
        try:
            more = await part()
        except UserError:  # no such pages: the cited page stands alone
            continue
        shown = own_sources(more)  # each page names its own sources
        if collides and (at == 0 and versions):  # today's official rule of this number
            todays_pages += shown
        elif collides and part is documents:  # the explanation's pages are of today's rule, the others are old
            todays_pages += [p for p in shown if p.source in explaining]
            later += [p for p in shown if p.source not in explaining]
        else:
            later += shown
        actions += more.actions
        if more.source:
            sources.append(more.source)
    entry = next((e for e in explanations if e.shown_number == number), None) if collides else None
    repeated = [p for p in todays_pages if entry and p.source in explaining and _quotes_whole(entry.text, p)]
    later = [p for p in todays_pages if p not in repeated] + later
    page, first = await _first_page(ctx, index, number, cited, later, bool(versions))
    page.fields += [f for p in repeated for f in p.fields]  # its terms („Partie verlieren (lose the game)“) kept
    # the first page quotes the citing documents, and first today's rule's where it leads
    page.source = _sources([*(p.source or "" for p in todays_pages), *(c.title for c in cited)])
    # One "Stand" in the footer only when every page is of the same date; otherwise each page names its own
    # document and date (the 003 explanation and today's rule are not of the Ravnica FAQ's date).
    dates = {c.date for c in cited}
    date = cited[0].date if not later and len(dates) == 1 else ""
    return Reply(pages=[page, *later], source=_sources(sources), date=date,
                 actions=dedupe_actions([*first, *actions])[:20])


#: The end of a cross reference's label whose button opens a rule the store holds no text of („Siehe 805 (nicht
#: enthalten)“): the page it opens says only where the documents refer to it.
MISSING = " (nicht enthalten)"


def held_number(cat: RuleCatalog, number: str) -> bool:
    """True when the store holds a rule text of ``number`` (a document's or 003's rule, :meth:`RuleCatalog.numbers`,
    or an official rule after ``build --cr``) or of a rule under it (``202`` for 202.1); an uncertain number of 003
    (its entry only guessed to be that rule, ``104.3e``) is none."""
    known = cat.numbers() | cat.cr_numbers
    return number in known or any(is_child(k, number) for k in known)


def see_also_actions(cat: RuleCatalog, numbers: list[str] | tuple[str, ...]) -> list[Action]:
    """Buttons ``rb:rule:<number>`` to the rules of a „Siehe auch“ list, each once: „Siehe 107.3“, „Siehe 202 (nicht
    enthalten)“ where neither the documents nor the Comprehensive Rules of the store have that rule
    (:func:`held_number`)."""
    return [Action(label=f"Siehe {n}" + ("" if held_number(cat, n) else MISSING), action="rule", arg=n)
            for n in dict.fromkeys(numbers)]


async def document_see_also(ctx: AnswerContext, document: DocumentRecord, cat: RuleCatalog,
                            numbers: list[str]) -> list[Action]:
    """:func:`see_also_actions` of the numbers a dated ``document`` refers to, each as the document meant it
    (:func:`document_number_action`: the Ravnica FAQ's „Siehe 104.3“ → „Siehe 104.3 (2005, heute 107.4)“)."""
    return [await document_number_action(ctx, document, a.arg, a.label) for a in see_also_actions(cat, numbers)]


async def document_number_action(ctx: AnswerContext, document: DocumentRecord, number: str, label: str) -> Action:
    """The button a dated document's text makes of a rule number it prints (``label`` „Siehe 104.3“: the Ravnica FAQ's
    203.2e says „Siehe 104.3“), opening what the document meant by it. A number the register maps to another rule of
    today for that document (``old_numbers``) is labelled with the document's year and today's number („Siehe 104.3
    (2005, heute 107.4)“); where today's rules have another rule under it (:func:`cited_otherwise`: today's 104.3 is
    „Partie verlieren“) the button opens the document's own rule of that number (``rb:passage:001:35``, its text of
    2005 with today's 107.4), else today's rule of its meaning; any other number opens ``rb:rule:<number>``. The
    label ends in :data:`MISSING` exactly when the button opens a rule number the store holds no text of
    (:func:`held_number`) that no document cites and the register does not map (its page says only where the
    documents refer to it), whatever ``label`` said of the printed number."""
    index = await era_index(ctx)
    found = await _meant_action(ctx, index, document, number, label.removesuffix(MISSING))
    answered = held_number(await catalog(ctx.store), found.arg) or found.arg in index.cited \
        or index.today_number(number) == found.arg
    if found.action != "rule" or answered:
        return found
    return Action(label=found.label + MISSING, action="rule", arg=found.arg)


async def _meant_action(ctx: AnswerContext, index: EraIndex, document: DocumentRecord, number: str,
                        label: str) -> Action:
    """:func:`document_number_action`'s button before the note on a number the store lacks."""
    prefix = document.file[:3]
    cite = next((c for c in index.cited.get(number, []) if c.document_prefix == prefix), None)
    today = index.today_of(cite) if cite is not None else None
    if cite is None or today == number:
        return Action(label=label, action="rule", arg=number)
    year = (document.date or "")[:4] or "damals"
    dated = f"{label} ({year}, heute {today})" if today else f"{label} ({year}, heute ohne Gegenstück)"
    if not await cited_otherwise(ctx, number):
        return Action(label=dated, action="rule", arg=number)
    own = next((p for p in await ctx.store.numbered_passages(number)
                if p.kind == "quoted_rule" and p.document_id == document.id), None)
    if own is not None:
        return Action(label=dated, action="passage", arg=own.key)
    return Action(label=dated, action="rule", arg=today or number)


def number_choice_label(index: EraIndex, cat: RuleCatalog, number: str, printed: str) -> str:
    """The autocomplete's label of a rule number a document prints (``printed``: its heading or text there): today's
    rule where today's rules have another rule under that number, as the answer leads with it
    (:func:`cited_number_reply`: „104.3 (heute; so zitiert 2005: 107.4) – Es gibt mehrere Möglichkeiten, die Partie zu
    verlieren.“, from 003's entry, else the term table's name: „701.19 (heute; so zitiert 2007: 701.30) –
    Regenerieren“, else today's official text as the answer quotes it: „701.19a (heute; …) – If the effect of a
    resolving spell or ability regenerates a permanent, …“; the documents' other sense marked as the answer's title
    marks it, as a number only cited is, „409.1b (heute 601.2b) – so zitiert“), else the printed rule with today's
    number („502.46b (heute 702.51b) – …“). Not cut."""
    today = index.today_number(number)
    entry = next((e.text for e in cat.explanations if e.shown_number == number), None)
    term = next((t.german for t in term_index().terms if t.rule == number), None)
    now = rule_now(index.today, number)
    official = now.text if now is not None and now.today == number else None
    if today and today != number and (entry or term or official):
        return f"{number} (heute; so zitiert {cited_years(index.cited[number])}: {today}) – {entry or term or official}"
    return f"{number}" + (f" (heute {today})" if today else "") + f" – {printed}"


def cited_years(cited: list[CitedNumber]) -> str:
    """The years of the documents that cite a number (``cited``, of :attr:`EraIndex.cited`), each once, joined by
    „/“ (``"2005"``, ``"2005/2007"``); „früher“ when none is dated. As the era page's title says them („so zitiert
    2005, heute 107.4“)."""
    return "/".join(dict.fromkeys(c.date[:4] for c in cited if c.date)) or "früher"


def _sources(sources: list[str]) -> str:
    """The footer's sources, each once (a source that starts like one already named is left out)."""
    shown: list[str] = []
    for part in (p for s in sources for p in s.split(" · ")):
        if part and not any(part.startswith(seen) for seen in shown):
            shown.append(part)
    return " · ".join(shown)


def rule_term_lines(terms: list[Term]) -> list[str]:
    """The terms of the term table with one rule number, one line per kind: terms of the same kind share it
    (e.g. "Priorität" and the rule's heading "Timing und Priorität", both 117), so no rule is listed twice."""
    by_kind: dict[str, list[Term]] = {}
    for t in terms:
        by_kind.setdefault(t.kind, []).append(t)
    lines = []
    for same in by_kind.values():
        names = [f"**{t.german}** (englisch *{t.english}*)" for t in same]
        named = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " und " + names[-1]
        lines.append(f"{named}: {same[0].kind_name}, heute Regel **{same[0].rule}**.")
    return lines


#: Where the documents use the terms of a rule none of them quotes: German lines and buttons
#: (:func:`bot.answers.terms.rule_term_uses`, given by the caller: the term page's module imports this one's).
TermUses = Callable[[AnswerContext, list[Term]], Awaitable[tuple[list[str], list[Action]]]]


def today_sources(index: EraIndex, number: str) -> tuple[list[CitedNumber], list[str], list[Term], list[str]]:
    """What :func:`today_number_reply` shows for today's rule ``number``: the documents' old numbers whose today's
    number is it or one of its subrules (sorted by number), the register's rule texts of it and its subrules
    (``data/changes.toml`` [cr], also those moved here), the term table's terms with that rule, and the register's
    rows whose evidence names it (:func:`bot.answers.rule_evidence.resting_rows`); all empty: no answer."""
    olds = sorted(
        {c.number: c for cs in index.cited.values() for c in cs
         if (t := index.today_of(c)) and (t == number or is_child(t, number))}.values(),
        key=lambda c: number_key(c.number),
    )
    register = index.today
    moved_here = {r.number for r in register.rule_reviews.values()
                  if r.today_number and (r.today_number == number or is_child(r.today_number, number))}
    texts = sorted({n for n in register.cr if n == number or is_child(n, number)} | moved_here, key=number_key)
    terms = [t for t in term_index().terms if t.rule == number]
    return olds, texts, terms, resting_rows(register, number)


async def today_number_reply(ctx: AnswerContext, number: str, term_uses: TermUses | None = None) -> Reply | None:
    """The answer for today's number of a rule the documents cite under an older number: ``701.30``
    → today's clash rule text as the register quotes it (``data/changes.toml`` [cr], CR 2026-04-17; a rule
    changed in newer rules of the build: its new text and the review line,
    :func:`bot.answers.today_index.rule_today_lines`),
    the term of the term table with that rule, and the documents' numbers (701.19 in the clash article of
    2007) as buttons; a rule no document quotes with where they use its term (``term_uses``: 702.19 → the
    Trampelschaden rulings). None when neither the register nor the term table knows ``number``.
    """
    index = await era_index(ctx)
    olds, texts, terms, resting = today_sources(index, number)
    register = index.today
    if not olds and not texts and not terms and not resting:
        return None
    lines = rule_term_lines(terms)
    for n in texts:
        lines += rule_today_lines(register, n)
    if olds:
        lines.append("\n**Die Dokumente des Bots zitieren diese Regel unter alten Nummern:**")
        for c in olds:
            where = c.title + (f", {format_date(c.date)}" if c.date else "")
            quoted = shorten(c.heading or c.text, 160)
            lines.append(f"• **{c.number}** → heute {index.today_of(c) or '–'} _({where})_: {quoted}")
    rest = await resting_entries(ctx, register, number, resting)
    rest_actions = rest.actions
    if rest.lines:
        lines += rest.lines
    elif not olds:
        lines.append("\nKein Dokument des Bots zitiert diese Regel.")
        used, used_actions = await term_uses(ctx, terms) if term_uses else ([], [])  # 702.19: Trampelschaden
        lines, rest_actions = lines + used, rest_actions + used_actions
    # each old number's button opens what its document meant (the clash article's 701.19 „Fehden“, not today's
    # 701.19 „Regenerieren“): :func:`document_number_action` of the document that prints it, else its era answer
    printed = {(q.document.file[:3], q.number): q.document for q in (await catalog(ctx.store)).quoted}
    actions = [await document_number_action(ctx, doc, c.number, f"Regel {c.number}")
               if (doc := printed.get((c.document_prefix, c.number))) is not None
               else Action(label=f"Regel {c.number} (so zitiert)", action="rule", arg=c.number) for c in olds]
    actions += rest_actions
    title = f"Regel {number} (heute)" + (f" – {terms[0].german}" if terms else "")
    return Reply(pages=[Page(title=title, body="\n".join(lines)), *rest.pages], actions=dedupe_actions(actions)[:20],
                 source=rule_today_source(register, texts, bool(terms)))


__all__ = ["MISSING", "PAGE_REF", "CitedNumber", "EraIndex", "cited_number_reply", "cited_otherwise", "era_index",
           "held_number", "number_choice_label", "rule_term_lines", "shift_page_refs", "today_number_reply",
           "today_sources"]
