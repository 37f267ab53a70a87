"""The real bot (``python -m bot run``, a subprocess) against the fake Discord on loopback.

End to end: the synced command payload, ``/card`` answers in a German and
an English client, autocomplete, an ephemeral German error, the rulings button and the paging buttons
(component interactions), gateway RECONNECT / INVALID_SESSION, shutdown on SIGINT / SIGTERM, and the
token never in the bot's DEBUG output. Expected values are taken from the documents in data/sources/
(file and line given next to each).
"""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import time
from pathlib import Path

import pytest
import pytest_asyncio
from cpuwait import CPU_WAIT
from discordcheck import commands_problems
from fakediscord import (
    EPHEMERAL,
    STRING,
    FakeDiscord,
)
from harness import (
    FAKE_TOKEN,
    BotProcess,
    bot_env,
    checked_test,
    module_bot,
    running_bot,
)
from workload import build_plan, leaves, run_step, visible

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

# 001_d6ee154855c71d75.txt lines 26-31 (Ravnica: Stadt der Gilden, ALLGEMEINES, Halbe-Halbe-Manasymbole)
BOROS_REKRUT = ("{R/W}", "Kreatur — Goblin, Soldat", "1/1",
                "({R/W} kann entweder mit {R} oder mit {W} bezahlt werden.)", "Erstschlag")
# 001_d6ee154855c71d75.txt lines 380-385: cost, type, text and its one ruling
FELD = ("{1}{W}", "Verzauberung",
        "Aktivierte Fähigkeiten kosten beim Spielen {2} mehr, außer es sind Manafähigkeiten.")
INTERNAL_ERROR_TITLE = "Da ist etwas schiefgelaufen"  # bot/core.py INTERNAL_ERROR
FELD_RULING = ("Die Fähigkeit des Felds der Unterdrückung hat keinen Einfluss auf statische Fähigkeiten, "
               "ausgelöste Fähigkeiten oder Manafähigkeiten.")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(fake, bot_argv, store_db, tmp_path_factory):
    standin = "this suite checks the real bot's answers; the stand-in has only /card"
    async with module_bot(fake, bot_argv, store_db, tmp_path_factory, standin) as proc:
        yield proc


@pytest.fixture(autouse=True)
def _checks(request, bot, fake):
    yield from checked_test(request, bot, fake)


def embed_text(embed: dict) -> str:
    """Title, description and fields of an embed as one string, for `in` checks."""
    parts = [embed.get("title") or "", embed.get("description") or ""]
    parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields") or []]
    return "\n".join(parts)


def field(embed: dict, name: str) -> str:
    return next(f["value"] for f in embed.get("fields") or [] if f["name"] == name)


def button(result, label_prefix: str) -> dict:
    hits = [b for b in result.buttons() if (b.get("label") or "").startswith(label_prefix)]
    assert hits, f"no button {label_prefix!r}: {[b.get('label') for b in result.buttons()]}"
    return hits[0]


# ---------------------------------------------------------------- the synced payload


async def test_synced_once_at_start_up_with_card_and_info(fake, bot):
    assert fake.sync_count == 1
    names = {c["name"] for c in fake.commands()}
    assert {"card", "info"} <= names
    for cmd in fake.commands():
        assert cmd["id"] and cmd["application_id"] == fake.app_id


async def test_card_command_payload(fake):
    _, card = fake.find_command("card")
    assert card["name_localizations"] == {"de": "karte"}
    assert card["description"] == "Show a card: mana cost, type line, rules text and rulings"
    assert card["description_localizations"] == {
        "de": "Zeigt eine Karte: Manakosten, Typzeile, Regeltext und Rulings"}
    opt, private = card["options"]
    assert (opt["name"], opt["type"], opt["required"], opt["autocomplete"]) == ("name", STRING, True, True)
    assert (private["name"], private["name_localizations"], private["required"]) == ("private", {"de": "privat"}, False)
    assert opt["name_localizations"] == {"de": "name"}
    assert opt["description"] == "Card name (German or English)"
    assert opt["description_localizations"] == {"de": "Kartenname (deutsch oder englisch)"}


