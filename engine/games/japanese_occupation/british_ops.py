"""The British Operations of Japanese Occupation: Train (3.2.1), Sabotage (3.2.3) and Ambush (3.2.4), rules
L1340-1368, and what the four share; Contact (3.2.2) is in ``british_contact``.

British Operations go to the spaces holding Force 136, Limited or not (3.1 L1336, 1.9, 2.4.4); the count is
every such space (several markers in one space count once, ruling R-3.1). A Limited one comes with no Special
Activity (2.4.4). No Operation costs anything (1.7 NOTE).

Pieces placed are the British own: with none Available Train takes them from the map, even from the space it
places in, placed again Underground (1.4.1 IMPORTANT, the Example of Play L1698; ``own_pieces``). Sabotage
places one marker where none is (1.4.2); an Ambush's Troop or Kempeitai moved to Kuala Lumpur raises
Resistance by 1 (3.2.4, 7.1).

Frame flags an Event, Raid or a phase may set (besides ``rule``, ``max``, ``only``, ``optional``):
``no_f136`` (the space need not hold Force 136: Raid 4.2.3, J11, J13), ``mpaja_only`` (only MPAJA Guerrillas
serve: J13 unshaded, ruling R-J13 ``mpaja``), ``mpaja_elsewhere`` (J13 unshaded under ruling R-J13 ``either``:
spaces with Force 136 as usual, any Guerrilla serving, and any other space with an Underground MPAJA
Guerrilla, where only an MPAJA one serves), ``bonus_space`` (Ambush and Sabotage may select one more space
without Force 136; by default whether Jungle Conference, J27, is in play unshaded), ``resistance_instead`` (J26
unshaded: an Ambush in a space with Troops that rolls, and on a success raises Resistance by 2 instead of
moving).
"""

from __future__ import annotations

from ...coin.wording import rule_with_card as op_rule
from ...core import notation
from ...core.flow import Context, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .operation import Operation, cap, has_force_136
from .own_pieces import map_sources, place_own

notation.declare(__name__, {"place", "move", "activate", "sabotage", "remove", "roll", "done"})

#: The Underground Guerrillas an Operation may Activate, by order word (1.4.3).
UNDERGROUND = {"mpaja-u": "mpaja_u", "non-mpaja-u": "non_mpaja_u"}
#: The Guerrillas Train places (always Underground, 1.4.3), by order word.
PLACE = {"mpaja": "mpaja", "non-mpaja": "non_mpaja"}
#: What a successful Ambush may move to Kuala Lumpur (3.2.4), by order word.
DISPLACE = {"troops": "troops", "kempeitai": "kempeitai"}
#: Train places two Guerrillas where a Supply Cache is, else one (3.2.1).
TRAIN_WITH_CACHE, TRAIN = 2, 1
#: Resistance a successful Ambush move gains (3.2.4, 7.1), and J26 unshaded's instead.
AMBUSH_RESISTANCE, J26_RESISTANCE = 1, 2
#: The ruling on an Ambush in Kuala Lumpur itself: its readings, the default first.
KL_RULING, KL_READINGS = "R-3.2.4-KL", ("none", "stay")


#: The Underground Guerrillas that may serve an Operation: both kinds (1.4.3), or MPAJA ones only (J13).
BOTH, MPAJA = ("mpaja_u", "non_mpaja_u"), ("mpaja_u",)


def mpaja_admits(g: Context, f: dict, sid: str) -> bool:
    """Whether J13 unshaded under ruling R-J13 ``either`` (``mpaja_elsewhere``) admits *sid* although it holds no
    Force 136: an Underground MPAJA Guerrilla stands there."""
    return bool(f.get("mpaja_elsewhere")) and not has_force_136(g, sid) and bool(B.sp(g, sid)["mpaja_u"])


def serving(f: dict, g: Context, sid: str) -> tuple[str, ...]:
    """The Underground Guerrillas that may serve the Operation in *sid*: MPAJA only under J13 unshaded
    (``mpaja_only``, ruling R-J13 ``mpaja``) or in a space J13 admits without Force 136 (``mpaja_elsewhere``,
    R-J13 ``either``: :func:`mpaja_admits`), else both kinds."""
    return MPAJA if f.get("mpaja_only") or mpaja_admits(g, f, sid) else BOTH


