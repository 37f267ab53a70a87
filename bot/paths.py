"""Where Regelbot's files live, in a source checkout and in an installed wheel.

* :data:`DATA_DIR` — the documents (``sources/``), ``schema.sql`` and the ``*.tsv`` tables. In a checkout
  (also an editable install) that is ``<repo>/data``; a wheel ships the same files as the package data
  ``bot/data`` (``pyproject.toml`` maps the ``data`` folder to it).
* :data:`STATE_DIR` — where a built store and the sync state go by default: ``<repo>/data`` in a checkout
  (git-ignored), else the user's state folder (``$XDG_STATE_HOME/regelbot`` or ``~/.local/state/regelbot``,
  ``%LOCALAPPDATA%\\regelbot`` on Windows), because an installed package's folder is no place to write.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
#: The repository root when running from a checkout, else None.
CHECKOUT: Path | None = PACKAGE.parent if (PACKAGE.parent / "data" / "schema.sql").is_file() else None
DATA_DIR = CHECKOUT / "data" if CHECKOUT is not None else PACKAGE / "data"


def user_state_dir() -> Path:
    """The per-user folder for Regelbot's state outside a checkout (not created here)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "regelbot"
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "regelbot"


STATE_DIR = DATA_DIR if CHECKOUT is not None else user_state_dir()