def _walk_options(options):
    for opt in options or []:
        yield opt
        yield from _walk_options(opt.get("options"))


async def test_every_command_and_option_has_german_names_and_descriptions(fake):
    # Discord's own rules (names, lengths, option order, choices) are checked by the fake on the sync:
    assert commands_problems(fake.commands()) == []
    for cmd in fake.commands():
        for item in [cmd, *_walk_options(cmd.get("options"))]:
            where = f"/{cmd['name']} {item['name']}"
            assert (item.get("name_localizations") or {}).get("de"), where
            if cmd["type"] != 1:  # context menus ("Karten erklären") have no description
                continue
            assert (item.get("description_localizations") or {}).get("de"), where
            for choice in item.get("choices") or []:
                assert (choice.get("name_localizations") or {}).get("de"), f"{where} {choice['name']}"


# ---------------------------------------------------------------- /card


async def test_card_in_german_client(fake):
    res = await fake.command("karte", {"name": "Boros-Rekrut"}, locale="de")
    assert res.callback_type == 4 and not res.ephemeral
    (embed,) = res.embeds
    assert embed["title"] == "Boros-Rekrut"
    text = embed_text(embed)
    for part in BOROS_REKRUT:
        assert part in text, part
    assert field(embed, "Set") == "Ravnica: Stadt der Gilden"
    assert field(embed, "FAQ-Stand") == "30.08.2005"  # 001 line 1ff: FAQ dated 2005-08-30
    assert field(embed, "Eigene Rulings") == "0"  # an example card of ALLGEMEINES: no `* ` bullet follows it
    assert not [b for b in res.buttons() if b["label"].startswith("Rulings")]


async def test_mechanic_button_of_an_example_card_shows_its_section(fake):
    # Boros-Rekrut is printed inside the section "Hybrid-Karten und Halbe-Halbe-Manasymbole" (001 line 22)
    res = await fake.command("karte", {"name": "Boros-Rekrut"})
    click = await fake.component(res, button(res, "Mechanik anzeigen")["custom_id"])
    assert click.callback_type == 4
    assert "Hybrid-Karten und Halbe-Halbe-Manasymbole" in click.embeds[0]["title"]


async def test_card_in_english_client_is_the_same_german_answer(fake):
    de = await fake.command("karte", {"name": "Boros-Rekrut"}, locale="de")
    en = await fake.command("card", {"name": "Boros-Rekrut"}, locale="en-US")
    assert visible(en) == visible(de)
    choices = await fake.autocomplete("card", "name", "boros", locale="en-US")
    assert choices[0]["name"] == "Boros-Rekrut"


async def test_card_in_direct_message(fake):
    res = await fake.command("karte", {"name": "Feld der Unterdrückung"}, guild=False)
    assert res.embeds[0]["title"] == "Feld der Unterdrückung"


async def test_autocomplete_boros_puts_boros_rekrut_first(fake):
    res = await fake.autocomplete_result("karte", "name", "boros")
    assert res.callback_type == 8
    names = [c["name"] for c in res.choices]
    assert names[0] == "Boros-Rekrut"
    # the other cards with "Boros" in their name (001: lines 442 and 722)
    assert {"Furienschild der Boros", "Razia, Boros-Erzengel"} <= set(names)
    assert len(names) <= 25 and all(len(n) <= 100 and len(c["value"]) <= 100
                                    for n, c in zip(names, res.choices, strict=True))


async def test_autocomplete_chor_puts_chor_des_konklave_first(fake):
    choices = await fake.autocomplete("karte", "name", "chor")
    assert choices[0] == {"name": "Chor des Konklave", "value": "Chor des Konklave"}


async def test_autocomplete_of_empty_text_answers_with_at_most_25(fake):
    choices = await fake.autocomplete("karte", "name", "")
    assert len(choices) <= 25


async def test_unknown_card_is_an_ephemeral_german_error_with_suggestions(fake):
    res = await fake.command("karte", {"name": "Konklave"})
    assert res.callback_type == 4
    assert res.data["flags"] & EPHEMERAL
    (embed,) = res.embeds
    assert embed["title"] == "Keine Karte „Konklave“ gefunden"
    assert "Meintest du:" in embed["description"]
    assert "• Chor des Konklave" in embed["description"]


