"""The change register checked against the newest Comprehensive Rules of a build ("Right tomorrow").

The register (``data/changes.toml``) quotes in ``[cr]`` every rule it relies on, as the rules of its basis date
(``[review].cr_effective``, or a quote's own ``basis``) print it: the evidence of its ``[[change]]`` and
``[[term]]`` rows, every rule a "Heute" text cites and today's rule of every ``[[number]]`` row. Every
``build --cr`` compares each quote with the **newest** rules file given (:func:`check_rule`):

* ``unchanged`` — the rule of that number still contains the quoted text (curly quotes and spaces folded;
  ``…`` marks where the register cut the rule, each piece must be there);
* ``renumbered`` — the quoted text (or a heading's title) is now under another number, found by content: first
  verbatim, else the closest rule by rapidfuzz's ``partial_ratio`` when it is clearly ahead (≥
  :data:`MOVED_SCORE`, :data:`MARGIN` ahead of the runner-up and of the rule of the old number);
* ``changed`` — the rule of that number says something else but is still recognisably that rule (≥
  :data:`CHANGED_SCORE`);
* ``gone`` — no rule of the newest file says it any more.

A register row citing a rule that is not ``unchanged`` is "zu prüfen": one :class:`bot.model.RuleReview` per
(row, rule) goes into ``register_review`` with the old quote, the new official text and both dates, and
``build`` prints the rows (:func:`format_review`). Reviewing a row means updating the quote in ``[cr]`` (its new
text, and ``basis`` = the date of the rules it was checked against) and the numbers that cite it; the next
build finds the quote unchanged and the row is no longer listed.

Rules files of the register's own basis date are checked the same way; there a quote that is not found is a
defect of the register (listed as ``cr_differs`` / ``cr_missing``) rather than news, and a small test file of
that date lacks most rules, so only files newer than a quote's basis produce review rows.
"""

from __future__ import annotations

import dataclasses
import sqlite3
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from bot.importer.cr import CRDocument, CRRule
from bot.importer.register import Register, cited_in_today
from bot.model import REVIEW_LABELS, REVIEW_STATES, RuleReview
from bot.text import normalise_for_search

#: Score (0–100, rapidfuzz ``partial_ratio`` of the folded quote) the rule of the same number needs to count as
#: the same rule with a changed text; below it the number now holds another rule.
CHANGED_SCORE = 60.0
#: Score a rule under another number needs to count as the quoted rule moved there with a changed text.
MOVED_SCORE = 90.0
#: … and this much ahead of the runner-up and of the rule under the old number.
MARGIN = 5.0


#: One quoted rule compared with the newest rules: a :class:`bot.model.RuleReview` not yet tied to a register row
#: (``row_kind`` and ``row_key`` empty); ``state`` may be ``unchanged``.
RuleCheck = RuleReview


def _check(number: str, state: str, new_number: str | None, quote: str, new_text: str, basis: str,
           doc: CRDocument) -> RuleCheck:
    """A check of rule ``number`` against ``doc`` (its effective date as ``checked``)."""
    return RuleReview("", "", number, state, new_number, quote, new_text, basis, doc.effective)


@dataclass
class ReviewReport:
    """What :func:`review` found: the file and date checked against, every quoted rule's check, the reviews
    (one per register row and changed rule) and, per row, what it names (for ``build``'s listing)."""

    source: str
    checked: str
    rules: dict[str, RuleCheck] = field(default_factory=dict)
    reviews: list[RuleReview] = field(default_factory=list)
    affected: dict[tuple[str, str], str] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        """Quoted rules per state (every state of :data:`bot.model.REVIEW_STATES`, zeros included)."""
        out = {s: 0 for s in REVIEW_STATES}
        for check in self.rules.values():
            out[check.state] += 1
        return out

    def rows(self) -> list[tuple[str, str]]:
        """The register rows to review, ``(row_kind, row_key)`` in register order, each once."""
        return list(dict.fromkeys((r.row_kind, r.row_key) for r in self.reviews))


def fold(text: str) -> str:
    """Curly quotes straight, whitespace collapsed: how a quote is compared with the official text."""
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.split())


def pieces(quote: str) -> list[str]:
    """The folded parts of a quote between its ``…`` cuts: ``"… A … B …"`` → ``["A", "B"]``."""
    return [p.strip() for p in fold(quote).split("…") if p.strip()]


def _full(rule: CRRule) -> str:
    return fold(" ".join(filter(None, [rule.title or "", rule.text])))


def _is_heading(quote: str) -> bool:
    """A quote that is a heading rule's title (``"Clash"``): short, no sentence, no cut."""
    return "…" not in quote and len(quote) <= 60 and not quote.rstrip().endswith((".", ":", "”", '"'))


