"""Rules: ``/rule`` (German ``/regel``) by number or keywords, and the ``rb:rule``/``rb:rulex`` buttons.

Sources:

* rules quoted with their number in the documents (``quoted_rules``): the clash article 000
  (701.19–701.19c, German and English) and the FAQs of 001 (104.3f, 203.2e, 502.46b, …),
  numbers exactly as printed (old numbering and typos kept, e.g. 502.32a under the heading 502.46);
* the German rules explanation 003 (``rule_explanations``), mostly without numbers, with its
  ``Siehe auch`` rule numbers and English ``Begriffe`` glossary terms.

A number shows that rule, or a parent (``701.19``) with its subrules (701.19a–c); German and English
texts of the same number stand side by side. Keywords search both sources (FTS5, bm25), including
the English glossary terms (``starting player`` finds the explanation of the Startspieler).
"""

from __future__ import annotations

from functools import cache, partial

from bot.answers.cards import with_note
from bot.answers.choices import RuleChoices
from bot.answers.eras import (
    cited_number_reply,
    document_see_also,
    era_index,
    number_choice_label,
    rule_term_lines,
    see_also_actions,
    today_number_reply,
)
from bot.answers.explanation_names import explanation_page
from bot.answers.keyword_pairs import read_answered
from bot.answers.markup_notes import notes_cut, reads_markup
from bot.answers.offered_search import searchable
from bot.answers.official import cr_rule_choices, merge_choices, rule_with_documents
from bot.answers.query_notes import players_reading
from bot.answers.register_first import register_first, with_register
from bot.answers.registry import AnswerContext, UserError, action, answer, completer, parse_id
from bot.answers.repeated_words import once_each, repeated_line, said_first
from bot.answers.rule_evidence import resting_entries
from bot.answers.rule_number_choices import named_rule_choices, number_choices
from bot.answers.rule_numbers import read_commas, rule_numbers, several_rules
from bot.answers.rule_search import keyword_reply
from bot.answers.rule_sources import (
    CITED,
    DOCUMENTS,
    explained,
    invalid_number,
    mentions,
    misprinted_as,
    not_found,
    rule_found,
    rule_source,
    rules_for,
)
from bot.answers.rule_status import rule_head
from bot.answers.sense_terms import other_sense, senses_line
from bot.answers.sources import TABLE_SOURCE
from bot.answers.terms import (
    TERM_ACTION,
    lookup,
    rule_term_uses,
    term_actions,
    term_named,
    term_reply,
    terms_besides,
    terms_line,
    terms_of_words,
)
from bot.answers.today_index import (
    TodayIndex,
    today_index,
    today_number,
    with_review,
)
from bot.answers.today_notes import explanation_notice
from bot.declared_args import RowId
from bot.ranking import ranker
from bot.reply import CHOICES_MAX, Action, Choice, Field, Page, Reply, own_sources, quote_user
from bot.rule_catalog import (
    Explanation,
    QuotedRule,
    RuleArg,
    RuleCatalog,
    catalog,
    dedupe_actions,
    is_child,
    misnumbered,
    more_numbers,
    number_key,
    number_refusal,
    number_search_choice,
    parse_number,
    read_number,
    shipped_number,
    shipped_numbers,
    source_line,
    stellen,
    typed_number,
)
from bot.terms import ENGLISH, TermMatch, term_index
from bot.text import clean, shorten, tokens

_LANGUAGE = {"de": "Deutsch", "en": "English"}


def _rule_block(index: TodayIndex, q: QuotedRule, note: str = "") -> str:
    """A quoted rule as printed, its old number with today's (``**502.46b** (heute 702.51b)``)."""
    head = rule_head(index, q.document.file[:3], q.number) + (f" **{q.title}**" if q.title else "") + note
    parts = [f"{head} {q.text}".strip()]
    parts += [f"_Beispiel:_ {ex}" for ex in q.examples]
    return "\n".join(parts)


