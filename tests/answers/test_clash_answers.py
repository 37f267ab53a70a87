"""/clash (Fehde) answers on the real store, and through `python -m bot call`."""

from __future__ import annotations

import json
import re

from bot.answers import run_answer
from bot.render import payload
from tests.conftest import call_cli
from tests.test_render import assert_within_limits


async def test_reveal_split_card_2007_both_win(ctx):
    # Bestimmt {3}{B}{G} = 5 and Unbeirrt {G}{U} = 2 (Zwietracht FAQ); {3}{R} = 4.
    reply = await run_answer(ctx, "clash_reveal", card1="Bestimmt // Unbeirrt", card2="{3}{R}", rules="2007")
    message = payload(reply)
    description = message["embeds"][0]["description"]
    assert description.startswith("**Spieler 1 und 2 gewinnen die Fehde** (Regelstand 2007).")
    assert "• Spieler 1 gewinnt: Bestimmt (5) > {3}{R} (4) von Spieler 2." in description
    assert "• Spieler 2 gewinnt: {3}{R} (4) > Unbeirrt (2) von Spieler 1." in description
    compare = {f["name"]: f["value"] for f in message["embeds"][0]["fields"]}
    assert compare["Zum Vergleich: Regelstand heute"] == "Spieler 1 gewinnt die Fehde."
    assert_within_limits(message)


async def test_reveal_today_and_ties(ctx):
    today = await run_answer(ctx, "clash_reveal", card1="Bestimmt // Unbeirrt", card2="{3}{R}")
    assert "Manawert 7 (Bestimmt 5 + Unbeirrt 2)" in today.pages[0].body
    # the article: all reveal mana value 2 → nobody wins; Boros-Rekrut {R/W} = 1
    tie = await run_answer(ctx, "clash_reveal", card1="2", card2="{1}{G}", card3="{W}{W}")
    assert tie.pages[0].body.startswith(
        "**Niemand gewinnt die Fehde** (Manawert 2, 2 und 2: keiner höher als alle anderen)."
    )
    land = await run_answer(ctx, "clash_reveal", card1="Boros-Rekrut", card2="Land", card3="{X}")
    assert land.pages[0].body.startswith("**Spieler 1 gewinnt die Fehde** (Manawert 1 gegen 0 und 0).")


async def test_reveal_bad_card_german(ctx):
    reply = await run_answer(ctx, "clash_reveal", card1="Gibtsnicht", card2="3")
    assert reply.error and reply.pages[0].title.startswith("Karte 1:")


async def test_odds_exact(ctx):
    reply = await run_answer(ctx, "clash_odds", library1="0:24 2:36", library2="0:20 3:40", seed=1)
    lines = reply.pages[0].body.splitlines()
    # 36/60 · 20/60 = 1/5; 40/60 = 2/3; 24/60 · 20/60 = 2/15
    assert lines == ["Spieler 1: **20,00 %** (1/5) · Spieler 2: **66,67 %** (2/3) · Niemand: **13,33 %** (2/15)"]
    again = await run_answer(ctx, "clash_odds", library1="0:24 2:36", library2="0:20 3:40", seed=1)
    assert payload(again) == payload(reply)  # same seed, same random reveal


async def test_odds_count_that_is_no_whole_number_from_0_is_named(ctx):
    for typed, shown in (("0:-5", "0:-5"), ("0:17 2:1.5", "2:1.5"), ("Boros-Rekrut: 2, 0:- 3", "0:- 3")):
        reply = await run_answer(ctx, "clash_odds", library1=typed, library2="3:4")
        assert reply.error and reply.pages[0].title == "Bibliothek 1: ungültige Anzahl", typed
        assert reply.pages[0].body.startswith(f"„{shown}“: Anzahlen sind ganze Zahlen ab 0"), typed
    # a comma between entries is no decimal comma
    reply = await run_answer(ctx, "clash_odds", library1="0:24,2:36", library2="0:20 3:40", seed=1)
    assert reply.pages[0].body.startswith("Spieler 1: **20,00 %** (1/5)")


