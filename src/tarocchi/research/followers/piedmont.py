"""Piedmont's facts writer and follower (P2, P4): the dealer's discards and the play's facts."""

from __future__ import annotations

from typing import Any

from tarocchi.core.actions import Action, FaceDown
from tarocchi.core.tricks import TrickTable
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder, FactsWriter, Floats, Layout, put_mask, seat_at
from tarocchi.research.followers.base import Follower, Resync


def facts(enc: Encoder, layout: Layout) -> FactsWriter:
    """Piedmont's facts slots (P4: the Allegiance, its caller, the side scoring Earth and Air
    trick by trick, the dead cards, the suit led) and their writer."""
    from tarocchi.games.piedmont.rules import side_of
    from tarocchi.games.piedmont.scoring import segment_for
    from tarocchi.games.piedmont.views import PiedmontFacts

    n, d, t = enc.players, enc.cards, enc.max_tricks
    allegiance = layout.add("facts.allegiance", 1, 0, 1, "the Allegiance variant is played")
    caller = layout.add("facts.caller", n, 0, 1, "who first played Good or Evil (P4), relative")
    earth_air = layout.add(
        "facts.earth_air",
        (t, 2),
        0,
        1,
        "for each trick so far (and the one in progress), the side scoring Earth and Air under "
        "the call in force: [own side, other side]",
    )
    dead = layout.add("facts.dead", d, 0, 1, "Good or Evil of no effect (P4)")
    led = layout.add(
        "facts.led",
        len(enc.game.deck.suits) + 1,
        0,
        1,
        "the suit led in the trick in progress (suits, trumps)",
    )

    def write(view: PlayerView, seat: int, out: Floats) -> None:
        f = PiedmontFacts.of(view)
        out[allegiance] = f.allegiance
        seat_at(out, caller, seat, f.caller, n)
        if f.segments:
            own = side_of(seat)
            for trick in range(min(t, len(view.tricks) + 1)):
                side = segment_for(f.segments, trick)
                if side is not None:
                    out[earth_air + trick * 2 + (0 if side == own else 1)] = 1
        put_mask(out, dead, d, f.dead.mask)
        if f.led is not None:
            out[led + f.led] = 1

    return write


class PiedmontFollower(Follower):
    follows_plays = True
    own_discards = True  # P2: the dealer's, one by one; the last is followed by a FaceDown

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.piedmont import rules, scoring

        self.values = rules.VALUES
        self.fool = rules.FOOL
        self.good_evil = rules.GOOD_EVIL
        self.scores = scoring.scores_for
        self.segment_for = scoring.segment_for
        self.allegiance = enc.game.options.get("good_evil") == "allegiance"
        self.table = None if self.allegiance else rules.VALUES
        self.leads = TrickTable.natural(enc.game.deck).leads
        layout = enc.observation_layout
        self.led_at = layout.slot("facts.led").start
        self.earth_air = layout.slot("facts.earth_air").start
        self.partnership = rules.side_of
        self.segments: tuple[tuple[int, int], ...] = ()
        self.led: int | None = None
        self.tricks = 0
        self.own = 0
        self.sides_always = rules.SIDES
        from tarocchi.games.piedmont.state import Phase

        self.discarding, self.play = Phase.DISCARD, Phase.PLAY
        self.phase: Any = None
        self.phase_at = layout.slot("phase").start
        self.allegiance_at = layout.slot("facts.allegiance").start
        self.dealer = 0
        self.players = enc.players

    def start(self, mv: memoryview, seat: int, dealer: int) -> None:
        """P2: the dealer discards first; no call, no trick, nothing dead yet."""
        self._restart()
        self.phase = self.discarding
        mv[self.phase_at + self.enc.phases.index(self.discarding)] = self.one
        if self.allegiance:
            mv[self.allegiance_at] = self.one
        self.dealer = dealer
        self.segments = ()
        self.led = None
        self.tricks = 0
        self.own = self.partnership(seat)

    def on_hidden(self, mv: memoryview, seat: int | None) -> None:
        """P2: one of the dealer's discards, which the others see as his hand's size only."""
        if seat != self.dealer or self.phase is not self.discarding:
            raise Resync
        self.resize(mv, seat, -1)

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        """P2: the dealer's FaceDown ends his discards: play begins, his left-hand neighbour
        leading. Any other call (P4) is read from the view."""
        if type(action) is not FaceDown or seat != self.dealer or self.phase is not self.discarding:
            raise Resync
        phases = self.enc.phases
        mv[self.phase_at + phases.index(self.discarding)] = self.zero
        mv[self.phase_at + phases.index(self.play)] = self.one
        self.phase = self.play
        return (seat + 1) % self.players

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        return self.sides_always

    def value(self, card: int, side: int, number: int) -> int:
        if self.allegiance and not self.scores(card, side, self.segment_for(self.segments, number)):
            return 0
        return self.values[card]

    def sync_game(self, view: PlayerView) -> None:
        from tarocchi.games.piedmont.views import PiedmontFacts

        facts = PiedmontFacts.of(view)
        self.phase = view.phase
        self.dealer = view.dealer
        self.segments = facts.segments
        self.led = facts.led
        self.tricks = len(view.tricks)
        assert view.seat is not None
        self.own = self.partnership(view.seat)

    def on_play(self, mv: memoryview, seat: int, card: int, first: bool) -> None:
        if self.allegiance and self.good_evil >> card & 1:
            raise Resync  # a call, a reversal or a dead card (P4)
        if self.led is None:
            led = self.leads[card]
            if led is not None:
                self.led = led
                mv[self.led_at + led] = self.one

    def on_trick(self, mv: memoryview, number: int) -> None:
        if self.led is not None:
            mv[self.led_at + self.led] = self.zero
            self.led = None
        self.tricks = trick = number + 1
        if self.segments and trick < self.enc.max_tricks:
            side = self.segment_for(self.segments, trick)
            if side is not None:
                mv[self.earth_air + trick * 2 + (0 if side == self.own else 1)] = self.one
