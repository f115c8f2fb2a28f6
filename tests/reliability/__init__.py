"""Reliability tests (issue 9): faults injected into the real scale setting; see harness.py."""
