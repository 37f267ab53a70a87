"""What the mana emojis cost the renderer: the Discord payload (``bot.render.message_payload``, every page) of
every card of the store, its rulings and the calculator cases of the shape test, rendered with every symbol as
an emoji (ids as ``sync`` writes them) or, for comparison, with the symbols as text. The answers are made once;
only the rendering is timed. Prints µs per payload (best and median of ``--rounds``), the pages and the
characters Discord counts in both modes.

    python bench/bench_emojis.py [--emojis on|off] [--rounds 5] [--repeat 20]

Whole processes side by side (start-up included): run it once with ``--emojis on`` and once with ``off``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot import mana_emoji  # noqa: E402
from bot.answers import AnswerContext, run_action, run_answer  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.mana_emoji import SYMBOLS, ManaEmojis  # noqa: E402
from bot.page_fit import fit_reply  # noqa: E402
from bot.render import embed_size, message_payload  # noqa: E402
from bot.reply import Reply  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402

CALCULATOR = [
    ("mana_info", {"cost": "{W/U}{U/B}{B/R}{R/G}{G/W}{W/B}{U/R}{B/G}{R/W}{G/U}"}),
    ("mana_pay", {"cost": "{S}{2/B}{X}", "pool": "{B*}{G}{G}{R}", "x": 1}),
    ("mana_pay", {"cost": "{2/W}{W/P}{W/U/P}" * 5, "pool": "WUBRGC" * 3}),
    ("mana_convoke", {"cost": "{W/U}{U/B}{B/R}{R/G}{G/W}" * 2 + "{3}", "creatures": "weiß-blau, schwarz, rot"}),
    ("mana_total", {"cost": "{W/U/P}{2/B}{C/R}{G/W}" * 3, "reduction": "{2/W}, {U/B}, {C/G}"}),
    ("mana_upkeep", {"cost": "{W} oder {U} oder {B} oder {R}", "counters": 100}),
]


async def replies(db: Path) -> list[Reply]:
    """Every card and its rulings, and the calculator cases, answered once."""
    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        out = []
        for (card_id,) in await store.fetchall("SELECT id FROM cards ORDER BY id"):
            out += [await run_action(ctx, "card", str(card_id)), await run_action(ctx, "rulings", str(card_id))]
        for key, options in CALCULATOR:
            out.append(await run_answer(ctx, key, **options))
        return out
    finally:
        await store.close()


def render_all(answers: list[Reply]) -> tuple[int, int]:
    """Render every page of every answer; (payloads, characters Discord counts)."""
    payloads = chars = 0
    for reply in answers:
        for page in range(len(fit_reply(reply))):
            chars += embed_size(message_payload(reply, page)["embeds"][0])
            payloads += 1
    return payloads, chars


def main() -> None:
    """Parse the options, answer once, time the rendering, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--emojis", choices=("on", "off"), default="on")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20, help="renderings of the whole set per round")
    args = parser.parse_args()
    db = Path("/tmp/regelbot-bench-emojis.sqlite3")
    if not db.is_file():
        build(db, DEFAULT_SOURCES)
    answers = asyncio.run(replies(db))
    if args.emojis == "on":
        mana_emoji.install(ManaEmojis({b: 1400000000000000000 + i for i, b in enumerate(SYMBOLS)}, 1))
    payloads, chars = render_all(answers)
    per_payload = []
    for _ in range(args.rounds):
        started = time.perf_counter()
        for _ in range(args.repeat):
            render_all(answers)
        per_payload.append((time.perf_counter() - started) / (args.repeat * payloads) * 1e6)
    print(f"emojis {args.emojis}: {len(answers)} answers, {payloads} payloads, {chars} characters counted by Discord")
    print(f"render per payload: best {min(per_payload):.1f} µs, median {statistics.median(per_payload):.1f} µs")


if __name__ == "__main__":
    main()
