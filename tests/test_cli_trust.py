"""The answers that must not mislead, run as a new user runs them: ``python -m bot call`` and ``press`` in new
processes against the built store (a crash, a stalled loop or a wrong card would only show here)."""

from __future__ import annotations

import json

from tests.conftest import run_cli

#: 002 (Rulings zu Getrieben // Verzweiflung, 14.07.2017) names Destined // Lead only as an example.
DESTINED = ("Falls dich beispielsweise ein Effekt daran hindert, grüne Zaubersprüche zu wirken, kannst du Destined "
            "von Destined // Lead wirken, aber nicht Lead.")


def test_a_name_the_store_lacks_is_said_and_its_button_works_in_another_process(built_db):
    proc = run_cli("call", "/karte name: Destined", "--json", db=built_db)
    assert proc.returncode == 0, proc.stderr
    payload = json.loads(proc.stdout)
    embed = payload["embeds"][0]
    assert embed["title"] == "Keine Karte „Destined“ in der Datenbank"
    assert embed["description"] == ("„Destined“ ist nicht in der Datenbank; nur erwähnt in den Rulings zu "
                                    f"**Getrieben // Verzweiflung**:\n> {DESTINED}")
    (button,) = payload["components"][0]["components"]
    assert button["label"] == "Rulings: Getrieben // Verzweiflung"
    pressed = run_cli("press", button["custom_id"], db=built_db)  # a new process: the state is in the id alone
    assert pressed.returncode == 0, pressed.stderr
    assert pressed.stdout.startswith("== Rulings: Getrieben // Verzweiflung (13) ==\n")  # 002's 13 rulings


def test_a_card_name_with_a_slip_in_a_question_and_the_worst_case_question(built_db):
    proc = run_cli("call", "/frage frage: was macht boros-rektur", db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("== Boros-Rekrut ==\n")
    assert "ℹ️ „boros-rektur“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut." in proc.stdout
    # as long as Discord lets a text option be, every word a card's name or a slip of one: the slip look-ups are
    # bounded, the answer comes in German and the process ends
    worst = ("boros-rektur krims krams getriben verzweiflng " * 200)[:6000]
    proc = run_cli("call", f"/frage frage: {worst}", db=built_db, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("== ") and "Traceback" not in proc.stdout + proc.stderr
