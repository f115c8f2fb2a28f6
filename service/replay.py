"""Replaying recorded moves: the engine's (``engine.core.replay``), which rollback and import use."""

from engine.core.replay import RecordedChance, ReplayMismatch, apply_recorded, plain, rebuild

__all__ = ["RecordedChance", "ReplayMismatch", "apply_recorded", "plain", "rebuild"]
