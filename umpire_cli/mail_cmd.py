"""``umpire mail``: the inbound mail listener, the IMAP poller and a game's mail settings."""

from __future__ import annotations

import time

import click


def _app_and_settings():
    from mail.config import settings
    from umpire_app.web import create_app

    app = create_app()
    if app.config["EMBEDDED"]:
        # No Redis: tasks go to the in-memory queue of this process, so this process runs the worker
        # (and the sweepers) itself.
        from service.embedded import start_sweeper, start_worker
        start_worker(app)
        start_sweeper(app)
    return app, settings(app)


def _enqueue(app):
    return lambda rid: app.extensions["celery"].send_task("tasks.mail.handle", args=[rid])


@click.group("mail")
def mail_group():
    """Play by email: receive mail (SMTP or IMAP) and set a game's mail options."""


@mail_group.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on (behind your MTA)")
@click.option("--port", default=8025, show_default=True, type=int)
def listen(host, port):
    """Receive mail over SMTP (aiosmtpd): point your MTA's relay for the game addresses here."""
    from mail.smtp_listener import controller

    from .service_ops import stop_on_sigterm

    app, s = _app_and_settings()
    stop_on_sigterm()
    ctl = controller(app.extensions["umpire"]["sessions"], s, _enqueue(app), host, port)
    ctl.start()
    click.echo(f"Listening for mail on {host}:{port} (game addresses game-<id>@{s.domain}); Ctrl-C stops.")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        ctl.stop()


@mail_group.command()
@click.option("--every", default=60.0, show_default=True, help="seconds between polls")
@click.option("--once", is_flag=True, help="poll once and exit")
def poll(every, once):
    """Read a mailbox over IMAP (UMPIRE_IMAP_HOST, _USER, _PASSWORD, _FOLDER) and handle its unseen mail."""
    import imaplib

    from mail.imap_poller import poll_once

    from .service_ops import stop_on_sigterm

    app, s = _app_and_settings()
    stop_on_sigterm()
    if not s.imap_host:
        raise click.ClickException("set UMPIRE_IMAP_HOST (and UMPIRE_IMAP_USER, UMPIRE_IMAP_PASSWORD) first")
    while True:
        try:
            n = poll_once(app.extensions["umpire"]["sessions"], s, _enqueue(app))
            click.echo(f"{n} new message(s)")
        except (imaplib.IMAP4.error, OSError) as e:
            if once:
                raise click.ClickException(f"IMAP: {e}") from None
            click.echo(f"IMAP: {e}; trying again in {every:g} s", err=True)
        if once:
            if app.config["EMBEDDED"]:
                time.sleep(2)  # let the in-process worker take what was queued
            return
        time.sleep(every)


@mail_group.command("settings")
@click.option("--game", "gid", required=True, help="a game in the service's database")
@click.option("--hours", type=float, default=None, help="hours per decision (0: no deadline)")
@click.option("--umpire-email", default=None, help="the umpire's address, told when a deadline passes")
@click.option("--email", "emails", multiple=True, metavar="ROLE=ADDRESS", help="a seat's address")
def settings_cmd(gid, hours, umpire_email, emails):
    """Set a game's mail options: deadline, the umpire's address, the seats' addresses."""
    from service.mail_settings import update
    from umpire_app.web import create_app

    app = create_app()
    try:
        shown = update(app.extensions["umpire"]["sessions"], gid, hours, umpire_email,
                       dict(e.split("=", 1) for e in emails if "=" in e))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(shown)


@mail_group.command("inbox")
@click.option("--failed", "failed_only", is_flag=True, help="only the messages given up (failed)")
@click.option("--limit", default=50, show_default=True, help="at most this many messages listed")
@click.option("--scrub", is_flag=True, help="first cut seat tokens out of every stored message already handled")
def inbox_cmd(failed_only, limit, scrub):
    """Stored inbound mail: counts by state, then the messages that failed or are still being tried."""
    from mail.sweep import inbox, scrub_stored
    from umpire_app.web import create_app

    app = create_app()
    Session = app.extensions["umpire"]["sessions"]
    try:
        if scrub:
            click.echo(f"{scrub_stored(Session)} stored message(s) had a token cut out")
        for line in inbox(Session, failed_only, limit):
            click.echo(line)
    finally:
        app.extensions["umpire"]["engine"].dispose()
