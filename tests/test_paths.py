"""bot.paths: the user's folders outside a checkout (platformdirs) and the tab-separated tables of data/ read with
the csv module."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot import paths
from bot.rule_catalog import shipped_numbers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
def test_the_user_folders_follow_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert paths.user_state_dir() == tmp_path / "state" / "regelbot"
    assert paths.user_env_file() == tmp_path / "config" / "regelbot" / "regelbot.env"
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paths.user_state_dir() == tmp_path / ".local" / "state" / "regelbot"
    assert paths.user_env_file() == tmp_path / ".config" / "regelbot" / "regelbot.env"


def test_tsv_rows_skip_comments_and_blank_lines_and_keep_quotes_as_text(tmp_path):
    table = tmp_path / "t.tsv"
    table.write_text('# Kommentar\nposition\tnumber\n\n\t\n12\t„Trampelschaden“\t"702.19"\n# noch einer\n'
                     '13\tx\t\n', encoding="utf-8")
    assert list(paths.tsv_rows(table)) == [
        (2, ["position", "number"]), (5, ["12", "„Trampelschaden“", '"702.19"']), (7, ["13", "x", ""])]


def test_the_shipped_numbers_name_a_bad_line(tmp_path):
    table = tmp_path / "explanations_numbers.tsv"
    table.write_text("# Kopf\nposition\tnumber\tstatus\tstart\n3\t104.3f\taligned\tWenn ein Spieler\n"
                     "4\t701.30\tvielleicht\tFehde\n", encoding="utf-8")
    with pytest.raises(ValueError, match="Zeile 4:"):
        shipped_numbers.__wrapped__(table)
    table.write_text(table.read_text(encoding="utf-8").replace("vielleicht", "uncertain"), encoding="utf-8")
    assert shipped_numbers.__wrapped__(table) == {3: ("104.3f", "aligned", "Wenn ein Spieler"),
                                                  4: ("701.30", "uncertain", "Fehde")}


def test_the_shipped_table_reads_as_before():
    lines = (paths.DATA_DIR / "explanations_numbers.tsv").read_text(encoding="utf-8").splitlines()
    body = [line for line in lines if line.strip() and not line.startswith("#")][1:]
    table = shipped_numbers()
    assert len(table) == len(body) > 100
    first = body[0].split("\t")
    assert table[int(first[0])] == (first[1], first[2], first[3].strip())
    assert Path(paths.ENV_EXAMPLE).is_file()
