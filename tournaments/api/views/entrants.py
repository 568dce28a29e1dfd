"""Entrants (Chaos's PlayerList, AddPlayer, ModifyPlayer, DeletePlayer)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from ...models import Entrant
from ...selectors.entrants import entrant_list
from ...services.entrant_signup import entrant_sign_up
from ...services.registration import delete_entrant, modify_entrant
from .. import serializers as s
from ..schema import ENTRANT, responses
from .base import DirectorView


class EntrantListView(DirectorView):
    @extend_schema(summary="Entrants in start-number order (Chaos: PlayerList)",
                   responses=responses(s.EntrantSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.EntrantSerializer(entrant_list(self.tournament), many=True).data)

    @extend_schema(
        summary="Register an entrant: a player, or a fixed pair (Chaos: AddPlayer)",
        description=(
            "Give `players` (ids of players who already play in a tournament you direct, or "
            "objects with their facts), or, for an "
            "entrant of one player, the player's facts flat in the body, as Chaos's AddPlayer "
            "does: `name`, `club`, `birth_date`, `dwz` (Chaos: RATING), `elo`, `flags` (s j w "
            "a–e) or `categories`, `fide_id`, `title`, `federation`, `sex`. A player of a "
            "tournament you direct, known by name and club, is reused and gets the facts "
            "given. Any other id is refused under `players`, whether it exists or not."),
        request=s.EntrantCreateSerializer,
        responses=responses(s.EntrantSerializer, code=201),
        examples=[OpenApiExample("a chess player, flat (AddPlayer)", request_only=True, value={
                      "name": "Widmann, Jochen", "club": "SK Hof", "birth_date": "1961-04-12",
                      "dwz": 1834, "dwz_index": 23, "elo": 1901, "flags": "s",
                      "fide_id": "4612345", "title": "", "federation": "GER", "sex": "m",
                      "status": "present"}),
                  OpenApiExample("a fixed pair", request_only=True, value={
                      "players": [{"name": "Fritz Maier", "club": "JU Leupoldsgrün"},
                                  {"name": "Hans Huber"}], "status": "present"}),
                  OpenApiExample("a known player by id", request_only=True,
                                 value={"players": [17]})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.EntrantCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        entrant = entrant_sign_up(self.tournament, self.actor, form.validated_data)
        return Response(s.EntrantSerializer(entrant_list(self.tournament).get(pk=entrant.pk)).data,
                        status=status.HTTP_201_CREATED)


class EntrantDetailView(DirectorView):
    def entrant(self, start_number: int) -> Entrant:
        return get_object_or_404(entrant_list(self.tournament), start_number=start_number)

    @extend_schema(parameters=ENTRANT, summary="One entrant",
                   responses=responses(s.EntrantSerializer, bad=False))
    def get(self, request: Request, slug: str, start_number: int) -> Response:
        return Response(s.EntrantSerializer(self.entrant(start_number)).data)

    @extend_schema(
        parameters=ENTRANT,
        summary="Change an entrant's facts, check in, mark absent, withdraw (Chaos: ModifyPlayer)",
        description=("Only the fields given change. `dwz`, `birth_date`, `fide_id` … are the "
                     "person's and exist only for an entrant of one player. A person also "
                     "entered in other tournaments changes there too if you direct them all "
                     "(each of their logs says so); otherwise this entrant gets its own copy "
                     "and the others stay as they are. `status` withdrawn withdraws from the "
                     "first round not drawn yet."),
        request=s.EntrantUpdateSerializer, responses=responses(s.EntrantSerializer),
        examples=[OpenApiExample("check in", request_only=True, value={"status": "present"}),
                  OpenApiExample("correct a name only", request_only=True,
                                 value={"name": "Wiedmann, Jochen"}),
                  OpenApiExample("new rating list", request_only=True,
                                 value={"dwz": 1851, "dwz_index": 24, "elo": 1910})])
    def patch(self, request: Request, slug: str, start_number: int) -> Response:
        form = s.EntrantUpdateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        new_status = data.pop("status", None)
        modify_entrant(self.entrant(start_number), self.actor, new_status, **data)
        return Response(s.EntrantSerializer(self.entrant(start_number)).data)

    @extend_schema(
        parameters=ENTRANT, summary="Delete an entrant, or withdraw one who has played "
                                    "(Chaos: DeletePlayer)",
        description=("An entrant without games, registered after the last draw, is deleted. "
                     "Anyone else is withdrawn from the first round not drawn yet (their games "
                     "stay) and `outcome` says so."),
        responses=responses(s.EntrantRemovedSerializer),
        examples=[OpenApiExample("withdrawn instead", response_only=True, value={
            "outcome": "withdrawn", "detail": "3. Widmann, Jochen has played: withdrawn from "
                                              "round 3 instead; the games stay.",
            "entrant": {"start_number": 3, "name": "Widmann, Jochen", "status": "withdrawn",
                        "withdrawn_from_round": 3}})])
    def delete(self, request: Request, slug: str, start_number: int) -> Response:
        entrant = self.entrant(start_number)
        label = str(entrant)
        if delete_entrant(entrant, self.actor) == "deleted":
            return Response(s.EntrantRemovedSerializer({
                "outcome": "deleted", "entrant": None,
                "detail": _("%(entrant)s is deleted.") % {"entrant": label}}).data)
        entrant = self.entrant(start_number)
        return Response(s.EntrantRemovedSerializer({
            "outcome": "withdrawn", "entrant": entrant,
            "detail": _("%(entrant)s has played or was drawn: withdrawn from round %(n)s "
                        "instead; the games stay.")
            % {"entrant": label, "n": entrant.withdrawn_from_round}}).data)
