"""„Karten erklären“ on a message naming more cards than it explains: every card beyond those explained is named or
counted in the line „nicht erklärt: … und N weitere“ (bot/answers/chat.py: message_cards, left_out_line)."""

from __future__ import annotations

import re

from bot.answers import run_answer
from bot.answers.chat import EXPLAIN_MAX, explain_options, message_cards


async def test_forty_names_leave_thirty_cards_named_or_counted(ctx):
    names = sorted(ctx.names.card_names.values())[:40]
    text = " ".join(f"[[{name}]]" for name in names)
    found = message_cards(ctx, text)
    assert len(found.ids) == EXPLAIN_MAX and len(found.more) == 30  # before: 25 (the first 35 names read)
    reply = await run_answer(ctx, "explain_message", text=text)
    line = reply.pages[0].body.split("\n")[0]
    shown = re.findall(r"„([^“]+)“", line.split("nicht erklärt: ")[1].split(" und ")[0])
    counted = int(re.search(r" und (\d+) weitere\.", line).group(1))
    assert shown == names[EXPLAIN_MAX:EXPLAIN_MAX + len(shown)]
    assert len(shown) + counted == 30 and counted == 21  # 10 explained, 9 named, 21 counted: none vanishes
    assert explain_options(ctx, text)["more"].endswith("+21")


async def test_plain_names_beyond_the_first_thirty_five_are_counted_too(ctx):
    names = sorted(ctx.names.card_names.values())[:45]
    found = message_cards(ctx, ", ".join(names))
    assert len(found.ids) + len(found.more) == 45
