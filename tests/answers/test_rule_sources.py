"""Whether ``/regel suche`` answers a rule number, read without building its pages (bot/answers/rule_sources.py):
for every number the store's documents, 003, the register and the term table name, each one's parent and a subrule
no source has, the reading says what the answer itself says, on the documents' store and on a store built with two
Comprehensive Rules (701.19 of 2010 is 701.30 today)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.answers import AnswerContext, UserError
from bot.answers.eras import era_index
from bot.answers.rule_sources import CITED, DOCUMENTS, misprinted_as, rule_found, rule_refusal, rule_source
from bot.answers.rules import rule_action
from bot.importer import DEFAULT_SOURCES
from bot.rule_catalog import catalog, parse_number
from bot.search import NameIndex
from bot.store import Store
from bot.terms import term_index
from tests.answers.test_official import CARDS_V3, CR_2010, CR_2026
from tests.build_cache import BuildCache

#: A rule number as the documents print one (``702.19``, ``104.3f``).
NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")


async def _refused(ctx: AnswerContext, number: str) -> tuple[str, str, list[str]] | None:
    """What the rule search's answer says: None for a reply, else its refusal's title, body and choices."""
    try:
        await rule_action(ctx, number)
    except UserError as exc:
        return exc.title, exc.body, [c.arg for c in exc.choices]
    return None


async def _numbers(ctx: AnswerContext) -> list[str]:
    """Every number the store's sources name (quoted, explained, mentioned in 003's text, cited, in the register's
    rules, the term table's, the official rules'), each one's parent and a subrule ``z`` of each, and 999.9."""
    cat, index = await catalog(ctx.store), await era_index(ctx)
    named = {q.number for q in cat.quoted} | set(index.cited) | set(index.today.cr) | cat.cr_numbers
    named |= {n for e in cat.explanations for n in (e.number, e.shown_number, *e.see_also) if n}
    named |= {n for e in cat.explanations for n in NUMBER.findall(e.text)}
    named |= {t.rule for t in term_index().terms if t.rule}
    named |= {n.rstrip("abcdefghijklmnopqrstuvwxy") for n in named} | {n + "z" for n in named if n[-1].isdigit()}
    return sorted(n for n in named | {"999.9", "502.46a"} if parse_number(n) == n)


async def _agree(ctx: AnswerContext) -> dict[bool, int]:
    """How many numbers of :func:`_numbers` each reading finds and does not; red on the first that differs, or whose
    refusal (:func:`rule_refusal`) is not the one the answer raises."""
    counts = {True: 0, False: 0}
    for number in await _numbers(ctx):
        found, refusal = await rule_found(ctx, number), await rule_refusal(ctx, number)
        said = None if refusal is None else (refusal.title, refusal.body, [c.arg for c in refusal.choices])
        assert said == await _refused(ctx, number), number  # the same refusal, not only the same verdict
        assert found == (said is None), number
        counts[found] += 1
    return counts


async def test_the_reading_agrees_with_the_answer_on_the_documents_store(ctx: AnswerContext):
    """Seen red with each of the readings left out but 003's entries: the register's rules (today_sources, 102.3 the
    first found by them only), 003's mentions (107.3i), the documents' citations (409.1b); 003's entries decide on the
    store with the official rules (100.1a, aligned to them)."""
    counts = await _agree(ctx)
    assert counts[True] > 300 and counts[False] > 100, counts
    assert await rule_found(ctx, "701.30") and not await rule_found(ctx, "999.9")
    assert misprinted_as(await catalog(ctx.store), "502.46a") is not None and await rule_found(ctx, "502.46a")



@pytest.mark.parametrize(("number", "source"), [
    ("701.19", CITED),  # the clash article of 2007 cites it (its era answer)
    ("502.46a", CITED),  # cited as printed, 502.32a under the heading 502.46
    ("603.7a", DOCUMENTS),  # only 003's text names it
    ("702.19", None),  # Trampelschaden: today's rule the term table names (today_number_reply), no document quotes it
    ("999.9", None),
])
async def test_the_answer_s_source_is_the_one_order_read(ctx: AnswerContext, number: str, source: str | None):
    assert await rule_source(ctx, number) == source


#: A subrule of the 2026 fixture no other source of the store names (added to a copy of the fixture).
ONLY_OFFICIAL = "100.1b"


@pytest.fixture
async def official_ctx(build_cache: BuildCache, tmp_path: Path) -> AsyncIterator[AnswerContext]:
    """A store of the documents and the fixtures' two Comprehensive Rules, the 2026 one with :data:`ONLY_OFFICIAL`
    after 100.1a."""
    text = CR_2026.read_bytes()
    after = b"100.1a A two-player game is a game that begins with only two players.\r\r\n"
    assert after in text
    cr_2026 = tmp_path / CR_2026.name
    cr_2026.write_bytes(text.replace(after, after + b"\r\r\n100.1b A subrule only the official rules hold.\r\r\n"))
    db = tmp_path / "regelbot.sqlite3"
    build_cache.build(db, DEFAULT_SOURCES, cr_files=[CR_2010, cr_2026], card_files=[CARDS_V3])
    store = await Store.open(db)
    try:
        yield AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
    finally:
        await store.close()


async def test_the_reading_agrees_with_the_answer_on_a_store_with_the_official_rules(official_ctx: AnswerContext):
    """The fixtures' rules: 100.1–100.3 and 701.30 of 2026, 701.19 of 2010; :data:`ONLY_OFFICIAL` is found by them
    only (seen red with the official rules not read)."""
    counts = await _agree(official_ctx)
    assert counts[True] > 300 and counts[False] > 100, counts
    assert ONLY_OFFICIAL in (await catalog(official_ctx.store)).cr_numbers
    assert await rule_found(official_ctx, ONLY_OFFICIAL) and not await rule_found(official_ctx, "100.1z")
