"""Today's MTGJSON reading before the streaming import, kept for comparison: the whole file through
:func:`json.loads` (about 3× the file in memory), then the same record builders as the streaming reader.
``bench/bench_cards.py`` measures it beside :func:`bot.importer.mtgjson.iter_mtgjson`, and
``tests/importer/test_mtgjson_stream.py`` checks that both give the same records. Not used by the bot.

(Main's reader of c385990 was compared verbatim with the streaming reader on the fixtures, generated files and
the reference file before its record builders were shortened; the builders' results are pinned by
``tests/importer/test_mtgjson.py``.)
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.importer.model import SourceError
from bot.importer.mtgjson import CardRecord, _is_all_printings, _records_v3, _records_v5, detect_version


def read_mtgjson(path: str | Path) -> list[CardRecord]:
    """Today's reader: the whole file at once; raises :class:`SourceError` like the streaming reader."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
        version = detect_version(data)
    except json.JSONDecodeError as exc:
        reason = f"keine MTGJSON-Set-Datei: kein gültiges JSON (Zeile {exc.lineno}, Spalte {exc.colno})"
        raise SourceError(path.name, exc.lineno, reason) from exc
    except UnicodeDecodeError as exc:
        raise SourceError(path.name, 1, f"keine MTGJSON-Set-Datei: kein gültiges UTF-8 ({exc.reason})") from exc
    except ValueError as exc:
        raise SourceError(path.name, 1, f"keine MTGJSON-Set-Datei: {exc}") from exc
    if version == 3:
        return _records_v3(data)
    if _is_all_printings(data):
        return [rec for code in data["data"] for rec in _records_v5({"data": data["data"][code]})]
    return _records_v5(data)
