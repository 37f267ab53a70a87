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

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.answers.eras import cited_number_reply, era_index
from bot.answers.official import cr_rule_choices, merge_choices, rule_with_documents
from bot.answers.registry import AnswerContext, UserError, action, answer, completer, parse_id
from bot.answers.rulings import fts_rows, hit_pages, nothing_found, query_notes
from bot.answers.terms import lookup, term_reply
from bot.paths import DATA_DIR
from bot.reply import Action, Choice, Field, Page, Reply, format_date, quote_user
from bot.search import clean
from bot.store import DocumentRecord, Store
from bot.terms import ENGLISH, term_index
from bot.textsearch import ELLIPSIS, HIGHLIGHT, MODE_NOTES, build_query, memo, tidy_snippet, tokens

#: A rule number as printed: 3-digit section, optional ".rule" and subrule letter, optional dot.
RULE_NUMBER = re.compile(r"^(?:regel|rule|cr|nr\.?)?\s*([0-9]{3})(?:\.([0-9]{1,3})([a-z])?)?\.?$", re.IGNORECASE)
MAX_HITS = 40
HITS_PER_PAGE = 6
HIT_BUTTONS = 5
_LANGUAGE = {"de": "Deutsch", "en": "English"}
_SEE_RULE = re.compile(r"Siehe auch Regel (\d{3}(?:\.\d+[a-z]?)?)")


@dataclass(frozen=True)
class QuotedRule:
    """A rule quoted with its number in a document (``quoted_rules`` row with its document)."""

    id: int
    number: str
    title: str | None
    text: str
    examples: tuple[str, ...]
    language: str
    position: int
    mechanic_id: int | None
    mechanic: str | None
    document: DocumentRecord

    @property
    def see_also(self) -> list[str]:
        """Rule numbers the text refers to with ``Siehe auch Regel …`` (203.2e → 104.3)."""
        return _SEE_RULE.findall(self.text)


@dataclass(frozen=True)
class Explanation:
    """An entry of the rules explanation (document 003) with its trailers."""

    id: int
    position: int
    text: str
    examples: tuple[str, ...]
    see_also: tuple[str, ...]
    terms: tuple[str, ...]
    number: str | None
    document: DocumentRecord
    guess: str | None = None  # an uncertain alignment: shown as "vermutlich Regel …", never as fact

    @property
    def label(self) -> str:
        """``"Regel 103.1 (Erklärung)"``; an uncertain number ``"Erklärung, vermutlich Regel 100.1"``; an
        entry without any number (a changed document 003) ``"Erklärung: Der Startspieler macht…"``."""
        if self.number:
            return f"Regel {self.number} (Erklärung)"
        if self.guess:
            return f"Erklärung, vermutlich Regel {self.guess}"
        return f"Erklärung: {_short(self.text, 40)}"

    @property
    def shown_number(self) -> str | None:
        """The number this entry is listed under: the certain one, else the guess."""
        return self.number or self.guess


@dataclass
class RuleCatalog:
    """Every quoted rule and explanation, in memory (loaded once per store, see :func:`catalog`)."""

    quoted: list[QuotedRule]
    explanations: list[Explanation]
    cr_numbers: frozenset[str] = frozenset()  # numbers of today's Comprehensive Rules (after build --cr)

    def numbers(self) -> set[str]:
        """Every number that has a rule text in the store."""
        return {q.number for q in self.quoted} | {e.number for e in self.explanations if e.number}

    def explanation(self, explanation_id: int) -> Explanation | None:
        """The explanation with ``explanation_id`` or None."""
        return next((e for e in self.explanations if e.id == explanation_id), None)


_QUOTED_SQL = """
SELECT q.id, q.number, q.title, q.text, q.examples, q.language, q.position, q.mechanic_id, m.title,
       d.id, d.file, d.part, d.kind, d.title, d.set_name, d.language, d.date
FROM quoted_rules q JOIN documents d ON d.id = q.document_id LEFT JOIN mechanics m ON m.id = q.mechanic_id
ORDER BY d.id, q.position
"""
_EXPLANATIONS_SQL = """
SELECT e.id, e.position, e.text, e.examples, e.see_also, e.terms, e.number, e.number_status, e.number_guess,
       d.id, d.file, d.part, d.kind, d.title, d.set_name, d.language, d.date
FROM rule_explanations e JOIN documents d ON d.id = e.document_id ORDER BY d.id, e.position
"""


