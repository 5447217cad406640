"""json_schema_check.py SCHEMA JSONL... - validates every line of the JSON
Lines files against nonet's JSON Schema (docs/nonet.schema.json) with
python3-jsonschema; prints each failure with its file and line, and exits 1
when any. Exit 77 when the jsonschema module is absent."""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("SKIP: python3-jsonschema is missing")
    sys.exit(77)


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    bad = records = 0
    for name in sys.argv[2:]:
        for no, text in enumerate(open(name, encoding="utf-8"), 1):
            records += 1
            try:
                obj = json.loads(text)
            except ValueError as e:
                print("%s:%d: not JSON: %s" % (name, no, e))
                bad += 1
                continue
            for err in validator.iter_errors(obj):
                print("%s:%d: %s: %s" % (name, no, "/".join(map(str, err.path)), err.message))
                bad += 1
    print("%d records, %d failures" % (records, bad))
    sys.exit(1 if bad or not records else 0)


main()