def side_by_side(index: TodayIndex, rules: list[QuotedRule]) -> list[Field]:
    """German and English texts of the same numbers as inline field pairs (third column empty); an old
    number's field names today's: ``701.19c (Deutsch; heute 701.30d)``."""
    fields: list[Field] = []
    by_number: dict[str, dict[str, QuotedRule]] = {}
    for q in rules:
        by_number.setdefault(q.number, {})[q.language] = q
    for number, versions in by_number.items():
        for lang in ("de", "en"):
            q = versions.get(lang)
            if q is None:
                continue
            value = "\n".join([q.title or "", q.text, *(f"Beispiel: {e}" for e in q.examples)]).strip()
            today = today_number(index, q.document.file[:3], q.number)
            name = f"{number} ({_LANGUAGE[lang]}" + (f"; heute {today})" if today else ")")
            fields.append(Field(name=name, value=value or "—", inline=True))
        fields.append(Field(name="\u200b", value="\u200b", inline=True))
    return fields


def _title_with_children(number: str, children: list[QuotedRule]) -> str:
    """``"Regel 701.19 mit 701.19a–701.19c"``."""
    shown = sorted({q.number for q in children})
    if not shown:
        return f"Regel {number}"
    return f"Regel {number} mit " + (f"{shown[0]}–{shown[-1]}" if len(shown) > 1 else shown[0])


def _document_page(index: TodayIndex, title: str, group: list[QuotedRule], under: list[QuotedRule]) -> Page:
    """The rules one document quotes: German and English side by side, else the blocks as printed; its footer names
    that document (:attr:`bot.reply.Page.source`)."""
    doc = group[0].document
    if len({q.language for q in group}) > 1:
        return Page(title=title, body=f"Quelle: {source_line(doc)}", fields=side_by_side(index, group),
                    source=doc.title)
    blocks = [_rule_block(index, q, " _(so gedruckt, unter der Überschrift)_" if q in under else "") for q in group]
    return Page(title=title, body="\n\n".join(blocks) + f"\n\n_Quelle: {source_line(doc)}_", source=doc.title)


async def rule_reply(ctx: AnswerContext, number: str) -> Reply:
    """The answer for a rule number: the rule, its subrules, its document; German and English side by side;
    old numbers with today's (``502.46b (heute 702.51b)``).

    Raises:
        UserError: no document quotes the rule and none mentions it (German message offering the few
            numbers of the store that are close: same section, ≤ 3 rules away).
    """
    cat = await catalog(ctx.store)
    index = await today_index(ctx.store)
    rules, children, under = rules_for(cat, number)
    entries = explained(cat, number)
    if not rules and not entries:
        return await _not_in_store(ctx, index, cat, number)
    title = _title_with_children(number, children)
    pages: list[Page] = []
    actions: list[Action] = []
    by_doc: dict[int, list[QuotedRule]] = {}
    for q in rules:
        by_doc.setdefault(q.document.id, []).append(q)
    for group in by_doc.values():
        pages.append(_document_page(index, title, group, under))
        sections = {q.mechanic_id: q.mechanic for q in group if q.mechanic_id is not None}
        actions += [Action(label=f"Mechanik: {name}", action="mechanic", arg=str(m)) for m, name in sections.items()]
        actions += await document_see_also(ctx, group[0].document, cat, [n for q in group for n in q.see_also])
    for e in entries:
        pages.append(explanation_page(index, e))
        actions += see_also_actions(cat, e.see_also)
    docs = dict.fromkeys([*(g[0].document.title for g in by_doc.values()), *(e.document.title for e in entries)])
    # A button never points to the rule this answer is about.
    actions = [a for a in dedupe_actions(actions) if not (a.action in ("rule", "cr_rule") and a.arg == number)]
    return Reply(pages=pages, source=" · ".join(docs), actions=actions[:20])


