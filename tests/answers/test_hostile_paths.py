"""Answer paths a hostile user broke, on the documents' store: what ``/mana versorgung`` offers and reads (life in
words, ``ODER``, Discord mentions), the card ``/frage`` read by one word of its name, the note on a question made of
markup only, several rule numbers in one ``/regel suche``."""

from __future__ import annotations

from bot.answers import run_answer, run_completer
from bot.answers.rule_numbers import MAX_NUMBERS, rule_numbers
from bot.answers.upkeep import upkeep_card_names, upkeep_cards
from bot.rules.mana import parse_upkeep
from bot.rules.mana.symbols import ManaError
from tests.conftest import call_cli


def text(reply) -> str:
    page = reply.pages[0]
    return "\n".join([page.title, page.body, *(f"{f.name}: {f.value}" for f in page.fields)])


#: The 14 cards of the Kälteeinbruch FAQ (001 #4) whose text prints „Kumulative Versorgung“, in German order.
UPKEEP_CARDS = ["Ende des Winterschlafs", "Jötun-Geiferer", "Karplusanischer Minotaurus", "Lästige Sphinx",
                "Leshracs Herold", "Magmakern", "Phobisches Traumwesen", "Phyrexianischer Seelenverschlinger",
                "Ronom-Moloch", "Schützender Baumältester", "Scherbenmauer", "Tressen aus Feuer",
                "Überlebender der Unsichtbaren", "Winterliche Bedeckung"]


async def test_upkeep_autocomplete_offers_only_cards_with_cumulative_upkeep(ctx):
    everything = await run_completer(ctx, upkeep_card_names, "")
    assert sorted(c.value for c in everything) == sorted(UPKEEP_CARDS)
    assert [c.value for c in everything][:2] == ["Ende des Winterschlafs", "Jötun-Geiferer"]
    assert [c.value for c in await run_completer(ctx, upkeep_card_names, "tre")] == ["Tressen aus Feuer"]
    # starts first, then inside a name: „winter“ starts Winterliche Bedeckung and is inside Ende des Winterschlafs
    assert [c.value for c in await run_completer(ctx, upkeep_card_names, "winter")] == [
        "Winterliche Bedeckung", "Ende des Winterschlafs"]
    assert await run_completer(ctx, upkeep_card_names, "boros") == []  # Boros-Rekrut has none
    assert "Tressen aus Feuer" in [c.value for c in await run_completer(ctx, upkeep_card_names, "tresen")]
    assert await upkeep_cards(ctx.store) is await upkeep_cards(ctx.store)  # prepared once per store


async def test_upkeep_reads_life_in_words_and_bounds_it(ctx):
    for typed in ("Zahle zwei Lebenspunkte", "zwei Lebenspunkte", "Zahle 2 Lebenspunkte"):
        reply = await run_answer(ctx, "mana_upkeep", cost=typed, counters=2)
        assert "**Gesamtkosten:** 6 Lebenspunkte" in reply.pages[0].body, typed
    one = await run_answer(ctx, "mana_upkeep", cost="Zahle einen Lebenspunkt", counters=0)
    assert "**Gesamtkosten:** 1 Lebenspunkt" in one.pages[0].body
    big = await run_answer(ctx, "mana_upkeep", cost="Zahle 1000000 Lebenspunkte", counters=2)
    assert "**Gesamtkosten:** 3000000 Lebenspunkte" in big.pages[0].body
    huge = await run_answer(ctx, "mana_upkeep", cost="Zahle 99999999999999999999 Lebenspunkte", counters=2)
    assert huge.error and huge.pages[0].title == "Ungültige Versorgungskosten"
    assert huge.pages[0].body == "„99999999999999999999 Lebenspunkte“ ist zu viel: höchstens 1.000.000 Lebenspunkte " \
                                 "je Zahlung."


def test_upkeep_choices_are_read_in_any_case():
    assert parse_upkeep("{1} ODER {R}") == parse_upkeep("{1} oder {R}") == parse_upkeep("{1} Oder {R}")
    assert len(parse_upkeep("{W} OR {U}")) == 2
    try:
        parse_upkeep("{1} oder Zahle 1000001 Lebenspunkte")
    except ManaError as exc:
        assert str(exc).startswith("Möglichkeit 2: „1000001 Lebenspunkte“ ist zu viel")
    else:
        raise AssertionError("a life payment over the bound was read")


