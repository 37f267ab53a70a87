"""The three doors side by side: the same bad options get the same German message through each of them.

The gateway is the real bot (``python -m bot run``) against the fake Discord; the HTTP endpoint is ``serve``'s
aiohttp application answering requests signed with Ed25519 over loopback; the console is ``python -m bot
console`` reading typed lines. All three check options with the command table's one checker
(:func:`bot.commands.check_options`), so each case below must give the same title and message in all of them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer
from fakediscord import STRING
from harness import ROOT, STANDIN, checked_test, running_bot
from nacl.signing import SigningKey

from bot.commands import TABLE
from bot.config import Settings
from bot.core import Core
from bot.serve import RestClient, make_app
from bot.serve_interactions import Interactions

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

INTEGER, BOOLEAN, SUBCOMMAND = 4, 5, 1


def sub(name: str, *options: tuple[str, int, object]) -> dict:
    """A subcommand option with its leaf options ``(name, type, value)``."""
    return {"name": name, "type": SUBCOMMAND, "options": [{"name": n, "type": t, "value": v} for n, t, v in options]}


PAY_X = "Option „x“: „{}“ passt nicht, erwartet: ganze Zahl von 0 bis 1000."
#: (case, the command as Discord sends it, the line typed in the console or None, title, message)
CASES = [
    ("an integer where text belongs",
     {"name": "mana", "options": [sub("pay", ("cost", INTEGER, 5), ("pool", STRING, "G"))]},
     None,  # typed, "5" is text: the console cannot send an integer to a text option
     "Ungültige Eingabe", "Option „kosten“: „5“ passt nicht, erwartet: Text."),
    ("a boolean where a count belongs",
     {"name": "mana", "options": [sub("upkeep", ("cost", STRING, "{W}"), ("counters", BOOLEAN, True))]},
     "/mana versorgung kosten: {W} marken: True",
     "Ungültige Eingabe", "Option „marken“: „True“ passt nicht, erwartet: ganze Zahl von 0 bis 1.000.000."),
    ("text where an integer belongs",
     {"name": "mana", "options": [sub("pay", ("cost", STRING, "{2}{R}"), ("pool", STRING, "RR"),
                                      ("x", STRING, "drei"))]},
     "/mana bezahlen kosten: {2}{R} vorrat: RR x: drei",
     "Ungültige Eingabe", PAY_X.format("drei")),
    ("a number outside its range",
     {"name": "mana", "options": [sub("pay", ("cost", STRING, "{X}{R}"), ("pool", STRING, "RR"),
                                      ("x", INTEGER, 5000))]},
     "/mana bezahlen kosten: {X}{R} vorrat: RR x: 5000",
     "Ungültige Eingabe", PAY_X.format("5000")),
    ("a value that is none of the choices",
     {"name": "clash", "options": [sub("reveal", ("card1", STRING, "Boros-Rekrut"), ("card2", STRING, "3"),
                                       ("rules", STRING, "1999"))]},
     "/fehde aufdecken karte1: Boros-Rekrut karte2: 3 regelstand: 1999",
     "Ungültige Eingabe", "Option „regelstand“: „1999“ passt nicht, erwartet: eine der Auswahlen: heute, 2007."),
    ("an unknown option",
     {"name": "rule", "options": [{"name": "search", "type": STRING, "value": "701.19"},
                                  {"name": "nummer", "type": STRING, "value": "1"}]},
     "/regel nummer: 1 suche: 701.19",  # typed where an option name stands (after "suche:" it would be search text)
     "Unbekannte Option", "Unbekannte Option „nummer“ für /regel – erlaubt: suche, privat"),
    ("a required option left out",
     {"name": "mana", "options": [sub("pay", ("cost", STRING, "{G}"))]},
     "/mana bezahlen kosten: {G}",
     "Option fehlt", "/mana bezahlen braucht die Option „vorrat“."),
]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(fake, bot_argv, store_db, tmp_path_factory):
    if bot_argv is STANDIN:
        pytest.skip("the doors are the real bot's")
    async with running_bot(fake, tmp_path_factory.mktemp("doors"), argv=bot_argv, db=store_db) as proc:
        await fake.wait_sync()
        yield proc


@pytest.fixture(autouse=True)
def _checks(request, bot, fake):
    yield from checked_test(request, bot, fake)


async def through_gateway(fake) -> list[tuple[str, str]]:
    seen = []
    for _case, data, _typed, _title, _message in CASES:
        res = await fake.raw_command(data)
        assert res.ephemeral
        seen.append((res.embeds[0]["title"], res.embeds[0]["description"]))
    return seen


async def through_serve(store_db: Path, state: Path) -> list[tuple[str, str]]:
    key = SigningKey.generate()
    core = Core(Settings(token="", dev_guild_id=None, db_path=store_db, state_dir=state, log_level="INFO"))
    await core.open(TABLE.warm)
    seen = []
    try:
        app = make_app(Interactions(core, RestClient()), key.verify_key.encode().hex())
        async with TestClient(TestServer(app)) as client:
            for n, (_case, data, _typed, _title, _message) in enumerate(CASES):
                body = json.dumps({"type": 2, "id": str(n + 1), "application_id": "1", "token": f"t{n}",
                                   "data": {"id": "9", "type": 1, **data}}).encode()
                stamp = str(int(time.time()))
                headers = {"X-Signature-Ed25519": key.sign(stamp.encode() + body).signature.hex(),
                           "X-Signature-Timestamp": stamp}
                answer = await (await client.post("/interactions", data=body, headers=headers)).json()
                assert answer["type"] == 4 and answer["data"]["flags"] == 64
                embed = answer["data"]["embeds"][0]
                seen.append((embed["title"], embed["description"]))
    finally:
        await core.close()
    return seen


def through_console(store_db: Path) -> list[str | None]:
    """What ``python -m bot console`` prints for each typed case (None where the case cannot be typed)."""
    typed = [t for _case, _data, t, _title, _message in CASES if t is not None]
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "PYTHONPATH"}}
    env.update(DISCORD_TOKEN="", REGELBOT_DB=str(store_db))
    proc = subprocess.run([sys.executable, "-m", "bot", "console"], cwd=ROOT, env=env, capture_output=True,
                          text=True, input="\n".join([*typed, "ende"]) + "\n", timeout=120)
    assert proc.returncode == 0, proc.stderr
    answers = iter(proc.stdout.split("regelbot> ")[1 : len(typed) + 1])
    return [next(answers).strip() if t is not None else None for _case, _data, t, _title, _message in CASES]


async def test_the_same_bad_options_get_the_same_german_message_in_every_door(fake, store_db, tmp_path):
    gateway = await through_gateway(fake)
    serve = await through_serve(store_db, tmp_path)
    console = through_console(store_db)
    for (case, _data, typed, title, message), by_gateway, by_serve, by_console in zip(
            CASES, gateway, serve, console, strict=True):
        assert by_gateway == by_serve == (title, message), case
        if typed is None:
            continue
        if title == "Unbekannte Option":  # a typo on the command line is a usage error: the message alone
            assert by_console == message, case
        else:  # a reply: its title and text, then the console's "(nur für dich)" of an ephemeral answer
            assert by_console == f"== {title} ==\n{message}\n(nur für dich)", case
