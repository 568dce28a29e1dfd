"""Reading the published rating lists, row by row, with the place of anything wrong.

Three formats, as the federations publish them:

* **The DSB's DWZ list** (CSV; comma or semicolon; UTF-8 or Windows-1252): ``ZPS``,
  ``Mgl-Nr``, ``Status``, ``Spielername`` ("Nachname,Vorname[,Titel]"), ``Geschlecht``,
  ``Spielberechtigung``, ``Geburtsjahr``, ``Letzte-Auswertung``, ``DWZ``, ``Index``,
  ``FIDE-Elo``, ``FIDE-Titel``, ``FIDE-ID``, ``FIDE-Land``. Headers are matched loosely
  (``Mgl_Nr``, ``DWZ-Index`` …); a ``Verein``/``Vereinname`` column, when present, gives
  the club's name.
* **FIDE's list as fixed-width text** (``players_list.txt`` and the single lists
  ``standard_…txt``): the columns are where the header line puts them; the standard
  rating is ``SRtng`` or, in a single list, the month column (``NOV25``).
* **FIDE's list as XML** (``players_list_xml.xml``): ``<player>`` elements with
  ``fideid``, ``name``, ``country``, ``sex``, ``title``, ``rating``, ``birthday``. Read
  with defusedxml: no DTD, no entities (a "billion laughs" file is refused, not expanded).

Every reader yields :class:`ListRow`; a row that cannot be read raises :class:`ListError`
with its line (or element) number. Nothing here touches the database.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO

from defusedxml import ElementTree
from django.utils.translation import gettext as _

from scoring.text import control_character

MAX_ROWS = 2_500_000  # FIDE's full list has about 1.2 million players
MAX_LINE = 2_000
MAX_LINE_BYTES = MAX_LINE * 4 + 2  # a line of MAX_LINE characters in UTF-8, and its end
MAX_NAME = 120
# FIDE's XML: <playerslist> of <player> elements, each of about a dozen fields. Anything
# else (another element under the root, a deeper tree, a player of hundreds of fields) is
# no FIDE list and is refused at once, never read to the end.
MAX_PLAYER_FIELDS = 40
MAX_XML_DEPTH = 3


class ListError(ValueError):
    """A rating list that cannot be read, with the line (1-based) where it went wrong."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True)
class ListRow:
    """One player of a rating list, as the desk fills a sign-up from it."""

    name: str
    club: str = ""
    zps: str = ""  # DSB: club number and member number, "C0327-12"
    sex: str = ""  # "m" or "w"
    birth_year: int | None = None
    dwz: int | None = None
    dwz_index: int | None = None
    elo: int | None = None
    title: str = ""
    fide_id: str = ""
    federation: str = ""


def name_key(name: str) -> str:
    """The form a name is searched by: lower case, accents and umlauts folded, one space.

    "Müller, Hans-Jörg" and "mueller hans" meet at "muller hans…": umlauts written out
    (ue, oe, ae, ss) fold to the same letters as the umlaut itself.
    """
    text = name.casefold().replace("ß", "ss")
    for long, short in (("ae", "a"), ("oe", "o"), ("ue", "u")):
        text = text.replace(long, short)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"[^0-9a-z]+", " ", text)
    return " ".join(text.split())


def _int(text: str, line: int, what: str, top: int) -> int | None:
    text = text.strip()
    if not text or text in ("0", "-"):
        return None
    if not text.isdecimal() or int(text) > top:
        raise ListError(line, _("%(what)s “%(text)s” is not a number from 0 to %(top)s")
                        % {"what": what, "text": text[:20], "top": top})
    return int(text)


def _year(text: str, line: int) -> int | None:
    text = text.strip()[:4]
    if not text or text in ("0000", "0"):
        return None
    if not text.isdecimal() or not 1880 <= int(text) <= 2100:
        raise ListError(line, _("birth year “%(text)s” is not a year") % {"text": text})
    return int(text)


def _sex(text: str) -> str:
    text = text.strip().upper()[:1]
    return {"M": "m", "W": "w", "F": "w"}.get(text, "")


def _one_line(text: str, line: int, club: bool = False) -> str:
    """``text`` unless it holds a control character: the desk signs a player up with the
    list's name and club, and every sign-up refuses those (scoring.text)."""
    found = control_character(text)
    if found is not None:
        what = {"code": f"U+{ord(found[1]):04X}", "n": found[0] + 1}
        raise ListError(line, (_("the club holds the control character %(code)s at character "
                                 "%(n)s") if club else
                               _("the name holds the control character %(code)s at character "
                                 "%(n)s")) % what)
    return text


def _name(text: str, line: int) -> str:
    name = " ".join(text.replace("\u00a0", " ").split())
    if not name:
        raise ListError(line, _("the name is empty"))
    if len(name) > MAX_NAME:
        raise ListError(line, _("the name is longer than %(n)s characters") % {"n": MAX_NAME})
    return _one_line(name, line)


