"""Taroinche's facts writer and follower (B3-B5): the auction, the coinche and surcoinche, and
its end."""

from __future__ import annotations

from typing import Any

from tarocchi.core.actions import Action
from tarocchi.core.views import PlayerView
from tarocchi.games.taroinche.rules import (
    auction_over,
    first_player,
    sides,
    still_needed,
    surcoinche_speakers,
    surcoinched,
)
from tarocchi.research.encoding import Encoder, FactsWriter, Floats, Layout, put_mask, seat_at
from tarocchi.research.followers.base import Follower, Resync

FACT_SLOTS = ("contract", "bid_value", "bid_trump", "bid_mode", "taker", "partner", "coinche", "coincher")
"""The Taroinche facts slots the auction's follower writes."""


def facts(enc: Encoder, layout: Layout) -> FactsWriter:
    """Taroinche's facts slots (B3-B5: the first player, the contract, the shown dog, the
    coinche, the belote, what lay face down) and their writer."""
    from tarocchi.games.taroinche.rules import CAPOT, COINCHE_WORDS, MODE_NAMES, TRUMP_CODES
    from tarocchi.games.taroinche.views import TaroincheFacts

    n, d = enc.players, enc.cards
    first = layout.add("facts.first_player", n, 0, 1, "who speaks and leads first, relative")
    contract = layout.add("facts.contract", 1, 0, 1, "1 once somebody has bid")
    value = layout.add("facts.bid_value", 1, 0, CAPOT, f"the highest bid's value (82..180, {CAPOT} Capot)")
    trump = layout.add("facts.bid_trump", len(TRUMP_CODES), 0, 1, "its trump: S H C D, No-trump, All-trump")
    mode = layout.add("facts.bid_mode", len(MODE_NAMES), 0, 1, "its dog mode: With, Without, Against")
    taker = layout.add("facts.taker", n, 0, 1, "the taker, relative")
    partner = layout.add("facts.partner", n, 0, 1, "the taker's partner (the taker for a solo), relative")
    dog = layout.add("facts.dog", d, 0, 1, "the With dog shown to all (B4)")
    coinche = layout.add("facts.coinche", len(COINCHE_WORDS), 0, 1, "none, coinched, surcoinched")
    coincher = layout.add("facts.coincher", n, 0, 1, "who coinched, relative")
    belote = layout.add("facts.belote", n, 0, 1, "who announced the belote (B5), relative")
    turned = layout.add("facts.turned_up", d, 0, 1, "what lay face down, turned up at the end (B4)")

    def write(view: PlayerView, seat: int, out: Floats) -> None:
        f = TaroincheFacts.of(view)
        seat_at(out, first, seat, f.first_player, n)
        if f.contract is not None:
            bid = f.contract.bid
            out[contract] = 1
            out[value] = bid.value
            out[trump + bid.trump] = 1
            out[mode + bid.mode - 1] = 1
            seat_at(out, taker, seat, f.contract.taker, n)
            seat_at(out, partner, seat, f.contract.partner, n)
        put_mask(out, dog, d, f.dog.mask)
        out[coinche + f.coinche] = 1
        seat_at(out, coincher, seat, f.coincher, n)
        seat_at(out, belote, seat, f.belote, n)
        put_mask(out, turned, d, f.turned_up.mask)

    return write


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
        self.contract_sides: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        """The attack and the defence, once there is a bid (B3)."""
        self.auction, self.surcoinche, self.play = Phase.AUCTION, Phase.SURCOINCHE, Phase.PLAY
        self.phase: Any = None
        self.phases = enc.phases
        self.phase_at = enc.observation_layout.slot("phase").start
        self.bid_type = Bid
        self.pass_call, self.coinche_call, self.surcoinche_call = PASS, COINCHE, SURCOINCHE
        self.contract: tuple[Any, int, int] | None = None
        self.passes = 0
        """Passes since the last bid or coinche (the engine's count)."""
        self.coincher = -1
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
        self.first = first_player(dealer)
        mv[self.first_at + self.rel[self.first]] = self.one
        mv[self.slots["coinche"]] = self.one
        self.contract = None
        self._contract_changed()
        self.belote = False
        self.passes = 0
        self.coincher = -1
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
        self.coincher = -1 if facts.coincher is None else facts.coincher
        self.passes = 0
        for event in view.events:
            if type(event.action) is self.bid_type or event.action is self.coinche_call:
                self.passes = 0
            elif event.action is self.pass_call:
                self.passes += 1
        self.ending = self.swapped = False

    def _contract_changed(self) -> None:
        if self.contract is None:
            self.contract_sides = None
            return
        bid, taker, partner = self.contract
        self.card_values = self.table = self.rules.CONTRACTS[bid.trump].values
        self.bid_value = bid.value
        self.contract_sides = sides(taker, partner)

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
                self.ending = self.passes == len(surcoinche_speakers(self.coincher, taker, partner))
                return None
            if action is not self.surcoinche_call:
                raise Resync
            mv[at["coinche"] + 1] = self.zero
            mv[at["coinche"] + 2] = self.one
            now_taker, now_partner = surcoinched(seat, taker, partner)
            if now_taker != taker:
                self._set_contract(mv, (bid, now_taker, now_partner))
                self.swapped = True
            self.ending = True
            return None
        if self.phase is not self.auction:
            raise Resync
        if action is self.pass_call:
            self.passes += 1
            if auction_over(self.passes, self.contract is not None):
                if self.contract is None:
                    raise Resync  # thrown in: the hand is over
                self.ending = True
            return None
        if action is self.coinche_call:
            mv[at["coinche"]] = self.zero
            mv[at["coinche"] + 1] = self.one
            mv[at["coincher"] + rel[seat]] = self.one
            self.coincher = seat
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
        if self.contract_sides is None:
            raise Resync
        return self.contract_sides

    def value(self, card: int, side: int, number: int) -> int:
        return self.card_values[card]

    def needed(self) -> int | None:
        # the last trick's 10 counts once the hand is over, which is encoded in full
        return still_needed(self.bid_value, self.sums[0], self.won[0], self.won[1], self.belote, False)