HOSTILE = [
    "\"; DROP TABLE cards; -- NEAR(a b) *",  # SQL and FTS5 syntax
    "x" * 6000,  # Discord's maximum for a string option
    "Boros\x00Rekrut",  # NUL
    "Boros\u200dRekrut",  # zero-width joiner
    "\u202eturkeR-soroB",  # right-to-left override
    "U\u0308berstimmen",  # Ü as U + combining diaeresis
    "🃏🔥" * 20,
    "   ",
    "'",
    "²",  # a digit to str.isdigit(), not to int()
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
async def test_hostile_text_gets_a_valid_answer_not_a_traceback(fake, text):
    res = await fake.command("karte", {"name": text})
    assert res.callback_type == 4
    assert res.embeds and res.embeds[0]["title"]
    choices = await fake.autocomplete("karte", "name", text)
    assert len(choices) <= 25
    # fake.invalid (checked after each test) holds every payload Discord would have refused


async def test_sql_text_is_an_ephemeral_german_error(fake):
    res = await fake.command("karte", {"name": HOSTILE[0]})
    assert res.ephemeral
    # the echo is escaped: "*" shows as typed, never as markdown
    assert res.embeds[0]["title"] == "Keine Karte „\"; DROP TABLE cards; -- NEAR(a b) \\*“ gefunden"


async def test_combining_umlaut_finds_the_same_card(fake):
    composed = await fake.command("karte", {"name": "Überstimmen"})
    combining = await fake.command("karte", {"name": "U\u0308berstimmen"})
    assert composed.embeds[0]["title"] == "Überstimmen"
    assert visible(combining) == visible(composed)


# ---------------------------------------------------------------- buttons (component interactions)


async def test_card_with_rulings_and_the_rulings_button(fake):
    res = await fake.command("karte", {"name": "Feld der Unterdrückung"})
    (embed,) = res.embeds
    text = embed_text(embed)
    for part in FELD:
        assert part in text, part
    assert field(embed, "Eigene Rulings") == "1"  # 001 line 385: one `* ` bullet
    rulings = button(res, "Rulings anzeigen (1)")
    assert rulings["custom_id"].startswith("rb:rulings:")

    click = await fake.component(res, rulings["custom_id"])
    assert click.callback_type == 4 and click.ephemeral
    (page,) = click.embeds
    assert page["title"] == "Rulings: Feld der Unterdrückung (1)"
    assert FELD_RULING in page["description"]
    back = button(click, "Karte anzeigen")

    again = await fake.component(click, back["custom_id"])
    assert again.ephemeral
    assert again.embeds[0]["title"] == "Feld der Unterdrückung"


async def test_paging_buttons_turn_the_page(fake):
    # 002_6d34ad434ad7e3d9.txt: 13 dated rulings on Getrieben // Verzweiflung → pages of 6
    res = await fake.command("karte", {"name": "Getrieben // Verzweiflung"})
    assert field(res.embeds[0], "Eigene Rulings") == "13"
    rulings = await fake.component(res, button(res, "Rulings anzeigen")["custom_id"])
    first = rulings.embeds[0]
    assert first["title"] == "Rulings: Getrieben // Verzweiflung (13)"
    assert "Seite 1/3" in first["footer"]["text"]
    assert button(rulings, "Zurück")["disabled"] is True

    turned = await fake.component(rulings, button(rulings, "Weiter")["custom_id"])
    assert turned.callback_type == 7  # UPDATE_MESSAGE: the same message shows page 2
    assert turned.message["id"] == rulings.message["id"]
    second = turned.data["embeds"][0]
    assert "Seite 2/3" in second["footer"]["text"]
    assert second["description"] != first["description"]
    assert button(turned, "Zurück")["disabled"] is False

    back = await fake.component(turned, button(turned, "Zurück")["custom_id"])
    assert back.data["embeds"][0]["description"] == first["description"]


async def test_search_buttons_follow_the_page(fake):
    """On page 2 of a search the buttons point to page 2's hits, not page 1's."""
    # /regel: page 1 is the term (Startspieler, 103.1), page 2 the documents' hits with their own buttons.
    res = await fake.command("regel", {"suche": "Startspieler"}, locale="de")
    assert res.embeds[0]["title"] == "Startspieler – Regel 103.1"
    first = {b["label"] for b in res.buttons()} - {"Zurück", "Weiter"}
    turned = await fake.component(res, button(res, "Weiter")["custom_id"])
    second = {b["label"] for b in turned.buttons()} - {"Zurück", "Weiter"}
    wanted = "Erklärung, vermutlich Regel 103.8 – Startspieler"  # 003:108, its number uncertain, its term in German
    assert wanted in second and wanted not in first
    # /ruling: 6 hits per page; page 2's card buttons are the cards of page 2 („Schaden“: cards' rulings on both
    # pages; a word that names no card ranks the mechanics sections' rulings before the cards', so „Kreatur“ fills
    # its first page with sections' rulings, which have no card button).
    res = await fake.command("ruling", {"suche": "Schaden"}, locale="de")
    page1 = [b["custom_id"] for b in res.buttons() if b["custom_id"].startswith("rb:rulings:")]
    turned = await fake.component(res, button(res, "Weiter")["custom_id"])
    page2 = [b["custom_id"] for b in turned.buttons() if b["custom_id"].startswith("rb:rulings:")]
    assert page1 and page2 and page1 != page2


# ---------------------------------------------------------------- other commands


async def test_info_lists_the_documents(fake):
    res = await fake.command("info", locale="de")
    (embed,) = res.embeds
    assert embed["title"] == "Über Regelbot"
    text = embed_text(embed)
    for file in ("000_b7f976ad35525819.txt", "001_d6ee154855c71d75.txt", "002_6d34ad434ad7e3d9.txt",
                 "003_b16bc3bb93a072a0.txt", "004_93ff3bb801f5793d.txt"):
        assert file in text


async def test_every_command_and_autocomplete_answers_in_both_locales(fake):
    """Every (sub)command of the payload, its options filled from the bot's own autocomplete and the
    examples in its option descriptions, and every autocomplete option: answered in a German and an
    English client, within Discord's limits."""
    # /mana versorgung's cost is filled from its own autocomplete: it offers only the cards with Kumulative
    # Versorgung, each of which answers
    plan = await build_plan(fake)
    planned = {s.leaf.label for s in plan if s.kind == "command"}
    assert planned == {leaf.label for leaf in leaves(fake.commands())}, "a command could not be filled"
    for step in plan:
        for locale in ("de", "en-US"):
            res = await run_step(fake, step, locale=locale)
            if step.kind == "autocomplete":
                assert res.callback_type == 8, step
                assert len(res.choices) <= 25, step
                assert all(len(c["name"]) <= 100 and len(str(c["value"])) <= 100 for c in res.choices), step
            else:
                assert res.callback_type in (4, 5), step
                assert res.embeds or res.content, step
                # the values come from the bot's own autocomplete and from the examples its option
                # descriptions give: the bot must not answer them with an (ephemeral) error
                assert not res.ephemeral, f"{step}: {res.embeds[0].get('title') if res.embeds else res.content}"
                assert len(res.embeds) <= 10 and sum(len(embed_text(e)) for e in res.embeds) <= 6000, step


async def test_mana_info_subcommand_in_german(fake):
    # {2}{G/W}: generic 2 plus one hybrid symbol counting 1 (001 lines 35-38, rule 104.3f) → Manawert 3
    res = await fake.command("mana", {"kosten": "{2}{G/W}"}, subcommand="info", locale="de")
    (embed,) = res.embeds
    assert embed["title"] == "{2}{G/W}"
    assert "**Manawert:** 3" in embed["description"]
    assert field(embed, "Bezahlmöglichkeiten (2)") == "{2}{G} · {2}{W}"
    assert not res.ephemeral


async def test_clash_reveal_subcommand_in_german(fake):
    # Boros-Rekrut {R/W} (001 line 27) has mana value 1, Feld der Unterdrückung {1}{W} (001 line 381) 2
    res = await fake.command("fehde", {"karte1": "Boros-Rekrut", "karte2": "Feld der Unterdrückung"},
                             subcommand="aufdecken", locale="de")
    (embed,) = res.embeds
    assert embed["title"] == "Fehde – Regelstand heute"
    assert embed["description"].startswith("**Spieler 2 gewinnt die Fehde** (Manawert 2 gegen 1).")
    en = await fake.command("clash", {"card1": "Boros-Rekrut", "card2": "Feld der Unterdrückung"},
                            subcommand="reveal", locale="en-US")
    assert visible(en) == visible(res)


# ---------------------------------------------------------------- a slow store


async def test_slow_store_defers_then_follows_up_and_autocomplete_still_answers(fake, store_db):
    """Another process holds an exclusive lock on the store for ~2.8 s: the bot's read waits in
    aiosqlite's thread (busy timeout), the bot defers after its 2-s watchdog (type 5), then sends the
    card as a follow-up; autocomplete, served from the in-memory index, answers meanwhile."""
    if store_db is None:
        pytest.skip("the stand-in has no store")
    lock = sqlite3.connect(store_db, isolation_level=None, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        # a spelling not asked before: the answer is made on the store (one asked before is kept, bot/answer_bodies.py)
        slow = asyncio.create_task(fake.command("karte", {"name": "boros-REKRUT"}, timeout=15))
        await asyncio.sleep(0.3)
        mark, t0 = CPU_WAIT.mark(), time.perf_counter()
        choices = await fake.autocomplete("karte", "name", "boros")
        waited = time.perf_counter() - t0 - CPU_WAIT.since(mark)  # not the time spent waiting for a CPU
        assert choices[0]["name"] == "Boros-Rekrut"
        assert waited < 1.0, f"autocomplete waited {waited:.2f} s behind a blocked store read"
        assert not slow.done()
        await asyncio.sleep(2.5)
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    res = await slow
    assert res.callback_type == 5  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
    assert res.seconds > 1.9 and not res.refused, res.seconds  # by the 2-s watchdog, within Discord's 3 s
    # finished by editing the deferred message (PATCH /webhooks/{app}/{token}/messages/@original)
    (edit,) = res.edits
    assert res.followups == []
    assert edit["embeds"][0]["title"] == "Boros-Rekrut"
    assert not res.ephemeral


# ---------------------------------------------------------------- gateway faults


async def test_reconnect_op7_is_resumed_and_answered_after(fake):
    resumes = len(fake.resumes)
    await fake.send_reconnect()
    await fake.wait_ready(timeout=10)
    assert len(fake.resumes) == resumes + 1
    assert fake.resumes[-1]["token"] == FAKE_TOKEN
    choices = await fake.autocomplete("karte", "name", "boros")
    assert choices[0]["name"] == "Boros-Rekrut"
    res = await fake.command("karte", {"name": "Boros-Rekrut"})
    assert res.embeds[0]["title"] == "Boros-Rekrut"


async def test_invalid_session_op9_identifies_anew_and_answers_after(fake):
    identifies = len(fake.identifies)
    await fake.send_invalid_session(resumable=False)
    # discord.py waits 5 s before a non-initial IDENTIFY (Client.before_identify_hook)
    await fake.wait_ready(timeout=15)
    assert len(fake.identifies) == identifies + 1
    res = await fake.command("karte", {"name": "Boros-Rekrut"})
    assert res.embeds[0]["title"] == "Boros-Rekrut"
    assert fake.sync_count == 1  # a new session is no reason to sync again


# ---------------------------------------------------------------- secrets


async def test_token_never_in_the_debug_output(fake, bot):
    # every test's own log lines are checked for the token (harness.assert_own_log_clean); here the
    # check sees this test's DEBUG lines of a command, a button and a new session
    since = len(bot.output())
    res = await fake.command("karte", {"name": "Feld der Unterdrückung"})
    await fake.component(res, button(res, "Rulings anzeigen")["custom_id"])
    await fake.send_reconnect()
    await fake.command("karte", {"name": "Boros-Rekrut"})
    own = bot.output()[since:]
    assert "DEBUG" in own  # the bot really logged at DEBUG
    for part in FAKE_TOKEN.split("."):
        assert part not in own, part


# ---------------------------------------------------------------- a stale command list, options that do not fit
# (bot/gateway/tree.py: RegelTree.on_error and interaction_check)

STALE_TITLE = "Befehl veraltet"
STALE_BODY = ("Dieser Befehl ist veraltet – die Befehle werden gerade aktualisiert, versuch es in einer Minute "
              "noch einmal.")


async def test_a_command_the_bot_no_longer_has_gets_the_german_stale_message(fake):
    res = await fake.raw_command({"name": "altbefehl", "options": [{"name": "x", "type": STRING, "value": "1"}]})
    assert res.ephemeral
    assert (res.embeds[0]["title"], res.embeds[0]["description"]) == (STALE_TITLE, STALE_BODY)


async def test_a_command_with_changed_options_gets_the_german_stale_message(fake):
    # /card without its required option "name": the client's copy of the command is older than the bot's
    res = await fake.raw_command({"name": "card", "options": [{"name": "sprache", "type": STRING, "value": "de"}]})
    assert res.ephemeral
    assert (res.embeds[0]["title"], res.embeds[0]["description"]) == (STALE_TITLE, STALE_BODY)


async def test_an_option_of_the_wrong_type_gets_a_german_message_naming_it(fake):
    sub = {"name": "pay", "type": 1, "options": [{"name": "cost", "type": STRING, "value": "{2}{R}"},
                                                 {"name": "x", "type": STRING, "value": "drei"}]}
    res = await fake.raw_command({"name": "mana", "options": [sub]})
    assert res.ephemeral and res.embeds[0]["title"] == "Ungültige Eingabe"
    assert res.embeds[0]["description"] == "Option „x“: „drei“ passt nicht, erwartet: ganze Zahl von 0 bis 1000."


async def test_an_option_outside_its_range_or_choices_gets_a_german_message(fake):
    sub = {"name": "pay", "type": 1, "options": [{"name": "cost", "type": STRING, "value": "{X}{R}"},
                                                 {"name": "x", "type": 4, "value": 5000}]}
    res = await fake.raw_command({"name": "mana", "options": [sub]})
    assert res.embeds[0]["description"] == "Option „x“: „5000“ passt nicht, erwartet: ganze Zahl von 0 bis 1000."
    sub = {"name": "reveal", "type": 1, "options": [{"name": "card1", "type": STRING, "value": "Boros-Rekrut"},
                                                    {"name": "card2", "type": STRING, "value": "Boros-Rekrut"},
                                                    {"name": "rules", "type": STRING, "value": "1999"}]}
    res = await fake.raw_command({"name": "clash", "options": [sub]})
    assert res.embeds[0]["description"] == ("Option „regelstand“: „1999“ passt nicht, erwartet: eine der "
                                            "Auswahlen: heute, 2007.")


# ---------------------------------------------------------------- faults on purpose (these log errors:
# marked logs_errors, so the per-test log check allows them)


@pytest.mark.logs_errors
async def test_slow_store_during_a_button_press_still_answers_within_3_s(fake, store_db):
    """The rulings button reads the store; with the store locked for 3.5 s the press must still be
    acknowledged (deferred) within Discord's 3 s, and the rulings follow."""
    if store_db is None:
        pytest.skip("the stand-in has no store")
    res = await fake.command("karte", {"name": "Feld der Unterdrückung"})
    lock = sqlite3.connect(store_db, isolation_level=None, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        custom_id = button(res, "Rulings anzeigen")["custom_id"]
        press = asyncio.create_task(fake.component(res, custom_id, timeout=15))
        await asyncio.sleep(3.5)
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    click = await press
    late, fake.late[:] = list(fake.late), []
    assert not click.refused, f"the press was not acknowledged within 3 s: {late}"
    assert click.callback_type == 5  # deferred ("thinking…"): the rulings could not be read within the 3 s
    assert click.final["embeds"][0]["title"] == "Rulings: Feld der Unterdrückung (1)"


@pytest.mark.logs_errors
async def test_buttons_of_an_older_bot_version_get_german_answers(fake):
    """Persistent buttons outlive the process: a message the bot never sent in this run, with a button
    of an action that no longer exists and one for a card id the store does not have."""
    message = {
        "id": fake.snowflake(), "channel_id": fake.channel_id, "type": 0, "content": "", "embeds": [],
        "flags": 0, "author": fake.bot_user, "attachments": [], "mentions": [], "mention_roles": [],
        "timestamp": "2025-01-01T00:00:00+00:00", "edited_timestamp": None, "pinned": False,
        "components": [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "Alt", "custom_id": "rb:gibtsnicht:1"},
            {"type": 2, "style": 2, "label": "Rulings anzeigen (3)", "custom_id": "rb:rulings:999999"},
            {"type": 2, "style": 2, "label": "Rulings", "custom_id": "rb:rulings:"},
        ]}, {"type": 1, "components": [
            {"type": 2, "style": 2, "label": "Kurz", "custom_id": "rb"},
            {"type": 2, "style": 2, "label": "Leer", "custom_id": ""},
            {"type": 2, "style": 2, "label": "Fremd", "custom_id": "x"},
        ]}],
    }
    for foreign in ("rb", "", "x"):  # no id of the bot's: answered as on the HTTP endpoint (before: not at all)
        other = await fake.component(message, foreign)
        assert other.callback_type == 4 and other.ephemeral, foreign
        assert other.embeds[0]["title"] == "Unbekannte Schaltfläche", foreign
    old = await fake.component(message, "rb:gibtsnicht:1")
    assert old.callback_type == 4 and old.ephemeral
    assert old.embeds[0]["title"] == "Unbekannte Schaltfläche"
    gone = await fake.component(message, "rb:rulings:999999")
    assert gone.callback_type == 4 and gone.ephemeral
    assert gone.embeds[0]["title"] == "Karte nicht gefunden"
    empty = await fake.component(message, "rb:rulings:")  # an action that needs an argument, without one
    assert empty.callback_type == 4 and empty.ephemeral
    assert empty.embeds[0]["title"] == "Unbekannte Schaltfläche"


