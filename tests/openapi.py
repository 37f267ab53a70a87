"""Payloads checked against Discord's own OpenAPI description (``discord-openapi.json`` of the reference folder,
``specs/openapi.json`` of discord/discord-api-spec): JSON Schema 2020-12 with ``$ref`` resolved within the
document (jsonschema + referencing). :func:`schema_problems` is None when the reference file is absent, so the
tests that use it pass without the shared files."""

from __future__ import annotations

import functools
import json
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.reference.conftest import reference_dir

SPEC = "urn:discord-openapi"
#: The body of ``POST /applications/{application_id}/emojis`` (create_application_emoji), as a JSON pointer.
CREATE_EMOJI = "/paths/~1applications~1{application_id}~1emojis/post/requestBody/content/application~1json/schema"


@functools.cache
def _registry() -> Registry | None:
    path = reference_dir() / "discord-openapi.json"
    if not path.is_file():
        return None
    document = json.loads(path.read_text(encoding="utf-8"))
    return Registry().with_resource(SPEC, Resource(contents=document, specification=DRAFT202012))


def schema_problems(where: str, instance: Any) -> list[str] | None:
    """The ways ``instance`` breaks the schema ``where`` (a schema name such as
    ``"CreateMessageInteractionCallbackRequest"``, or a JSON pointer into the document starting with ``/``):
    ``[]`` when it is valid, None when the reference file is absent."""
    registry = _registry()
    if registry is None:
        return None
    pointer = where if where.startswith("/") else f"/components/schemas/{where}"
    validator = Draft202012Validator({"$ref": f"{SPEC}#{pointer}"}, registry=registry)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in validator.iter_errors(instance)]
