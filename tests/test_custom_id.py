"""The custom_id codec (bot/custom_id.py): round trips, the 100-character bound, forged ids refused."""

from __future__ import annotations

import asyncio
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import bot.answers  # noqa: F401  (registers the answers whose signatures the codec reads)
from bot.commands.buttons import CHANGED, NOT_PAGEABLE, UNKNOWN_BUTTON, press
from bot.config import ConfigError, load_settings
from bot.custom_id import (
    OPEN,
    PAGE,
    SHARE,
    Invocation,
    decode,
    decode_target,
    encode,
    encode_open,
    encode_strict,
    encode_target,
)
from bot.declared_args import PLAIN
from bot.gateway.sharding import IdentifyLimiter
from bot.id_values import BadCustomId, TooLong
from bot.page_fit import fit_reply
from bot.render import buttons, message_payload, page_checks, picked_custom_id
from bot.reply import utf16_len
from tests.conftest import on_fuzz_setting


def test_open_ids_keep_the_documented_shape():
    assert encode_open("rulings", "26") == "rb:rulings:26"
    assert decode("rb:rulings:26").target == Invocation.action("rulings", "26")
    assert decode("rb:cr_rule:701.30c").target == Invocation.action("cr_rule", "701.30c")


def test_the_target_codec_is_the_part_after_the_page_and_refuses_what_decode_refuses():
    """``encode_target``/``decode_target``: what follows ``rb:pg:<page>:<check>:`` (and ``rb:``), checked alike."""
    inv = Invocation.answer("mana_info", cost="Blitzschlange")
    assert encode_target(inv) == "/mana_info:Blitzschlange"
    assert encode_strict(PAGE, inv, 3, "abcdef") == "rb:pg:3:abcdef:" + encode_target(inv)
    assert decode_target("/mana_info:Blitzschlange") == inv == decode("rb:pg:3:abcdef:/mana_info:Blitzschlange").target
    assert decode_target("rulings:26") == Invocation.action("rulings", "26")
    for forged in ("/card", "/ruling:#1", "/mana_upkeep:{W},abc", "cr_rule:<@1>", "pg:1", "/nope:x"):
        with pytest.raises(BadCustomId):
            decode_target(forged)


def test_answer_invocation_is_positional_and_drops_trailing_defaults():
    inv = Invocation.answer("ruling", card=None, search="Bibliothek: leer, 3 Karten")
    cid = encode(PAGE, inv, 2, "abcdef")
    # card (first parameter) is None → "~"; ":" and "," in the text are escaped
    assert cid == "rb:pg:2:abcdef:/ruling:~,Bibliothek%3A leer%2C 3 Karten"
    back = decode(cid)
    assert (back.verb, back.page, back.check, back.target) == (PAGE, 2, "abcdef", inv)
    pay = Invocation.answer("mana_pay", cost="{2}{G/W}", pool="GGW", x=None, life=None)
    assert encode(SHARE, pay, 1) == "rb:sh:1:-:/mana_pay:{2}{G/W},GGW"
    assert decode(encode(SHARE, pay, 1)).target == Invocation.answer("mana_pay", cost="{2}{G/W}", pool="GGW")
    upkeep = Invocation.answer("mana_upkeep", cost="{W}", counters=100)
    assert decode(encode(PAGE, upkeep, 3)).target.kwargs == {"cost": "{W}", "counters": 100}


values = st.one_of(st.none(), st.integers(-(10**12), 10**12), st.booleans(),
                   st.text(st.characters(blacklist_categories=("Cs",)), max_size=30))


@on_fuzz_setting(400)
@given(card=values, search=values, page=st.integers(0, 99_999))
def test_any_values_round_trip_or_do_not_fit(card, search, page):
    inv = Invocation.answer("ruling", card=card, search=search)
    if not all(v is None or type(v) is str for v in (card, search)):  # ruling_answer takes str | None only
        with pytest.raises(BadCustomId, match="does not fit"):
            encode_strict(PAGE, inv, page)
        assert encode(PAGE, inv, page).endswith(":!")
        return
    try:
        cid = encode_strict(PAGE, inv, page)
    except TooLong:
        assert encode(PAGE, inv, page).endswith(":!")
        return
    assert utf16_len(cid) <= 100
    back = decode(cid)
    assert back.page == page
    # trailing defaults (None) are left out of the id and come back as the answer's defaults
    assert {"card": None, "search": None, **back.target.kwargs} == {"card": card, "search": search}