def _bounded(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(lines, start=1):
        if number > MAX_ROWS + 1:
            raise ListError(number, _("more than %(n)s rows") % {"n": f"{MAX_ROWS:,}"})
        if len(line) > MAX_LINE:
            raise ListError(number, _("the line is longer than %(n)s characters")
                            % {"n": MAX_LINE})
        if "\x00" in line:  # a UTF-16 or binary file; no database stores a NUL
            raise ListError(number, _("the line holds a NUL byte: save the list as UTF-8 or "
                                      "Windows-1252 text"))
        yield number, line.rstrip("\r\n")


# ------------------------------------------------------------------------------ DSB (CSV)

DSB_COLUMNS = {  # a header folded to letters and digits -> our field
    "zps": "zps", "mglnr": "member", "mitgliedsnummer": "member", "status": "status",
    "spielername": "name", "name": "name", "geschlecht": "sex", "geburtsjahr": "birth",
    "dwz": "dwz", "index": "index", "dwzindex": "index", "fideelo": "elo", "elo": "elo",
    "fidetitel": "title", "fideid": "fide_id", "fideland": "federation", "verein": "club",
    "vereinname": "club", "vereinsname": "club",
}


def _fold_header(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.strip().strip('"').casefold())


def read_dsb_csv(lines: Iterable[str]) -> Iterator[ListRow]:
    """The DSB's DWZ list; the first line names the columns."""
    numbered = _bounded(lines)
    try:
        _first, head = next(numbered)
    except StopIteration:
        raise ListError(1, _("the file is empty")) from None
    delimiter = ";" if head.count(";") > head.count(",") else ","
    columns = [DSB_COLUMNS.get(_fold_header(h)) for h in next(csv.reader([head],
                                                                       delimiter=delimiter))]
    if "name" not in columns or "dwz" not in columns:
        raise ListError(1, _("this is not a DWZ list: the first line must name the columns "
                             "(Spielername, DWZ, …)"))
    for number, line in numbered:
        if not line.strip():
            continue
        try:
            cells = next(csv.reader([line], delimiter=delimiter))
        except csv.Error as exc:  # a quote left open across the line, and kin
            raise ListError(number, _("not a line of a CSV list (%(why)s)")
                            % {"why": exc}) from None
        row = {col: cell.strip() for col, cell in zip(columns, cells, strict=False) if col}
        club_number, member = row.get("zps", ""), row.get("member", "")
        zps = f"{club_number}-{member.lstrip('0') or '0'}" if club_number and member else ""
        yield ListRow(
            name=_name(row.get("name", ""), number),
            club=_one_line(row.get("club", ""), number, club=True),
            zps=zps.upper()[:10], sex=_sex(row.get("sex", "")),
            birth_year=_year(row.get("birth", ""), number),
            dwz=_int(row.get("dwz", ""), number, "DWZ", 3500),
            dwz_index=_int(row.get("index", ""), number, "Index", 999),
            elo=_int(row.get("elo", ""), number, "Elo", 3500),
            title=row.get("title", "").upper()[:4], fide_id=_fide_id(row.get("fide_id", ""),
                                                                    number),
            federation=row.get("federation", "").upper()[:3])


def _fide_id(text: str, line: int) -> str:
    text = text.strip()
    if text in ("", "0"):
        return ""
    if not text.isdecimal() or len(text) > 11:
        raise ListError(line, _("FIDE ID “%(text)s” is not a number of at most 11 digits")
                        % {"text": text[:20]})
    return text


# ------------------------------------------------------------------------ FIDE (fixed width)

FIDE_HEADS = {"id number": "fide_id", "name": "name", "fed": "federation", "sex": "sex",
              "tit": "title", "srtng": "elo", "b-day": "birth"}
MONTH_COLUMN = re.compile(r"^[A-Za-z]{3}\d{2}$")  # "NOV25": a single list's rating


def _fide_columns(head: str) -> dict[str, tuple[int, int]]:
    """Where each column of a FIDE text list starts and ends, read off its header line."""
    starts = [(m.start(), m.group(0)) for m in re.finditer(r"ID Number|\S+", head)]
    spans: dict[str, tuple[int, int]] = {}
    for k, (start, word) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else MAX_LINE
        field = FIDE_HEADS.get(word.casefold())
        if field is None and MONTH_COLUMN.match(word) and "elo" not in spans:
            field = "elo"
        if field is not None and field not in spans:
            spans[field] = (start, end)
    return spans


def read_fide_txt(lines: Iterable[str]) -> Iterator[ListRow]:
    """FIDE's fixed-width list; the header line says where the columns are."""
    numbered = _bounded(lines)
    try:
        _first, head = next(numbered)
    except StopIteration:
        raise ListError(1, _("the file is empty")) from None
    spans = _fide_columns(head)
    if not {"fide_id", "name", "elo"} <= set(spans):
        raise ListError(1, _("this is not a FIDE list: the first line must name the columns "
                             "(ID Number, Name, Fed, …)"))

    def cut(line: str, field: str) -> str:
        span = spans.get(field)
        return line[span[0]:span[1]].strip() if span else ""

    for number, line in numbered:
        if not line.strip():
            continue
        yield ListRow(
            name=_name(cut(line, "name"), number), sex=_sex(cut(line, "sex")),
            birth_year=_year(cut(line, "birth"), number),
            elo=_int(cut(line, "elo"), number, "Elo", 3500), title=cut(line, "title")[:4],
            fide_id=_fide_id(cut(line, "fide_id"), number),
            federation=cut(line, "federation").upper()[:3])


# ------------------------------------------------------------------------------- FIDE (XML)

def read_fide_xml(stream: IO[bytes]) -> Iterator[ListRow]:
    """FIDE's XML list, one ``<player>`` at a time: every element is counted and let go as
    soon as it is read, so memory stays flat for a million players and a file of millions
    of other elements is refused at the first of them."""
    count, depth, fields = 0, 0, 0
    root = None
    try:
        for event, element in ElementTree.iterparse(stream, events=("start", "end"),
                                                    forbid_dtd=True):
            if event == "start":
                depth += 1
                if depth == 1:
                    root = element
                elif depth == 2 and element.tag != "player":
                    raise ListError(count + 1, _("this is not FIDE's XML list: <%(tag)s> "
                                                 "where a <player> was expected")
                                    % {"tag": str(element.tag)[:40]})
                elif depth > MAX_XML_DEPTH:
                    raise ListError(count + 1, _("this is not FIDE's XML list: elements "
                                                 "nested deeper than a player's fields"))
                elif depth == 3:
                    fields += 1
                    if fields > MAX_PLAYER_FIELDS:
                        raise ListError(count + 1, _("a player has more than %(n)s fields")
                                        % {"n": MAX_PLAYER_FIELDS})
                continue
            depth -= 1
            if depth != 1:  # a player's field: read with its player
                continue
            fields = 0
            count += 1
            if count > MAX_ROWS:
                raise ListError(count, _("more than %(n)s rows") % {"n": f"{MAX_ROWS:,}"})

            def text(tag: str, el: object = element) -> str:
                found = el.find(tag)  # type: ignore[attr-defined]
                return (found.text or "").strip() if found is not None else ""

            yield ListRow(
                name=_name(text("name"), count), sex=_sex(text("sex")),
                birth_year=_year(text("birthday"), count),
                elo=_int(text("rating"), count, "Elo", 3500), title=text("title")[:4],
                fide_id=_fide_id(text("fideid"), count),
                federation=text("country").upper()[:3])
            element.clear()
            if root is not None:
                root.clear()  # the players read so far, let go
    except ListError:
        raise
    except Exception as exc:  # expat's ParseError, defusedxml's DTDForbidden and kin
        raise ListError(count + 1, _("not a readable FIDE XML list (%(why)s)")
                        % {"why": type(exc).__name__}) from None


# ------------------------------------------------------------------------------- detection

FORMATS = ("dsb_csv", "fide_txt", "fide_xml")


def detect(head: bytes) -> str | None:
    """Which format a file's first bytes look like, or None."""
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if text.startswith(b"<"):
        return "fide_xml"
    first = text.split(b"\n", 1)[0].decode("latin-1")
    if first.startswith("ID Number"):
        return "fide_txt"
    folded = {_fold_header(h) for h in re.split(r"[;,]", first)}
    if "spielername" in folded or ("zps" in folded and "dwz" in folded):
        return "dsb_csv"
    return None


def text_lines(stream: IO[bytes]) -> Iterator[str]:
    """A byte stream as lines: UTF-8 where it is, else Windows-1252 (the DSB's old lists).

    Each line is read with a bound (:data:`MAX_LINE_BYTES`): a file of one endless line is
    refused after a few kilobytes, not read whole first."""
    number = 0
    while raw := stream.readline(MAX_LINE_BYTES + 1):
        number += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raise ListError(number, _("the line is longer than %(n)s characters")
                            % {"n": MAX_LINE})
        try:
            yield raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            yield raw.decode("cp1252", errors="replace")


def rows(stream: IO[bytes], kind: str) -> Iterator[ListRow]:
    """The rows of a rating list of the given format."""
    if kind == "fide_xml":
        return read_fide_xml(stream)
    lines = text_lines(stream)
    return read_fide_txt(lines) if kind == "fide_txt" else read_dsb_csv(lines)


def peek(stream: IO[bytes], size: int = 4096) -> bytes:
    """The first bytes of a seekable stream, leaving it where it was."""
    head = stream.read(size)
    stream.seek(0)
    return head if isinstance(head, bytes) else io.BytesIO(head).read()
