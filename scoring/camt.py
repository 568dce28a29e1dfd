"""Reading a bank statement in ISO 20022 camt.053 (BankToCustomerStatement), bounded.

camt.053 is the XML German banks export for an account's booked entries (the successor
of MT940). The reader knows the versions ``camt.053.001.02`` (the one the Deutsche
Kreditwirtschaft's DFÜ agreement, Anlage 3, named first) up to ``.13``; what it needs is
the same in all of them:

``Document/BkToCstmrStmt/Stmt``
    ``Id``, the account ``Acct/Id/IBAN`` and ``Acct/Ccy``, then one ``Ntry`` per booking.
``Ntry``
    ``Amt`` (with ``Ccy``), ``CdtDbtInd`` (``CRDT`` money in, ``DBIT`` money out),
    ``Sts`` (``BOOK``, ``PDNG``, ``INFO``; from ``.08`` on wrapped as ``Sts/Cd``),
    ``BookgDt/Dt`` (or ``DtTm``), and ``NtryDtls/TxDtls``: one per transfer (a batch
    booking holds several). Each ``TxDtls`` has the payer (``RltdPties/Dbtr/Nm``, from
    ``.08`` on ``RltdPties/Dbtr/Pty/Nm``), the payer's ``DbtrAcct/Id/IBAN``, the
    remittance information (``RmtInf/Ustrd``, several lines, or the structured creditor
    reference ``RmtInf/Strd/CdtrRefInf/Ref``), ``Refs/EndToEndId`` and its own amount
    (``AmtDtls/TxAmt/Amt``, from ``.08`` on also ``Amt`` directly).

Every transfer becomes one :class:`StatementLine` with the line of the file where it
starts; a booking without ``TxDtls`` is one line with the booking's own data.

The file is read with expat as a stream, with bounds: :data:`MAX_BYTES` of input,
:data:`MAX_ELEMENTS` elements, :data:`MAX_DEPTH` levels, :data:`MAX_TEXT` characters of
text per element, :data:`MAX_LINES` transfers, :data:`MAX_SUBTREE` elements in one booking
(or one other block). Only the booking being read is held in memory (and the account's
few lines): each is let go once read, so memory stays small whatever the file holds. A
document type declaration is refused where it starts (so no entity is ever declared, let
alone expanded: no "billion laughs", no external entity reads a file). Whatever is wrong
raises :class:`CamtError` with the line; nothing is returned until the whole file has
been read, so a caller never holds half a statement.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import IO
from xml.parsers import expat

from .i18n import N_, Message
from .text import control_character

MAX_BYTES = 20 * 1024 * 1024  # the app's limit for every import
MAX_ELEMENTS = 1_000_000
MAX_DEPTH = 24  # a camt.053.001.08 postal address line sits 12 levels deep
MAX_TEXT = 2_000  # characters of text in one element (the schema's longest is 500)
MAX_ATTRIBUTES = 8
MAX_LINES = 50_000  # transfers in one file
MAX_SUBTREE = 20_000  # elements in one booking (a batch of hundreds of transfers) or block
KEPT = ("Id", "Acct")  # what of a statement is kept beside its bookings
CHUNK = 1024 * 1024  # expat (before 2.6) parses a token split over n reads n times
NAMESPACE = re.compile(r"^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d\d)$")
AMOUNT = re.compile(r"^([0-9]{1,15})(?:\.([0-9]{1,5}))?$")  # ActiveOrHistoricCurrencyAndAmount
# 10 million euros: far above any transfer a club's fee account sees, and within what the
# database stores as cents (a registration's paid amount is a 32-bit integer; a line of
# 15 digits made the import fail in the database: fourth review, finding 3).
MAX_AMOUNT_CENTS = 1_000_000_000
CURRENCY = re.compile(r"^[A-Z]{3}$")
SEPARATOR = " "  # between an element's namespace and its name, as expat reports it


class CamtError(ValueError):
    """A statement that cannot be read, with the line (1-based) where it went wrong."""

    def __init__(self, line: int, message: Message) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True)
class StatementLine:
    """One transfer of a statement, as the desk needs it to find whose fee it is."""

    line: int
    amount_cents: int
    currency: str
    credit: bool  # money in (CRDT); a debit (DBIT) is money out
    booked: bool  # status BOOK; pending (PDNG) and information (INFO) are not yet money
    date: date | None
    name: str  # the other party: the payer of a credit, the payee of a debit
    iban: str
    remittance: str  # the lines of Ustrd joined by a space, and any structured reference
    end_to_end: str = ""


@dataclass(frozen=True)
class Statement:
    """A whole camt.053 file: its statements' transfers in the order of the file."""

    version: str  # "02" … "13"
    ids: tuple[str, ...]
    iban: str
    lines: tuple[StatementLine, ...]


