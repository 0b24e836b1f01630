"""Taroux's facts writer and follower (T3-T8): the auction, the re-contra, the declarations and
the Honours won."""

from __future__ import annotations

from typing import Any, cast

from tarocchi.core.actions import Action, Call
from tarocchi.core.cards import Positions
from tarocchi.core.views import PlayerView
from tarocchi.games.taroux.rules import (
    auction_over,
    bid_level,
    in_pairs,
    real_bid,
    sides,
    still_needed,
    takes_stock,
    window_passes_on,
)
from tarocchi.research.encoding import Encoder, FactsWriter, Floats, Layout, put_mask, seat_at
from tarocchi.research.followers.base import Follower, Resync


def facts(enc: Encoder, layout: Layout) -> FactsWriter:
    """Taroux's facts slots (T3-T6: the highest bid, its bidder, the Contra, the passes, the
    stock turned up, the trumps discarded, the Abundances, the Sparrow and a Slam) and their
    writer."""
    from tarocchi.games.taroux.rules import BID_NAMES, CONTRA_NAMES, PASSES_TO_END, STOCK_SIZE
    from tarocchi.games.taroux.views import TarouxFacts

    n, d = enc.players, enc.cards
    words = BID_NAMES[1:]
    half = STOCK_SIZE // 2
    high = layout.add("facts.high_bid", len(words), 0, 1, f"the highest bid: {', '.join(words)}")
    bidder = layout.add("facts.bidder", n, 0, 1, "who made it, relative")
    contra = layout.add("facts.contra", len(CONTRA_NAMES), 0, 1, "none, contra, recontra")
    passes = layout.add("facts.passes", 1, 0, PASSES_TO_END + 1, "passes since the last bid (T3)")
    stock = layout.add(
        "facts.stock", (2, d), 0, 1, "the stock turned up under We'll Take (T5): first three, second three"
    )
    trumps = layout.add("facts.trumps_discarded", d, 0, 1, "trumps discarded, which are shown (T5)")
    shown = layout.add("facts.abundances", (n, d), 0, 1, "the trumps each relative seat showed (T6)")
    sparrow = layout.add("facts.sparrow", n, 0, 1, "who announced the Sparrow (T6), relative")
    slam = layout.add("facts.slam", n, 0, 1, "who announced a Slam (T6), relative")

    def write(view: PlayerView, seat: int, out: Floats) -> None:
        f = TarouxFacts.of(view)
        if f.high_bid is not None:
            out[high + bid_level(f.high_bid) - 1] = 1
        seat_at(out, bidder, seat, f.bidder, n)
        out[contra + f.contra] = 1
        out[passes] = f.passes
        if f.stock is not None:
            for i, card in enumerate(f.stock):
                out[stock + (i // half) * d + card.index] = 1
        put_mask(out, trumps, d, f.trumps_discarded.mask)
        for who, cards in enumerate(f.abundances):
            put_mask(out, shown + (who - seat) % n * d, d, cards.mask)
        seat_at(out, sparrow, seat, f.sparrow, n)
        seat_at(out, slam, seat, f.slam, n)

    return write


class TarouxFollower(Follower):
    additive = False  # T8: counted in pairs; and the Honours won set the target

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        from tarocchi.games.taroux import rules

        self.values = rules.VALUES
        self.fool = rules.FOOL
        self.honour = tuple(bool(rules.HONOURS >> card & 1) for card in range(enc.cards))
        """Whether each card is an Honour (a tuple: the mask is no machine int)."""
        self.players = rules.PLAYERS
        self.honours = 0
        self.contract_sides: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        """The Declarers and the Defenders once a real bid is made (T3)."""
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
        self.contract_sides = None
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
            recontra = word == "recontra"
            if (not recontra and word != "decline") or self.bidder is None:
                raise Resync
            if window_passes_on(seat, self.bidder, recontra):
                return None
            if recontra:
                mv[self.ix[self.contra_at + self.contra]] = self.zero
                mv[self.ix[self.contra_at + 2]] = self.one
                self.contra = 2
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
            if auction_over(self.passes, self.high):
                if not real_bid(self.high):
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
        self.contract_sides = sides(seat) if real_bid(level) else None
        return None

    def on_note(self, mv: memoryview, seat: int | None) -> int | None:
        """T4: the bidder's note ends the auction; under Without and Against the round of
        declarations follows, from him (under We'll Take the stock is turned up: the view)."""
        if self.noted is not None and seat == self.noted:
            self.noted = None  # T6: an Abundance counted, which its shown trumps already say
            return None
        if not self.ending or seat != self.bidder or takes_stock(self.high):
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
        self.high = bid_level(facts.high_bid)
        self.bidder = facts.bidder
        self.contra = facts.contra
        self.passes = facts.passes
        self.shown = [cards.mask.bit_count() for cards in facts.abundances]
        self.noted = None
        self.contract_sides = (
            sides(facts.bidder) if facts.bidder is not None and real_bid(self.high) else None
        )

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        if self.contract_sides is None:
            raise Resync
        return self.contract_sides

    def value(self, card: int, side: int, number: int) -> int:
        if side == 0 and self.honour[card]:
            self.honours += 1
        return self.values[card]

    def points(self, side: int) -> int:
        return in_pairs(self.sums[side], self.counts[side])

    def needed(self) -> int | None:
        return still_needed(self.points(0), self.honours)
