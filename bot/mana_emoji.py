"""Mana symbols as Discord application emojis: the one place that decides how a symbol written ``{W}`` shows.

Answers write every mana symbol as text, ``{2}{G/W}`` (:func:`bot.answers.calc_words.symbol_text`, the FAQs'
card texts as stored). For Discord, :func:`discord_text` turns each symbol of the catalogue into the
application emoji uploaded for it (``<:mana_g_w:1234…>``) when its id is known, and leaves it as text
otherwise: on the console, for ``call`` without ``python -m bot sync``, after a failed upload. Text inside
code spans (`` `/mana info kosten: {G/W}` ``: what a user types) stays text, and so does every title (Discord
shows no custom emoji there; :mod:`bot.render` passes only descriptions and field values through here).
:func:`plain_text` turns the Discord form back into the text form (console, page fingerprints), so
``plain_text(discord_text(t)) == t``.

The catalogue (:data:`SYMBOLS`): W U B R G C, 0–20, X Y Z, the ten hybrid symbols, monocoloured hybrid
``{2/W}``, colourless hybrid ``{C/W}``, Phyrexian ``{W/P}`` and hybrid Phyrexian ``{W/U/P}`` (rule 107.4 of the
Comprehensive Rules, 17.04.2026, as :class:`bot.rules.mana.Symbol` writes them), snow ``{S}`` (107.4h), the
generic Phyrexian ``{P}``, tap ``{T}``, untap ``{Q}`` and energy ``{E}`` (107.5–107.7, 107.14), which the
documents' card texts use. The pictures are ``data/emojis/<name>.png`` (rendered from the mana-font, SIL OFL 1.1:
``data/emojis/README.md``); ``python -m bot sync`` uploads them (:mod:`bot.gateway.emojis`) and keeps the ids in
:data:`STATE_FILE` beside the command sync state.

Snow mana in a pool (``{G*}``: green mana from a snow source, :func:`bot.answers.calc_words.pool_kind`) is the
colour's emoji followed by ❄️; as text the ``*`` is escaped (``{G\\*}``), so two of them never turn the text
between them italic.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.paths import DATA_DIR
from bot.rules.mana.symbols import COLORS, pair

log = logging.getLogger(__name__)

#: Where the pictures are (shipped with the package as ``bot/data/emojis``).
ASSET_DIR = DATA_DIR / "emojis"
#: The file in the state folder with the uploaded emojis' ids (beside ``command-tree.sha256``).
STATE_FILE = "mana-emojis.json"
#: Every emoji's name starts with this (Discord: 2–32 characters, letters, digits, ``_``).
PREFIX = "mana_"
#: What follows a colour's emoji for mana from a snow source (``{G*}``).
SNOW_MARK = "❄️"


def _catalogue() -> tuple[str, ...]:
    """The symbols that have an emoji, as written between the braces, in a stable order."""
    hybrid = [pair(COLORS[i], COLORS[(i + step) % 5]) for step in (1, 2) for i in range(5)]
    return (
        *COLORS,
        "C",
        *(str(n) for n in range(21)),
        "X",
        "Y",
        "Z",
        *(f"{a}/{b}" for a, b in hybrid),
        *(f"2/{c}" for c in COLORS),
        *(f"C/{c}" for c in COLORS),
        *(f"{c}/P" for c in COLORS),
        *(f"{a}/{b}/P" for a, b in hybrid),
        "S",
        "P",
        "T",
        "Q",
        "E",
    )


#: The symbol bodies (``"W"``, ``"10"``, ``"G/W"``, ``"2/W"``, ``"C/W"``, ``"W/P"``, ``"W/U/P"``, ``"T"``) that
#: have an emoji: 70.
SYMBOLS: tuple[str, ...] = _catalogue()


def emoji_name(body: str) -> str:
    """The emoji's name of a symbol: ``"W"`` → ``"mana_w"``, ``"W/U/P"`` → ``"mana_w_u_p"``, ``"10"`` →
    ``"mana_10"`` (lower case, ``/`` as ``_``; ≤ 32 characters as Discord asks)."""
    return PREFIX + body.lower().replace("/", "_")


_BY_NAME = {emoji_name(body): body for body in SYMBOLS}


def body_of(name: str) -> str | None:
    """The symbol of an emoji's name (``"mana_g_w"`` → ``"G/W"``); None for a name not in the catalogue."""
    return _BY_NAME.get(name)


def asset_path(body: str) -> Path:
    """The picture of a symbol: ``data/emojis/mana_g_w.png`` (PNG, 128×128)."""
    return ASSET_DIR / f"{emoji_name(body)}.png"


