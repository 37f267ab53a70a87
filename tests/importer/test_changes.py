"""The change register (data/changes.toml, data/terms.tsv): parsing, checks against the store, counts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES, build
from bot.importer.changes import CHANGES_PATH, TERMS_PATH, RegisterError, numbers_in_text, read_register, read_terms
from bot.importer.report import format_report

FIXTURES = Path(__file__).parent / "fixtures"


def _register_with(tmp_path: Path, old: str, new: str) -> Path:
    text = CHANGES_PATH.read_text(encoding="utf-8")
    text = text[text.index("\n[review]") + 1 :]  # not the examples in the header comment
    assert old in text
    path = tmp_path / "changes.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _terms_with(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "terms.tsv"
    path.write_text(TERMS_PATH.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return path


def test_register_parses_and_every_row_is_reviewed():
    register = read_register()
    assert register.cr_effective == "2026-04-17"
    keys = [c.key for c in register.changes]
    assert len(keys) == len(set(keys)) == 44
    # Later reviews added legend_rule_voja, mana_burn_braid_of_fire, 3 × combat_damage_stack_*, and
    # total_cost_english (004:25, the one English ruling without a German twin, read in German)
    assert {"split_naming", "split_clash", "convoke", "clash_rule", "hybrid_rule", "cumulative_upkeep_rule",
            "mana_burn", "combat_damage_stack", "legend_rule"} <= set(keys)
    # Evidence is a rule with its text in [cr] or a later document entry, never a pattern.
    naming = next(c for c in register.changes if c.key == "split_naming")
    assert naming.evidence == ("CR 709.4a", "002:29 Jede geteilte Karte hat zwei")
    assert register.cr["709.4a"].startswith("Each split card has two names.")
    assert set(register.terms) == {"wirken", "aktivieren", "manawert", "exil", "schlachtfeld", "zustandsbasiert",
                                   "prioritaet", "nicht_verrechnet", "mana_erzeugen"}


def test_number_row_203_2e_is_todays_202_2d():
    """Ravnica FAQ line 40 quotes 203.2e (an object with hybrid symbols has both colours): CR 2026 202.2d."""
    register = read_register()
    row = next(r for r in register.numbers if (r.document, r.number) == ("001", "203.2e"))
    assert (row.today, row.relation) == ("202.2d", "same")
    assert register.cr["202.2d"].startswith("An object with one or more hybrid mana symbols")


def test_term_table_rows():
    terms = read_terms()
    # Reviewed: the forecast ability is activated, not cast (Dissension FAQ line 1935).
    assert terms["001:1935"][0] == ("aktivieren",)
    # Naming a land "to prevent it being played": lands are still played, no term.
    assert terms["001:1244"][0] == ()
    assert terms["001:84"][0] == ("manawert",)  # "… oder den umgewandelten Manakosten des Zauberspruchs."
    # The Gilden sections (Guildpact 1043, Dissension 1904): "Vier dieser Gilden spielten die Hauptrolle" is no
    # spell being cast – no term, so the sections count as unchanged.
    assert "001:1043" not in terms and "001:1904" not in terms
    # Guildpact 1787: "… werden alle Kopien neutralisiert, da sie illegale Ziele haben" – today they don't resolve.
    assert terms["001:1787"][0] == ("wirken", "nicht_verrechnet")


async def test_build_counts_per_document_are_pinned(tmp_path):
    report = build(tmp_path / "r.sqlite3", DEFAULT_SOURCES)
    counts = {(f[:3], p): (c["unchanged"], c["changed"], c["wording"], c["unreviewed"])
              for f, p, _t, c in report.today.per_document}
    assert counts == {
        ("000", 1): (13, 4, 3, 0),
        # 853/855 (Sonnenheim) and 2394 (Lebendes Blätterdach) changed → wording: their conclusions hold today
        ("001", 1): (88, 5, 74, 0),  # review 2026-12-01: + token_name; 966 (Voja) wording
        ("001", 2): (68, 5, 64, 0),  # + leyline_start (2), two_headed_giant_attacking_player; Gilden no term
        # + keyword_graft, graft_trigger (2), outside_game_exile; 2345 wording; 2061 (discarding a split card, old
        # terms only) confirmed by 002:33 (split_discard, 2026-12-07): unchanged
        ("001", 3): (90, 9, 57, 0),
        ("001", 4): (79, 6, 54, 0),  # + combat_damage_fur_trader
        ("002", 1): (13, 0, 0, 0),
        ("003", 1): (0, 0, 0, 0),
        ("004", 1): (6, 0, 0, 0),  # „provoziert“, „angestachelt“: goad in the newest document, no later word
    }
    assert report.today.totals()["unreviewed"] == 0
    printed = format_report(report)  # what `python -m bot build` prints
    assert "  000_b7f976ad35525819.txt: 13 unverändert, 4 geändert, 3 nur Begriffe" in printed
    assert "  001_d6ee154855c71d75.txt #3 Zwietracht: 90 unverändert, 9 geändert, 57 nur Begriffe" in printed
    assert "Alte Regelnummern der Dokumente: 46 zugeordnet (41 gleicher Inhalt, 3 inhaltlich geändert, " \
           "2 ohne Gegenstück)" in printed
    conn = sqlite3.connect(tmp_path / "r.sqlite3")
    # Every ruling and every section has exactly one status.
    rulings = conn.execute("SELECT count(*) FROM rulings").fetchone()[0]
    sections = conn.execute("SELECT count(*) FROM mechanics").fetchone()[0]
    assert conn.execute("SELECT count(*) FROM today_status").fetchone()[0] == rulings + sections == 638
    row = conn.execute(
        "SELECT count(*) FROM today_status s JOIN documents d ON d.id = s.document_id"
        " WHERE d.file = '001_d6ee154855c71d75.txt' AND s.status = 'changed'"
    ).fetchone()
    assert row == (25,)  # 853, 855, 2394 are wording now


def test_missing_entry_fails_the_build(tmp_path):
    register = _register_with(
        tmp_path, 'entries = ["001:2063 Falls ein Effekt einen Spieler"', 'entries = ["001:2064 Falls ein Effekt"'
    )
    with pytest.raises(RegisterError, match="001:2064 ist kein Ruling und kein Abschnitt"):
        build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, register=register)
    assert not (tmp_path / "r.sqlite3").exists()


def test_moved_line_fails_the_build(tmp_path):
    # Line 2061 exists, but it is another ruling: the quoted text start catches it.
    register = _register_with(
        tmp_path, 'entries = ["001:2063 Falls ein Effekt einen Spieler"', 'entries = ["001:2061 Falls ein Effekt"'
    )
    with pytest.raises(RegisterError, match="001:2061 beginnt nicht mit „Falls ein Effekt“"):
        build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, register=register)


def test_missing_evidence_entry_fails_the_build(tmp_path):
    register = _register_with(tmp_path, '"002:29 Jede geteilte Karte hat zwei"]', '"002:30 Jede"]')
    with pytest.raises(RegisterError, match="002:30"):
        build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, register=register)


def test_an_explanation_of_003_is_evidence_with_its_quote_checked_and_never_an_entry(tmp_path):
    """mana_burn cites 003:202, the explanation of 106.4 („Weist ein Effekt einen Spieler an, Mana hinzuzufügen,
    kommt dieses Mana in seinen Manavorrat …“): its text start is checked like an entry's; a row cannot name it."""
    mana_burn = next(c for c in read_register().changes if c.key == "mana_burn")
    assert mana_burn.evidence == ("CR 106.4", "003:202 Weist ein Effekt einen Spieler an, Mana hinzuzufügen")
    register = _register_with(tmp_path, '"003:202 Weist ein Effekt einen Spieler an, Mana hinzuzufügen"',
                              '"003:202 Weist ein Effekt einen Spieler an, Mana zu erzeugen"')
    with pytest.raises(RegisterError, match="003:202 beginnt nicht mit „Weist ein Effekt einen Spieler an, Mana zu"):
        build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, register=register)
    register = _register_with(tmp_path, 'entries = ["001:2805 {S} in Kosten ist gleichbedeutend"]',
                              'entries = ["003:288 In Kosten steht das Schnee-Manasymbol {S}"]')
    with pytest.raises(RegisterError, match="003:288 ist kein Ruling und kein Abschnitt"):
        build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, register=register)


