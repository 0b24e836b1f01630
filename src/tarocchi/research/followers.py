"""What each game's rules make of the events ``IncrementalEncoder`` follows (docs/research.md,
"Tensors without a view"): the facts slots, phase and running state a card play, a won trick, a
call or a note changes, written into a seat's tensor, or ``Resync`` where the follower does not
know (the tensor is then written from the seat's view). Each follower is read again from the
view after every full encode (``sync``), so it only ever carries on from what the view said.
"""

from __future__ import annotations

from typing import Any, Final, cast

from tarocchi.core.actions import Action, Call, Discard, FaceDown
from tarocchi.core.cards import Positions
from tarocchi.core.compiled import mypyc_attr
from tarocchi.core.running import Running
from tarocchi.core.tricks import TrickTable
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder

_OFFSETS: dict[int, list[Any]] = {}


def offsets(size: int) -> list[Any]:
    """``list(range(size))``, shared by every encoder of a tensor that size: writing through a
    kept int object spares making one (mypyc boxes an offset past 256 anew at each write)."""
    found = _OFFSETS.get(size)
    if found is None:
        found = _OFFSETS[size] = list(range(size))
    return found


FLOATS: Final = 256
"""Counts up to this are written from float objects made once (``Follower.floats``)."""


def _positive(points: int) -> int:
    """``max(0, points)``, which compiled is a generic call with a tuple of its arguments."""
    return points if points > 0 else 0


