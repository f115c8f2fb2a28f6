"""The Reinforcement Table as data (data/reinforcements.json, issue 31): every row is the rulebook line it cites,
and the counters are matched to the mix as 4.4, 4.6 and 1.4a say."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from engine.games.first_arab_israeli_war import calendar, units
from engine.games.first_arab_israeli_war import reinforcement_table as table

from .faiw_helpers import new_game

WORDS = {"infantry": "infantry", "commando": "commando", "recon": "reconnaissance", "armor": "armored",
         "mechanized": "mechanized", "air": "air unit", "secret_airfield": "secret airfield", "leader": "Leader"}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


@pytest.fixture(scope="module")
def lines() -> list[str]:
    d = os.environ.get("UMPIRE_RULES_DIR")
    path = Path(d) / "first-arab-israeli-war.txt" if d else Path(__file__).resolve().parents[4] / "shared" / \
        "rules" / "first-arab-israeli-war.txt"
    if not path.is_file():
        pytest.skip("the rulebook is not here: set UMPIRE_RULES_DIR")
    return path.read_text(encoding="utf-8").split("\n")


def _check_row(lines, row, supply=None):
    text = lines[int(row["at"][1:]) - 1]
    assert MONTHS[int(row["month"][5:]) - 1] in text, (row, text)
    year = row["month"][:4]
    assert year in text or not re.search(r"19\d\d", text.split(":")[0]), (row, text)
    for u in row["units"]:
        word = WORDS[u["type"]]
        if u["type"] == "leader":
            assert u["designation"] in text, (row, text)
            continue
        assert re.search(rf"{u['count']} x [^,]*{word}", text, re.I), (u, text)
        if u.get("size") == "brigade":
            assert re.search(rf"{u['count']} x {word} brigade", text), (u, text)
    if supply is not None:
        assert re.search(rf"{supply} x supply point", text), (supply, text)


def test_reinforcement_table_israeli_rows_are_the_rulebook_lines(lines):
    rows = table.TABLE["israel"]["rows"]
    assert [r["month"] for r in rows] == list(calendar.MONTHS)  # every month of Scenario 2
    for row in rows:
        _check_row(lines, row, row["supply"])
        assert ("*#" in lines[int(row["at"][1:]) - 1]) == (row["notes"] == "*#")


def test_reinforcement_table_arab_rows_are_the_rulebook_lines(lines):
    for nation in table.TABLE["arab"]:
        assert "Placement of reinforcements" in lines[int(nation["area_at"][1:]) - 1]
        for row in nation["rows"]:
            _check_row(lines, row)
    for country, spec in table.TABLE["border_specials"].items():
        text = lines[int(spec["at"][1:]) - 1]
        assert text.startswith("• Special:") and country.replace("Transjordan", "Transjordanian")[:5] in text
        for u in spec["units"]:
            assert re.search(rf"{u['count']} x {WORDS[u['type']]}", text), (u, text)
    for line in table.TABLE["arab_supply"]:
        text = lines[int(line["at"][1:]) - 1]
        for p in line["schedule"]:
            assert f"{p['points']} point" in text or f": {p['points']} (this shift only)" in text, (p, text)
    aas = lines[int(table.TABLE["aas"]["at"][1:]) - 1]
    assert "1-3 no reinforcement" in aas and "4-5" in aas and "roll of 6" in aas


def test_1_4a_commando_and_guerrilla_are_one_type_and_regiments_are_battalions():
    s = new_game("struggle")
    spec = {"type": "commando", "size": "battalion", "count": 1}
    assert table.matches(s, "AL-aas-gue-1", "arab", "aas", spec)  # a guerrilla counter (R-1.4a-commando)
    assert table.matches(s, "AL-tj-recon-1", "arab", "transjordan", {"type": "recon", "size": "battalion"})
    assert not table.matches(s, "AL-egy-inf-bde-1", "arab", "egypt", {"type": "infantry", "size": "battalion"})
    assert table.matches(s, "IL-armor-bn-1", "israel", "zahal", {"type": "tank", "size": "battalion"})


def test_4_4_eliminated_units_return_after_the_pool_and_irgun_never():
    s = new_game("struggle")
    for cid in ("IL-inf-bn-1", "IL-inf-bn-2"):
        s["units"][cid]["status"] = "eliminated"
    got = table.available(s, "israel", "zahal", {"type": "infantry", "size": "battalion"})
    assert got[-2:] == ["IL-inf-bn-1", "IL-inf-bn-2"] and got[0] == "IL-inf-bn-3"  # the pool first
    units.remove(s, "IL-irgun-1", "eliminated")
    assert s["units"]["IL-irgun-1"]["status"] == "out"  # 4.4: never back
    assert "IL-irgun-1" not in table.available(s, "israel", None, {"type": "commando", "size": "battalion"})


def test_4_6_take_reports_what_the_mix_lacks():
    s = new_game("struggle")
    got, missing = table.take(s, "arab", "egypt", {"type": "infantry", "size": "battalion", "count": 5}, set())
    assert len(got) == 3 and missing == 2
