"""The term table on the real Comprehensive Rules (2026-04-17): the term table against the CR, /regel top-1 with
``--cr``, and every page of every section and keyword rule starting with content.

Skipped cleanly without ../shared/reference (or $REGELBOT_REFERENCE). Figures printed with ``-s``.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.answers import AnswerContext, run_answer
from bot.answers.card_picks import card_names
from bot.importer.report import BuildReport
from bot.page_fit import fit_reply
from bot.render import buttons
from bot.terms import TERMS_PATH, parse_terms
from tests.german.queries import GERMAN_QUERIES
from tests.reference.conftest import answer_context

pytestmark = pytest.mark.reference

CR_2026 = "MagicCompRules_20260417.txt"
RAV = "mtgjson3_RAV.json"


def _cr_rules(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8-sig").replace("\r", "")
    out: dict[str, str] = {}
    for m in re.finditer(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (.*)$", text, re.M):
        out.setdefault(m.group(1), m.group(2).strip())
    return out


@pytest.fixture(scope="module")
def cr_db(full_store: tuple[Path, BuildReport]) -> tuple[Path, Path]:
    """The store with the 2026 rules as the current ones and the RAV cards (the run's shared reference store,
    tests/reference/conftest.full_store, which keeps the 2010 rules as history) and the 2026 rules file."""
    from tests.reference.conftest import reference_dir

    return full_store[0], reference_dir() / CR_2026


@pytest.fixture
async def crctx(cr_db) -> AsyncIterator[AnswerContext]:
    async with answer_context(cr_db[0]) as ctx:
        yield ctx


def test_every_keyword_rule_of_the_cr_is_in_the_table_with_its_number(cr_db):
    rules = _cr_rules(cr_db[1])
    terms = parse_terms(TERMS_PATH.read_text(encoding="utf-8"))
    keywords = {n: t for n, t in rules.items() if re.fullmatch(r"70[12]\.\d+", n) and n not in ("701.1", "702.1")}
    assert len(keywords) == 67 + 191
    table = {t.rule: t for t in terms if t.kind.startswith("keyword")}
    assert set(table) == set(keywords)
    for number, title in keywords.items():
        assert table[number].english == title, number
    for t in terms:
        assert t.rule in rules, (t.german, t.rule)


async def test_regel_top1_with_cr(crctx):
    right, wrong = 0, []
    for query, rule in GERMAN_QUERIES:
        reply = await run_answer(crctx, "rule", search=query)
        title = reply.pages[0].title
        if title.startswith(f"{rule} — ") or title == f"Regel {rule}":
            right += 1
        else:
            wrong.append((query, rule, title))
    share = right / len(GERMAN_QUERIES)
    print(f"\n/regel top-1 with --cr: {right}/{len(GERMAN_QUERIES)} = {share:.1%}; misses: {wrong}")
    assert share >= 0.95, wrong


async def test_every_page_of_sections_and_keyword_rules_starts_with_content(crctx, cr_db):
    """Issue: 61 of 147 sections and 17 of 192 keyword rules opened with an empty page."""
    rules = _cr_rules(cr_db[1])
    sections = [n for n in rules if re.fullmatch(r"\d{3}", n) and n[0] != "0"]
    keyword_rules = [n for n in rules if re.fullmatch(r"702\.\d+", n)]
    assert (len(sections), len(keyword_rules)) == (147, 192)
    empty_first, empty_pages = [], []
    for number in sections + keyword_rules:
        reply = await run_answer(crctx, "rule", search=number)
        if not reply.pages[0].body.strip() and not reply.pages[0].fields:
            empty_first.append(number)
        if any(not p.body.strip() and not p.fields for p in fit_reply(reply)):
            empty_pages.append(number)
    print(f"\nfirst page empty: {len(empty_first)}; any rendered page empty: {len(empty_pages)}")
    assert empty_first == [] and empty_pages == []
    listed = await run_answer(crctx, "rule", search="704")
    assert "**Unterregeln** (Wortlaut auf den nächsten Seiten):\n• **704.1** " in listed.pages[0].body


def test_shipped_explanation_numbers_match_a_fresh_alignment(cr_db):
    """data/explanations_numbers.tsv is what `build --cr` aligns today (number or guess, and status)."""
    import sqlite3

    from bot.answers.rules import shipped_numbers

    with sqlite3.connect(cr_db[0]) as conn:
        fresh = {
            pos: (number, status)
            for pos, number, status in conn.execute(
                "SELECT position, coalesce(number, number_guess), number_status FROM rule_explanations"
            )
        }
    assert {pos: (row[0], row[1]) for pos, row in shipped_numbers().items()} == fresh


async def test_cr_search_buttons_follow_the_page(crctx):
    from bot.render import payload

    reply = await run_answer(crctx, "rule", search="creature token copy")
    cr_pages = [i for i, p in enumerate(fit_reply(reply)) if p.title.startswith("Comprehensive Rules:")]
    assert len(cr_pages) >= 2
    first, second = (
        {c["custom_id"] for c in buttons(payload(reply, i)) if c["custom_id"].startswith("rb:cr_rule:")}
        for i in cr_pages[:2]
    )
    assert first and second and not first & second


async def test_card_autocomplete_german_first_with_the_english_hint(crctx):
    """Issue: after build --cards, "chor" listed "Akkord des Rufes" (Chord of Calling) first, without a hint."""
    from bot.answers import run_completer

    names = [c.name for c in await run_completer(crctx, card_names, "chor")]
    assert names[0] == "Chor des Konklave"
    assert "Akkord des Rufes (engl. Chord of Calling)" in names
