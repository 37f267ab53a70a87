# Regelbot image: the gateway bot (`regelbot run`, default) or an HTTP interactions worker (`regelbot serve`).
# Build: docker build -t regelbot .   Run: see README, "Betrieb mit Docker" (compose.yaml).
# The store is built from data/sources at build time into /opt/regelbot/store (compose.yaml mounts the volume
# `store` there, so that `update` can replace it); the sync state lives in the volume /var/lib/regelbot.

ARG PYTHON_IMAGE=python:3.11-slim-bookworm

FROM ${PYTHON_IMAGE} AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    REGELBOT_DB=/opt/regelbot/store/regelbot.sqlite3
WORKDIR /src
COPY pyproject.toml README.md ./
COPY deploy/requirements.lock deploy/requirements.lock
COPY bot bot
COPY cogs cogs
COPY data data
# install steps: exactly the README's "Installation für den Betrieb" (tests/test_deploy.py compares them)
RUN python3 -m venv /opt/regelbot \
    && /opt/regelbot/bin/pip install --no-cache-dir -c deploy/requirements.lock . \
    && /opt/regelbot/bin/regelbot build

FROM ${PYTHON_IMAGE}
RUN groupadd --system --gid 10001 regelbot \
    && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/regelbot --create-home \
        --shell /usr/sbin/nologin regelbot
COPY --from=build /opt/regelbot /opt/regelbot
# the store's folder belongs to the user: `regelbot update` writes a new store there (a temp file, then a rename)
COPY --from=build --chown=10001:10001 /opt/regelbot/store /opt/regelbot/store
COPY deploy/docker/healthcheck.py /opt/regelbot/healthcheck.py
ENV PATH=/opt/regelbot/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    REGELBOT_DB=/opt/regelbot/store/regelbot.sqlite3 \
    REGELBOT_STATE_DIR=/var/lib/regelbot
USER 10001:10001
WORKDIR /var/lib/regelbot
# `run`: GET http://127.0.0.1:$METRICS_PORT/health (the gateway bot's health endpoint; without METRICS_PORT
# only the process is watched). `serve` workers: compose.yaml passes their HEALTH_PORT, http://127.0.0.1:8081/health.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python3", "/opt/regelbot/healthcheck.py"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["regelbot"]
CMD ["run"]