def f136_here(g: Context, f: dict, sid: str) -> bool:
    """Whether *sid* holds Force 136, or the frame lets the Operation go without (``no_f136``: Raid 4.2.3, J11,
    J13 by ruling R-J13 ``mpaja``), or J13 admits it by its Underground MPAJA Guerrilla (``mpaja_elsewhere``, R-J13
    ``either``). Inline: :func:`mpaja_admits` asks the same of a space without Force 136."""
    x = g.s["spaces"][sid]
    return bool(f.get("no_f136") or x["force_136"] or f.get("mpaja_elsewhere") and x["mpaja_u"])


class BritishOperation(Operation):
    """What the four British Operations share: the British conduct them (3.2); a Special Activity comes
    before, during or after one, never in the middle of a space's step (4.1); a space needs Force 136 (3.1)
    unless the frame says otherwise."""

    faction = "british"

    def explain(self, g, f, verb, arg):
        why = super().explain(g, f, verb, arg)
        if why is None and verb == "space" and f["stage"] not in ("select", "final"):
            here = f.get("here")
            step = f"the {self.title} in {B.NAME[here]}" if here else f"this {self.title}"
            return W.because(f"finish {step} first: its step is under way", W.rule_of(f, self.rule))
        return why

    def needs_f136(self, g: Context, f: dict) -> bool:
        """Whether every space the Operation may select now holds Force 136 (3.1): the frame lets it go nowhere
        without (:func:`f136_here`: no ``no_f136``, no ``mpaja_elsewhere``)."""
        return not (f.get("no_f136") or f.get("mpaja_elsewhere"))

    def space_pool(self, g, f):
        """The spaces of :attr:`kinds`; only those with Force 136 where :meth:`needs_f136` (the others fail
        :meth:`ok`), so that the prompt does not test them one by one."""
        pool = super().space_pool(g, f)
        if not self.needs_f136(g, f):
            return pool
        spaces = g.s["spaces"]
        return [s for s in pool if spaces[s]["force_136"]]

    def possible(self, g, f):
        """:meth:`engine.coin.operation.Operation.possible`; the first space of one that needs Force 136 and that
        no Event restricts (the turn asks it of each Operation) by the spaces of :attr:`kinds` with Force 136
        that pass :meth:`ok`, without the list of :meth:`space_pool`."""
        if f["spaces"] or f.get("only") is not None or not self.needs_f136(g, f):
            return super().possible(g, f)
        if f["max"] <= 0:
            return False
        spaces, ok = g.s["spaces"], self.ok
        for s in super().space_pool(g, f):
            if spaces[s]["force_136"] and ok(g, f, s):
                return True
        return False

    def label(self, f: dict) -> str:
        """``British Limited Train`` as the prompts name the Operation."""
        return f"British {'Limited ' if f['limited'] else ''}{self.title}"

    def f136_refusal(self, g: Context, f: dict, sid: str) -> str:
        return W.because(f"{W.has(g, sid, 'force_136')}: British Operations select spaces with Force 136",
                         W.rule_of(f, "3.1, 1.9"))


# -- Train (3.2.1) ----------------------------------------------------------------------------------------------

