"""Answer paths a hostile user broke, on the documents' store: what ``/mana versorgung`` offers and reads (life in
words, ``ODER``, Discord mentions), the card ``/frage`` read by one word of its name, the note on a question made of
markup only, several rule numbers in one ``/regel suche``."""

from __future__ import annotations

from bot.answers import run_answer, run_completer
from bot.answers.rule_numbers import MAX_NUMBERS, NumberSearch, rule_numbers
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
    assert "**Gesamtkosten:** 3.000.000 Lebenspunkte" in big.pages[0].body
    huge = await run_answer(ctx, "mana_upkeep", cost="Zahle 99999999999999999999 Lebenspunkte", counters=2)
    assert huge.error and huge.pages[0].title == "Ungültige Versorgungskosten"
    assert huge.pages[0].body == "„99999999999999999999 Lebenspunkte“ ist zu viel: höchstens 1.000.000 Lebenspunkte " \
                                 "je Zahlung."


async def test_upkeep_refuses_negative_fractional_and_zero_life(ctx):
    # 119.4: life is paid in whole points; 0 life can always be paid, so there is nothing to count
    for typed, amount in (("Zahle -3 Lebenspunkte", "-3"), ("Zahle 1,5 Lebenspunkte", "1,5"),
                          ("Zahle 1.5 Lebenspunkte", "1.5"), ("Zahle −2 Lebenspunkte", "−2")):
        reply = await run_answer(ctx, "mana_upkeep", cost=typed, counters=2)
        assert reply.error and reply.pages[0].title == "Ungültige Versorgungskosten", typed
        assert reply.pages[0].body == (f"„{amount} Lebenspunkte“ ist keine Zahlung: Lebenspunkte werden in ganzen "
                                       "Zahlen ab 1 gezahlt, ohne Vorzeichen und ohne Komma (Regel 119.4), z. B. "
                                       "„Zahle 2 Lebenspunkte“."), typed
    zero = await run_answer(ctx, "mana_upkeep", cost="Zahle 0 Lebenspunkte", counters=2)
    assert zero.error and zero.pages[0].body.startswith("„0 Lebenspunkte“ kostet nichts: 0 Lebenspunkte kann man "
                                                        "immer zahlen (Regel 119.4)")


async def test_upkeep_reads_a_million_in_words(ctx):
    million = await run_answer(ctx, "mana_upkeep", cost="Zahle eine Million Lebenspunkte", counters=2)
    assert "**Gesamtkosten:** 3.000.000 Lebenspunkte" in million.pages[0].body
    assert parse_upkeep("drei Tausend Lebenspunkte")[0].life == 3000
    assert parse_upkeep("Zahle alle Lebenspunkte")[0].other == ("Zahle alle Lebenspunkte",)  # no number word
    two = await run_answer(ctx, "mana_upkeep", cost="Zahle zwei Millionen Lebenspunkte", counters=2)
    assert two.error and two.pages[0].body == ("„zwei Millionen Lebenspunkte“ ist zu viel: höchstens 1.000.000 "
                                               "Lebenspunkte je Zahlung.")


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
    assert rule_numbers("702.19 und 104.3f").numbers == ["702.19", "104.3f"]
    assert rule_numbers("Regel 702.19, Regel 104.3F").numbers == ["702.19", "104.3f"]
    assert rule_numbers("Regeln 702.19 und 104.3f") == NumberSearch(["702.19", "104.3f"])  # „Regeln“ is no word
    assert rule_numbers("702,19 oder 104,3f").numbers == ["702.19", "104.3f"]
    assert rule_numbers("702.19") is None and rule_numbers("spielstein friedhof") is None
    assert rule_numbers("Zahle 2 Lebenspunkte") is None  # a digit that is no rule number: words
    assert rule_numbers("702.19 fehde") == NumberSearch(["702.19"], words=["fehde"])
    assert rule_numbers("702.19 und 104.3f und") == NumberSearch(["702.19", "104.3f"])  # a list's word left at the end
    # one number named twice, also as read from a look-alike letter (O as 0), and 850 times: judged once each
    assert rule_numbers("702.19 702.19") == NumberSearch(["702.19"], repeated=["702.19"])
    assert rule_numbers("702.19 und 7O2.19") == NumberSearch(["702.19"], ["702.19"], [("7O2.19", "702.19", "O als 0")])
    assert rule_numbers("702.19 " * 850) == NumberSearch(["702.19"], repeated=["702.19"])
    assert rule_numbers("104.3f und 7022.19") == NumberSearch(["104.3f"], invalid=["7022.19"])
    assert rule_numbers("7022.19 und Trampelschaden") == NumberSearch(invalid=["7022.19"], words=["Trampelschaden"])


