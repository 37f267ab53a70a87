"""Where the test suite's CPU goes: a pytest plugin recording CPU per test file, the processes tests start, and
each xdist worker's start, collection and idle tail.

    .venv/bin/python -m pytest -p bench.suite_cpu --cpu-record DIR [pytest args]
    .venv/bin/python bench/suite_cpu.py DIR            # print the table again from DIR/*.json

Per test: user + system CPU of the worker (``RUSAGE_SELF``) and of the children it waited for
(``RUSAGE_CHILDREN``) between the start and the end of the test's protocol (setup, call, teardown; a module
fixture's setup counts to the module's first test). Every process a test starts through :mod:`subprocess` (and
asyncio's subprocesses, which use it) is named by its command line and its own CPU taken from ``os.wait4`` when it
is reaped (``os.waitpid`` is wrapped for that, so asyncio's child watchers count too). Per worker: CPU and wall time
from the interpreter's start to the end of collection, and the wall time between its last test's end and the end
of the whole run (its idle tail). Each worker writes ``DIR/<worker>.json``; the controller prints the summary.

Figures are CPU seconds (user + system) and wall seconds (``time.monotonic``/``time.time``).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

_START_WALL = time.time()


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _both() -> tuple[float, float]:
    return _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)


def process_kind(args: Any) -> str:
    """A short name for the command line of a started process: ``bot run``, ``bot call``, ``basedpyright``…"""
    argv = [str(a) for a in (args if isinstance(args, (list, tuple)) else [args])]
    if len(argv) == 1 and " " in argv[0]:
        argv = argv[0].split()
    if "-m" in argv:
        i = argv.index("-m")
        rest = argv[i + 1:]
        if rest[:1] == ["bot"] and len(rest) > 1:
            return f"bot {rest[1]}"
        return " ".join(rest[:1]) or "python -m ?"
    if argv and argv[0].endswith(("python", "python3")) and len(argv) > 1:
        return "python " + Path(argv[1]).name if not argv[1].startswith("-") else "python " + argv[1]
    return Path(argv[0]).name if argv else "?"


class Recorder:
    """One process's records (a worker's, or the controller's with ``-n0``)."""

    def __init__(self, out: Path, worker: str) -> None:
        self.out, self.worker = out, worker
        self.files: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.pids: dict[int, tuple[str, str]] = {}  # pid → (kind, test file)
        self.procs: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.current = "(outside tests)"
        self.collected: dict[str, float] = {}
        self.last_end = 0.0
        self._install()

    def _install(self) -> None:
        recorder = self
        popen_init = subprocess.Popen.__init__

        def init(self: subprocess.Popen, args: Any, *a: Any, **kw: Any) -> None:
            popen_init(self, args, *a, **kw)
            recorder.pids[self.pid] = (process_kind(args), recorder.current)

        subprocess.Popen.__init__ = init  # type: ignore[method-assign]
        waitpid = os.waitpid

        def waitpid_counted(pid: int, options: int) -> tuple[int, int]:
            if pid <= 0:
                return waitpid(pid, options)
            got, status, usage = os.wait4(pid, options)
            if got and got in recorder.pids:
                kind, file = recorder.pids.pop(got)
                entry = recorder.procs[f"{kind}\t{file}"]
                entry["count"] += 1
                entry["cpu"] += usage.ru_utime + usage.ru_stime
            return got, status

        os.waitpid = waitpid_counted  # type: ignore[assignment]

    def write(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        data = {"worker": self.worker, "files": self.files, "procs": self.procs, "collected": self.collected,
                "last_end": self.last_end, "self_total": _cpu(resource.RUSAGE_SELF),
                "children_total": _cpu(resource.RUSAGE_CHILDREN)}
        (self.out / f"{self.worker}.json").write_text(json.dumps(data, indent=1))


_recorder: Recorder | None = None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-record", default=None, help="folder for the CPU records of bench/suite_cpu.py")


def pytest_configure(config: pytest.Config) -> None:
    global _recorder
    out = config.getoption("--cpu-record")
    if not out:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "controller")
    if worker == "controller" and config.getoption("numprocesses", None):
        config._cpu_record_controller = Path(out)  # type: ignore[attr-defined]
        return
    _recorder = Recorder(Path(out), worker)