async def _not_in_store(ctx: AnswerContext, index: TodayIndex, cat: RuleCatalog, number: str) -> Reply:
    """Plain German answer for a number without rule text: a misprinted subrule printed under its heading
    (502.46a is printed as 502.32a in the Ravnica FAQ), where it is mentioned and which entries' notices rest on
    it (:func:`resting_entries`, read only when the answer shows them), or an error."""
    misprint = misprinted_as(cat, number)
    if misprint is not None:
        heading, q = misprint
        body = (
            f"Im Dokument ist Regel {number} als **{q.number}** gedruckt (Druckfehler unter der Überschrift "
            f"{heading.number}{' ' + heading.title if heading.title else ''}; die Nummer bleibt wie gedruckt).\n\n"
            + _rule_block(index, q)
        )
        return Reply(pages=[Page(title=f"Regel {number} (gedruckt als {q.number})", body=body)],
                     source=source_line(q.document), date=q.document.date)
    found = mentions(cat, number)
    if not found:
        raise not_found(cat, number)
    # the term of the term table with this rule number (701.6: Neutralisieren), as today's number's page names it,
    # and where the documents use the term (bot.answers.eras.today_number_reply)
    terms = [t for t in term_index().terms if t.rule == number]
    lines = [
        *rule_term_lines(terms),
        f"Der Wortlaut von Regel {number} steht in keinem Dokument des Bots. "
        f"Die Regelerklärung (Dokument 003) verweist an {stellen(len(found))} darauf:"
    ]
    lines += [_mention_line(index, e) for e in found]
    rest = await resting_entries(ctx, index, number)
    used, used_actions = await rule_term_uses(ctx, terms)
    lines += rest.lines + used
    actions = [Action(label=shorten(e.label, 80), action="rulex", arg=str(e.id)) for e in found]
    actions = dedupe_actions([*actions, *rest.actions, *used_actions])[:20]
    title = f"Regel {number}: nicht enthalten" + (f" – {terms[0].german}" if terms else "")
    source = " · ".join([found[0].document.title, *([TABLE_SOURCE] if terms else [])])
    return Reply(pages=[Page(title=title, body="\n".join(lines)), *rest.pages], source=source, actions=actions)


def _mention_line(index: TodayIndex, e: Explanation) -> str:
    """``• **label**: <the explanation's start>`` and, below it, its older terms
    (:func:`bot.answers.today_notes.explanation_notice` of the part shown)."""
    note = explanation_notice(index, shown := shorten(e.text, 180))
    return f"• **{e.label}**: {shown}" + (f"\n  {note}" if note else "")


async def explanation_reply(ctx: AnswerContext, explanation_id: int) -> Reply:
    """An explanation with buttons to its ``Siehe auch`` rules and to its neighbours in rule order.

    Raises:
        UserError: no such explanation (the store was rebuilt since the button was made).
    """
    cat = await catalog(ctx.store)
    e = cat.explanation(explanation_id)
    if e is None:
        raise UserError("Regelerklärung nicht gefunden", "Zu diesem Knopf gibt es keine Erklärung (mehr).")
    actions = see_also_actions(cat, e.see_also)
    index = cat.explanations.index(e)
    if index > 0:
        actions.append(Action(label="Vorige Erklärung", action="rulex", arg=str(cat.explanations[index - 1].id)))
    if index + 1 < len(cat.explanations):
        actions.append(Action(label="Nächste Erklärung", action="rulex", arg=str(cat.explanations[index + 1].id)))
    page = explanation_page(await today_index(ctx.store), e)
    return Reply(pages=[page], source=e.document.title, date=e.document.date, actions=actions)


@answer("rule")
@reads_markup("search")
@notes_cut("search")  # never a fragment the cut made („… 702.19 7“), and said
async def rule_answer(ctx: AnswerContext, search: str) -> Reply:
    """``/regel suche: …``: a rule number (``104.3f``, ``701.19``) or keywords. A rule the change register cites
    that changed in newer rules of the build carries the review line on the first page
    (:func:`bot.answers.today_index.review_note`). A number is looked up exactly: one typed with look-alike letters
    (``7O2.19``) is answered as the number it reads as, with a line saying so (:func:`read_number`); one of a
    number's shape that is none (``7022.19``) is refused, never searched as words (which found 701.19). A comma with
    two readings (``702,703``) is the decimal comma only when that rule is answered, else a list
    (:func:`bot.answers.rule_numbers.read_commas`); the first page says how it was read.

    Raises:
        UserError: empty search, no rule number (:func:`misnumbered`), unknown number or nothing found (German).
    """
    if not clean(search):
        raise UserError("Bitte eine Regelnummer oder Stichwörter angeben", "Zum Beispiel: `/regel suche: 104.3f`")
    # a word split in two read joined, as /frage reads it („bor os-rekrut“), and said first
    vocab = (await ranker(ctx.store)).analyser.vocab
    return await read_answered(ctx.store, vocab, search, lambda text: _searched(ctx, text))


