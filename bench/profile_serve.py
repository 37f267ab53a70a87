"""Where a ``serve`` worker's CPU goes in a burst: py-spy over one worker taking the load test's workload.

Builds the workload as ``bench_ops.py`` does (the real gateway bot asked over the fake Discord), starts one ``python
-m bot serve`` worker (and, with ``--pong``, the signature-checking PONG worker of ``bench/http_burst.py``), warms it
as ``bench_ops.py: http_cpu`` does, then records it with ``py-spy record --format raw`` (needs ``py-spy`` on PATH or
in the venv: ``pip install py-spy``) while ``--bursts`` bursts of ``--burst`` pre-signed interactions arrive at
once. Prints the samples per frame grouped (the core's answers and choices, the signature check, aiohttp's server,
the event loop, the intake, the metrics, …) as shares of the worker's samples, the top functions by own samples, and
the CPU per interaction; with ``--pong`` the same for the PONG worker and each side in units of the signature check
(the same work in both workers).

    .venv/bin/python bench/profile_serve.py [--burst 1000] [--bursts 3] [--pong] [--out DIR] [--vs DIR]
        [--kind command|autocomplete] [--cprofile]

``--vs DIR``: the ``serve`` worker of the source tree DIR (``git archive main``) is recorded the same way after this
checkout's, so the two profiles stand side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import shutil
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_e2e import pin_threads
from bench_ops import _burst_cpu, _start_worker, pinned_store, warmed_plan
from bench_scale import _free_port, _start_workers
from fakediscord import FakeDiscord
from harness import PYTHON, bot_env, running_bot
from nacl.signing import SigningKey
from workload import Step, run_step

#: Frame groups, first match wins: (label, substrings of ``function (file:line)``), checked leaf to root
#: (the innermost frame that names a group decides the sample's group).
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("signature check (PyNaCl)", ("nacl/", "def verify", "verify (bot/serve.py")),
    ("metrics (bot/metrics.py, prometheus_client)", ("bot/metrics.py", "prometheus_client/")),
    ("JSON (orjson, json)", ("orjson", "json/")),
    ("the core: answers and choices", ("bot/answers/", "bot/core.py", "bot/search", "bot/ranking", "bot/terms",
                                       "bot/store/", "bot/render", "bot/autocomplete", "bot/raw.py", "bot/rules/",
                                       "bot/commands/", "bot/reply", "bot/offload", "bot/question", "bot/names",
                                       "aiosqlite/", "sqlite3")),
    ("delivery and webhook (bot/delivery, bot/rest, aiohttp client)", ("bot/delivery.py", "bot/rest.py",
                                                                       "bot/serve_transport.py",
                                                                       "aiohttp/client")),
    ("serve's own (Interactions, Endpoint)", ("bot/serve.py", "bot/serve_health.py")),
    ("the intake (bot/serve_net, bot/serve_sockets)", ("bot/serve_net.py", "bot/serve_sockets.py")),
    ("aiohttp server (web_protocol, http_parser, web_response …)", ("aiohttp/",)),
    ("event loop, selector, sockets", ("asyncio/", "selectors.py", "socket.py")),
    ("the garbage collector, logging, other", ("",)),
)


def group_of(stack: list[str]) -> str:
    """The label of :data:`GROUPS` for one sample's ``stack`` (frames root first)."""
    for frame in reversed(stack):
        for label, parts in GROUPS[:-1]:
            if any(part in frame for part in parts):
                return label
    return GROUPS[-1][0]


def read_raw(path: Path) -> list[tuple[list[str], int]]:
    """py-spy's ``--format raw`` (collapsed stacks: ``frame;frame;… count``) of ``path``; idle samples
    dropped (py-spy leaves them out without ``--idle``)."""
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            out.append((stack.split(";"), int(count)))
    return out


def summary(samples: list[tuple[list[str], int]], per_unit: int | None = None, top: int = 25) -> list[str]:
    """Printed lines: samples per group (share, and in units of ``per_unit`` samples when given) and the ``top``
    functions by own samples."""
    total = sum(n for _s, n in samples) or 1
    groups: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    for stack, n in samples:
        groups[group_of(stack)] += n
        own[stack[-1]] += n
    lines = [f"  {total} samples"]
    for label, n in groups.most_common():
        unit = f"  {n / per_unit:5.2f} units" if per_unit else ""
        lines.append(f"  {100 * n / total:5.1f} %{unit}  {label}")
    lines.append("  top functions by own samples:")
    lines += [f"    {100 * n / total:5.1f} %  {frame[:150]}" for frame, n in own.most_common(top)]
    return lines


