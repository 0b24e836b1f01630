"""The Sicilian game on the engine protocol: the game object and its phase table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tarocchi.core.actions import Action, Discard
from tarocchi.core.cards import whole_number
from tarocchi.core.dealing import Dealing, places_in_packets
from tarocchi.core.dispatch import Menus
from tarocchi.core.errors import NotationError
from tarocchi.core.phases import HandOver, PhasedGame
from tarocchi.core.positional import replaced
from tarocchi.core.protocol import Deal, GameInfo, HandContext, Reading
from tarocchi.core.text import shown
from tarocchi.core.views import PlayerView
from tarocchi.games.sicilian import views
from tarocchi.games.sicilian.actions import PAY, THROW, Offer, Rally, Take
from tarocchi.games.sicilian.auction import (
    BARGAINING,
    COPPING,
    DISCARDS,
    EXCHANGING,
    PAYS,
    PLAYS,
    PROPPING,
    RALLIES,
    RALLYING,
    SOLOING,
    TAKES,
    THROWS,
    WORDS,
)
from tarocchi.games.sicilian.play import MENUS, Playing
from tarocchi.games.sicilian.rules import (
    DECK,
    HAND_SIZE,
    INFO,
    LAST_TRICK_BONUS,
    OFFER_CAP,
    PLAYERS,
    SEAT_NAMES,
    STOCK_SIZE,
    TOTAL,
    TRICKS,
    eldest_of,
)
from tarocchi.games.sicilian.scoring import score
from tarocchi.games.sicilian.state import (
    I_CONTEXT,
    I_HANDS,
    I_LEADER,
    I_SPEAKER,
    I_STOCK,
    Mode,
    Phase,
    SicilianState,
    ThrownIn,
)

_NOTATION = (
    "type a card to play it (e.g. KC, 10D, T14, FOOL), 'discard KC', 'rally KC', or one of "
    "silent, hold, throw N, pay N, take S (S the seat 0-3), solo, prop, cop, pass"
)
_SEATS = {name.lower(): seat for seat, name in enumerate(SEAT_NAMES)}
_AMOUNT_DIGITS = 4

OPENING = SicilianState(
    phase=Phase.BARGAIN,
    context=HandContext(1, 0, (0,) * PLAYERS),
    hands=(0,) * PLAYERS,
    stock=0,
    shown_stock=0,
    discard=0,
    discarder=-1,
    taken=0,
    speaker=0,
    spoken=0,
    offers=(),
    held=False,
    declarer=-1,
    mode=Mode.NONE,
    partner=-1,
    rallied=-1,
    revealed=False,
    leader=0,
    trick=(),
    led=None,
    tricks=(),
    thrown_in=ThrownIn.NO,
    events=None,
)
"""Every hand's first state but for the deal, the context and Eldest (``start``): the
NamedTuple's own ``__new__`` by keyword is a Python function, several times ``replaced``."""
"""An amount of more digits is no amount: one of up to four is read, and the rules refuse it
with the range (S3) if it is out of it."""


def _amount(word: str) -> int | None:
    """A bargaining amount: ASCII digits, optionally after one minus sign (refused later by S3)."""
    sign = -1 if word[:1] == "-" else 1
    number = whole_number(word[1:] if sign < 0 else word, _AMOUNT_DIGITS)
    return None if number is None else sign * number


_PLACES = tuple(
    places_in_packets(((5, False), (5, False), (STOCK_SIZE, True), (5, False)), dealer, PLAYERS)
    for dealer in range(PLAYERS)
)
"""S2, for each dealer: where in the shuffled pack each hand's cards and the stock's lie (two
packets of five to each player from Eldest, three to the stock, then a final packet of five
each)."""