#: Any text a user can type (lone surrogates are no text: Discord's JSON and UTF-8 cannot carry them).
TEXT = st.characters(blacklist_categories=("Cs",))
#: Strings that look like the codec's tagged values: None ``~``, numbers ``#12``, booleans ``!1``.
TAGGED = st.sampled_from("~#!").flatmap(lambda tag: st.one_of(
    st.just(tag),
    st.sampled_from(["12", "1.5", "-3", "0", "1", "~", "#", "!", "%", ",", ":"]).map(tag.__add__),
    st.text(TEXT, max_size=20).map(tag.__add__),
))


@on_fuzz_setting(600)
@given(text=st.one_of(TAGGED, st.text(TEXT, max_size=40)))
@example("#12").via("a search for #12 must not come back as the number 12")
@example("!1").via("nor as True")
@example("~").via("nor as None")
@example("#1.5")
@example("")
def test_any_string_survives_a_custom_id_round_trip(text):
    for inv in (Invocation.answer("card", name=text), Invocation.answer("ruling", card=text, search=text)):
        try:
            cid = encode_strict(PAGE, inv, 1)
        except TooLong:
            continue
        back = decode(cid).target
        assert back == inv
        assert all(type(value) is str and value == text for _, value in back.options)
    # an action's argument declared ``str`` is plain text (bot.declared_args.PLAIN): it round-trips, anything else is
    # never encoded
    # (``mechanic_pick``'s argument is declared ``str``)
    if not re.fullmatch(PLAIN.regex, text):
        with pytest.raises(BadCustomId):
            encode_open("mechanic_pick", text)
        return
    try:
        cid = encode_open("mechanic_pick", text)
    except TooLong:
        return
    assert decode(cid).target == Invocation.action("mechanic_pick", text)

async def test_a_random_answer_is_pinned_so_its_pages_come_back_the_same(core):
    # /fehde chancen without a seed reveals at random: the invocation gets its seed before it runs
    inv = Invocation.pinned("clash_odds", library1="24 Länder, 36 {3}", library2="20 {1}, 40 {2}", seed=None)
    seed = inv.kwargs["seed"]
    assert isinstance(seed, int) and 0 <= seed < 10**9
    run = core.run
    first, again = await run(inv), await run(decode(encode(PAGE, inv, 1)).target)
    assert any(f"Startwert {seed}" in f.name for p in first.pages for f in p.fields)
    assert page_checks(first, fit_reply(first), inv) == page_checks(again, fit_reply(again), inv)
    assert Invocation.pinned("card", name="x") == Invocation.answer("card", name="x")


def test_a_6000_character_search_does_not_fit_and_says_so():
    inv = Invocation.answer("ruling", search="x" * 6000)
    with pytest.raises(TooLong):
        encode_strict(PAGE, inv, 2)
    cid = encode(PAGE, inv, 2, "abcdef")
    assert cid == "rb:pg:2:abcdef:!"
    assert decode(cid).target is None


def test_an_emoji_counts_two_as_discord_s_clients_count_a_custom_id():
    # 100 code points, 101 UTF-16 units: before, sent as it was (Discord's clients count UTF-16 units, „🔥“ two)
    search = "Kampfschaden Blocker vor dem Schaden entfernt wenn der Angreifer blockten 🔥"
    inv = Invocation.answer("ruling", search=search)
    whole = "rb:pg:2:abcdef:" + encode_target(inv)
    assert (len(whole), utf16_len(whole)) == (100, 101)
    with pytest.raises(TooLong):
        encode_strict(PAGE, inv, 2, "abcdef")
    assert encode(PAGE, inv, 2, "abcdef") == "rb:pg:2:abcdef:!"
    with pytest.raises(BadCustomId):
        decode(whole)
    fits = Invocation.answer("ruling", search=search[:-3] + " 🔥")  # a letter fewer: 100 units
    assert decode(encode_strict(PAGE, fits, 2, "abcdef")).target.kwargs["search"] == search[:-3] + " 🔥"


def test_an_option_the_answer_does_not_take_gives_an_unpageable_button_not_a_crash(caplog):
    with pytest.raises(ValueError):
        encode_strict(PAGE, Invocation.answer("card", name="x", privat=True), 2)
    assert encode(PAGE, Invocation.answer("card", name="x", privat=True), 2) == "rb:pg:2:-:!"
    assert "privat" in caplog.text


