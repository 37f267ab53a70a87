"""A side of a comparison that is a number the ranking read is compared, never said to be unread: ``/frage frage:
20 oder 40 leben`` said „ℹ️ Nicht gelesen: „20“ nennt keine Mechanik, keinen Begriff und keine Karte der Dokumente;
verglichen wird nur der Rest.“ and then listed 003's 103.4 („Jeder Spieler beginnt die Partie mit 20
Lebenspunkten.“) second: the sides were read by concept or card only, while the ranking reads numbers as words."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.compared import number_passage, stated_numbers
from bot.answers.side_numbers import masked, unmasked
from bot.number_words import german_number
from bot.ranking import ranker
from bot.rules.mana import ManaError, parse_cost
from bot.rules.mana.spoken import number_of

#: 003:75, Regel 103.4 (Erklärung), and 003:81, Regel 103.4c (Erklärung).
TWENTY = "Jeder Spieler beginnt die Partie mit 20 Lebenspunkten."
FORTY = "In einer Commander-Partie beginnt jeder Spieler mit 40 Lebenspunkten."


@pytest.mark.parametrize("question", ["20 oder 40 leben", "zwanzig oder vierzig leben", "20 oder 40 Leben?"])
async def test_a_number_side_the_ranking_read_leads_with_its_passage(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    assert "Nicht gelesen" not in page.body
    assert page.title == "Regel 103.4 (Erklärung) · Regel 103.4c (Erklärung)"
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in page.body
    assert page.body.index(TWENTY) < page.body.index(FORTY)


async def test_a_number_no_hit_holds_is_still_said_unread(ctx):
    page = (await run_answer(ctx, "question", question="777 oder 40 leben")).pages[0]
    assert "ℹ️ Nicht gelesen: „777“ – keine gefundene Stelle nennt die Zahl 777; verglichen wird nur der Rest." \
        in page.body


@pytest.mark.parametrize(("question", "line", "lead", "unshown"), [
    # 001:284 (Blutspuckende Feder: „… bevor du Leben verlierst“) was compared as „777 leben“, naming no 777
    ("20 oder 777 leben", "„777 leben“ – keine gefundene Stelle nennt die Zahl 777", "Regel 103.4 (Erklärung)",
     "Blutspuckende Feder"),
    # 001:101 (Ausgraben: „mindestens N Karten“) was compared as „8 karten auf der hand“, naming no 8
    ("7 oder 8 karten auf der hand", "„8 karten auf der hand“ – keine gefundene Stelle nennt die Zahl 8",
     "Regel 103.5 (Erklärung)", "502.47a")])
async def test_a_side_whose_passage_states_not_its_number_is_said_unread(ctx, question, line, lead, unshown):
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    assert f"ℹ️ Nicht gelesen: {line}; verglichen wird nur der Rest." in page.body
    assert page.title == lead and unshown not in page.body.split("\n\n", 2)[1]


async def test_a_number_stands_in_a_text_on_its_own_or_as_a_number_word(ctx):
    assert stated_numbers((await ctx.store.passage_by_key("003:75")).text) == {"20"}  # „mit 20 Lebenspunkten“
    assert "7" in stated_numbers((await ctx.store.passage_by_key("003:87")).text)  # „normalerweise sieben“
    # 003:304's „ca. 6,3 × 8,8 cm“ states its two decimals whole, no 8; a rule number, a date and a P/T no piece
    assert stated_numbers("traditionelle Magic-Karten (ca. 6,3 × 8,8 cm)") == {"6,3", "8,8"}
    pieces = stated_numbers("Regel 502.47a, Stand 17.03.2006, +1/+1-Marke")
    assert pieces & {"502", "47", "17", "03", "2006", "1"} == set() and pieces <= {"17.03.2006"}


async def test_the_number_passage_is_the_first_hit_holding_every_number(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "20 oder 40 leben", ctx.names, limit=6)
    assert number_passage("20", found.hits).key == "003:75"
    assert number_passage("40", found.hits).key == "003:81"
    assert number_passage("quarkbrot", found.hits) is None  # no number: a word side is judged as before
    assert number_passage("777", found.hits) is None
    found = await r.search(ctx.store, "7 oder 8 karten auf der hand", ctx.names, limit=6)
    assert number_passage("8", found.hits) is None  # 003:304 holds „8,8 cm“ only


#: 000:11 (Fehde, 2007): its steps „7. Der Fehdenzauberspruch …“ and „8. Fähigkeiten, die während der Fehde …“.
CLASH_STEP = "8. Fähigkeiten, die während der Fehde ausgelöst wurden, werden auf den Stapel gelegt."


@pytest.mark.parametrize("question", ["7 oder 8 karten", "2 oder 8 karten"])
async def test_a_numbered_step_is_no_number_a_passage_states(ctx, question):
    """Both sides were read as 000:11 („Die Seiten führen zur selben Stelle“) by its steps „7.“, „2.“ and „8.“."""
    assert CLASH_STEP in (await ctx.store.passage_by_key("000:11")).text
    assert stated_numbers((await ctx.store.passage_by_key("000:11")).text) == set()
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    assert "Die Seiten führen zur selben Stelle" not in page.body and CLASH_STEP not in page.body
    assert "ℹ️ Nicht gelesen: „8 karten“ – keine gefundene Stelle nennt die Zahl 8" in page.body


@pytest.mark.parametrize(("question", "unread"), [
    ("20 oder 40,0 leben", "„40,0 leben“ – keine gefundene Stelle nennt die Zahl 40,0"),  # was three sides
    ("20,5 oder 40 leben", "„20,5“ – keine gefundene Stelle nennt die Zahl 20,5"),  # was „5“
    ("20.000 oder 40 leben", "„20.000“ – keine gefundene Stelle nennt die Zahl 20.000"),  # was „20 000“
    ("-20 oder 20 leben", "„-20“ – keine gefundene Stelle nennt die Zahl -20"),  # was 103.4 for both
    ("20 oder -40 leben", "„-40 leben“ – keine gefundene Stelle nennt die Zahl -40"),
])
async def test_a_side_number_is_the_whole_token_as_typed(ctx, question, unread):
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    assert f"ℹ️ Nicht gelesen: {unread}; verglichen wird nur der Rest." in page.body
    assert page.body.count("ℹ️ Nicht gelesen") == 1 and "Die Seiten führen zur selben Stelle" not in page.body


async def test_a_number_word_beyond_the_table_is_its_own_number(ctx):
    """„siebenhundert leben“ was compared as 001:284 (Blutspuckende Feder), which names no 700."""
    page = (await run_answer(ctx, "question", question="zwanzig oder siebenhundert leben")).pages[0]
    assert "ℹ️ Nicht gelesen: „siebenhundert leben“ – keine gefundene Stelle nennt die Zahl 700" in page.body
    assert page.title == "Regel 103.4 (Erklärung)" and TWENTY in page.body


async def test_a_rule_number_side_is_the_rule(ctx):
    """„702.19 oder 20 leben“ said „Nicht gelesen: „702 19““: the side is rule 702.19, Trampelschaden."""
    page = (await run_answer(ctx, "question", question="702.19 oder 20 leben")).pages[0]
    assert "Nicht gelesen" not in page.body and page.title == "Trampelschaden · Regel 103.4 (Erklärung)"
    assert "Trampelschaden (englisch Trample): Schlüsselwortfähigkeit, heute Regel 702.19." in page.body


@pytest.mark.parametrize(("word", "value"), [("siebenhundert", 700), ("dreiundzwanzig", 23), ("fünfzig", 50),
                                             ("zweitausendfünf", 2005), ("hundertzwanzig", 120), ("leben", None),
                                             ("tausendfüßler", None), ("Fuenfundzwanzig", 25), ("dreissig", 30),
                                             ("zwoelf", 12), ("einhundert", 100), ("null", 0), ("eine", 1),
                                             ("neunzehnhundert", None), ("nullhundert", None),
                                             # each power once: „tausendtausend“ was 2000, „einhunderttausend“ None
                                             ("einhunderttausend", 100000), ("hunderttausend", 100000),
                                             ("zweihundertdreiundzwanzigtausendvierhundertfuenf", 223405),
                                             ("tausendtausend", None), ("hunderthundert", None),
                                             ("zweitausendtausend", None)])
def test_german_number_words(word, value):
    # one reader for the comparison's numbers and the mana commands' costs (bot/number_words.py)
    assert german_number(word) == value
    assert number_of(word) == value


def test_a_power_repeated_to_the_input_limit_is_no_number():
    """„tausend“ typed 857 times (6 000 characters, Discord's most) and 2 000 times: before, one recursion per
    „tausend“ (2 000 raised RecursionError), and the value grew with each."""
    for times in (857, 2000):
        assert german_number("tausend" * times) is None


def test_a_malformed_number_word_gets_the_mana_commands_refusal_of_a_word():
    """„tausendtausend farblos“ was read as 2000 („z. B. „2000 farblos““); now a word of no reading."""
    with pytest.raises(ManaError) as caught:
        parse_cost("tausendtausend farblos")
    said = "„tausendtausend“ an Position 1 (Zeichen 1) ist kein Manasymbol und kein Farbwort."
    assert str(caught.value).startswith(said)


def test_a_number_word_the_comparison_reads_as_an_article_states_no_number():
    assert stated_numbers("eine Kreatur mit einen Marken, eins und ein Spielstein, fuenf Karten") == {"5"}


def test_a_masked_number_comes_back_as_typed_also_inside_a_word():
    text, marks = masked(" ".join(f"{n},5" for n in range(12)) + " -20-leben")
    assert "," not in text and len(marks) == 13
    assert unmasked(text, marks) == " ".join(f"{n},5" for n in range(12)) + " -20-leben"