@procedure
class Train(BritishOperation):
    """Train (3.2.1 L1346-1350): non-EC spaces with Force 136. In each, the British may place one non-MPAJA
    Guerrilla, or an MPAJA one where a Jungle Camp is; where a Supply Cache is, up to two Guerrillas of either
    kind instead (``place mpaja|non-mpaja``, one at a time; ``done`` to place fewer). With none of a kind
    Available, one is taken from the map, this space included (1.4.1 IMPORTANT, L1698)."""

    name = "jo.op.train"
    op = "train"
    rule = "3.2.1"
    kinds = ("province", "city")

    def ok(self, g, f, sid):
        return f136_here(g, f, sid)

    def why_not(self, g, f, sid):
        if B.is_ec(sid):
            return W.because(f"{B.NAME[sid]} is {W.kind_of(sid)}: Train selects non-EC spaces", "3.2.1")
        return self.f136_refusal(g, f, sid)

    def on_selected(self, g, f, sid):
        x = B.sp(g, sid)
        f["here"] = sid
        f["placed"] = 0
        f["limit"] = TRAIN_WITH_CACHE if x["caches"] else TRAIN
        f["stage"] = "train"
        g.say(f"British Trained in {B.NAME[sid]}.", faction="british", rule=op_rule(f, self.rule))

    @staticmethod
    def kinds_here(g: Context, sid: str) -> list[str]:
        """The kinds Train may place in *sid* (3.2.1): either where a Supply Cache or a Jungle Camp is, else
        non-MPAJA only."""
        x = B.sp(g, sid)
        return ["mpaja", "non-mpaja"] if x["caches"] or x["jungle_camp"] else ["non-mpaja"]

    def options(self, g: Context, f: dict) -> list[str]:
        """The kinds that may be placed now: allowed here, and Available or on the map to take (1.4.1)."""
        here = f["here"]
        return [w for w in self.kinds_here(g, here)
                if g.s["available"][PLACE[w]] or map_sources(g, here, PLACE[w])]

    def sub_prompt(self, g, f):
        if f["stage"] != "train":
            return {}
        out: dict[str, list[str]] = {}
        opts = self.options(g, f)
        if opts:
            out["place"] = opts
        out["done"] = []
        return out

    def sub_text(self, g, f):
        here = f["here"]
        opts = g.prompted(self, f).get("place", [])
        what = ("up to two Guerrillas of either kind (a Supply Cache is there)" if f["limit"] > 1 else
                "a non-MPAJA or an MPAJA Guerrilla (a Jungle Camp is there)" if len(self.kinds_here(g, here)) > 1
                else "a non-MPAJA Guerrilla")
        head = f"{self.label(f)} in {B.NAME[here]} may place {what}; {f['placed']} placed"
        if not opts:
            return f"{head}; none can be placed now: done"
        return f"{head}; {' or '.join(f'place {w}' for w in opts)}, or done to place no more"

    def sub_explain(self, g, f, verb, arg):
        here = f["here"]
        if verb == "place":
            if arg not in PLACE:
                return W.form("place", "mpaja|non-mpaja", arg, "3.2.1")
            if arg not in self.kinds_here(g, here):
                return W.because(f"{W.has(g, here, 'jungle_camp', 'caches')}: Train places an MPAJA Guerrilla only "
                                 "where a Jungle Camp or a Supply Cache is", "3.2.1")
            return W.because(f"no {W.NOUNS[PLACE[arg]][0]} is Available or on the map to take", "1.4.1")
        return None

    def sub_act(self, g, f, verb, arg):
        here = f["here"]
        if verb == "done":
            if not f["placed"]:
                g.say(f"The British placed no Guerrilla in {B.NAME[here]} (Train).", faction="british",
                      rule=op_rule(f, self.rule))
            f["stage"] = "select"
            return
        f["placed"] += 1
        if f["placed"] >= f["limit"]:
            f["stage"] = "select"
        place_own(g, "british", here, PLACE[arg], rule=op_rule(f, self.rule), label=f"Train in {B.NAME[here]}")

    def step(self, g, f):
        if f["stage"] == "train" and f["placed"] and not self.options(g, f):
            f["stage"] = "select"  # nothing more can be placed here
            return True
        return super().step(g, f)


# -- Sabotage and Ambush: an Underground Guerrilla Activated in a space with Force 136 (3.2.3, 3.2.4) -------------

def bonus_open(g: Context, f: dict) -> bool:
    """Whether this Ambush or Sabotage may still take its one additional space without Force 136: Jungle
    Conference (J27) unshaded in play, or the frame's ``bonus_space``, and not used yet."""
    allowed = f.get("bonus_space")
    if allowed is None:
        allowed = cap(g, "J27") == "unshaded"
    return bool(allowed) and not f.get("bonus")