@dataclass
class _Node:
    tag: str
    line: int
    attrs: dict[str, str]
    children: list[_Node] = field(default_factory=list)
    text: str = ""

    def find(self, path: str) -> _Node | None:
        node: _Node | None = self
        for part in path.split("/"):
            if node is None:
                return None
            node = next((c for c in node.children if c.tag == part), None)
        return node

    def findall(self, path: str) -> Iterator[_Node]:
        head, _sep, rest = path.partition("/")
        for child in self.children:
            if child.tag == head:
                if rest:
                    yield from child.findall(rest)
                else:
                    yield child

    def value(self, *paths: str) -> str:
        """The text of the first of ``paths`` that is there, or ""."""
        for path in paths:
            node = self.find(path)
            if node is not None and node.text:
                return node.text
        return ""


def _amount(node: _Node) -> tuple[int, str]:
    """An ``Amt`` element as cents and its currency; more than cents is refused."""
    text = node.text
    match = AMOUNT.match(text)
    if match is None:
        raise CamtError(node.line, N_("the amount “%(text)s” is not a number like 30.00",
                                      text=text[:30]))
    whole, fraction = match.group(1), (match.group(2) or "").rstrip("0")
    if len(fraction) > 2:
        raise CamtError(node.line, N_("the amount %(text)s has more than two decimals",
                                      text=text))
    currency = node.attrs.get("Ccy", "")
    if not CURRENCY.match(currency):
        raise CamtError(node.line, N_("the amount %(text)s has no currency (Ccy=\"EUR\")",
                                      text=text))
    cents = int(whole) * 100 + int(fraction.ljust(2, "0"))
    if cents > MAX_AMOUNT_CENTS:
        raise CamtError(node.line, N_("the amount %(text)s is more than %(most)s",
                                      text=text[:30], most=f"{MAX_AMOUNT_CENTS // 100:,}.00"))
    return cents, currency


def _date(node: _Node | None) -> date | None:
    if node is None:
        return None
    text = node.value("Dt", "DtTm")[:10]
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise CamtError(node.line, N_("the date “%(text)s” is not a date like 2026-11-02",
                                      text=text[:30])) from None


def _transfer(entry: _Node, tx: _Node | None) -> StatementLine:
    """One transfer of a booking (``tx`` None: the booking itself, without details)."""
    where = tx if tx is not None else entry
    amount_node = None
    if tx is not None:
        amount_node = tx.find("AmtDtls/TxAmt/Amt") or tx.find("Amt")
    single = sum(1 for _ in entry.findall("NtryDtls/TxDtls")) <= 1
    if amount_node is None and (tx is None or single):
        amount_node = entry.find("Amt")
    if amount_node is None:
        raise CamtError(where.line, N_("a transfer of a batch booking has no amount"))
    cents, currency = _amount(amount_node)
    indicator = ((tx.value("CdtDbtInd") if tx is not None else "")
                 or entry.value("CdtDbtInd"))
    if indicator not in ("CRDT", "DBIT"):
        raise CamtError(entry.line, N_("the booking says neither CRDT nor DBIT "
                                       "(CdtDbtInd “%(text)s”)", text=indicator[:10]))
    credit = indicator == "CRDT"
    status = entry.value("Sts/Cd", "Sts")
    party = "Dbtr" if credit else "Cdtr"
    name, iban, remittance, end_to_end = "", "", "", ""
    if tx is not None:
        name = tx.value(f"RltdPties/{party}/Pty/Nm", f"RltdPties/{party}/Nm",
                        f"RltdPties/Ultmt{party}/Pty/Nm", f"RltdPties/Ultmt{party}/Nm")
        iban = tx.value(f"RltdPties/{party}Acct/Id/IBAN")
        parts = [n.text for n in tx.findall("RmtInf/Ustrd")]
        parts += [n.text for n in tx.findall("RmtInf/Strd/CdtrRefInf/Ref")]
        remittance = " ".join(p for p in parts if p)
        end_to_end = tx.value("Refs/EndToEndId")
    if not remittance:
        remittance = entry.value("AddtlNtryInf")
    return StatementLine(line=where.line, amount_cents=cents, currency=currency,
                         credit=credit, booked=status == "BOOK",
                         date=_date(entry.find("BookgDt")) or _date(entry.find("ValDt")),
                         name=name, iban=iban, remittance=remittance,
                         end_to_end="" if end_to_end == "NOTPROVIDED" else end_to_end)


