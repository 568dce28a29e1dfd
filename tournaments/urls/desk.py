"""The registration desk at /desk/ (namespace "desk")."""

from django.urls import path

from ..views import desk as views
from ..views import desk_entrant as rows
from ..views import entrant_edit
from ..views import registrations as regs
from ..views import teams as team_views

app_name = "desk"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/list/", views.entrant_list, name="entrant_list"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/teams/", team_views.teams, name="teams"),
    path("<slug:slug>/scan/", views.scan, name="scan"),
    path("<slug:slug>/pair-up/", views.pair_up, name="pair_up"),
    path("<slug:slug>/prereg/", views.prereg_open, name="prereg_open"),
    path("<slug:slug>/registrations/", regs.page, name="registrations"),
    path("<slug:slug>/registrations/<int:number>/fee/", regs.fee, name="reg_fee"),
    path("<slug:slug>/registrations/<int:number>/withdraw/", regs.withdraw,
         name="reg_withdraw"),
    path("<slug:slug>/registrations/<int:number>/export/", regs.person_export,
         name="reg_export"),
    path("<slug:slug>/registrations/<int:number>/delete/", regs.person_delete,
         name="reg_delete"),
    path("<slug:slug>/registrations/<int:number>/move/", regs.move, name="reg_move"),
    path("<slug:slug>/registrations/statement/", regs.statement, name="reg_statement"),
    path("<slug:slug>/registrations/lines/<int:line>/settle/", regs.settle,
         name="reg_settle"),
    path("<slug:slug>/registrations/check-in/", regs.check_in, name="reg_checkin"),
    path("<slug:slug>/registrations/close-check-in/", regs.close_check_in,
         name="reg_close_checkin"),
    path("<slug:slug>/registrations/remind/", regs.remind, name="reg_remind"),
    path("<slug:slug>/registrations/send-unsent/", regs.send_unsent, name="reg_send_unsent"),
    path("<slug:slug>/registrations/delete-all/", regs.delete_all, name="reg_delete_all"),
    path("<slug:slug>/registrations/payments.csv", regs.payments_csv, name="reg_csv"),
    path("<slug:slug>/registrations/payments.pdf", regs.payments_pdf, name="reg_pdf"),
    path("<slug:slug>/undo/<int:entry>/", rows.undo_delete, name="undo_delete"),
    path("<slug:slug>/entrants/<int:start_number>/status/", rows.status, name="status"),
    path("<slug:slug>/entrants/<int:start_number>/marker/", rows.marker, name="marker"),
    path("<slug:slug>/entrants/<int:start_number>/delete/", rows.delete, name="delete"),
    path("<slug:slug>/entrants/<int:start_number>/row/", rows.row, name="row"),
    path("<slug:slug>/entrants/<int:start_number>/slip/", views.slip, name="slip"),
    path("<slug:slug>/entrants/<int:start_number>/edit/", entrant_edit.edit, name="edit"),
]