@pytest.mark.parametrize("forged", [
    "", "rb", "rb:", "xx:rulings:1", "rb:pg:1:abcdef", "rb:pg:x:abcdef:/ruling:a", "rb:pg:1:abc:/ruling:a",
    "rb:pg:1:abcdef:/nosuchanswer:a", "rb:pg:1:abcdef:/ruling:a,b,c", "rb:pg:1:abcdef:/ruling:%ZZ",
    "rb:pg:1:abcdef:/ruling:%ED%A0%80",  # an encoded lone surrogate
    "rb:pg:1:abcdef:/ruling:#" + "9" * 40, "rb:rulings:\ud800",
    "rb:Rulings:1", "rb:pg:1:abcdef:pg:1", "rb:rulings:" + "1" * 95,
    # row-id actions take 1–12 ASCII digits (RowId), the split rules nothing (NoArg)
    "rb:card:1e5", "rb:card:0x10", "rb:rulings:abc", "rb:card:1:2:3", "rb:mechanic:x", "rb:rulex:-1",
    "rb:english:1" + "0" * 12, "rb:mechanic_text:1.5", "rb:split:xyz",
])
def test_forged_ids_are_refused(forged):
    with pytest.raises(BadCustomId):
        decode(forged)


async def test_press_refuses_forged_unfit_and_changed_pages(core):
    run = core.run
    assert (await press("rb:pg:1:abcdef:/ruling:%ED%A0%80", run)).reply is UNKNOWN_BUTTON
    assert (await press("rb:pg:2:abcdef:!", run)).reply is NOT_PAGEABLE
    # 002_6d34ad434ad7e3d9.txt: 13 rulings on Getrieben // Verzweiflung → 3 pages
    inv = Invocation.answer("ruling", card="Getrieben // Verzweiflung")
    reply = await run(inv)
    pages = fit_reply(reply)
    assert len(pages) == 3
    checks = page_checks(reply, pages, inv)
    ok = await press(encode(PAGE, inv, 2, checks[1]), run)
    assert (ok.page, ok.update, ok.origin) == (1, True, inv)
    assert message_payload(ok.reply, ok.page, ok.origin)["embeds"][0]["footer"]["text"].endswith("Seite 2/3")
    # a fingerprint of another page of this answer: the bot never pairs them, so the id is forged
    assert (await press(encode(PAGE, inv, 2, checks[0]), run)).reply is UNKNOWN_BUTTON
    assert (await press(encode(PAGE, inv, 9, checks[1]), run)).reply is UNKNOWN_BUTTON
    # page 0 with the last page's fingerprint alike: before, its index -1 read the last page's fingerprint as its
    # own and answered „Seite nicht vorhanden … 3 Seiten“, while page 99 with it answered „Unbekannte Schaltfläche“
    for page in (0, 4, 99):
        assert (await press(encode(PAGE, inv, page, checks[2]), run)).reply is UNKNOWN_BUTTON, page
    stale = next(c for c in ("abcdef", "ghijkl") if c not in checks)  # a page that looked different when made
    assert (await press(encode(PAGE, inv, 2, stale), run)).reply is CHANGED
    # a fingerprint no page has today decides, whatever the page number: the answer changed (README, „Knöpfe“)
    assert (await press(encode(PAGE, inv, 9, stale), run)).reply is CHANGED
    assert (await press(encode(PAGE, inv, 0, stale), run)).reply is CHANGED
    shared = await press(encode(SHARE, inv, 3, checks[2]), run)
    assert (shared.page, shared.update, shared.reply.ephemeral) == (2, False, False)
    # "-" (no fingerprint) for a page the answer has: no button the bot made, so it cannot skip the check that
    # refuses a changed page, nor post a page publicly that the user never saw
    for cid in ("rb:pg:2:-:/ruling:Getrieben // Verzweiflung", encode(PAGE, inv, 2), encode(SHARE, inv, 1)):
        assert (await press(cid, run)).reply is UNKNOWN_BUTTON, cid
    # "-" stands on the disabled "Zurück" of page 1 and "Weiter" of the last page: past either end, no page
    past = (await press(encode(PAGE, inv, 4), run)).reply
    assert (past.error, past.pages[0].title) == (True, "Seite nicht vorhanden")
    assert "Diese Antwort hat heute 3 Seiten" in past.pages[0].body
    # the same rule for an answer that is an error today (one page): a page past it is „Seite nicht vorhanden“, not
    # the error („Nichts gefunden für „\@everyone““) as if the search had been asked for
    for cid in ("rb:pg:2:-:/ruling:~,@everyone", "rb:sh:2:-:/ruling:~,@everyone", "rb:pg:0:-:/ruling:~,@everyone"):
        forged = (await press(cid, run)).reply
        assert (forged.error, forged.pages[0].title) == (True, "Seite nicht vorhanden"), cid
        assert "Diese Antwort hat heute eine Seite" in forged.pages[0].body