class GuerrillaStrike(BritishOperation):
    """Sabotage and Ambush: spaces with Force 136 (or J27 unshaded's one more without, or none needed by the
    frame) and an Underground Guerrilla that may serve; as each is selected, one such Guerrilla goes Active,
    the British choosing its kind where both are there (``activate mpaja-u|non-mpaja-u``), then the
    Operation's own step (:meth:`strike`)."""

    kinds = ("province", "city", "ec")

    def ok(self, g, f, sid):
        x = B.sp(g, sid)
        if not (x["mpaja_u"] or x["non_mpaja_u"]):
            return False  # no Underground Guerrilla of either kind
        if f.get("mpaja_only") and not x["mpaja_u"]:
            return False  # only an MPAJA one serves (:func:`serving`; :func:`mpaja_admits` needs one too)
        return (f136_here(g, f, sid) or bonus_open(g, f)) and self.own_ok(g, f, sid)

    def needs_f136(self, g, f):
        """As every British Operation's, unless its one additional space without Force 136 is open (J27)."""
        return super().needs_f136(g, f) and not bonus_open(g, f)

    def own_ok(self, g: Context, f: dict, sid: str) -> bool:
        return True

    def own_refusal(self, g: Context, f: dict, sid: str) -> str | None:
        return None

    def why_not(self, g, f, sid):
        if not (f136_here(g, f, sid) or bonus_open(g, f)):
            if f.get("bonus"):
                return W.because(f"{W.has(g, sid, 'force_136')}, and this {self.title}'s one additional space without "
                                 f"Force 136 is {B.NAME[f['bonus']]} already", "J27")
            if f.get("mpaja_elsewhere"):
                return W.because(f"{W.has(g, sid, 'force_136', 'mpaja_u')}: this {self.title} selects spaces with "
                                 "Force 136, or without it spaces with an Underground MPAJA Guerrilla (the umpire's "
                                 "reading 'either' of ruling R-J13)", f"{W.rule_of(f, self.rule)}, 3.1, ruling R-J13")
            return self.f136_refusal(g, f, sid)
        if f.get("mpaja_only") and not B.sp(g, sid)["mpaja_u"]:
            return W.because(f"{W.has(g, sid, 'mpaja_u')}: only MPAJA Guerrillas serve this {self.title}",
                             W.rule_of(f, self.rule))
        if not B.underground(B.sp(g, sid)):
            return W.because(f"{W.has(g, sid, 'underground')} to Activate: {self.title} needs one", self.rule)
        return self.own_refusal(g, f, sid) or W.because(f"{B.NAME[sid]} does not qualify for {self.title}", self.rule)

    def on_selected(self, g, f, sid):
        rule = op_rule(f, self.rule)
        note = ""
        if not f136_here(g, f, sid):
            f["bonus"] = sid
            note = ", the one additional space without Force 136 Jungle Conference (J27) allows"
            rule = f"{rule}, J27"
        elif mpaja_admits(g, f, sid):
            note = ", which has no Force 136: an MPAJA Guerrilla serves there"
            rule = f"{rule}, ruling R-J13"
        g.say(f"British {self.title} in {B.NAME[sid]}{note}.", faction="british", rule=rule)
        f["here"] = sid
        keys = [k for k in serving(f, g, sid) if B.sp(g, sid)[k]]
        if len(keys) > 1:
            f["stage"] = "activate"
            return
        self.activated(g, f, keys[0])

    def activated(self, g: Context, f: dict, key: str) -> None:
        here = f["here"]
        B.activate(g, here, key)
        g.say(f"{B.BOARD.named(key)[0].upper()}{B.BOARD.named(key)[1:]} in {B.NAME[here]} went Active "
              f"({self.title}).", faction="british", rule=op_rule(f, self.rule))
        self.strike(g, f)

    def strike(self, g: Context, f: dict) -> None:
        """The Operation's own step once the Guerrilla is Active; back to ``select`` when it is over."""
        f["stage"] = "select"

    def activate_prompt(self, g: Context, f: dict) -> dict[str, list[str]]:
        x = B.sp(g, f["here"])
        return {"activate": [w for w, k in UNDERGROUND.items() if k in serving(f, g, f["here"]) and x[k]]}

    def activate_text(self, g: Context, f: dict) -> str:
        return (f"{self.label(f)} in {B.NAME[f['here']]}: Activate an Underground Guerrilla of either kind "
                "(activate mpaja-u or activate non-mpaja-u)")

    def activate_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        here = f["here"]
        if verb != "activate":
            return W.because(f"the {self.title} in {B.NAME[here]} first Activates an Underground Guerrilla: "
                             "activate mpaja-u or non-mpaja-u", self.rule)
        if arg not in UNDERGROUND:
            return W.form("activate", "mpaja-u|non-mpaja-u", arg, self.rule)
        return W.because(f"{W.has(g, here, UNDERGROUND[arg])} to Activate", self.rule)


