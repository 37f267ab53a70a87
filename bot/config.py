"""Settings from the environment and one settings file (loaded by python-dotenv; the real environment wins).

Every key is documented in ``data/env.example`` (``.env.example`` in a checkout; ``regelbot init`` writes a copy).
Which file is read: :func:`env_file_for`. Cogs never read the environment themselves.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from bot.paths import CHECKOUT, STATE_DIR, user_env_file

#: Relative paths in settings and ``.env`` are taken from here: the checkout, else the working directory.
ROOT = CHECKOUT if CHECKOUT is not None else Path.cwd()
DEFAULT_DB = STATE_DIR / "regelbot.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_ON = {"1", "true", "ja", "yes", "an", "on"}
_OFF = {"0", "false", "nein", "no", "aus", "off", ""}


#: The environment variable naming the settings file (like ``--env-file``).
ENV_FILE_VARIABLE = "REGELBOT_ENV_FILE"


class ConfigError(Exception):
    """A setting is missing or malformed; the message is German and names the key."""


@dataclass(frozen=True)
class Settings:
    """The bot's settings.

    Attributes:
        token: the Discord bot token (secret; ``repr`` hides it), '' when unset.
        dev_guild_id: a guild to sync commands to instantly, or None for global commands.
        db_path: the SQLite store (``REGELBOT_DB``; relative paths are taken from the checkout, or from the
            working directory for an installed package); default ``data/regelbot.sqlite3`` in a checkout,
            else the user's state folder (:mod:`bot.paths`).
        state_dir: where the bot remembers the hash of the last synced command tree (``REGELBOT_STATE_DIR``,
            default: the store's folder).
        log_level: one of ``LOG_LEVELS``.
        inline_cards: answer ``[[Karte]]`` in ordinary messages (``INLINE_CARDS=1``); needs the privileged
            message-content intent, which is requested only when this is on.
        shard_count: total number of gateway shards (``SHARD_COUNT``), None: Discord's recommendation
            (``GET /gateway/bot``).
        shard_ids: the shards this process runs (``SHARD_IDS``, e.g. ``0,1``), None: all of them.
        public_key: the application's Ed25519 public key, 64 hex digits (``DISCORD_PUBLIC_KEY``), for
            ``python -m bot serve``; '' when unset.
        calc_budget: seconds of CPU time a calculation may use in a worker process (``REGELBOT_CALC_BUDGET``,
            default 2; at most 5× as much wall time: :func:`bot.offload.run_bounded`).
        workers: worker processes for calculations (``REGELBOT_WORKERS``, default 2).
        connect_attempts: login attempts while Discord is unreachable at start (``REGELBOT_CONNECT_ATTEMPTS``,
            default 6: waits of 1, 2, 4, 8, 16 s between them).
        metrics_port: the port of ``run``'s metrics and health endpoint (``METRICS_PORT``; 0: a free one), None:
            no endpoint.
        metrics_host: the address it listens on (``METRICS_HOST``, default ``127.0.0.1``).
        health_port: the port of ``serve``'s own health and metrics listener (``HEALTH_PORT``, on ``serve``'s
            ``--host``; 0: a free one), None: none (``/health`` only on the interactions port).
        env_file: the settings file that was read, None when there was none (:func:`env_file_for`).
        store_watch: seconds between two looks at the store file by ``run`` and ``serve``
            (``REGELBOT_STORE_WATCH``, default 5; 0 = only on SIGHUP): a replaced file is opened
            (:meth:`bot.core.Core.reload`).
    """

    token: str = field(repr=False)
    dev_guild_id: int | None
    db_path: Path
    state_dir: Path
    log_level: str
    inline_cards: bool = False
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    public_key: str = ""

    @property
    def syncs_commands(self) -> bool:
        """Whether this gateway process syncs the command tree at start: only the one that runs shard 0
        (with several processes the others leave it to that one or to ``python -m bot sync``)."""
        return self.shard_ids is None or 0 in self.shard_ids
    calc_budget: float = 2.0
    workers: int = 2
    connect_attempts: int = 6
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    health_port: int | None = None
    env_file: Path | None = None
    store_watch: float = 5.0


def _number(key: str, default: float, low: float, high: float, kind: type = float) -> float:
    raw = os.getenv(key, "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        raise ConfigError(f"{key} muss eine Zahl sein, nicht {raw!r}.") from None
    if not low <= value <= high:
        raise ConfigError(f"{key} muss zwischen {low:g} und {high:g} liegen, nicht {raw}.")
    return value


def _optional_port(key: str) -> int | None:
    """An optional TCP port setting (0-65535, 0: any free port), None when unset."""
    if not os.getenv(key, "").strip():
        return None
    return int(_number(key, 0, 0, 65535, int))


def _path(value: str | None, default: Path) -> Path:
    if not value:
        return default
    p = Path(value).expanduser()
    return p if p.is_absolute() else ROOT / p


#: The characters of a Discord bot token: three base64url parts joined by dots (user id, time, HMAC).
TOKEN_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")


def token_problem(token: str) -> str | None:
    """Why ``token`` cannot be a Discord bot token (German, one line), or None when it looks usable.

    Catches what a copy and paste brings along: inner spaces or line breaks, a ``Bot `` prefix, quotes,
    non-ASCII characters (HTTP headers cannot carry them), any other character no token holds
    (:data:`TOKEN_CHARACTERS`: a quote inside, a comment sign, a semicolon).
    """
    if not token:
        return None
    if token.startswith(("Bot ", "Bearer ")):
        return "DISCORD_TOKEN: nur das Token eintragen, ohne „Bot “ davor."
    if any(ch.isspace() for ch in token):
        return "DISCORD_TOKEN enthält Leerzeichen oder Zeilenumbrüche: das Token in einer Zeile eintragen."
    if token[0] in "'\"" or token[-1] in "'\"":
        return "DISCORD_TOKEN steht in Anführungszeichen, die zum Wert gehören: ohne Anführungszeichen eintragen."
    if not (token.isascii() and token.isprintable()):
        return "DISCORD_TOKEN enthält Zeichen, die in keinem Discord-Token vorkommen (nur ASCII ist möglich)."
    odd = sorted(set(token) - TOKEN_CHARACTERS)
    if odd:
        shown = " ".join(odd[:5])
        return (f"DISCORD_TOKEN enthält Zeichen, die in keinem Discord-Token vorkommen ({shown}): ein Token besteht "
                "nur aus Buchstaben, Ziffern, Punkt, Minus und Unterstrich.")
    return None


def env_file_for(explicit: Path | None = None) -> Path | None:
    """The settings file to read: ``explicit`` (``--env-file``), else ``REGELBOT_ENV_FILE``, else ``.env`` in the
    checkout (outside one: in the working folder), else, outside a checkout, the user's ``regelbot.env``
    (:func:`bot.paths.user_env_file`, where ``regelbot init`` writes it); None when none of these exists, and when
    the file named is ``/dev/null`` (:data:`os.devnull`): no settings file, the environment alone (a container, the
    test suite beside a checkout's own ``.env``).

    Raises:
        ConfigError: a file named by ``explicit`` or ``REGELBOT_ENV_FILE`` does not exist.
    """
    named = explicit or (Path(os.environ[ENV_FILE_VARIABLE]) if os.getenv(ENV_FILE_VARIABLE, "").strip() else None)
    if named is not None:
        named = named.expanduser()
        if str(named) == os.devnull:
            return None
        if not named.is_file():
            origin = "--env-file" if explicit else ENV_FILE_VARIABLE
            raise ConfigError(f"Einstellungsdatei nicht gefunden: {named} ({origin}; anlegen mit "
                              "`python -m bot init`).")
        return named
    candidates = [ROOT / ".env"] if CHECKOUT is not None else [ROOT / ".env", user_env_file()]
    return next((c for c in candidates if c.is_file()), None)


def readable_secret_file(path: Path) -> str | None:
    """The German warning for a settings file that holds a token (a non-empty ``DISCORD_TOKEN=`` line) and that
    other users may read (group or world bits of its mode, e.g. 0644 after ``cp .env.example .env``), else None
    (also where the file cannot be read or the platform has no such bits)."""
    try:
        mode = path.stat().st_mode
        holds_token = any(re.match(r"\s*(?:export\s+)?DISCORD_TOKEN\s*=\s*['\"]?[^\s'\"#]", line)
                          for line in path.read_text(encoding="utf-8", errors="replace").splitlines())
    except OSError:
        return None
    if os.name != "posix" or not holds_token or not mode & 0o077:
        return None
    return (f"Die Einstellungsdatei {path} enthält DISCORD_TOKEN und ist für andere lesbar "
            f"(Rechte {mode & 0o777:o}): `chmod 600 {path}`.")


def load_settings(env_file: Path | None = None) -> Settings:
    """Read the settings; the settings file (:func:`env_file_for` of ``env_file``) fills what the environment lacks.

    Raises:
        ConfigError: the named settings file is missing, ``DEV_GUILD_ID`` is not a number, ``LOG_LEVEL`` is
            unknown, ``INLINE_CARDS`` is not 0/1, or ``REGELBOT_CALC_BUDGET`` / ``REGELBOT_WORKERS`` /
            ``REGELBOT_CONNECT_ATTEMPTS`` / ``REGELBOT_STORE_WATCH`` / ``METRICS_PORT`` / ``HEALTH_PORT`` is not
            a number in range.
    """
    source = env_file_for(env_file)
    if source is not None:
        from dotenv import load_dotenv  # here: without a settings file (a container's environment) it is not needed

        load_dotenv(source, override=False)
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
    shard_count, shard_ids = _shards(os.getenv("SHARD_COUNT", "").strip(), os.getenv("SHARD_IDS", "").strip())
    public_key = os.getenv("DISCORD_PUBLIC_KEY", "").strip().lower()
    if public_key and not re.fullmatch(r"[0-9a-f]{64}", public_key):
        raise ConfigError("DISCORD_PUBLIC_KEY muss der öffentliche Schlüssel der Anwendung sein (64 Hex-Zeichen, "
                          "Developer Portal → General Information → Public Key).")
    return Settings(
        token=(os.getenv("DISCORD_TOKEN") or "").strip(),
        dev_guild_id=guild,
        db_path=db,
        state_dir=_path(os.getenv("REGELBOT_STATE_DIR"), db.parent),
        log_level=level,
        inline_cards=inline_raw in _ON,
        shard_count=shard_count,
        shard_ids=shard_ids,
        public_key=public_key,
        calc_budget=_number("REGELBOT_CALC_BUDGET", 2.0, 0.1, 60.0),
        workers=int(_number("REGELBOT_WORKERS", 2, 1, 32, int)),
        connect_attempts=int(_number("REGELBOT_CONNECT_ATTEMPTS", 6, 1, 100, int)),
        metrics_port=_optional_port("METRICS_PORT"),
        metrics_host=os.getenv("METRICS_HOST", "").strip() or "127.0.0.1",
        health_port=_optional_port("HEALTH_PORT"),
        env_file=source,
        store_watch=_number("REGELBOT_STORE_WATCH", 5.0, 0.0, 3600.0),
    )


def _shards(count_raw: str, ids_raw: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` checked together (ids need a count, each id < count, no repeats)."""
    count = None
    if count_raw:
        if not re.fullmatch(r"[0-9]{1,6}", count_raw) or int(count_raw) < 1:
            raise ConfigError(f"SHARD_COUNT muss eine ganze Zahl ab 1 sein, nicht {count_raw[:20]!r}.")
        count = int(count_raw)
    if not ids_raw:
        return count, None
    parts = [p.strip() for p in ids_raw.split(",")]
    if not all(re.fullmatch(r"[0-9]{1,6}", p) for p in parts):
        raise ConfigError(f"SHARD_IDS muss eine Liste von Shard-Nummern sein, z. B. 0,1 – nicht {ids_raw[:40]!r}.")
    ids = tuple(int(p) for p in parts)
    if count is None:
        raise ConfigError("SHARD_IDS braucht SHARD_COUNT (die Gesamtzahl der Shards aller Prozesse).")
    if len(set(ids)) != len(ids) or any(i >= count for i in ids):
        raise ConfigError(f"SHARD_IDS {ids_raw!r}: jede Nummer nur einmal und kleiner als SHARD_COUNT ({count}).")
    return count, ids


#: The official rules page; ``python -m bot update`` finds the link to the Comprehensive Rules TXT on it.
RULES_PAGE = "https://magic.wizards.com/en/rules"


@dataclass(frozen=True)
class UpdateSettings:
    """Settings of ``python -m bot update`` (:mod:`bot.update`).

    Attributes:
        cr_url: address of the Comprehensive Rules TXT (``REGELBOT_CR_URL``); ``""``: the TXT link found on
            ``rules_page``.
        rules_page: the official rules page (``REGELBOT_RULES_PAGE``, default :data:`RULES_PAGE`).
        card_urls: MTGJSON files to keep current (``REGELBOT_CARDS_URLS``, separated by spaces or commas, e.g.
            ``https://mtgjson.com/api/v5/RAV.json``); each is checked against the ``.sha256`` file MTGJSON
            publishes beside it. Empty: no card files.
        folder: where the fetched files and their ETag / Last-Modified are kept (``REGELBOT_UPDATE_DIR``,
            default ``<state folder>/quellen``); every ``*.txt`` there goes into the build as ``--cr``.
        timeout: seconds to connect and between two reads (``REGELBOT_UPDATE_TIMEOUT``, default 30).
        attempts: tries per download on network errors and HTTP 429 / 5xx (``REGELBOT_UPDATE_ATTEMPTS``,
            default 4; waits 1, 2, 4 s between them).
        max_rules_mb: the most a rules TXT download may bring, in MB of 10⁶ bytes
            (``REGELBOT_UPDATE_MAX_RULES_MB``, default 20; the file has about 1 MB).
        max_cards_mb: the most one MTGJSON file may bring, in MB (``REGELBOT_UPDATE_MAX_CARDS_MB``, default
            1000; set files have a few MB, AllPrintings about 500 MB).
    """

    cr_url: str
    rules_page: str
    card_urls: tuple[str, ...]
    folder: Path
    timeout: float = 30.0
    attempts: int = 4
    max_rules_mb: float = 20.0
    max_cards_mb: float = 1000.0


def load_update_settings(settings: Settings) -> UpdateSettings:
    """Read the settings of ``python -m bot update`` (``.env`` was loaded by :func:`load_settings`).

    Raises:
        ConfigError: an address that is not http(s), or a timeout / attempts / ceiling value out of range.
    """
    cr_url = os.getenv("REGELBOT_CR_URL", "").strip()
    page = os.getenv("REGELBOT_RULES_PAGE", "").strip() or RULES_PAGE
    cards = tuple(u for u in re.split(r"[\s,]+", os.getenv("REGELBOT_CARDS_URLS", "").strip()) if u)
    for key, url in [("REGELBOT_CR_URL", cr_url), ("REGELBOT_RULES_PAGE", page)] + [
        ("REGELBOT_CARDS_URLS", u) for u in cards
    ]:
        if url and not re.match(r"https?://[^\s/]+", url):
            raise ConfigError(f"{key} muss eine http(s)-Adresse sein, nicht {url[:60]!r}.")
    return UpdateSettings(
        cr_url=cr_url,
        rules_page=page,
        card_urls=cards,
        folder=_path(os.getenv("REGELBOT_UPDATE_DIR"), settings.state_dir / "quellen"),
        timeout=_number("REGELBOT_UPDATE_TIMEOUT", 30.0, 1.0, 600.0),
        attempts=int(_number("REGELBOT_UPDATE_ATTEMPTS", 4, 1, 20, int)),
        max_rules_mb=_number("REGELBOT_UPDATE_MAX_RULES_MB", 20.0, 0.001, 10_000.0),
        max_cards_mb=_number("REGELBOT_UPDATE_MAX_CARDS_MB", 1000.0, 0.001, 100_000.0),
    )
