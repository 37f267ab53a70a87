"""Hostile input against every command and every autocomplete, through the answer layer.

For each command the bot has (discovered from the command table, so new commands join by
themselves), hypothesis draws option values from hostile strings and arbitrary text; every call
must return a reply (never raise) whose every page fits Discord's limits. Examples per command:
500 new ones per run (in CI too) plus the failures saved in hypothesis's example database, 20 000 with
``pytest --slow``.
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.answers import run_answer, run_completer
from bot.answers.chat import inline_replies
from bot.commands import PRIVATE, TABLE, Kind
from bot.config import Settings
from bot.core import Core
from bot.page_fit import fit_pages
from bot.render import payload
from bot.reply import CHOICE_NAME_MAX, CHOICE_VALUE_MAX, CHOICES_MAX, Reply, as_private
from tests.test_render import assert_within_limits

HOSTILE = [
    '"',
    '""',
    "*",
    "NEAR(",
    "NEAR(a b",
    "a OR b",
    "OR",
    "AND NOT",
    "-",
    "-foo",
    "(",
    "((a)",
    ")",
    "^",
    "col:val",
    "'; DROP TABLE cards; --",
    "' OR '1'='1",
    "Robert'); DELETE FROM rulings;--",
    "x" * 10_000,
    "Boros-Rekrut " * 800,
    "\x00",
    "Bor\x00os",
    "Boros\u200d-Rekrut",
    "\u200b\u200c\u200d\ufeff",
    "\u202eturkeR-sorob",
    "\u05e9\u05dc\u05d5\u05dd",
    "U\u0308berstimmen",
    "🂡🔥🧙‍♂️",
    "   ",
    "\t\n",
    "",
    "{",
    "{Q/Z}",
    "{W/W}",
    "{X}{X}{11}{2/W}{W/P}{G/U/P}{S}",
    "0:17 1:4 2:8 3:6 4:3",
    "0:-1",
    "99999999999999999999:1",
    "701.19c",
    "999.999z",
    "1e308",
    "NaN",
    "%",
    "_",
    "\\",
    "Forschung // Entwicklung",
    "//",
    "/",
]

text = st.one_of(
    st.sampled_from(HOSTILE), st.text(max_size=300), st.text(alphabet="{}/WUBRGCXSP0123456789 :,", max_size=60)
)


@pytest.fixture(scope="module")
def harness(built_db, tmp_path_factory):
    """The open core (no Discord) on its own event loop: the loop, the answer context and the command table."""
    loop = asyncio.new_event_loop()
    core = Core(
        Settings(
            token="", dev_guild_id=None, db_path=built_db, state_dir=tmp_path_factory.mktemp("st"), log_level="INFO"
        )
    )
    loop.run_until_complete(core.open(TABLE.warm))
    yield loop, core.context, TABLE
    loop.run_until_complete(core.close())
    loop.close()


def check_reply(reply: Reply) -> None:
    assert isinstance(reply, Reply)
    pages = fit_pages(reply.pages)
    for i in range(len(pages)):
        assert_within_limits(payload(reply, i))


def value_for(option, data):
    if option.choices:
        return data.draw(st.sampled_from([c.value for c in option.choices]))
    if option.kind is Kind.INTEGER:
        return data.draw(st.integers(min_value=-(2**53), max_value=2**53))
    if option.kind is Kind.NUMBER:
        return data.draw(st.floats(allow_nan=False, allow_infinity=False))
    if option.kind is Kind.BOOLEAN:
        return data.draw(st.booleans())
    return data.draw(text)


def test_every_command_survives_hostile_input(harness, request):
    loop, ctx, table = harness
    examples = request.config.getoption("--fuzz-examples")
    assert table.leaves
    assert ("ask",) in {leaf.path for leaf in table.leaves}  # /frage: free questions up to 6 000 characters

    def fuzz_command(leaf):
        @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
        @given(data=st.data())
        def run(data):
            kwargs = {}
            for option in leaf.command.all_options:
                if option.required or data.draw(st.booleans()):
                    kwargs[option.param] = value_for(option, data)
            private = kwargs.pop(PRIVATE.param, False)  # every command's option, handled around the answer
            reply = loop.run_until_complete(run_answer(ctx, leaf.command.answer, **kwargs))
            check_reply(as_private(reply) if private else reply)

        return run

    for leaf in sorted(table.leaves, key=lambda leaf: leaf.path):
        try:
            fuzz_command(leaf)()
        except Exception as exc:
            raise AssertionError(f"/{' '.join(leaf.path)} failed on hostile input") from exc


def test_every_autocomplete_survives_hostile_input(harness, request):
    loop, ctx, table = harness
    examples = request.config.getoption("--fuzz-examples")
    keys = sorted({o.completer for leaf in table.leaves for o in leaf.command.all_options if o.completer},
                  key=lambda fn: fn.__qualname__)
    assert keys

    def fuzz_completer(key):
        @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
        @given(current=text)
        def run(current):
            choices = loop.run_until_complete(run_completer(ctx, key, current))
            assert len(choices) <= CHOICES_MAX
            for c in choices:
                assert 0 < len(c.name) <= CHOICE_NAME_MAX and len(c.value) <= CHOICE_VALUE_MAX

        return run

    for key in keys:
        fuzz_completer(key)()


def test_combining_accent_finds_the_same_card(harness):
    loop, ctx, _table = harness
    composed = loop.run_until_complete(run_answer(ctx, "card", name="Überstimmen"))
    decomposed = loop.run_until_complete(run_answer(ctx, "card", name="U\u0308berstimmen"))
    assert composed.pages[0].title == decomposed.pages[0].title == "Überstimmen"


def test_chat_answers_survive_hostile_messages(harness, request):
    """"Karten erklären" and the ``[[Karte]]`` answers on hostile message texts (brackets mixed in): valid
    replies within Discord's limits, never an exception."""
    loop, ctx, _table = harness
    message = st.one_of(
        text,
        st.lists(st.one_of(text, st.sampled_from(["[[", "]]", "|", "[[Boros-Rekrut]]", "|rulings]]"])), max_size=40)
        .map("".join),
    )

    @settings(max_examples=request.config.getoption("--fuzz-examples") // 4, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(content=message)
    def run(content):
        explained = loop.run_until_complete(run_answer(ctx, "explain_message", text=content))
        check_reply(as_private(explained))
        replies = loop.run_until_complete(inline_replies(ctx, content))
        assert len(replies) <= 5
        for reply in replies:
            check_reply(reply)

    run()