@procedure
class Sabotage(GuerrillaStrike):
    """Sabotage (3.2.3 L1358-1362): spaces with Force 136 and an Underground Guerrilla; in each, one goes
    Active and a Sabotage marker goes on an adjacent Railway without one, the British choosing which where
    several qualify (``sabotage RAILWAY``; B.rails_of). Where every adjacent Railway has one, or none is
    adjacent (Trengganu), or all the Sabotage/Terror markers are on the map, none is placed (1.4.2, 1.2)."""

    name = "jo.op.sabotage"
    op = "sabotage"
    rule = "3.2.3"

    @staticmethod
    def open_rails(g: Context, sid: str) -> list[str]:
        """The Railways adjacent to *sid* without Sabotage (3.2.3, 1.4.2)."""
        return [r for r in B.rails_of(sid) if not B.sabotaged(g, r)]

    def strike(self, g, f):
        here, rule = f["here"], op_rule(f, self.rule)
        rails = self.open_rails(g, here)
        f["stage"] = "select"
        if not B.rails_of(here):
            g.say(f"No Sabotage marker was placed: no Railway is adjacent to {B.NAME[here]}.", faction="british",
                  rule=f"{rule}, 1.3.6")
        elif not rails:
            g.say(f"No Sabotage marker was placed: every Railway adjacent to {B.NAME[here]} has one.",
                  faction="british", rule=f"{rule}, 1.4.2")
        elif not B.sabotage_terror_left(g):
            g.say("No Sabotage marker was placed: all the Sabotage/Terror markers are on the map.", faction="british",
                  rule=f"{rule}, 1.2")
        elif len(rails) == 1:
            B.sabotage(g, rails[0], f"Sabotage from {B.NAME[here]}", rule)
        else:
            f["stage"] = "rail"

    def sub_prompt(self, g, f):
        if f["stage"] == "activate":
            return self.activate_prompt(g, f)
        if f["stage"] == "rail":
            return {"sabotage": self.open_rails(g, f["here"])}
        return {}

    def sub_text(self, g, f):
        if f["stage"] == "activate":
            return self.activate_text(g, f)
        return (f"{self.label(f)} in {B.NAME[f['here']]}: place a Sabotage marker on an adjacent Railway without one "
                "(sabotage RAILWAY)")

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "activate":
            return self.activate_refusal(g, f, verb, arg)
        here = f["here"]
        if verb != "sabotage":
            return W.because(f"the Sabotage in {B.NAME[here]} places a Sabotage marker on one adjacent Railway "
                             "without one: choose it (sabotage RAILWAY)", "3.2.3")
        rid = W.rail_of(arg)
        if rid is None:
            return W.not_a_railway(arg or "", "3.2.3")
        if rid not in B.rails_of(here):
            return W.because(f"the {B.RAIL_NAME[rid]} is not adjacent to {B.NAME[here]}: Sabotage places on an "
                             "adjacent Railway", "3.2.3, 1.3.6")
        return W.because(f"the {B.RAIL_NAME[rid]} has a Sabotage marker already: an Operation places none where one "
                         "is", "1.4.2")

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "activate":
            self.activated(g, f, UNDERGROUND[arg])
            return
        f["stage"] = "select"
        B.sabotage(g, arg, f"Sabotage from {B.NAME[f['here']]}", op_rule(f, self.rule))


