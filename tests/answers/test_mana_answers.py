"""/mana answers on the real store, and through `python -m bot call` (values from the documents)."""

from __future__ import annotations

import json

from bot.answers import run_answer
from bot.render import payload
from tests.answers.test_clash_answers import worker_trips
from tests.conftest import call_cli
from tests.test_render import assert_within_limits


def fields(message: dict) -> dict[str, str]:
    return {f["name"]: f["value"] for f in message["embeds"][0]["fields"]}


async def test_info_hybrid_example(ctx):
    # Ravnica FAQ 104.3f: {G/W}{G/W} → {G}{G}, {G}{W}, {W}{W}; mana value 2
    message = payload(await run_answer(ctx, "mana_info", cost="{G/W}{G/W}"))
    embed = message["embeds"][0]
    assert "**Manawert:** 2" in embed["description"]
    assert "**Farben:** grün und weiß (mehrfarbig)" in embed["description"]
    assert fields(message)["Bezahlmöglichkeiten (3)"] == "{G}{G} · {G}{W} · {W}{W}"
    # today's 202.2d decides the colours, the Ravnica FAQ's 203.2e is history
    assert "• 202.2d: " in fields(message)["Regeln (Comprehensive Rules, 17.04.2026)"]
    assert fields(message)["Früher (Ravnica-FAQ, 2005)"].startswith("• 203.2e: ")
    assert_within_limits(message)


async def test_info_reads_a_cost_pasted_in_discords_markdown(ctx):
    # the Ravnica FAQ's {G/W}{G/W} in backticks or bold, as players paste it in chat
    for typed in ("`{G/W}{G/W}`", "**{G/W}{G/W}**", "||{G/W}{G/W}||"):
        message = payload(await run_answer(ctx, "mana_info", cost=typed))
        assert "**Manawert:** 2" in message["embeds"][0]["description"]
        assert fields(message)["Bezahlmöglichkeiten (3)"] == "{G}{G} · {G}{W} · {W}{W}"


async def test_info_card_name_from_store(ctx):
    # Aufsammelkrabbler {3}{B/G}{B/G}{B/G} (Ravnica FAQ card section)
    message = payload(await run_answer(ctx, "mana_info", cost="Aufsammelkrabbler"))
    embed = message["embeds"][0]
    assert embed["title"] == "Aufsammelkrabbler"
    assert "{3}{B/G}{B/G}{B/G}" in embed["description"]
    assert "**Manawert:** 6" in embed["description"]
    assert "Ravnica: Stadt der Gilden – Häufig gestellte Fragen" in embed["footer"]["text"]


async def test_info_split_card_today_and_2006(ctx):
    message = payload(await run_answer(ctx, "mana_info", cost="Bestimmt // Unbeirrt"))
    description = message["embeds"][0]["description"]
    assert description.startswith("**Manawert:** 7 (Bestimmt 5 + Unbeirrt 2, Summe der Hälften)")
    # the two values of 2006 as history, in the Zwietracht FAQ's own words read from the store
    history = fields(message)["Früher (Zwietracht-FAQ, 2006)"]
    assert history.startswith("• Bis 2017 hatte eine geteilte Karte außerhalb des Stapels zwei Werte")
    assert "Hier: 5 und 2. Im Wortlaut: „In jeder anderen Zone außer dem Stapel" in history
    assert "erhält man das Ergebnis ‚5 und 2‘." in history


async def test_info_bad_symbol_is_german_and_ephemeral(ctx):
    reply = await run_answer(ctx, "mana_info", cost="{2}{Q/Z}")
    assert reply.error and reply.ephemeral
    assert reply.pages[0].title == "Ungültige Manakosten"
    assert "„{Q/Z}“ an Position 2" in reply.pages[0].body
    unknown = await run_answer(ctx, "mana_info", cost="Xylophon der Zeit")
    assert unknown.error and "weder Manakosten noch eine bekannte Karte" in unknown.pages[0].title


