"""PDFs are rendered in a child process under a time and a memory limit (issue 5, point 4)."""

from __future__ import annotations

import pytest

from service import games as G
from service.reports import limits
from service.reports.limits import Limits, Renderer, RenderLimitError

#: Enough tables to keep WeasyPrint busy for a while.
BIG = "<html><body>" + "<table>" + "<tr><td>cell</td><td>cell</td></tr>" * 8000 + "</table></body></html>"


@pytest.fixture
def renderer():
    r = Renderer()
    yield r
    r.stop()


def test_a_document_renders_in_the_child_process(renderer):
    pdf = renderer.render("<p>Galilee</p>", Limits(seconds=60, max_bytes=1024 ** 3))
    assert pdf.startswith(b"%PDF")


def test_a_render_past_the_time_limit_is_stopped_and_the_next_one_works(renderer):
    ok = Limits(seconds=60, max_bytes=1024 ** 3)
    renderer.render("<p>warm</p>", ok)  # the child is up
    with pytest.raises(RenderLimitError, match="longer than 0.2 s"):
        renderer.render(BIG, Limits(seconds=0.2, max_bytes=1024 ** 3))
    assert renderer.render("<p>again</p>", ok).startswith(b"%PDF")


def test_a_render_past_the_memory_limit_fails_clearly_and_the_next_one_works(renderer):
    tight = Limits(seconds=60, max_bytes=340 * 1024 * 1024)  # a little above an idle child
    with pytest.raises(RenderLimitError, match="MiB|died"):
        renderer.render(BIG * 10, tight)
    assert renderer.render("<p>again</p>", Limits(seconds=60, max_bytes=1024 ** 3)).startswith(b"%PDF")


def test_the_api_answers_503_with_the_reason_when_a_render_fails(client, sessions, monkeypatch):
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "palestine", "standard", {}, None, "t")
        gid = game.id

    def too_slow(html, limits=None):
        raise RenderLimitError("the PDF took longer than 60 s to render (UMPIRE_RENDER_SECONDS)")

    monkeypatch.setattr(limits.RENDERER, "render", too_slow)
    r = client.get(f"/api/games/{gid}/snapshot.pdf")
    assert r.status_code == 503
    body = r.get_json()
    assert body["code"] == "render-failed" and "longer than 60 s" in body["message"]
    monkeypatch.undo()
    r = client.get(f"/api/games/{gid}/snapshot.pdf")
    assert r.status_code == 200 and r.data.startswith(b"%PDF")
