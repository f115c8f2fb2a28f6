"""The First Arab-Israeli War (issue 31): a hex-and-counter game driven by the umpire's data pack.

Not registered as a game yet (no ``DEFINITION``, no entry point): this step builds the pieces.

- the data pack the rulebook text lacks (digest A.0, A.16) is read and checked by the service
  (``service.packs``: JSON Schemas, ``load_pack``, ``check_pack``); the test pack is
  ``tests/data/faiw_test_pack`` (made-up values, flagged as test data);
- ``combat``: the combat desk's arithmetic (11.0-12.0), which needs no map.

The movement, zones of control, stacking and retreat rules are the generic ``engine.hexwar`` library's.
Rules: ../shared/rules/first-arab-israeli-war.txt; digest: rules-digest-arab-israeli-war-and-dai-senso.md
part A.
"""