async def test_odds_with_card_names(ctx):
    # 4 Boros-Rekrut (mana value 1) + 20 lands vs. 20×0, 40×3: player 1 wins only 1 vs 0: 4/24 · 20/60 = 1/18
    reply = await run_answer(
        ctx, "clash_odds", library1="4 Boros-Rekrut, 20 Land", library2="0:20 3:40", seed=3
    )
    assert reply.pages[0].body.splitlines()[0].startswith("Spieler 1: **5,56 %** (1/18) · ")
    bad = await run_answer(ctx, "clash_odds", library1="0:17 drei", library2="0:1")
    assert bad.error


async def test_odds_read_every_count_form_and_refuse_an_empty_library_clearly(ctx):
    # 4 Boros-Rekrut (mana value 1) + 20 lands vs. 20×0, 40×3, in each count form: 1/18 as above
    for typed in ("Boros-Rekrut x4, Land x20", "4x Boros-Rekrut, 20x Land", "Boros-Rekrut: 4, Land:20",
                  "Boros-Rekrut ×4; 20 Land"):
        reply = await run_answer(ctx, "clash_odds", library1=typed, library2="0:20 3:40", seed=3)
        assert reply.pages[0].body.splitlines()[0].startswith("Spieler 1: **5,56 %** (1/18) · "), typed
    bad = await run_answer(ctx, "clash_odds", library1="Boros-Rekrut*10", library2="0:1")
    assert bad.error and ("Einträge einer Bibliothek, durch Kommas getrennt: `10 Boros-Rekrut`, `10x Boros-Rekrut`, "
                          "`Boros-Rekrut x10`") in bad.pages[0].body
    for typed in ("leer", "Keine Karten"):
        empty = await run_answer(ctx, "clash_odds", library1=typed, library2="10 Boros-Rekrut")
        assert empty.error and empty.pages[0].title == "Bibliothek 1 ist leer"
        assert empty.pages[0].body.startswith(
            "Mit leerer Bibliothek deckt Spieler 1 bei der Fehde keine Karte auf und kann sie nicht gewinnen (Regel "
            "701.30c und 701.30d)")
        assert "Leere" not in empty.pages[0].body and not empty.choices  # no card „Maul der Leere“ offered


def test_cli_reveal_json(built_db):
    proc = call_cli(
        "call",
        "/fehde aufdecken karte1: Bestimmt // Unbeirrt karte2: {3}{R} regelstand: 2007",
        "--json",
        db=built_db,
    )
    assert proc.returncode == 0, proc.stderr
    description = json.loads(proc.stdout)["embeds"][0]["description"]
    assert description.startswith("**Spieler 1 und 2 gewinnen die Fehde** (Regelstand 2007).")
    assert "Bestimmt (5) > {3}{R} (4)" in description and "{3}{R} (4) > Unbeirrt (2)" in description


def test_cli_odds_json(built_db):
    proc = call_cli(
        "call", "/fehde chancen bibliothek1: 0:24 2:36 bibliothek2: 0:20 3:40", "--json", db=built_db
    )
    assert proc.returncode == 0, proc.stderr
    description = json.loads(proc.stdout)["embeds"][0]["description"]
    assert "Spieler 1: **20,00 %** (1/5)" in description and "Niemand: **13,33 %** (2/15)" in description
    english = call_cli("call", "/clash odds library1: 0:1 library2: 1:1 rules: 2007", db=built_db)
    assert "Spieler 2: **100,00 %** (1)" in english.stdout


async def test_land_and_x_from_the_store(ctx):
    # Geisterviertel: "Land", no mana cost → 0; Akkord des Rufes {X}{G}{G}{G}: X counts 0 → 3 (article)
    reply = await run_answer(ctx, "clash_reveal", card1="Geisterviertel", card2="Akkord des Rufes", card3="2")
    body = reply.pages[0].body
    assert "Spieler 1: **Geisterviertel** – Manawert 0" in body
    assert "Spieler 2: **Akkord des Rufes** – Manawert 3" in body
    assert body.startswith("**Spieler 2 gewinnt die Fehde** (Manawert 3 gegen 0 und 2).")


