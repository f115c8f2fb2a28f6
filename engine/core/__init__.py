"""Game-agnostic core of the rules engine (DESIGN.md section 3)."""
