"""A seat's view of a Taroinche hand, listed field by field from what that seat may know (C6).

Public: every bid and call, the contract with its partner, coinche, a With dog (B4: in
``details["dog"]`` from the end of the auction on), the belote once announced, every card
played. Hidden: other hands, a Without/Against dog and the taker's discard (until the hand ends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tarocchi.core.actions import Action
from tarocchi.core.views import PlayerView, seat_view
from tarocchi.games.taroinche.rules import CONTRACTS, DECK, MODE_NAMES, PLAYERS, SEAT_NAMES, TRUMP_CODES
from tarocchi.games.taroinche.scoring import COINCHE_WORDS, MULTIPLIERS, describe
from tarocchi.games.taroinche.state import Phase, TaroincheState

if TYPE_CHECKING:
    from tarocchi.games.taroinche.game import TaroincheGame

_KINGS_QUEENS = sum(1 << c.index for c in DECK.cards if c.code[0] in "KQ")


def belote_announced(state: TaroincheState) -> bool:
    """B5: the belote is public once its holder has played one of the two cards."""
    if state.belote < 0 or state.bid is None:
        return False
    pair = CONTRACTS[state.bid.trump].trump_mask & _KINGS_QUEENS
    return state.hands[state.belote] & pair != pair


def build(
    game: TaroincheGame,
    state: TaroincheState,
    seat: int | None,
    to_act: int | None,
    legal: tuple[Action, ...],
) -> PlayerView:
    first = (state.context.dealer + 1) % PLAYERS
    bid = state.bid
    public: list[tuple[str, str]] = [("first player", SEAT_NAMES[first])]
    details: list[tuple[str, Any]] = [("first_player", first)]
    if state.phase is Phase.AUCTION:
        seats = ", ".join(f"{s} {name}" for s, name in enumerate(SEAT_NAMES))
        public.append(("seats", seats))
        public.append(("to bid", "value trump mode partner, e.g. '90 H without 3' or 'capot NT with self'"))
    if bid is None:
        public.append(("contract", "none yet: the lowest bid is 82 With"))
        details.append(("contract", None))
    else:
        public.append(("contract", describe(state)))
        details.append(
            (
                "contract",
                {
                    "bid": str(bid),
                    "value": bid.value,
                    "trump": TRUMP_CODES[bid.trump],
                    "mode": MODE_NAMES[bid.mode],
                    "taker": state.taker,
                    "partner": state.partner,
                    "solo": state.taker == state.partner,
                },
            )
        )
    if state.shown_dog:
        taken = f"{DECK.codes(state.shown_dog)}, shown to all and taken by {SEAT_NAMES[state.taker]} (B4)"
        public.append(("dog", taken))
    details.append(("dog", DECK.codes(state.shown_dog) if state.shown_dog else None))
    if state.coinche:
        text = f"coinched by {SEAT_NAMES[state.coincher]}"
        if state.coinche == 2:
            text += ", surcoinched"
        public.append((COINCHE_WORDS[state.coinche], f"{text} (x{MULTIPLIERS[state.coinche]})"))
    details.append(("coinche", state.coinche))
    details.append(("coincher", state.coincher if state.coinche else None))
    if state.phase is Phase.SURCOINCHE:
        public.append(("to speak", "surcoinche or pass: " + ", ".join(SEAT_NAMES[s] for s in state.speakers)))
    announced = belote_announced(state)
    if announced:
        public.append(("belote", f"announced by {SEAT_NAMES[state.belote]}: +20 for the attack"))
    details.append(("belote", state.belote if announced else None))
    if state.tricks and bid is not None:
        attack = sum(1 for t in state.tricks if t.winner in (state.taker, state.partner))
        public.append(("tricks", f"attack {attack}, defence {len(state.tricks) - attack}"))
    return seat_view(
        game.info,
        state,
        seat,
        to_act,
        legal,
        playing=state.phase is Phase.PLAY,
        discard=state.discard if seat == state.taker else 0,
        public=public,
        details=details,
    )
