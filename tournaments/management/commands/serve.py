"""``manage.py serve [HOST:PORT]``: the embedded server for one hall (what ``make run`` starts).

Django's development server, plus what a hall needs from it:

- Bound beyond loopback (``make run HOST=0.0.0.0``), it takes this machine's LAN address as
  ``PUBLIC_URL`` unless one is set, so QR codes and printed links open on the phones, and it
  accepts requests addressed to the LAN address (``ALLOWED_HOSTS``).
- Once the server listens, it prints the addresses and logins last, where they stay
  visible, instead of above a screen of start-up output.
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.commands.runserver import Command as RunServer
from django.db import DatabaseError

from config.hall import hall_url, host_of, is_loopback, lan_addresses, listens_beyond_loopback
from tournaments.demo_guard import PUBLISHED_PASSWORD

DEMO_USERS = (("direktor", "director"), ("anmeldung", "desk"))


class Command(RunServer):
    addr: str  # set by runserver's handle() from the address given
    port: str
    help = ("Run the embedded server for a hall: prints where phones, the desk and the "
            "director go once it is ready (make run HOST=0.0.0.0 PORT=8000).")

    def inner_run(self, *args: Any, **options: Any) -> None:
        self.prepare_hall()
        os.environ.setdefault("DJANGO_RUNSERVER_HIDE_WARNING", "true")  # our own note instead
        super().inner_run(*args, **options)

    def listen_host(self) -> str:
        return "0.0.0.0" if self.addr in ("0", "") else self.addr

    def prepare_hall(self) -> None:
        """Beyond loopback: the LAN address becomes the public one and an allowed host."""
        host = self.listen_host()
        if not listens_beyond_loopback(host):
            return
        extra = lan_addresses() if host in ("0.0.0.0", "::") else [host]
        settings.ALLOWED_HOSTS = list(dict.fromkeys([*settings.ALLOWED_HOSTS, *extra]))
        if not settings.PUBLIC_URL:
            settings.PUBLIC_URL = hall_url(host, self.port)
            settings.CSRF_TRUSTED_ORIGINS = [*settings.CSRF_TRUSTED_ORIGINS,
                                             settings.PUBLIC_URL]

    def on_bind(self, server_port: int) -> None:
        super().on_bind(server_port)
        self.stdout.write(self.banner(server_port))

    def banner(self, port: int) -> str:
        host = self.listen_host()
        local = f"http://127.0.0.1:{port}" if listens_beyond_loopback(host) and host in (
            "0.0.0.0", "::") else hall_url(host, port)
        public = settings.PUBLIC_URL
        lines = ["", "=" * 72, "Turnierwart is ready.", ""]
        lines.append(f"  On this computer:      {local}/")
        if public and not is_loopback(host_of(public)):
            lines.append(f"  Phones in the hall:    {public}/   (QR codes and printed links)")
        else:
            lines.append("  Phones in the hall:    cannot reach this server yet. Start it with")
            lines.append("                         make run HOST=0.0.0.0  (README, 'The hall')")
        base = public or local
        lines += ["",
                  f"  Director:    {base}/director/",
                  f"  Desk:        {base}/desk/",
                  f"  Spectators:  {base}/t/      (projector: /t/<tournament>/projector/)",
                  "  Captains:    scan the QR code on their table's score sheet"]
        logins = self.demo_logins()
        if logins:
            lines += ["", "  Logins:      " + "    ".join(logins)]
        lines += ["", "  Stop with CONTROL-C.", "=" * 72, ""]
        return "\n".join(lines)

    def demo_logins(self) -> list[str]:
        """The demo accounts of ``load_demo`` that still have the demo password."""
        password = os.environ.get("DEMO_PASSWORD", PUBLISHED_PASSWORD)
        found = []
        try:
            users = {u.get_username(): u for u in get_user_model().objects.filter(
                username__in=[name for name, _ in DEMO_USERS])}
        except DatabaseError:
            return []
        for name, role in DEMO_USERS:
            user = users.get(name)
            if user is not None and user.check_password(password):
                found.append(f"{role} {name} / {password}")
        return found