async def test_a_number_named_twice_is_answered_once(ctx):
    for search in ("702.19 und 702.19", "702.19 702.19", "702.19 und 7O2.19", "702.19 " * 850):
        reply = await run_answer(ctx, "rule", search=search)
        titles = [p.title for p in reply.pages]
        assert titles == ["Regel 702.19 (heute) – Trampelschaden"], search
        assert reply.pages[0].body.startswith("ℹ️ Mehrfach genannt, einmal gezeigt: 702.19.\n"), search
    read = await run_answer(ctx, "rule", search="702.19 und 7O2.19")
    assert "ℹ️ „7O2.19“ ist so keine Regelnummer; gelesen als 702.19 (O als 0).\n" in read.pages[0].body


async def test_a_number_beside_words_answers_the_number_then_the_words(ctx):
    reply = await run_answer(ctx, "rule", search="702.19 und Trampelschaden")
    assert reply.pages[0].title == "Regel 702.19 (heute) – Trampelschaden"
    assert reply.pages[0].body.startswith("ℹ️ Das Wort „Trampelschaden“ wurde auch gesucht; seine Treffer folgen "
                                          "nach der Regel.\n")
    assert reply.pages[1].title == "Trampelschaden – Regel 702.19"  # the term page of the words
    nothing = await run_answer(ctx, "rule", search="702.19 und xyzzyq")
    assert not nothing.error and nothing.pages[0].title == "Regel 702.19 (heute) – Trampelschaden"
    assert "ℹ️ Das Wort „xyzzyq“ wurde auch gesucht: nichts gefunden.\n" in nothing.pages[0].body


async def test_a_mistyped_number_beside_numbers_is_named(ctx):
    reply = await run_answer(ctx, "rule", search="104.3f und 7022.19")
    assert reply.pages[0].title == "Regel 104.3f (heute) · so zitiert 2005, heute 107.4e"
    assert reply.pages[0].body.startswith("ℹ️ „7022.19“ ist keine gültige Regelnummer (drei Ziffern, ein Punkt, "
                                          "eine bis drei Ziffern, vielleicht ein Buchstabe).\n")
    both = await run_answer(ctx, "rule", search="7022.19 und 8000.1")
    assert both.error and both.pages[0].title == "Ungültige Regelnummer"
    assert both.pages[0].body.startswith("„7022.19“, „8000.1“ sind keine gültigen Regelnummern")
    words = await run_answer(ctx, "rule", search="7022.19 und Trampelschaden")
    assert words.pages[0].title == "Trampelschaden – Regel 702.19"
    assert "ℹ️ „7022.19“ ist keine gültige Regelnummer" in words.pages[0].body


async def test_several_rule_numbers_answer_each(ctx):
    reply = await run_answer(ctx, "rule", search="702.19 und 104.3f")
    titles = [p.title for p in reply.pages]
    assert titles[0] == "Regel 702.19 (heute) – Trampelschaden"
    assert "Regel 104.3f (heute) · so zitiert 2005, heute 107.4e" in titles
    assert reply.pages[0].body.startswith("ℹ️ 2 Regelnummern gesucht; jede wird einzeln gezeigt: 702.19, 104.3f.")
    many = await run_answer(ctx, "rule", search="101.1 102.1 103.1 104.1 105.1 106.1 107.1")
    # 101.1 and 106.1 are no rules of the bot's: they take no shown rule's place, so all seven are looked up
    # (before, 106.1 and 107.1 were named as not shown)
    assert many.pages[0].body.startswith("ℹ️ 7 Regelnummern gesucht; jede wird einzeln gezeigt: 101.1, 102.1, 103.1, "
                                         "104.1, 105.1, 106.1, 107.1.\nℹ️ Nichts gefunden zu 101.1 (Seite „Regel "
                                         "101.1 nicht gefunden“), 106.1 (Seite „Regel 106.1 nicht gefunden“).\n")
    capped = await run_answer(ctx, "rule", search="102.1 103.1 104.1 105.1 107.1 108.1")
    assert f"gezeigt werden die ersten {MAX_NUMBERS}: 102.1, 103.1, 104.1, 105.1, 107.1 (nicht gezeigt: 108.1)" \
        in capped.pages[0].body


def test_an_invisible_character_inside_a_half_name_keeps_its_line(built_db):
    # Krims // Krams (001 #3, Zwietracht): through a door (bot.commands.check.check_options cleans every text once,
    # bot.text.clean) a zero-width space splits „Kr ams“, read joined; soft hyphen, word joiner and BOM are dropped
    # inside the word; each keeps the half name's line (so on main already)
    line = "ℹ️ „Krams“ gelesen als Hälfte der geteilten Karte **Krims // Krams**."
    for typed in ("Kr\u200bams", "Kr\u00adams", "Kr\u2060ams", "Kr\ufeffams"):
        proc = call_cli("call", f"/frage frage: {typed}", db=built_db)
        assert proc.stdout.startswith("== Krims // Krams ==") and line in proc.stdout, typed
