"""The calculators through the answer layer on the real store: costs vs card names, pools, upkeep, convoke with X,
total cost choices, clash odds entries; every calculator bounded for the largest input Discord accepts."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.registry import AnswerContext
from bot.render import payload
from bot.search import NameIndex
from bot.store import NameEntry
from tests.test_render import assert_within_limits


def text(reply) -> str:
    page = reply.pages[0]
    return "\n".join([page.title, page.body, *(f"{f.name}: {f.value}" for f in page.fields)])


async def test_parenthesis_cost_is_never_a_card_name(ctx):
    # the FAQs' notation; before, "(W/B)" was read as a card whose words start with W and B
    reply = await run_answer(ctx, "mana_info", cost="(W/B)")
    assert not reply.error
    assert reply.pages[0].title == "{W/B}"
    assert "**Manawert:** 1" in reply.pages[0].body
    both = await run_answer(ctx, "mana_info", cost="(W/U)(W/U)")
    assert "Bezahlmöglichkeiten (3): {W}{W} · {W}{U} · {U}{U}" in text(both)


async def test_shorthand_typo_is_a_bad_symbol_not_a_card(ctx):
    reply = await run_answer(ctx, "mana_info", cost="2W/W")
    assert reply.error
    assert reply.pages[0].title == "Ungültige Manakosten"
    assert "„W/W“ an Position 2" in reply.pages[0].body
    # letters no cost uses: the cost reading's complaint and no silent card
    other = await run_answer(ctx, "mana_info", cost="2WQ")
    assert other.error and "„Q“ an Position 3" in other.pages[0].body


async def test_colour_words_are_a_cost_as_in_a_pool(ctx):
    # `/mana bezahlen vorrat: rot rot blau` took colour words; `/mana info kosten:` stopped at the „o“ of „rot“
    reply = await run_answer(ctx, "mana_info", cost="rot rot blau")
    assert not reply.error and reply.pages[0].title == "{R}{R}{U}"
    assert reply.pages[0].body.startswith("**Manawert:** 3 · **Farben:** blau und rot (mehrfarbig)")
    paid = await run_answer(ctx, "mana_pay", cost="rote und blaue", pool="rot blau")
    assert not paid.error and "**Bezahlbar** mit {U}{R}" in text(paid)
    # a word that is no colour: the word and the accepted forms named, no card answered (until 2026-12-07 its „l“
    # was named as a bad letter of shorthand)
    other = await run_answer(ctx, "mana_info", cost="rot lila")
    assert other.error and "„lila“ an Position 2 (Zeichen 5) ist kein Manasymbol und kein Farbwort. Erlaubt sind " \
        "Manasymbole" in text(other)
    assert "Farbwörter: weiß, blau, schwarz, rot, grün, farblos" in text(other)


async def test_a_cost_in_number_words_is_refused_naming_the_word_and_both_costs_it_may_mean(ctx):
    # „zwei weiss“ was read letter by letter: {Z}, {W}, then „„e“ … Energiesymbol {E} … (Regel 107.14)“
    reply = await run_answer(ctx, "mana_info", cost="zwei weiss")
    assert reply.error and "Energiesymbol" not in text(reply)
    assert ("„zwei“ an Position 1 (Zeichen 1) ist kein Manasymbol: Zahlen bitte als Ziffern. Für {2}{W} (2 "
            "generisches Mana und ein weißes): „2 weiß“ oder {2}{W}; für {W}{W} (zwei weiße Mana): „weiß weiß“ oder "
            "{W}{W}.") in text(reply)
    # what it suggests is read: „2 weiß“ is {2}{W} (README: a number stays generic mana), „weiß weiß“ {W}{W}
    assert (await run_answer(ctx, "mana_info", cost="2 weiß")).pages[0].title == "{2}{W}"
    assert (await run_answer(ctx, "mana_info", cost="weiß weiß")).pages[0].title == "{W}{W}"
    # every number word and colour word of the cost is in what it offers, in order (until 2026-12-07 only the word
    # after the number: „zwei weiss weiss“ offered „2 weiß“, losing the second „weiss“)
    more = await run_answer(ctx, "mana_info", cost="zwei weiss weiss")
    assert ("Für {2}{W}{W} (2 generisches Mana und zwei weiße): „2 weiß weiß“ oder {2}{W}{W}; für {W}{W}{W} (drei "
            "weiße Mana): „weiß weiß weiß“ oder {W}{W}{W}.") in text(more)
    assert (await run_answer(ctx, "mana_info", cost="2 weiß weiß")).pages[0].title == "{2}{W}{W}"
    mixed = await run_answer(ctx, "mana_info", cost="drei rot und blau 2WU")
    assert ("Für {3}{R}{U}{2}{W}{U} (5 generisches Mana, ein rotes, zwei blaue und ein weißes): „3 rot blau 2WU“ "
            "oder {3}{R}{U}{2}{W}{U}; für {R}{R}{R}{U}{2}{W}{U}") in text(mixed)
    # a word that is no colour word stays out of the offer and is named whole
    lila = await run_answer(ctx, "mana_info", cost="sieben lila grün")
    assert ("„sieben“ an Position 1 (Zeichen 1) ist kein Manasymbol: Zahlen bitte als Ziffern, z. B. „7 grün“ oder "
            "{7}{G} für 7 generisches Mana und ein grünes. Nicht übernommen: „lila“ an Position 2 (Zeichen 8), kein "
            "Manasymbol und kein Farbwort.") in text(lila)
    # the longest cost accepted (60 symbols) is offered whole; a reading of more symbols is left out
    long = await run_answer(ctx, "mana_info", cost="fünf weiß " * 30)
    assert f"z. B. „{'5 weiß ' * 29}5 weiß“ oder {'{5}{W}' * 30} für 150 generisches Mana und 30 weiße." in text(long)
    # „sechs“ has only letters of symbols ({S}, {E}, {C}, {H}): still a number word, not shorthand
    six = await run_answer(ctx, "mana_info", cost="sechs")
    assert "„sechs“ an Position 1 (Zeichen 1) ist kein Manasymbol: Zahlen bitte als Ziffern, z. B. „6“ oder {6}" in (
        text(six))
    # another word is named whole, never a symbol read out of its letters („hallo“: the {H} of 107.4g)
    hello = await run_answer(ctx, "mana_info", cost="{2} hallo")
    assert "„hallo“ an Position 2 (Zeichen 5) ist kein Manasymbol und kein Farbwort." in text(hello)
    assert "107.4g" not in text(hello)


async def test_a_reading_with_another_symbol_says_its_mana_first(ctx):
    # the X (rule 107.3) is no mana of a colour: before, „(zwei rote und ein weiteres Symbol Mana)“
    reply = await run_answer(ctx, "mana_info", cost="x zwei rot")
    assert ("Für {X}{2}{R} (2 generisches Mana, ein rotes und ein weiteres Symbol): „x 2 rot“ oder {X}{2}{R}; für "
            "{X}{R}{R} (zwei rote Mana und ein weiteres Symbol): „x rot rot“ oder {X}{R}{R}.") in text(reply)
    assert "Symbol Mana" not in text(reply)


async def test_a_number_word_above_twelve_gets_the_digits_hint(ctx):
    # „zwanzig“ was named as „kein Manasymbol und kein Farbwort“, with no word that numbers go as digits
    reply = await run_answer(ctx, "mana_info", cost="zwanzig grün")
    assert reply.error and ("„zwanzig“ an Position 1 (Zeichen 1) ist kein Manasymbol: Zahlen bitte als Ziffern, z. B. "
                            "„20 grün“ oder {20}{G} für 20 generisches Mana und ein grünes.") in text(reply)
    assert "kein Farbwort" not in text(reply)
    assert (await run_answer(ctx, "mana_info", cost="20 grün")).pages[0].title == "{20}{G}"


async def test_two_number_words_side_by_side_are_said(ctx):
    # „drei vier weiss“ was offered as {3}{4}{W} without a word on the two numbers: by rule 107.4b each numerical
    # symbol is generic mana, so {3}{4} is 7 generic mana, which a player saying a cost rarely means
    reply = await run_answer(ctx, "mana_info", cost="drei vier weiss")
    said = ("„drei vier“: zwei Zahlen stehen nebeneinander. Als Manakosten sind das zwei generische Symbole, {3}{4}, "
            "zusammen 7 generisches Mana (Regel 107.4b: jede Zahl steht für generisches Mana); war nur eine der "
            "Zahlen gemeint, bitte nur sie schreiben.")
    assert reply.error and said in text(reply)
    assert "zwei Zahlen stehen nebeneinander" not in text(await run_answer(ctx, "mana_info", cost="zwei weiss weiss"))


async def test_ambiguous_input_names_both_readings(ctx):
    # a card whose name also reads as shorthand ("Burg" = {B}{U}{R}{G}): answered as the card, both readings named
    entries = [*await ctx.store.name_entries()]
    rekrut = next(e for e in entries if e.name == "Boros-Rekrut")
    names = NameIndex.from_entries([*entries, NameEntry(rekrut.card_id, "Boros-Rekrut", "Burg", "alias")])
    reply = await run_answer(AnswerContext(ctx.store, names), "mana_info", cost="Burg")
    assert reply.pages[0].title == "Boros-Rekrut"
    assert "als Manakosten lesbar ({B}{U}{R}{G}); hier als Karte gelesen. Für die Kosten schreibe `{B}{U}{R}{G}`" in (
        text(reply)
    )


async def test_mana_value_with_x_says_on_the_stack_202_3e(ctx):
    # 202.3e (CR 2026-04-17): X is 0 while the object is not on the stack, the number chosen while it is
    reply = await run_answer(ctx, "mana_info", cost="{X}{X}{R}", x=3)
    assert reply.pages[0].body.startswith(
        "**Manawert:** 7 auf dem Stapel (X = 3; außerhalb des Stapels 1) · **Farben:** rot (einfarbig)\n"
    )
    assert "• 202.3e: Auf dem Stapel zählt X die dafür gewählte Zahl, außerhalb des Stapels 0." in text(reply)
    assert "Y und Z" not in text(reply)
    # Y: the rule says nothing about it; the answer says the sum counts it 0 and cites no rule for that
    y = await run_answer(ctx, "mana_info", cost="{X}{Y}{R}", x=3)
    assert "ℹ️ Y und Z sind hier mit 0 gerechnet (die Option `x` gibt nur X einen Wert)." in y.pages[0].body
    assert "zählen hier 0" not in text(y)
    only_y = await run_answer(ctx, "mana_info", cost="{Y}{R}", x=2)
    assert only_y.pages[0].body.startswith("**Manawert:** 1 · ") and "202.3e" not in text(only_y)
    assert "(X = 2)" not in text(only_y)


async def test_pay_pool_reading_and_colour_words(ctx):
    reply = await run_answer(ctx, "mana_pay", cost="{W}{W}", pool="2W")
    assert reply.pages[0].body.startswith("❌ **Nicht bezahlbar**: es fehlt 1× weißes Mana.")
    assert "ℹ️ „2“ gelesen als 2 farbloses Mana" in reply.pages[0].body
    words = await run_answer(ctx, "mana_pay", cost="{G}{G}{W}{W}{W}", pool="2 grün, 3 weiß")
    assert words.pages[0].body.startswith("✅ **Bezahlbar** mit {W}{W}{W}{G}{G}.")


async def test_pay_phyrexian_life_total_119_4(ctx):
    cost = "{W/P}" * 11
    open_total = await run_answer(ctx, "mana_pay", cost=cost, pool="leer")
    assert open_total.pages[0].body.startswith(
        "✅ **Bezahlbar** mit 22 Lebenspunkten, nur mit mindestens 22 Lebenspunkten."
    )
    assert "• 119.4: Lebenspunkte zahlen darf nur, wer mindestens so viele hat." in text(open_total)
    twenty = await run_answer(ctx, "mana_pay", cost=cost, pool="leer", life=20)
    assert twenty.pages[0].body.startswith("❌ **Nicht bezahlbar**")
    # all of the player's life: paid (119.4 allows it), and then the player loses the game (704.5a)
    last = await run_answer(ctx, "mana_pay", cost="{W/P}{W/P}", pool="leer", life=4)
    assert last.pages[0].body.startswith(
        "✅ **Bezahlbar** mit 4 Lebenspunkten; danach hast du 0 Lebenspunkte und verlierst das Spiel."
    )
    assert "• 704.5a: Wer 0 oder weniger Lebenspunkte hat, verliert das Spiel." in text(last)
    more = await run_answer(ctx, "mana_pay", cost="{W/P}{W/P}", pool="leer", life=5)
    assert "verliert" not in text(more)


async def test_pay_shortfall_says_which_phyrexian_symbols_it_counts_as_life_107_4f(ctx):
    # 107.4f (CR 2026-04-17): a Phyrexian symbol is paid with one mana of its colour or with 2 life
    reply = await run_answer(ctx, "mana_pay", cost="{2}{W/U}{B/P}", pool="{W}")
    assert reply.pages[0].body.startswith(
        "❌ **Nicht bezahlbar**: es fehlt 2× beliebiges Mana.\n"
        "Dabei ist {B/P} mit 2 Lebenspunkten bezahlt gerechnet (107.4f: 2 Lebenspunkte je phyrexianisches Symbol); "
        "ohne Lebenspunkte fehlt 1× schwarzes Mana, 2× beliebiges Mana.\n"
    )
    # a life total of 3 pays one of the three symbols (119.4)
    three = await run_answer(ctx, "mana_pay", cost="{2}{B/P}{G/P}{G/P}", pool="{G}", life=3)
    assert "\nDabei ist eines der Symbole {B/P}{G/P}{G/P} mit 2 Lebenspunkten bezahlt gerechnet" in three.pages[0].body
    # no life counted: nothing said
    one = await run_answer(ctx, "mana_pay", cost="{2}{W/U}{B/P}", pool="{W}", life=1)
    assert "Dabei" not in one.pages[0].body
    assert "Dabei" not in (await run_answer(ctx, "mana_pay", cost="{W}{W}", pool="2W")).pages[0].body


async def test_total_cost_choices_best_first(ctx):
    reply = await run_answer(ctx, "mana_total", cost="{2/W}", reduction="{2}")
    body = reply.pages[0].body
    assert body.startswith("**Gesamtkosten:** {0} ({2/W} als {2})\nAm besten: weniger Mana als")
    assert "Andere Wahl (1): {W} ({2/W} als {W})" in text(reply)
    x = await run_answer(ctx, "mana_total", cost="{X}{R}", reduction="{1}", x=3)
    assert "**Manawert (unverändert):** 4" in x.pages[0].body
    life = await run_answer(ctx, "mana_total", cost="{W/P}", life=1)
    assert "**Gesamtkosten:** {W}" in life.pages[0].body
    assert "Andere Wahl" not in life.pages[0].body


async def test_upkeep_answers_faq_example(ctx):
    reply = await run_answer(ctx, "mana_upkeep", cost="{1}", counters=3)
    assert "**Gesamtkosten:** {4}" in reply.pages[0].body
    zero = await run_answer(ctx, "mana_upkeep", cost="{1}", counters=0)
    assert "**Gesamtkosten:** {1}" in zero.pages[0].body
    many = await run_answer(ctx, "mana_upkeep", cost="{W} oder {U} oder {B} oder {R}", counters=100)
    assert "a× {W} + b× {U} + c× {B} + d× {R} mit a + b + c + d = 101 (182.104 Kombinationen)" in many.pages[0].body


async def test_pay_shortfall_lists_every_minimal_way(ctx):
    # {2/B} from one white mana — {B}, or one more mana of any type for the two generic (107.4e)
    reply = await run_answer(ctx, "mana_pay", cost="{2/B}", pool="1 weiss")
    assert reply.pages[0].body.startswith(
        "❌ **Nicht bezahlbar**: es fehlt 1× schwarzes Mana oder 1× beliebiges Mana."
    )


async def test_upkeep_card_name_and_summed_life(ctx):
    # a card name is read as that card's Kumulative Versorgung (Kälteeinbruch FAQ: Tressen aus Feuer
    # "Erhöhe deinen Manavorrat um {R}"); life payments are summed
    fire = await run_answer(ctx, "mana_upkeep", cost="Tressen aus Feuer", counters=2)
    assert fire.pages[0].title == "Kumulative Versorgung: Tressen aus Feuer"
    assert "**Gesamtkosten:** Erhöhe deinen Manavorrat um {R}{R}{R}" in fire.pages[0].body
    assert "Tressen aus Feuer: Kumulative Versorgung — Erhöhe deinen Manavorrat um {R}." in text(fire)
    life = await run_answer(ctx, "mana_upkeep", cost="2 Lebenspunkte zahlen", counters=3)
    assert "**Gesamtkosten:** 8 Lebenspunkte" in life.pages[0].body
    plain = await run_answer(ctx, "mana_upkeep", cost="Ende des Winterschlafs", counters=3)
    assert "**Gesamtkosten:** {4}" in plain.pages[0].body  # Kumulative Versorgung {1}, the FAQ's example
    other = await run_answer(ctx, "mana_upkeep", cost="Boros-Rekrut", counters=1)
    assert other.error and other.pages[0].title == "Boros-Rekrut hat keine Kumulative Versorgung"


async def test_upkeep_says_a_misspelt_card_name_as_the_other_calculators_do(ctx):
    # „Tressen aus Feur“ is read as Tressen aus Feuer (Kälteeinbruch FAQ), and the answer says so in /karte's words
    typo = await run_answer(ctx, "mana_upkeep", cost="Tressen aus Feur", counters=2)
    assert typo.pages[0].title == "Kumulative Versorgung: Tressen aus Feuer"
    note = "„Tressen aus Feur“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Tressen aus Feuer."
    assert f"ℹ️ {note}" in text(typo)
    info = await run_answer(ctx, "mana_info", cost="Tressen aus Feur")
    assert f"ℹ️ {note}" in text(info)  # the same line as /mana info
    exact = await run_answer(ctx, "mana_upkeep", cost="Tressen aus Feuer", counters=2)
    assert "steht so nicht" not in text(exact)
    # a misspelt card without Kumulative Versorgung: the card's error, the reading said too
    other = await run_answer(ctx, "mana_upkeep", cost="Boros-Rekrutt", counters=1)
    assert other.error and other.pages[0].title == "Boros-Rekrut hat keine Kumulative Versorgung"
    assert "„Boros-Rekrutt“ steht so nicht in der Datenbank" in other.pages[0].body


async def test_upkeep_reads_markup_as_the_calculators_do_and_refuses_what_is_no_cost(ctx):
    # spoiler bars around the whole cost are Discord's markup (as /mana info reads ||{W}||), never „oder“
    hidden = await run_answer(ctx, "mana_upkeep", cost="||{W}||", counters=1)
    assert "**Gesamtkosten:** {W}{W}" in hidden.pages[0].body
    card = await run_answer(ctx, "mana_upkeep", cost="||Tressen aus Feuer||", counters=1)
    assert card.pages[0].title == "Kumulative Versorgung: Tressen aus Feuer"
    inside = await run_answer(ctx, "mana_upkeep", cost="{W}||{U}||", counters=1)
    assert inside.error and inside.pages[0].title == "Ungültige Versorgungskosten"
    assert "„||“ markiert in Discord einen Spoiler und ist keine Wahl" in inside.pages[0].body
    single = await run_answer(ctx, "mana_upkeep", cost="W | U", counters=1)  # a single bar stays a choice
    assert "**Gesamtkosten (3):** {W}{W} · {W}{U} · {U}{U}" in single.pages[0].body
    # text that is neither a cost nor a card: refused, with the closest card as a choice
    nonsense = await run_answer(ctx, "mana_upkeep", cost="blablub quatsch", counters=1)
    assert nonsense.error
    assert nonsense.pages[0].title == "„blablub quatsch“ ist weder Versorgungskosten noch eine bekannte Karte"
    short = await run_answer(ctx, "mana_upkeep", cost="Tressen", counters=1)
    assert short.error and "Meintest du: Tressen aus Feuer" in short.pages[0].body
    assert [c.label for c in short.choices] == ["Tressen aus Feuer"]
    # a named cost as cards print one is still counted (702.24a: any cost may be cumulative)
    forest = await run_answer(ctx, "mana_upkeep", cost="Opfere einen Wald", counters=1)
    assert "**Gesamtkosten:** 2× Opfere einen Wald" in forest.pages[0].body
    english = await run_answer(ctx, "mana_upkeep", cost="Sacrifice a Forest", counters=1)
    assert not english.error


async def test_convoke_x_option(ctx):
    # Akkord des Rufes {X}{G}{G}{G} (Ravnica FAQ), X = 2 announced first
    reply = await run_answer(ctx, "mana_convoke", cost="Akkord des Rufes", creatures="3 grün, 2 Artefakt", x=2)
    assert "(X = 2)" in reply.pages[0].body
    assert reply.pages[0].body.startswith("**Am besten bleibt nichts ({0}) zu bezahlen** (von 3 möglichen")
    assert "So: 3× grün → {G} · 2× farblos → {1}" in reply.pages[0].body
    assert "Andere Restkosten (2): {G} · {G}{G}" in text(reply)


async def test_odds_every_entry_counted(ctx):
    # before: "2:1 Krims // Krams:1" dropped the 2:1 entry and answered 100 %
    reply = await run_answer(ctx, "clash_odds", library1="2:1 Krims // Krams:1", library2="3:1", seed=1)
    body = text(reply)
    assert "Spieler 1: **50,00 %** (1/2)" in body  # Krims // Krams: 2 + 5 = 7 > 3; the 2 loses
    assert "Bibliothek 1 gelesen: 1× Krims // Krams (2 und 5)." in body
    bad = await run_answer(ctx, "clash_odds", library1="2:1 Gibtsnicht:1", library2="3:1")
    assert bad.error and bad.pages[0].title.startswith("Bibliothek 1, Eintrag 2:")


async def test_a_basic_land_by_name_is_revealed_with_mana_value_0(ctx):
    # a land has no mana cost (CR 202.3): „Wald“ against Konklavenequidonaut ({4}{W}{W}, 001) loses 0 against 6;
    # before, „Wald“ was read as a cost („Ungültiges Manasymbol“) and „Waldläufer vom Juniperorden“ offered
    reply = await run_answer(ctx, "clash_reveal", card1="Wald", card2="Konklavenequidonaut")
    assert not reply.error
    assert reply.pages[0].body.startswith("**Spieler 2 gewinnt die Fehde** (Manawert 6 gegen 0).\nSpieler 1: **Wald**")
    assert "Spieler 1: **Insel** – Manawert 0" in text(await run_answer(ctx, "clash_reveal", card1="island",
                                                                          card2="Boros-Rekrut"))
    # 20 forests and 4 Boros-Rekrut (mana value 1, 001) against 24 lands: player 1 wins only with a Rekrut, 4/24
    odds = text(await run_answer(ctx, "clash_odds", library1="20x Wald, 4x Boros-Rekrut", library2="0:24", seed=1))
    assert "Spieler 1: **16,67 %** (1/6)" in odds and "20× Wald (0), 4× Boros-Rekrut (1)" in odds


# --------------------------------------------------------------------------- bounded


ALL_SYMBOLS = " oder ".join(["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{S}"] * 2)
RAINBOW = ", ".join(["weiß-blau-schwarz-rot-grün"] * 100)
SPLIT_LIBRARY = " ".join(f"{i}/{j}:1" for i in range(30) for j in range(30))[:2000]
HUGE = [
    ("mana_upkeep", {"cost": ALL_SYMBOLS, "counters": 10**6}),
    ("mana_upkeep", {"cost": "{W} oder {U} oder {B} oder {R}", "counters": 100}),
    ("mana_convoke", {"cost": "{W/U}{U/B}{B/R}{R/G}{G/W}" * 12, "creatures": RAINBOW}),
    ("mana_total", {"cost": "{W/U/P}{2/B}{C/R}{G/W}" * 15, "reduction": ", ".join(["{2/W}", "{U/B}", "{C/G}"] * 20)}),
    ("mana_info", {"cost": "{W/U}{U/B}{B/R}{R/G}{G/W}{W/B}{U/R}{B/G}{R/W}{G/U}" * 6}),
    ("mana_pay", {"cost": "{2/W}{W/P}{W/U/P}" * 20, "pool": "WUBRGC" * 50}),
    ("clash_odds", {"library1": SPLIT_LIBRARY, "library2": "0:1 1:1", "rules": "2007"}),
    ("mana_pay", {"cost": "{1}", "pool": "9" * 6000}),
    ("mana_upkeep", {"cost": "1" * 6000, "counters": 3}),
]


@pytest.mark.parametrize(("key", "options"), HUGE)
async def test_huge_inputs_get_an_answer_or_a_german_refusal_within_discords_limits(ctx, key, options):
    # Their time is bounded by the calculators' CPU budget (bot.offload.run_bounded); how long the worst case
    # takes is a benchmark's figure (bench/bench_calc.py), not a wall-clock assertion on a shared machine.
    reply = await run_answer(ctx, key, **options)
    assert_within_limits(payload(reply))
    if reply.error:
        assert reply.pages[0].body  # a German reason, never a traceback


async def test_time_budget_passed_is_a_german_refusal(ctx, monkeypatch):
    # bot.offload.run_bounded raises TooExpensive past the budget; every calculator answers in German
    import bot.answers.clash as clash_answers
    import bot.answers.mana as mana_answers
    from bot.offload import TooExpensive

    async def too_slow(func, /, *args, budget=None, on_loop=False, **kwargs):
        if on_loop:  # work shown small by its input runs on the loop, with no budget to pass
            return func(*args, **kwargs)
        assert budget == mana_answers.CALC_BUDGET
        raise TooExpensive(1.0)

    monkeypatch.setattr(mana_answers, "run_bounded", too_slow)
    monkeypatch.setattr(clash_answers, "run_bounded", too_slow)
    for key, options in [
        ("mana_total", {"cost": "{2/W}", "reduction": "{1}"}),
        ("mana_pay", {"cost": "{G}", "pool": "G"}),
        ("mana_convoke", {"cost": "{G}", "creatures": "grün"}),
        ("mana_upkeep", {"cost": "{1}", "counters": 1}),
        # more kinds than LOOP_KINDS: the odds go to the worker (a smaller library is answered on the loop)
        ("clash_odds", {"library1": " ".join(f"{v}:1" for v in range(clash_answers.LOOP_KINDS + 1)),
                        "library2": "1:1"}),
    ]:
        reply = await run_answer(ctx, key, **options)
        assert reply.error, key
        assert reply.pages[0].title == "Zu aufwendig", key


async def test_a_missing_colour_of_a_two_generic_hybrid_names_its_two_generic_alternative(ctx):
    # 107.4e: {2/W} is paid with {W} or two generic mana; 19 of the 20 miss their white mana
    reply = await run_answer(ctx, "mana_pay", cost="{2/W}" * 20, pool="1 weiß")
    assert reply.pages[0].body.startswith("❌ **Nicht bezahlbar**: es fehlt 19× weißes Mana – für jedes {2/W} auch "
                                          "2 beliebige Mana statt des weißen (Regel 107.4e).")
    plain = await run_answer(ctx, "mana_pay", cost="{W}{W}", pool="1 weiß")  # no {2/W}: nothing else pays it
    assert plain.pages[0].body.startswith("❌ **Nicht bezahlbar**: es fehlt 1× weißes Mana.")


async def test_a_total_cost_over_the_choice_limit_is_titled_as_the_limit_not_as_invalid_input(ctx):
    reply = await run_answer(ctx, "mana_total", cost="{G/W}{2/U}{B/P}{R/G}{C/W}" * 6,
                             reduction="{G}{W}{U}{1}{2/W}", life=7)
    assert reply.error
    assert reply.pages[0].title == "Zu viele Möglichkeiten zum Durchrechnen"
    assert reply.pages[0].body.startswith("Zu viele verschiedene Möglichkeiten (über 5000), um sie exakt zu zählen. "
                                          "Die Eingabe ist gültig")


async def test_upkeep_a_card_name_beside_other_costs_is_said_to_be_a_card(ctx):
    # Tressen aus Feuer (Kälteeinbruch FAQ) is a card: as one alternative of a choice it is no cost, and the error
    # says so instead of calling it unknown; nonsense beside a cost is still neither
    for cost in ("Tressen aus Feuer oder {U}", "{W} oder Tressen aus Feuer"):
        reply = await run_answer(ctx, "mana_upkeep", cost=cost, counters=1)
        assert reply.error and reply.pages[0].title == "„Tressen aus Feuer“ ist eine Karte, keine Versorgungskosten"
        assert "nicht als Teil einer Wahl oder Summe" in reply.pages[0].body
    nonsense = await run_answer(ctx, "mana_upkeep", cost="{W} oder blablub", counters=1)
    assert nonsense.error
    assert nonsense.pages[0].title == "„blablub“ ist weder Versorgungskosten noch eine bekannte Karte"


@pytest.mark.parametrize(("cost", "typed", "says"), [
    # today's 107.4g: {H} stands for any Phyrexian mana symbol in rules text; a cost names which one
    ("{2}{H}", "„{H}“ an Position 2 (Zeichen 4)",
     "das phyrexianische Symbol {H} ohne Farbe steht in Regeltexten für jedes der fünfzehn phyrexianischen "
     "Manasymbole (Regel 107.4g); in Kosten bitte das gemeinte angeben: {W/P}, {U/P}, {B/P}, {R/P}, {G/P}"),
    ("{H/W}", "„{H/W}“ an Position 1 (Zeichen 1)", "(Regel 107.4g)"),
    ("{T}", "„{T}“ an Position 1", "das Tappsymbol {T} bedeutet in Aktivierungskosten „Tappe dieses Permanent“ und "
     "wird nicht mit Mana bezahlt (Regel 107.5)"),
    ("{Q}", "„{Q}“ an Position 1", "„Enttappe dieses Permanent“ und wird nicht mit Mana bezahlt (Regel 107.6)"),
    ("{E}{E}", "„{E}“ an Position 1", "indem man eine Energiemarke von sich entfernt, nicht mit Mana (Regel 107.14)"),
    ("{TK}", "„{TK}“ an Position 1", "das Ticketsymbol {TK} steht für eine Ticketmarke"),
    ("{P}", "„{P}“ an Position 1", "das Pfotensymbol {P} kennzeichnet die Modi mancher modaler Zaubersprüche und ist "
     "keine Kosten (Regel 107.18)"),
    ("{PW}", "„{PW}“ an Position 1", "(Regel 107.11)"),
    ("{CHAOS}", "„{CHAOS}“ an Position 1", "(Regel 107.12)"),
    # symbols of 107 written with a number or range, and numbers 107.1 rules out
    ("{1}[+2]", "„\\[+2\\]“ an Position 2 (Zeichen 4)", "Lege N Loyalitätsmarken auf dieses Permanent“ bzw. „Entferne "
     "N Loyalitätsmarken von diesem Permanent“ und wird nicht mit Mana bezahlt (Regel 107.7)"),
    ("[-X]", "„\\[-X\\]“ an Position 1", "(Regel 107.7)"),
    ("{LEVEL 1-3}", "„{LEVEL 1-3}“ an Position 1", "das Stufensymbol {LEVEL N1-N2} oder {LEVEL N3+} einer Stufenkarte "
     "ist eine Schlüsselwortfähigkeit, keine Kosten (Regel 107.8)"),
    ("{II}", "„{II}“ an Position 1", "das Kapitelsymbol einer Sage ({I}, {II}, {III} …) ist eine "
     "Schlüsselwortfähigkeit, die auslöst, wenn Kapitelmarken hinzukommen, keine Kosten (Regel 107.15)"),
    ("{TK3}", "„{TK3}“ an Position 1", "indem man so viele Ticketmarken von sich entfernt, nicht mit Mana (Regel "
     "107.17a)"),
    ("{½}", "„{½}“ an Position 1", "halbes Mana gibt es nur auf Karten der Un-Sets mit silbernem Rand, die das "
     "Regelwerk nicht abdeckt (Regel 100.7); Magic verwendet ausschließlich ganze Zahlen (Regel 107.1)"),
    ("{1⁄2}", "„{1⁄2}“ an Position 1", "(Regel 100.7)"),  # ½ as Unicode folding (NFKC) writes it
    ("{G}{HW}", "„{HW}“ an Position 2", "(Regel 100.7)"),
    ("{1,5}", "„{1,5}“ an Position 1", "Bruchzahlen gibt es nicht (Regel 107.1a)"),
    ("{-1}", "„{-1}“ an Position 1", "Kosten sind nie negativ: Magic verwendet für Kosten nur null und positive Zahlen "
     "(Regel 107.1b)"),
    ("{∞}", "„{∞}“ an Position 1", "∞ ist das Schlüsselwort der Infinity-Karten (Regel 702.186), kein Manasymbol. Für "
     "einen Betrag, den man selbst wählt, bitte {X} angeben (Regel 107.3)"),
    ("{A}", "„{A}“ an Position 1", "das Eichelsymbol am unteren Rand kennzeichnet Karten der Erweiterung Unfinity, die "
     "das Regelwerk nicht abdeckt (Regel 100.7)"),
])
async def test_a_symbol_no_mana_pays_as_typed_says_what_it_is(ctx, cost, typed, says):
    # before: „Ungültiges Manasymbol „{H}“ …: unbekanntes Zeichen. Erlaubt sind Manasymbole wie {2}{R}{U} …“
    for command, options in (("mana_info", {"cost": cost}), ("mana_pay", {"cost": cost, "pool": "WWUU"})):
        reply = await run_answer(ctx, command, **options)
        assert reply.error and reply.pages[0].title == "Ungültige Manakosten"
        assert f"{typed} " in reply.pages[0].body and "ist kein bezahlbares Manasymbol: " in reply.pages[0].body
        assert says in reply.pages[0].body and "unbekanntes Zeichen" not in reply.pages[0].body


async def test_a_letter_of_shorthand_stays_a_typo_not_a_symbol_of_the_rules(ctx):
    # „I“ and „A“ typed without braces are letters of no mana symbol (not chapter symbol or acorn: 107.15, 100.7)
    reply = await run_answer(ctx, "mana_info", cost="2WI")
    assert reply.error and "Ungültiges Manasymbol „I“ an Position 3 (Zeichen 3): unbekanntes Zeichen." in (
        reply.pages[0].body)
