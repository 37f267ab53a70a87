"""The change register checked against a rules file newer than its basis (bot/importer/review.py): a synthetic
file of 2026-08-01 in which 702.51a's text changed, 709.4a moved to 709.4f and 106.4 is gone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.answers import AnswerContext
from bot.answers.meta import info_answer
from bot.importer import DEFAULT_SOURCES, build
from bot.importer.changes import CHANGES_PATH, RegisterError, read_register
from bot.importer.cr import parse_cr_text
from bot.importer.report import format_report
from bot.importer.review import check_rule
from bot.search import NameIndex
from bot.store import Store
from tests.build_cache import BuildCache
from tests.importer.newer_rules import CONVOKE_NEW, REAL_2026, write_newer_rules

#: Every register row that cites one of the three rules (evidence, a "Heute" text, a [[number]] row's today).
ROWS_709_4A = {("change", "split_naming"), ("change", "split_same_name"), ("change", "split_2017_naming")}
ROWS_106_4 = {("change", "mana_burn"), ("change", "mana_burn_braid_of_fire"), ("change", "mana_pool_step")}
ROWS_702_51A = {("change", "convoke"), ("change", "convoke_pays"), ("number", "001:502.32a")}

SOURCES = [pytest.param(False, id="quotes-fixture"),
           pytest.param(True, id="real-2026", marks=pytest.mark.skipif(not REAL_2026.is_file(),
                                                                         reason="reference file missing"))]


def _rows(db: Path) -> dict[tuple[str, str, str], tuple[str, str | None, str, str, str, str]]:
    with sqlite3.connect(db) as conn:
        return {(k, key, n): (s, new, old, text, basis, checked) for k, key, n, s, new, old, text, basis, checked
                in conn.execute("SELECT row_kind, row_key, number, state, new_number, old_text, new_text, basis,"
                                " checked FROM register_review")}


@pytest.mark.parametrize("real", SOURCES)
def test_newer_rules_classify_every_row(tmp_path: Path, real: bool, build_cache: BuildCache):
    newer = write_newer_rules(tmp_path, real=real)
    report = build_cache.build(tmp_path / "s.sqlite3", DEFAULT_SOURCES, cr_files=[newer])
    review = report.today.review
    assert review is not None and review.checked == "2026-08-01"
    assert review.counts() == {"unchanged": 99, "changed": 1, "renumbered": 1, "gone": 1}  # 99: with 701.15a (goad)
    assert (review.rules["702.51a"].state, review.rules["702.51a"].new_number) == ("changed", "702.51a")
    assert (review.rules["709.4a"].state, review.rules["709.4a"].new_number) == ("renumbered", "709.4f")
    assert (review.rules["106.4"].state, review.rules["106.4"].new_number) == ("gone", None)
    rows = _rows(tmp_path / "s.sqlite3")
    assert {(k, key) for k, key, _n in rows} == ROWS_709_4A | ROWS_106_4 | ROWS_702_51A
    assert {n for _k, _key, n in rows} == {"702.51a", "709.4a", "106.4"}
    state, new, old, text, basis, checked = rows[("change", "convoke", "702.51a")]
    assert (state, new, basis, checked) == ("changed", "702.51a", "2026-04-17", "2026-08-01")
    assert "untapped creature of that color" in old and CONVOKE_NEW in text
    assert rows[("change", "split_naming", "709.4a")][:2] == ("renumbered", "709.4f")
    assert rows[("change", "split_naming", "709.4a")][3].startswith("Each split card has two names.")
    assert rows[("change", "mana_burn", "106.4")][:2] == ("gone", None)
    assert rows[("change", "mana_burn", "106.4")][3] == ""


async def test_build_and_info_print_the_rows_to_review(tmp_path: Path, build_cache: BuildCache):
    db = tmp_path / "s.sqlite3"
    out = format_report(build_cache.build(db, DEFAULT_SOURCES, cr_files=[write_newer_rules(tmp_path, real=False)]))
    assert "ZU PRÜFEN: Regel 709.4a → 709.4f (umnummeriert)" in out
    assert "ZU PRÜFEN: Regel 702.51a (Text geändert)" in out
    assert "ZU PRÜFEN: Regel 106.4 (entfallen)" in out
    assert "betrifft [[change]] mana_burn: 001:879 Kann der Spieler das Mana; 001:2277 Wir das Mana" in out
    assert ("102 zitierte Regeln, 99 unverändert, 1 Text geändert, 1 umnummeriert, 1 entfallen; "
            "9 Registerzeilen zu prüfen (data/changes.toml).") in out
    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        page = (await info_answer(ctx)).pages[0]
        register = next(f.value for f in page.fields if f.name.startswith("Stand heute"))
        assert register.endswith("9 Registerzeilen zu prüfen: 3 zitierte Regeln sind in den Comprehensive "
                                 "Rules vom 01.08.2026 anders")
        convoke = await store.reviews_of("change", "convoke")
        assert [r.number for r in convoke] == ["702.51a"] and CONVOKE_NEW in convoke[0].today_text
        assert convoke[0].notice() == (
            "⚠️ Regel 702.51a wurde geändert (Comprehensive Rules vom 01.08.2026); die deutsche „Heute“-Aussage "
            "beruht auf den Regeln vom 17.04.2026 und wurde seitdem nicht geprüft.")
        assert await store.reviews_of("change", "legend_rule") == []
    finally:
        await store.close()


def test_reviewing_a_quote_clears_its_rows(tmp_path: Path):
    """The reviewer puts 702.51a's new text into [cr] with the date it was checked against: its rows are clear,
    the other two rules' rows stay."""
    newer = write_newer_rules(tmp_path, real=False)
    rules = parse_cr_text(newer.read_text(encoding="utf-8"), newer.name)
    text = CHANGES_PATH.read_text(encoding="utf-8")
    quote = read_register().cr["702.51a"]
    new_quote = (rules.get("702.51a") or pytest.fail("702.51a missing")).text
    reviewed = text.replace(f'"702.51a" = "{quote}"', f'"702.51a" = {{ text = "{new_quote}", basis = "2026-08-01" }}')
    assert reviewed != text
    (tmp_path / "changes.toml").write_text(reviewed, encoding="utf-8")
    db = tmp_path / "s.sqlite3"
    report = build(db, DEFAULT_SOURCES, cr_files=[newer], register=tmp_path / "changes.toml")
    assert report.today.review is not None and report.today.review.rules["702.51a"].state == "unchanged"
    assert {(k, key) for k, key, _n in _rows(db)} == ROWS_709_4A | ROWS_106_4
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT effective FROM today_cr WHERE number = '702.51a'").fetchone() == ("2026-08-01",)