class Resync(Exception):
    """The events cannot be followed one by one: encode the seat's view in full."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a game outside the compiled build has a follower too
class Follower:
    """A game's facts slots, phase and running state over the events followed (card plays, won
    tricks, and the calls and notes the game's subclass knows); raises ``Resync`` for whatever
    else would change them.

    The running state (tricks and card points per side, what the first side still needs) is
    kept from the sides the last view named; the game says what a card is worth to a side
    (``value``), what a side's cards count (``points``) and what the first side needs."""

    fool = -1
    """The card that stays with the side that played it (C4), if the game has one (else -1)."""
    follows_plays = False
    """Whether ``on_play`` writes anything (else it is not called)."""
    table: tuple[int, ...] | None = None
    """Each card's ``value`` where it is the same for every side and trick (else None)."""
    additive = True
    """Whether a side's card points are the sum of its cards' ``value`` (so a view's running
    state gives the sums as they are); else the cards are counted again from the view's tricks."""
    own_discards = False
    """Whether a discard of the seat's own, which only it sees, changes nothing but its hand,
    its size, its own discard and the calls (else the view is read)."""

    def __init__(self, enc: Encoder) -> None:
        self.enc = enc
        layout = enc.observation_layout
        self.side_tricks = layout.slot("running_tricks").start
        self.side_points = layout.slot("running_points").start
        self.needed_at = layout.slot("running_needed").start
        self.running_at = layout.slot("running").start
        self.side_at = layout.slot("running_side").start
        self.ix: list[Any] = offsets(enc.information_state_layout.size)
        """Every offset of the tensor as an int object (``offsets``)."""
        slots = [self.side_tricks, self.side_tricks + 1, self.side_points, self.side_points + 1]
        self.running_slots: list[Any] = [self.ix[at] for at in (*slots, self.needed_at, self.needed_at + 1)]
        """The running state's offsets, as int objects (``ix``)."""
        self.written = [-1] * len(self.running_slots)
        """The running state's values as last written (-1: not since it was made public)."""
        self.floats: list[Any] = [float(value) for value in range(FLOATS)]
        """Float objects of the small counts written (a memoryview makes a float of an int
        first, the longer way)."""
        self.one: Any = 1.0
        self.zero: Any = 0.0
        """What the tensor's items are set to, as float objects: mypyc would box a float
        literal anew at each write, and the memoryview would make a float of an int."""
        self.rel: list[int] = []
        """Relative seats of the seat encoded (set by its tracker)."""
        self.seat = 0
        """The seat encoded (set at each start and sync)."""
        self.state: Any = None
        """The state followed to (set by the tracker): read only for what the seat's view
        holds as well (a followers' docstring says what)."""
        self.sizes: list[int] = []
        """The hands' sizes as the seat's tensor holds them (the tracker's list, set by it)."""
        self.sizes_at = layout.slot("hand_sizes").start
        self.hand_at = layout.slot("hand").start
        self.history: list[tuple[list[tuple[int, int]], int]] | None = None
        """The tricks won so far (plays, winner), where the running state may become public
        after the first trick (else None: ``Resync`` then)."""
        self.sides: tuple[tuple[int, ...], ...] | None = None
        self.side_of: list[int] = []
        """Each seat's side in ``sides`` (-1: none), indexed by seat."""
        self.won: list[int] = []
        self.sums: list[int] = []
        self.counts: list[int] = []

    # -- per game --------------------------------------------------------------------------
    def value(self, card: int, side: int, number: int) -> int:
        """What ``card`` won in trick ``number`` adds to ``side``'s sum."""
        raise NotImplementedError

    def points(self, side: int) -> int:
        """``side``'s card points from its sum and count of cards."""
        return self.sums[side]

    def needed(self) -> int | None:
        """What the first side still needs (None: the game has no such target)."""
        return None

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        """The sides of the running state as the last view's facts and the cards since show
        them, when the first trick is won (None: still hidden, no running state yet)."""
        raise Resync

    def sync_game(self, view: PlayerView) -> None:
        """Read the game's own facts from the view (after a full encode)."""

    def start(self, mv: memoryview, seat: int, dealer: int) -> None:
        """A hand's start as ``seat`` sees it before any event: write the phase and the game's
        facts (into a zeroed tensor) and forget the last hand; ``Resync`` if the follower does
        not know them. Only the rules and the dealer say them: nothing dealt is read."""
        raise Resync

    def _restart(self) -> None:
        """No running state yet (the hand's first trick is still to be won)."""
        self.sides = None
        self.won, self.sums, self.counts = [], [], []
        if self.history is not None:
            self.history = []

    def on_hidden(self, mv: memoryview, seat: int | None) -> None:
        """An event hidden from the seat: write its trace in the seat's view, or ``Resync``
        (the default: a game whose hidden events the follower does not know)."""
        raise Resync

    def on_own_discard(self, card: int) -> None:
        """One of the seat's own discards (its hand, size and own discard already written)."""

    def resize(self, mv: memoryview, seat: int, by: int) -> None:
        """``seat``'s hand grew (or shrank) by ``by`` cards."""
        self.sizes[seat] += by
        mv[self.sizes_at + self.rel[seat]] = self.sizes[seat]

    def on_play(self, mv: memoryview, seat: int, card: int, first: bool) -> None:
        """A card played (``first``: it leads the trick)."""

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        """Any other action seen (a bid, a pass): write the facts it changes, or ``Resync``;
        the seat to lead if it starts the play (its phase written)."""
        raise Resync

    def on_note(self, mv: memoryview, seat: int | None) -> int | None:
        """What the rules did by themselves, a note by ``seat`` (None: by nobody; no trick won):
        as ``on_call``."""
        raise Resync

    def on_trick(self, mv: memoryview, number: int) -> None:
        """Trick ``number`` (from 0) was won; the game's slots other than running."""

    # -- running state -----------------------------------------------------------------------
    def sync(self, view: PlayerView) -> None:
        running: Running | None = getattr(view.facts, "running", None)
        assert view.seat is not None
        self.seat = view.seat
        self.sync_game(view)
        if running is None:
            self.sides = None
            return
        self._start(running.sides)
        if self.additive:  # the view's sums are the follower's: no need to count them again
            self.won = list(running.tricks_won)
            self.sums = list(running.card_points)
            return
        for number, trick in enumerate(view.tricks):
            assert trick.winner is not None
            self._count(number, [(who, card.index) for who, card in trick.plays], trick.winner)

    def _start(self, sides: tuple[tuple[int, ...], ...]) -> None:
        self.sides = sides
        self.written = [-1] * len(self.running_slots)
        side_of = self.side_of = [-1] * self.enc.players
        for i, members in enumerate(sides):
            for seat in members:
                side_of[seat] = i
        self.won = [0] * len(sides)
        self.sums = [0] * len(sides)
        self.counts = [0] * len(sides)

    def _count(self, number: int, plays: list[tuple[int, int]], winner: int) -> None:
        """The trick's cards to the winner's side, the Fool to its own (C4): summed in locals
        and added once (each item set of a list of ints boxes the int anew, compiled)."""
        side_of = self.side_of
        side = side_of[winner]
        fool = self.fool
        table = self.table
        total = 0
        cards = 0
        for k in range(len(plays)):
            who, card = plays[k]
            owner = side_of[who] if card == fool else side
            if owner == side:
                total += table[card] if table is not None else self.value(card, side, number)
                cards += 1
            elif owner >= 0:  # the Fool, kept by the other side
                self._add(owner, self.value(card, owner, number) if table is None else table[card], 1)
        if side >= 0:
            won: int = self.won[side]  # not ``+=`` on the item: compiled, that is a generic add
            self.won[side] = won + 1
            self._add(side, total, cards)

    def _add(self, side: int, points: int, cards: int) -> None:
        sum_: int = self.sums[side]
        self.sums[side] = sum_ + points
        count: int = self.counts[side]
        self.counts[side] = count + cards

    def trick_won(self, mv: memoryview, number: int, plays: list[tuple[int, int]], winner: int) -> None:
        """Count the trick for the running state and write its slots."""
        if self.sides is None:
            sides = self.public_sides(mv)
            if sides is None:  # hidden: no running state yet
                self.on_trick(mv, number)
                return
            self._open(mv, sides, number)
        self._count(number, plays, winner)
        self._write_running(mv)
        self.on_trick(mv, number)

    def _open(self, mv: memoryview, sides: tuple[tuple[int, ...], ...], number: int) -> None:
        """The running state made public with ``number`` tricks won before (their piles from
        ``history``: else ``Resync``, the view counts them)."""
        if number and self.history is None:
            raise Resync
        self._start(sides)
        mv[self.running_at] = self.one
        for who in sides[0]:
            mv[self.side_at + self.rel[who]] = self.one
        if self.history is not None:
            for earlier, (pile, taker) in enumerate(self.history[:number]):
                self._count(earlier, pile, taker)

    def _write_running(self, mv: memoryview) -> None:
        """The running state's slots: tricks and points per side, what the first side needs."""
        self._put(mv, 0, self.won[0])
        self._put(mv, 1, self.won[1])
        self._put(mv, 2, self.points(0))
        self._put(mv, 3, self.points(1))
        needed = self.needed()
        self._put(mv, 4, 0 if needed is None else 1)
        self._put(mv, 5, 0 if needed is None else needed)

    def _put(self, mv: memoryview, k: int, value: int) -> None:
        """Running value ``k`` written if it changed (most of them do not, trick by trick)."""
        if self.written[k] != value:
            self.written[k] = value
            mv[self.running_slots[k]] = self.floats[value] if 0 <= value < FLOATS else value


