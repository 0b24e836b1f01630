"""A hint says in words why, where the trick on the table tells it.

Piedmont, partners South-North against West-East (C1); the trick in progress is set by hand on
South's view after the deal in notation, and each expected reason worked out from C3 (the highest
trump wins, else the highest card of the suit led; K high, A low in a plain suit, P1)."""

from __future__ import annotations

from dataclasses import replace

from tarocchi.bots.explain import card_reasons
from tarocchi.core.actions import Discard, Play
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.core.registry import get_game
from tarocchi.core.views import PlayerView, TrickView

DEAL = """
0: KE 8E 7E 6E AE 9A 8A 9F 8F 10W 9W T21 T20 T19 T18 T17 T16 T15 FOOL
1: QE CE JE 10E 9E KA QA CA JA 10A KF QF CF JF 10F KW QW CW JW
2: 7A 6A 5A 4A 3A 2A AA 8W 7W 6W 5W T1 T2 T3 T4 T5 T6 T7 GOOD
3: 7F 6F 5F 4F 3F 2F AF 4W 3W 2W AW T8 T9 T10 T11 T12 T13 T14 EVIL
stock: 5E 4E 3E 2E
"""
"""South deals, takes the stock and lays 5E 4E 3E 2E aside again (P2)."""

GAME = get_game("piedmont")


def south(plays: str, legal: str) -> PlayerView:
    """South's view with a trick of ``plays`` (``seat:card`` in order) and ``legal`` cards."""
    match = Match(GAME, first_dealer=0, deals=[Deal.parse(GAME.deck, DEAL)] * 4)
    match.submit_all(0, [Discard(GAME.deck.card(c)) for c in ("5E", "4E", "3E", "2E")])
    card = GAME.deck.card
    played = tuple((int(seat), card(code)) for seat, code in (p.split(":") for p in plays.split()))
    trick = TrickView(played[0][0] if played else 0, played)
    return replace(
        match.view(0), trick=trick, to_act=0, legal_actions=tuple(Play(card(c)) for c in legal.split())
    )


def reasons(view: PlayerView, code: str) -> list[str]:
    return card_reasons(GAME, view, Play(GAME.deck.card(code)))


def test_the_partner_is_winning() -> None:
    view = south("1:10F 2:T1 3:7F", "9F 8F FOOL")  # North trumped West's 10F; East followed
    assert reasons(view, "8F") == ["your partner North is winning the trick"]


def test_nothing_beats_the_trick_so_the_lowest_card_goes() -> None:
    view = south("1:KW 2:8W 3:4W", "10W 9W FOOL")  # West's King of Water cannot be beaten
    assert reasons(view, "9W") == ["nothing you may play beats KW, so your lowest card goes"]
    assert reasons(view, "10W") == ["nothing you may play beats KW"]  # not the lowest: no "so"


def test_a_card_that_wins_the_trick_or_takes_the_lead() -> None:
    last = south("1:QE 2:5W 3:3W", "KE 8E 7E 6E AE FOOL")  # South plays last to West's Queen
    assert reasons(last, "KE") == ["it wins the trick"]
    second = south("1:QE", "KE 8E 7E 6E AE FOOL")
    assert reasons(second, "KE") == ["it takes the lead in the trick"]
    assert reasons(second, "8E") == []  # below the Queen, but the King could beat it: no reason given


def test_leads() -> None:
    lead = south("", "KE 8E T21 FOOL")
    assert reasons(lead, "T21") == ["it leads a trump, drawing the others' trumps"]
    assert reasons(lead, "KE") == ["it leads the master card of Earth"]
    assert reasons(lead, "8E") == []


def test_no_words_where_the_order_cannot_tell() -> None:
    """Good and Evil (P4): their strength depends on who plays them; the hint gives no reason."""
    view = south("1:10F 2:GOOD 3:7F", "9F 8F FOOL")
    assert reasons(view, "8F") == []
    assert card_reasons(GAME, view, Discard(GAME.deck.card("8F"))) == []  # not a card play