async def test_pay_exact_and_missing(ctx):
    ok = payload(await run_answer(ctx, "mana_pay", cost="Aufsammelkrabbler", pool="{B}{G}{G}{R}{R}{R}"))
    assert ok["embeds"][0]["description"].startswith("✅ **Bezahlbar** mit {B}{R}{R}{R}{G}{G}.")
    assert "{3} ← {R}{R}{R}" in fields(ok)["Bezahlung"]
    # a hybrid payment cites today's 107.4e; the FAQ's 104.3f only as history
    assert fields(ok)["Regeln (Comprehensive Rules, 17.04.2026)"].startswith("• 107.4e: ")
    assert fields(ok)["Früher (Ravnica-FAQ, 2005)"].startswith("• 104.3f: ")
    bad = payload(await run_answer(ctx, "mana_pay", cost="{3}{G}{G}", pool="BGRRR"))
    assert bad["embeds"][0]["description"].startswith("❌ **Nicht bezahlbar**: es fehlt 1× grünes Mana.")


async def test_pay_counted_pool_runs_are_kept_apart(ctx):
    # Ravnica FAQ 104.3f: each {G/W} is paid with green or white. Thirty of them from 14 white, 1 red and 15 green:
    # the counted runs stay apart ("14×{W}{R}" would read as fourteen white and red), one {G/W} stays unpaid.
    pool = "14 weiß, 1 rot, 15 grün"
    bad = payload(await run_answer(ctx, "mana_pay", cost="{G/W}" * 30, pool=pool))
    description = bad["embeds"][0]["description"]
    assert description.startswith("❌ **Nicht bezahlbar**: es fehlt 1× weißes Mana oder grünes Mana.")
    assert description.endswith("**Vorrat:** 14×{W} + {R} + 15×{G}")
    # runs of at most ten are still written symbol by symbol, without separators
    ok = payload(await run_answer(ctx, "mana_pay", cost="{G/W}{G/W}", pool="2 weiß, 1 rot"))
    assert "**Vorrat:** {W}{W}{R}" in ok["embeds"][0]["description"]


async def test_counts_written_as_german_number_words(ctx):
    # /hilfe's example pool „2 weiß, 1 blau, 2 grün“ written as a player says it: the same pool and payment.
    digits = payload(await run_answer(ctx, "mana_pay", cost="2WU", pool="2 weiß, 1 blau, 2 grün"))
    words = payload(await run_answer(ctx, "mana_pay", cost="2WU", pool="zwei weiße, ein blaues, zwei grüne"))
    assert words["embeds"][0]["description"].startswith("✅ **Bezahlbar** mit {W}{W}{U}{G}.")
    assert words["embeds"][0]["description"] == digits["embeds"][0]["description"]
    # Konklavenequidonaut ({4}{W}{W}, Ravnica FAQ) convoked with three white creatures and an artifact creature
    typed = payload(await run_answer(ctx, "mana_convoke", cost="Konklavenequidonaut", creatures="3 weiß, 1 Artefakt"))
    said = payload(await run_answer(ctx, "mana_convoke", cost="Konklavenequidonaut",
                                    creatures="drei weiße und ein Artefakt"))
    assert said["embeds"][0]["description"].startswith("**Am besten bleibt {2} zu bezahlen**")
    assert said["embeds"][0]["description"] == typed["embeds"][0]["description"]


async def test_pay_split_card_needs_a_half(ctx):
    whole = await run_answer(ctx, "mana_pay", cost="Bestimmt // Unbeirrt", pool="GU")
    assert whole.error and "„Unbeirrt“ ({G}{U})" in whole.pages[0].body
    half = await run_answer(ctx, "mana_pay", cost="Unbeirrt", pool="GU")
    assert half.pages[0].title == "Bezahlen: Unbeirrt" and "✅" in half.pages[0].body


async def test_pay_snow_pool_errors(ctx):
    reply = await run_answer(ctx, "mana_pay", cost="{S}", pool="{S}")
    assert reply.error and "kein Manatyp" in reply.pages[0].body
    snow = await run_answer(ctx, "mana_pay", cost="{S}", pool="{B*}")
    assert "✅" in snow.pages[0].body


