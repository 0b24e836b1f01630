"""Tensors kept up to date from a seat's events: the fast path of the research loop.

``encode_information_state(view)`` rewrites every slice from a ``PlayerView`` at every step, and
building that view costs as much again (docs/performance.md). An ``IncrementalEncoder`` keeps one
preallocated tensor per seat and, at each call, reads only the events of the hand added since its
last call for that seat, through the seat's audience filter (``Event.seen_by``, the filter of
``core.events.visible_since`` and of every view), writing only the entries they change: a card
played leaves the hand, enters the trick and the cards played; a trick won moves to the history
and counts for its winner and the running state; a call takes its history slot and, where the
game's follower (``research.followers``) knows the rules it applies, writes the facts and phase it and
the rules' notes change; an event hidden from the seat goes to the follower too, which writes its
one trace in the seat's view (a discarder's hand size) or refuses it. A seat not followed yet
this hand (its first call, another hand, a state out of order) is started at the hand's start as
its view then holds it (seat, dealer, scores, the rules' first phase and facts) and followed over
the whole log, its hand and the hands' sizes written after as they are now. Where neither works
(what no follower knows, the hand over) the seat is encoded in full from its view by the
reference encoder, and followed from there. So the tensor is, at every step, the one ``Encoder``
writes from the view (tests/research/test_incremental.py compares them bit for bit over random
hands of every game and option), and nothing enters it that the seat's view does not hold: what
is read of the state is its log through the seat's filter (and of an event hidden from it, who
made it), who is to act, the legal actions (or the state's stored legal mask) when they are the
seat's own, the hand context (dealer, scores), the seat's own hand and the hands' sizes, what
the followers name (a Sicilian Solo's stock shown to all, the Dealer's own stock taken unseen),
and the view.
"""

from __future__ import annotations

from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from tarocchi.core.actions import Action, Discard, FaceDown, Play
from tarocchi.core.cards import MaskMap, Positions
from tarocchi.core.dispatch import Menus
from tarocchi.core.events import Event, EventLog
from tarocchi.core.protocol import Game
from tarocchi.core.registry import manifest_of
from tarocchi.research.encoding import Encoder, Floats, Mask, encoder
from tarocchi.research.followers.base import FLOATS, Follower, Resync, offsets
from tarocchi.research.writers import Put, writer


def _since(log: EventLog, tail: EventLog) -> list[Event] | None:
    """The events ``log`` added to ``tail``, oldest first, whoever may see them (``_follow``
    asks); None if ``log`` did not grow from ``tail`` (another hand, an earlier or another
    branch's state)."""
    added: list[Event] = []
    node = log
    while node is not tail:
        if node is None:
            return None
        added.append(node[0])
        node = node[1]
    added.reverse()
    return added


_BITS_OF: Final = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
"""The bits set in each byte value, lowest first."""

_PLAY: Final = Play
_DISCARD: Final = Discard
_FACE_DOWN: Final = FaceDown
"""The action classes ``_follow`` tests, read from C statics when compiled (not the module's dict)."""

ByteTables = list[tuple[tuple[Any, ...], ...]]
"""A phase's menu as ids by mask byte: per byte of the mask, per byte value, its actions' ids,
each followed by the value to write (``IncrementalEncoder._byte_tables``)."""
_MENU_TABLES: dict[Encoder, tuple[list[ByteTables], list[ByteTables]]] = {}
"""By the game's encoder (one per game and options, ``encoding.encoder``), the tables that set and
clear its phases' action ids (``_menu_tables``)."""

CACHED_LEGAL: Final = 4096
"""Tuples of legal actions whose ids are kept (then the cache starts again)."""
MANY: Final = 48
"""Legal actions from which ``legal_mask`` writes a tuple seen for the first time through an
index array kept for it (an auction's bids, the same tuple again and again), not one by one."""


