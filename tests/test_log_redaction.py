"""Secrets never reach a log line (issue 10 item 10): the bot token and interaction tokens are redacted
after formatting, so tracebacks and discord.py's DEBUG lines are covered too."""

from __future__ import annotations

import logging

from bot.config import Settings
from bot.logs import setup_logging

TOKEN = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.e2e-fake-token-0123456789abcdefghijklmnop"
OTHER = "OTk5OTk5OTk5OTk5OTk5OTk5OQ.AbCdEf.another-token-abcdefghijklmnopqrstuvwxyz"


def test_token_in_a_traceback_and_interaction_urls_are_redacted(capsys, tmp_path):
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
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    err = capsys.readouterr().err
    assert "Traceback" in err and "RuntimeError" in err
    assert TOKEN not in err and OTHER not in err and "aW50ZXJhY3Rpb246MTIz" not in err
    assert "Bot [geheim] refused; also [geheim]" in err
    assert "/interactions/123/[geheim]/callback" in err and "/webhooks/11/[geheim]/messages" in err
    assert "'token': '[geheim]'" in err


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
