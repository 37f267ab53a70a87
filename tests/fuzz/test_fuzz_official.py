"""Hostile input against ``/rule`` with the Comprehensive Rules in the store, the CR answer
(official_rule_reply), its buttons and the rule autocomplete.

The generic command fuzzing runs on the default store (no CR); this runs on a store built with the CR
and MTGJSON fixtures. Every call returns a reply or raises UserError (which the registry turns into a
German reply); every reply fits Discord's limits.
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.answers import AnswerContext, UserError, run_action, run_answer, run_completer
from bot.answers.official import cr_rule_choices, official_rule_reply
from bot.answers.rules import rule_queries
from bot.importer import DEFAULT_SOURCES
from bot.reply import CHOICE_NAME_MAX, CHOICE_VALUE_MAX, CHOICES_MAX
from bot.search import NameIndex
from bot.store import Store
from tests.answers.test_official import CARDS_V3, CR_2010, CR_2026
from tests.build_cache import BuildCache
from tests.fuzz.test_fuzz_answers import check_reply, text

numbers = st.from_regex(r"\A(\d{1,3}(\.\d{1,3}[a-z]?)?\.?|regel \d{3}\.\d+)\Z")


@pytest.fixture(scope="module")
def harness(tmp_path_factory, build_cache: BuildCache):
    """An event loop and the answer context on the store with both rules files and the v3 card file (the store of
    tests/answers/test_official.py, built once per run for both: tests/build_cache.py)."""
    db = tmp_path_factory.mktemp("fuzzcr") / "regelbot.sqlite3"
    build_cache.build(db, DEFAULT_SOURCES, cr_files=[CR_2010, CR_2026], card_files=[CARDS_V3])
    loop = asyncio.new_event_loop()
    store = loop.run_until_complete(Store.open(db))
    names = loop.run_until_complete(store.name_entries())
    yield loop, AnswerContext(store=store, names=NameIndex.from_entries(names))
    loop.run_until_complete(store.close())
    loop.close()


def test_official_rule_reply_survives_hostile_input(harness, request):
    loop, ctx = harness

    @settings(max_examples=request.config.getoption("--fuzz-examples"), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(query=st.one_of(text, numbers))
    def run(query):
        try:
            reply = loop.run_until_complete(official_rule_reply(ctx, query))
        except UserError as exc:
            assert exc.title
            return
        assert reply is not None
        check_reply(reply)
        check_reply(loop.run_until_complete(run_answer(ctx, "rule", search=query)))

    run()


def test_buttons_and_autocomplete_survive_hostile_input(harness, request):
    loop, ctx = harness

    @settings(max_examples=request.config.getoption("--fuzz-examples"), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(arg=st.one_of(text, numbers))
    def run(arg):
        for key in ("cr_rule", "english"):
            check_reply(loop.run_until_complete(run_action(ctx, key, arg)))
        for fn in (cr_rule_choices, rule_queries):
            choices = loop.run_until_complete(run_completer(ctx, fn, arg))
            assert len(choices) <= CHOICES_MAX
            for c in choices:
                assert 0 < len(c.name) <= CHOICE_NAME_MAX and len(c.value) <= CHOICE_VALUE_MAX

    run()
