"""The production topology's files: docker-compose.yml parses and fits the shipped nginx config.

There is no Docker on the test machines; nginx itself runs the config in the services tier
(tests/services/test_proxy.py).
"""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx" / "turnierwart.conf"


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_file_parses_with_proxy_in_front_of_web():
    services = compose()["services"]
    assert {"db", "redis", "web", "worker", "proxy", "static"} <= set(services)
    proxy = services["proxy"]
    assert proxy["image"].split(":")[0] == "nginx"
    assert "web" in proxy["depends_on"]
    assert any(str(p).endswith(":80") for p in proxy["ports"])


def test_web_nodes_can_be_scaled_behind_the_proxy():
    web = compose()["services"]["web"]
    assert "ports" not in web  # a published port would stop a second web container
    assert "gunicorn" in web["command"]
    assert web["environment"]["DATABASE_URL"].startswith("postgres://")  # merged from x-app
    assert web["environment"]["REDIS_URL"].startswith("redis://")
    assert {"db", "redis"} <= set(web["depends_on"])
    # the README's TLS proxy and nginx: the rate limits count the address the first one saw
    assert web["environment"]["RATE_LIMIT_TRUSTED_PROXIES"].endswith(":-2}")


def test_public_url_reaches_the_containers_and_decides_the_allowed_hosts():
    """The README's `PUBLIC_URL=https://turnier.example.org docker compose up`: without it in
    the containers, a fixed ALLOWED_HOSTS default would answer every request for that name 400."""
    env = compose()["services"]["web"]["environment"]
    assert env["PUBLIC_URL"] == "${PUBLIC_URL:-}"
    assert env["ALLOWED_HOSTS"] == "${ALLOWED_HOSTS:-}"  # empty: the settings derive it


def test_proxy_mounts_the_shipped_config_and_the_static_folder_it_names():
    data = compose()
    proxy = data["services"]["proxy"]
    mounts = {m.split(":")[1]: m.split(":")[0] for m in proxy["volumes"]}
    assert mounts["/etc/nginx/conf.d/default.conf"] == "./deploy/nginx/turnierwart.conf"
    assert (ROOT / "deploy" / "nginx" / "turnierwart.conf").is_file()
    conf = NGINX_CONF.read_text()
    static_mount = next(target for target, source in mounts.items() if source == "static")
    assert f"alias {static_mount}/;" in conf
    assert "server web:8000" in conf and "8000" in [str(p) for p in
                                                    data["services"]["web"]["expose"]]


def test_every_named_volume_is_declared():
    data = compose()
    declared = set(data["volumes"])
    for name, service in data["services"].items():
        for mount in service.get("volumes", []):
            source = mount.split(":")[0]
            if not source.startswith((".", "/")):
                assert source in declared, (name, source)


def test_only_public_blocks_are_cached_and_never_with_a_session_or_token():
    conf = NGINX_CONF.read_text()
    assert conf.count("proxy_cache turnierwart;") == 1  # in the /t/ location only
    cached = conf[conf.index("location /t/"):]
    cached = cached[:cached.index("\n    }\n")]
    assert "proxy_cache turnierwart;" in cached
    for directive in ("proxy_cache_bypass", "proxy_no_cache"):
        line = next(x for x in cached.splitlines() if x.strip().startswith(directive))
        assert "$http_authorization" in line and "$cookie_sessionid" in line
    assert "proxy_cache_lock on;" in cached and "proxy_cache_revalidate on;" in cached
    assert "proxy_cache_use_stale updating" in cached
    assert "proxy_cache_valid" not in conf  # only what the app marks public is kept


def test_the_outer_tls_proxys_scheme_is_passed_on():
    conf = NGINX_CONF.read_text()
    assert "X-Forwarded-Proto $scheme" not in conf
    assert conf.count("proxy_set_header X-Forwarded-Proto $turnierwart_proto;") == 2
