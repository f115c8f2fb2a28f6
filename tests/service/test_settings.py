"""The typed settings (``service.settings``): every environment variable read in one place, typed and
checked, every fault named with what is allowed, and README.md's table made from the same definitions."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mail.config import from_env as mail_from_env
from service import config as config_mod
from service import settings as S
from umpire_app.web import create_app

ROOT = Path(__file__).resolve().parents[2]


def test_settings_unset_take_their_defaults():
    s = S.read({})
    assert (s.max_move_bytes, s.sweep_seconds, s.bad_token_limit, s.smtp_port, s.log_moves, s.prerender) == \
        (2 * 1024 * 1024, 30.0, 20, 587, False, None)


def test_settings_are_typed_from_their_text():
    s = S.read({"UMPIRE_SWEEP_SECONDS": " 2.5 ", "UMPIRE_BAD_TOKEN_LIMIT": "7", "UMPIRE_OPEN_CREATION": "Yes",
                "UMPIRE_PRERENDER": "0", "UMPIRE_SMTP_SECURITY": "ssl", "UMPIRE_MAIL_DOMAIN": "club.example"})
    assert (s.sweep_seconds, s.bad_token_limit, s.open_creation, s.prerender, s.smtp_security, s.mail_domain) == \
        (2.5, 7, True, False, "ssl", "club.example")


def test_settings_every_fault_is_named_with_what_is_allowed_at_once():
    with pytest.raises(S.SettingsError) as e:
        S.read({"UMPIRE_SWEEP_SECONDS": "soon", "UMPIRE_BAD_TOKEN_LIMIT": "0", "UMPIRE_OPEN_CREATION": "maybe",
                "UMPIRE_SMTP_SECURITY": "tls", "UMPIRE_SNAPSHOT_EVERY": "2.5", "UMPIRE_RENDER_SECONDS": "nan"})
    assert e.value.faults == [
        "UMPIRE_OPEN_CREATION='maybe': must be yes or no (1, true, yes, on, 0, false, no, off)",
        "UMPIRE_BAD_TOKEN_LIMIT='0': must be a whole number of at least 1",
        "UMPIRE_SWEEP_SECONDS='soon': must be a number of at least 0.1",
        "UMPIRE_SNAPSHOT_EVERY='2.5': must be a whole number of at least 1",
        "UMPIRE_RENDER_SECONDS='nan': must be a number of at least 0.1",
        "UMPIRE_SMTP_SECURITY='tls': must be one of starttls, ssl, none",
    ]


def test_settings_a_secret_is_never_repeated_in_a_fault():
    with pytest.raises(S.SettingsError) as e:
        S.read({"UMPIRE_SECRET_KEY": "hunter2", "UMPIRE_CREATE_TOKEN": "abc", "UMPIRE_SMTP_PORT": "x",
                "UMPIRE_SMTP_PASSWORD": "hunter2"})
    text = str(e.value)
    assert "hunter2" not in text and "'abc'" not in text
    assert "UMPIRE_SECRET_KEY: must have at least 32 characters" in text
    assert "UMPIRE_CREATE_TOKEN: must have at least 16 characters" in text
    assert "UMPIRE_SMTP_PORT='x': must be a whole number of at least 1" in text


def test_settings_the_app_is_built_from_them(monkeypatch, tmp_path):
    monkeypatch.setenv("UMPIRE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("UMPIRE_SWEEP_SECONDS", "7")
    monkeypatch.setenv("UMPIRE_BAD_TOKEN_WINDOW", "60")
    monkeypatch.setenv("UMPIRE_MAIL_DOMAIN", "club.example")
    app = create_app({"REDIS_URL": ""})
    assert app.instance_path == str(tmp_path)
    assert app.config["SWEEP_SECONDS"] == 7.0 and app.config["BAD_TOKEN_WINDOW"] == 60.0
    assert app.config["DATABASE_URL"] == f"sqlite:///{tmp_path / 'umpire.sqlite3'}"
    from mail.config import settings as mail_settings
    assert mail_settings(app).domain == "club.example"


def test_settings_an_app_is_not_built_from_unusable_ones(monkeypatch, tmp_path):
    monkeypatch.setenv("UMPIRE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("UMPIRE_MAX_MOVE_BYTES", "a lot")
    with pytest.raises(S.SettingsError, match=r"UMPIRE_MAX_MOVE_BYTES='a lot': must be a whole number"):
        create_app({"REDIS_URL": ""})


def test_settings_mail_and_the_config_take_theirs_from_the_same_object():
    env = S.read({"UMPIRE_SMTP_HOST": "relay.example", "UMPIRE_MAIL_MAX_DEPTH": "3", "UMPIRE_PRERENDER": "1"})
    mail = mail_from_env(None, env)
    assert (mail.smtp_host, mail.max_depth, mail.enabled) == ("relay.example", 3, True)
    assert config_mod.from_env("/nowhere", S.read({"UMPIRE_SECRET_KEY": "k" * 40, "UMPIRE_PRERENDER": "1"}))[
        "PRERENDER_SNAPSHOTS"] is True


def test_settings_the_readme_table_is_made_from_the_definitions():
    readme = (ROOT / "README.md").read_text()
    assert S.table_markdown() in readme, "README.md's table of settings is not service.settings.table_markdown()"


def _is_os_environ(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.value, ast.Name) \
        and node.value.id == "os"


def _reads_the_environment(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "getenv"):
            target = node.func.value
            if _is_os_environ(target) or (isinstance(target, ast.Name) and target.id == "os"
                                           and node.func.attr == "getenv"):
                lines.append(node.lineno)
        if isinstance(node, ast.Subscript) and _is_os_environ(node.value) and isinstance(node.ctx, ast.Load):
            lines.append(node.lineno)
    return lines


def test_settings_no_other_module_reads_a_setting_from_the_environment():
    """Only ``service.settings`` reads the environment for a setting; the render child's launcher passes its
    ``sys.path`` through the environment, which is no setting."""
    found = []
    for pkg in ("engine", "service", "mail", "tasks", "umpire_app"):
        for path in (ROOT / pkg).rglob("*.py"):
            if path == ROOT / "service" / "settings.py":
                continue
            for line in _reads_the_environment(ast.parse(path.read_text())):
                found.append(f"{path.relative_to(ROOT)}:{line}")
    assert found == [], found


def test_settings_every_variable_named_in_the_code_is_defined():
    named = set()
    for pkg in ("service", "mail", "tasks", "umpire_app"):
        for path in (ROOT / pkg).rglob("*.py"):
            named |= set(re.findall(r"\b(UMPIRE_[A-Z_]*[A-Z])\b", path.read_text()))
    internal = {"UMPIRE_RENDER_CHILD_SYS_PATH", "UMPIRE_ERRORS", "UMPIRE_SECRET_KEY"}
    assert named - internal - set(S.names()) == set()
