"""The console pages as the buttons do (bot/console.py ``weiter``/``zurück`` press the page's button): where the
buttons cannot page (an input too long to ride in a button's custom_id: its answer is its first page alone, with a
line saying so), the console has no page to turn either."""

from __future__ import annotations

from tests.test_cli_ops import run_console

#: A /mana versorgung input of two pages whose invocation does not fit into Discord's 100 characters of a custom_id.
LONG_UPKEEP = ("/mana versorgung kosten: Opfere eine Kreatur, die einen sehr langen Namen hat und noch viel mehr Text, "
               "der nirgends gedruckt ist oder Wirf eine Karte aus deiner Hand ab und zwar eine mit langem Text oder "
               "{W}{U}{B}{R}{G} oder {2/W}{2/U} oder Zahle 3 Lebenspunkte marken: 4")


def test_console_pages_only_where_the_buttons_page(built_db):
    proc = run_console(f"{LONG_UPKEEP}\nweiter\nzurück\n/hilfe\nweiter\nweiter\nweiter\nzurück\nende\n", built_db)
    assert proc.returncode == 0, proc.stderr
    answers = proc.stdout.split("regelbot> ")[1:]
    assert "_ℹ️ Seite 1 von 2: Die Eingabe ist um 171 Zeichen zu lang" in answers[0]  # no button can re-run it:
    assert "Seite 1/2" not in answers[0] and "[Weiter]" not in answers[0]  # its first page alone (bot/unpaged.py)
    assert answers[1].strip() == (  # no „Weiter“ to press, as in Discord; before: „Schon auf der letzten Seite.“
        "Gezeigt wird nur Seite 1 von 2: Die Eingabe ist um 171 Zeichen zu lang, um sie in einem Knopf zum Blättern "
        "mitzugeben (Discord erlaubt 100 Zeichen, ein Komma zählt dreifach, ein Emoji doppelt). Für die weiteren "
        "Seiten den Befehl mit einer kürzeren Eingabe erneut ausführen.")
    assert answers[2].strip() == "Schon auf der ersten Seite."  # still on its first page
    assert "Seite 1/3" in answers[3] and "Seite 2/3" in answers[4] and "Seite 3/3" in answers[5]
    assert answers[6].strip() == "Schon auf der letzten Seite."
    assert "Seite 2/3" in answers[7]
