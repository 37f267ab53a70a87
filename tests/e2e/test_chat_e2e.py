"""Chat, end to end: the real bot (``python -m bot run``) against the fake Discord.

The message command "Karten erklären" (synced with its German name, invoked on a message with two card
names), ``[[Karte]]`` in ordinary messages with ``INLINE_CARDS=1`` (answered in the channel; never for bots
or itself; a per-channel cool-down), the IDENTIFY intents with the setting on and off, "Meintest du" choices
that answer when pressed (buttons and a select menu), the ``privat`` option with "Im Kanal teilen", the
installation types and contexts of every synced command, an interaction from a user install, and the whole
picture of a split card and of a card with an erratum. Expected values come from data/sources (file and
line next to each).
"""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
import pytest_asyncio
from fakediscord import EPHEMERAL, FakeDiscord
from harness import STANDIN, checked_test, running_bot

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio(loop_scope="module")]

MESSAGE_CONTENT = 1 << 15  # GatewayIntentBits.MessageContent
# 001_d6ee154855c71d75.txt lines 380-385 (Feld der Unterdrückung) and its one ruling
FELD_RULING = ("Die Fähigkeit des Felds der Unterdrückung hat keinen Einfluss auf statische Fähigkeiten, "
               "ausgelöste Fähigkeiten oder Manafähigkeiten.")
# 001 lines 527-531: the erratum of Goblin-Feuerunhold
GOBLIN_ERRATUM = "Der Goblin-Feuerunhold muss geblockt werden, falls möglich."


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def bot(fake, bot_argv, store_db, tmp_path_factory):
    if bot_argv is STANDIN:
        pytest.skip("the stand-in has no message command and no [[Karte]]")
    async with running_bot(fake, tmp_path_factory.mktemp("chatbot"), argv=bot_argv, db=store_db,
                           extra_env={"INLINE_CARDS": "1"}) as proc:
        await fake.wait_sync()
        yield proc


@pytest.fixture(autouse=True)
def _checks(request, bot, fake):
    yield from checked_test(request, bot, fake)


def field(embed: dict, name: str) -> str:
    return next(f["value"] for f in embed.get("fields") or [] if f["name"] == name)


def button(result_or_message, label: str) -> dict:
    rows = result_or_message.components if hasattr(result_or_message, "components") else \
        result_or_message.get("components") or []
    found = [c for row in rows for c in row.get("components") or [] if (c.get("label") or "").startswith(label)]
    assert found, f"no component {label!r} in {rows}"
    return found[0]


_channels = iter(range(1300000000000000100, 1300000000000000999))


def new_channel() -> str:
    """A channel of its own per test: the inline cool-down is per channel."""
    return str(next(_channels))


# ---------------------------------------------------------------- synced commands


async def test_message_command_is_synced_with_its_german_name(fake):
    _, menu = fake.find_command("Karten erklären", type_=3)
    assert menu["name"] == "Explain cards"
    assert menu["name_localizations"] == {"de": "Karten erklären"}
    assert menu["type"] == 3 and not menu.get("options")


async def test_every_command_is_installable_by_servers_and_users_and_usable_in_dms(fake):
    commands = fake.commands()
    assert len(commands) >= 9
    for cmd in commands:
        assert cmd["integration_types"] == [0, 1], cmd["name"]  # GUILD_INSTALL, USER_INSTALL
        assert cmd["contexts"] == [0, 1, 2], cmd["name"]  # GUILD, BOT_DM, PRIVATE_CHANNEL


async def test_every_slash_command_has_the_private_option(fake):
    def leaves(options, path):
        subs = [o for o in options or [] if o["type"] in (1, 2)]
        if not subs:
            yield path, options or []
        for sub in subs:
            yield from leaves(sub.get("options"), (*path, sub["name"]))

    for cmd in fake.commands():
        if cmd["type"] != 1:
            continue
        for path, options in leaves(cmd.get("options"), (cmd["name"],)):
            private = [o for o in options if o["name"] == "private"]
            assert private, path
            assert private[0]["type"] == 5 and not private[0].get("required")  # BOOLEAN, optional
            assert private[0]["name_localizations"] == {"de": "privat"}


