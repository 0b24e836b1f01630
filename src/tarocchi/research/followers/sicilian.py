"""The Sicilian game's facts writer and follower (S3-S7): the bargain, the rounds, the exchange
and the rally."""

from __future__ import annotations

from typing import Any

from tarocchi.core.actions import Action, Discard, FaceDown
from tarocchi.core.views import PlayerView
from tarocchi.games.sicilian.rules import (
    COP_TURNS,
    ROUND_TURNS,
    bargain_played,
    discard_shown,
    side_total,
    sides,
    still_needed,
)
from tarocchi.research.encoding import Encoder, FactsWriter, Floats, Layout, put_mask, seat_at
from tarocchi.research.followers.base import Follower, Resync


def facts(enc: Encoder, layout: Layout) -> FactsWriter:
    """The Sicilian facts slots (S3-S7: the offers, the hold, the Declarer, the mode, the
    stocks shown and taken, the rallied card, the partner, a throw-in) and their writer."""
    from tarocchi.games.sicilian.actions import PAY, THROW
    from tarocchi.games.sicilian.rules import OFFER_CAP
    from tarocchi.games.sicilian.state import Mode, ThrownIn
    from tarocchi.games.sicilian.views import SicilianFacts

    n, d = enc.players, enc.cards
    offers = layout.add(
        "facts.offers",
        (n, 4),
        0,
        (1, 1, OFFER_CAP, 1),
        "each relative seat's latest bargain offer (S3): [throw, pay, amount, still open]",
    )
    held = layout.add("facts.held", 1, 0, 1, "somebody said hold (S3)")
    declarer = layout.add("facts.declarer", n, 0, 1, "the Declarer, relative")
    mode = layout.add("facts.mode", len(Mode), 0, 1, "none, solo, cop, rally, alone")
    stock = layout.add("facts.stock", d, 0, 1, "the stock a Solo Declarer showed (S4)")
    taken = layout.add("facts.stock_taken", d, 0, 1, "the stock this seat took unseen (S5)")
    rallied = layout.add("facts.rallied", d, 0, 1, "the rallied card (S7)")
    partner = layout.add("facts.partner", n, 0, 1, "the Declarer's partner as this seat knows him, relative")
    thrown = layout.add("facts.thrown_in", len(ThrownIn), 0, 1, "no, bargain, no_prop")

    def write(view: PlayerView, seat: int, out: Floats) -> None:
        f = SicilianFacts.of(view)
        for offer in f.offers:
            base = offers + (offer.seat - seat) % n * 4
            out[base] = offer.kind == THROW
            out[base + 1] = offer.kind == PAY
            out[base + 2] = offer.amount
            out[base + 3] = offer.taker is None
        out[held] = f.held
        seat_at(out, declarer, seat, f.declarer, n)
        out[mode + f.mode] = 1
        put_mask(out, stock, d, f.stock.mask)
        put_mask(out, taken, d, f.stock_taken.mask)
        if f.rallied is not None:
            out[rallied + f.rallied.index] = 1
        seat_at(out, partner, seat, f.partner, n)
        out[thrown + f.thrown_in] = 1

    return write


