"""The fourth review's findings (docs/security.md, "The fourth review"): one section per
finding, each test fails on the code before its fix."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Result
from tournaments.services import reporters

from .test_teams import teams  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db
BOARDS = {"board_1": "1-0", "board_2": "0-1", "board_3": "1/2-1/2", "board_4": "+-"}


# ------------------------------------------------- 1. a team captain confirmed his own match


def _open_match(teams, boss):  # noqa: F811
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    return t, services.publish_round(t, boss, 1).tables.get()


def test_a_captain_cannot_confirm_his_own_report_by_dropping_the_team_mark(teams, boss,  # noqa: F811
                                                                           client):
    _t, table = _open_match(teams, boss)
    home = f"/c/{table.token}/?team={reporters.team_mark(table.pk, 1)}"
    client.post(home, {**BOARDS, "team": reporters.team_mark(table.pk, 1)})
    assert Result.objects.get(table=table).status == "submitted"
    # The same captain, the mark cut off his link, from a second browser.
    client.cookies.clear()
    client.post(f"/c/{table.token}/", BOARDS)
    assert Result.objects.get(table=table).status == "submitted"
    third = services.captain_submit(table.token, {"boards": ["1-0", "0-1", "1/2-1/2", "+-"]},
                                    device_id="third-phone-0123456789")
    assert third.outcome == "agreed"
    assert Result.objects.get(table=table).status == "submitted"
    # The other team's captain on his own link confirms.
    other = services.captain_submit(table.token, {"boards": ["1-0", "0-1", "1/2-1/2", "+-"]},
                                    team=reporters.team_mark(table.pk, 2))
    assert other.outcome == "confirmed"




@pytest.mark.parametrize("parties_only, outcome", [(True, "agreed"), (False, "confirmed")])
def test_the_rule_a_phone_after_a_partys_report(parties_only, outcome):
    """The pure rule: at a team match a phone agreeing with a party's report does not
    confirm it; at another table (a personal link that reported) the old rule stands."""
    boards = {"boards": ["1-0"] * 4}
    party_report = reporters.Report("entrant:7", boards, "side:1")
    phone = reporters.Report("device:abc", boards)
    got = reporters.decide("submitted", boards, [party_report], phone,
                           parties_only=parties_only)
    assert got.outcome == outcome
    other_party = reporters.Report("entrant:8", boards, "side:2")
    assert reporters.decide("submitted", boards, [party_report, phone], other_party,
                            parties_only=True).outcome == "confirmed"

# -------------------------------- 2. a digit Python reads but int() refuses made a 500


SUPERSCRIPT_TWO = "\u00b2"  # "²": str.isdigit() says yes, int() refuses it


def test_a_superscript_player_number_on_a_skat_table_link_is_a_field_error(
        client, make_tournament, director):
    from .helpers import captain_url
    from .test_skat import line, open_evening

    _t, _boss, (four, _three) = open_evening(make_tournament, director)
    r = client.post(captain_url(four), line(0, "grand", SUPERSCRIPT_TWO, 96, "won"))
    assert r.status_code == 400
    assert not Result.objects.filter(table=four).exists()


def test_a_superscript_age_in_the_prize_list_is_a_field_error(director_client,
                                                              make_tournament):
    t = make_tournament("chess", entrants=4)
    r = director_client.post(f"/director/{t.slug}/prize-list/", {
        "rules-ties": "tiebreak", "cat-TOTAL_FORMS": "1", "cat-INITIAL_FORMS": "0",
        "prize-TOTAL_FORMS": "1", "prize-INITIAL_FORMS": "0", "cat-0-name": "U",
        "cat-0-kind": "age_under", "cat-0-value": SUPERSCRIPT_TWO,
        "prize-0-category": "U", "prize-0-place": "1", "prize-0-money": "10"})
    assert r.status_code == 400
    assert "a whole number" in r.content.decode()


def test_a_superscript_registration_number_when_settling_a_line_is_a_field_error(
        desk_client, make_tournament):
    from tournaments.models import UnmatchedPayment

    t = make_tournament("chess")
    line = UnmatchedPayment.objects.create(tournament=t, reason="unknown", amount_cents=3000,
                                           name="A", remittance="", line=1)
    r = desk_client.post(f"/desk/{t.slug}/registrations/lines/{line.pk}/settle/",
                         {"registration": SUPERSCRIPT_TWO})
    assert r.status_code == 400


def test_a_superscript_rating_in_a_trf_file_is_refused_at_its_column():
    from pairing import trf

    with pytest.raises(trf.TrfError, match="column 49: rating must be a whole number"):
        trf.read("012 Test\n001    1      Player One                        "
                 + SUPERSCRIPT_TWO * 4 + "\n")


# ------------------------------------- 3. hostile bank statements: encodings, amounts, time


CAMT = ('<?xml version="1.0" encoding="{enc}"?><Document xmlns="urn:iso:std:iso:20022:tech:'
        'xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S</Id><Acct><Id><IBAN>DE02120300000'
        '000202051</IBAN></Id></Acct>{body}</Stmt></BkToCstmrStmt></Document>')
ENTRY = ('<Ntry><Amt Ccy="EUR">{amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>'
         '<BookgDt><Dt>2026-11-02</Dt></BookgDt><NtryDtls><TxDtls><RltdPties><Dbtr><Nm>A B'
         '</Nm></Dbtr></RltdPties><RmtInf><Ustrd>{ref}</Ustrd></RmtInf></TxDtls></NtryDtls>'
         '</Ntry>')


def _statement(desk_client, t, data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return desk_client.post(f"/desk/{t.slug}/registrations/statement/", {
        "statement": SimpleUploadedFile("camt.xml", data, "application/xml")},
        HTTP_ACCEPT_LANGUAGE="de")


def test_an_unknown_encoding_is_refused_at_the_field(desk_client, make_tournament):
    t = make_tournament("chess")
    r = _statement(desk_client, t, CAMT.format(enc="x-klingon", body="").encode())
    assert r.status_code == 400
    assert "unbekannte Zeichenkodierung" in r.content.decode()


def test_an_amount_beyond_the_database_is_refused_and_nothing_is_paid(desk_client,
                                                                     make_tournament):
    from tournaments.services import announcement, online

    t = make_tournament("chess")
    announcement.save(t, announcement.Actor(None, "test"), open=True, base_cents=3000)
    reg = online.register_online(t, "Ada Lovelace", "ada@example.org")
    body = ENTRY.format(amount="99999999999999.99", ref=reg.reference)
    r = _statement(desk_client, t, CAMT.format(enc="UTF-8", body=body).encode())
    assert r.status_code == 400
    assert "ist höher als 10.000.000,00" in r.content.decode() or \
        "ist höher als 10,000,000.00" in r.content.decode()
    reg.refresh_from_db()
    assert reg.fee_state == "due" and reg.paid_cents == 0


def test_a_20_mb_statement_reaches_expat_in_at_most_20_pieces():
    """expat before 2.6 parses a token split over n pieces n times: one comment of 19 MB fed
    in 64 KB reads was parsed about 300 times (3 to 9 s of CPU per upload). The time
    depends on the machine; the number of pieces does not."""
    import io

    from scoring import camt

    class Counted(io.BytesIO):
        reads = 0

        def read(self, size: int | None = -1) -> bytes:
            Counted.reads += 1
            return super().read(size)

    data = CAMT.format(enc="UTF-8", body="<!--" + "x" * 19_000_000 + "-->").encode()
    assert len(data) < camt.MAX_BYTES
    camt.read(Counted(data))
    assert Counted.reads <= 21  # 20 pieces and the empty read at the end


# ------------------- 4. the team matches' round links were dropped with unknown parameters


def test_the_team_matches_page_shows_the_round_its_link_names(teams, boss, client):  # noqa: F811
    t = teams(4)
    for number in (1, 2):
        services.draw_round(t, boss, seed="s")
        rnd = services.publish_round(t, boss, number)
        for table in rnd.tables.all():
            services.director_set_result(table, boss, {"boards": ["1-0"] * 4})
        if number == 1:
            services.close_round(t, boss, 1)
    page = client.get(f"/t/{t.slug}/matches/?round=1").content.decode()
    assert '<span class="current">1</span>' in page
    latest = client.get(f"/t/{t.slug}/matches/").content.decode()
    assert '<span class="current">2</span>' in latest


# ------------- 5. the personal link withdrew a player from a tournament already running


def test_the_personal_link_no_longer_withdraws_once_round_one_is_drawn(make_tournament, boss,
                                                                      client):
    from tournaments.models import Entrant
    from tournaments.services import announcement, online

    t = make_tournament("chess")
    announcement.save(t, boss, open=True, capacity=10, base_cents=0)
    regs = [online.register_online(t, f"Player {i}", f"p{i}@example.org") for i in range(4)]
    for reg in regs:
        online.check_in(t, boss, reg.token)
    services.draw_round(t, boss, seed="s")
    services.publish_round(t, boss, 1)
    page = client.get(f"/r/{regs[0].token}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Das Turnier hat begonnen" in page
    assert 'name="confirm"' not in page
    client.post(f"/r/{regs[0].token}/withdraw/", {"confirm": "yes"})
    assert Entrant.objects.get(pk=regs[0].entrant_id).status == "present"
    regs[0].refresh_from_db()
    assert regs[0].place == "placed"
    # The desk still withdraws.
    online.withdraw(regs[0], boss)
    assert Entrant.objects.get(pk=regs[0].entrant_id).status == "withdrawn"


# ------------------- 6. (in part) one address made the club's server mail it without end


def test_one_address_signs_up_at_most_six_players_and_gets_as_many_mails(
        make_tournament, boss, client, django_capture_on_commit_callbacks):
    from tournaments.models import MailRecord
    from tournaments.services import announcement, online

    t = make_tournament("chess")
    announcement.save(t, boss, open=True, base_cents=0)
    with django_capture_on_commit_callbacks(execute=False):
        for i in range(online.MAX_PER_EMAIL):
            reg = online.register_online(t, f"Kind {i}", "Eltern@Example.org")
            if i % 2:
                online.withdraw(reg)  # withdrawn ones count too
        r = client.post(f"/t/{t.slug}/announcement/", {
            "name": "Kind 99", "email": "eltern@example.org"}, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "Mit dieser Adresse sind schon 6 Spieler angemeldet" in r.content.decode()
    assert MailRecord.objects.filter(to__iexact="eltern@example.org").count() == 6
