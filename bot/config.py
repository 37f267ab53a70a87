"""Settings from the environment (``.env`` is loaded by python-dotenv; real env wins).

Every key is documented in ``.env.example``. Cogs never read the environment themselves.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = ROOT / "data" / "regelbot.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_ON = {"1", "true", "ja", "yes", "an", "on"}
_OFF = {"0", "false", "nein", "no", "aus", "off", ""}


class ConfigError(Exception):
    """A setting is missing or malformed; the message is German and names the key."""


@dataclass(frozen=True)
class Settings:
    """The bot's settings.

    Attributes:
        token: the Discord bot token (secret; ``repr`` hides it), '' when unset.
        dev_guild_id: a guild to sync commands to instantly, or None for global commands.
        db_path: the SQLite store (``REGELBOT_DB``, relative paths are taken from the repo root).
        state_dir: where the bot remembers the hash of the last synced command tree.
        log_level: one of ``LOG_LEVELS``.
        inline_cards: answer ``[[Karte]]`` in ordinary messages (``INLINE_CARDS=1``); needs the privileged
            message-content intent, which is requested only when this is on.
    """

    token: str = field(repr=False)
    dev_guild_id: int | None
    db_path: Path
    state_dir: Path
    log_level: str
    inline_cards: bool = False


def _path(value: str | None, default: Path) -> Path:
    if not value:
        return default
    p = Path(value).expanduser()
    return p if p.is_absolute() else ROOT / p


def load_settings(env_file: Path | None = None) -> Settings:
    """Read the settings; ``.env`` in the repo root (or ``env_file``) fills what the environment lacks.

    Raises:
        ConfigError: ``DEV_GUILD_ID`` is not a number, ``LOG_LEVEL`` is unknown or ``INLINE_CARDS`` is not 0/1.
    """
    load_dotenv(env_file or ROOT / ".env", override=False)
    guild_raw = os.getenv("DEV_GUILD_ID", "").strip()
    try:
        guild = int(guild_raw) if guild_raw else None
    except ValueError:
        raise ConfigError(f"DEV_GUILD_ID muss eine Zahl sein (Server-ID), nicht {guild_raw!r}.") from None
    level = (os.getenv("LOG_LEVEL") or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL muss einer von {', '.join(LOG_LEVELS)} sein, nicht {level!r}.")
    inline_raw = (os.getenv("INLINE_CARDS") or "0").strip().casefold()
    if inline_raw not in _ON | _OFF:
        raise ConfigError(f"INLINE_CARDS muss 1 (an) oder 0 (aus) sein, nicht {inline_raw!r}.")
    db = _path(os.getenv("REGELBOT_DB"), DEFAULT_DB)
    return Settings(
        token=(os.getenv("DISCORD_TOKEN") or "").strip(),
        dev_guild_id=guild,
        db_path=db,
        state_dir=_path(os.getenv("REGELBOT_STATE_DIR"), db.parent),
        log_level=level,
        inline_cards=inline_raw in _ON,
    )