async def test_convoke_vitu_ghazi(ctx):
    message = payload(
        await run_answer(ctx, "mana_convoke", cost="{3}{G}{W}", creatures="Artefakt, rot, grün-weiß")
    )
    description = message["embeds"][0]["description"]
    # the best first, and why; then the others
    assert description.startswith(
        "**Am besten bleibt {1}{W} zu bezahlen** (von 3 möglichen Restkosten).\n"
        "Ebenso gut: {1}{G} (gleich viel Mana, ebenso viel davon farbig)."
    )
    assert fields(message)["Andere Restkosten (2)"] == "{G}{W} · {1}{G}"
    assert fields(message)["Regeln (Comprehensive Rules, 17.04.2026)"].startswith("• 702.51a: ")
    assert "502.46" not in json.dumps(message, ensure_ascii=False)  # same answer both ways: no 2005 history


async def test_convoke_says_why_more_generic_is_better(ctx):
    # Vitu-Ghazi's {3}{G}{W} convoked by two green creatures and an artifact creature (702.51a): {1}{W} and {G}{W}
    # are both two mana; {1}{W} is better because any mana pays its generic part
    message = payload(await run_answer(ctx, "mana_convoke", cost="{3}{G}{W}", creatures="2 grün, Artefakt"))
    assert message["embeds"][0]["description"].startswith(
        "**Am besten bleibt {1}{W} zu bezahlen** (von 2 möglichen Restkosten).\n"
        "Am besten: gleich viel Mana wie {G}{W}, aber mehr davon generisch "
        "(den generischen Teil zahlst du mit Mana jeder Farbe).\n"
        "So: grün → {1} · grün → {G} · farblos → {1}"
    )


async def test_total_cost(ctx):
    message = payload(await run_answer(ctx, "mana_total", cost="{2}{U}", increase="{1}", reduction="{3}"))
    assert message["embeds"][0]["description"] == "**Gesamtkosten:** {U}\n**Manawert (unverändert):** 3"
    assert fields(message)["Rechnung"] == (
        "Start: Manakosten {2}{U}\n+ Erhöhung {1} → {3}{U}\n− Reduzierung {3}: generischer Anteil −3 → {U}"
    )
    assert "Rulings zu Schnellvorlauf, 2026" in message["embeds"][0]["footer"]["text"]


async def test_upkeep(ctx):
    # Kälteeinbruch FAQ 502.13a: two age counters already on it, a third is added
    message = payload(await run_answer(ctx, "mana_upkeep", cost="{W} oder {U}", counters=2))
    assert (
        "**Gesamtkosten (4):** {W}{W}{W} · {W}{W}{U} · {W}{U}{U} · {U}{U}{U}"
        in message["embeds"][0]["description"]
    )


def test_cli_mana_info_json(built_db):
    proc = call_cli("call", "/mana info kosten: {G/W}{G/W}", "--json", db=built_db)
    assert proc.returncode == 0, proc.stderr
    message = json.loads(proc.stdout)
    assert "**Manawert:** 2" in message["embeds"][0]["description"]
    assert fields(message)["Bezahlmöglichkeiten (3)"] == "{G}{G} · {G}{W} · {W}{W}"