def signature_samples(samples: list[tuple[list[str], int]]) -> int:
    """Samples inside PyNaCl's verify (the unit both workers share)."""
    return sum(n for stack, n in samples if any("nacl/" in frame for frame in stack)) or 1


def call_counts(stats: Path, interactions: int, top: int = 60) -> list[str]:
    """Printed lines: the ``top`` functions of the cProfile statistics ``stats`` by calls, as calls per interaction
    (``interactions`` in all), with their own and cumulative seconds."""
    import pstats

    entries = pstats.Stats(str(stats)).stats  # type: ignore[attr-defined]
    rows = sorted(((tt, nc, ct, f"{func[2]} ({func[0].rsplit('site-packages/', 1)[-1]}:{func[1]})")
                   for func, (_cc, nc, tt, ct, _callers) in entries.items()), reverse=True)
    total = sum(tt for tt, *_ in rows)
    lines = [f"  {total / interactions * 1e6:.0f} µs in all; by own time: calls, own µs, cumulative µs"]
    return lines + [f"  {nc / interactions:7.2f}  {tt / interactions * 1e6:6.1f}  {ct / interactions * 1e6:7.1f}  "
                    f"{name[:110]}" for tt, nc, ct, name in rows[:top]]


def py_spy() -> str:
    """The py-spy command (the venv's, else PATH's).

    Raises:
        SystemExit: py-spy is not installed.
    """
    here = Path(sys.executable).with_name("py-spy")
    found = str(here) if here.exists() else shutil.which("py-spy")
    if found is None:
        raise SystemExit("py-spy fehlt: .venv/bin/pip install py-spy")
    return found


async def _start_cprofiled(fake: FakeDiscord, tmp: Path, db: Path, src: Path | None, key: SigningKey,
                           stats: Path) -> tuple[str, int, list]:
    """A ``serve`` worker (of ``src`` or this checkout) with cProfile on its main thread's CPU clock
    (``time.thread_time``), switched on by SIGUSR1 and off by SIGUSR2 (the statistics then written to ``stats``);
    as :func:`bench_ops._start_worker`."""
    port = _free_port()
    code = ("import cProfile, runpy, signal, sys, time; p = cProfile.Profile(time.thread_time); "
            "signal.signal(signal.SIGUSR1, lambda *a: p.enable()); "
            f"signal.signal(signal.SIGUSR2, lambda *a: (p.disable(), p.dump_stats({str(stats)!r}))); "
            f"sys.argv = ['bot', 'serve', '--port', {str(port)!r}]; "
            + (f"sys.path.insert(0, {str(src)!r}); import os; os.chdir({str(src)!r}); " if src else "")
            + "runpy.run_module('bot', run_name='__main__', alter_sys=True)")
    env = bot_env(fake, db=db, state_dir=tmp / "serve", extra={"DISCORD_PUBLIC_KEY": key.verify_key.encode().hex(),
                                                               "LOG_LEVEL": "INFO"})
    procs = await _start_workers([[PYTHON, "-c", code]], [env], tmp, "HTTP-Endpunkt bereit")
    return f"http://127.0.0.1:{port}/interactions", procs[0].proc.pid, procs  # type: ignore[union-attr]