async def test_upkeep_choice_in_capitals_is_answered(ctx):
    reply = await run_answer(ctx, "mana_upkeep", cost="{1} ODER {R}", counters=2)
    assert "**Gesamtkosten (4):** {3} · {2}{R} · {1}{R}{R} · {R}{R}{R}" in reply.pages[0].body


async def test_a_discord_mention_in_a_mana_option_is_refused_clearly(ctx):
    for cost in ("{1}<@123>", "{1}<:name:1>", "<#1>"):
        reply = await run_answer(ctx, "mana_upkeep", cost=cost, counters=2)
        assert reply.error and reply.pages[0].title == "Versorgungskosten: Erwähnung von Discord", cost
        assert "ist eine Erwähnung, ein Emoji oder ein Link von Discord, kein Manasymbol" in reply.pages[0].body
    info = await run_answer(ctx, "mana_info", cost="{2}<@!5>")
    assert info.error and info.pages[0].title == "Kosten: Erwähnung von Discord"
    pool = await run_answer(ctx, "mana_pay", cost="{1}", pool="<@1> 2 rot")
    assert pool.error and pool.pages[0].title == "Manavorrat: Erwähnung von Discord"


async def test_a_card_read_by_one_word_of_its_name_is_said(ctx):
    # „Maadi“ is a word only the name of Rix Maadi, Palast aus Kerkern holds (001 #3, Zwietracht)
    reply = await run_answer(ctx, "question", question="was macht maadi")
    assert "ℹ️ „maadi“ gelesen als Teil des Namens von **Rix Maadi, Palast aus Kerkern**." in reply.pages[0].body
    whole = await run_answer(ctx, "question", question="was macht Rix Maadi, Palast aus Kerkern")
    assert "gelesen als Teil des Namens" not in whole.pages[0].body


async def test_a_question_of_markup_only_says_what_was_not_read(ctx):
    reply = await run_answer(ctx, "question", question="<@123>")
    assert reply.error and reply.pages[0].title == "Keine Suchwörter in „\\<\\@123\\>“"
    assert reply.pages[0].body.startswith("ℹ️ Nicht gelesen: „\\<\\@123\\>“ (Links, Erwähnungen und Emojis von "
                                          "Discord nennen keine Karte und keine Regel).\n")


def test_rule_numbers_of_a_search():
    assert rule_numbers("702.19 und 104.3f") == ["702.19", "104.3f"]
    assert rule_numbers("Regel 702.19, Regel 104.3F") == ["702.19", "104.3f"]
    assert rule_numbers("702,19 oder 104,3f") == ["702.19", "104.3f"]
    assert rule_numbers("702.19") == [] and rule_numbers("702.19 fehde") == []
    assert rule_numbers("702.19 702.19") == []  # one number, twice


async def test_several_rule_numbers_answer_each(ctx):
    reply = await run_answer(ctx, "rule", search="702.19 und 104.3f")
    titles = [p.title for p in reply.pages]
    assert titles[0] == "Regel 702.19 (heute) – Trampelschaden"
    assert "Regel 104.3f (so zitiert) – heute 107.4e" in titles
    assert reply.pages[0].body.startswith("ℹ️ 2 Regelnummern gesucht; jede wird einzeln gezeigt: 702.19, 104.3f.")
    many = await run_answer(ctx, "rule", search="101.1 102.1 103.1 104.1 105.1 106.1 107.1")
    assert f"gezeigt werden die ersten {MAX_NUMBERS}: 101.1, 102.1, 103.1, 104.1, 105.1 (nicht gezeigt: 106.1, " \
           "107.1)" in many.pages[0].body


def test_an_invisible_character_inside_a_half_name_keeps_its_line(built_db):
    # Krims // Krams (001 #3, Zwietracht): through a door (bot.commands.check.check_options cleans every text once,
    # bot.text.clean) a zero-width space splits „Kr ams“, read joined; soft hyphen, word joiner and BOM are dropped
    # inside the word; each keeps the half name's line (so on main already)
    line = "ℹ️ „Krams“ gelesen als Hälfte der geteilten Karte **Krims // Krams**."
    for typed in ("Kr\u200bams", "Kr\u00adams", "Kr\u2060ams", "Kr\ufeffams"):
        proc = call_cli("call", f"/frage frage: {typed}", db=built_db)
        assert proc.stdout.startswith("== Krims // Krams ==") and line in proc.stdout, typed
