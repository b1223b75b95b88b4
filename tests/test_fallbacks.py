"""No CPython private module without a fallback (issue 79): with `_json`, `_blake2`,
`_sha2`/`_sha256` and `_signal` missing (an interpreter without them, whose public modules
stand on their own: `hashlib`, `signal`), the program reads and writes the same text,
digests the same, and still starts and answers."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

BLOCK = (
    "import sys, hashlib, signal  # the public modules, standing on their own\n"
    "for name in {names!r}:\n    sys.modules[name] = None  # `import name` raises ImportError\n"
)

SAMPLE = {
    "name": "Лада Светлая",
    "n": [1, -2.5, 1e300, None, True],
    "nested": {"b": "\u202e", "a": [{}]},
    "esc": "a\"\\\n",
}


def _run(names: list[str], code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", BLOCK.format(names=names) + code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


JSON_CODE = f"""
from campaign_cli import jsontext
data = {SAMPLE!r}
out = [jsontext.dumps(data), jsontext.dumps(data, separators=(",", ":"), sort_keys=True)]
out.append(jsontext.dumps(data, indent=2))
out.append(repr(jsontext.loads(out[0])))
try:
    jsontext.loads("[NaN]")
except ValueError as e:
    out.append("refused NaN")
print("\\n---\\n".join(out))
"""


def test_json_without_the_c_module_writes_and_reads_the_same_text():
    assert _run(["_json"], JSON_CODE) == _run([], JSON_CODE)
    assert json.loads(_run(["_json"], JSON_CODE).split("\n---\n")[0]) == SAMPLE


def test_digests_without_the_private_hash_modules_are_the_same():
    code = (
        "from campaign_cli import model\nfrom campaign_cli.store import journal, layout\n"
        "print(model.judge_digest(), journal.digest(b'line\\n'), layout._digest(b'packs'))\n"
    )
    assert _run(["_blake2", "_sha2", "_sha256"], code) == _run([], code)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_the_entry_point_loads_and_answers_without_the_c_signal_module(tmp_path):
    code = (
        "import sys\nsys.argv = ['campaign', '--version']\n"
        "from campaign_cli import entry\ntry:\n    entry.main()\nexcept SystemExit as e:\n    print('exit', e.code)\n"
    )
    out = _run(["_signal"], code)
    assert "exit 0" in out and _run([], code) == out