async def test_a_paging_id_with_its_options_swapped_or_changed_is_refused_as_changed(core):
    run = core.run
    # 002: 13 rulings on Getrieben // Verzweiflung → 3 pages; „/ruling suche:“ with the same text is another answer
    inv = Invocation.answer("ruling", card="Getrieben // Verzweiflung")
    checks = page_checks(await run(inv), fit_reply(await run(inv)), inv)
    for other in (Invocation.answer("ruling", card=None, search="Getrieben // Verzweiflung"),
                  Invocation.answer("ruling", card="Getrieben // Verzweiflung", search="Kreatur")):
        # the fingerprint binds the invocation: no page of another answer carries it (also page 2 of an answer
        # with one page today), and no other answer is shown
        cid = encode(PAGE, other, 1, checks[0])
        assert (await press(cid, run)).reply is CHANGED, cid
        assert (await press(encode(PAGE, other, 2, checks[1]), run)).reply is CHANGED
    # the search swapped into the card: today an error (no such card), not run as a new answer
    searched = Invocation.answer("ruling", search="kreatur")
    found = await run(searched)
    made = encode(PAGE, searched, 2, page_checks(found, fit_reply(found), searched)[1])
    assert (await press(made, run)).page == 1
    swapped = made.replace("/ruling:~,kreatur", "/ruling:kreatur")
    assert (await press(swapped, run)).reply is CHANGED


async def test_a_share_button_whose_answer_is_an_error_is_checked_and_stays_private(core):
    run = core.run
    inv = Invocation.answer("card", name="@everyone")
    error = await run(inv)
    assert error.error and error.pages[0].title == "Bitte einen Kartennamen angeben"  # markup alone: nothing typed
    forged = await press(encode(SHARE, inv, 1, "ZK7dJw"), run)  # a fingerprint no page of the answer has
    assert forged.reply is CHANGED
    # the fingerprint cannot tell a forged button from new data: the message names both
    assert forged.reply.pages[0].body == ("Diese Seite sieht heute anders aus als beim Absenden der Antwort (neue "
                                          "Daten oder ein Zufallsteil), oder der Knopf wurde verändert. Bitte den "
                                          "Befehl erneut ausführen.")
    made = await press(encode(SHARE, inv, 1, page_checks(error, fit_reply(error), inv)[0]), run)
    assert made.reply.error and made.reply.ephemeral and made.reply.pages[0].title == error.pages[0].title


async def test_an_action_id_with_an_empty_argument_is_an_unknown_button(core):
    # a select menu's id ("Meintest du") with nothing picked, or a forged one: not "Karte nicht gefunden"
    for cid in ("rb:rulings:", "rb:card:", "rb:passage:", "rb:english:", "rb:rule:", "rb:mechanic:", "rb:rulex:"):
        assert (await press(cid, core.run)).reply is UNKNOWN_BUTTON, cid
    picked = await press(picked_custom_id("rb:rulings:", ["12"]), core.run)  # the pick completes it
    assert picked.reply.pages[0].title == "Rulings: Auge des Sturms (3)"
    split = await press("rb:split:", core.run)  # the split cards' rules take no argument
    assert split.reply.pages[0].title == "Geteilte Karten – Zwietracht"


async def test_the_actions_ids_still_open_their_entries(core):
    for cid in ("rb:card:12", "rb:rulings:12", "rb:split:", "rb:rulex:1"):
        opened = await press(cid, core.run)
        assert not opened.reply.error, (cid, opened.reply.pages[0].title)
    assert (await press("rb:card:12", core.run)).reply.pages[0].title == "Auge des Sturms"


