"""The camt.053 reader (scoring/camt.py) and the payment matcher (scoring/payments.py):
the hand-written fixtures read as the schema says, hostile or malformed files are refused
with their line and nothing half-read comes back, references survive what banks do to
them and a typo never pays somebody else's fee."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import camt, payments
from scoring.camt import CamtError, StatementLine
from scoring.payments import Applicant, Due, FeeRules

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "fixtures" / "payments"
NS = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"


def doc(entries: str, ns: str = NS, head: str = '<?xml version="1.0"?>\n') -> bytes:
    return (f'{head}<Document xmlns="{ns}"><BkToCstmrStmt><Stmt><Id>S1</Id>'
            f"<Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>{entries}"
            "</Stmt></BkToCstmrStmt></Document>").encode()


def entry(amount: str = "30.00", name: str = "Anna Schmidt", text: str = "",
          ind: str = "CRDT", sts: str = "BOOK") -> str:
    return (f'<Ntry><Amt Ccy="EUR">{amount}</Amt><CdtDbtInd>{ind}</CdtDbtInd><Sts>{sts}</Sts>'
            "<BookgDt><Dt>2026-11-02</Dt></BookgDt><NtryDtls><TxDtls>"
            f"<RltdPties><Dbtr><Nm>{name}</Nm></Dbtr></RltdPties>"
            f"<RmtInf><Ustrd>{text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>")


def refused(data: bytes) -> CamtError:
    with pytest.raises(CamtError) as info:
        camt.read_bytes(data)
    return info.value


# ------------------------------------------------------------------------------ fixtures

def test_version_02_reads_every_transfer_of_a_batch_and_the_debit():
    s = camt.read((FIX / "camt053-001-02.xml").open("rb"))
    assert (s.version, s.ids, s.iban) == ("02", ("2026-11-02-0001",), "DE02120300000000202051")
    assert [(x.amount_cents, x.credit, x.name) for x in s.lines] == [
        (3000, True, "Anna Schmidt"), (3000, True, "MUELLER, HANS"),
        (1500, True, "Paula Weber"), (8990, False, "Schachversand GmbH")]
    first = s.lines[0]
    assert first.booked and first.date == date(2026, 11, 2) and first.line == 35
    assert first.iban == "DE89370400440532013000" and "TW-23456-789E" in first.remittance


def test_version_08_reads_wrapped_status_party_and_amount():
    s = camt.read((FIX / "camt053-001-08.xml").open("rb"))
    assert s.version == "08"
    a, b = s.lines
    assert (a.name, a.amount_cents, a.booked, a.end_to_end) == ("Jörg Bäcker", 3000, True,
                                                               "E2E-4711")
    assert payments.references_in(a.remittance) == ["TW23456789E"]
    assert not b.booked and payments.references_in(b.remittance) == ["TWBCDEFGHJJ"]


def test_the_command_line_prints_json_and_exits_2_with_the_line(tmp_path):
    ok = subprocess.run([sys.executable, "-m", "scoring", "camt",
                         str(FIX / "camt053-001-02.xml")], capture_output=True, text=True,
                        cwd=ROOT)
    assert ok.returncode == 0 and '"amount_cents": 8990' in ok.stdout
    bad = tmp_path / "bad.xml"
    bad.write_bytes(doc(entry(amount="30,00")))
    out = subprocess.run([sys.executable, "-m", "scoring", "camt", str(bad)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and f"{bad}:2: the amount “30,00”" in out.stderr
    assert "Traceback" not in out.stderr


# -------------------------------------------------------------------------- refusals

def laughs(i: int) -> str:
    return (f"&lol{i - 1};" if i > 1 else "&lol;") * 10


def test_billion_laughs_is_refused_at_the_doctype_not_expanded():
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
            + "".join(f' <!ENTITY lol{i} "{laughs(i)}">\n' for i in range(1, 10))
            + f"]>\n<Document xmlns=\"{NS}\"><BkToCstmrStmt>&lol9;</BkToCstmrStmt></Document>")
    err = refused(bomb.encode())
    assert err.line == 2 and "document type" in str(err)


def test_an_external_entity_is_refused_and_no_file_is_read():
    xxe = (f'<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
           f'<Document xmlns="{NS}"><BkToCstmrStmt>&x;</BkToCstmrStmt></Document>')
    err = refused(xxe.encode())
    assert "document type" in str(err) and "root" not in str(err)


def test_malformed_xml_names_its_line():
    data = doc(entry()).replace(b"<Stmt>", b"<Stmt>\n\n<Id>S1</Idx>")
    err = refused(data)
    assert err.line == 4 and "not well-formed" in str(err)


def test_a_bad_amount_names_its_line():
    data = doc("\n\n" + entry(amount="30.001") + "\n" + entry(amount="1e3"))
    err = refused(data)
    assert err.line == 4 and "more than two decimals" in str(err)
    assert "1e3" in str(refused(doc("\n" + entry(amount="1e3"))))


def test_neither_credit_nor_debit_is_refused():
    assert "neither CRDT nor DBIT" in str(refused(doc(entry(ind="CRD"))))


def test_another_message_or_root_is_refused_at_line_one():
    err = refused(doc(entry(), ns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"))
    assert err.line == 2 and "not a camt.053" in str(err)
    assert "not a camt.053" in str(refused(b"<playerslist><player/></playerslist>"))


def test_empty_file_and_file_without_statement():
    assert refused(b"").line == 1
    assert "no statement" in str(refused(
        f'<Document xmlns="{NS}"><BkToCstmrStmt/></Document>'.encode()))


def test_deep_nesting_is_refused_early():
    deep = f'<Document xmlns="{NS}"><BkToCstmrStmt>' + "<Stmt>" * 100_000
    err = refused(deep.encode())
    assert "deeper than" in str(err)


def test_long_text_is_refused():
    assert "more than 2000 characters" in str(refused(doc(entry(text="x" * 5000))))


def test_control_characters_are_refused():
    assert "U+202E" in str(refused(doc(entry(name="Anna\u202eSchmidt"))))


def test_too_many_elements_and_bytes_are_refused(monkeypatch):
    monkeypatch.setattr(camt, "MAX_ELEMENTS", 50)
    assert "more than 50 elements" in str(refused(doc(entry() * 10)))
    monkeypatch.setattr(camt, "MAX_ELEMENTS", 10_000)
    monkeypatch.setattr(camt, "MAX_BYTES", 1000)
    monkeypatch.setattr(camt, "CHUNK", 256)
    assert "larger than" in str(refused(doc(entry() * 10)))


def test_a_huge_booking_or_header_is_refused_at_its_bound(monkeypatch):
    monkeypatch.setattr(camt, "MAX_SUBTREE", 30)
    assert "booking with more than 30" in str(refused(doc(
        entry().replace("<NtryDtls>", "<NtryDtls>" + "<TxDtls/>" * 40))))
    header = doc(entry()).replace(b"<Stmt>", b"<GrpHdr><X>" + b"<Y/>" * 40
                                  + b"</X></GrpHdr><Stmt>")
    assert "more than 30" in str(refused(header))
    many = doc(entry()).replace(b"<Stmt>", b"<GrpHdr>" + b"<X/>" * 40 + b"</GrpHdr><Stmt>")
    assert len(camt.read_bytes(many).lines) == 1


def test_too_many_transfers_are_refused(monkeypatch):
    monkeypatch.setattr(camt, "MAX_LINES", 3)
    assert "more than 3 transfers" in str(refused(doc(entry() * 4)))


def test_a_foreign_namespace_inside_is_refused():
    data = doc('<x:Ntry xmlns:x="urn:evil"/>')
    assert "namespace" in str(refused(data))


@given(st.binary(max_size=300))
def test_any_bytes_either_read_or_refused_with_a_line(data):
    try:
        camt.read_bytes(data)
    except CamtError as exc:
        assert exc.line >= 1


# ------------------------------------------------------------------------- references

@given(st.text(alphabet=payments.ALPHABET, min_size=8, max_size=8))
def test_a_reference_is_found_in_what_banks_make_of_it(body):
    ref = payments.reference(body)
    mangled = "Startgeld " + ref.lower().replace("-", " ")[:7] + " " + ref[7:].replace("-", "")
    assert payments.references_in(mangled) == [payments.normal(ref)]


@given(st.text(alphabet=payments.ALPHABET, min_size=8, max_size=8), st.integers(0, 7),
       st.sampled_from(payments.ALPHABET))
def test_one_wrong_character_never_makes_another_valid_reference(body, at, ch):
    if body[at] == ch:
        return
    typo = payments.normal(payments.reference(body))
    typo = typo[:2 + at] + ch + typo[3 + at:]
    assert not payments.is_reference(typo)


@given(st.text(alphabet=payments.ALPHABET, min_size=8, max_size=8), st.integers(0, 6))
def test_swapping_two_neighbours_is_caught(body, at):
    if body[at] == body[at + 1]:
        return
    swapped = body[:at] + body[at + 1] + body[at] + body[at + 2:]
    code = payments.normal(payments.reference(body))
    assert not payments.is_reference(code[:2] + swapped + code[-1])


# ------------------------------------------------------------------------------- fees

RULES = FeeRules(base_cents=3000, reduced_cents=1500, titled_free=True,
                 early_until=date(2026, 10, 31), early_cents=2500,
                 late_from=date(2026, 11, 20), late_extra_cents=500)


@pytest.mark.parametrize(("who", "on", "cents"), [
    (Applicant(), date(2026, 10, 1), 2500),
    (Applicant(), date(2026, 11, 1), 3000),
    (Applicant(), date(2026, 11, 20), 3500),
    (Applicant(youth=True), date(2026, 10, 1), 1500),
    (Applicant(member=True), date(2026, 11, 21), 2000),
    (Applicant(titled=True, youth=True), date(2026, 11, 21), 0),
])
def test_fee_rules(who, on, cents):
    assert payments.fee(RULES, who, on) == cents


def test_titled_pay_when_the_rules_say_so():
    assert payments.fee(FeeRules(base_cents=1000), Applicant(titled=True), date(2026, 1, 1)) \
        == 1000


# ---------------------------------------------------------------------------- matching

def line(n: int, cents: int, name: str = "", text: str = "", credit: bool = True,
         booked: bool = True) -> StatementLine:
    return StatementLine(n, cents, "EUR", credit, booked, date(2026, 11, 2), name, "", text)


A, B, C = (payments.reference(b) for b in ("23456789", "BCDEFGHJ", "KMNPQRST"))
DUES = [Due(1, A, "Anna Schmidt", 3000), Due(2, B, "Hans Müller", 3000),
        Due(3, C, "Paula Weber", 1500), Due(4, payments.reference("UVWX2345"), "Otto Roth",
                                             3000),
        Due(5, payments.reference("6789ABCD"), "Otto Roth", 3000)]


def test_match_by_reference_then_name_and_amount():
    found = payments.match([
        line(10, 3000, "Somebody Else", f"Startgeld {A}"),
        line(11, 3000, "MUELLER, HANS", "Startgeld"),
        line(12, 1000, "Paula Weber", f"{C} Anzahlung"),
        line(13, 3000, "Otto Roth", "Startgeld"),
        line(14, 3000, "Anna Schmidt", f"nochmal {A}"),
        line(15, 8990, "Versand", "Rechnung", credit=False),
        line(16, 3000, "Karl Klein", "Startgeld"),
        line(17, 3000, "Hans Müller", B, booked=False),
    ], DUES)
    assert [(m.line.line, m.key, m.how) for m in found.matches] == [
        (10, 1, "reference"), (11, 2, "name")]
    assert [(u.line.line, u.reason, u.key) for u in found.unmatched] == [
        (12, "short", 3), (13, "ambiguous", None), (14, "duplicate", 1), (15, "debit", None),
        (16, "unknown", None), (17, "not_booked", None)]


def test_a_reference_already_paid_is_a_duplicate_and_a_name_needs_the_amount():
    found = payments.match([line(1, 3000, "X", A), line(2, 2999, "Hans Mueller")],
                           DUES[1:], paid=[A])
    assert [u.reason for u in found.unmatched] == ["duplicate", "unknown"]


def test_a_reference_with_a_typo_falls_back_to_name_and_amount():
    typo = A[:-1] + ("2" if A[-1] != "2" else "3")
    found = payments.match([line(1, 3000, "Anna Schmidt", typo)], DUES)
    assert [(m.key, m.how) for m in found.matches] == [(1, "name")]


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 4000), st.booleans(),
                          st.sampled_from(["Anna Schmidt", "Otto Roth", "X Y", ""])),
                max_size=25))
def test_matching_pays_each_registration_once_and_never_too_little(spec):
    lines = [line(i, cents, name, DUES[ref].reference if ref < len(DUES) and with_ref else "",
                  credit=True) for i, (ref, cents, with_ref, name) in enumerate(spec)]
    found = payments.match(lines, DUES)
    keys = [m.key for m in found.matches]
    assert len(keys) == len(set(keys))
    dues = {d.key: d for d in DUES}
    for m in found.matches:
        assert m.line.amount_cents >= dues[m.key].amount_cents
        if m.how == "name":
            assert m.line.amount_cents == dues[m.key].amount_cents
    assert len(found.matches) + len(found.unmatched) == len(lines)