async def test_identify_requests_message_content_with_inline_cards_on(fake):
    assert fake.identifies[0]["intents"] & MESSAGE_CONTENT


# ---------------------------------------------------------------- the message command


async def test_message_command_on_a_message_with_two_card_names(fake):
    target = fake.user_message("Wer gewinnt die Fehde, krims // krams oder Boros-Rekrut? Ich bin unsicher.")
    res = await fake.message_command("Karten erklären", target)
    assert res.callback_type == 4 and res.ephemeral
    (first,) = res.embeds
    assert first["title"] == "Krims // Krams"  # 001 lines 2358-2366, named in lower case in the message
    assert "Seite 1/2" in first["footer"]["text"]
    turned = await fake.component(res, button(res, "Weiter")["custom_id"])
    assert turned.data["embeds"][0]["title"] == "Boros-Rekrut"  # 001 lines 26-31
    assert button(res, "Im Kanal teilen")


async def test_message_command_explains_double_brackets_first(fake):
    target = fake.user_message("Boros-Rekrut auch, aber zuerst [[Feld der Unterdrückung]]?")
    res = await fake.message_command("Explain cards", target, locale="en-US")
    # the bracketed card on the first page, the name written plainly on the next
    assert [e["title"] for e in res.embeds] == ["Feld der Unterdrückung"]
    assert "Seite 1/2" in (res.embeds[0].get("footer") or {}).get("text", "")


async def test_message_command_on_a_message_without_cards_is_a_german_error(fake):
    res = await fake.message_command("Karten erklären", fake.user_message("Hallo zusammen, wie geht's?"))
    assert res.ephemeral
    assert res.embeds[0]["title"] == "Keine Karten in dieser Nachricht gefunden"


# ---------------------------------------------------------------- [[Karte]] in messages


async def test_inline_card_is_answered_in_the_channel(fake):
    before = len(fake.channel_posts)
    message = fake.user_message("Was macht eigentlich [[Boros-Rekrut]]?", channel_id=new_channel())
    await fake.message_create(message)
    post = (await fake.wait_posts(before + 1))[-1]
    assert post["channel_id"] == message["channel_id"]
    assert str(post["message_reference"]["message_id"]) == message["id"]
    (embed,) = post["embeds"]
    assert embed["title"] == "Boros-Rekrut"
    assert "{R/W}" in embed["description"]
    assert field(embed, "Manawert") == "1"
    # its button (the card's mechanic section, 001 line 22) answers like any button
    click = await fake.component(post, button(post, "Mechanik anzeigen")["custom_id"])
    assert "Hybrid-Karten und Halbe-Halbe-Manasymbole" in click.embeds[0]["title"]


async def test_inline_rulings_and_an_unknown_name_in_one_message(fake):
    before = len(fake.channel_posts)
    message = fake.user_message("[[Feld der Unterdrückung|rulings]] und [[Konklave]]", channel_id=new_channel())
    await fake.message_create(message)
    post = (await fake.wait_posts(before + 1))[-1]
    rulings, unknown = post["embeds"]
    assert rulings["title"] == "Rulings: Feld der Unterdrückung (1)"
    assert FELD_RULING in rulings["description"]
    assert unknown["title"] == "Keine Karte „Konklave“ gefunden"
    pick = await fake.component(post, button(post, "Chor des Konklave")["custom_id"])
    assert pick.embeds[0]["title"] == "Chor des Konklave"


async def test_messages_of_bots_of_itself_and_without_brackets_are_not_answered(fake):
    channel = new_channel()
    before = len(fake.channel_posts)
    other_bot = fake.user_message("[[Boros-Rekrut]]", bot=True, channel_id=channel)
    itself = {**fake.user_message("[[Boros-Rekrut]]", channel_id=channel), "author": fake.bot_user}
    plain = fake.user_message("Boros-Rekrut ohne Klammern", channel_id=channel)
    for message in (other_bot, itself, plain):
        await fake.message_create(message)
    await asyncio.sleep(0.6)
    assert len(fake.channel_posts) == before
    # the same channel still answers a person (the ignored messages used no cool-down)
    await fake.message_create(fake.user_message("[[Boros-Rekrut]]", channel_id=channel))
    assert (await fake.wait_posts(before + 1))[-1]["embeds"][0]["title"] == "Boros-Rekrut"