@pytest.mark.logs_errors
async def test_store_failure_in_a_command_gets_one_german_error(fake, bot, store_db):
    """The store stays locked past aiosqlite's 5-s busy timeout: the read fails with
    ``database is locked``. The bot has deferred after 2 s; the tree's on_error logs the traceback and
    sends the German error once, as the follow-up."""
    if store_db is None:
        pytest.skip("the stand-in has no store")
    since = len(bot.output())
    lock = sqlite3.connect(store_db, isolation_level=None, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        res = await fake.command("karte", {"name": "BOROS-rekrut"}, timeout=15, settle=0.3)  # not asked before
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    assert res.callback_type == 5
    (followup,) = res.followups  # once, not twice
    assert followup["embeds"][0]["title"] == "Da ist etwas schiefgelaufen"
    log = bot.output()[since:]
    assert "ERROR" in log and "Fehler in /card" in log and "database is locked" in log
    assert "Traceback" in log
    # Discord keeps the visibility of a public defer for the first follow-up; the bot removes the
    # "thinking…" message first, so the error is a new, ephemeral message.
    assert res.ephemeral


@pytest.mark.logs_errors
async def test_hostile_text_in_every_free_text_option_gets_no_internal_error(fake):
    """Each hostile text in each free-text option of each command (the others filled as the workload
    fills them): a Discord-valid answer, and never the internal-error reply of the tree's on_error."""
    plan = [s for s in await build_plan(fake) if s.kind == "command"]
    failures = []
    for step in plan:
        for opt in step.leaf.options:
            if opt["type"] != STRING or opt.get("choices"):
                continue
            for text in HOSTILE:
                options = {**step.options, opt["name"]: text}
                res = await fake.command(step.leaf.command, options, subcommand=step.leaf.subcommand,
                                         group=step.leaf.group)
                assert res.embeds or res.content, (step.leaf.label, opt["name"], text)
                if res.embeds and res.embeds[0].get("title") == INTERNAL_ERROR_TITLE:
                    failures.append((step.leaf.label, opt["name"], text[:20]))
    assert failures == []


# ---------------------------------------------------------------- own bot processes: sync state, shutdown


def copy_sync_state(bot, workdir: Path, *, corrupt: bool = False) -> None:
    """Give a new bot the sync state (hash of the synced tree) the module's bot left; ``corrupt``
    replaces each hash by another one, as if the command tree had changed since."""
    source = Path(bot.env["REGELBOT_STATE_DIR"])
    files = [p for p in source.iterdir() if p.is_file()]
    assert files, f"the module's bot left no sync state in {source}"
    (workdir / "state").mkdir()
    for f in files:
        (workdir / "state" / f.name).write_text("0" * 64 + "\n" if corrupt else f.read_text())


def state_texts(state_dir: Path) -> list[str]:
    return [p.read_text() for p in sorted(state_dir.iterdir())]


async def test_changed_tree_hash_syncs_again(bot, bot_argv, store_db, tmp_path_factory, fake):
    workdir = tmp_path_factory.mktemp("resync")
    copy_sync_state(bot, workdir, corrupt=True)
    async with FakeDiscord() as other, running_bot(other, workdir, argv=bot_argv, db=store_db, cold=True) as proc:
        await other.wait_sync()
        assert other.sync_count == 1
        strip = ("id", "application_id", "version")
        assert [{k: v for k, v in c.items() if k not in strip} for c in other.commands()] == \
            [{k: v for k, v in c.items() if k not in strip} for c in fake.commands()]
    assert proc.returncode == 0, proc.tail()
    assert state_texts(workdir / "state") == state_texts(Path(bot.env["REGELBOT_STATE_DIR"]))
    # the module's bot started warm (its calculation workers ready before READY), this one cold (harness.bot_env)
    assert "Rechenprozesse bereit" in bot.output() and "Rechenprozesse bereit" not in proc.output()


async def test_without_token_one_german_line_and_exit_2(bot_argv, store_db, tmp_path_factory):
    workdir = tmp_path_factory.mktemp("notoken")
    async with FakeDiscord() as other:
        env = bot_env(other, db=store_db, state_dir=workdir / "state", token="")
        proc = await BotProcess(bot_argv, env, workdir / "bot.log").start()
        try:
            code = await proc.wait_exit(20)
        finally:
            await proc.stop()
        lines = proc.output().strip().splitlines()
        assert code == 2
        assert lines == ["DISCORD_TOKEN fehlt: in .env eintragen (siehe .env.example) oder als "
                         "Umgebungsvariable setzen."]
        assert other.requests == []


async def test_rejected_token_says_so_in_german_and_exits_1(bot_argv, store_db, tmp_path_factory):
    workdir = tmp_path_factory.mktemp("badtoken")
    async with FakeDiscord(token="another-token") as other:
        env = bot_env(other, db=store_db, state_dir=workdir / "state")
        proc = await BotProcess(bot_argv, env, workdir / "bot.log").start()
        try:
            code = await proc.wait_exit(20)
        finally:
            await proc.stop()
        out = proc.output()
        assert code == 1, out[-3000:]
        assert "Discord lehnt das Token ab (DISCORD_TOKEN prüfen)." in out
        assert "Traceback" not in out
        assert FAKE_TOKEN not in out
        assert [(r.method, r.path, r.status) for r in other.requests] == [("GET", "/users/@me", 401)]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
async def test_shutdown_on_signal_exits_0_without_sync_and_closes_store(
        sig, bot, bot_argv, store_db, tmp_path_factory, fake):
    workdir = tmp_path_factory.mktemp(f"shutdown-{sig.name}")
    copy_sync_state(bot, workdir)
    async with FakeDiscord() as other:
        other.synced = fake.synced  # the same tree, already synced: the bot must not sync again
        async with running_bot(other, workdir, argv=bot_argv, db=store_db, sig=sig, cold=True) as proc:
            res = await other.command("karte", {"name": "Boros-Rekrut"})
            assert res.embeds[0]["title"] == "Boros-Rekrut"
        assert proc.returncode == 0, proc.tail()
        assert other.sync_count == 0, "the command tree did not change, yet the bot synced"
        out = proc.output()
        assert "Signal empfangen, fahre herunter" in out
        assert "Traceback" not in out
        assert FAKE_TOKEN not in out
        assert other.errors == []
        assert "Datenbank geschlossen" in out  # close() is awaited after a signal, the store is closed