def _contains(rule: CRRule, parts: list[str]) -> bool:
    text = _full(rule)
    return all(p in text for p in parts)


def _closest(number: str, rules: list[CRRule]) -> CRRule:
    """Of several rules, the one whose number shares the longest start with ``number`` (same section first)."""

    def shared(rule: CRRule) -> int:
        return next((i for i, (a, b) in enumerate(zip(rule.number, number, strict=False)) if a != b),
                    min(len(rule.number), len(number)))

    return max(rules, key=shared)


def _heading(number: str, quote: str, doc: CRDocument, basis: str) -> RuleCheck:
    """A heading (``701.30`` = ``"Clash"``): found by its title; another title under that number means gone."""
    title = normalise_for_search(quote)
    same = doc.get(number)
    if same is not None and normalise_for_search(same.title or "") == title:
        return _check(number, "unchanged", number, quote, same.title or "", basis, doc)
    hits = [r for r in doc.rules if r.title and normalise_for_search(r.title) == title and r.kind != "chapter"]
    if hits:
        hit = _closest(number, hits)
        return _check(number, "renumbered", hit.number, quote, hit.title or "", basis, doc)
    return _check(number, "gone", None, quote, "", basis, doc)


def _by_similarity(number: str, quote: str, doc: CRDocument, basis: str) -> RuleCheck:
    """Neither the rule of that number nor any other contains the quote: the closest rule by text decides."""
    wanted = " ".join(pieces(quote))
    pool = [r for r in doc.rules if r.kind in ("rule", "subrule") and not r.title]
    texts = [fold(r.text) for r in pool]
    found = process.extract(wanted, texts, scorer=fuzz.partial_ratio, limit=3)
    same = doc.get(number)
    same_score = fuzz.partial_ratio(wanted, _full(same)) if same is not None else 0.0
    others = [(score, pool[i]) for _t, score, i in found if pool[i].number != number]
    if others:
        best_score, best = others[0]
        runner = max([others[1][0] if len(others) > 1 else 0.0, same_score])
        if best_score >= MOVED_SCORE and best_score - runner >= MARGIN:
            return _check(number, "renumbered", best.number, quote, best.text, basis, doc)
    if same is not None and same_score >= CHANGED_SCORE:
        return _check(number, "changed", number, quote, same.text, basis, doc)
    return _check(number, "gone", None, quote, "", basis, doc)


def check_rule(number: str, quote: str, doc: CRDocument, basis: str = "") -> RuleCheck:
    """Compare the register's ``quote`` of rule ``number`` with ``doc`` (see the module doc for the states).

    ``basis`` is the ISO date the quote rests on (kept in the result). Never raises.
    """
    if _is_heading(quote):
        return _heading(number, quote, doc, basis)
    parts = pieces(quote)
    same = doc.get(number)
    if same is not None and _contains(same, parts):
        return _check(number, "unchanged", number, quote, same.text, basis, doc)
    hits = [r for r in doc.rules if r.kind in ("rule", "subrule") and _contains(r, parts)]
    if hits:
        hit = _closest(number, hits)
        return _check(number, "renumbered", hit.number, quote, hit.text, basis, doc)
    return _by_similarity(number, quote, doc, basis)


def cited_rules(register: Register) -> dict[tuple[str, str], list[str]]:
    """Per register row ``(row_kind, row_key)`` the quoted rules it rests on, in order: a change's evidence and
    the rules its "Heute" text cites, a term's evidence, a ``[[number]]`` row's today's rule; a quote of ``[cr]``
    no row cites is a row of its own, ``("rule", number)`` (the calculators' rules of :mod:`bot.rules.cite`,
    today's rule under a number the documents use otherwise)."""
    out: dict[tuple[str, str], list[str]] = {}
    for change in register.changes:
        numbers = [e[3:] for e in change.evidence if e.startswith("CR ")] + cited_in_today(change.today)
        out[("change", change.key)] = [n for n in dict.fromkeys(numbers) if n in register.cr]
    for term in register.terms.values():
        out[("term", term.key)] = [e[3:] for e in term.evidence if e.startswith("CR ")]
    for row in register.numbers:
        out[("number", row.key)] = [row.today] if row.today else []
    cited = {n for numbers in out.values() for n in numbers}
    for number in register.cr:  # a quote no row cites (the calculators' rules, today's rule under an old number)
        if number not in cited:
            out[("rule", number)] = [number]
    return {k: v for k, v in out.items() if v}