async def _searched(ctx: AnswerContext, search: str) -> Reply:
    """:func:`rule_answer` of ``search`` as read (markup out, split words joined, not empty).

    Raises:
        UserError: no rule number (:func:`misnumbered`), unknown number or nothing found (German).
    """
    shown = quote_user(search, 40)  # the markup is out (said by reads_markup): „<@123> vorrang“ searches „vorrang“
    search, readings = await read_commas(search, partial(rule_found, ctx))  # 702,703 as 702.703 if found
    if several := rule_numbers(search, readings):  # „702.19 und 104.3f“, „702.19 und Trampelschaden“
        return await several_rules(ctx, several, rule_answer)
    if refused := number_refusal(search):  # „7022.19“, „702.19zz“, „-5“: the shape said, never searched as words
        raise refused
    read = read_number(search)
    number = read[0] if read else parse_number(search)
    if number is None and (once := once_each(search)) is not None:  # „trampelschaden“ × 400: the term, said first
        return await said_first(repeated_line(once[1]), _searched(ctx, once[0]))
    match = lookup(search) if number is None else None
    if match is not None and match.rank == ENGLISH and await ctx.store.cr_versions():
        match = None  # an English term: the official glossary answers it (bot.answers.official)
    # the terms the search names besides the one found, or, when it names none as a whole, its words' terms one by
    # one („spielstien friedhf“: Spielstein, Friedhof, repaired as the ranked search repairs them)
    named = terms_besides(search, match) if match is not None else terms_of_words(search) if number is None else []
    if named:  # two terms, or a term and other words („spielstein friedhof“): the ranked search, terms one click away
        match = None
    reply = await _rule_or_term(ctx, search, number, match)
    if (both := senses_line(search) if number is None else "") and reply.pages:  # „sb“ alone: both senses named
        reply.pages[0].body = f"{both}\n{reply.pages[0].body}"
    if named and reply.pages:  # atop the first hits' page (the register's rows, „… heute“, stay as /frage shows them):
        # the terms' own pages lead, the word matches below may hold neither term („manawert geteilte karte“)
        hits = next((p for p in reply.pages if not p.title.endswith("“ heute")), reply.pages[0])
        hits.body = f"{terms_line(named)}\n\n{hits.body}"
        hits.actions = [*(reply.actions if hits.actions is None else hits.actions), *term_actions(named)]
    if read:
        reply = with_note(reply, f"„{shown}“ ist so keine Regelnummer; gelesen als {number} ({read[1]}).")
    if readings and reply.pages:  # „702,190“ read as the rule 702.190: said above its text
        reply.pages[0].body = "".join(f"ℹ️ {n}\n" for n in readings) + reply.pages[0].body
    about = number or (match.term.rule if match is not None else None)
    return with_review(await today_index(ctx.store), reply, about) if about else reply


