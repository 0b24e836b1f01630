"""Tensors kept up to date from a seat's events: the fast path of the research loop.

``encode_information_state(view)`` rewrites every slice from a ``PlayerView`` at every step, and
building that view costs as much again (docs/performance.md). An ``IncrementalEncoder`` keeps one
preallocated tensor per seat and, at each call, reads only the events of the hand added since its
last call for that seat, through the seat's audience filter (``Event.seen_by``, the filter of
``core.events.visible_since`` and of every view), writing only the entries they change: a card
played leaves the hand, enters the trick and the cards played; a trick won moves to the history
and counts for its winner and the running state; a call takes its history slot and, where the
game's follower knows the rules it applies (bids and passes, a coinche, declarations, one's own
discards, the end of an auction when play or the declarations follow at once), writes the facts
and phase it changes. Anything else (another note, an event hidden from the seat, another hand,
an earlier state or another branch, the hand over) is encoded in full from the seat's view by
the reference encoder, and the seat is followed from there. So the tensor is, at every step, the
one ``Encoder`` writes from the view (tests/research/test_incremental.py compares them bit for
bit over random hands of every game and option), and nothing enters it that the seat's view does
not hold: what is read of the state is its log through the seat's filter, who is to act, the
legal actions when they are the seat's own, and the view.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tarocchi.core.actions import Action, Discard, Play
from tarocchi.core.events import Event, EventLog
from tarocchi.core.protocol import Game
from tarocchi.core.running import Running
from tarocchi.core.tricks import TrickTable
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder, Floats, Mask, encoder


def _seen_since(log: EventLog, seat: int, tail: EventLog) -> list[Event] | None:
    """The events ``log`` added to ``tail``, oldest first, if ``seat`` may see them all
    (``Event.seen_by``: the filter of ``core.events.visible_since`` and of every view); None if
    one is hidden from it, whose public traces (a hand's size) no event of its own shows, or if
    ``log`` did not grow from ``tail`` (another hand, an earlier or another branch's state).

    Not ``visible_since`` itself: compiled by mypyc, it boxes each node of the log anew, so that
    ``node is tail`` never holds and it never sees a log grow (it then returns every event,
    which is correct for a view but would make every step here a full encode)."""
    added: list[Event] = []
    node = log
    while node is not tail:
        if node is None:
            return None
        event = node[0]
        if not event.seen_by(seat):
            return None
        added.append(event)
        node = node[1]
    added.reverse()
    return added


CACHED_LEGAL = 4096
"""Tuples of legal actions whose ids are kept (then the cache starts again)."""


class _Resync(Exception):
    """The events cannot be followed one by one: encode the seat's view in full."""


class _Facts:
    """A game's facts slots, phase and running state over the events followed (card plays, won
    tricks, and the calls and notes the game's subclass knows); raises ``_Resync`` for whatever
    else would change them.

    The running state (tricks and card points per side, what the first side still needs) is
    kept from the sides the last view named; the game says what a card is worth to a side
    (``value``), what a side's cards count (``points``) and what the first side needs."""

    fool: int | None = None
    """The card that stays with the side that played it (C4), if the game has one."""
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
        self.rel: list[int] = []
        """Relative seats of the seat encoded (set by its tracker)."""
        self.sides: tuple[tuple[int, ...], ...] | None = None
        self.side_of: dict[int, int] = {}
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
        raise _Resync

    def sync_game(self, view: PlayerView) -> None:
        """Read the game's own facts from the view (after a full encode)."""

    def on_play(self, mv: memoryview, seat: int, card: int, first: bool) -> None:
        """A card played (``first``: it leads the trick)."""

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        """Any other action seen (a bid, a pass): write the facts it changes, or ``_Resync``;
        the seat to lead if it starts the play (its phase written)."""
        raise _Resync

    def on_note(self, mv: memoryview, seat: int) -> int | None:
        """What the rules did by themselves, a note by ``seat`` (no trick won): as ``on_call``."""
        raise _Resync

    def on_trick(self, mv: memoryview, number: int) -> None:
        """Trick ``number`` (from 0) was won; the game's slots other than running."""

    # -- running state -----------------------------------------------------------------------
    def sync(self, view: PlayerView) -> None:
        running: Running | None = getattr(view.facts, "running", None)
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
            self._count(number, tuple((who, card.index) for who, card in trick.plays), trick.winner)

    def _start(self, sides: tuple[tuple[int, ...], ...]) -> None:
        self.sides = sides
        self.side_of = {seat: i for i, members in enumerate(sides) for seat in members}
        self.won = [0] * len(sides)
        self.sums = [0] * len(sides)
        self.counts = [0] * len(sides)

    def _count(self, number: int, plays: tuple[tuple[int, int], ...], winner: int) -> None:
        side_of = self.side_of
        side = side_of.get(winner)
        if side is not None:
            self.won[side] += 1
        fool = self.fool
        table = self.table
        sums, counts = self.sums, self.counts
        for who, card in plays:
            owner = side_of.get(who) if card == fool else side
            if owner is not None:
                sums[owner] += table[card] if table is not None else self.value(card, owner, number)
                counts[owner] += 1

    def trick_won(self, mv: memoryview, number: int, plays: tuple[tuple[int, int], ...], winner: int) -> None:
        """Count the trick for the running state and write its slots."""
        if self.sides is None:
            sides = self.public_sides(mv)
            if sides is None:  # hidden: no running state yet
                self.on_trick(mv, number)
                return
            if number:
                raise _Resync  # the earlier tricks' piles: the view counts them
            self._start(sides)
            mv[self.running_at] = 1
            for who in sides[0]:
                mv[self.side_at + self.rel[who]] = 1
        self._count(number, plays, winner)
        at = self.side_tricks
        mv[at] = self.won[0]
        mv[at + 1] = self.won[1]
        at = self.side_points
        mv[at] = self.points(0)
        mv[at + 1] = self.points(1)
        needed = self.needed()
        at = self.needed_at
        if needed is None:
            mv[at] = 0
            mv[at + 1] = 0
        else:
            mv[at] = 1
            mv[at + 1] = needed
        self.on_trick(mv, number)


class _Piedmont(_Facts):
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

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        return self.sides_always

    def value(self, card: int, side: int, number: int) -> int:
        if self.allegiance and not self.scores(card, side, self.segment_for(self.segments, number)):
            return 0
        return self.values[card]

    def sync_game(self, view: PlayerView) -> None:
        from tarocchi.games.piedmont.views import PiedmontFacts

        facts = PiedmontFacts.of(view)
        self.segments = facts.segments
        self.led = facts.led
        self.tricks = len(view.tricks)
        self.own = next(i for i, side in enumerate(self.partnerships) if view.seat in side)

    def on_play(self, mv: memoryview, seat: int, card: int, first: bool) -> None:
        if self.allegiance and self.good_evil >> card & 1:
            raise _Resync  # a call, a reversal or a dead card (P4)
        if self.led is None:
            led = self.leads[card]
            if led is not None:
                self.led = led
                mv[self.led_at + led] = 1

    def on_trick(self, mv: memoryview, number: int) -> None:
        if self.led is not None:
            mv[self.led_at + self.led] = 0
            self.led = None
        self.tricks = trick = number + 1
        if self.segments and trick < self.enc.max_tricks:
            side = next((s for start, s in reversed(self.segments) if start <= trick), None)
            if side is not None:
                mv[self.earth_air + trick * 2 + (0 if side == self.own else 1)] = 1


class _Sicilian(_Facts):
    own_discards = True  # S4, S5: the discarder's, one by one; the last is followed by a note or FaceDown

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.sicilian import rules

        self.values = self.table = rules.VALUES
        self.fool = rules.FOOL
        self.half = rules.HALF
        self.players = rules.PLAYERS
        self.played_at = enc.observation_layout.slot("played").start
        self.facts: Any = None

    def sync_game(self, view: PlayerView) -> None:
        from tarocchi.games.sicilian.views import SicilianFacts

        self.facts = SicilianFacts.of(view)

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        """``sicilian.views.public_sides`` from the facts: a rallied partner is public once the
        rallied card is played (a note, re-read from the view, says so)."""
        from tarocchi.games.sicilian.state import Mode

        facts = self.facts
        if facts.declarer is None:
            raise _Resync
        team: tuple[int, ...] = (facts.declarer,)
        if facts.mode is Mode.COP:
            team = tuple(sorted((facts.declarer, facts.partner)))
        elif facts.mode is Mode.RALLY:
            if facts.rallied is None or not mv[self.played_at + facts.rallied.index]:
                return None
            if facts.partner is None:
                raise _Resync
            team = tuple(sorted((facts.declarer, facts.partner)))
        return team, tuple(s for s in range(self.players) if s not in team)

    def value(self, card: int, side: int, number: int) -> int:
        return self.values[card]

    def needed(self) -> int | None:
        # the last trick's bonus counts once the hand is over, which is encoded in full
        return max(0, self.half + 1 - (self.sums[0] + self.won[0]))


FACT_SLOTS = ("contract", "bid_value", "bid_trump", "bid_mode", "taker", "partner", "coinche", "coincher")
"""The Taroinche facts slots the auction's follower writes."""


class _Taroinche(_Facts):
    """B3-B5: bids, passes, a coinche and a surcoinche, and the auction's end when play begins
    at once (Without and Against: under With the dog is shown, which only the view says)."""

    own_discards = True  # B4: the taker's two under With; the second is followed by a FaceDown

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.taroinche import rules
        from tarocchi.games.taroinche.bidding import COINCHE, PASS, SURCOINCHE, Bid
        from tarocchi.games.taroinche.state import Phase

        self.rules = rules
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
        mv[self.phase_at + self.phases.index(self.phase)] = 0
        self.phase = phase
        mv[self.phase_at + self.phases.index(phase)] = 1

    def _set_contract(self, mv: memoryview, contract: tuple[Any, int, int]) -> None:
        at, rel = self.slots, self.rel
        if self.contract is not None:
            old, taker, partner = self.contract
            mv[at["bid_trump"] + old.trump] = 0
            mv[at["bid_mode"] + old.mode - 1] = 0
            mv[at["taker"] + rel[taker]] = 0
            mv[at["partner"] + rel[partner]] = 0
        bid, taker, partner = self.contract = contract
        mv[at["contract"]] = 1
        mv[at["bid_value"]] = bid.value
        mv[at["bid_trump"] + bid.trump] = 1
        mv[at["bid_mode"] + bid.mode - 1] = 1
        mv[at["taker"] + rel[taker]] = 1
        mv[at["partner"] + rel[partner]] = 1
        self._contract_changed()

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        """B3: a bid is the new contract, its bidder the taker with the partner it names; a
        coinche hands the word to the taker's side; four passes after a bid, the taker's side's
        passes, or a surcoinche (a surcoinching partner becoming the taker) end the auction."""
        if self.ending:
            raise _Resync
        at, rel = self.slots, self.rel
        if self.phase is self.surcoinche and self.contract is not None:
            bid, taker, partner = self.contract
            if action is self.pass_call:
                self.passes += 1
                self.ending = self.passes == len({taker, partner})
                return None
            if action is not self.surcoinche_call:
                raise _Resync
            mv[at["coinche"] + 1] = 0
            mv[at["coinche"] + 2] = 1
            if seat != taker:
                self._set_contract(mv, (bid, seat, taker))
                self.swapped = True
            self.ending = True
            return None
        if self.phase is not self.auction:
            raise _Resync
        if action is self.pass_call:
            self.passes += 1
            if self.contract is None:
                if self.passes == self.rules.PLAYERS:
                    raise _Resync  # thrown in: the hand is over
            else:
                self.ending = self.passes == self.rules.PLAYERS - 1
            return None
        if action is self.coinche_call:
            mv[at["coinche"]] = 0
            mv[at["coinche"] + 1] = 1
            mv[at["coincher"] + rel[seat]] = 1
            self._set_phase(mv, self.surcoinche)
            self.passes = 0
            return None
        if type(action) is not self.bid_type:
            raise _Resync
        made: Any = action
        self._set_contract(mv, (made, seat, made.partner))
        self.passes = 0
        return None

    def on_note(self, mv: memoryview, seat: int) -> int | None:
        """The auction's end: a surcoinching partner's note, then the taker's; under Without and
        Against play begins, the first player leading (under With the dog is shown: the view)."""
        if not self.ending or self.contract is None:
            raise _Resync
        bid, taker, _ = self.contract
        if seat != taker:
            raise _Resync
        if self.swapped:
            self.swapped = False
            return None
        if bid.mode == self.rules.WITH:
            raise _Resync
        self.ending = False
        self._set_phase(mv, self.play)
        return self.first

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        if self.attack is None:
            raise _Resync
        return self.attack, tuple(s for s in range(self.rules.PLAYERS) if s not in self.attack)

    def value(self, card: int, side: int, number: int) -> int:
        return self.card_values[card]

    def needed(self) -> int | None:
        rules = self.rules
        if self.bid_value == rules.CAPOT:
            return None if self.won[1] else rules.TRICKS - self.won[0]
        # the last trick's 10 counts once the hand is over, which is encoded in full
        return max(0, self.bid_value - (self.sums[0] + (rules.BELOTE if self.belote else 0)))


class _Taroux(_Facts):
    additive = False  # T8: counted in pairs; and the Honours won set the target

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.taroux import rules

        self.values = rules.VALUES
        self.fool = rules.FOOL
        self.honour_mask = rules.HONOURS
        self.targets = rules.TARGETS
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
        self.declare = Phase.DECLARE
        self.play = Phase.PLAY
        self.phase: Any = None
        self.declared = 0
        self.show_type = Show
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

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        """T3: a pass counts; a bid is the highest, by its bidder, not contra'd, no passes since.
        T6: a shown trump, the Sparrow, a Slam; the sixth ``done`` starts the play, the bidder
        leading. The rest (a contra, the auction's end, an Abundance counted: notes say them)
        is read from the view."""
        if self.phase is self.declare:
            return self._declare(mv, seat, action)
        word = getattr(action, "word", None)
        if self.phase is not self.auction or word is None:
            raise _Resync
        if self.ending:
            raise _Resync
        if word == "pass":
            self.passes += 1
            mv[self.passes_at] = self.passes
            if self.passes == self.passes_to_end + (self.high == 0):
                if self.high < self.take_level:
                    raise _Resync  # thrown in: the hand is over
                self.ending = True  # the bidder's note follows
            return None
        level = self.levels.get(word)
        if level is None:
            raise _Resync
        if self.high:
            mv[self.high_at + self.high - 1] = 0
        mv[self.high_at + level - 1] = 1
        self.high = level
        if self.bidder is not None:
            mv[self.bidder_at + self.rel[self.bidder]] = 0
        mv[self.bidder_at + self.rel[seat]] = 1
        self.bidder = seat
        mv[self.contra_at + self.contra] = 0
        mv[self.contra_at] = 1
        self.contra = 0
        self.passes = 0
        mv[self.passes_at] = 0
        self.team = tuple(sorted((seat, self.partner_of(seat)))) if level >= self.take_level else None
        return None

    def on_note(self, mv: memoryview, seat: int) -> int | None:
        """T4: the bidder's note ends the auction; under Without and Against the round of
        declarations follows, from him (under We'll Take the stock is turned up: the view)."""
        if not self.ending or seat != self.bidder or self.high == self.take_level:
            raise _Resync
        self.ending = False
        mv[self.phase_at + self.enc.phases.index(self.phase)] = 0
        self.phase = self.declare
        mv[self.phase_at + self.enc.phases.index(self.declare)] = 1
        self.declared = 0
        return None

    def _declare(self, mv: memoryview, seat: int, action: Action) -> int | None:
        if type(action) is self.show_type:
            card: Any = action
            mv[self.shown_at + self.rel[seat] * self.enc.cards + card.card.index] = 1
        elif action is self.sparrow_call:
            mv[self.sparrow_at + self.rel[seat]] = 1
        elif action is self.slam_call:
            mv[self.slam_at + self.rel[seat]] = 1
        elif action is self.done_call:
            self.declared += 1
            if self.declared == self.players:
                if self.bidder is None:
                    raise _Resync
                mv[self.phase_at + self.enc.phases.index(self.declare)] = 0
                self.phase = self.play
                mv[self.phase_at + self.enc.phases.index(self.play)] = 1
                return self.bidder
        else:
            raise _Resync
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
            raise _Resync
        return self.team, tuple(s for s in range(self.players) if s not in self.team)

    def value(self, card: int, side: int, number: int) -> int:
        if side == 0 and self.honour_mask >> card & 1:
            self.honours += 1
        return self.values[card]

    def points(self, side: int) -> int:
        return self.sums[side] - self.counts[side] // 2  # T8: counted in pairs

    def needed(self) -> int | None:
        return max(0, self.targets[self.honours] - self.points(0))


FACTS: dict[str, type[_Facts]] = {
    "piedmont": _Piedmont,
    "sicilian": _Sicilian,
    "taroinche": _Taroinche,
    "taroux": _Taroux,
}
"""Each game's facts follower; a game without one is encoded in full at every step."""


class _Seat:
    """One seat's tensor and what it was written from: the log it had read to, its hand, the
    trick in progress as it saw it, and the game's facts."""

    def __init__(self, enc: Encoder, seat: int) -> None:
        n = enc.players
        self.seat = seat
        self.tensor: Floats = enc.information_state_buffer()
        self.mv: memoryview = self.tensor.data  # its items written one by one: cheaper than numpy's
        self.rel = [(who - seat) % n for who in range(n)]
        self.tail: EventLog = None
        self.fresh = False
        """Whether the seat may be followed on from ``tail`` (not after the hand was over, and
        not from an empty log, which every hand's log grows from: see ``_update``)."""
        self.sizes: list[int] = []
        self.playing = False
        self.leader = 0
        self.plays: list[tuple[int, int]] = []
        self.tricks = 0
        self.to_act: int | None = None
        self.calls = 0
        """Calls written to the history's slots (the rest counted as dropped)."""
        self.dropped = 0
        self.facts: _Facts | None = FACTS[enc.game.info.id](enc) if enc.game.info.id in FACTS else None
        if self.facts is not None:
            self.facts.rel = self.rel


class IncrementalEncoder:
    """Each seat's information-state tensor (and its observation, the tensor's first slices)
    kept up to date from the events it may see (module docstring): ``encode(state, seat)``.

    One per environment or loop: it holds a tensor per seat, and the tensor ``encode`` returns
    is that seat's own, rewritten by its next call (copy it to keep it)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.encoder = enc = encoder(game)
        self.players = enc.players
        self.cards = enc.cards
        self.observation_size = enc.observation_layout.size
        self._ids = {action: i for i, action in enumerate(game.actions)}
        self._by_identity = {id(action): i for i, action in enumerate(game.actions)}
        """Ids by the identity of the game's own action objects, which it keeps alive."""
        self._cache: dict[int, tuple[tuple[Action, ...], list[int]]] = {}
        self._arrays: dict[int, tuple[tuple[Action, ...], npt.NDArray[np.intp]]] = {}
        self._seats = [_Seat(enc, seat) for seat in range(game.players)]
        self.full_encodes = 0
        """Calls encoded in full from the seat's view (the rest followed its events)."""
        layout = enc.information_state_layout
        self._to_act = layout.slot("to_act").start
        self._hand = layout.slot("hand").start
        self._discard = layout.slot("own_discard").start
        self._sizes = layout.slot("hand_sizes").start
        self._leader = layout.slot("trick_leader").start
        self._trick = layout.slot("trick").start
        self._played = layout.slot("played").start
        self._won = layout.slot("tricks_won").start
        self._tricks = layout.slot("tricks").start
        self._leaders = layout.slot("trick_leaders").start
        self._winners = layout.slot("trick_winners").start
        self._calls = layout.slot("calls").start
        self._width = layout.slot("calls").shape[1]
        self._dropped = layout.slot("calls_dropped").start

    # -- tensors ---------------------------------------------------------------------------
    def information_state(self, state: Any, seat: int) -> Floats:
        """``seat``'s information-state tensor of ``state``: the seat's own buffer."""
        return self._update(state, seat)

    def observation(self, state: Any, seat: int) -> Floats:
        """``seat``'s observation tensor of ``state``: the first slices of its own buffer."""
        return self._update(state, seat)[: self.observation_size]

    def encode(self, state: Any, seat: int, tensor: str, out: Floats | None = None) -> Floats:
        """The ``tensor`` ("observation" or "information_state") of ``seat``, copied into ``out``
        when given (the seat's own buffer otherwise)."""
        found = (
            self.observation(state, seat) if tensor == "observation" else self.information_state(state, seat)
        )
        if out is None:
            return found
        out[:] = found
        return out

    def action_mask(self, state: Any, seat: int, out: Mask | None = None) -> Mask:
        """1 at the id of each legal action if ``seat`` is to act, else all 0 (as the view's)."""
        mask = self.encoder.mask_buffer() if out is None else out
        mask.fill(0)
        game = self.game
        if game.to_act(state) != seat:
            return mask
        legal = game.legal_actions(state)
        if len(legal) <= 16:  # a trick's plays: each id written as it is found
            items = mask.data
            find = self._by_identity.get
            for action in legal:
                i = find(id(action))
                items[self._ids[action] if i is None else i] = 1
            return mask
        many = self._arrays.get(id(legal))  # an auction's bids: numpy's indexing, by an array
        if many is None or many[0] is not legal:  # made once for this tuple
            if len(self._arrays) >= CACHED_LEGAL:
                self._arrays.clear()
            many = self._arrays[id(legal)] = (legal, np.array(self.legal_ids(legal), dtype=np.intp))
        mask[many[1]] = 1
        return mask

    def _action_id(self, action: Action) -> int:
        found = self._by_identity.get(id(action))
        return self._ids[action] if found is None else found

    def observe(self, state: Any, seat: int, tensor: str) -> dict[str, Floats | Mask]:
        """``Encoder.observe`` of the seat's view, in new arrays, without building the view."""
        return {
            "observation": self.encode(state, seat, tensor).copy(),
            "action_mask": self.action_mask(state, seat),
        }

    def legal_ids(self, legal: tuple[Action, ...]) -> list[int]:
        """The ids of ``legal`` (the game's fixed action space). The engine hands out its
        pre-built actions, and often the same tuple of them again (an auction's bids), so the
        ids are found by identity where they can be: hashing hundreds of bids costs more than
        the rest of a step."""
        cached = self._cache.get(id(legal))
        if cached is not None and cached[0] is legal:
            return cached[1]
        by_identity = self._by_identity
        ids = self._ids
        found = [ids[action] if (i := by_identity.get(id(action))) is None else i for action in legal]
        if len(self._cache) >= CACHED_LEGAL:
            self._cache.clear()
        self._cache[id(legal)] = (legal, found)  # the tuple is kept, so its id is not reused
        return found

    # -- the seat's tracker ------------------------------------------------------------------
    def _update(self, state: Any, seat: int) -> Floats:
        """Follow the seat from its last call if ``state``'s log grew from that one's (the same
        object: the log is a persistent list), else encode it in full. An empty last log is
        never followed: the log of any hand, this one or another deal, grows from it."""
        tracker = self._seats[seat]
        log: EventLog = state.events
        if tracker.fresh and tracker.tail is not None:
            if log is tracker.tail:
                return tracker.tensor  # nothing new (asked again)
            events = _seen_since(log, seat, tracker.tail)
            if events is not None:
                try:
                    self._follow(tracker, events, state)
                    tracker.tail = log
                    return tracker.tensor
                except _Resync:
                    pass
        self._full(tracker, state, log)
        return tracker.tensor

    def _full(self, tracker: _Seat, state: Any, log: EventLog) -> None:
        """Encode the seat's view in full and start following from it."""
        view = self.game.view(state, tracker.seat)
        self._clear(tracker)
        calls = self.encoder.write_information_state(view, tracker.tensor)
        self.full_encodes += 1
        tracker.tail = log
        tracker.sizes = list(view.hand_sizes)
        tracker.playing = view.trick is not None
        tracker.leader = view.trick.leader if view.trick is not None else 0
        tracker.plays = (
            [(who, card.index) for who, card in view.trick.plays] if view.trick is not None else []
        )
        tracker.tricks = len(view.tricks)
        tracker.to_act = view.to_act
        tracker.calls = min(calls, self.encoder.call_slots)
        tracker.dropped = calls - tracker.calls
        if tracker.facts is not None:
            tracker.facts.sync(view)
        # the hand over, or a game nobody follows: encoded in full every time
        tracker.fresh = view.to_act is not None and tracker.facts is not None

    def _clear(self, tracker: _Seat) -> None:
        """Zero what the seat's tensor may hold: the observation, the tricks and calls written
        (their counts only grow until a full encode), the leaders, winners and dropped calls."""
        tensor = tracker.tensor
        tensor[: self._tricks] = 0
        tensor[self._tricks : self._tricks + tracker.tricks * self.players * self.cards] = 0
        tensor[self._leaders : self._calls] = 0
        tensor[self._calls : self._calls + tracker.calls * self._width] = 0
        tensor[self._dropped] = 0

    def _follow(self, tracker: _Seat, events: list[Event], state: Any) -> None:
        """Write what ``events`` (the seat's, oldest first) change; ``_Resync`` for any the
        game's follower does not know, or once the hand is over (the tracker is then read
        again from the view, so what this left half done does not matter)."""
        mv = tracker.mv
        rel = tracker.rel
        d = self.cards
        n = self.players
        facts = tracker.facts
        assert facts is not None
        on_play = facts.on_play if facts.follows_plays else None
        trick_at, played, sizes_at, leader_at = self._trick, self._played, self._sizes, self._leader
        sizes, plays, leader, me = tracker.sizes, tracker.plays, tracker.leader, tracker.seat
        for event in events:
            action = event[1]
            who = event[0]
            if who is None:
                raise _Resync
            if type(action) is Play:
                if not tracker.playing:
                    raise _Resync
                card = action.card.index
                if not plays:
                    mv[leader_at + rel[leader]] = 0
                    leader = who
                    mv[leader_at + rel[who]] = 1
                    if on_play is not None:
                        on_play(mv, who, card, True)
                elif on_play is not None:
                    on_play(mv, who, card, False)
                plays.append((who, card))
                mv[trick_at + rel[who] * d + card] = 1
                mv[played + card] = 1
                sizes[who] -= 1
                mv[sizes_at + rel[who]] = sizes[who]
                if who == me:
                    mv[self._hand + card] = 0
            elif action is None and event[4]:
                number = event[4] - 1
                if number != tracker.tricks or number >= self.encoder.max_tricks:
                    raise _Resync
                tracker.tricks = number + 1  # first: a full encode clears what is counted
                base = self._tricks + number * n * d
                for player, card in plays:
                    at = rel[player] * d + card
                    mv[base + at] = 1
                    mv[trick_at + at] = 0
                mv[self._leaders + number * n + rel[leader]] = 1
                mv[self._winners + number * n + rel[who]] = 1
                mv[self._won + rel[who]] += 1
                facts.trick_won(mv, number, tuple(plays), who)
                mv[leader_at + rel[leader]] = 0
                leader = who
                mv[leader_at + rel[who]] = 1
                plays = tracker.plays = []
            elif action is not None and not tracker.playing:
                if type(action) is Discard and who == me and facts.own_discards:
                    card = action.card.index
                    mv[self._hand + card] = 0
                    mv[self._discard + card] = 1
                    sizes[who] -= 1
                    mv[sizes_at + rel[who]] = sizes[who]
                elif (lead := facts.on_call(mv, who, action)) is not None:
                    tracker.playing = True  # the first trick, led by ``lead``, is shown empty
                    leader = lead
                    mv[leader_at + rel[lead]] = 1
                if tracker.calls == self.encoder.call_slots:
                    tracker.dropped += 1
                    mv[self._dropped] = tracker.dropped
                else:
                    base = self._calls + tracker.calls * self._width
                    tracker.calls += 1
                    mv[base + rel[who]] = 1
                    mv[base + n + self._action_id(action)] = 1
            elif action is None and not tracker.playing and (lead := facts.on_note(mv, who)) is not None:
                tracker.playing = True
                leader = lead
                mv[leader_at + rel[lead]] = 1
            elif action is not None or tracker.playing:
                raise _Resync
        tracker.leader = leader
        to_act = self.game.to_act(state)
        if to_act is None:
            raise _Resync  # the hand is over: its last facts (turned up cards, bonuses) from the view
        if to_act != tracker.to_act:
            base = self._to_act
            if tracker.to_act is not None:
                mv[base + rel[tracker.to_act]] = 0
            mv[base + rel[to_act]] = 1
            tracker.to_act = to_act