def test_terms_are_checked(tmp_path):
    # English ruling of the clash article: no German term notices.
    with pytest.raises(RegisterError, match="000:50 ist nicht deutsch"):
        build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, terms=_terms_with(tmp_path, "000:50\tmanawert\n"))
    # 002:5 does not say "umgewandelte Manakosten".
    with pytest.raises(RegisterError, match="steht nicht im Text"):
        build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, terms=_terms_with(tmp_path, "002:5\tmanawert\n"))
    with pytest.raises(RegisterError, match="unbekannter Begriff 'zaubern'"):
        build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, terms=_terms_with(tmp_path, "002:5\tzaubern\n"))
    with pytest.raises(RegisterError, match="001:1935 doppelt"):
        read_terms(_terms_with(tmp_path, "001:1935\twirken\n"))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('kind = "wording"', 'kind = "maybe"', "kind 'maybe'"),
        ('evidence = ["CR 709.4a", "002:29', 'evidence = ["CR 999.9z", "002:29', "CR 999.9z hat keinen Text"),
        ('since = "2009-07-11"', 'since = "11.07.2009"', "kein ISO-Datum"),
        ('entries = ["001:2063 Falls', 'entries = ["Zeile 2063 Falls', "hat nicht die Form"),
    ],
)
def test_bad_rows_are_rejected(tmp_path, old, new, message):
    with pytest.raises(RegisterError, match=message):
        read_register(_register_with(tmp_path, old, new))


