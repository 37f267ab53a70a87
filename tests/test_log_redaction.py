"""Secrets never reach a log line: the bot token and interaction tokens are redacted
after formatting, so tracebacks and discord.py's DEBUG lines are covered too — in both formats
(``LOG_FORMAT=text`` and ``json``; in JSON every line parses and every field is redacted)."""

from __future__ import annotations

import json
import logging

import pytest

from bot.config import Settings
from bot.logs import setup_logging

TOKEN = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.e2e-fake-token-0123456789abcdefghijklmnop"
OTHER = "OTk5OTk5OTk5OTk5OTk5OTk5OQ.AbCdEf.another-token-abcdefghijklmnopqrstuvwxyz"


def as_text(err: str, fmt: str) -> str:
    """The log as text: unchanged for ``text``; for ``json`` every line parsed (fails if one does not) and
    its message, extra fields and exception joined."""
    if fmt == "text":
        return err
    records = [json.loads(line) for line in err.splitlines()]
    return "\n".join(f"{r['message']} {r.get('url', '')}\n{r.get('exception', '')}" for r in records)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_token_in_a_traceback_and_interaction_urls_are_redacted(capsys, tmp_path, monkeypatch, fmt):
    monkeypatch.setenv("LOG_FORMAT", fmt)
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        setup_logging(Settings(token=TOKEN, dev_guild_id=None, db_path=tmp_path / "x", state_dir=tmp_path,
                               log_level="DEBUG"))
        log = logging.getLogger("discord.http")
        try:
            raise RuntimeError(f"Authorization: Bot {TOKEN} refused; also {OTHER}")
        except RuntimeError:
            log.exception("login failed")
        log.debug("POST https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb246MTIz/callback has returned 204")
        log.debug("PATCH %s", "https://discord.com/api/v10/webhooks/11/aW50ZXJhY3Rpb246MTIz/messages/@original")
        logging.getLogger("discord.gateway").debug("WebSocket Event: %s", {"t": "INTERACTION_CREATE",
                                                                         "d": {"token": "aW50ZXJhY3Rpb246MTIz"}})
        # as JSON text (double quotes, escaped inside a JSON log line) and in an extra field
        log.debug("Payload %s", json.dumps({"token": "aW50ZXJhY3Rpb246MTIz"}),
                  extra={"url": "/webhooks/12/aW50ZXJhY3Rpb246MTIz/messages/@original"})
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    raw = capsys.readouterr().err
    err = as_text(raw, fmt)
    assert TOKEN not in raw and OTHER not in raw and "aW50ZXJhY3Rpb246MTIz" not in raw
    assert "Traceback" in err and "RuntimeError" in err
    assert "Bot [geheim] refused; also [geheim]" in err
    assert "/interactions/123/[geheim]/callback" in err and "/webhooks/11/[geheim]/messages" in err
    assert "'token': '[geheim]'" in err and '{"token": "[geheim]"}' in err
    if fmt == "json":  # extra fields are JSON fields (the text format does not show them)
        assert "/webhooks/12/[geheim]/messages/@original" in err


def test_a_too_late_answer_is_one_warning_line_without_traceback(capsys, tmp_path):
    import discord

    from bot.gateway.tree import is_expired

    class Response:  # the shape discord.HTTPException reads
        status = 404
        reason = "Not Found"

    late = discord.NotFound(Response(), {"code": 10062, "message": "Unknown interaction"})
    assert is_expired(late)
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        setup_logging(Settings(token="", dev_guild_id=None, db_path=tmp_path / "x", state_dir=tmp_path,
                               log_level="INFO"))
        try:
            raise late
        except discord.NotFound:
            logging.getLogger("discord.app_commands.tree").exception(
                "Ignoring exception in autocomplete for %r", "card")
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "WARNING" in lines[0]
    assert lines[0].endswith("Ignoring exception in autocomplete for 'card': zu spät beantwortet "
                             "(Discord: Unknown interaction)")
