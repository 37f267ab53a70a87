"""Words the answers say of what was typed, through ``python -m bot call`` in a new process on the documents' store:
a rule number no document has names no rule as an example search, a name in markdown is echoed without its marks,
Discord markup in ``[[…]]`` is „Nicht gelesen“ as ``/karte`` says it. The values are the documents': Szadek, Herr der
Geheimnisse's short name (001), Boros-Rekrut (001)."""

from __future__ import annotations

from tests.conftest import run_cli


def call(db, command: str) -> str:
    proc = run_cli("call", command, db=db)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_rule_number_no_document_has_suggests_no_other_rule(built_db):
    for number in ("420.5e", "999.1", "510.1c"):
        out = call(built_db, f"/regel suche: {number}")  # before: „Für Stichwörter: `/regel suche: Startspieler`.“
        assert out.startswith(f"== Regel {number} nicht gefunden ==\nKein Dokument des Bots enthält oder zitiert "
                              "diese Regel.\nNach Wörtern statt einer Nummer suchen: `/regel suche: <Stichwort>`."), out
        assert "Startspieler" not in out


def test_a_short_name_in_markdown_is_echoed_without_its_marks(built_db):
    line = "_„Szadek“ ist der kurze Name von Szadek, Herr der Geheimnisse (Regel 201.5c)._\n"
    for command in ("Karten erklären: [[**Szadek**]]", "/karte name: **Szadek**"):
        out = call(built_db, command)  # before: „\\*\\*Szadek\\*\\*“ ist der kurze Name …
        assert out.startswith(f"== Szadek, Herr der Geheimnisse ==\n{line}"), out[:300]


def test_discord_markup_in_brackets_is_not_read_as_karte_says_it(built_db):
    out = call(built_db, "Karten erklären: [[@everyone]] und [[<@123>]]")  # before: „Keine Karte passt zu …“
    assert out.startswith("== Keine Karten in dieser Nachricht gefunden ==\nℹ️ Nicht gelesen: „\\@everyone“, "
                          "„\\<\\@123\\>“ (Links, Erwähnungen und Emojis von Discord nennen keine Karte und keine "
                          "Regel).\n"), out
    assert "Nicht gelesen: „\\@everyone“ (Links" in call(built_db, "/karte name: @everyone")  # the same words