#: A symbol in text: ``{W}``, ``{2/W}``, ``{W/U/P}``, ``{G*}`` (snow mana of a pool).
_SYMBOL = re.compile(r"\{([0-9A-Z]{1,2}(?:/[0-9A-Z]{1,2}){0,2})(\*?)\}")
#: Code spans, where symbols stay text (what a user types): ```…``` and `…`.
_CODE = re.compile(r"(```.*?```|`[^`\n]*`)", re.DOTALL)
#: The Discord form, read back by :func:`plain_text`: an emoji of the catalogue (with the snow mark), or a
#: snow symbol whose ``*`` was escaped.
_SHOWN = re.compile(rf"(?<!\\)<:({PREFIX}[a-z0-9_]+):[0-9]{{1,20}}>({SNOW_MARK})?|\{{([0-9A-Z/]+)\\\*\}}")


@dataclass(frozen=True)
class ManaEmojis:
    """The emojis uploaded for this application: symbol body → emoji id (``{"W": 1234…}``).

    Symbols without an id show as text. ``application_id``: the application they belong to (None: unknown).
    """

    ids: Mapping[str, int] = field(default_factory=dict)
    application_id: int | None = None

    def markup(self, body: str) -> str | None:
        """``<:mana_w:1234…>`` for a symbol with an uploaded emoji, else None."""
        emoji_id = self.ids.get(body)
        return f"<:{emoji_name(body)}:{emoji_id}>" if emoji_id else None

    def missing(self) -> list[str]:
        """The symbols of the catalogue without an id, in catalogue order."""
        return [body for body in SYMBOLS if not self.ids.get(body)]

    def _symbol(self, m: re.Match[str]) -> str:
        body, snow = m.group(1), m.group(2)
        shown = self.markup(body)
        if shown is None:
            return "{" + body + "\\*}" if snow else m.group(0)
        return shown + (SNOW_MARK if snow else "")

    def text(self, text: str) -> str:
        """``text`` as Discord shows it: each symbol with an emoji as that emoji, outside code spans; the rest
        unchanged (the ``*`` of a snow symbol escaped)."""
        if "{" not in text:
            return text
        parts = _CODE.split(text)
        return "".join(part if i % 2 else _SYMBOL.sub(self._symbol, part) for i, part in enumerate(parts))


#: No emojis: every symbol as text.
NO_EMOJIS = ManaEmojis()
_installed: list[ManaEmojis] = [NO_EMOJIS]


def install(emojis: ManaEmojis) -> None:
    """Use ``emojis`` for every answer this process renders from now on (:func:`discord_text`)."""
    _installed[0] = emojis


def installed() -> ManaEmojis:
    """The emojis this process uses (:data:`NO_EMOJIS` until :func:`install`)."""
    return _installed[0]


def discord_text(text: str) -> str:
    """``text`` with the symbols of the installed emojis as emojis (:meth:`ManaEmojis.text`)."""
    return _installed[0].text(text)


def _plain(m: re.Match[str]) -> str:
    if m.group(3) is not None:
        return "{" + m.group(3) + "*}"
    body = body_of(m.group(1))
    if body is None:
        return m.group(0)
    return "{" + body + ("*" if m.group(2) else "") + "}"


def plain_text(text: str) -> str:
    """The text form of a Discord text made by :func:`discord_text`: ``<:mana_g_w:1…>`` → ``{G/W}``,
    ``<:mana_g:1…>❄️`` and ``{G\\*}`` → ``{G*}``; everything else unchanged."""
    if "<:" not in text and "\\*}" not in text:
        return text
    return _SHOWN.sub(_plain, text)


def load(state_dir: Path) -> ManaEmojis:
    """The emojis recorded in ``state_dir``/:data:`STATE_FILE` (``{"application_id": "…", "emojis": {"mana_w":
    "…"}}``); :data:`NO_EMOJIS` when the file is missing or unreadable (logged), so answers show text."""
    path = state_dir / STATE_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        ids = {body_of(name): int(eid) for name, eid in data["emojis"].items() if body_of(name)}
        app = data.get("application_id")
        emojis = ManaEmojis({b: i for b, i in ids.items() if b is not None}, int(app) if app else None)
    except FileNotFoundError:
        log.info("Mana-Symbole als Text ({W}): `python -m bot sync` lädt sie als Emojis hoch")
        return NO_EMOJIS
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("Mana-Symbole: %s nicht lesbar (%s), Symbole als Text", path, exc)
        return NO_EMOJIS
    log.info("Mana-Symbole: %d von %d als Emojis (%s)", len(emojis.ids), len(SYMBOLS), path)
    return emojis


def save(state_dir: Path, emojis: ManaEmojis) -> Path:
    """Write ``emojis`` to ``state_dir``/:data:`STATE_FILE` (folder created; atomic: a temp file renamed).

    Raises:
        OSError: the folder or file cannot be written.
    """
    path = state_dir / STATE_FILE
    state_dir.mkdir(parents=True, exist_ok=True)
    data = {
        "application_id": str(emojis.application_id) if emojis.application_id else None,
        "emojis": {emoji_name(b): str(emojis.ids[b]) for b in SYMBOLS if emojis.ids.get(b)},
    }
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path
