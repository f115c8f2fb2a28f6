"""The inbound mail webhook requires its secret (issue 9, part 5, item 9): unset, every request is refused
naming ``UMPIRE_MAIL_WEBHOOK_SECRET``; missing or wrong, 401 and nothing stored; compared with
``hmac.compare_digest``; rate-limited like any token (tests/security/test_rate_limit.py). The basic cases
are in tests/mail/test_round_trip.py; these add the unset-and-missing case, Basic auth and the comparison.
"""

from __future__ import annotations

import base64
import hmac

import pytest

from service.mail_models import InboundMail
from tests.mail.conftest import SECRET, letter, mail_config

RAW = letter("G-000000", "HELP").as_bytes()


def _post(client, headers):
    return client.post("/api/mail/inbound", data=RAW, content_type="message/rfc822", headers=headers)


def _stored(app) -> int:
    with app.extensions["umpire"]["sessions"]() as s:
        return s.query(InboundMail).count()


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer anything"},
                                     {"Authorization": "Basic " + base64.b64encode(b"u:anything").decode()}])
def test_unset_every_request_is_refused_naming_the_setting(app, client, headers):
    app.config["MAIL"] = {}
    r = _post(client, headers)
    assert r.status_code in (401, 403) and "UMPIRE_MAIL_WEBHOOK_SECRET" in r.get_json()["message"]
    assert _stored(app) == 0


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer "}, {"Authorization": "Bearer wrong"},
                                     {"Authorization": "Bearer " + SECRET[:-1]},
                                     {"Authorization": "Bearer " + SECRET + "x"},
                                     {"Authorization": "Basic " + base64.b64encode(b"u:wrong").decode()},
                                     {"Authorization": "Basic !!!"}, {"Authorization": SECRET}])
def test_a_missing_or_wrong_secret_is_401_and_nothing_is_stored(app, client, headers):
    app.config["MAIL"] = mail_config(None)
    r = _post(client, headers)
    assert r.status_code == 401 and r.get_json()["code"] == "unauthorized"
    assert _stored(app) == 0


def test_the_secret_in_basic_auth_is_taken(app, client):
    app.config["MAIL"] = mail_config(None)
    r = _post(client, {"Authorization": "Basic " + base64.b64encode(f"any:{SECRET}".encode()).decode()})
    assert r.status_code == 202 and _stored(app) == 1


def test_the_secret_is_compared_in_constant_time(app, client, monkeypatch):
    import mail.webhook
    app.config["MAIL"] = mail_config(None)
    calls, real = [], hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)
    monkeypatch.setattr(mail.webhook.hmac, "compare_digest", spy)
    assert _post(client, {"Authorization": "Bearer wrong"}).status_code == 401
    assert _post(client, {"Authorization": f"Bearer {SECRET}"}).status_code == 202
    assert calls == [(b"wrong", SECRET.encode()), (SECRET.encode(), SECRET.encode())]
