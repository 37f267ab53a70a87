"""Discord's limits kept with every mana symbol as an emoji (``<:mana_w_u_p:1400000000000000069>`` is 33
characters where ``{W/U/P}`` is 7): every card of the store and its rulings, every calculator case of the shape
test and the longest inputs the calculators take, each page rendered as Discord receives it — field values
≤ 1 024, description ≤ 4 096, ≤ 6 000 per message — with every symbol outside code spans an emoji, and
nothing lost on the way (the pages read back to the text form hold every symbol of the answer)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot import mana_emoji
from bot.answers import run_action, run_answer
from bot.mana_emoji import SYMBOLS, ManaEmojis, plain_text
from bot.page_fit import fit_reply
from bot.render import channel_payloads, payload
from bot.reply import EMBED_TITLE_MAX, Reply
from tests.answers.test_calculator_shape import CASES
from tests.test_render import assert_within_limits

IDS = {body: 1400000000000000000 + i for i, body in enumerate(SYMBOLS)}
#: A symbol of the catalogue written as text (outside code spans none may remain).
TEXT_SYMBOL = re.compile(r"\{(" + "|".join(re.escape(b) for b in SYMBOLS) + r")\}")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)

#: The longest cost a calculator takes (300 characters: bot/answers/calc_input.py) in its longest symbol.
LONGEST_COST = "{W/U/P}" * 42
LONGEST = [  # the calculators' largest answers, in the symbols that render longest
    ("mana_info", {"cost": LONGEST_COST}),
    ("mana_info", {"cost": "{G/U/P}{2/W}{C/B}{R/W}{X}{S}" * 10}),
    ("mana_pay", {"cost": LONGEST_COST, "pool": "WUBRG" * 12}),
    ("mana_pay", {"cost": "{W/U/P}{B/R/P}" * 21, "pool": "WUBRG" * 12, "life": 40}),
    ("mana_pay", {"cost": "{2/W}{2/U}{2/B}{2/R}{2/G}", "pool": "{C*}" * 40}),
    ("mana_convoke", {"cost": "{G/W}{W/U}{U/B}{B/R}{R/G}" * 4 + "{20}", "creatures": "5 weiß-blau, 5 schwarz-rot"}),
    ("mana_total", {"cost": LONGEST_COST}),  # 42 choices listed: about 30 000 characters on several pages
    ("mana_upkeep", {"cost": "{W/U/P} oder {2/B} oder {C/R}", "counters": 100}),
    ("mana_upkeep", {"cost": "{W/U/P}{W/U/P}{W/U/P}{W/U/P}", "counters": 100}),
]


@pytest.fixture(autouse=True)
def every_symbol_uploaded() -> Iterator[None]:
    before = mana_emoji.installed()
    mana_emoji.install(ManaEmojis(IDS, 1100000000000000001))
    try:
        yield
    finally:
        mana_emoji.install(before)


def plain_symbols(reply: Reply) -> list[str]:
    """Every symbol of the catalogue the answer writes outside code spans and titles (but a title too long
    for one, which the renderer gives in full at the top of the body), in order."""
    texts = [t for page in reply.pages
             for t in (page.title if len(page.title) > EMBED_TITLE_MAX else "", page.body,
                       *(f.value for f in page.fields))]
    return [m for text in texts for m in TEXT_SYMBOL.findall(CODE.sub("", text))]


def assert_shown_with_emojis(reply: Reply) -> None:
    """Every page within Discord's limits, every symbol an emoji, and read back, the same symbols in order."""
    pages = fit_reply(reply)
    seen: list[str] = []
    for index in range(len(pages)):
        message = payload(reply, index)
        assert_within_limits(message)
        (embed,) = message["embeds"]
        for text in [embed.get("description", ""), *(f["value"] for f in embed.get("fields", []))]:
            assert TEXT_SYMBOL.findall(CODE.sub("", text)) == [], text[:300]
            seen += TEXT_SYMBOL.findall(CODE.sub("", plain_text(text)))
    assert seen == plain_symbols(reply)


async def test_every_card_and_its_rulings(ctx):
    ids = [card_id for (card_id,) in await ctx.store.fetchall("SELECT id FROM cards ORDER BY id")]
    assert len(ids) > 250
    with_symbols = 0
    for card_id in ids:
        for action in ("card", "rulings"):
            reply = await run_action(ctx, action, str(card_id))
            assert_shown_with_emojis(reply)
            with_symbols += bool(plain_symbols(reply))
    assert with_symbols > 200  # the check saw symbols, not only cards without any


@pytest.mark.parametrize(("key", "options"), [(k, o) for k, o, _ in CASES] + LONGEST)
async def test_every_calculator_answer(ctx, key, options):
    reply = await run_answer(ctx, key, **options)
    assert not reply.error, reply.pages[0].body
    assert_shown_with_emojis(reply)


async def test_a_longest_cost_is_split_between_emojis_never_inside_one(ctx):
    reply = await run_answer(ctx, "mana_total", cost=LONGEST_COST)
    pieces = [text for page in fit_reply(reply) for text in (page.body, *(f.value for f in page.fields))]
    assert len(pieces) > 3
    whole = re.compile(r"<:mana_[a-z0-9_]+:[0-9]+>")
    for piece in pieces:  # after removing the whole emojis no part of one is left
        rest = whole.sub("", piece)
        assert "<:" not in rest and "mana_" not in rest, rest[:200]
    # the channel form ([[…]]: the first page of each answer) keeps the limits with the emojis too
    for message in channel_payloads([reply, reply]):
        assert_within_limits(message)
        assert "<:mana_w_u_p:" in message["embeds"][0]["description"]