def test_cr_quotes_are_compared_with_a_cr_of_the_same_date(tmp_path):
    # The project's small CR fixture (April 17, 2026) holds 701.30d word for word as the register quotes it,
    # and a shortened 701.30c: the build reports that difference and the rules the fixture lacks.
    report = build(tmp_path / "r.sqlite3", DEFAULT_SOURCES, cr_files=[FIXTURES / "cr_2026_bom_crcrlf.txt"])
    assert report.today.cr_checked == "cr_2026_bom_crcrlf.txt"
    assert report.today.cr_differs == ["701.30c"]
    assert "709.4a" in report.today.cr_missing
    assert "701.30d" not in report.today.cr_missing + report.today.cr_differs


def test_rows_of_documents_outside_the_build_are_skipped(tmp_path, sources_copy):
    # A build without the clash article (000): its rows are skipped, the rest still checked.
    (sources_copy / "000_b7f976ad35525819.txt").unlink()
    manifest = sources_copy / "manifest.toml"
    text = manifest.read_text(encoding="utf-8")
    start = text.index('[[document]]\nfile = "000_')
    manifest.write_text(text[:start] + text[text.index("[[document]]", start + 5):], encoding="utf-8")
    report = build(tmp_path / "r.sqlite3", sources_copy)
    assert {"split_clash", "clash_rule"} <= set(report.today.skipped)
    assert report.today.rows["split_naming"] == 1


def test_numbers_cited_inside_rule_text_with_ranges():
    # Ravnica FAQ 502.32a (line 71) and Gildenbund FAQ 502.52a (line 1141) cite "409.1b und 409.1f-h".
    text = "… folgt den Regeln für das Bezahlen zusätzlicher Kosten in den Regeln 409.1b und 409.1f-h."
    assert numbers_in_text(text) == ["409.1b", "409.1f", "409.1g", "409.1h"]
    assert numbers_in_text("siehe 104.3, nicht 1104.35 oder 104.3f.") == ["104.3", "104.3f"]