async def test_a_flood_in_one_channel_is_cut_by_the_cool_down(fake):
    channel = new_channel()
    before = len(fake.channel_posts)
    for i in range(6):
        await fake.message_create(fake.user_message(f"[[Boros-Rekrut]] {i}", channel_id=channel))
    await fake.wait_posts(before + 3)
    await asyncio.sleep(0.6)
    assert len(fake.channel_posts) == before + 3  # 3 per 30 s and channel (cogs/inline.py INLINE_RATE)
    # another channel is not affected
    await fake.message_create(fake.user_message("[[Boros-Rekrut]]", channel_id=new_channel()))
    await fake.wait_posts(before + 4)


async def test_at_most_five_cards_per_message(fake):
    before = len(fake.channel_posts)
    names = ["Boros-Rekrut", "Feld der Unterdrückung", "Chor des Konklave", "Krims // Krams",
             "Goblin-Feuerunhold", "Überstimmen"]
    await fake.message_create(fake.user_message(" ".join(f"[[{n}]]" for n in names), channel_id=new_channel()))
    await fake.wait_posts(before + 1)
    await asyncio.sleep(0.3)
    titles = [e["title"] for post in fake.channel_posts[before:] for e in post["embeds"]]
    assert titles == names[:5]


# ---------------------------------------------------------------- "Meintest du" choices


async def test_meintest_du_buttons_answer_with_that_card(fake):
    res = await fake.command("karte", {"name": "Konklave"})
    assert res.ephemeral and "Meintest du:" in res.embeds[0]["description"]
    choice = button(res, "Chor des Konklave")
    assert choice["style"] == 1 and choice["custom_id"].startswith("rb:card:")  # primary, persistent
    picked = await fake.component(res, choice["custom_id"])
    assert picked.callback_type == 4
    assert picked.embeds[0]["title"] == "Chor des Konklave"  # 001 line 296


async def test_meintest_du_buttons_for_close_rule_numbers_only(fake):
    # only numbers of the same section at most 3 rules away, at most 5, as buttons; none for a far number.
    res = await fake.command("regel", {"suche": "502.99"})
    assert res.ephemeral and res.embeds[0]["title"] == "Regel 502.99 nicht gefunden"
    assert not [c for row in res.components for c in row["components"] if c["type"] in (2, 3)]
    res = await fake.command("regel", {"suche": "502.15"})
    assert res.embeds[0]["title"] == "Regel 502.15 nicht gefunden"
    labels = [b["label"] for b in res.buttons()]
    assert labels == ["Regel 502.13", "Regel 502.13a", "Regel 502.13b"]  # cumulative upkeep, Kälteeinbruch FAQ
    picked = await fake.component(res, next(b for b in res.buttons() if b["label"] == "Regel 502.13")["custom_id"])
    assert picked.callback_type == 4 and picked.ephemeral
    assert picked.embeds[0]["title"].startswith("Regel 502.13")


# ---------------------------------------------------------------- privat and "Im Kanal teilen"


async def test_private_answer_is_shared_in_the_channel(fake):
    res = await fake.command("karte", {"name": "Boros-Rekrut", "privat": True})
    assert res.callback_type == 4 and res.ephemeral
    share = button(res, "Im Kanal teilen")
    shared = await fake.component(res, share["custom_id"])
    assert shared.callback_type == 4 and not shared.ephemeral
    assert shared.embeds == res.embeds
    labels = [b["label"] for b in shared.buttons()]
    assert "Mechanik anzeigen" in labels and "Im Kanal teilen" not in labels


async def test_public_answer_has_no_share_button_and_errors_are_not_shared(fake):
    res = await fake.command("karte", {"name": "Boros-Rekrut", "privat": False})
    assert not res.ephemeral
    assert "Im Kanal teilen" not in [b["label"] for b in res.buttons()]
    bad = await fake.command("karte", {"name": "Xylophon der Zeit", "privat": True})
    assert bad.ephemeral and "Im Kanal teilen" not in [b["label"] for b in bad.buttons()]


# ---------------------------------------------------------------- user install