async def test_library_card_name_with_a_comma(ctx):
    # "Sonnenheim, Festung der Legion" is a land (0); Boros-Rekrut 1; Aufsammelkrabbler 6 → 9 cards
    reply = await run_answer(
        ctx,
        "clash_odds",
        library1="4 Sonnenheim, Festung der Legion, 2 Boros-Rekrut, 3 Aufsammelkrabbler",
        library2="0:1",
        seed=1,
    )
    assert "Bibliothek 1: 9 Karten (0:4 1:2 6:3)." in "\n".join(f.value for f in reply.pages[0].fields)
    # player 1 wins with any non-land: 5 of 9
    assert reply.pages[0].body.splitlines()[0].startswith("Spieler 1: **55,56 %** (5/9) · ")
    bad = await run_answer(ctx, "clash_odds", library1="4 Gibtsnicht; 2 Boros-Rekrut", library2="0:1")
    assert bad.error and bad.pages[0].title.startswith("Bibliothek 1, Eintrag 1:")


async def test_a_library_name_read_as_another_card_is_said(ctx):
    # „Boros-Rekrutt“ is read as Boros-Rekrut (1) and „Tressen aus Feur“ as Tressen aus Feuer (2): said as /karte says
    reply = await run_answer(ctx, "clash_odds", library1="2 Boros-Rekrutt; Tressen aus Feur", library2="0:1", seed=1)
    lines = reply.pages[0].body.splitlines()
    assert "ℹ️ „Boros-Rekrutt“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut." in lines
    fire = "ℹ️ „Tressen aus Feur“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Tressen aus Feuer."
    assert fire in lines
    exact = await run_answer(ctx, "clash_odds", library1="2 Boros-Rekrut", library2="0:1", seed=1)
    assert "steht so nicht" not in exact.pages[0].body


def test_share_button_of_a_private_odds_answer_posts_the_same_answer(built_db):
    """The random reveal drew a fresh seed on every run, so "Im Kanal teilen" (and paging)
    never matched the page fingerprint. The seed drawn for the answer is carried in its custom_id. In process
    (:func:`tests.conftest.call_cli`): the press in a new process is tests/test_cli.py's
    ``test_private_clash_odds_shared_from_a_new_process_give_the_same_answer``."""
    first = json.loads(call_cli(
        "call", "/fehde chancen bibliothek1: 0:1 2:1 bibliothek2: 1:2 privat: ja", "--json", db=built_db).stdout)
    assert first["flags"] & 64  # EPHEMERAL
    share = [b for row in first["components"] for b in row["components"] if b.get("label") == "Im Kanal teilen"]
    assert len(share) == 1 and share[0]["custom_id"].startswith("rb:sh:1:")
    seed = re.search(r"Startwert (\d+)", json.dumps(first, ensure_ascii=False)).group(1)
    assert share[0]["custom_id"].endswith(f",#{seed}")  # the seed is part of the invocation
    pressed = call_cli("press", share[0]["custom_id"], "--json", db=built_db)
    assert pressed.returncode == 0, pressed.stderr
    shared = json.loads(pressed.stdout)
    assert not (shared.get("flags") or 0) & 64  # public now
    assert shared["embeds"] == first["embeds"]
    # library 1 = {0, 2}, library 2 = {1, 1}: each player wins half the time (701.30: higher mana value wins)
    assert "Spieler 1: **50,00 %** (1/2)" in shared["embeds"][0]["description"]


def worker_trips(monkeypatch, module) -> list[str]:
    """The names of the functions ``module``'s answers send to a worker process (``run_bounded`` without
    ``on_loop``), appended as they go."""
    from bot.offload import run_bounded

    trips: list[str] = []

    async def counted(func, *args, **kwargs):
        if not kwargs.get("on_loop"):  # a trip to a worker process
            trips.append(func.__name__)
        return await run_bounded(func, *args, **kwargs)

    monkeypatch.setattr(module, "run_bounded", counted)
    return trips