class _Seat:
    """One seat's tensor and what it was written from: the log it had read to, its hand, the
    trick in progress as it saw it, and the game's facts."""

    def __init__(self, enc: Encoder, seat: int) -> None:
        n = enc.players
        self.seat = seat
        self.tensor: Floats = enc.information_state_buffer()
        self.mv: memoryview = self.tensor.data  # its items written one by one: cheaper than numpy's
        self.rel = [(who - seat) % n for who in range(n)]
        self.put: Put = writer(self.mv)
        """Items of the tensor set two or three at a call (``writers``), as ``_follow`` writes
        them per event."""
        # Rows of the tensor with writers of their own, written at a card's index (an int object
        # shared by all, below 257), not through the int object of an offset in the whole
        # tensor, which each trick and call would read cold from tens of thousands of them
        d = enc.cards
        layout = enc.information_state_layout
        trick = layout.slot("trick").start
        tricks = layout.slot("tricks").start
        calls = layout.slot("calls").start
        width = layout.slot("calls").shape[1]
        self.trick_rows = [writer(self.mv[trick + r * d : trick + (r + 1) * d]) for r in range(n)]
        """The trick in progress, a row of cards per seat relative to this one."""
        self.history_rows = [
            [writer(self.mv[tricks + (t * n + r) * d : tricks + (t * n + r + 1) * d]) for r in range(n)]
            for t in range(enc.max_tricks)
        ]
        """The tricks won, per trick a row of cards per relative seat."""
        self.call_rows = [
            writer(self.mv[calls + c * width : calls + (c + 1) * width]) for c in range(enc.call_slots)
        ]
        """The calls' history, a row per call: its caller, then its action."""
        self.tail: EventLog = None
        self.fresh = False
        """Whether the seat may be followed on from ``tail`` (not after the hand was over, and
        not from an empty log, which every hand's log grows from: see ``_update``)."""
        self.sizes: list[int] = []
        self.playing = False
        self.leader = 0
        self.plays: list[tuple[int, int]] = []
        """The trick in progress as followed: (seat, card) in play order."""
        self.shown = 0
        """How many of ``plays`` the tensor's trick slot shows: ``_follow`` writes a card there
        after its events, so that a card won in the same call is never written and taken out."""
        self.tricks = 0
        self.won = [0] * n
        """Tricks won per relative seat, as the tensor holds them."""
        self.to_act: int | None = None
        self.calls = 0
        """Calls written to the history's slots (the rest counted as dropped)."""
        self.dropped = 0
        declared = manifest_of(enc.game)
        follower = declared.part("follower") if declared is not None else None
        self.facts: Follower | None = follower(enc) if follower is not None else None
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
        self._actions = Positions(game.actions)
        """Ids by the identity of the game's own action objects (``cards.Positions``)."""
        self._play_cards = [action.card.index if type(action) is Play else -1 for action in game.actions]
        """The card each action id plays (-1: no play), for a play found by ``_actions``: read
        for every seat at every card played, where ``action.card.index`` is two generic
        attribute reads."""
        self._cache: dict[int, tuple[tuple[Action, ...], list[int]]] = {}
        self._arrays: dict[int, tuple[tuple[Action, ...], npt.NDArray[np.intp]]] = {}
        self._seats = [_Seat(enc, seat) for seat in range(game.players)]
        self._mask: Mask = enc.mask_buffer()
        self._mask_items: memoryview = self._mask.data
        self._mask_put: Put = writer(self._mask_items)
        self._mask_set: list[tuple[Any, ...]] = []
        """What clears the ids ``legal_mask`` set last: (id, 0, id, 0, ...) tuples for
        ``_mask_put`` (the whole mask cleared at once when they were many)."""
        self._mask_many = False
        self._by_actions: dict[tuple[int, ...], tuple[tuple[Action, ...], npt.NDArray[np.intp]]] = {}
        menus: Menus | None = getattr(game, "menus", None)  # a PhasedGame's, if its states keep them
        self._actor_at = menus.actor if menus is not None else 0
        self._legal_at = menus.legal if menus is not None else 0
        tables = None if menus is None else self._menu_tables(menus)
        self._menu_set: list[ByteTables] | None = None if tables is None else tables[0]
        """Per phase, per byte of a legal mask, per byte value: its actions' ids, each followed
        by 1, to set them in one ``_mask_put`` call."""
        self._menu_clear: list[ByteTables] = [] if tables is None else tables[1]
        """The same with 0: what clears them."""
        self.full_encodes = 0
        """Calls encoded in full from the seat's view (the rest followed its events)."""
        self.starts = 0
        """Calls that started the seat at the hand's start and followed the whole log."""
        layout = enc.information_state_layout
        self._seat_at = layout.slot("seat").start
        self._dealer_at = layout.slot("dealer").start
        self._scores = layout.slot("scores").start
        self._to_act = layout.slot("to_act").start
        self._hand = layout.slot("hand").start
        self._discard = layout.slot("own_discard").start
        self._sizes = layout.slot("hand_sizes").start
        self._leader = layout.slot("trick_leader").start
        self._played = layout.slot("played").start
        self._won = layout.slot("tricks_won").start
        self._tricks = layout.slot("tricks").start
        self._leaders = layout.slot("trick_leaders").start
        self._winners = layout.slot("trick_winners").start
        self._calls = layout.slot("calls").start
        self._width = layout.slot("calls").shape[1]
        self._dropped = layout.slot("calls_dropped").start
        self._max_tricks = enc.max_tricks
        self._index: list[Any] = offsets(layout.size)
        """Every offset of the tensor as an int object (``_follow`` indexes with them)."""
        self._one: Any = 1.0
        self._zero: Any = 0.0
        """The tensor's 1 and 0 as float objects (``Follower.one``)."""
        self._floats: list[Any] = [float(value) for value in range(FLOATS)]
        """Counts (hands' sizes, tricks won) as float objects (``Follower.floats``)."""
        self._call_slots = enc.call_slots
        self._zeros: memoryview = np.zeros(layout.size, dtype=np.float32).data
        """Zeros to copy from (``_clear``)."""
        self._hand_bytes = (self.cards + 7) // 8

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
            for action in legal:
                items[self._action_id(action)] = 1
            return mask
        mask[self._legal_array(legal)] = 1  # an auction's bids: numpy's indexing, by an array
        return mask

    def legal_mask(self, state: Any, seat: int) -> Mask:
        """``action_mask`` in the encoder's own buffer, rewritten by its next call (copy it to
        keep it): only the entries the last call set are cleared, not the whole action space.

        Where the game's states keep their seat to act and legal mask (``core.dispatch.Menus``:
        bit ``i`` is the phase's action ``i``), the ids are read from that mask a byte at a
        time, as the engine selects its legal actions; else from ``legal_actions``."""
        mask = self._mask
        put = self._mask_put
        if self._mask_many:
            mask.fill(0)
            self._mask_many = False
        else:
            for pairs in self._mask_set:
                put(*pairs)
        written: list[tuple[Any, ...]] = []  # Any: the ids stay int objects, not boxed anew
        self._mask_set = written
        tables = self._menu_set
        if tables is not None:
            fields = cast(tuple[Any, ...], state)  # indexed as a tuple, not a generic object
            actor: int = fields[self._actor_at]
            if actor >= -1:  # else a state built by hand: its rules work it out
                if actor != seat:
                    return mask
                legal: int = fields[self._legal_at]
                phase: int = fields[0]
                set_of = tables[phase]  # (typed: indexed by an untyped field, it would be Any)
                clear_of = self._menu_clear[phase]
                # the mask's bytes at once: a mask of 78 cards is no machine int, whose every
                # shift would make a new one; each byte's ids set in one call
                for k, byte in enumerate(legal.to_bytes(len(set_of), "little")):
                    if byte:
                        put(*set_of[k][byte])
                        written.append(clear_of[k][byte])
                return mask
        game = self.game
        if game.to_act(state) != seat:
            return mask
        actions = game.legal_actions(state)
        if len(actions) > MANY:  # an auction's bids: numpy's indexing, by an array kept for them
            mask[self._legal_array(actions)] = 1
            self._mask_many = True
            return mask
        items = self._mask_items
        cleared: list[object] = []
        for action in actions:  # each id written as it is found
            i = self._action_id(action)
            items[i] = 1
            cleared += (i, 0)
        written.append(tuple(cleared))
        return mask

    def _legal_array(self, legal: tuple[Action, ...]) -> npt.NDArray[np.intp]:
        """The ids of ``legal`` as an index array, made once for this tuple, or for the same
        actions in a new tuple (keyed by their identities, whose objects the entry keeps alive,
        so that no other object takes one of them)."""
        many = self._arrays.get(id(legal))  # the same tuple again
        if many is None or many[0] is not legal:
            identities = tuple(map(id, legal))
            many = self._by_actions.get(identities)
            if many is None:
                if len(self._by_actions) >= CACHED_LEGAL:
                    self._by_actions.clear()
                many = self._by_actions[identities] = (legal, np.array(self.legal_ids(legal), dtype=np.intp))
            if len(self._arrays) >= CACHED_LEGAL:
                self._arrays.clear()
            self._arrays[id(legal)] = many
        return many[1]

    def _menu_tables(self, menus: Menus) -> tuple[list[ByteTables], list[ByteTables]]:
        """Every phase's tables that set and that clear its actions' ids, made once per game and
        options (most of an encoder's making: a copied environment makes its encoder anew, and
        the tables, tuples of ids, are the same for every encoder of the game)."""
        found = _MENU_TABLES.get(self.encoder)
        if found is None:
            found = _MENU_TABLES[self.encoder] = (
                [self._byte_tables(menu, 1) for menu in menus.menus],
                [self._byte_tables(menu, 0) for menu in menus.menus],
            )
        return found

    def _byte_tables(self, menu: MaskMap, value: int) -> ByteTables:
        """A phase's menu as ids by mask byte, as ``MaskMap.select`` looks its actions up, each
        id followed by ``value``: the arguments of a ``_mask_put`` call."""
        ids = [self._ids[cast(Action, action)] for action in menu.items]
        return [
            tuple(
                tuple(
                    item
                    for i in range(8)
                    if byte >> i & 1 and start + i < len(ids)
                    for item in (ids[start + i], value)
                )
                for byte in range(256)
            )
            for start in range(0, len(ids), 8)
        ]

    def _action_id(self, action: Action) -> int:
        """The id of one of the game's own actions, found by identity; else of an equal one."""
        found = self._actions.find(action)
        return self._ids[action] if found < 0 else found

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
        found = [self._action_id(action) for action in legal]
        if len(self._cache) >= CACHED_LEGAL:
            self._cache.clear()
        self._cache[id(legal)] = (legal, found)  # the tuple is kept, so its id is not reused
        return found

    # -- the seat's tracker ------------------------------------------------------------------
    def _update(self, state: Any, seat: int) -> Floats:
        """Follow the seat from its last call if ``state``'s log grew from that one's (the same
        object: the log is a persistent list); else start it at the hand's start and follow it
        over the whole log (``_start``); else encode it in full. An empty last log is never
        followed: the log of any hand, this one or another deal, grows from it."""
        tracker = self._seats[seat]
        log: EventLog = state.events
        if tracker.fresh and tracker.tail is not None:
            if log is tracker.tail:
                return tracker.tensor  # nothing new (asked again)
            events = _since(log, tracker.tail)
            if events is not None:
                try:
                    self._follow(tracker, events, state)
                    tracker.tail = log
                    return tracker.tensor
                except Resync:
                    pass
        if tracker.facts is not None:
            events = _since(log, None)  # never None: every log grows from the empty one
            try:
                assert events is not None
                self._start(tracker, state, events)
                self._follow(tracker, events, state)
                self._dealt(tracker, state)
                tracker.tail = log
                tracker.fresh = True
                self.starts += 1
                return tracker.tensor
            except Resync:
                pass
        self._full(tracker, state, log)
        return tracker.tensor

    def _start(self, tracker: _Seat, state: Any, events: list[Event]) -> None:
        """Write the seat's tensor as its view at the hand's start holds it, ``events`` (the
        whole log, oldest first) to be followed from there: its seat, the dealer, the scores
        before the hand, and the phase and facts the rules start from (the follower's
        ``start``). Its hand and the hands' sizes are left to ``_dealt``, after the follow."""
        facts = tracker.facts
        assert facts is not None
        self._clear(tracker)
        me = tracker.seat
        rel = tracker.rel
        mv = tracker.mv
        context = state.context
        mv[self._seat_at + me] = self._one
        mv[self._dealer_at + rel[context.dealer]] = self._one
        for player, score in enumerate(context.scores):
            mv[self._scores + rel[player]] = score
        facts.seat = me
        facts.start(mv, me, context.dealer)
        tracker.sizes = [0] * self.players  # the follow's changes, until ``_dealt``
        tracker.playing = False
        tracker.leader = 0
        tracker.plays = []
        tracker.shown = 0
        tracker.tricks = 0
        tracker.won = [0] * self.players
        tracker.to_act = None
        tracker.calls = 0
        tracker.dropped = 0

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
        tracker.shown = len(tracker.plays)
        tracker.tricks = len(view.tricks)
        tracker.won = [0] * self.players
        for trick in view.tricks:
            if trick.winner is not None:
                tracker.won[tracker.rel[trick.winner]] += 1
        tracker.to_act = view.to_act
        tracker.calls = min(calls, self.encoder.call_slots)
        tracker.dropped = calls - tracker.calls
        if tracker.facts is not None:
            tracker.facts.sync(view)
        # the hand over, or a game nobody follows: encoded in full every time
        tracker.fresh = view.to_act is not None and tracker.facts is not None

    def _dealt(self, tracker: _Seat, state: Any) -> None:
        """After a start's follow: the seat's hand and the hands' sizes as they are now, which
        its view holds (the follow wrote only their changes, from none)."""
        mv = tracker.mv
        rel = tracker.rel
        hands = state.hands
        hand: int = hands[tracker.seat]
        one = self._one
        ix = self._index
        at = self._hand
        # a byte at a time: a hand of 78 cards is no machine int, whose every shift makes a new one
        for byte in hand.to_bytes(self._hand_bytes, "little"):
            if byte:
                for bit in _BITS_OF[byte]:
                    mv[ix[at + bit]] = one
            at += 8
        sizes = tracker.sizes
        floats = self._floats
        for player, mask in enumerate(hands):
            sizes[player] = size = mask.bit_count()
            mv[self._sizes + rel[player]] = floats[size]

    def _clear(self, tracker: _Seat) -> None:
        """Zero what the seat's tensor may hold: the observation, the tricks and calls written
        (their counts only grow until a full encode), the leaders, winners and dropped calls.
        Copied from a zeroed buffer through the memoryview: a memcpy each, where numpy's slice
        assignment writes its scalar float by float (about half the time)."""
        mv = tracker.mv
        zeros = self._zeros
        end = self._tricks + tracker.tricks * self.players * self.cards
        mv[:end] = zeros[:end]  # the observation, then the tricks written
        mv[self._leaders : self._calls] = zeros[: self._calls - self._leaders]
        size = tracker.calls * self._width
        mv[self._calls : self._calls + size] = zeros[:size]
        mv[self._dropped] = self._zero

    def _follow(self, tracker: _Seat, events: list[Event], state: Any) -> None:
        """Write what ``events`` (the seat's, oldest first) change; ``Resync`` for any the
        game's follower does not know, or once the hand is over (the tracker is then read
        again from the view, so what this left half done does not matter)."""
        mv = tracker.mv
        rel = tracker.rel
        n = self.players
        facts = tracker.facts
        assert facts is not None
        follows_plays = facts.follows_plays  # a native call each, not a bound method made
        put = tracker.put
        trick_rows = tracker.trick_rows
        played_at = self._played
        sizes_at = self._sizes
        leader_at = self._leader
        sizes = tracker.sizes  # (one assignment each: unpacked from a tuple, they would be objects)
        plays = tracker.plays
        leader = tracker.leader
        me = tracker.seat
        bit = 1 << me
        one = self._one
        zero = self._zero
        ix = self._index  # the offsets as int objects: no new one made at each write
        floats = self._floats
        facts.state = state
        facts.sizes = sizes
        for event in events:
            action: Action | None = event[1]
            who: int | None = event[0]
            if not event[2] & bit:  # hidden from the seat: the follower writes its trace, or refuses
                facts.on_hidden(mv, who)
                continue
            if who is None:
                if action is not None or event[4]:
                    raise Resync
                lead = facts.on_note(mv, who)  # a note of the rules' own (a bargain's end)
                if lead is not None:
                    raise Resync
                continue
            if type(action) is _PLAY:
                if not tracker.playing:
                    raise Resync
                at = self._actions.find(action)
                card = self._play_cards[at] if at >= 0 else action.card.index
                if not plays:
                    if who != leader:  # (the last trick's winner leads: shown already)
                        put(ix[leader_at + rel[leader]], zero, ix[leader_at + rel[who]], one)
                        leader = who
                    if follows_plays:
                        facts.on_play(mv, who, card, True)
                elif follows_plays:
                    facts.on_play(mv, who, card, False)
                plays.append((who, card))  # shown in the trick after the events (``shown``)
                size: int = sizes[who] - 1
                sizes[who] = size
                if who == me:
                    put(
                        ix[played_at + card],
                        one,
                        ix[sizes_at + rel[who]],
                        floats[size],
                        ix[self._hand + card],
                        zero,
                    )
                else:
                    put(ix[played_at + card], one, ix[sizes_at + rel[who]], floats[size])
            elif action is None and event[4]:
                number = event[4] - 1
                if number != tracker.tricks or number >= self._max_tricks:
                    raise Resync
                tracker.tricks = number + 1  # first: a full encode clears what is counted
                history = tracker.history_rows[number]
                shown = tracker.shown
                for k in range(len(plays)):
                    player, card = plays[k]
                    history[rel[player]](card, one)
                    if k < shown:  # shown in the trick by an earlier call: taken out
                        trick_rows[rel[player]](card, zero)
                tracker.shown = 0
                winner = rel[who]
                won: int = tracker.won[winner] + 1
                tracker.won[winner] = won
                put(
                    ix[self._leaders + number * n + rel[leader]],
                    one,
                    ix[self._winners + number * n + winner],
                    one,
                    ix[self._won + winner],
                    floats[won],
                )
                facts.trick_won(mv, number, plays, who)
                if who != leader:  # the winner leads the next trick
                    put(ix[leader_at + rel[leader]], zero, ix[leader_at + winner], one)
                    leader = who
                plays = tracker.plays = []
            elif action is not None and not tracker.playing:
                if type(action) is _DISCARD and who == me and facts.own_discards:
                    card = action.card.index
                    mv[ix[self._hand + card]] = zero
                    mv[ix[self._discard + card]] = one
                    size = sizes[who] - 1
                    sizes[who] = size
                    mv[ix[sizes_at + rel[who]]] = floats[size]
                    facts.on_own_discard(card)
                elif (lead := facts.on_call(mv, who, action)) is not None:
                    tracker.playing = True  # the first trick, led by ``lead``, is shown empty
                    leader = lead
                    mv[ix[leader_at + rel[lead]]] = one
                if tracker.calls == self._call_slots:
                    tracker.dropped += 1
                    mv[self._dropped] = tracker.dropped
                else:
                    row = tracker.call_rows[tracker.calls]
                    tracker.calls += 1
                    if type(action) is _FACE_DOWN:
                        row(rel[who], one, self._width - 1, action.count)
                    else:
                        row(rel[who], one, n + self._action_id(action), one)
            elif action is None:  # a note: the follower knows it or refuses it
                lead = facts.on_note(mv, who)
                if lead is not None:
                    if tracker.playing:
                        raise Resync
                    tracker.playing = True
                    leader = lead
                    mv[ix[leader_at + rel[lead]]] = one
            else:  # a call during the play (P4's)
                raise Resync
        facts.state = None  # not kept until the seat's next call: freed as the game moves on
        tracker.leader = leader
        shown = tracker.shown
        for k in range(shown, len(plays)):  # the trick's new cards, once (not those won already)
            player, card = plays[k]
            trick_rows[rel[player]](card, one)
        tracker.shown = len(plays)
        to_act: int | None = -2  # a stored game's states are tuples: indexed as such
        if self._menu_set is not None:
            to_act = cast(tuple[Any, ...], state)[self._actor_at]
        if to_act is not None and to_act < 0:  # -1: the hand over; below: the rules work it out
            to_act = None if to_act == -1 else self.game.to_act(state)
        if to_act is None:
            raise Resync  # the hand is over: its last facts (turned up cards, bonuses) from the view
        if to_act != tracker.to_act:
            base = self._to_act
            if tracker.to_act is not None:
                put(ix[base + rel[tracker.to_act]], zero, ix[base + rel[to_act]], one)
            else:
                put(ix[base + rel[to_act]], one)
            tracker.to_act = to_act