async def _load(store: Store) -> RuleCatalog:
    quoted = [
        QuotedRule(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), r[5], r[6], r[7], r[8], DocumentRecord(*r[9:17]))
        for r in await store.fetchall(_QUOTED_SQL)
    ]
    shipped = shipped_numbers()
    explanations = []
    for r in await store.fetchall(_EXPLANATIONS_SQL):
        number, status, guess = r[6], r[7], r[8]
        if number is None and status is None:  # built without --cr: today's numbers shipped with the project
            number, guess = shipped_number(shipped, r[1], r[2])
        elif status == "uncertain":
            number = None
        explanations.append(
            Explanation(
                r[0], r[1], r[2], tuple(json.loads(r[3])), tuple(json.loads(r[4])), tuple(json.loads(r[5])),
                number, DocumentRecord(*r[9:17]), guess if status != "aligned" else None,
            )
        )
    cr_numbers = frozenset(
        r[0]
        for r in await store.fetchall(
            "SELECT r.number FROM cr_rules r JOIN cr_versions v ON v.id = r.version_id WHERE v.is_current = 1"
        )
    )
    return RuleCatalog(quoted, explanations, cr_numbers)


EXPLANATION_NUMBERS_PATH = DATA_DIR / "explanations_numbers.tsv"


@cache
def shipped_numbers(path: Path = EXPLANATION_NUMBERS_PATH) -> dict[int, tuple[str, str, str]]:
    """``data/explanations_numbers.tsv``: entry position of document 003 → (number, status, start of text).

    Raises:
        ValueError: naming the line, for a row without 4 columns or a status other than aligned/uncertain.
    """
    out: dict[int, tuple[str, str, str]] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    body = [(n, line) for n, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")]
    for n, line in body[1:]:
        cols = line.split("\t")
        if len(cols) != 4 or cols[2] not in ("aligned", "uncertain") or not cols[0].isdigit():
            raise ValueError(f"explanations_numbers.tsv Zeile {n}: position, number, aligned|uncertain, start erwartet")
        out[int(cols[0])] = (cols[1], cols[2], cols[3].strip())
    return out


def shipped_number(shipped: dict[int, tuple[str, str, str]], position: int, text: str) -> tuple[str | None, str | None]:
    """``(number, guess)`` of entry ``position`` from the shipped table, (None, None) when the entry's text no
    longer starts as recorded (document 003 changed)."""
    row = shipped.get(position)
    if row is None or " ".join(text.split())[:30].strip() != row[2]:
        return None, None
    return (row[0], None) if row[1] == "aligned" else (None, row[0])


async def catalog(store: Store) -> RuleCatalog:
    """The rule catalogue of ``store`` (read on first use, then from memory)."""
    return await memo(store, "rules", lambda: _load(store))


def parse_number(text: str) -> str | None:
    """The rule number in ``text`` as printed (``"Regel 104.3F."`` → ``"104.3f"``), or None."""
    m = RULE_NUMBER.match(clean(text))
    if m is None:
        return None
    section, rule, letter = m.groups()
    return section + (f".{rule}" if rule else "") + ((letter or "").lower())


def is_child(number: str, parent: str) -> bool:
    """True when ``number`` is a subrule of ``parent``: 701.19a of 701.19, 104.3 and 104.3f of 104."""
    if "." in parent:
        return re.fullmatch(re.escape(parent) + r"[a-z]", number) is not None
    return number.startswith(parent + ".")


def printed_under(cat: RuleCatalog, heading: QuotedRule) -> list[QuotedRule]:
    """Rules printed after a heading in the same section up to the next heading, as in the document.

    Keeps typos visible: the Ravnica FAQ prints 502.32a under the heading 502.46 (Einberufen).
    """
    same = [q for q in cat.quoted if q.document.id == heading.document.id and q.mechanic_id == heading.mechanic_id]
    out: list[QuotedRule] = []
    for q in same:
        if q.position <= heading.position:
            continue
        if not re.search(r"[a-z]$", q.number):
            break
        out.append(q)
    return out


def _rule_block(q: QuotedRule, note: str = "") -> str:
    head = f"**{q.number}**" + (f" **{q.title}**" if q.title else "") + note
    parts = [f"{head} {q.text}".strip()]
    parts += [f"_Beispiel:_ {ex}" for ex in q.examples]
    return "\n".join(parts)


def _source(doc: DocumentRecord) -> str:
    date = format_date(doc.date)
    return doc.title + (f" ({date})" if date else "")


def _see_also_actions(cat: RuleCatalog, numbers: list[str] | tuple[str, ...]) -> list[Action]:
    known = cat.numbers() | cat.cr_numbers
    actions = []
    for n in dict.fromkeys(numbers):
        label = f"Siehe {n}" if n in known or any(is_child(k, n) for k in known) else f"Siehe {n} (nicht enthalten)"
        actions.append(Action(label=label, action="rule", arg=n))
    return actions


def side_by_side(rules: list[QuotedRule]) -> list[Field]:
    """German and English texts of the same numbers as inline field pairs (third column empty)."""
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
            fields.append(Field(name=f"{number} ({_LANGUAGE[lang]})", value=value or "—", inline=True))
        fields.append(Field(name="\u200b", value="\u200b", inline=True))
    return fields


def mentions(cat: RuleCatalog, number: str) -> list[Explanation]:
    """Explanations that refer to ``number`` in a ``Siehe auch`` trailer or in their text."""
    pattern = re.compile(r"(?<![\d.])" + re.escape(number) + r"(?![\w.]\w)")
    return [e for e in cat.explanations if number in e.see_also or pattern.search(e.text)]


async def rule_reply(ctx: AnswerContext, number: str) -> Reply:
    """The answer for a rule number: the rule, its subrules, its document; German and English side by side.

    Raises:
        UserError: no document quotes the rule and none mentions it (German message with the
            numbers that are in the store).
    """
    cat = await catalog(ctx.store)
    exact = [q for q in cat.quoted if q.number == number]
    children = [q for q in cat.quoted if is_child(q.number, number)]
    under: list[QuotedRule] = []
    for heading in exact:
        if heading.text:
            continue  # only a pure heading ("502.46 Einberufen") has rules printed under it
        under += [q for q in printed_under(cat, heading) if q not in children and q not in under]
    explained = [
        e for e in cat.explanations
        if e.shown_number and (e.shown_number == number or is_child(e.shown_number, number))
    ]
    rules = exact + children + under
    rules.sort(key=lambda q: (q.document.id, q.position))
    if not rules and not explained:
        return _not_in_store(cat, number)
    title = f"Regel {number}"
    shown_children = sorted({q.number for q in children})
    if shown_children:
        title += (
            f" mit {shown_children[0]}–{shown_children[-1]}" if len(shown_children) > 1 else f" mit {shown_children[0]}"
        )
    pages: list[Page] = []
    actions: list[Action] = []
    docs: dict[str, None] = {}
    by_doc: dict[int, list[QuotedRule]] = {}
    for q in rules:
        by_doc.setdefault(q.document.id, []).append(q)
    for group in by_doc.values():
        doc = group[0].document
        docs[doc.title] = None
        languages = {q.language for q in group}
        if len(languages) > 1:
            pages.append(Page(title=title, body=f"Quelle: {_source(doc)}", fields=side_by_side(group)))
        else:
            blocks = [_rule_block(q, " _(so gedruckt, unter der Überschrift)_" if q in under else "") for q in group]
            pages.append(Page(title=title, body="\n\n".join(blocks) + f"\n\n_Quelle: {_source(doc)}_"))
        sections = {q.mechanic_id: q.mechanic for q in group if q.mechanic_id is not None}
        for mechanic_id, mechanic in sections.items():
            actions.append(Action(label=f"Mechanik: {mechanic}", action="mechanic", arg=str(mechanic_id)))
        actions += _see_also_actions(cat, [n for q in group for n in q.see_also])
    for e in explained:
        docs[e.document.title] = None
        pages.append(explanation_page(e))
        actions += _see_also_actions(cat, e.see_also)
    # A button never points to the rule this answer is about.
    actions = [a for a in _dedupe(actions) if not (a.action in ("rule", "cr_rule") and a.arg == number)]
    return Reply(pages=pages, source=" · ".join(docs), actions=actions[:20])


def _dedupe(actions: list[Action]) -> list[Action]:
    seen: dict[tuple[str, str], Action] = {}
    for a in actions:
        seen.setdefault((a.action, a.arg), a)
    return list(seen.values())


def _not_in_store(cat: RuleCatalog, number: str) -> Reply:
    """Plain German answer for a number without rule text: a misprinted subrule printed under its heading
    (502.46a is printed as 502.32a in the Ravnica FAQ), where it is mentioned, or an error."""
    misprint = _misprinted_as(cat, number)
    if misprint is not None:
        heading, q = misprint
        body = (
            f"Im Dokument ist Regel {number} als **{q.number}** gedruckt (Druckfehler unter der Überschrift "
            f"{heading.number}{' ' + heading.title if heading.title else ''}; die Nummer bleibt wie gedruckt).\n\n"
            + _rule_block(q)
        )
        return Reply(
            pages=[Page(title=f"Regel {number} (gedruckt als {q.number})", body=body)],
            source=_source(q.document),
            date=q.document.date,
        )
    found = mentions(cat, number)
    if not found:
        known = ", ".join(sorted(cat.numbers(), key=_number_key))
        nearest = nearest_numbers(cat.numbers(), number)
        raise UserError(
            f"Regel {number} nicht gefunden",
            f"Kein Dokument des Bots enthält oder zitiert diese Regel. Enthaltene Regelnummern: {known}.\n"
            "Für Stichwörter: `/regel suche: Startspieler`.\nMeintest du eine der nächstgelegenen Regeln?",
            choices=[Action(label=f"Regel {n}", action="rule", arg=n) for n in nearest],
        )
    lines = [
        f"Der Wortlaut von Regel {number} steht in keinem Dokument des Bots. "
        f"Die Regelerklärung (Dokument 003) verweist an {_stellen(len(found))} darauf:"
    ]
    lines += [f"• **{e.label}**: {_short(e.text, 180)}" for e in found]
    actions = [Action(label=_short(e.label, 80), action="rulex", arg=str(e.id)) for e in found[:20]]
    return Reply(
        pages=[Page(title=f"Regel {number}: nicht enthalten", body="\n".join(lines))],
        source=found[0].document.title,
        actions=actions,
    )


def _misprinted_as(cat: RuleCatalog, number: str) -> tuple[QuotedRule, QuotedRule] | None:
    """For ``502.46a``: the heading 502.46 and the subrule printed under it with letter ``a`` but another
    number (``502.32a``), or None."""
    m = re.fullmatch(r"(\d+\.\d+)([a-z])", number)
    if m is None:
        return None
    for heading in (q for q in cat.quoted if q.number == m.group(1)):
        for q in printed_under(cat, heading):
            if q.number.endswith(m.group(2)) and q.number != number and not q.number.startswith(m.group(1)):
                return heading, q
    return None


def nearest_numbers(numbers: set[str], number: str, limit: int = 25) -> list[str]:
    """Up to ``limit`` of ``numbers`` nearest to ``number`` in rule order, in rule order: those of the same
    section (``502.…`` for 502.99) first, then the closest sections (999.1 → 701.19c, 701.19b, …)."""
    target = _number_key(number)

    def distance(n: str) -> tuple[int, int, int]:
        key = _number_key(n)
        return (abs(key[0] - target[0]), abs(key[1] - target[1]), abs(ord(key[2] or "`") - ord(target[2] or "`")))

    return sorted(sorted(numbers, key=distance)[:limit], key=_number_key)


def _stellen(count: int) -> str:
    """``1`` → ``"1 Stelle"``, ``3`` → ``"3 Stellen"``."""
    return f"{count} Stelle" if count == 1 else f"{count} Stellen"


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _number_key(number: str) -> tuple[int, int, str]:
    m = re.match(r"(\d+)(?:\.(\d+))?([a-z]?)", number)
    assert m is not None
    return int(m.group(1)), int(m.group(2) or 0), m.group(3)


def explanation_page(e: Explanation) -> Page:
    """One explanation entry: text, examples, English terms and its references."""
    parts = [e.text]
    parts += [f"_Beispiel:_ {ex}" for ex in e.examples]
    fields = []
    if e.terms:
        fields.append(Field(name="Begriffe (englisch)", value=", ".join(e.terms), inline=True))
    if e.see_also:
        fields.append(Field(name="Siehe auch", value=", ".join(e.see_also), inline=True))
    return Page(title=e.label, body="\n\n".join(parts), fields=fields)


async def explanation_reply(ctx: AnswerContext, explanation_id: int) -> Reply:
    """An explanation with buttons to its ``Siehe auch`` rules and to its neighbours in rule order.

    Raises:
        UserError: no such explanation (the store was rebuilt since the button was made).
    """
    cat = await catalog(ctx.store)
    e = cat.explanation(explanation_id)
    if e is None:
        raise UserError("Regelerklärung nicht gefunden", "Zu diesem Knopf gibt es keine Erklärung (mehr).")
    actions = _see_also_actions(cat, e.see_also)
    index = cat.explanations.index(e)
    if index > 0:
        actions.append(Action(label="Vorige Erklärung", action="rulex", arg=str(cat.explanations[index - 1].id)))
    if index + 1 < len(cat.explanations):
        actions.append(Action(label="Nächste Erklärung", action="rulex", arg=str(cat.explanations[index + 1].id)))
    return Reply(pages=[explanation_page(e)], source=e.document.title, date=e.document.date, actions=actions)


# --- keyword search --------------------------------------------------------------------------

_SEARCH_SQL = """
SELECT rowid, snippet(rules_fts, -1, ?, ?, ?, 18) FROM rules_fts WHERE rules_fts MATCH ?
ORDER BY bm25(rules_fts, 5.0, 3.0, 1.0, 0.7, 2.0), rowid LIMIT ?
"""
_TRIGRAM_SQL = """
SELECT rowid, snippet(rules_trigram, 0, ?, ?, ?, 18) FROM rules_trigram WHERE rules_trigram MATCH ?
ORDER BY bm25(rules_trigram), rowid LIMIT ?
"""


async def search_rules(ctx: AnswerContext, text: str) -> tuple[list[tuple[QuotedRule | Explanation, str]], str]:
    """Keyword search over quoted rules and explanations: ``([(rule or explanation, snippet)], mode)``.

    ``mode`` as in :class:`bot.answers.rulings.SearchResult` (``all``, ``any``, ``part``, ``none``).
    """
    query = build_query(text)
    if query is None:
        return [], "none"
    cat = await catalog(ctx.store)
    quoted = {q.id: q for q in cat.quoted}
    explained = {e.id: e for e in cat.explanations}
    for mode, match in query.attempts():
        sql = _TRIGRAM_SQL if mode == "part" else _SEARCH_SQL
        rows = await fts_rows(ctx.store, sql, (*HIGHLIGHT, ELLIPSIS, match, MAX_HITS))
        hits: list[tuple[QuotedRule | Explanation, str]] = []
        for rowid, snippet in rows:
            item = quoted.get(rowid // 2) if rowid % 2 == 0 else explained.get(rowid // 2)
            if item is not None:
                hits.append((item, tidy_snippet(snippet)))
        if hits:
            return hits, mode
    return [], "none"


def _hit_block(item: QuotedRule | Explanation, snippet: str) -> str:
    if isinstance(item, QuotedRule):
        head = f"**{item.number}**" + (f" {item.title}" if item.title else "")
        return f"{head} · _{_source(item.document)}_\n{snippet}"
    extra = f" · Begriffe: {', '.join(item.terms)}" if item.terms else ""
    return f"**{item.label}**{extra}\n{snippet}"


async def keyword_reply(ctx: AnswerContext, text: str) -> Reply:
    """The answer for keywords: ranked hits with snippets, buttons to the best ones.

    Raises:
        UserError: nothing found (German „Nichts gefunden“).
    """
    hits, mode = await search_rules(ctx, text)
    if not hits:
        raise nothing_found(text)
    shown = quote_user(text, 80)
    intro = f"{_stellen(len(hits))} in Regeln und Regelerklärungen für „{shown}“"
    if mode in MODE_NOTES:
        intro += "\n" + MODE_NOTES[mode]
    query = build_query(text)
    if query is not None:
        intro += "".join("\n" + line for line in query_notes(query))
    if len(hits) >= MAX_HITS:
        intro += f"\nNur die besten {MAX_HITS}; für mehr die Suche genauer fassen."
    blocks = [_hit_block(item, snippet) for item, snippet in hits]
    pages = hit_pages(f"Regeln zu „{shown}“", intro, blocks, HITS_PER_PAGE)
    for number, page in enumerate(pages):  # each page's buttons point to that page's hits
        page.actions = _hit_actions(hits[number * HITS_PER_PAGE : (number + 1) * HITS_PER_PAGE])
    docs = {item.document.title: None for item, _ in hits}
    return Reply(pages=pages, source=" · ".join(docs), actions=list(pages[0].actions or []))


def _hit_actions(hits: list[tuple[QuotedRule | Explanation, str]]) -> list[Action]:
    """Buttons to the first :data:`HIT_BUTTONS` rules / explanations of ``hits``."""
    actions = []
    for item, _snippet in hits[:HIT_BUTTONS]:
        if isinstance(item, QuotedRule):
            actions.append(Action(label=f"Regel {item.number}", action="rule", arg=item.number))
        else:
            actions.append(Action(label=item.label, action="rulex", arg=str(item.id)))
    return _dedupe(actions)


@answer("rule")
async def rule_answer(ctx: AnswerContext, query: str) -> Reply:
    """``/regel suche: …``: a rule number (``104.3f``, ``701.19``) or keywords.

    Raises:
        UserError: empty query, unknown number or nothing found (German).
    """
    if not clean(query):
        raise UserError("Bitte eine Regelnummer oder Stichwörter angeben", "Zum Beispiel: `/regel suche: 104.3f`")
    number = parse_number(query)
    if number is not None:  # a number a document cites: the document's meaning first (bot/answers/eras.py)
        cited = await cited_number(ctx, number)
        if cited is not None:
            return cited
    match = lookup(query) if number is None else None
    if match is not None and match.rank == ENGLISH and await ctx.store.cr_versions():
        match = None  # an English term: the official glossary answers it (bot.answers.official)
    if match is not None:
        # The term's rule first (by meaning), then the documents' full-text hits for the query.
        reply = await term_reply(ctx, match)
        try:
            found = await keyword_reply(ctx, query)
        except UserError:
            return reply
        reply.pages += found.pages  # they keep their own buttons (page.actions)
        reply.source = " · ".join(dict.fromkeys(s for s in (reply.source, found.source) if s))
        return reply

    async def documents() -> Reply:
        return await rule_reply(ctx, number) if number is not None else await keyword_reply(ctx, query)

    # With the Comprehensive Rules in the store (build --cr) the official answer comes first and the
    # documents' answer follows (bot/answers/official.py); without them this is the documents' answer.
    return await rule_with_documents(ctx, query, documents)


@action("rule")
async def rule_action(ctx: AnswerContext, arg: str) -> Reply:
    """Button ``rb:rule:<number>``: the rule, or a plain note that no document holds it."""
    number = parse_number(arg)
    if number is None:
        raise UserError("Ungültige Regelnummer", f"„{quote_user(arg, 40)}“ ist keine Regelnummer.")
    cited = await cited_number(ctx, number)
    if cited is not None:
        return cited
    return await rule_with_documents(ctx, number, lambda: rule_reply(ctx, number))


async def cited_number(ctx: AnswerContext, number: str) -> Reply | None:
    """The era answer (:func:`bot.answers.eras.cited_number_reply`) for a number a document prints, also
    when it is asked for as meant (502.46a, printed as 502.32a under the heading 502.46); else None."""
    cited = await cited_number_reply(ctx, number, lambda: rule_reply(ctx, number))
    if cited is None:
        misprint = _misprinted_as(await catalog(ctx.store), number)
        if misprint is not None:
            cited = await cited_number_reply(ctx, misprint[1].number, lambda: rule_reply(ctx, number))
    return cited


@action("rulex")
async def explanation_action(ctx: AnswerContext, arg: str) -> Reply:
    """Button ``rb:rulex:<explanation id>``: one entry of the rules explanation (003)."""
    explanation_id = parse_id(arg)
    if explanation_id is None:
        raise UserError("Regelerklärung nicht gefunden", "Ungültiger Knopf.")
    return await explanation_reply(ctx, explanation_id)


@completer("rule_queries")
async def rule_queries(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete for ``/regel suche``: rule numbers, German terms of the term table (``tram`` →
    „Trampelschaden – Regel 702.19“, also by old and English names), headings and English glossary terms, then the
    Comprehensive Rules' numbers, glossary terms and German keywords (when the store has a CR).

    A number prefix lists matching numbers (with the start of their text); words list headings and
    terms whose words start with them; free text is offered as a search of its own first.
    """
    cat = await catalog(ctx.store)
    typed = clean(current)[:100]
    choices: dict[str, Choice] = {}
    if typed[:1] in set("0123456789"):
        prefix = typed.lower().rstrip(".")
        eras = (await era_index(ctx)).cited
        for q in sorted(cat.quoted, key=lambda q: _number_key(q.number)):
            if q.number.startswith(prefix) and q.number not in choices:
                today = next((c.today for c in eras.get(q.number, []) if c.today), None)
                label = f"{q.number}" + (f" (heute {today})" if today else "") + f" – {q.title or q.text}"
                choices[q.number] = Choice(name=_short(label, 100), value=q.number)
        for e in cat.explanations:  # numbers aligned by issue 6, if any
            if e.number and e.number.startswith(prefix) and e.number not in choices:
                choices[e.number] = Choice(name=_short(f"{e.number} – {e.text}", 100), value=e.number)
        mentioned = sorted({n for e in cat.explanations for n in e.see_also}, key=_number_key)
        for n in mentioned:
            if n.startswith(prefix) and n not in choices:
                choices[n] = Choice(name=f"{n} – erwähnt in der Regelerklärung", value=n)
        return merge_choices(list(choices.values()), await cr_rule_choices(ctx, current))
    words = tokens(typed)
    if typed:
        choices[typed] = Choice(name=_short(f"Suche: {typed}", 100), value=typed)
    for term, name, _rank in term_index().complete(words):  # German terms of the term table, by any name
        label = term.german if name == term.german else f"{term.german} ({name})"
        choices.setdefault(term.german, Choice(name=_short(f"{label} – Regel {term.rule}", 100), value=term.german))
    entries = [(f"{q.number} {q.title}", q.number) for q in cat.quoted if q.title]
    entries += [(term, term) for e in cat.explanations for term in e.terms]
    for label, value in entries:
        label_words = tokens(label)
        if all(any(w.startswith(t) for w in label_words) for t in words) and value not in choices:
            choices[value] = Choice(name=_short(label, 100), value=value)
    return merge_choices(list(choices.values()), await cr_rule_choices(ctx, current))


__all__ = ["Explanation", "QuotedRule", "RuleCatalog", "catalog", "parse_number"]
