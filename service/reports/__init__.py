"""Reports drawn from what a role may see: the SVG board (DESIGN.md section 7)."""

from .board import load_layout, render_board_svg

__all__ = ["load_layout", "render_board_svg"]