class SicilianFollower(Follower):
    """S3-S7: the bargain, the Solo, Prop and Cop rounds, the exchange and the rally, and a
    rallied partner revealed in play. Read from the state, as every seat's view holds them:
    the stock a Solo Declarer shows (S4); and by the Dealer who took it unseen (S5), his own
    taken stock."""

    own_discards = True  # S4, S5: the discarder's, one by one; the last is followed by a note or FaceDown

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.sicilian import rules
        from tarocchi.games.sicilian.actions import PAY, THROW, Offer, Rally, Take
        from tarocchi.games.sicilian.state import Mode, Phase, ThrownIn

        self.values = self.table = rules.VALUES
        self.fool = rules.FOOL
        self.dealt = rules.HAND_SIZE + rules.STOCK_SIZE
        """A discarder's hand before his discards (S4, S5)."""
        self.stock_size = rules.STOCK_SIZE
        self.offer_type, self.take_type, self.rally_type = Offer, Take, Rally
        self.throw, self.pay = THROW, PAY
        self.modes = Mode
        self.bargain, self.solo, self.exchange = Phase.BARGAIN, Phase.SOLO, Phase.EXCHANGE
        self.prop, self.cop, self.rally, self.play = Phase.PROP, Phase.COP, Phase.RALLY, Phase.PLAY
        layout = enc.observation_layout
        self.phase_at = layout.slot("phase").start
        self.offers_at = layout.slot("facts.offers").start
        self.held_at = layout.slot("facts.held").start
        self.declarer_at = layout.slot("facts.declarer").start
        self.mode_at = layout.slot("facts.mode").start
        self.stock_at = layout.slot("facts.stock").start
        self.taken_at = layout.slot("facts.stock_taken").start
        self.rallied_at = layout.slot("facts.rallied").start
        self.partner_at = layout.slot("facts.partner").start
        self.played_at = layout.slot("played").start
        self.starting = (
            self.phase_at + enc.phases.index(Phase.BARGAIN),
            self.mode_at + Mode.NONE,
            layout.slot("facts.thrown_in").start + ThrownIn.NO,
        )
        self.history = []
        self.phase: Any = None
        self.mode: Any = Mode.NONE
        self.dealer = 0
        self.spoken = 0
        """Calls in the current round (the bargain, a Solo, Prop or Cop round)."""
        self.held = False
        self.taken = False
        """An offer of the bargain was taken."""
        self.declarer: int | None = None
        self.partner: int | None = None
        """The partner as the seat knows him."""
        self.revealed: int | None = None
        """The partner as everyone knows him (a Cop, a rallied card played)."""
        self.rallied: int | None = None
        self.discarder: int | None = None
        self.discarded = 0
        self.trump_note = False
        """A shown trump's note follows (S4)."""
        self.own_stock_noted = False
        """The Dealer's own note of the stock he took unseen came (S5)."""
        self.cop_passed = False
        """The Cop round ended with no Cop: a rally, or a note that he plays alone (S7)."""

    def _set_phase(self, mv: memoryview, phase: Any) -> None:
        phases = self.enc.phases
        mv[self.phase_at + phases.index(self.phase)] = self.zero
        self.phase = phase
        mv[self.phase_at + phases.index(phase)] = self.one

    def _set_mode(self, mv: memoryview, mode: Any) -> None:
        mv[self.mode_at + self.mode] = self.zero
        self.mode = mode
        mv[self.mode_at + mode] = self.one

    def _cards(self, mv: memoryview, at: int, mask: int) -> None:
        while mask:
            low = mask & -mask
            mv[at + low.bit_length() - 1] = self.one
            mask ^= low

    def start(self, mv: memoryview, seat: int, dealer: int) -> None:
        """S3: the bargain first; no Declarer, no mode, not thrown in."""
        self._restart()
        for at in self.starting:
            mv[at] = self.one
        self.phase = self.bargain
        self.mode = self.modes.NONE
        self.dealer = dealer
        self.spoken = 0
        self.held = self.taken = False
        self.declarer = self.partner = self.revealed = self.rallied = self.discarder = None
        self.discarded = 0
        self.trump_note = self.own_stock_noted = self.cop_passed = False

    def sync_game(self, view: PlayerView) -> None:
        from tarocchi.games.sicilian.views import SicilianFacts

        facts = SicilianFacts.of(view)
        self.phase = view.phase
        self.mode = facts.mode
        self.dealer = view.dealer
        self.held = facts.held
        self.taken = any(offer.taker is not None for offer in facts.offers)
        self.declarer = facts.declarer
        self.partner = facts.partner
        self.rallied = None if facts.rallied is None else facts.rallied.index
        self.revealed = None
        if facts.mode is self.modes.COP:
            self.revealed = facts.partner
        elif self.rallied is not None:  # revealed once played (S7): by whoever played it
            piles = [trick.plays for trick in view.tricks]
            if view.trick is not None:
                piles.append(view.trick.plays)
            for pile in piles:
                for who, card in pile:
                    if card.index == self.rallied:
                        self.revealed = who
        self.discarder = None
        self.discarded = 0
        if self.phase is self.exchange:
            self.discarder = facts.declarer if facts.mode is self.modes.SOLO else view.dealer
            assert self.discarder is not None
            self.discarded = self.dealt - view.hand_sizes[self.discarder]
        self.spoken = 0
        for event in reversed(view.events):  # the round's calls, the latest first
            action: Any = event.action
            if self.phase is self.bargain:
                self.spoken += action is not None
            elif getattr(action, "word", None) == "pass":
                self.spoken += 1
            else:
                break
        self.trump_note = self.own_stock_noted = self.cop_passed = False
        self.history = [
            ([(who, card.index) for who, card in trick.plays], trick.winner)
            for trick in view.tricks
            if trick.winner is not None
        ]

    def on_hidden(self, mv: memoryview, seat: int | None) -> None:
        """S5: the Dealer's note of the stock he took (its trace: the next note); S4, S5: a
        discard, seen as the discarder's hand size falling."""
        if self.phase is self.solo and self.spoken == ROUND_TURNS and seat == self.dealer:
            return
        if self.phase is not self.exchange or seat is None or seat != self.discarder:
            raise Resync
        self.resize(mv, seat, -1)
        self.discarded += 1

    def on_own_discard(self, card: int) -> None:
        self.discarded += 1
        self.trump_note = discard_shown(card)

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        phase = self.phase
        kind = type(action)
        word = getattr(action, "word", None)
        if phase is self.bargain:
            if kind is self.offer_type:
                offer: Any = action
                base = self.offers_at + self.rel[seat] * 4
                mv[base] = offer.kind == self.throw
                mv[base + 1] = offer.kind == self.pay
                mv[base + 2] = offer.amount
                mv[base + 3] = self.one
            elif kind is self.take_type:
                take: Any = action
                mv[self.offers_at + self.rel[take.seat] * 4 + 3] = self.zero
                self.taken = True
            elif word == "hold":
                mv[self.held_at] = self.one
                self.held = True
            elif word != "silent":
                raise Resync
            self.spoken += 1
            return None
        if phase is self.exchange:
            if kind is Discard and seat == self.discarder:  # a trump, shown (S4)
                self.resize(mv, seat, -1)
                self.discarded += 1
                self.trump_note = True
                return None
            if kind is FaceDown and seat == self.discarder and self._laid():
                return self._after_exchange(mv)
            raise Resync
        if phase is self.rally:
            if kind is not self.rally_type or seat != self.declarer or self.cop_passed is False:
                raise Resync
            rally: Any = action
            card = rally.card.index
            self.rallied = card
            mv[self.rallied_at + card] = self.one
            self._set_mode(mv, self.modes.RALLY)
            # the seat holds it: the hidden partner (S7; played since, its note will say so)
            if self.state.hands[self.seat] >> card & 1:
                self.partner = self.seat
                mv[self.partner_at + self.rel[self.seat]] = self.one
            self.cop_passed = False
            self._set_phase(mv, self.play)
            return seat
        if word == "pass" and phase in (self.solo, self.prop, self.cop):
            self.spoken += 1
            if phase is self.cop and self.spoken == COP_TURNS:
                self.cop_passed = True  # S7: a rally, unless a note says he plays alone
                self._set_phase(mv, self.rally)
            return None
        if phase is self.solo and word == "solo":
            self.declarer = seat
            mv[self.declarer_at + self.rel[seat]] = self.one
            self._set_mode(mv, self.modes.SOLO)
            return None
        if phase is self.prop and word == "prop":
            self.declarer = seat
            mv[self.declarer_at + self.rel[seat]] = self.one
            self.spoken = 0
            self._set_phase(mv, self.cop)
            return None
        if phase is self.cop and word == "cop" and self.declarer is not None:
            self._set_mode(mv, self.modes.COP)
            self.partner = self.revealed = seat
            mv[self.partner_at + self.rel[seat]] = self.one
            self._set_phase(mv, self.play)
            return self.declarer
        raise Resync

    def _laid(self) -> bool:
        """The discarder's three cards are down and no shown trump's note is due."""
        return self.discarded == self.stock_size and not self.trump_note

    def _after_exchange(self, mv: memoryview) -> int | None:
        """S4: a Solo Declarer leads; S5: else the Prop round, from Eldest."""
        if self.mode is self.modes.SOLO:
            self._set_phase(mv, self.play)
            return self.declarer
        self.spoken = 0
        self._set_phase(mv, self.prop)
        return None

    def on_note(self, mv: memoryview, seat: int | None) -> int | None:
        phase = self.phase
        if phase is self.bargain:
            # S3: the bargain over, the hand is played (a note that it is thrown in: the view)
            if seat is None and self.spoken == ROUND_TURNS and bargain_played(self.held, self.taken):
                self.spoken = 0
                self._set_phase(mv, self.solo)
                return None
            raise Resync
        if phase is self.solo and seat is not None:
            state = self.state
            if self.declarer == seat and self.mode is self.modes.SOLO:  # S4: the stock shown, taken
                stock: int = state.shown_stock
                self._cards(mv, self.stock_at, stock)
                if seat == self.seat:
                    self._cards(mv, self.hand_at, stock)
                self.resize(mv, seat, self.stock_size)
            elif self.spoken == ROUND_TURNS and seat == self.dealer:  # S5: taken unseen
                if seat == self.seat and not self.own_stock_noted:  # his own note first
                    taken: int = state.taken
                    self._cards(mv, self.taken_at, taken)
                    self._cards(mv, self.hand_at, taken)
                    self.own_stock_noted = True
                    return None
                self.resize(mv, seat, self.stock_size)
            else:
                raise Resync
            self.own_stock_noted = False
            self.discarder = seat
            self.discarded = 0
            self._set_phase(mv, self.exchange)
            return None
        if phase is self.exchange and seat == self.discarder:
            if self.trump_note:
                self.trump_note = False
                return None
            if self._laid():  # no FaceDown: all three were trumps, shown
                return self._after_exchange(mv)
            raise Resync
        if phase is self.rally and self.cop_passed and seat == self.declarer:
            self.cop_passed = False  # S7: he holds every court, plays alone
            self._set_mode(mv, self.modes.ALONE)
            self._set_phase(mv, self.play)
            return seat
        items: Any = mv  # read untyped: its items are floats (typeshed says ints, which mypyc checks)
        if (
            phase is self.play
            and self.rallied is not None
            and self.revealed is None
            and seat is not None
            and items[self.played_at + self.rallied]
        ):  # S7: the rallied card played, its holder revealed
            self.revealed = seat
            if self.partner is None:
                self.partner = seat
                mv[self.partner_at + self.rel[seat]] = self.one
            assert self.history is not None
            if self.history:  # the sides are public now: the tricks won so far count
                sides = self.public_sides(mv)
                assert sides is not None
                self._open(mv, sides, len(self.history))
                self._write_running(mv)
            return None
        raise Resync

    def trick_won(self, mv: memoryview, number: int, plays: list[tuple[int, int]], winner: int) -> None:
        super().trick_won(mv, number, plays, winner)
        assert self.history is not None
        self.history.append((list(plays), winner))

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        """``sicilian.views.public_sides``: a rallied partner is public once revealed."""
        if self.declarer is None:
            raise Resync
        if self.mode is self.modes.COP or self.mode is self.modes.RALLY:
            if self.revealed is None:
                if self.mode is self.modes.COP:
                    raise Resync
                return None
            return sides(self.declarer, self.revealed)
        return sides(self.declarer, -1)

    def value(self, card: int, side: int, number: int) -> int:
        return self.values[card]

    def needed(self) -> int | None:
        # the last trick's bonus counts once the hand is over, which is encoded in full
        return still_needed(side_total(self.sums[0], self.won[0], False))