@procedure
class Ambush(GuerrillaStrike):
    """Ambush (3.2.4 L1364-1368): spaces with Force 136, an Underground Guerrilla and Japanese forces or
    Kempeitai; in each, one Guerrilla goes Active, then the British remove one Police (``remove police``) or
    roll (``roll``; at once where no Police is there): a die plus one per Supply Cache in or adjacent to the
    space, above the cubes there, lets them move one Troop or Kempeitai marker to Kuala Lumpur (``move
    troops|kempeitai``, or ``done``), Resistance +1 (7.1). In Kuala Lumpur itself nothing can move there
    (ruling R-3.2.4-KL; the umpire may choose the reading that the piece stays and Resistance rises). J26
    unshaded (``resistance_instead``): a space with Troops, the roll, and Resistance +2 instead of a move."""

    name = "jo.op.ambush"
    op = "ambush"
    rule = "3.2.4"

    def own_ok(self, g, f, sid):
        x = B.sp(g, sid)
        if f.get("resistance_instead"):
            return bool(x["troops"])
        return bool(B.japanese_forces(x) or x["kempeitai"])

    def own_refusal(self, g, f, sid):
        if f.get("resistance_instead"):
            return W.because(f"{W.has(g, sid, 'troops')}: this Ambush goes to a space with Troops",
                             W.rule_of(f, "3.2.4"))
        return W.because(f"{W.has(g, sid, 'troops', 'police', 'kempeitai')}: Ambush needs Japanese forces or "
                         "Kempeitai", "3.2.4")

    @staticmethod
    def roll_bonus(g: Context, sid: str) -> int:
        """+1 for each Supply Cache in or adjacent to *sid* (3.2.4)."""
        return sum(B.sp(g, s)["caches"] for s in B.within_one(g, sid))

    def strike(self, g, f):
        if B.sp(g, f["here"])["police"] and not f.get("resistance_instead"):
            f["stage"] = "ambush"
            return
        self.roll(g, f)

    def roll(self, g: Context, f: dict) -> None:
        here, rule = f["here"], op_rule(f, self.rule)
        name = B.NAME[here]
        f["stage"] = "select"
        cubes = B.cubes(B.sp(g, here))
        bonus = self.roll_bonus(g, here)
        die = g.roll(f"Ambush in {name}")
        total = die + bonus
        plus = f" +{bonus} for Supply Caches in or adjacent = {total}" if bonus else ""
        if total <= cubes:
            g.say(f"The British rolled {die} for the Ambush in {name}{plus}, not more than the "
                  f"{W.count(cubes, 'cubes')} there: nothing more happens.", faction="british", rule=rule)
            return
        g.say(f"The British rolled {die} for the Ambush in {name}{plus}, more than the {W.count(cubes, 'cubes')} "
              "there: the Ambush succeeds.", faction="british", rule=rule)
        if f.get("resistance_instead"):
            B.shift_resistance(g, J26_RESISTANCE, f"the Ambush in {name} succeeded; no Troop moves", rule)
            return
        if here == B.KL and chosen(g.s, KL_RULING, KL_READINGS[0]) == "none":
            g.say("Nothing moves: the Ambush is in Kuala Lumpur, where the Troop or Kempeitai would go.",
                  faction="british", rule=f"{rule}, ruling {KL_RULING}")
            return
        if not self.displace_options(g, here):
            g.say(f"No Troop or Kempeitai marker is in {name} to move to Kuala Lumpur.", faction="british", rule=rule)
            return
        f["stage"] = "displace"

    @staticmethod
    def displace_options(g: Context, sid: str) -> list[str]:
        x = B.sp(g, sid)
        return [w for w, k in DISPLACE.items() if x[k]]

    def sub_prompt(self, g, f):
        stage = f["stage"]
        if stage == "activate":
            return self.activate_prompt(g, f)
        if stage == "ambush":
            return {"remove": ["police"], "roll": []}
        if stage == "displace":
            return {"move": self.displace_options(g, f["here"]), "done": []}
        return {}

    def sub_text(self, g, f):
        stage, here = f["stage"], f["here"]
        name = B.NAME[here]
        if stage == "activate":
            return self.activate_text(g, f)
        if stage == "ambush":
            x = B.sp(g, here)
            bonus = self.roll_bonus(g, here)
            return (f"{self.label(f)} in {name}: remove a Police cube (remove police) or roll a die{f' +{bonus}' if bonus else ''}, "
                    f"needing more than {W.count(B.cubes(x), 'cubes')} to move a Troop or Kempeitai to Kuala Lumpur "
                    "(roll)")
        opts = g.prompted(self, f).get("move", [])
        where = "it stays in Kuala Lumpur and Resistance rises by 1" if here == B.KL else \
            "it goes to Kuala Lumpur and Resistance rises by 1"
        return (f"{self.label(f)} in {name} succeeded: move a Troop or Kempeitai marker ({where}; "
                f"{' or '.join(f'move {w}' for w in opts)}) or done to move none")

    def sub_explain(self, g, f, verb, arg):
        stage, here = f["stage"], f["here"]
        name = B.NAME[here]
        if stage == "activate":
            return self.activate_refusal(g, f, verb, arg)
        if stage == "ambush":
            if verb == "remove":
                return W.form("remove", "police", arg, "3.2.4")
            if verb == "roll":
                return W.because("'roll' takes nothing after it", "3.2.4")
            return W.because(f"the Ambush in {name} removes a Police cube or rolls: remove police or roll", "3.2.4")
        if stage == "displace":
            if verb == "move":
                if arg not in DISPLACE:
                    return W.form("move", "troops|kempeitai", arg, "3.2.4")
                return W.because(f"{W.has(g, here, DISPLACE[arg])} to move to Kuala Lumpur", "3.2.4")
            if verb == "remove":
                return W.because(f"the Ambush in {name} rolled instead of removing a Police cube "
                                 f"({W.has(g, here, 'police')}): one or the other", "3.2.4")
            if verb == "roll":
                return W.because(f"the Ambush in {name} has rolled already: one roll a space", "3.2.4")
            return W.because(f"the Ambush in {name} succeeded: move troops or kempeitai, or done", "3.2.4")
        return None

    def sub_act(self, g, f, verb, arg):
        stage, here, rule = f["stage"], f["here"], op_rule(f, self.rule)
        name = B.NAME[here]
        if stage == "activate":
            self.activated(g, f, UNDERGROUND[arg])
            return
        if stage == "ambush":
            if verb == "roll":
                self.roll(g, f)
                return
            f["stage"] = "select"
            B.remove(g, here, "police", 1)
            g.say(f"The British removed a Police cube from {name} (Ambush).", faction="british", rule=rule)
            return
        f["stage"] = "select"
        if verb == "done":
            g.say(f"The British moved nothing to Kuala Lumpur (Ambush in {name}).", faction="british", rule=rule)
            return
        label = "a Troop" if arg == "troops" else "a Kempeitai marker"
        if here == B.KL:
            g.say(f"The British chose {label} in Kuala Lumpur: it stays there (Ambush).", faction="british",
                  rule=f"{rule}, ruling {KL_RULING}")
        elif arg == "troops":
            B.move(g, here, B.KL, "troops", 1)
            g.say(f"The British moved a Troop from {name} to Kuala Lumpur (Ambush).", faction="british", rule=rule)
        else:
            B.move_marker(g, here, B.KL, "kempeitai", "Ambush", rule, faction="british")
        B.shift_resistance(g, AMBUSH_RESISTANCE, f"{label} displaced by the Ambush in {name}", f"{rule}, 7.1")


# Contact (3.2.2) is in its own module, which imports this one: imported here so that it registers with the
# other three (the package imports ``british_ops``).
from . import british_contact  # noqa: E402, F401