class SicilianGame(PhasedGame[SicilianState]):
    """Four hands of the Sicilian game; individual scores; no options."""

    info: ClassVar[GameInfo] = INFO
    phase_type = Phase
    facts_type = views.SicilianFacts
    seat_names = SEAT_NAMES
    actions: ClassVar[tuple[Action, ...]] = (
        *PLAYS,
        *DISCARDS,
        *RALLIES,
        *WORDS.values(),
        *THROWS,
        *PAYS,
        *TAKES,
    )
    example_action = "KC"

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self.use_phases(
            (
                BARGAINING,
                SOLOING,
                EXCHANGING,
                PROPPING,
                COPPING,
                RALLYING,
                Playing(),
                HandOver(),
            ),
            Dealing(PLAYERS, HAND_SIZE, STOCK_SIZE, _PLACES),
            Menus(SicilianState._fields.index("actor"), SicilianState._fields.index("legal"), MENUS),
        )
        assert list(Phase) == list(range(8))

    def action_phrase(self, seat: int, action: Action) -> str | None:
        """Offers, takes and the rally in words (``views.phrase``)."""
        return views.phrase(action)

    def seat_roles(self, view: PlayerView) -> tuple[str, ...]:
        """The Declarer with his contract, his partner once known (``views.seat_roles``)."""
        return views.seat_roles(view)

    # -- dealing ----------------------------------------------------------------------
    def start(self, deal: Deal, context: HandContext, masks: tuple[int, ...]) -> SicilianState:
        eldest = eldest_of(context.dealer)
        return replaced(
            OPENING, I_CONTEXT, context, I_HANDS, masks[:PLAYERS], I_STOCK, masks[PLAYERS],
            I_SPEAKER, eldest, I_LEADER, eldest,
        )  # fmt: skip

    # -- the protocol -------------------------------------------------------------------
    build_view = views.build
    score = staticmethod(score)

    def won_pile(self, state: SicilianState, seat: int) -> str:
        return f"tricks won by {SEAT_NAMES[seat]}"

    def laid_aside(self, state: SicilianState) -> dict[str, int]:
        return {"stock": state.stock, "discard": state.discard}

    def audit(self, state: SicilianState) -> list[str]:
        """Adds S9's stated totals on every played hand: 15 tricks, 126 points."""
        problems = super().audit(state)
        result = self.outcome(state)
        if result is not None and not result.thrown_in:
            if sum(result.tricks) != TRICKS:
                problems.append(f"{sum(result.tricks)} tricks counted, not {TRICKS}")
            total = sum(result.card_points) + sum(result.tricks) + LAST_TRICK_BONUS
            if total != TOTAL:
                problems.append(f"the sides count {total} points, not {TOTAL} (S9)")
        return problems

    def read_action(self, text: str, reading: Reading | None) -> Action:
        words = text.lower().split()
        if not words:
            raise NotationError(f"expected an action; {_NOTATION}")
        verb = words[0]
        if len(words) == 1 and verb in WORDS:
            return WORDS[verb]
        if verb in (THROW, PAY):
            amount = words[1:]
            if verb == THROW and amount[:1] == ["for"]:
                amount = amount[1:]
            number = _amount(amount[0]) if len(amount) == 1 else None
            if number is None:
                low = 0 if verb == THROW else 1
                raise NotationError(
                    f"'{shown(text.strip())}': write '{verb} N' with N a whole number from {low} to "
                    f"{OFFER_CAP} in digits 0-9, e.g. {verb} 5"
                )
            return Offer(verb, number)
        if verb == "take":
            return self._parse_take(text, words[1:], reading)
        if verb in ("discard", "d") and len(words) == 2:
            return DISCARDS[DECK.card(words[1]).index]
        if verb in ("play", "p") and len(words) == 2:
            return PLAYS[DECK.card(words[1]).index]
        if verb == "rally" and len(words) == 2:
            return RALLIES[DECK.card(words[1]).index]
        if len(words) == 1:
            card = DECK.card(words[0])
            if reading is not None and reading.offers(Discard):
                return DISCARDS[card.index]
            if reading is not None and reading.offers(Rally):
                return RALLIES[card.index]
            return PLAYS[card.index]
        raise NotationError(f"'{shown(text.strip())}' is not an action; {_NOTATION}")

    @staticmethod
    def _parse_take(text: str, rest: list[str], reading: Reading | None) -> Take:
        if not rest and reading is not None:
            takes = [action for action in reading.legal if isinstance(action, Take)]
            if len(takes) == 1:  # a bare 'take' while one offer is open
                return takes[0]
        if len(rest) == 1:
            seat = whole_number(rest[0], 1)
            if seat is not None and seat < PLAYERS:
                return Take(seat)
            if rest[0] in _SEATS:
                return Take(_SEATS[rest[0]])
        raise NotationError(
            f"'{shown(text.strip())}': write 'take S' with S the seat (0-3) or name of the player "
            "whose offer you take, e.g. take 1"
        )
