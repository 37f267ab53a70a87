"""Where Regelbot's files live, in a source checkout and in an installed wheel.

* :data:`DATA_DIR` — the documents (``sources/``), ``schema.sql``, the ``*.tsv`` tables and ``env.example`` (the
  commented settings that ``regelbot init`` writes). In a checkout (also an editable install) that is
  ``<repo>/data``; a wheel ships the same files as the package data ``bot/data`` (``pyproject.toml`` maps the
  ``data`` folder to it).
* :data:`STATE_DIR` — where a built store and the sync state go by default: ``<repo>/data`` in a checkout
  (git-ignored), else the user's state folder (platformdirs: ``$XDG_STATE_HOME/regelbot`` or
  ``~/.local/state/regelbot`` on Linux, ``%LOCALAPPDATA%\\regelbot`` on Windows, ``~/Library/Application
  Support/regelbot`` on macOS), because an installed package's folder is no place to write.
* :func:`tsv_rows` — the rows of one of the tab-separated tables of :data:`DATA_DIR`.
* :func:`user_env_file` — the settings file an installed Regelbot reads when the working folder has no
  ``.env``: ``regelbot.env`` in the user's config folder (``$XDG_CONFIG_HOME/regelbot`` or
  ``~/.config/regelbot``), where ``regelbot init`` writes it.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

APP = "regelbot"
PACKAGE = Path(__file__).resolve().parent
#: The repository root when running from a checkout, else None.
CHECKOUT: Path | None = PACKAGE.parent if (PACKAGE.parent / "data" / "schema.sql").is_file() else None
DATA_DIR = CHECKOUT / "data" if CHECKOUT is not None else PACKAGE / "data"
#: The commented settings (``.env.example`` in a checkout is a link to it).
ENV_EXAMPLE = DATA_DIR / "env.example"


def user_state_dir() -> Path:
    """The per-user folder for Regelbot's state outside a checkout (not created here)."""
    import platformdirs  # here: a checkout keeps its state in data/ and never needs it (~3 ms of every start)

    return platformdirs.user_state_path(APP, appauthor=False)


def user_env_file() -> Path:
    """The per-user settings file outside a checkout (``~/.config/regelbot/regelbot.env``; not created here)."""
    import platformdirs

    return platformdirs.user_config_path(APP, appauthor=False) / f"{APP}.env"


STATE_DIR = DATA_DIR if CHECKOUT is not None else user_state_dir()


def tsv_rows(path: str | Path) -> Iterator[tuple[int, list[str]]]:
    """The rows of a tab-separated table of ``data/`` (read with :mod:`csv`: tabs, no quoting, so „…“ and ``"``
    stay text), as ``(line number, columns)``; blank lines and lines starting with ``#`` are skipped.

    Raises:
        OSError: the file cannot be read. UnicodeDecodeError: it is not UTF-8.
    """
    with Path(path).open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        for cols in reader:
            if not cols or not "".join(cols).strip() or cols[0].startswith("#"):
                continue
            yield reader.line_num, cols
