"""Doors of the answers run as the README shows them, each a new process (``python -m bot call``/``press`` on the
documents' store): what one process prints or carries in a button is what another reads. The values are the
documents': the register's notes on „millen“ (Ravnica FAQ 001: Ausgraben, 502.47 → 702.52), Karten erklären's line
on the cards past the tenth, its page buttons (card ids separated by „.“; a „,“ of buttons made before 2026-12-07
still read), /frage's line on a guild's name (001's „Selesnija-Gilde“), the register's continuation page of 709.4
turned by another process, /frage's rule number inside a sentence and the card completer's offer of a card that 001
only mentions; the answer paths of 2026-12-07 afternoon (a rule number beside markup, a cost in number words, a
section by today's number, an English clash question, a guild's and a slip's offers) and of the evening (a hedged
question no document answers, a split card compared, a rule offered beside words, two number words side by side)
and of the late evening (a declined name said, a named card's text shown, several and pasted rule numbers, a
card's English name)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.answers import run_answer
from bot.custom_id import PAGE, Invocation, encode
from bot.page_fit import fit_reply
from bot.render import page_checks
from tests.conftest import run_cli
from tests.test_cli_ops import run_console

#: The first 12 card names of the documents' store in alphabetical order (001, 003's FAQs).
TWELVE = ["Absolutions-Thrull", "Adarkarwalküre", "Agrus Kos, Wojek-Veteran", "Akkord des Rufes",
          "Annullierstein-Gargoyle", "Anrufung des Feuerhirns", "Arcum Dagsson", "Auerochsenbulle",
          "Aufsammelkrabbler", "Aufwallen der Erde", "Auge des Sturms", "Auraumwobener Magier"]
#: Karten erklären's line on the two of :data:`TWELVE` past the tenth.
LEFT_OUT = ("_ℹ️ Höchstens 10 Karten je Antwort; nicht erklärt: „Auge des Sturms“, „Auraumwobener Magier“. Frag sie "
            "mit `/karte` oder „Karten erklären“ auf einer Nachricht, die nur sie nennt._\n")


def run(db: Path, *args: str) -> str:
    """What ``python -m bot ARGS`` prints on the store ``db`` (a new process; exit 0)."""
    proc = run_cli(*args, db=db)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def button_ids(message: dict[str, Any]) -> list[str]:
    """Every custom_id of a message payload, row after row."""
    return [c["custom_id"] for row in message.get("components") or [] for c in row["components"]]


def test_regel_suche_of_a_register_term_names_both_notes_and_its_button_opens_the_mechanic(built_db):
    # „millen“ (mill, 701.17) is printed by no document; the change register's two notes on Ausgraben use it
    out = run(built_db, "call", "/regel suche: millen")
    assert out.startswith("== Mahlen – Regel 701.17 ==\n**Mahlen** (englisch *Mill*): Schlüsselwortaktion, heute "
                          "Regel **701.17** der Comprehensive Rules.\n"), out[:300]
    assert ("• Hinweis zu Abschnitt „Ausgraben“: Die Regel steht heute unter 702.52 (damals 502.47); Inhalt "
            "unverändert, heute mit „millen“ statt „auf den Friedhof legen“.\n") in out
    assert ("• Hinweis zu Regel 502.47a (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, heute 702.52a): "
            "Heute „millen“.\n") in out
    buttons = out.rsplit("\nKnöpfe: ", 1)[1]
    assert buttons.startswith("[Mechanik: Ausgraben] (rb:mechanic:"), buttons
    opened = run(built_db, "press", buttons.split("(", 1)[1].split(")", 1)[0])
    assert opened.startswith("== Ausgraben – Ravnica: Stadt der Gilden ==\nℹ️ **Heute:** Die Regel steht heute unter "
                             "702.52 (damals 502.47)"), opened[:300]


def test_karten_erklaeren_names_the_cards_past_the_tenth_and_another_process_turns_its_pages(built_db):
    message = json.loads(run(built_db, "call", "--json", "Karten erklären: " + " ".join(f"[[{n}]]" for n in TWELVE)))
    assert [e["title"] for e in message["embeds"]] == [TWELVE[0]]
    assert message["embeds"][0]["description"].startswith(LEFT_OUT)
    # the page buttons carry the ten cards' ids separated by „.“ and the two left out
    turn = next(i for i in button_ids(message) if i.startswith("rb:pg:2:"))
    ids, _missing, _typed, _hidden, more = turn.split(":/explain_cards:", 1)[1].split(",")
    assert ids.count(".") == 9 and more.count(".") == 1 and "%2C" not in turn
    second = run(built_db, "press", turn)
    assert second.startswith(f"== {TWELVE[1]} ==\n_Gedruckter Text (FAQ Kälteeinbruch):_\n"), second[:200]
    assert "Seite 2/10" in second and "nicht erklärt" not in second
    back = next(i for i in button_ids(json.loads(run(built_db, "press", "--json", turn)))
                if i.startswith("rb:pg:1:"))
    assert run(built_db, "press", back).startswith(f"== {TWELVE[0]} ==\n{LEFT_OUT}")


async def test_a_page_button_made_before_ids_were_separated_by_dots_is_still_turned(ctx, built_db):
    # buttons made before 2026-12-07 separate the card ids by „,“ (in the custom_id „%2C“)
    ids = ",".join(str(ctx.names.resolve(n).card_id) for n in TWELVE[:3])
    origin = Invocation.answer("explain_cards", ids=ids, missing="")
    reply = await run_answer(ctx, "explain_cards", ids=ids)
    old = encode(PAGE, origin, 2, page_checks(reply, fit_reply(reply), origin)[1])
    assert "%2C" in old
    second = run(built_db, "press", old)
    assert second.startswith(f"== {TWELVE[1]} ==\n_Gedruckter Text (FAQ Kälteeinbruch):_\n"), second[:200]
    assert "Seite 2/3" in second


def test_frage_says_a_guilds_name_is_no_card(built_db):
    # 001 prints „Selesnija-Gilde“; the store has no card „Selesnija“: the guild, with 001's sentence naming its
    # mechanic (bot.guilds; before „… ein Name aus den Dokumenten: „Selesnija-Gilde“.“)
    out = run(built_db, "call", "/frage frage: was macht die selesnija")
    assert out.split("\n", 1)[1].startswith(
        "Frage: „was macht die selesnija“\nℹ️ „Selesnija“ gelesen als die Selesnija-Gilde, ihre Mechanik Einberufen "
        "mitgesucht: „Nur Karten, die der Selesnija-Gilde zugeordnet sind (grün, weiß oder grün-weiß), haben "
        "Einberufen.“"), out[:300]
    assert "ist keine Karte der Datenbank" not in out and "kursiv" not in out


def test_the_registers_continuation_page_is_turned_by_another_process(built_db):
    # 709.4 (split cards) backs more register rows than one page holds; page 2 is made anew from the button's id
    first = json.loads(run(built_db, "call", "--json", "/regel suche: 709.4"))
    assert first["embeds"][0]["title"] == "Regel 709.4 (heute)"
    turn = next(i for i in button_ids(first) if i.startswith("rb:pg:2:"))
    assert turn.endswith(":/rule:709.4"), turn
    second = run(built_db, "press", turn)
    assert second.startswith("== Regel 709.4: weitere Einträge des Registers ==\n**Der heutige Stand dieser Einträge "
                             "beruht auf Regel 709.4** (Beleg im Änderungsregister, Fortsetzung):\n"), second[:300]
    assert "— _betrifft **Getrieben // Verzweiflung**_" in second
    assert "Seite 2/2" in second


def test_frage_reads_a_rule_number_inside_the_sentence_in_a_new_process(built_db):
    # „sagt“ is no asking word of the ranker; the number itself is read as /regel suche reads it
    out = run(built_db, "call", "/frage frage: was sagt regel 702.19")
    assert out.startswith("== Trampelschaden ==\n"), out[:200]
    assert "Trampelschaden (englisch Trample): Schlüsselwortfähigkeit, heute Regel 702.19." in out
    refused = run(built_db, "call", "/frage frage: was sagt regel 999.99")
    assert refused.startswith("== Regel 999.99 nicht gefunden ==\nKein Dokument des Bots enthält oder zitiert diese "
                              "Regel.\n"), refused[:300]


def test_the_card_completer_offers_a_card_the_documents_only_mention(built_db):
    # 001's Kälteeinbruch rulings mention „Llanovarelfen“ (the {S} ruling, 001:2805); the store has no card entry of it
    out = run(built_db, "complete", "/karte name", "llano")
    assert out.splitlines()[0] == "Llanovarelfen (nur erwähnt)", out


def test_a_missing_cards_name_is_said_by_a_new_process(built_db):
    # no card „Dimirwächter“ is in the store (001 has Dimir-Doppelgänger, Circu, Dimir-Lobotomist): said, hedged
    out = run(built_db, "call", "/frage frage: was macht dimirwächter")
    assert out.split("\n", 1)[1].startswith("Frage: „was macht dimirwächter“\nℹ️ Keine Karte „Dimirwächter“ gefunden: "
                                            "kein Dokument des Bots nennt eine Karte dieses Namens;"), out[:300]


def test_the_afternoons_answer_paths_answer_in_a_new_process(built_db):
    # each a new `python -m bot` process, as the README shows the doors; the values are the documents' and the
    # register's: today's 702.51 of 001's Einberufen, 000:50's English clash sentence, 001's Izzet-Gilde sentence
    rule = run(built_db, "call", "/regel suche: 702.19 **trample**")
    assert rule.startswith("== Regel 702.19 (heute) – Trampelschaden ==\nℹ️ Das Wort „trample“ wurde auch gesucht; "
                           "seine Treffer folgen nach der Regel.\n"), rule[:300]
    cost = run(built_db, "call", "/mana info kosten: zwei weiss weiss")
    assert "Für {2}{W}{W} (2 generisches Mana und zwei weiße): „2 weiß weiß“ oder {2}{W}{W}" in cost, cost[:400]
    mechanic = run(built_db, "call", "/mechanik name: 702.51")
    assert mechanic.startswith("== Einberufen – Ravnica: Stadt der Gilden ==\n"), mechanic[:200]
    clash = run(built_db, "call", "/frage frage: what happens when two players clash and both reveal lands")
    assert "If no one reveals a card with a higher converted mana cost" in clash.split("\n[2. ", 1)[0], clash[:600]
    assert run(built_db, "complete", "/karte name", "izzet").splitlines() == [
        "Izzet (Gilde: blau, rot oder blau-rot; Mechanik Reproduktion)"]
    offers = run(built_db, "complete", "/ruling suche", "borros").splitlines()
    assert offers[:2] == ["borros", "Boros-Rekrut – Rulings"], offers


def test_the_evenings_answer_paths_answer_in_a_new_process(built_db):
    # a new user's findings of 2026-12-07 evening, each in a new process as the README calls them: the hedge on a
    # question no document answers (000:39, the English clash article), a split card compared with another (001's
    # Krims // Krams and Boros-Rekrut), the rule a text names offered first, a section by the term table's number,
    # a number word above twelve and two side by side, and the buttons of 502.32a's „Regeln 409.1b und 409.1f-h“
    sorcery = run(built_db, "call", "/frage frage: can I cast a sorcery during my opponent's turn")
    asked = "Frage: „can I cast a sorcery during my opponent's turn“\n⚖️ "
    assert sorcery.split("\n", 1)[1].startswith(asked), sorcery[:300]
    both = run(built_db, "call", "/frage frage: Krims // Krams oder Boros-Rekrut")
    assert both.startswith("== Krims // Krams · Boros-Rekrut ==\n"), both[:200]
    assert "Ein Spieler deiner Wahl opfert zwei angreifende Kreaturen." in both and "{R/W} kann entweder" in both
    offers = run(built_db, "complete", "/regel suche", "702.19 **trample**").splitlines()
    assert offers == ["702.19 – Trampelschaden (Trample)", "Suche: 702.19 **trample**"], offers
    split = run(built_db, "call", "/mechanik name: 709")
    assert split.startswith("== Geteilte Karten – Zwietracht ==\n"), split[:200]
    twenty = run(built_db, "call", "/mana info kosten: zwanzig grün")
    assert "Zahlen bitte als Ziffern, z. B. „20 grün“ oder {20}{G}" in twenty, twenty[:300]
    side = run(built_db, "call", "/mana info kosten: drei vier weiss")
    assert "„drei vier“: zwei Zahlen stehen nebeneinander." in side, side[:500]
    convoke = run(built_db, "call", "/regel 502.32a")
    assert "[Siehe 409.1b (2005, heute 601.2b)] (rb:rule:409.1b)" in convoke.rsplit("\nKnöpfe: ", 1)[1], convoke[-600:]


def test_the_late_evenings_answer_paths_answer_in_a_new_process(built_db):
    # the paths of 2026-12-07 late evening, each a new process: a declined name said („gelesen als“, its card button
    # first, pressed by another process: 001's Boros-Rekrut, „{R/W} kann entweder …“) beside a card whose text is
    # the fifth candidate (Phobisches Traumwesen, 003's Kälteeinbruch FAQ); of two rule numbers the one no document
    # has is named; a rule number pasted with a quote; a slash between two numbers a list; an English card name its
    # rulings print (004's „Fast Forward“) answered by /karte
    both = run(built_db, "call", "/frage frage: kann der boros-rekruten den phobischen traumwesens blocken?")
    assert "ℹ️ „boros-rekruten“ gelesen als **Boros-Rekrut**; keine Stelle unten gilt der Karte" in both, both[:600]
    assert "\n[5. Phobisches Traumwesen – Kartentext · " in both, both[-1500:]
    card = both.rsplit("\nKnöpfe: ", 1)[1]
    assert card.startswith("[Boros-Rekrut] (rb:card:"), card
    pressed = run(built_db, "press", card.split("(", 1)[1].split(")", 1)[0])
    assert pressed.startswith("== Boros-Rekrut ==") and "{R/W} kann entweder" in pressed, pressed[:400]
    rules = run(built_db, "call", "/frage frage: was sagt 999.9 und 702.19")
    assert rules.startswith("== Trampelschaden") and "ℹ️ Nicht gefunden: Regel 999.9" in rules, rules[:400]
    quoted = run(built_db, "call", '/regel suche: "702.19')
    assert quoted.startswith("== Regel 702.19 (heute) – Trampelschaden ==\n"), quoted[:200]
    listed = run(built_db, "call", "/regel suche: 702.19/104.3f")
    assert "\nℹ️ 2 Regelnummern gesucht; jede wird einzeln gezeigt: 702.19, 104.3f.\n" in listed, listed[:400]
    english = run(built_db, "call", "/karte name: Fast Forward")
    assert english.startswith("== Schnellvorlauf ==\n_ℹ️ „Fast Forward“ ist kein Kartenname in der Datenbank; "
                              "gelesen als **Schnellvorlauf**"), english[:300]


def test_the_console_reads_the_question_s_own_option_name_inside_it_as_text(built_db):
    """``python -m bot console`` as the README calls it, one process for both lines: „Frage:“ inside the question is
    its text, also after the option's own „frage:“ and before „privat:“ (until 2026-12-07 „Option „frage“ ist doppelt
    angegeben“); 001's Spuk section and ruling answer both. Seen red with the prose option's name read as the option
    again (bot/console.py, CommandLine._segments)."""
    proc = run_console("/frage Meine Frage: was ist Spuk?\n"
                       "/frage frage: Frage: kann ich das? Frage: was ist Spuk privat: ja\nende\n", built_db)
    assert proc.returncode == 0, proc.stderr
    first, second = proc.stdout.split("regelbot> ")[1:3]
    assert first.startswith("== Spuk ==\nFrage: „Meine Frage: was ist Spuk?“\n\nMechanik-Abschnitt **Spuk**"), first
    assert second.startswith("== Spuk ==\nFrage: „Frage: kann ich das? Frage: was ist Spuk“\n"), second
    assert "(nur für dich)" in second and "doppelt" not in proc.stdout + proc.stderr