class _Reader:
    """expat's handlers: a small tree per statement, each booking read and let go."""

    def __init__(self) -> None:
        self.parser = expat.ParserCreate(namespace_separator=SEPARATOR)
        self.parser.buffer_text = True
        self.parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.CharacterDataHandler = self.text
        self.parser.StartDoctypeDeclHandler = self.doctype
        self.parser.EntityDeclHandler = self.entity
        self.parser.ExternalEntityRefHandler = self.external
        self.stack: list[_Node] = []
        self.elements = 0
        self.subtree = 0
        self.version = ""
        self.namespace = ""
        self.ids: list[str] = []
        self.iban = ""
        self.lines: list[StatementLine] = []

    @property
    def here(self) -> int:
        return int(self.parser.CurrentLineNumber)

    def doctype(self, *_args: object) -> None:
        raise CamtError(self.here, N_("the file declares a document type (<!DOCTYPE>): a bank "
                                      "statement has none, so it is not read"))

    def entity(self, *_args: object) -> None:  # pragma: no cover - a DTD is refused first
        raise CamtError(self.here, N_("the file declares an entity: not read"))

    def external(self, *_args: object) -> int:  # pragma: no cover - a DTD is refused first
        raise CamtError(self.here, N_("the file refers to an external entity: not read"))

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise CamtError(self.here, N_("more than %(n)s elements", n=f"{MAX_ELEMENTS:,}"))
        if len(self.stack) >= MAX_DEPTH:
            raise CamtError(self.here, N_("elements nested deeper than %(n)s levels",
                                          n=MAX_DEPTH))
        if len(attrs) > MAX_ATTRIBUTES:
            raise CamtError(self.here, N_("an element with more than %(n)s attributes",
                                          n=MAX_ATTRIBUTES))
        if len(self.stack) <= 3:  # a booking, or another block of a statement, begins
            self.subtree = 0
        self.subtree += 1
        if self.subtree > MAX_SUBTREE:
            raise CamtError(self.here, N_("a booking with more than %(n)s elements",
                                          n=f"{MAX_SUBTREE:,}"))
        namespace, _sep, tag = name.rpartition(SEPARATOR)
        if not self.stack:
            match = NAMESPACE.match(namespace)
            if tag != "Document" or match is None:
                raise CamtError(self.here, N_(
                    "this is not a camt.053 bank statement: the file starts with <%(tag)s> "
                    "in “%(ns)s”, not <Document> in urn:iso:std:iso:20022:tech:xsd:"
                    "camt.053.001.xx", tag=tag[:40], ns=namespace[:80]))
            self.version, self.namespace = match.group(1), namespace
        elif namespace != self.namespace:
            raise CamtError(self.here, N_("<%(tag)s> is not in the statement's namespace",
                                          tag=tag[:40]))
        if len(self.stack) == 1 and tag != "BkToCstmrStmt":
            raise CamtError(self.here, N_("<%(tag)s> where <BkToCstmrStmt> was expected",
                                          tag=tag[:40]))
        node = _Node(tag, self.here, {k.rpartition(SEPARATOR)[2]: v[:MAX_TEXT]
                                      for k, v in attrs.items()})
        if self.stack:
            self.stack[-1].children.append(node)
        self.stack.append(node)

    def text(self, data: str) -> None:
        node = self.stack[-1] if self.stack else None
        if node is None:
            return
        if len(node.text) + len(data) > MAX_TEXT:
            raise CamtError(self.here, N_("<%(tag)s> holds more than %(n)s characters",
                                          tag=node.tag, n=MAX_TEXT))
        node.text += data

    def end(self, _name: str) -> None:
        node = self.stack.pop()
        node.text = " ".join(node.text.split())
        if node.text and not node.children:
            found = control_character(node.text)
            if found is not None:
                raise CamtError(node.line, N_("<%(tag)s> holds the control character "
                                              "U+%(code)s", tag=node.tag,
                                              code=f"{ord(found[1]):04X}"))
        if node.tag == "Ntry" and len(self.stack) == 3:
            txs: list[_Node | None] = list(node.findall("NtryDtls/TxDtls"))
            for tx in txs or [None]:
                self.lines.append(_transfer(node, tx))
                if len(self.lines) > MAX_LINES:
                    raise CamtError(node.line, N_("more than %(n)s transfers",
                                                  n=f"{MAX_LINES:,}"))
            self.stack[-1].children.pop()  # read: let it go
        elif len(self.stack) == 3 and not (self.stack[-1].tag == "Stmt" and node.tag in KEPT):
            self.stack[-1].children.pop()  # balances, headers: not needed, let go at once
        elif node.tag == "Stmt" and len(self.stack) == 2:
            self.ids.append(node.value("Id"))
            iban = node.value("Acct/Id/IBAN")
            self.iban = self.iban or iban
            node.children.clear()

    def read(self, stream: IO[bytes]) -> Statement:
        total = 0
        try:
            while chunk := stream.read(CHUNK):
                total += len(chunk)
                if total > MAX_BYTES:
                    raise CamtError(self.here, N_("the file is larger than %(n)s MB",
                                                  n=MAX_BYTES // (1024 * 1024)))
                self.parser.Parse(chunk, False)
            self.parser.Parse(b"", True)
        except expat.ExpatError as exc:
            raise CamtError(exc.lineno, N_("not well-formed XML (%(why)s)",
                                           why=expat.ErrorString(exc.code))) from None
        except (LookupError, UnicodeError):  # <?xml encoding="…"?> Python does not know
            raise CamtError(self.here, N_("the file names a character encoding that is "
                                          "not known (a statement is UTF-8)")) from None
        if total == 0:
            raise CamtError(1, N_("the file is empty"))
        if not self.ids:
            raise CamtError(self.here, N_("the file holds no statement (<Stmt>)"))
        return Statement(self.version, tuple(self.ids), self.iban, tuple(self.lines))


def read(stream: IO[bytes]) -> Statement:
    """The whole statement of a camt.053 file, or :class:`CamtError` with the line."""
    return _Reader().read(stream)


def read_bytes(data: bytes) -> Statement:
    """:func:`read` for a file already in memory."""
    import io
    return read(io.BytesIO(data))