async def test_paging_ids_of_every_page_lead_to_that_page(core):
    run = core.run
    inv = Invocation.answer("ruling", card="Getrieben // Verzweiflung")
    reply = await run(inv)
    message = message_payload(reply, 0, inv)
    for page in (2, 3):
        forward = buttons(message)[1]
        assert forward["label"] == "Weiter" and forward["disabled"] is False
        pressed = await press(forward["custom_id"], run)
        message = message_payload(pressed.reply, pressed.page, pressed.origin, edit=True)
        assert "flags" not in message  # an edit keeps the message's visibility
        assert message["embeds"][0]["footer"]["text"].endswith(f"Seite {page}/3")
    assert buttons(message)[1]["disabled"] is True
    opened = await press(buttons(message)[2]["custom_id"], run)  # "Karte anzeigen"
    assert decode(buttons(message)[2]["custom_id"]).verb == OPEN
    assert opened.reply.ephemeral and opened.reply.pages[0].title == "Getrieben // Verzweiflung"


def test_identify_limiter_spaces_identifies_per_bucket():
    now = [0.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    async def scenario(concurrency: int) -> list[float]:
        limiter = IdentifyLimiter(concurrency, clock=lambda: now[0], sleep=sleep)
        return [await limiter.wait(shard) for shard in range(4)]

    assert asyncio.run(scenario(1)) == [0.0, 5.0, 5.0, 5.0]  # one bucket: 5 s apart
    now[0] = 100.0
    assert asyncio.run(scenario(2)) == [0.0, 0.0, 5.0, 0.0]  # shards 0,2 share bucket 0; 1,3 bucket 1
    now[0] = 200.0
    assert asyncio.run(scenario(16)) == [0.0, 0.0, 0.0, 0.0]


def test_shard_settings(monkeypatch, tmp_path):
    env = tmp_path / ".env"
    env.write_text("")
    for key in ("SHARD_COUNT", "SHARD_IDS", "DISCORD_PUBLIC_KEY"):
        monkeypatch.delenv(key, raising=False)
    plain = load_settings(env)
    assert (plain.shard_count, plain.shard_ids, plain.syncs_commands) == (None, None, True)
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "2, 3")
    second = load_settings(env)
    assert (second.shard_count, second.shard_ids, second.syncs_commands) == (4, (2, 3), False)
    monkeypatch.setenv("SHARD_IDS", "0,1")
    assert load_settings(env).syncs_commands is True
    for count, ids, message in (("4", "4", "kleiner als SHARD_COUNT"), ("4", "1,1", "nur einmal"),
                                ("", "0", "braucht SHARD_COUNT"), ("vier", "", "ganze Zahl"),
                                ("4", "0;1", "Liste")):
        monkeypatch.setenv("SHARD_COUNT", count)
        monkeypatch.setenv("SHARD_IDS", ids)
        with pytest.raises(ConfigError, match=message):
            load_settings(env)
    monkeypatch.delenv("SHARD_IDS")
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("DISCORD_PUBLIC_KEY", "nicht-hex")
    with pytest.raises(ConfigError, match="DISCORD_PUBLIC_KEY"):
        load_settings(env)


@pytest.mark.parametrize(("typed", "carried"), [
    ("Blitzschlange", "Blitzschlange"),  # nothing to escape: the text itself
    ("Zeile\u2028zwei", "Zeile%E2%80%A8zwei"),  # a line separator is white space
    ("Ab\u00a0Zwei", "Ab%C2%A0Zwei"),  # and so is the no-break space
    ("a\tb", "a%09b"),
    ("~frei", "%7Efrei"),  # a tag first would read as None, a number or a bool
    ("frei~", "frei~"),
    ("100% sicher", "100%25 sicher"),
])
def test_text_values_are_escaped_only_where_the_codec_needs_it(typed, carried):
    """A value without a special character is carried as typed; white space other than the space, ``%``, ``,``,
    ``:`` and a leading tag are escaped (UTF-8 bytes as ``%XX``), and decode back."""
    inv = Invocation.answer("ruling", card=None, search=typed)
    assert encode_target(inv) == f"/ruling:~,{carried}"
    assert decode_target(f"/ruling:~,{carried}") == inv


def test_answer_key_follows_the_registry(monkeypatch):
    """The key of an answer function is looked up once and kept, but never outlives a change of the registry."""
    from bot.answers.registry import ANSWERS, answer_key

    fn = ANSWERS["card"]
    assert answer_key(fn) == "card"
    monkeypatch.setitem(ANSWERS, "karte_neu", fn)
    monkeypatch.delitem(ANSWERS, "card")
    assert answer_key(fn) == "karte_neu"
    monkeypatch.delitem(ANSWERS, "karte_neu")
    with pytest.raises(KeyError):
        answer_key(fn)
