"""What Discord receives of every kind of answer: each custom_id once per message, one answer per name that a message
names twice, the message command's missing names said as ``/karte`` says them, each card page's own „Stand …“,
the calculators' text options read as Discord shows them (markdown wrappers taken off)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.answers import run_answer
from bot.answers.calc_choices import CALCULATORS
from bot.answers.chat import inline_replies
from bot.commands import TABLE
from bot.page_fit import fit_reply
from bot.render import channel_payloads, message_payload
from bot.reply import Action, Page, Reply, as_private
from bot.text import unwrapped


def ids_of(message: dict[str, Any]) -> list[str]:
    """Every custom_id of a message payload (buttons and select menus), row after row."""
    return [c["custom_id"] for row in message.get("components") or [] for c in row["components"]]


def assert_unique(message: dict[str, Any]) -> None:
    """Discord refuses a message whose custom_ids repeat, or a select menu whose option values repeat."""
    ids = ids_of(message)
    assert len(ids) == len(set(ids)), ids
    for row in message.get("components") or []:
        for c in row["components"]:
            values = [o["value"] for o in c.get("options") or []]
            assert len(values) == len(set(values)), values


#: One invocation of each kind of answer: the message command's cards, its names that fit no card or fit one card
#: twice, a card, a card's rulings, a name that fits none, a mechanic, a rule search, a ruling search, a calculator.
KINDS = [
    ("explain_message", {"text": "[[Boros]] [[Bor]]"}),
    ("explain_message", {"text": "[[Agrus]] [[Agru]]"}),
    ("explain_message", {"text": "[[Blitz]] [[Blitzs]]"}),
    ("explain_message", {"text": "[[Driven]] [[Destined]]"}),
    ("explain_message", {"text": "[[Krims // Krams]] [[Driven]] [[Destined]] [[Fehde]] [[Getrieben]]"}),
    ("explain_message", {"text": "[[Agrus Kos, Wojek-Veteran]] [[Agru]] [[Agrus]]"}),
    ("card", {"name": "Bor"}),
    ("card", {"name": "Driven"}),
    ("ruling", {"card": "Getrieben // Verzweiflung"}),
    ("mechanic", {"name": "Fehde"}),
    ("rule", {"search": "702.19 und 104.3f"}),
    ("ruling", {"search": "manaburn"}),
    ("mana_info", {"cost": "Blitzs"}),
]


@pytest.mark.parametrize(("key", "options"), KINDS)
async def test_every_page_of_every_kind_holds_each_custom_id_once(ctx, key, options):
    reply = await run_answer(ctx, key, **options)
    for shown in (reply, as_private(reply)):
        for page in range(len(fit_reply(shown))):
            assert_unique(message_payload(shown, page))


def test_a_repeated_choice_or_button_is_shown_once_the_first_kept():
    twice = [Action("Agrus Kos, Wojek-Veteran", "card", "8"), Action("Agrus Kos (2)", "card", "8")]
    reply = Reply(pages=[Page("x", "y")], choices=twice, actions=[Action("Rulings", "rulings", "274")] * 2)
    message = message_payload(reply)
    assert ids_of(message) == ["rb:card:8", "rb:rulings:274"]
    assert message["components"][0]["components"][0]["label"] == "Agrus Kos, Wojek-Veteran"
    # more than five choices are one select menu: each value once
    many = [Action(f"Karte {i}", "card", str(i)) for i in range(6)] * 2
    (row,) = message_payload(Reply(pages=[Page("x", "y")], choices=many))["components"]
    assert [o["value"] for o in row["components"][0]["options"]] == [str(i) for i in range(6)]


async def test_the_message_command_names_one_card_once(ctx):
    # Agrus and Agru both mean Agrus Kos (card 8 of 001): one button
    reply = await run_answer(ctx, "explain_message", text="[[Agrus]] [[Agru]]")
    assert ids_of(message_payload(reply)) == ["rb:card:8"]
    reply = await run_answer(ctx, "explain_message", text="[[Driven]] [[Driven // Despair]] [[Destined]]")
    assert ids_of(message_payload(reply)).count("rb:rulings:274") == 1  # one card, once


async def test_inline_names_of_one_card_get_one_reply(ctx):
    replies = await inline_replies(ctx, "[[Agrus]] [[Agru]]")
    assert [r.pages[0].title for r in replies] == ["Keine Karte „Agrus“ gefunden"]
    assert [(c.label, c.arg) for c in replies[0].choices] == [("Agrus Kos, Wojek-Veteran", "8")]
    # the card itself answered: a name that only offers it again says nothing new
    replies = await inline_replies(ctx, "[[Agrus Kos, Wojek-Veteran]] [[Agru]]")
    assert [r.pages[0].title for r in replies] == ["Agrus Kos, Wojek-Veteran"]
    # names that offer other cards too, or nothing, are still answered each
    replies = await inline_replies(ctx, "[[Boros]] [[Bor]] [[xyzzy]]")
    assert [r.pages[0].title for r in replies] == [
        "Keine Karte „Boros“ gefunden", "Keine Karte „Bor“ gefunden", "Keine Karte „xyzzy“ gefunden"]
    for message in channel_payloads(replies):
        assert_unique(message)
        bodies = [(e.get("description"), ids_of(message)) for e in message["embeds"]]
        assert len(bodies) == len(set(map(str, bodies)))


@pytest.mark.parametrize("name", ["Fehde", "Destined"])
async def test_the_message_command_says_of_a_name_what_karte_says(ctx, name):
    karte = await run_answer(ctx, "card", name=name)
    alone = await run_answer(ctx, "explain_message", text=f"[[{name}]]")
    assert karte.pages[0].body in alone.pages[0].body
    assert [(a.action, a.arg) for a in alone.choices] == [(a.action, a.arg) for a in karte.choices + karte.actions]
    # beside a card: the page of names that fit no card says it, with the same buttons
    beside = await run_answer(ctx, "explain_message", text=f"[[{name}]] [[Boros-Rekrut]]")
    assert f"• {karte.pages[0].body}" in beside.pages[-1].body
    offered = {(a.action, a.arg) for a in beside.pages[-1].actions or []}  # that page's own buttons
    assert {(a.action, a.arg) for a in karte.choices + karte.actions} <= offered


async def test_the_message_command_explains_the_card_of_its_own_english_half_name(ctx):
    # 002 prints „Driven und Despair beeinflussen nur Kreaturen, die du kontrollierst …“ of Getrieben // Verzweiflung:
    # explained as /karte answers it (until 2026-12-07 evening both only offered the card, „Meintest du …?“)
    reply = await run_answer(ctx, "explain_message", text="[[Driven]]")
    karte = await run_answer(ctx, "card", name="Driven")
    assert reply.pages[0].title == karte.pages[0].title == "Getrieben // Verzweiflung"
    assert reply.pages[0].body.startswith("_ℹ️ „Driven“ ist kein Kartenname in der Datenbank; gelesen als "
                                          "**Getrieben // Verzweiflung**, dessen Rulings es so nennen._")
    assert reply.pages[0].body.split("\n")[0] == karte.pages[0].body.split("\n")[0]
    reply = await run_answer(ctx, "explain_message", text="[[Fehde]]")
    assert "„Fehde“ ist keine Karte, sondern eine Mechanik: `/mechanik name: Fehde`" in reply.pages[0].body
    assert [(c.action, c.label) for c in reply.choices] == [("mechanic", "Fehde")]


async def test_each_card_page_of_the_message_command_names_its_documents_date(ctx):
    # Bestimmt // Unbeirrt: Zwietracht FAQ of 17.03.2006; Tressen aus Feuer: Kälteeinbruch FAQ of 01.06.2006
    text = "[[Bestimmt // Unbeirrt]] und [[Tressen aus Feuer]]"
    reply = await run_answer(ctx, "explain_message", text=text)
    footers = [message_payload(reply, i)["embeds"][0]["footer"]["text"] for i in range(len(fit_reply(reply)))]
    assert footers == ["Quelle: Zwietracht – Häufig gestellte Fragen · Stand 17.03.2006 · Seite 1/2",
                       "Quelle: Kälteeinbruch – Häufig gestellte Fragen · Stand 01.06.2006 · Seite 2/2"]
    karte = await run_answer(ctx, "card", name="Bestimmt // Unbeirrt")
    assert message_payload(karte)["embeds"][0]["footer"]["text"] == footers[0].removesuffix(" · Seite 1/2")


@pytest.mark.parametrize(("text", "plain"), [
    ("**{1}**", "{1}"), ("`{1}`", "{1}"), ("||{2}||", "{2}"), ("~~ {G} ~~", "{G}"), ("***_grün_***", "grün"),
    ("G*", "G*"), ("{G*}", "{G*}"), ("**", "**"), ("", ""),
    ("*a*, *b*", "a, b"), ("**0:17**, **2:3**", "0:17, 2:3"),
    ("**10x Wald**, 3x **Boros-Rekrut**", "10x Wald, 3x Boros-Rekrut"), ("**{R}** oder **{G}**", "{R} oder {G}"),
    ("grün, __weiß__", "grün, weiß"), ("||{W}|| oder ||{U}||", "{W} oder {U}"), ("{G*}{G*}", "{G*}{G*}"),
    ("G* und G*", "G* und G*"), ("2 grün*, 1 rot*", "2 grün*, 1 rot*"), ("a**b**c", "a**b**c"),
    ("{W} || {U} || {B}", "{W} || {U} || {B}"),
])
def test_unwrapped_takes_off_pairs_around_the_whole_and_each_entry(text, plain):
    assert unwrapped(text) == plain


#: An invocation of each calculator, with the text options it reads (the seed fixes /fehde chancen's example).
CALCULATIONS: dict[str, dict[str, Any]] = {
    "mana_info": {"cost": "{2}{G/W}"},
    "mana_pay": {"cost": "{1}{G}", "pool": "{G}{G}"},
    "mana_convoke": {"cost": "{3}{G}", "creatures": "grün"},
    "mana_total": {"cost": "{3}", "increase": "{1}", "reduction": "{G}", "alternative": "{2}"},
    "mana_upkeep": {"cost": "{W} oder {U}", "counters": 1},
    "clash_reveal": {"card1": "Boros-Rekrut", "card2": "{2}{G}"},
    "clash_odds": {"library1": "0:17", "library2": "2:8", "seed": 7},
}


def test_every_calculator_has_an_invocation_here():
    TABLE.resolve_all()  # imports every answer module: CALCULATORS complete
    calculators = [leaf.command.answer for leaf in TABLE.leaves if leaf.path[0] in ("mana", "clash")]
    assert len(calculators) == 7 and all(fn in CALCULATORS.values() for fn in calculators)
    assert set(CALCULATIONS) == set(CALCULATORS)


@pytest.mark.parametrize("key", sorted(CALCULATIONS))
@pytest.mark.parametrize("wrap", ["**{}**", "`{}`", "||{}||", "_{}_", "~~{}~~"])
async def test_every_text_option_of_the_calculators_takes_off_markdown(ctx, key, wrap):
    options = CALCULATIONS[key]
    reply = await run_answer(ctx, key, **options)
    assert not reply.error, reply.pages[0].title
    plain = message_payload(reply)
    for name, value in options.items():
        if isinstance(value, str):
            wrapped = message_payload(await run_answer(ctx, key, **{**options, name: wrap.format(value)}))
            assert wrapped == plain, (name, wrapped["embeds"][0].get("title"))


async def test_the_reported_secondary_options_read_as_typed_plainly(ctx):
    total = await run_answer(ctx, "mana_total", cost="{3}", increase="**{1}**")
    assert total.pages[0].body.startswith("**Gesamtkosten:** {4}")
    assert (await run_answer(ctx, "mana_total", cost="{3}", reduction="`{1}`")).pages[0].body.startswith(
        "**Gesamtkosten:** {2}")
    assert (await run_answer(ctx, "mana_total", cost="{3}", alternative="||{2}||")).pages[0].body.startswith(
        "**Gesamtkosten:** {2}")
    assert (await run_answer(ctx, "mana_total", cost="{3}", increase="**{1}**, **{2}**")).pages[0].body.startswith(
        "**Gesamtkosten:** {6}")
    paid = await run_answer(ctx, "mana_pay", cost="{G}", pool="**{G}**")
    assert paid.pages[0].body.startswith("✅ **Bezahlbar** mit {G}.")
    odds = await run_answer(ctx, "clash_odds", library1="**0:17**", library2="2:8", seed=1)
    assert "Bibliothek 1: 17 Karten (0:17)." in str(odds.pages[0].fields)


def test_a_new_process_sends_each_custom_id_once(built_db):
    """``python -m bot call --json`` (README: exactly the payload Discord receives) of the message command, as a new
    process on the store the build wrote: „Boros“ and „Bor“ offer the same cards, each button once („Boros“, the
    Boros-Gilde, its mechanic Ausstrahlung first: bot.guilds)."""
    import json

    from tests.conftest import run_cli

    sent = run_cli("call", "--json", "Karten erklären: [[Boros]] [[Bor]]", db=built_db)
    assert sent.returncode == 0, sent.stderr
    message = json.loads(sent.stdout)
    assert_unique(message)
    assert ids_of(message) == ["rb:mechanic:8", "rb:card:1", "rb:card:57", "rb:card:32", "rb:card:97"]
    assert message["embeds"][0]["title"] == "Keine Karten in dieser Nachricht gefunden"


async def test_each_entry_and_alternative_of_a_calculator_reads_as_typed_plainly(ctx):
    odds = await run_answer(ctx, "clash_odds", library1="**0:17**, **2:3**", library2="2:8", seed=1)
    assert not odds.error and "Bibliothek 1: 20 Karten (0:17 2:3)." in str(odds.pages[0].fields)
    named = await run_answer(ctx, "clash_odds", library1="**10x Wald**, 3x **Boros-Rekrut**", library2="2:8", seed=1)
    assert "Bibliothek 1 gelesen: 10× Wald (0), 3× Boros-Rekrut (1)." in str(named.pages[0].fields)
    upkeep = await run_answer(ctx, "mana_upkeep", cost="**{R}** oder **{G}**", counters=3)
    assert upkeep.pages[0].title == "Kumulative Versorgung {R} oder {G}"
    convoke = await run_answer(ctx, "mana_convoke", cost="{2}{G}", creatures="grün, __weiß__")
    assert "So: grün → {G} · weiß → {1}" in convoke.pages[0].body


def test_unwrapping_a_long_list_keeps_every_entry():
    entries = ", ".join(["**2:3**"] * 700)  # 6 299 characters, more than an option of Discord holds
    assert unwrapped(entries) == ", ".join(["2:3"] * 700)
    assert unwrapped("*a " * 2000) == ("*a " * 2000).strip()  # openers without a closer stay
