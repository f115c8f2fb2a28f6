"""The interpreter the deployment runs on (README, "Running at scale"; docs/performance.md, "The interpreter"):
``scripts/setup.sh`` makes ``.venv`` from ``scripts/python-choice``'s answer, the machine's distribution build
of CPython where there is one (faster than a plain source build), else ``python3`` on the PATH."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHOICE = ROOT / "scripts" / "python-choice"


def choose(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(CHOICE)], capture_output=True, text=True, env=env, timeout=60)


def test_the_choice_is_a_python_3_11_or_newer_that_can_make_a_venv():
    out = choose(dict(os.environ))
    assert out.returncode == 0, out.stderr
    chosen = Path(out.stdout.strip())
    assert chosen.is_absolute() and chosen.exists()
    probe = subprocess.run([str(chosen), "-c", "import ensurepip, sys, venv; print(sys.version_info[:2] >= (3, 11))"],
                           capture_output=True, text=True, timeout=60)
    assert probe.stdout.strip() == "True", probe.stderr


def test_the_tests_run_in_a_venv_made_from_the_choice():
    """What CI tests is what setup.sh deploys: the suite's own interpreter is the chosen one (unless PYTHON
    chose another, or the suite runs outside the repository's .venv)."""
    if os.environ.get("PYTHON") or Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        pytest.skip(f"not the repository's .venv made by setup.sh (sys.prefix {sys.prefix}, PYTHON "
                    f"{os.environ.get('PYTHON')!r})")
    chosen = choose(dict(os.environ)).stdout.strip()
    assert os.path.realpath(sys._base_executable) == os.path.realpath(chosen)


def test_without_a_distribution_build_python3_on_the_path_is_chosen(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(os.path.realpath(sys._base_executable))
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}/bin{os.pathsep}/usr/bin",
           "UMPIRE_SYSTEM_PYTHON": str(tmp_path / "no-such-python")}
    out = choose(env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == os.path.realpath(sys._base_executable)


def test_a_distribution_python_too_old_is_passed_over(tmp_path):
    old = tmp_path / "python3.9"
    old.write_text("#!/bin/sh\nexit 1\n")  # answers the version check as an old Python would: no
    old.chmod(0o755)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(os.path.realpath(sys._base_executable))
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}/bin{os.pathsep}/usr/bin", "UMPIRE_SYSTEM_PYTHON": str(old)}
    assert choose(env).stdout.strip() == os.path.realpath(sys._base_executable)


def test_with_no_python_at_all_it_says_what_to_set(tmp_path):
    env = {**os.environ, "PATH": str(tmp_path), "UMPIRE_SYSTEM_PYTHON": str(tmp_path / "none")}
    out = subprocess.run(["/bin/bash", str(CHOICE)], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode != 0 and "PYTHON=" in out.stderr
