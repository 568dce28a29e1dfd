"""The table of every attribute and hook of ``WebDiscipline``, for docs/adding-a-discipline.md.

Read from ``tournaments/disciplines/base.py`` itself (its class attributes with the comment
beside or above them, its methods with the first sentence of their docstring), so the page
says exactly what the class offers; ``tests/unit/test_adding_a_discipline_doc.py`` fails
when the page's table is not what this prints.

    .venv/bin/python tools/discipline_hooks.py            # print the table
    .venv/bin/python tools/discipline_hooks.py --write    # put it into the page
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "tournaments" / "disciplines" / "base.py"
PAGE = ROOT / "docs" / "adding-a-discipline.md"
START, END = "<!-- hooks: start -->", "<!-- hooks: end -->"


def _first_sentence(text: str) -> str:
    """The first paragraph up to its first full stop (a colon or parenthesis inside stays)."""
    text = " ".join(text.split("\n\n")[0].split())
    match = re.match(r"(.+?\.)(\s|$)", text)
    return match.group(1) if match else text


def _comment(lines: list[str], node: ast.stmt) -> str:
    """The comment at the end of the line, else the comment lines just above."""
    line = lines[node.lineno - 1]
    if "#" in line:
        return line.split("#", 1)[1].strip()
    above: list[str] = []
    k = node.lineno - 2
    while k >= 0 and lines[k].strip().startswith("#") and not lines[k].strip().startswith("# --"):
        above.insert(0, lines[k].strip().lstrip("#").strip())
        k -= 1
    return " ".join(above)


def rows() -> list[tuple[str, str, str, str]]:
    """(section, name, kind, what) for every public attribute and method, in file order."""
    source = BASE.read_text(encoding="utf-8")
    lines = source.splitlines()
    cls = next(n for n in ast.parse(source).body
               if isinstance(n, ast.ClassDef) and n.name == "WebDiscipline")
    section, out = "", []
    for node in cls.body:
        line = lines[node.lineno - 1]
        heading = [lines[k] for k in range(node.lineno - 2, max(node.lineno - 6, 0), -1)
                   if lines[k].strip().startswith("# --")]
        if heading:
            section = heading[0].strip().strip("#- ").strip()
        if isinstance(node, ast.AnnAssign | ast.Assign):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            if not isinstance(target, ast.Name) or target.id.startswith("_"):
                continue
            what = _comment(lines, node)
            out.append((section, target.id, "attribute", _first_sentence(what) if what else ""))
        elif isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            doc = ast.get_docstring(node) or ""
            kind = "property" if any(isinstance(d, ast.Name) and d.id in ("property",
                                                                         "cached_property")
                                     for d in node.decorator_list) else "method"
            out.append((section, node.name, kind, _first_sentence(doc)))
        del line
    return out


def table() -> str:
    out = ["| section | name | kind | what it is |", "|---|---|---|---|"]
    for section, name, kind, what in rows():
        out.append(f"| {section} | `{name}` | {kind} | {what.replace('|', '/')} |")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    generated = table()
    if "--write" not in argv:
        sys.stdout.write(generated)
        return 0
    page = PAGE.read_text(encoding="utf-8")
    if START not in page or END not in page:
        print(f"{PAGE}: no {START} … {END} markers", file=sys.stderr)
        return 2
    head, rest = page.split(START, 1)
    _old, tail = rest.split(END, 1)
    PAGE.write_text(f"{head}{START}\n{generated}{END}{tail}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
