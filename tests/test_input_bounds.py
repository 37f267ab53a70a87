"""Inputs are bounded before work starts: over-long numbers, lone surrogates and
engine errors of huge inputs give German replies, never an internal error — through the answer layer and
through the real CLI process."""

from __future__ import annotations

import pytest

from bot.answers import run_action, run_answer, run_completer
from bot.answers.card_picks import card_names
from bot.answers.registry import MAX_DIGITS, normalise_options
from bot.errors import UserError
from tests.conftest import call_cli, run_cli

HUGE = "9" * 5000  # past Python's 4 300-digit int conversion limit


@pytest.mark.parametrize(("key", "options"), [
    ("clash_reveal", {"card1": HUGE, "card2": "3"}),
    ("clash_odds", {"library1": f"0:{HUGE}", "library2": "0:24 2:36"}),
    ("mana_info", {"cost": "{" + HUGE + "}"}),
    ("mana_pay", {"cost": HUGE, "pool": "WWW"}),
    ("mana_upkeep", {"cost": "{" + HUGE + "}", "counters": 2}),
    ("rule", {"search": HUGE}),
    ("ruling", {"search": HUGE}),
    ("card", {"name": HUGE}),
])
async def test_numbers_past_the_digit_limit_are_refused_in_german(ctx, key, options):
    reply = await run_answer(ctx, key, **options)
    assert reply.error and reply.pages[0].title == "Zahl zu lang"
    assert f"mehr als {MAX_DIGITS} Ziffern" in reply.pages[0].body


async def test_integer_options_outside_discords_range(ctx):
    reply = await run_answer(ctx, "mana_upkeep", cost="{W}", counters=2**60)
    assert reply.error and reply.pages[0].title == "Zahl zu groß"


async def test_more_than_4096_hybrid_choices_in_pay_is_a_reply(ctx):
    # 13 × {2/W}: 8 192 ways to pay; the engine's ManaError must become a German reply
    reply = await run_answer(ctx, "mana_pay", cost="{2/W}" * 13, pool="WWWWWWWWWWWWW")
    assert reply.pages[0].title != "Da ist etwas schiefgelaufen"
    assert reply.pages[0].title.startswith(("Bezahlen", "Ungültige", "Diese Berechnung"))


async def test_lone_surrogates_never_reach_sqlite(ctx):
    for action in ("card", "rulings", "rule", "mechanic"):
        reply = await run_action(ctx, action, "\ud800")
        assert reply.error, action
    reply = await run_answer(ctx, "card", name="Boros\udcff")
    assert reply.error and "\udcff" not in reply.pages[0].title
    assert await run_completer(ctx, card_names, "Bor\ud800") is not None
    assert await run_completer(ctx, card_names, HUGE) == []


def test_normalise_options():
    assert normalise_options({"a": "x\ud800y", "b": 3, "c": None, "d": True}) == \
        {"a": "x\ufffdy", "b": 3, "c": None, "d": True}
    assert len(normalise_options({"a": "x" * 10_000})["a"]) == 6000
    with pytest.raises(UserError):
        normalise_options({"a": "1" * (MAX_DIGITS + 1)})
    with pytest.raises(UserError):
        normalise_options({"a": float("nan")})


def test_cli_press_with_undecodable_bytes_and_huge_numbers(built_db):
    # argv bytes that are no UTF-8 arrive as lone surrogates (surrogateescape)
    proc = run_cli("press", "rb:rulings:\udcff\udcfe", db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("== ") and "Traceback" not in proc.stderr
    proc = call_cli("call", f"/fehde aufdecken karte1: {HUGE} karte2: 3", db=built_db)  # no argv bytes: in process
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("== Zahl zu lang ==")
    proc = call_cli("call", f"/mana versorgung kosten: {{W}} marken: {HUGE}", db=built_db)
    assert proc.returncode == 0 and "nicht angenommen" in proc.stdout


async def test_a_library_over_the_clash_odds_limit_is_said_with_german_thousands_separators(ctx):
    # the limit (10 000 cards, bot.rules.clash.engine.MAX_LIBRARY) and the size typed, grouped as every large
    # number a player sees (bot.text.german_int), in both readers of a library
    counted = await run_answer(ctx, "clash_odds", library1="0:20000", library2="0:1")
    assert counted.error and counted.pages[0].body == "Bibliothek 1 hat 20.000 Karten; höchstens 10.000."
    named = await run_answer(ctx, "clash_odds", library1="99999999x Boros-Rekrut", library2="0:1")
    assert named.error and named.pages[0].body == "Höchstens 10.000 Karten."


def test_a_long_library_entry_without_a_count_is_refused_in_german_by_the_real_process(built_db):
    # a space-separated entry without a count, as long as Discord lets an option be (6 000 characters): the library's
    # limit of 2 000 characters refuses it before any entry is read; one within the limit is read as one entry
    # (no NAME:COUNT to read apart) and refused by the limit on a card's name, 300 characters
    words = ("Boros-Rekrut Herr der Geheimnisse Szadek " * 150)[:6000].strip()
    proc = run_cli("call", f"/fehde chancen bibliothek1: {words} bibliothek2: 0:20", db=built_db)
    assert (proc.returncode, proc.stdout.splitlines()[:2]) == (0, ["== Bibliothek 1 zu lang ==",
                                                                    "Höchstens 2000 Zeichen."]), proc.stderr
    assert "Traceback" not in proc.stderr
    within = words[:1990].strip()
    proc = run_cli("call", f"/fehde chancen bibliothek1: {within} bibliothek2: 0:20", db=built_db)
    assert (proc.returncode, proc.stdout.splitlines()[:2]) == (0, ["== Bibliothek 1, Eintrag 1: Karte 1 zu lang ==",
                                                                    "Höchstens 300 Zeichen."]), proc.stderr
    assert "Traceback" not in proc.stderr