class PiedmontFollower(Follower):
    follows_plays = True
    own_discards = True  # P2: the dealer's, one by one; the last is followed by a FaceDown

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.piedmont import rules, scoring

        self.values = rules.VALUES
        self.fool = rules.FOOL
        self.good_evil = rules.GOOD_EVIL
        self.scores = scoring._scores
        self.segment_for = scoring._segment_for
        self.allegiance = enc.game.options.get("good_evil") == "allegiance"
        self.table = None if self.allegiance else rules.VALUES
        self.leads = TrickTable.natural(enc.game.deck).leads
        layout = enc.observation_layout
        self.led_at = layout.slot("facts.led").start
        self.earth_air = layout.slot("facts.earth_air").start
        self.partnerships = enc.game.info.partnerships
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
        self.own = next(i for i, side in enumerate(self.partnerships) if seat in side)

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
        self.own = next(i for i, side in enumerate(self.partnerships) if view.seat in side)

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
            side = next((s for start, s in reversed(self.segments) if start <= trick), None)
            if side is not None:
                mv[self.earth_air + trick * 2 + (0 if side == self.own else 1)] = self.one


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
        self.half = rules.HALF
        self.players = rules.PLAYERS
        self.dealt = rules.HAND_SIZE + rules.STOCK_SIZE
        """A discarder's hand before his discards (S4, S5)."""
        self.stock_size = rules.STOCK_SIZE
        self.trumps = rules.TRUMP_MASK
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
        if self.phase is self.solo and self.spoken == self.players and seat == self.dealer:
            return
        if self.phase is not self.exchange or seat is None or seat != self.discarder:
            raise Resync
        self.resize(mv, seat, -1)
        self.discarded += 1

    def on_own_discard(self, card: int) -> None:
        self.discarded += 1
        self.trump_note = bool(self.trumps >> card & 1)

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
            if phase is self.cop and self.spoken == self.players - 1:
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
            # S3: after four turns, played if somebody holds or no offer was taken
            if seat is None and self.spoken == self.players and (self.held or not self.taken):
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
            elif self.spoken == self.players and seat == self.dealer:  # S5: taken unseen
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
        team: tuple[int, ...] = (self.declarer,)
        if self.mode is self.modes.COP or self.mode is self.modes.RALLY:
            if self.revealed is None:
                if self.mode is self.modes.COP:
                    raise Resync
                return None
            team = tuple(sorted((self.declarer, self.revealed)))
        return team, tuple(s for s in range(self.players) if s not in team)

    def value(self, card: int, side: int, number: int) -> int:
        return self.values[card]

    def needed(self) -> int | None:
        # the last trick's bonus counts once the hand is over, which is encoded in full
        return _positive(self.half + 1 - (self.sums[0] + self.won[0]))