async def test_small_clash_on_the_loop_large_in_the_worker(ctx, monkeypatch):
    """Up to LOOP_HALVES halves in all the clash is decided on the loop (its work is bounded by them); a longer
    ``1/2/…`` input keeps the worker's time budget. Same answers either way (2007: each half compared)."""
    import bot.answers.clash as clash_answers

    trips = worker_trips(monkeypatch, clash_answers)
    small = await run_answer(ctx, "clash_reveal", card1="Bestimmt // Unbeirrt", card2="{3}{R}", rules="2007")
    assert trips == []  # 3 halves: both rules states on the loop
    assert small.pages[0].body.startswith("**Spieler 1 und 2 gewinnen die Fehde** (Regelstand 2007).")
    # a typed split card has two halves (CR 709.1; „1/2/…/9“ is refused), so four typed cards have at most 8: only a
    # card of the store printed with more (an Un-card of a card file) passes the bound; here the bound is made small
    monkeypatch.setattr(clash_answers, "LOOP_HALVES", 3)
    large = await run_answer(ctx, "clash_reveal", card1="1/9", card2="9/1", rules="2007")
    assert trips == ["clash", "clash"]  # the 2007 answer and today's comparison, each in the worker
    # 2007: player 1's 9 beats player 2's 1 and the other way round → both win; today 10 against 10: nobody
    assert large.pages[0].body.startswith("**Spieler 1 und 2 gewinnen die Fehde** (Regelstand 2007).")
    compare = {f.name: f.value for f in large.pages[0].fields}
    assert compare["Zum Vergleich: Regelstand heute"] == "Niemand gewinnt die Fehde."


async def test_small_odds_on_the_loop_many_kinds_in_the_worker(ctx, monkeypatch):
    """Libraries of at most LOOP_KINDS kinds are answered on the loop (kinds × kinds pairs of fractions); one
    more kind keeps the worker's budget for the odds and the reveal. The same odds either way."""
    import bot.answers.clash as clash_answers

    trips = worker_trips(monkeypatch, clash_answers)
    small = await run_answer(ctx, "clash_odds", library1="0:24 2:36", library2="0:20 3:40", seed=1)
    assert trips == []
    assert small.pages[0].body.startswith("Spieler 1: **20,00 %** (1/5) · Spieler 2: **66,67 %** (2/3)")
    kinds = clash_answers.LOOP_KINDS + 1  # 0..8, one card each: 9 kinds
    many = " ".join(f"{v}:1" for v in range(kinds))
    large = await run_answer(ctx, "clash_odds", library1=many, library2="0:20 3:40", seed=1)
    assert trips == ["clash_odds", "random_reveal"]
    # player 1 wins with 4..8 (5/9) always, with 1..3 (3/9) against the 0 (1/3): 5/9 + 3/9 · 1/3 = 2/3
    assert large.pages[0].body.startswith("Spieler 1: **66,67 %** (2/3)")


async def test_odds_read_name_count_entries_separated_by_spaces(ctx):
    reply = await run_answer(ctx, "clash_odds", library1="Boros-Rekrut:30 Szadek:30", library2="Szadek:40")
    text = json.dumps(payload(reply), ensure_ascii=False)
    assert "Bibliothek 1 gelesen: 30× Boros-Rekrut (1), 30× Szadek, Herr der Geheimnisse (7)." in text
    # Boros-Rekrut (1) never beats Szadek (7); the two Szadeks tie: half the clashes no one wins
    assert "Spieler 1: **0,00 %** (0) · Spieler 2: **50,00 %** (1/2)" in text


async def test_odds_say_that_entries_are_separated_by_commas(ctx):
    reply = await run_answer(ctx, "clash_odds", library1="Boros-Rekrut 30 Szadek 30", library2="Szadek:40")
    assert reply.error
    assert "Einträge einer Bibliothek, durch Kommas getrennt: `10 Boros-Rekrut`" in reply.pages[0].body
