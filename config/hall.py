"""Where the hall's phones find this server: the public address and the machine's LAN address.

Links that leave the screen (QR codes on score sheets and pads, captain links, the
pre-registration link, links printed in PDFs) must open on a phone in the hall, so they
cannot name ``127.0.0.1``. One setting, ``PUBLIC_URL`` (e.g. ``http://192.168.1.20:8000``),
says where the server is reached; without it the request's own host is used. Settings
and ``manage.py serve`` use these helpers; nothing here imports Django.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from urllib.parse import urlsplit

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


class BadPublicUrl(ValueError):
    """``PUBLIC_URL`` is not an ``http(s)://host[:port]`` address."""


def parse_public_url(value: str) -> str:
    """``PUBLIC_URL`` normalised to ``scheme://host[:port]`` (no trailing slash), or ``""``.

    A path is refused rather than silently dropped: the app is served from the root.
    """
    value = value.strip()
    if not value:
        return ""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadPublicUrl(f"PUBLIC_URL must look like http://192.168.1.20:8000, not {value!r}")
    try:
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError:
        raise BadPublicUrl(f"PUBLIC_URL has a bad port: {value!r}") from None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise BadPublicUrl(f"PUBLIC_URL is scheme, host and port only, not {value!r}")
    return f"{parts.scheme}://{parts.netloc}"


def host_of(url: str) -> str:
    """The host name of an absolute URL (IPv6 without brackets), lower case."""
    return (urlsplit(url).hostname or "").lower()


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listens_beyond_loopback(host: str) -> bool:
    """The address ``make run HOST=...`` binds to is reachable from other machines."""
    return host in ("0.0.0.0", "::", "0", "") or not is_loopback(host)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other machines can use, the default route's first.

    Connecting a UDP socket sends nothing; it only asks the kernel which interface would
    carry traffic out, which is the address a phone on the same Wi-Fi reaches.
    """
    found: list[str] = []
    for probe in ("192.0.2.1", "10.255.255.255"):  # documentation / private: never contacted
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found.append(s.getsockname()[0])
        except OSError:
            continue
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    unique: list[str] = []
    for address in found:
        if address not in unique and not is_loopback(address) and address != "0.0.0.0":
            unique.append(address)
    return unique


def hall_url(listen_host: str, port: int | str) -> str:
    """The address phones should use for a server bound to ``listen_host:port``."""
    if listens_beyond_loopback(listen_host):
        if listen_host in ("0.0.0.0", "::", "0", ""):
            addresses = lan_addresses()
            host = addresses[0] if addresses else "127.0.0.1"
        else:
            host = listen_host
    else:
        host = listen_host
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"