def test_cli_english_names(built_db):
    proc = call_cli("call", "/mana pay cost: {R/G}{G} pool: GR", db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert "✅ **Bezahlbar** mit {R}{G}." in proc.stdout
    proc = call_cli("call", "/mana einberufen kosten: {1}{G} kreaturen: rot, rot, rot", db=built_db)
    assert "[Früher (Ravnica-FAQ, 2005)] • 502.46b: Damals reduzierte Einberufen die Kosten" in proc.stdout
    assert proc.stdout.index("702.51a") < proc.stdout.index("502.46b")


async def test_x_value_and_card_without_cost(ctx):
    # Helle Flamme {X}{R}{R}{W}{W} (Ravnica FAQ): X counts 0 → 4; with X = 3 → 7
    plain = await run_answer(ctx, "mana_info", cost="Helle Flamme")
    assert "**Manawert:** 4" in plain.pages[0].body
    with_x = await run_answer(ctx, "mana_info", cost="Helle Flamme", x=3)
    assert "**Manawert:** 7" in with_x.pages[0].body
    # Schnellvorlauf is only named in its rulings list (004): no mana cost in the documents
    none = await run_answer(ctx, "mana_info", cost="Schnellvorlauf")
    assert none.error and none.pages[0].title == "Keine Manakosten für „Schnellvorlauf“"


async def test_info_value_and_colours_on_the_loop_hybrid_payments_in_the_worker(ctx, monkeypatch):
    """The longest cost /mana info reads (MAX_INPUT characters: 60 hybrid symbols) has its value and colours
    computed on the loop (a fixed number of passes over the parsed symbols); only the hybrid payments of more
    than LOOP_CHOICES choice symbols take the trip to the worker with its time budget."""
    import bot.answers.mana as mana_answers
    from bot.answers.calc_input import MAX_INPUT

    trips = worker_trips(monkeypatch, mana_answers)
    cost = "{G/W}" * (MAX_INPUT // 5)
    message = payload(await run_answer(ctx, "mana_info", cost=cost))
    assert trips == ["hybrid_payments"]
    description = message["embeds"][0]["description"]
    assert "**Manawert:** 60" in description  # 202.3f: each {G/W} counts 1
    assert "**Farben:** grün und weiß (mehrfarbig)" in description  # 202.2d
    trips.clear()
    message = payload(await run_answer(ctx, "mana_info", cost="{G/W}{G/W}{W/P}{2/W}"))
    assert trips == []  # 4 choice symbols (LOOP_CHOICES): at most 3⁴ states, listed on the loop
    assert fields(message)["Bezahlmöglichkeiten (12)"].startswith("{G}{G}{W}{W} · ")
    message = payload(await run_answer(ctx, "mana_info", cost="{X}{R}", x=3))
    assert trips == []  # no hybrid symbol: no trip at all
    assert "**Manawert:** 4 auf dem Stapel (X = 3; außerhalb des Stapels 1)" in message["embeds"][0]["description"]


async def test_convoke_takes_card_names_as_creatures_with_their_colours_from_the_store(ctx):
    # Boros-Rekrut costs {R/W} (001): a red and white creature (202.2), so it pays {W} or generic mana (702.51a)
    reply = await run_answer(ctx, "mana_convoke", cost="{3}{W}", creatures="Boros-Rekrut, Boros-Rekrut")
    body = reply.pages[0].body
    assert not reply.error and "**Am besten bleibt {2} zu bezahlen**" in body
    assert "**Kreaturen (2):** 2× rot-weiß" in body
    assert body.count("„Boros-Rekrut“ gelesen als Kreatur: rot und weiß.") == 1
    counted = await run_answer(ctx, "mana_convoke", cost="{3}{W}", creatures="2 Boros-Rekrut, grün")
    assert "**Kreaturen (3):** 2× rot-weiß und grün" in counted.pages[0].body
    spell = await run_answer(ctx, "mana_convoke", cost="{3}{W}", creatures="Krims // Krams")
    assert spell.error and spell.pages[0].title == "„Krims // Krams“ ist keine Kreatur"


async def test_unpayable_phyrexian_cost_names_the_life_still_lacking(ctx):
    # 119.4: life is paid only up to one's total. With 3 life, {W/P}{W/P} pays one symbol with 2 life (107.4f) and
    # leaves 1: the other lacks {W} or 1 more life point (4 in all), not 2
    for cost, life, missing in (("{W/P}{W/P}", 3, "1× weißes Mana (oder 1 Lebenspunkt mehr)"),
                                ("{W/P}{W/P}", 1, "2× weißes Mana (oder 3 Lebenspunkte mehr)"),
                                ("{W/P}{W/P}{W/P}", 4, "1× weißes Mana (oder 2 Lebenspunkte mehr)")):
        reply = await run_answer(ctx, "mana_pay", cost=cost, pool="leer", life=life)
        assert reply.pages[0].body.startswith(f"❌ **Nicht bezahlbar**: es fehlt {missing}."), (cost, life)


async def test_convoke_refuses_a_count_that_is_none_in_german(ctx):
    # seven digits or a sign before a creature entry: the pool's count rule (at most six digits, no sign), said as a
    # German error, not raised past the card-name reading (hostile input found it: „0000000“)
    for creatures in ("0000000", "1000001 grün", "-2 grün, Boros-Rekrut"):
        reply = await run_answer(ctx, "mana_convoke", cost="{3}{G}", creatures=creatures)
        assert reply.error, creatures
        text = reply.pages[0].title + reply.pages[0].body
        assert "Anzahl" in text and ("zu groß" in text or "keine Anzahl" in text), text