def _affected(register: Register, terms: dict[str, tuple[tuple[str, ...], str, int]]) -> dict[tuple[str, str], str]:
    """Per register row the entries it names, as ``build`` lists them: ``"001:2063 Falls ein Effekt …"``."""
    out: dict[tuple[str, str], str] = {}
    for change in register.changes:
        out[("change", change.key)] = "; ".join(f"{e.label} {e.quote}".strip() for e in change.entries)
    tagged: dict[str, int] = {}
    for keys, _note, _line in terms.values():
        for key in keys:
            tagged[key] = tagged.get(key, 0) + 1
    for term in register.terms.values():
        out[("term", term.key)] = f"„{term.old}“ → „{term.new}“ in {tagged.get(term.key, 0)} Einträgen"
    for row in register.numbers:
        out[("number", row.key)] = f"Dokument {row.document} zitiert {row.number}"
    for number in register.cr:
        out[("rule", number)] = "Zitat in [cr] (Rechner /mana, /fehde oder heutige Regel unter alter Nummer)"
    return out


def review(
    register: Register, crs: Iterable[CRDocument], terms: dict[str, tuple[tuple[str, ...], str, int]] | None = None,
) -> ReviewReport | None:
    """Check every quoted rule of ``register`` against the newest of ``crs``; None without a rules file.

    Quotes whose basis is the newest file's date are checked too, but only a newer file makes review rows
    (module doc). ``terms`` (``data/terms.tsv`` read) only feeds the listing of affected entries.
    """
    docs = list(crs)
    if not docs:
        return None
    newest = max(docs, key=lambda c: c.effective)
    report = ReviewReport(newest.source, newest.effective, affected=_affected(register, terms or {}))
    for number, quote in register.cr.items():
        report.rules[number] = check_rule(number, quote, newest, register.basis(number))
    for (row_kind, row_key), numbers in cited_rules(register).items():
        for number in numbers:
            c = report.rules[number]
            if c.state != "unchanged" and newest.effective > c.basis:
                report.reviews.append(dataclasses.replace(c, row_kind=row_kind, row_key=row_key))
    return report


def write_review(conn: sqlite3.Connection, report: ReviewReport | None) -> None:
    """Store the reviews in ``register_review`` and the date checked against in ``meta``
    (``review_checked``, ``review_source``; absent when no rules file was given)."""
    if report is None:
        return
    conn.executemany(
        "INSERT INTO register_review (row_kind, row_key, number, state, new_number, old_text, new_text, basis,"
        " checked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(r.row_kind, r.row_key, r.number, r.state, r.new_number, r.old_text, r.new_text, r.basis, r.checked)
         for r in report.reviews],
    )
    conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                     [("review_checked", report.checked), ("review_source", report.source)])


def _side_by_side(left: str, right: str, width: int = 56, indent: str = "      ") -> list[str]:
    """Two texts in two columns of ``width`` characters, ``│`` between them."""
    a = textwrap.wrap(left, width) or ["–"]
    b = textwrap.wrap(right, width) or ["–"]
    rows = max(len(a), len(b))
    a += [""] * (rows - len(a))
    b += [""] * (rows - len(b))
    return [f"{indent}{x.ljust(width)} │ {y}".rstrip() for x, y in zip(a, b, strict=True)]


def format_review(report: ReviewReport) -> str:
    """``build``'s lines: each changed rule with old and new text side by side and the rows and entries it
    affects, then one summary line (also when nothing is to review)."""
    lines: list[str] = []
    by_rule: dict[str, list[RuleReview]] = {}
    for r in report.reviews:
        by_rule.setdefault(r.number, []).append(r)
    for number, reviews in by_rule.items():
        c = report.rules[number]
        moved = f" → {c.new_number}" if c.state == "renumbered" else ""
        lines.append(f"  ZU PRÜFEN: Regel {number}{moved} ({REVIEW_LABELS[c.state]})")
        lines.append(f"      {('alt (' + c.basis + ')').ljust(56)} │ neu ({report.checked})")
        lines += _side_by_side(c.old_text, c.new_text or "(gibt es nicht mehr)")
        for r in reviews:
            what = report.affected.get((r.row_kind, r.row_key), "")
            lines.append(f"      betrifft [[{r.row_kind}]] {r.row_key}" + (f": {what}" if what else ""))
    counts = report.counts()
    rows = report.rows()
    changed = ", ".join(f"{counts[s]} {REVIEW_LABELS[s]}" for s in REVIEW_STATES[1:])
    lines.append(f"Register gegen {report.source} (Stand {report.checked}) geprüft: {len(report.rules)} zitierte "
                 f"Regeln, {counts['unchanged']} unverändert, {changed}; "
                 + (f"{len(rows)} Registerzeilen zu prüfen (data/changes.toml)." if rows
                    else "keine Registerzeile zu prüfen."))
    return "\n".join(lines)