async def record(kind: str, fake: FakeDiscord, plan: list[Step], tmp: Path, db: Path, pin: bool, src: Path | None,
                 n: int, bursts: int, out: Path, cprofile: bool = False) -> tuple[Path, float]:
    """Start one ``kind`` worker (``serve`` of ``src`` or this checkout, or ``pong``), warm it, record it with py-spy
    over ``bursts`` bursts of ``n``; (the raw profile's path, CPU seconds per interaction). ``cprofile``: the
    ``serve`` worker runs under cProfile instead (its statistics from start to stop, warm-up included)."""
    key = SigningKey.generate()
    (tmp / "serve").mkdir(exist_ok=True)
    raw = out / f"{kind}{'-vs' if src else ''}.{'prof' if cprofile else 'txt'}"
    if cprofile:
        url, pid, procs = await _start_cprofiled(fake, tmp, db, src, key, raw)
    else:
        url, pid, procs = await _start_worker(kind, fake, tmp, db, src, key)
    try:
        if pin:
            pin_threads(pid, 0)
        if kind == "serve":
            fake.use_http(url, key)
            for step in plan * 2:
                await run_step(fake, step, timeout=60)
        await _burst_cpu(fake, plan, 2 * len(plan), url, pid, key)
        if cprofile:
            os.kill(pid, signal.SIGUSR1)
            cpu = 0.0
            for _ in range(bursts):
                cpu += await _burst_cpu(fake, plan, n, url, pid, key) / bursts
            os.kill(pid, signal.SIGUSR2)
            for _ in range(100):
                await asyncio.sleep(0.1)
                if raw.exists():
                    break
            return raw, cpu
        spy = await asyncio.create_subprocess_exec(py_spy(), "record", "--format", "raw", "--rate", "250", "-o",
                                                   str(raw), "--pid", str(pid), "--nonblocking",
                                                   stdout=asyncio.subprocess.DEVNULL,
                                                   stderr=asyncio.subprocess.DEVNULL)
        await asyncio.sleep(1.0)
        cpu = 0.0
        for _ in range(bursts):
            cpu += await _burst_cpu(fake, plan, n, url, pid, key) / bursts
        spy.send_signal(signal.SIGINT)
        await spy.wait()
        return raw, cpu
    finally:
        for proc in procs:
            await proc.stop()


async def main(n: int, bursts: int, pong: bool, out: Path, vs: Path | None, cprofile: bool = False,
               kind: str | None = None) -> None:
    with pinned_store("profile_serve_") as (tmp, db, pin):
        async with FakeDiscord() as fake:
            async with running_bot(fake, tmp, db=db, extra_env={"LOG_LEVEL": "INFO"}) as bot:
                plan = await warmed_plan(fake, bot.proc.pid, pin)
            plan = [step for step in plan if kind is None or step.kind == kind]
            sides: list[tuple[str, Path | None]] = [("serve", None)]
            sides += [("serve", vs)] if vs else []
            sides += [("pong", None)] if pong else []
            got = [(kind, src, *await record(kind, fake, plan, tmp, db, pin, src, n, bursts, out, cprofile))
                   for kind, src in sides if not (cprofile and kind == "pong")]
    print(f"profile_serve — bursts of {n} × {bursts} ({kind or 'the whole workload'}), load average "
          f"{os.getloadavg()[0]:.1f}")
    if cprofile:
        for kind, src, stats, cpu in got:
            print(f"{kind}{f' of {src}' if src else ''}: {cpu * 1000:.2f} ms CPU per interaction (under the "
                  f"profiler); per interaction, main thread's CPU:")
            print("\n".join(call_counts(stats, bursts * n)))
        return
    profiles = {(kind, src): read_raw(raw) for kind, src, raw, _cpu in got}
    for kind, src, raw, cpu in got:
        samples = profiles[kind, src]
        print(f"{kind}{f' of {src}' if src else ''}: {cpu * 1000:.2f} ms CPU per interaction ({raw})")
        print("\n".join(summary(samples, signature_samples(samples) if pong else None)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burst", type=int, default=1000)
    parser.add_argument("--bursts", type=int, default=3)
    parser.add_argument("--pong", action="store_true", help="also the signature-checking PONG worker")
    parser.add_argument("--out", type=Path, default=Path("/tmp/profile_serve"))
    parser.add_argument("--vs", type=Path, default=None, metavar="DIR", help="also the serve worker of tree DIR")
    parser.add_argument("--kind", choices=("command", "autocomplete"), default=None,
                        help="only the workload's commands or only its autocompletes (default: all of it)")
    parser.add_argument("--cprofile", action="store_true",
                        help="cProfile the serve worker instead (calls per interaction; its main thread only)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    asyncio.run(main(args.burst, args.bursts, args.pong, args.out, args.vs.resolve() if args.vs else None,
                     args.cprofile, args.kind))