async def _rule_or_term(ctx: AnswerContext, query: str, number: str | None, match: TermMatch | None) -> Reply:
    """The answer of :func:`rule_answer` before the review line: a number a document cites (its meaning then,
    bot/answers/eras.py), a German term by meaning, else the official rules and the documents; a number's answer is
    the one its source gives (:func:`bot.answers.rule_sources.rule_source`, the order ``rule_found`` reads too)."""
    source = await rule_source(ctx, number) if number is not None else None
    cited = await cited_number(ctx, number) if number is not None and source == CITED else None
    if cited is not None:  # a number a document cites: the document's meaning first (bot/answers/eras.py)
        return cited
    if match is not None:
        # The term's rule first, then the documents' hits; a players' word („eot“) said as the ranked search says it
        reply = await with_register(ctx, query, await term_reply(ctx, match))
        if (players := players_reading(query)) and reply.pages:
            reply.pages[0].body = f"{players}\n{reply.pages[0].body}"
        try:
            found = await keyword_reply(ctx, query, unlike=other_sense(match))  # 003's „Vorrang“: precedence
        except UserError:
            return reply
        reply.pages = own_sources(reply) + own_sources(found)  # they keep their own buttons and sources
        reply.source = " · ".join(dict.fromkeys(s for s in (reply.source, found.source) if s))
        return reply

    async def documents() -> Reply:
        if number is None:
            return await register_first(ctx, query)
        if source == DOCUMENTS:
            return await rule_reply(ctx, number)
        today = await today_number_reply(ctx, number, rule_term_uses)  # maybe today's number of a cited rule
        if today is None:
            raise not_found(await catalog(ctx.store), number)
        return today

    # With the Comprehensive Rules in the store (build --cr) the official answer comes first and the
    # documents' answer follows (bot/answers/official.py); without them this is the documents' answer.
    return await rule_with_documents(ctx, query, documents)


@action("rule")
async def rule_action(ctx: AnswerContext, arg: RuleArg) -> Reply:
    """Button ``rb:rule:<number>`` (:data:`RuleArg`): what ``/regel suche: <number>`` answers
    (:func:`_rule_or_term`, the review line as under :func:`rule_answer`), or its German error."""
    number = parse_number(arg)
    if number is None:
        raise invalid_number(arg)
    # the answer of /regel suche for this number (a cited number's era answer, the official rule and the
    # documents', or today's number of a cited rule), so a button never says less than the command
    return with_review(await today_index(ctx.store), await _rule_or_term(ctx, number, number, None), number)


async def cited_number(ctx: AnswerContext, number: str) -> Reply | None:
    """The era answer (:func:`bot.answers.eras.cited_number_reply`) for a number a document prints, also
    when it is asked for as meant (502.46a, printed as 502.32a under the heading 502.46); else None."""
    cited = await cited_number_reply(ctx, number, lambda: rule_reply(ctx, number))
    if cited is None:
        misprint = misprinted_as(await catalog(ctx.store), number)
        if misprint is not None:
            cited = await cited_number_reply(ctx, misprint[1].number, lambda: rule_reply(ctx, number))
    return cited


@action(TERM_ACTION)
async def term_action(ctx: AnswerContext, arg: str) -> Reply:
    """Button ``rb:term:<name>`` (:func:`bot.answers.terms.term_actions`): the term's page as ``/regel suche: <name>``
    opens it (:func:`_rule_or_term`, the review line), or a German error for a name the table lacks (not echoed)."""
    if (term := term_named(arg)) is None:
        raise UserError("Begriff nicht gefunden", "Diesen Begriff kennt die Begriffstabelle nicht (mehr).")
    reply = await _rule_or_term(ctx, term.german, None, TermMatch(term, term.german, "exact"))
    return with_review(await today_index(ctx.store), reply, term.rule)


@action("rulex")
async def explanation_action(ctx: AnswerContext, arg: RowId) -> Reply:
    """Button ``rb:rulex:<explanation id>``: one entry of the rules explanation (003)."""
    explanation_id = parse_id(arg)
    if explanation_id is None:
        raise UserError("Regelerklärung nicht gefunden", "Ungültiger Knopf.")
    return await explanation_reply(ctx, explanation_id)


