"""Validates Kubernetes objects against Kubernetes' JSON schemas (PyPI kubernetes-validate, strict: unknown fields
are errors). Reads a JSON array of objects on stdin; prints one JSON result per object, in order:
{"kind", "name", "status": "valid" | "invalid" | "skipped", "message"}. "skipped" is a kind with no schema."""
import json
import sys

import kubernetes_validate


def check(obj, version):
    name = (obj.get("metadata") or {}).get("name", "?")
    result = {"kind": obj.get("kind"), "apiVersion": obj.get("apiVersion"), "name": name, "message": ""}
    try:
        kubernetes_validate.validate(obj, version, strict=True)
        result["status"] = "valid"
    except kubernetes_validate.SchemaNotFoundError as error:
        result["status"], result["message"] = "skipped", str(error)
    except kubernetes_validate.ValidationError as error:
        where = "/".join(str(part) for part in error.path)
        result["status"], result["message"] = "invalid", f"{where}: {error.message}"
    return result


def main():
    version = sys.argv[1]
    objects = json.load(sys.stdin)
    json.dump([check(obj, version) for obj in objects], sys.stdout)


if __name__ == "__main__":
    main()