async def test_interaction_from_a_user_install_in_a_foreign_server_is_answered(fake):
    res = await fake.command("karte", {"name": "Krims // Krams"}, user_install=True)
    assert res.callback_type == 4 and not (res.data.get("flags") or 0) & EPHEMERAL
    embed = res.embeds[0]
    assert embed["title"] == "Krims // Krams"
    # 001 lines 2359 and 2364: {U}{R} (2) and {3}{R}{W} (5); today the sum (002 line 53), in 2006 two values
    assert field(embed, "Manawert heute").startswith("7 ")
    assert field(embed, "Manawert 2006").startswith("2 und 5")
    split = await fake.component(res, button(res, "Regeln für geteilte Karten")["custom_id"], user_install=True)
    assert split.embeds[0]["title"] == "Geteilte Karten – Zwietracht"  # 001 line 2042
    private = await fake.command("karte", {"name": "Goblin-Feuerunhold", "privat": True}, user_install=True)
    assert GOBLIN_ERRATUM in field(private.embeds[0], "Erratum")
    shared = await fake.component(private, button(private, "Im Kanal teilen")["custom_id"], user_install=True)
    assert not shared.ephemeral and shared.embeds[0]["title"] == "Goblin-Feuerunhold"


async def test_commands_in_a_direct_message(fake):
    res = await fake.command("hilfe", guild=False)
    assert res.embeds[0]["title"] == "Regelbot – Befehle"


async def test_a_slow_private_answer_is_deferred_privately(fake, store_db):
    """The store is locked for ~2.5 s: the bot defers after 2 s — ephemerally, since the answer is private —
    and the follow-up carries the card and its share button."""
    lock = sqlite3.connect(store_db, isolation_level=None, timeout=0)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        slow = asyncio.create_task(fake.command("karte", {"name": "bOROS-rEKRUT", "privat": True},  # not asked before
                                                timeout=15))
        await asyncio.sleep(2.5)
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    res = await slow
    assert res.callback_type == 5 and res.data["flags"] & EPHEMERAL
    assert res.ephemeral and not res.original_deleted  # no public "thinking…" was shown
    assert res.final["embeds"][0]["title"] == "Boros-Rekrut"
    assert "Im Kanal teilen" in [c["label"] for row in res.final["components"] for c in row["components"]]


# ---------------------------------------------------------------- INLINE_CARDS off (own bot process)


async def test_with_inline_cards_off_no_message_content_intent_and_no_listener(bot_argv, store_db,
                                                                             tmp_path_factory):
    async with FakeDiscord() as other, running_bot(other, tmp_path_factory.mktemp("inline-off"), argv=bot_argv,
                                                   db=store_db, extra_env={"INLINE_CARDS": "0"}, cold=True) as proc:
        await other.wait_sync()
        intents = other.identifies[0]["intents"]
        assert not intents & MESSAGE_CONTENT
        assert not intents & (1 << 9) and not intents & (1 << 12)  # no GUILD_MESSAGES, no DIRECT_MESSAGES
        await other.message_create(other.user_message("[[Boros-Rekrut]]"))  # even if Discord sent one
        await asyncio.sleep(0.6)
        assert other.channel_posts == []
        target = other.user_message("Boros-Rekrut")  # the message command needs no intent
        res = await other.message_command("Karten erklären", target)
        assert res.embeds[0]["title"] == "Boros-Rekrut"
        assert other.errors == [] and other.invalid == []
    assert proc.returncode == 0, proc.tail()


async def test_a_message_command_answer_too_long_for_its_share_button_is_shared_as_a_copy(fake):
    names = " ".join(f"[[Unbekannte Karte Nummer {i} mit langem Namen]]" for i in range(9))
    res = await fake.message_command("Karten erklären", fake.user_message(f"[[Boros-Rekrut]] {names}"))
    share = button(res, "Im Kanal teilen")
    assert share["custom_id"].endswith(":!")  # the invocation does not fit: the button copies its message
    shared = await fake.component(res, share["custom_id"])
    assert shared.callback_type == 4 and not shared.ephemeral
    assert shared.embeds == res.embeds
    assert "Im Kanal teilen" not in [b["label"] for b in shared.buttons()]
