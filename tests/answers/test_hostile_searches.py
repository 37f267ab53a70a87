"""``/regel suche`` as a hostile user typed it, on the documents' store: a comma between two numbers that form no
rule (``702,703``), more than 20 pieces, a number beside a Discord mention, digits of other scripts."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.rule_numbers import MAX_NUMBERS, MAX_PIECES, rule_numbers
from bot.commands.check import typed_value
from bot.commands.spec import Kind, Option, Text
from bot.text import clean

TRAMPLE = "Regel 702.19 (heute) – Trampelschaden"


async def test_a_comma_between_two_numbers_that_form_no_rule_lists_them(ctx):
    # 702.703 is no rule the bot answers: two numbers, each on its own pages (702 is Schlüsselwortfähigkeit in the
    # term table, the register's further rows on 702.x on pages of their own; no document of the store names 703)
    reply = await run_answer(ctx, "rule", search="702,703")
    more = "Regel 702: weitere Einträge des Registers"
    assert [p.title for p in reply.pages] == ["Regel 702 (heute) – Schlüsselwortfähigkeit", more, more,
                                              "Regel 703 nicht gefunden"]
    assert reply.pages[0].body.startswith(
        "ℹ️ „702,703“ gelesen als zwei Regelnummern, 702 und 703: eine Regel 702.703 gibt es nicht.\n"
        "ℹ️ 2 Regelnummern gesucht; jede wird einzeln gezeigt: 702, 703.\n")
    # 19 is no rule number of its own: the German decimal comma, nothing said
    decimal = await run_answer(ctx, "rule", search="702,19")
    # no note on the reading (the page's own ℹ️ are the notices of the rulings that use Trampelschaden, since the
    # page of a rule no document quotes lists them)
    assert [p.title for p in decimal.pages] == [TRAMPLE] and "gelesen" not in decimal.pages[0].body
    assert decimal.pages[0].body.startswith("**Trampelschaden** (englisch *Trample*)")
    # in a list: each comma read on its own
    listed = await run_answer(ctx, "rule", search="702,19 und 100,101")
    assert listed.pages[0].title == TRAMPLE
    assert "ℹ️ 3 Regelnummern gesucht; jede wird einzeln gezeigt: 702.19, 100, 101." in listed.pages[0].body


async def test_a_comma_that_forms_an_answered_rule_is_read_as_its_decimal_comma_and_said(ctx):
    # 702.100 is no rule, but read with an answer that finds it the comma is the decimal comma, and the page says so
    from bot.answers.rule_numbers import read_commas

    async def answered(number: str) -> bool:
        return number == "702.100"

    assert await read_commas("702,100 und 702,19", answered) == (
        "702.100 und 702,19", ["„702,100“ gelesen als Regel 702.100 (nicht als zwei Regelnummern, 702 und 100)."])
    assert await read_commas("702,19", answered) == ("702,19", [])


async def test_a_comma_typed_twice_is_asked_about_and_said_once():
    from bot.answers.rule_numbers import read_commas

    asked: list[str] = []

    async def answered(number: str) -> bool:
        asked.append(number)
        return False

    text, notes = await read_commas("702,703 und 702,703 und 702,704", answered)
    assert text == "702, 703 und 702, 703 und 702, 704"
    assert notes == ["„702,703“ gelesen als zwei Regelnummern, 702 und 703: eine Regel 702.703 gibt es nicht.",
                     "„702,704“ gelesen als zwei Regelnummern, 702 und 704: eine Regel 702.704 gibt es nicht."]
    assert asked == ["702.703", "702.704"]
    # a thousand times the same pair: one question, one line
    asked.clear()
    text, notes = await read_commas(" ".join(["702,703"] * 1000), answered)
    assert asked == ["702.703"] and len(notes) == 1 and text.count("702, 703") == 1000


async def test_more_than_twenty_pieces_answer_the_first_numbers_and_name_the_rest(ctx):
    numbers = [f"{100 + i}.1" for i in range(MAX_PIECES + 2)]
    search = ", ".join(numbers) + " und Fehde"
    found = rule_numbers(search)
    assert found is not None and found.numbers == numbers and found.words == ["Fehde"] and found.many
    reply = await run_answer(ctx, "rule", search=search)
    assert len(reply.pages) >= MAX_NUMBERS and not reply.error
    body = reply.pages[0].body
    # 101.1 is no rule of the bot's: named with its page, it takes no shown rule's place (before, 105.1 not shown)
    assert body.startswith(f"ℹ️ {len(numbers)} Regelnummern gesucht; gezeigt werden die ersten {MAX_NUMBERS} "
                           "gefundenen: 100.1, 102.1, 103.1, 104.1, 105.1 (nicht gezeigt: 106.1, 107.1, 108.1, 109.1, "
                           "110.1, 111.1, 112.1, 113.1, 114.1, 115.1 und 6 weitere). Bitte höchstens 5 auf einmal.\n"
                           "ℹ️ Nichts gefunden zu 101.1 (Seite „Regel 101.1 nicht gefunden“).\n")
    assert f"ℹ️ Mehr als {MAX_PIECES} Teile: nicht gesucht wurden die Wörter „Fehde“ (bitte Wörter einzeln " \
           "suchen).\n" in body
    # the longest text Discord sends: each different piece judged once, five numbers answered
    longest = rule_numbers(", ".join(f"{100 + i % 900}.{i % 99}" for i in range(1200))[:6000])
    assert longest is not None and len(longest.numbers) > 700


async def test_a_number_beside_a_mention_is_answered_and_the_mention_named(ctx):
    for search in ("702.19 und <@123>", "702.19, <@123>", "<@!123> 702.19"):
        reply = await run_answer(ctx, "rule", search=search)
        assert reply.pages[0].title == TRAMPLE, search
        assert reply.pages[0].body.startswith("ℹ️ Nicht gelesen: „\\<\\@"), search


async def test_markup_alone_is_read_as_nothing_typed_never_as_the_name_it_holds(ctx):
    # an emoji named after a mechanic names nothing: /mechanik must not read „fehde“ out of „<:fehde:1>“
    for answer, option, typed, title in (
        ("mechanic", "name", "<:fehde:1>", "Bitte eine Mechanik angeben"),
        ("mechanic", "name", "<:spuk:123>", "Bitte eine Mechanik angeben"),
        ("card", "name", "<:fehde:1>", "Bitte einen Kartennamen angeben"),
        ("rule", "search", "<:spuk:123>", "Bitte eine Regelnummer oder Stichwörter angeben"),
    ):
        reply = await run_answer(ctx, answer, **{option: typed})
        assert reply.error and reply.pages[0].title == title, typed
        assert reply.pages[0].body.startswith("ℹ️ Nicht gelesen: „\\<:"), typed
        assert "Fehde" not in reply.pages[0].body and "Spuk" not in reply.pages[0].body


async def test_every_unicode_decimal_digit_reads_as_its_digit(ctx):
    # Arabic-Indic, Extended Arabic-Indic, Devanagari, full-width: one rule (bot.text.clean)
    for typed in ("٧٠٢.١٩", "۷۰۲.۱۹", "७०२.१९", "７０２．１９"):
        assert clean(typed) == "702.19", typed
        reply = await run_answer(ctx, "rule", search=typed)
        assert [p.title for p in reply.pages] == [TRAMPLE], typed
    x = Option(Text("x", "x"), Text("X", "X"), Kind.INTEGER, required=False)
    # the console's integer option reads its digits as every text does (NFKC makes the superscript ² a 2 too)
    assert [typed_value(x, typed) for typed in ("٢", "２", "²", "٢a")] == [2, 2, 2, "٢a"]


async def test_each_page_s_footer_names_the_sources_of_that_page(ctx):
    from bot.page_fit import fit_reply
    from bot.render import payload

    reply = await run_answer(ctx, "rule", search="702.19 und 104.3f")
    footers = [payload(reply, i)["embeds"][0]["footer"]["text"] for i in range(len(fit_reply(reply)))]
    assert footers == [
        "Quelle: Begriffstabelle Deutsch–Englisch (Comprehensive Rules vom 17.04.2026) · Seite 1/3",
        # 104.3f: today's rule first (003's entry quoted whole, so no page of its own since 2026-12-07 evening), the
        # FAQ's 104.3f as history (since 2026-12-07)
        "Quelle: Magic-Regelwerk auf Deutsch (CardX Academy, Stand: aktuelle Regeln 2024+) · Ravnica: Stadt der Gilden "
        "– Häufig gestellte Fragen · Seite 2/3",
        "Quelle: Ravnica: Stadt der Gilden – Häufig gestellte Fragen · Seite 3/3",
    ]
    # the reply still names all its sources (what is shared to the channel names them too)
    assert reply.source == ("Begriffstabelle Deutsch–Englisch (Comprehensive Rules vom 17.04.2026) · Ravnica: Stadt "
                            "der Gilden – Häufig gestellte Fragen · Magic-Regelwerk auf Deutsch (CardX Academy, Stand: "
                            "aktuelle Regeln 2024+)")


async def test_a_search_cut_at_the_length_limit_is_said_and_its_cut_fragment_not_searched(ctx):
    # 1200 × „702.19 “ is 8 400 characters; every text is cut to 6 000 („… 702.19 7“): the fragment „7“ is no piece
    reply = await run_answer(ctx, "rule", search="702.19 " * 1200)
    body = reply.pages[0].body
    assert reply.pages[0].title == TRAMPLE and not reply.error
    assert body.startswith("ℹ️ Die Suche war sehr lang; nur der Anfang wurde verwendet.\n")
    assert "„7“" not in body and "Ungültig" not in body
    short = await run_answer(ctx, "rule", search="702.19 " * 10)
    assert "sehr lang" not in short.pages[0].body


async def test_a_page_reference_inside_a_joined_reply_points_at_the_joined_page(ctx):
    from bot.page_fit import fit_reply

    # 001 cites 104.3f; alone its page 1 points to its wording on page 2 (after today's 104.3f, 003's entry quoted
    # on page 1). After 702.19's page it is on page 3.
    alone = fit_reply(await run_answer(ctx, "rule", search="104.3f"))
    assert "Wortlaut auf Seite 2." in alone[0].body and "Trampelschaden" not in alone[0].body
    joined = fit_reply(await run_answer(ctx, "rule", search="702.19 und 104.3f"))
    assert "Wortlaut auf Seite 3." in joined[1].body and "Wortlaut auf Seite 2" not in joined[1].body
    quote = alone[1].body.split("\n")[-1][:60]
    assert quote in joined[2].body


def test_a_page_s_own_sources_are_budgeted_and_kept_when_pages_are_joined():
    from bot.page_fit import fit_reply, footer_room
    from bot.reply import Page, Reply

    own = "Quelle " * 200
    reply = Reply(pages=[Page("a", "", source="A"), Page("b", "text", source=own.strip())], source="R")
    assert footer_room(reply) == len(f"Quelle: {own.strip()} · Seite 999/999")
    # the empty page is joined to the next: both pages' sources, each once
    assert [p.source for p in fit_reply(reply)] == ["A · " + own.strip()]