FACT_SLOTS = ("contract", "bid_value", "bid_trump", "bid_mode", "taker", "partner", "coinche", "coincher")
"""The Taroinche facts slots the auction's follower writes."""


class TaroincheFollower(Follower):
    """B3-B5: bids, passes, a coinche and a surcoinche, and the auction's end when play begins
    at once (Without and Against: under With the dog is shown, which only the view says)."""

    own_discards = True  # B4: the taker's two under With; the second is followed by a FaceDown

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.taroinche import rules
        from tarocchi.games.taroinche.bidding import COINCHE, PASS, SURCOINCHE, Bid
        from tarocchi.games.taroinche.state import Phase

        self.rules: Any = rules
        self.card_values: tuple[int, ...] = ()
        self.bid_value = 0
        self.belote = False
        self.attack: tuple[int, ...] | None = None
        self.auction, self.surcoinche, self.play = Phase.AUCTION, Phase.SURCOINCHE, Phase.PLAY
        self.phase: Any = None
        self.phases = enc.phases
        self.phase_at = enc.observation_layout.slot("phase").start
        self.bid_type = Bid
        self.pass_call, self.coinche_call, self.surcoinche_call = PASS, COINCHE, SURCOINCHE
        self.contract: tuple[Any, int, int] | None = None
        self.passes = 0
        """Passes since the last bid or coinche (the engine's count)."""
        self.ending = False
        """The auction has ended: its notes follow."""
        self.swapped = False
        """A surcoinching partner became the taker: his note comes first."""
        self.first = 0
        layout = enc.observation_layout
        self.slots = {name: layout.slot(f"facts.{name}").start for name in FACT_SLOTS}
        self.first_at = layout.slot("facts.first_player").start

    def start(self, mv: memoryview, seat: int, dealer: int) -> None:
        """B3: the auction, from the dealer's left-hand neighbour; no contract, no coinche."""
        self._restart()
        self.phase = self.auction
        mv[self.phase_at + self.phases.index(self.auction)] = self.one
        self.first = (dealer + 1) % self.rules.PLAYERS
        mv[self.first_at + self.rel[self.first]] = self.one
        mv[self.slots["coinche"]] = self.one
        self.contract = None
        self._contract_changed()
        self.belote = False
        self.passes = 0
        self.ending = self.swapped = False

    def sync_game(self, view: PlayerView) -> None:
        from tarocchi.games.taroinche.views import TaroincheFacts

        facts = TaroincheFacts.of(view)
        self.phase = view.phase
        self.first = facts.first_player
        contract = facts.contract
        self.contract = None if contract is None else (contract.bid, contract.taker, contract.partner)
        self._contract_changed()
        self.belote = facts.belote is not None
        self.passes = 0
        for event in view.events:
            if type(event.action) is self.bid_type or event.action is self.coinche_call:
                self.passes = 0
            elif event.action is self.pass_call:
                self.passes += 1
        self.ending = self.swapped = False

    def _contract_changed(self) -> None:
        if self.contract is None:
            self.attack = None
            return
        bid, taker, partner = self.contract
        self.card_values = self.table = self.rules.CONTRACTS[bid.trump].values
        self.bid_value = bid.value
        self.attack = (taker,) if taker == partner else tuple(sorted((taker, partner)))

    def _set_phase(self, mv: memoryview, phase: Any) -> None:
        mv[self.phase_at + self.phases.index(self.phase)] = self.zero
        self.phase = phase
        mv[self.phase_at + self.phases.index(phase)] = self.one

    def _set_contract(self, mv: memoryview, contract: tuple[Any, int, int]) -> None:
        at, rel = self.slots, self.rel
        if self.contract is not None:
            old, taker, partner = self.contract
            mv[at["bid_trump"] + old.trump] = self.zero
            mv[at["bid_mode"] + old.mode - 1] = self.zero
            mv[at["taker"] + rel[taker]] = self.zero
            mv[at["partner"] + rel[partner]] = self.zero
        bid, taker, partner = self.contract = contract
        mv[at["contract"]] = self.one
        mv[at["bid_value"]] = bid.value
        mv[at["bid_trump"] + bid.trump] = self.one
        mv[at["bid_mode"] + bid.mode - 1] = self.one
        mv[at["taker"] + rel[taker]] = self.one
        mv[at["partner"] + rel[partner]] = self.one
        self._contract_changed()

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        """B3: a bid is the new contract, its bidder the taker with the partner it names; a
        coinche hands the word to the taker's side; four passes after a bid, the taker's side's
        passes, or a surcoinche (a surcoinching partner becoming the taker) end the auction."""
        if self.ending:
            raise Resync
        at, rel = self.slots, self.rel
        if self.phase is self.surcoinche and self.contract is not None:
            bid, taker, partner = self.contract
            if action is self.pass_call:
                self.passes += 1
                self.ending = self.passes == len({taker, partner})
                return None
            if action is not self.surcoinche_call:
                raise Resync
            mv[at["coinche"] + 1] = self.zero
            mv[at["coinche"] + 2] = self.one
            if seat != taker:
                self._set_contract(mv, (bid, seat, taker))
                self.swapped = True
            self.ending = True
            return None
        if self.phase is not self.auction:
            raise Resync
        if action is self.pass_call:
            self.passes += 1
            if self.contract is None:
                if self.passes == self.rules.PLAYERS:
                    raise Resync  # thrown in: the hand is over
            else:
                self.ending = self.passes == self.rules.PLAYERS - 1
            return None
        if action is self.coinche_call:
            mv[at["coinche"]] = self.zero
            mv[at["coinche"] + 1] = self.one
            mv[at["coincher"] + rel[seat]] = self.one
            self._set_phase(mv, self.surcoinche)
            self.passes = 0
            return None
        if type(action) is not self.bid_type:
            raise Resync
        made: Any = action
        self._set_contract(mv, (made, seat, made.partner))
        self.passes = 0
        return None

    def on_note(self, mv: memoryview, seat: int | None) -> int | None:
        """The auction's end: a surcoinching partner's note, then the taker's; under Without and
        Against play begins, the first player leading (under With the dog is shown: the view)."""
        if not self.ending or self.contract is None:
            raise Resync
        bid, taker, _ = self.contract
        if seat != taker:
            raise Resync
        if self.swapped:
            self.swapped = False
            return None
        if bid.mode == self.rules.WITH:
            raise Resync
        self.ending = False
        self._set_phase(mv, self.play)
        return self.first

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        if self.attack is None:
            raise Resync
        return self.attack, tuple(s for s in range(self.rules.PLAYERS) if s not in self.attack)

    def value(self, card: int, side: int, number: int) -> int:
        return self.card_values[card]

    def needed(self) -> int | None:
        rules = self.rules
        if self.bid_value == rules.CAPOT:
            return None if self.won[1] else rules.TRICKS - self.won[0]
        # the last trick's 10 counts once the hand is over, which is encoded in full
        return _positive(self.bid_value - (self.sums[0] + (rules.BELOTE if self.belote else 0)))