def pytest_collection_finish(session: pytest.Session) -> None:
    if _recorder is not None:
        self_cpu, children = _both()
        _recorder.collected = {"cpu": self_cpu + children, "wall_since_start": time.time() - _START_WALL,
                               "tests": len(session.items)}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    if _recorder is None:
        yield
        return
    file = item.nodeid.partition("::")[0]
    _recorder.current = file
    self0, child0 = _both()
    wall0 = time.time()
    yield
    self1, child1 = _both()
    entry = _recorder.files[file]
    entry["self"] += self1 - self0
    entry["children"] += child1 - child0
    entry["wall"] += time.time() - wall0
    entry["tests"] += 1
    entry.setdefault("first_start", wall0)
    _recorder.last_end = time.time()
    _recorder.current = "(outside tests)"


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _recorder is not None:
        _recorder.write()


def pytest_unconfigure(config: pytest.Config) -> None:
    out = getattr(config, "_cpu_record_controller", None)
    if out is not None:
        (Path(out) / "run.json").write_text(json.dumps({"start": _START_WALL, "end": time.time(),
                                                        "self": _cpu(resource.RUSAGE_SELF),
                                                        "children": _cpu(resource.RUSAGE_CHILDREN)}))
        print(summary(Path(out)))


def summary(folder: Path, top: int = 40) -> str:
    """The table of the records in ``folder``: per file, per process kind, per worker."""
    workers = [json.loads(p.read_text()) for p in sorted(folder.glob("*.json")) if p.name != "run.json"]
    run = json.loads((folder / "run.json").read_text()) if (folder / "run.json").exists() else None
    files: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for w in workers:
        for name, entry in w["files"].items():
            for key, value in entry.items():
                if key != "first_start":
                    files[name][key] += value
    lines = []
    total_in = sum(e["self"] + e["children"] for e in files.values())
    lines.append(f"CPU inside tests: {total_in:.1f} s over {sum(e['tests'] for e in files.values()):.0f} tests, "
                 f"{len(files)} files")
    lines.append(f"{'file':60} {'tests':>5} {'cpu':>7} {'self':>7} {'child':>7} {'wall':>7}")
    ranked = sorted(files.items(), key=lambda kv: -(kv[1]["self"] + kv[1]["children"]))
    for name, e in ranked[:top]:
        lines.append(f"{name:60} {e['tests']:5.0f} {e['self'] + e['children']:7.1f} {e['self']:7.1f} "
                     f"{e['children']:7.1f} {e['wall']:7.1f}")
    kinds: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for w in workers:
        for key, entry in w["procs"].items():
            kind = key.split("\t")[0]
            kinds[kind][0] += entry["count"]
            kinds[kind][1] += entry["cpu"]
    lines.append(f"\n{'process started by tests':40} {'count':>6} {'cpu':>7} {'each':>6}")
    for kind, (count, cpu) in sorted(kinds.items(), key=lambda kv: -kv[1][1]):
        lines.append(f"{kind:40} {count:6.0f} {cpu:7.1f} {cpu / max(count, 1):6.2f}")
    lines.append("")
    for w in workers:
        collected = w.get("collected", {})
        tail = (run["end"] - w["last_end"]) if run else float("nan")
        lines.append(f"worker {w['worker']}: collected {collected.get('tests', 0)} tests after "
                     f"{collected.get('wall_since_start', 0):.1f} s wall, {collected.get('cpu', 0):.1f} s CPU; "
                     f"total self {w['self_total']:.1f} + children {w['children_total']:.1f} s; "
                     f"idle tail {tail:.1f} s")
    if run:
        lines.append(f"run: wall {run['end'] - run['start']:.1f} s; controller self {run['self']:.1f} s, "
                     f"children (workers and theirs) {run['children']:.1f} s")
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1]), top=int(sys.argv[2]) if len(sys.argv) > 2 else 40))