async def _load_rule_choices(ctx: AnswerContext) -> RuleChoices:
    cat = await catalog(ctx.store)
    eras = await era_index(ctx)
    numbered: dict[str, Choice] = {}
    for q in sorted(cat.quoted, key=lambda q: number_key(q.number)):
        if q.number not in numbered:
            label = number_choice_label(eras, cat, q.number, q.title or q.text)  # today's rule when it differs
            numbered[q.number] = Choice(name=shorten(label, 100), value=q.number)
    for e in cat.explanations:  # numbers aligned by the version map, an uncertain one said as the answer says it
        if (n := e.shown_number) and n not in numbered:
            numbered[n] = Choice(name=shorten(f"{n}{'' if e.number else ' (vermutlich)'} – {e.text}", 100), value=n)
    for n, choice in more_numbers(cat, eras.cited, eras.today_number):  # the numbers 003 names and documents cite
        numbered.setdefault(n, choice)
    labelled = [(f"{q.number} {q.title}", q.number) for q in cat.quoted if q.title]
    labelled += [(term, term) for e in cat.explanations for term in e.terms]
    return RuleChoices(list(numbered.items()), labelled)


async def rule_choices(ctx: AnswerContext) -> RuleChoices:
    """What ``/regel suche`` offers from the documents' rules, prepared once per store (:class:`RuleChoices`)."""
    return await ctx.store.memo("rule_choices", lambda: _load_rule_choices(ctx))


@cache
def term_rule_choices() -> dict[tuple[int, str], Choice]:
    """The choice :func:`rule_queries` offers for each name of the term table (keyed by the term's identity and the
    name, as :meth:`bot.terms.TermIndex.complete` gives them): „Trampelschaden – Regel 702.19“, an old or English
    name in brackets after today's term. Made once per process (the table is read once), at the warm-up, so a
    keystroke listing 24 terms makes none of them."""
    out: dict[tuple[int, str], Choice] = {}
    for term, name, _rank, _joined in term_index().name_words:
        label = term.german if name == term.german else f"{term.german} ({name})"
        out[id(term), name] = Choice(name=shorten(f"{label} – Regel {term.rule}", 100), value=term.german)
    return out


@completer("rule_queries")
async def rule_queries(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete for ``/regel suche``: rule numbers, terms of the term table (``tram`` → „Trampelschaden – Regel
    702.19“, also by old and English names), headings, then the CR's numbers, glossary terms and German keywords. A
    number's start as the answer reads it (:func:`typed_number`: ``Regel 702,1``) lists the numbers it begins, else
    :func:`number_search_choice`; a text the answer refuses (``-5``) or finds nothing for (``**``) no search."""
    prepared, typed = await rule_choices(ctx), clean(current)[:100]
    if misnumbered(typed):  # „-5“, „702.19zz“: the answer refuses it (:func:`number_refusal`), so nothing is offered
        return []
    finds = bool(typed) and await searchable(ctx, typed)  # „**“, „00“ find nothing: no „Suche: **“ offered
    if (number := typed_number(typed)) is not None:  # „702.1“ → 702.10 Flugfähigkeit …; „0“ no number: its search
        own = await number_choices(ctx, prepared, number, typed)  # then the CR's numbers, else the term table's
        return own or number_search_choice(typed, number, (await today_index(ctx.store)).cr, finds)
    words = tokens(typed)  # a rule named beside words („702.19 **trample**“) first, as the answer shows it
    choices = {c.value: c for c in await named_rule_choices(ctx, prepared, typed)}
    if finds:
        choices.setdefault(typed, Choice(name=shorten(f"Suche: {typed}", 100), value=typed))
    made = term_rule_choices()
    for term, name, _rank in term_index().complete(words):  # German terms of the term table, by any name
        if len(choices) >= CHOICES_MAX:
            break
        if term.german not in choices:
            choices[term.german] = made[id(term), name]
    for value, choice in prepared.labelled(words):
        if len(choices) >= CHOICES_MAX:
            break
        choices.setdefault(value, choice)
    own = list(choices.values())
    return merge_choices(own, await cr_rule_choices(ctx, current) if len(own) < CHOICES_MAX else [])


__all__ = ["Explanation", "QuotedRule", "RuleCatalog", "catalog", "is_child", "keyword_reply", "parse_number",
           "rule_reply", "shipped_number", "shipped_numbers"]