def test_rules_of_the_basis_date_leave_nothing_to_review(tmp_path: Path):
    """A file of the register's own date (the quotes' file) makes no review rows; the summary is not printed."""
    newer = write_newer_rules(tmp_path, real=False)
    same_day = tmp_path / "same.txt"
    same_day.write_text(newer.read_text(encoding="utf-8").replace("August 1, 2026", "April 17, 2026"),
                        encoding="utf-8")
    report = build(tmp_path / "s.sqlite3", DEFAULT_SOURCES, cr_files=[same_day])
    assert report.today.review is not None and report.today.review.reviews == []
    assert sorted(report.today.cr_differs) == ["702.51a", "709.4a"] and report.today.cr_missing == ["106.4"]
    assert "zu prüfen" not in format_report(report)


def test_check_rule_finds_a_heading_by_its_title():
    text = write_newer_rules.__globals__["_from_quotes"]().replace("701.30. Clash", "701.31. Clash")
    doc = parse_cr_text(text, "x.txt")
    check = check_rule("701.30", "Clash", doc, "2026-04-17")
    assert (check.state, check.new_number, check.new_text) == ("renumbered", "701.31", "Clash")
    assert check_rule("701.30", "Clash", parse_cr_text(text.replace("701.31. Clash", "701.31. Conjure"), "y"),
                      "2026-04-17").state == "gone"


def test_a_today_text_citing_an_unquoted_rule_is_refused(tmp_path: Path):
    text = CHANGES_PATH.read_text(encoding="utf-8")
    broken = text.replace('"709.3" = "A player chooses which half', '"709.3x" = "A player chooses which half', 1)
    assert broken != text
    (tmp_path / "changes.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(RegisterError, match=r"split_search: today zitiert 709\.3 ohne Text in \[cr\]"):
        read_register(tmp_path / "changes.toml")


def test_a_reviewed_quote_needs_an_iso_basis(tmp_path: Path):
    text = CHANGES_PATH.read_text(encoding="utf-8")
    quote = read_register().cr["106.4"]
    broken = text.replace(f'"106.4" = "{quote}"', f'"106.4" = {{ text = "{quote}", basis = "August 2026" }}')
    (tmp_path / "changes.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(RegisterError, match="basis 'August 2026' ist kein ISO-Datum"):
        read_register(tmp_path / "changes.toml")


@pytest.mark.skipif(not REAL_2026.is_file(), reason="reference file missing")
def test_newer_rules_beside_the_basis_file(tmp_path: Path):
    """The operator gives the newer file and keeps the 2026-04-17 one as history: the register is checked against
    the newer one all the same (before, the quotes were checked against the file of their own date only)."""
    newer = write_newer_rules(tmp_path, real=True)
    report = build(tmp_path / "s.sqlite3", DEFAULT_SOURCES, cr_files=[REAL_2026, newer])
    assert report.official.cr[0].effective == "2026-08-01"
    review = report.today.review
    assert review is not None and review.source == "MagicCompRules_20260801.txt"
    assert review.counts() == {"unchanged": 99, "changed": 1, "renumbered": 1, "gone": 1}  # 99: with 701.15a (goad)
    assert {(k, key) for k, key, _n in _rows(tmp_path / "s.sqlite3")} == ROWS_709_4A | ROWS_106_4 | ROWS_702_51A
