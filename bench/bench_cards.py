"""``build --cards`` with a generated AllPrintings-shaped file: peak RSS and build time of the streaming reader
(``bot/importer/mtgjson.py: iter_mtgjson``, ijson, one set at a time) beside today's whole-file reader
(``bench/legacy_mtgjson.py``: ``json.loads``), for 5 000 / 25 000 / 100 000 printings, and at 100 000 with
non-Latin-1 foreign text. Each build runs in its own process; peak RSS is that process's ``ru_maxrss``
(``os.wait4``), time its wall clock. Files are generated once into ``--dir`` (``bench/gen_allprintings.py``).

    python bench/bench_cards.py [--quick] [--dir /tmp/regelbot-cards]

Targets (README): 100 000 printings ≤ 350 MB peak RSS, ≤ 1.2× that with non-Latin-1 text, time no worse than
today's reader.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _child(reader: str, cards: Path, db: Path) -> None:
    """Build the store of the documents plus ``cards`` with ``reader`` (``stream`` or ``today``)."""
    sys.path.insert(0, str(ROOT))
    import bot.importer as importer

    if reader == "today":
        sys.path.insert(0, str(HERE))
        import legacy_mtgjson

        def today_reader(path: Path):  # the whole file at once, its records handed over one by one
            return iter(legacy_mtgjson.read_mtgjson(path))

        importer.iter_mtgjson = today_reader
    importer.build(db, importer.DEFAULT_SOURCES, card_files=[cards])


def measure(reader: str, cards: Path) -> tuple[float, float]:
    """(peak RSS in MB, wall seconds) of one build in a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, __file__, "--child", reader, str(cards), str(Path(folder) / "s.db")],
                                stdout=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"build with {reader} failed on {cards}")
    return usage.ru_maxrss / 1024, wall


def generated(folder: Path, printings: int, non_latin1: bool) -> Path:
    """The generated file (made on first use)."""
    path = folder / f"AllPrintings_{printings}{'_nl' if non_latin1 else ''}.json"
    if not path.is_file():
        cmd = [sys.executable, str(HERE / "gen_allprintings.py"), "--printings", str(printings), "--out", str(path)]
        subprocess.run(cmd + (["--non-latin1"] if non_latin1 else []), check=True, stdout=subprocess.DEVNULL)
    return path


def main() -> None:
    """Command line (module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 000 and 25 000 printings only")
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "regelbot-cards")
    parser.add_argument("--child", nargs=3, metavar=("READER", "CARDS", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child[0], Path(args.child[1]), Path(args.child[2]))
        return
    args.dir.mkdir(parents=True, exist_ok=True)
    cases = [(5_000, False), (25_000, False)] + ([] if args.quick else [(100_000, False), (100_000, True)])
    print("| printings | file | today: peak RSS / time | streaming: peak RSS / time | ratio peak / time |")
    print("|---|---|---|---|---|")
    for printings, non_latin1 in cases:
        path = generated(args.dir, printings, non_latin1)
        today = measure("today", path)
        stream = measure("stream", path)
        label = f"{printings:,}" + (" (non-Latin-1)" if non_latin1 else "")
        print(f"| {label} | {path.stat().st_size / 1e6:.0f} MB | {today[0]:.0f} MB / {today[1]:.1f} s | "
              f"{stream[0]:.0f} MB / {stream[1]:.1f} s | {stream[0] / today[0]:.2f} / {stream[1] / today[1]:.2f} |",
              flush=True)


if __name__ == "__main__":
    main()
