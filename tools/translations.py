"""Refresh the German catalogue: collect msgids, then fill them from locale/translations/*.json.

Each area of the app keeps its German texts as a JSON object (English msgid → German) in
``locale/translations/``, a text with a context (``pgettext``) under the key
``"context|msgid"``; this writes them into ``locale/de/LC_MESSAGES/django.po``, lists
msgids that still lack a translation, and compiles the catalogue.

    .venv/bin/python tools/translations.py
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"


def main() -> int:
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "makemessages", "-l", "de", "--no-obsolete", "--no-location",
                    "-i", ".venv/*", "-i", "tests/*", "-i", "bench/*", "-i", "tools/*"],
                   cwd=ROOT, check=True)
    texts: dict[str, str] = {}
    for path in sorted((ROOT / "locale" / "translations").glob("*.json")):
        texts.update(json.loads(path.read_text(encoding="utf-8")))
    po = polib.pofile(str(PO))
    po.metadata.update({"Language": "de", "Content-Type": "text/plain; charset=UTF-8",
                        "Plural-Forms": "nplurals=2; plural=(n != 1);"})
    missing = []
    for entry in po:
        # a text with a context (pgettext: "plural", "Series") is keyed "plural|Series"
        german = texts.get(f"{entry.msgctxt}|{entry.msgid}" if entry.msgctxt else entry.msgid)
        if german is not None:
            entry.msgstr = german
            if entry.msgid_plural:
                entry.msgstr_plural = {0: german, 1: texts.get(entry.msgid_plural, german)}
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
        elif "fuzzy" in entry.flags or (not entry.msgstr and not entry.msgstr_plural.get(0)):
            missing.append(entry.msgid)  # a fuzzy guess of msgmerge is no translation
    po.save(str(PO))
    subprocess.run([*manage, "compilemessages", "-l", "de", "-i", ".venv/*"], cwd=ROOT,
                   check=True)
    for msgid in missing:
        print(f"untranslated: {msgid!r}")
    print(f"{len(po) - len(missing)} of {len(po)} texts translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