class TarouxFollower(Follower):
    additive = False  # T8: counted in pairs; and the Honours won set the target

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.taroux import rules

        self.values = rules.VALUES
        self.fool = rules.FOOL
        self.honour = tuple(bool(rules.HONOURS >> card & 1) for card in range(enc.cards))
        """Whether each card is an Honour (a tuple: the mask is no machine int)."""
        self.targets: tuple[int, ...] = rules.TARGETS  # not a fixed-size tuple: boxed at every read
        self.take = rules.BID_NAMES[rules.TAKE]
        self.bids = rules.BID_NAMES
        self.partner_of = rules.partner_of
        self.players = rules.PLAYERS
        self.honours = 0
        self.team: tuple[int, ...] | None = None
        from tarocchi.games.taroux.actions import Show
        from tarocchi.games.taroux.exchange import DONE, SLAM, SPARROW
        from tarocchi.games.taroux.state import Phase

        self.auction = Phase.AUCTION
        self.recontra = Phase.RECONTRA
        self.declare = Phase.DECLARE
        self.play = Phase.PLAY
        self.shown: list[int] = [0] * rules.PLAYERS
        """Trumps each seat has shown (T6): an Abundance's note follows its ``done``."""
        self.noted: int | None = None
        """The seat whose Abundance note is due (after its ``done``)."""
        self.phase: Any = None
        self.declared = 0
        self.show_type = Show
        shows = tuple(action for action in enc.game.actions if type(action) is Show)
        self.shows = Positions(shows)
        self.show_cards = [show.card.index for show in shows]
        """The card each of the game's own Shows shows, found by identity (``cards.Positions``)."""
        self.done_call, self.sparrow_call, self.slam_call = DONE, SPARROW, SLAM
        self.levels = {word: level for level, word in enumerate(rules.BID_WORDS) if level}
        self.take_level = rules.TAKE
        self.passes_to_end = rules.PASSES_TO_END
        self.ending = False
        """The auction has ended: the bidder's note follows."""
        self.high = 0
        self.bidder: int | None = None
        self.contra = 0
        self.passes = 0
        layout = enc.observation_layout
        self.high_at = layout.slot("facts.high_bid").start
        self.bidder_at = layout.slot("facts.bidder").start
        self.contra_at = layout.slot("facts.contra").start
        self.passes_at = layout.slot("facts.passes").start
        self.shown_at = layout.slot("facts.abundances").start
        self.sparrow_at = layout.slot("facts.sparrow").start
        self.slam_at = layout.slot("facts.slam").start
        self.phase_at = layout.slot("phase").start
        self.phase_slot = [self.ix[self.phase_at + enc.phases.index(phase)] for phase in Phase]
        """Each phase's slot, by phase (an int enum), as an int object."""

    def start(self, mv: memoryview, seat: int, dealer: int) -> None:
        """T3: the auction; no bid, no contra, no pass, nothing declared."""
        self._restart()
        self.phase = self.auction
        mv[self.phase_at + self.enc.phases.index(self.auction)] = self.one
        mv[self.ix[self.contra_at]] = self.one
        self.honours = 0
        self.ending = False
        self.declared = 0
        self.high = 0
        self.bidder = None
        self.contra = 0
        self.passes = 0
        self.team = None
        self.shown = [0] * self.players
        self.noted = None

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        """T3: a pass counts; a bid is the highest, by its bidder, not contra'd, no passes since;
        a Contra opens the Re-contra window (no passes since), which a Re-contra (doubled
        again) or the partner's decline closes, the bidder's decline handing it to his partner.
        T6: a shown trump, the Sparrow, a Slam; the sixth ``done`` starts the play, the bidder
        leading. The rest (the stock under We'll Take, a thrown-in hand) is read from the view."""
        if self.phase is self.declare:
            return self._declare(mv, seat, action)
        # typed: compiled, a str compares to a literal by identity first, not by a generic compare
        word: str | None = action.word if type(action) is Call else None
        if word is None or self.ending:
            raise Resync
        if self.phase is self.recontra:
            if word == "decline" and seat == self.bidder:
                return None
            if word == "recontra":
                mv[self.ix[self.contra_at + self.contra]] = self.zero
                mv[self.ix[self.contra_at + 2]] = self.one
                self.contra = 2
            elif word != "decline":
                raise Resync
            self._set_phase(mv, self.auction)
            return None
        if self.phase is not self.auction:
            raise Resync
        if word == "contra":
            mv[self.ix[self.contra_at + self.contra]] = self.zero
            mv[self.ix[self.contra_at + 1]] = self.one
            self.contra = 1
            self.passes = 0
            mv[self.ix[self.passes_at]] = self.zero
            self._set_phase(mv, self.recontra)
            return None
        if word == "pass":
            self.passes += 1
            mv[self.ix[self.passes_at]] = self.passes
            if self.passes == self.passes_to_end + (self.high == 0):
                if self.high < self.take_level:
                    raise Resync  # thrown in: the hand is over
                self.ending = True  # the bidder's note follows
            return None
        level = self.levels.get(word)
        if level is None:
            raise Resync
        if self.high:
            mv[self.ix[self.high_at + self.high - 1]] = self.zero
        mv[self.ix[self.high_at + level - 1]] = self.one
        self.high = level
        if self.bidder is not None:
            mv[self.ix[self.bidder_at + self.rel[self.bidder]]] = self.zero
        mv[self.ix[self.bidder_at + self.rel[seat]]] = self.one
        self.bidder = seat
        mv[self.ix[self.contra_at + self.contra]] = self.zero
        mv[self.ix[self.contra_at]] = self.one
        self.contra = 0
        self.passes = 0
        mv[self.ix[self.passes_at]] = self.zero
        self.team = tuple(sorted((seat, self.partner_of(seat)))) if level >= self.take_level else None
        return None

    def on_note(self, mv: memoryview, seat: int | None) -> int | None:
        """T4: the bidder's note ends the auction; under Without and Against the round of
        declarations follows, from him (under We'll Take the stock is turned up: the view)."""
        if self.noted is not None and seat == self.noted:
            self.noted = None  # T6: an Abundance counted, which its shown trumps already say
            return None
        if not self.ending or seat != self.bidder or self.high == self.take_level:
            raise Resync
        self.ending = False
        self._set_phase(mv, self.declare)
        self.declared = 0
        return None

    def _set_phase(self, mv: memoryview, phase: Any) -> None:
        at = self.phase_slot
        mv[at[self.phase]] = self.zero
        self.phase = phase
        mv[at[phase]] = self.one

    def _declare(self, mv: memoryview, seat: int, action: Action) -> int | None:
        if type(action) is self.show_type:
            at = self.shows.find(action)
            card = self.show_cards[at] if at >= 0 else cast(Any, action).card.index
            mv[self.ix[self.shown_at + self.rel[seat] * self.enc.cards + card]] = self.one
            self.shown[seat] += 1
        elif action is self.sparrow_call:
            mv[self.ix[self.sparrow_at + self.rel[seat]]] = self.one
        elif action is self.slam_call:
            mv[self.ix[self.slam_at + self.rel[seat]]] = self.one
        elif action is self.done_call:
            self.noted = seat if self.shown[seat] else None
            self.declared += 1
            if self.declared == self.players:
                if self.bidder is None:
                    raise Resync
                self._set_phase(mv, self.play)
                return self.bidder
        else:
            raise Resync
        return None

    def sync_game(self, view: PlayerView) -> None:
        from tarocchi.games.taroux.views import TarouxFacts

        self.honours = 0
        facts = TarouxFacts.of(view)
        self.phase = view.phase
        self.ending = False
        self.declared = sum(1 for event in view.events if event.action is self.done_call)
        self.high = 0 if facts.high_bid is None else self.bids.index(facts.high_bid)
        self.bidder = facts.bidder
        self.contra = facts.contra
        self.passes = facts.passes
        self.shown = [cards.mask.bit_count() for cards in facts.abundances]
        self.noted = None
        self.team = None
        high = facts.high_bid
        if (
            facts.bidder is not None
            and high is not None
            and self.bids.index(high) >= self.bids.index(self.take)
        ):
            self.team = tuple(sorted((facts.bidder, self.partner_of(facts.bidder))))

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        if self.team is None:
            raise Resync
        return self.team, tuple(s for s in range(self.players) if s not in self.team)

    def value(self, card: int, side: int, number: int) -> int:
        if side == 0 and self.honour[card]:
            self.honours += 1
        return self.values[card]

    def points(self, side: int) -> int:
        return self.sums[side] - self.counts[side] // 2  # T8: counted in pairs

    def needed(self) -> int | None:
        return _positive(self.targets[self.honours] - self.points(0))
