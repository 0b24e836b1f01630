"""P4, option ``good_evil=allegiance``: the call, the forced dead card, the take-back, the
opponent's answer, and whole hands scored under the calls (P5 for Allegiance).

Deals from deals.py, dealer East (South leads the first trick). Whole hands: a short scripted
start, then every seat plays its first legal card; in those deals South holds every trump still
out that could matter, so he wins every remaining trick whatever the others play.
"""

from __future__ import annotations

import pytest

from tarocchi.core.errors import IllegalActionError
from tarocchi.core.events import PUBLIC
from tarocchi.games.piedmont.state import Phase
from tarocchi.games.piedmont.views import PiedmontFacts

from . import deals
from .helpers import (
    ALLEGIANCE,
    action,
    autoplay,
    cards,
    game,
    hand,
    legal,
    play,
    position,
    start,
    summary,
    trick_winners,
)


def table(deal_text: str, discard: str):
    g = game(ALLEGIANCE)
    return g, start(g, deal_text, 3, discard)


def codes(plays):
    return [(seat, card.code) for seat, card in plays]


def test_P4_first_player_of_good_or_evil_must_call_ours_or_yours():
    g, state = table(deals.TAKE_BACK, deals.TAKE_BACK_DISCARD)
    state = play(g, state, "EVIL")
    assert g.to_act(state) == 0
    assert g.view(state, 0).phase is Phase.CALL
    assert legal(g, state) == {"ours", "yours"}
    assert g.view(state, 1).legal_actions == ()
    for text in ("confirm", "reverse", "5E"):
        reason = g.explain_illegal(state, action(g, state, text))
        assert "'ours' or 'yours'" in reason
        with pytest.raises(IllegalActionError):
            g.apply(state, action(g, state, text))


# which side scores Earth and Air after West's first card and call (West and East are East-West)
CALLS = [
    ("GOOD", "ours", "East-West"),  # Good + ours: the caller's side scores Earth and Air
    ("GOOD", "yours", "North-South"),  # Good + yours: imposed on the opponents
    ("EVIL", "ours", "North-South"),  # Evil + ours: the caller's side scores Fire and Water
    ("EVIL", "yours", "East-West"),  # Evil + yours: the opponents get Fire and Water
]


@pytest.mark.parametrize(("card", "call", "earth_air"), CALLS)
def test_P4_good_or_evil_with_ours_or_yours_gives_each_side_its_suits(card, call, earth_air):
    g, state = table(deals.opposed(card, "EVIL" if card == "GOOD" else "GOOD"), deals.OPPOSED_DISCARD)
    state = play(g, state, f"5E {card} {call}")
    fire_water = "North-South" if earth_air == "East-West" else "East-West"
    for seat in (0, 1, 2, 3, None):
        view = g.view(state, seat)
        text = dict(view.public)["allegiance"]
        assert text.startswith(f"{earth_air} score Earth and Air, {fire_water} Fire and Water")
        assert any(e.seat == 1 and str(e.action) == call for e in view.events)


def test_P4_partner_yet_to_play_must_play_the_other_card_and_it_is_dead():
    g, state = table(deals.FORCED, deals.FORCED_DISCARD)
    state = play(g, state, "5E GOOD ours 9E")
    # East holds Earth and the Fool, but his only legal action is Evil
    assert g.to_act(state) == 3
    assert {"KE", "FOOL"} <= hand(g, state, 3)
    assert legal(g, state) == {"EVIL"}
    for text in ("KE", "FOOL", "T21"):
        assert "must play EVIL" in g.explain_illegal(state, action(g, state, text))
    with pytest.raises(IllegalActionError, match="EVIL"):
        g.apply(state, action(g, state, "KE"))
    state = play(g, state, "EVIL")
    # Earth led; West's Good is the only live trump: West wins
    assert state.tricks[-1].winner == 1
    assert str(PiedmontFacts.of(g.view(state, 0)).dead) == "EVIL"


def test_P4_forced_card_overrides_the_duty_to_follow_trumps():
    g, state = table(deals.TAKE_BACK, deals.TAKE_BACK_DISCARD)
    state = play(g, state, "EVIL ours T5")
    # North holds T10..T13 as well, yet Good is his only legal card
    assert {"T10", "T13"} <= hand(g, state, 2)
    assert legal(g, state) == {"GOOD"}
    assert "must play GOOD" in g.explain_illegal(state, action(g, state, "T10"))
    state = play(g, state, "GOOD T14")
    assert state.tricks[-1].winner == 3  # T14 > T5 > Evil; Good dead
    assert str(PiedmontFacts.of(g.view(state, 1)).dead) == "GOOD"


def test_P4_partner_already_played_takes_his_card_back_and_the_suit_led_stays():
    g, state = table(deals.TAKE_BACK, deals.TAKE_BACK_DISCARD)
    state = play(g, state, "5E 9E GOOD ours")
    # South led 5E; his partner North played Good and called: South's 5E returns to his hand and
    # his Evil takes its place, dead
    assert "5E" in hand(g, state, 0) and "EVIL" not in hand(g, state, 0)
    assert len(hand(g, state, 0)) == 18
    for seat in (0, 1, 2, 3, None):
        view = g.view(state, seat)
        assert codes(view.trick.plays) == [(0, "EVIL"), (1, "9E"), (2, "GOOD")]
        took_back = [e for e in view.events if e.seat == 0 and e.action is None and "5E" in e.note]
        assert len(took_back) == 1 and took_back[0].audience == PUBLIC
    # Earth is still the suit led: East must follow with Earth (or the Fool), not trump
    assert g.to_act(state) == 3
    assert legal(g, state) == cards("KE QE CE JE 10E 6E 3E 2E AE FOOL")
    state = play(g, state, "KE")
    # the dead Evil stands first in the trick but has no power: North's Good wins, and leads
    assert state.tricks[-1].winner == 2
    assert g.to_act(state) == 2
    assert g.view(state, 0).tricks[-1].plays[0][1].code == "EVIL"


def test_P4_opponent_holding_the_other_card_plays_it_normally_then_confirms_or_reverses():
    g, state = table(deals.opposed("GOOD", "EVIL"), deals.OPPOSED_DISCARD)
    state = play(g, state, "5E GOOD ours")
    # North (an opponent of West) holds Evil: no force, just the normal duty (void in Earth: trump)
    assert legal(g, state) == {"EVIL"}
    state = play(g, state, "EVIL")
    assert g.to_act(state) == 2
    assert legal(g, state) == {"confirm", "reverse"}
    for text in ("ours", "yours", "KE"):
        assert "'confirm' or 'reverse'" in g.explain_illegal(state, action(g, state, text))
    state = play(g, state, "confirm")
    assert dict(g.view(state, 0).public)["allegiance"].startswith("East-West score Earth and Air")
    assert "reversed" not in dict(g.view(state, 0).public)


def test_P4_opponents_card_has_normal_trump_power_and_a_reversal_is_public():
    g, state = table(deals.opposed("GOOD", "EVIL"), deals.OPPOSED_DISCARD)
    state = play(g, state, "6A GOOD ours 7A T13")
    assert state.tricks[-1].winner == 3  # East's T13 beats West's Good
    state = play(g, state, "KE 4E KF")
    assert legal(g, state) == {"EVIL"}
    state = play(g, state, "EVIL reverse")
    # Earth led, North's Evil the only trump: it wins the trick
    assert state.tricks[-1].winner == 2
    public = dict(g.view(state, 3).public)
    assert public["allegiance"].startswith("North-South score Earth and Air")
    assert "trick 2" in public["reversed"]


def test_P4_caller_holding_both_plays_the_second_as_a_normal_trump_without_a_call():
    g, state = table(deals.BOTH, deals.BOTH_DISCARD)
    state = play(g, state, "GOOD ours KW 9A T1")
    assert state.tricks[-1].winner == 3
    state = play(g, state, "AF")
    assert legal(g, state) == {"EVIL"}
    state = play(g, state, "EVIL")
    # no call, nothing dead: play goes on with West
    assert g.view(state, 0).phase is Phase.PLAY
    assert g.to_act(state) == 1
    state = play(g, state, "KA KF")
    # Fire led; South's Evil is the only trump and wins
    assert state.tricks[-1].winner == 0
    view = g.view(state, 2)
    assert not PiedmontFacts.of(view).dead
    assert PiedmontFacts.of(view).segments == ((0, 0),)  # Good + ours by South: North-South Earth and Air


@pytest.mark.parametrize(
    ("call", "card_points", "tricks", "south"),
    [
        # ours: N-S score Earth+Air, E-W Fire+Water.
        # E-W: trick 1 (Good T1 Evil KF) less Good paid for East's Fool: T1 5 + Evil 0 + KF 5 = 10;
        #      Fool 5; discard T2 1 + T3 1 + 2F 1 (2E not theirs) = 3  -> 18 card points, 1 trick = 19
        # N-S: T4..T20 17 + T21 5 + Good 0 = 22; Earth less 2E (discard) 27 + Air 28 = 55
        #      -> 77 card points, 18 tricks = 95.  95 - 19 = 76
        ("ours", (77, 18), (18, 1), 76),
        # yours: N-S Fire+Water, E-W Earth+Air.
        # E-W: T1 5 + Evil 0 (KF not theirs) + Fool 5 + discard T2 1 + T3 1 + 2E 1 = 13 -> 14
        # N-S: 22 + Fire less KF, 2F: 28 - 5 - 1 = 22 + Water 28 -> 72, 18 tricks = 90.  90 - 14 = 76
        ("yours", (72, 13), (18, 1), 76),
    ],
)
def test_P4_P5_whole_hand_good_called_by_leader_with_partner_forced(call, card_points, tricks, south):
    """Deal GOOD_LEAD: South leads Good and calls; West must follow trumps with T1 (his only one);
    North must play Evil dead; East plays KF. T1 wins. South wins all 18 other tricks; East's Fool
    (in one of them) is paid for by East-West's lowest card, Good (0; before Evil in pack order)."""
    g, state = table(deals.GOOD_LEAD, deals.GOOD_LEAD_DISCARD)
    state = play(g, state, f"GOOD {call}")
    assert legal(g, state) == {"T1"}
    state = play(g, state, "T1")
    assert legal(g, state) == {"EVIL"}
    state = play(g, state, "EVIL KF")
    assert state.tricks[0].winner == 1
    state = autoplay(g, state)
    assert trick_winners(state) == [1] + [0] * 18
    result = g.outcome(state)
    assert summary(result) == (card_points, tricks, (south, -south, south, -south))


@pytest.mark.parametrize(
    ("call", "card_points", "south"),
    [
        # Evil + ours by West: E-W Fire+Water, N-S Earth+Air -- for trick 1 too, played before the call.
        # E-W: trick 1 (2E KE QE AE) less 2E paid for the Fool: Earth, worth 0 to them; Fool 5;
        #      discard T2 1 + T3 1 + JF 2 (3E not theirs) = 4  -> 9 card points + 1 trick = 10
        # N-S: T4..T21 22 + T1 5 + Evil 0 + Good 0 = 27; Earth CE JE 10E..4E = 3 + 2 + 7 = 12, plus
        #      the paid 2E, scored for them under the call: 13; Air 28 -> 68 + 18 tricks = 86; 86 - 10 = 76
        ("ours", (68, 9), 76),
        # Evil + yours: E-W Earth+Air, N-S Fire+Water.
        # E-W: KE 5 + QE 4 + AE 5 = 14; Fool 5; discard T2 1 + T3 1 + 3E 1 = 3 -> 22 + 1 = 23
        # N-S: 27; Fire less JF 28 - 2 = 26; Water 28; the paid 2E is worth 0 to them -> 81 + 18 = 99
        #      99 - 23 = 76
        ("yours", (81, 22), 76),
    ],
)
def test_P4_C4_call_covers_tricks_already_completed_and_fool_payment_scores_under_it(
    call, card_points, south
):
    """Deal LATE_CALL: trick 1 is all Earth and goes to West before anyone plays Good or Evil.
    Then West leads Evil and calls; his partner East must play Good dead; South's T4 wins. South
    wins every later trick; East's Fool goes into one of them, and East-West pay with their
    lowest card, 2E (1), which scores for North-South under the call in force for trick 1."""
    g, state = table(deals.LATE_CALL, deals.LATE_CALL_DISCARD)
    state = play(g, state, "2E KE QE AE")
    assert state.tricks[0].winner == 1
    state = play(g, state, f"EVIL {call} 4A")
    assert legal(g, state) == {"GOOD"}  # not the Fool either
    state = play(g, state, "GOOD T4")
    assert state.tricks[1].winner == 0
    state = autoplay(g, state)
    assert trick_winners(state) == [1] + [0] * 18
    result = g.outcome(state)
    assert summary(result) == (card_points, (18, 1), (south, -south, south, -south))


@pytest.mark.parametrize(
    ("answer", "card_points", "south"),
    [
        # confirm: one call all hand, N-S Earth+Air, E-W Fire+Water.
        # E-W: trick 1 (Good T1 CE KF) less Good paid for the Fool: T1 5 + KF 5 (CE not theirs) = 10;
        #      Fool 5; discard T2 1 + T3 1 + 2F 1 (QE not theirs) = 3 -> 18 + 1 trick = 19
        # N-S: T4..T21 22 + Evil 0; Earth less CE, QE: 28 - 3 - 4 = 21; Air 28 -> 71 + 18 = 89; 89 - 19 = 70
        ("confirm", (71, 18), 70),
        # reverse in trick 2: trick 1 keeps the old call, tricks 2..19 and the discard the new one
        # (N-S Fire+Water, E-W Earth+Air).
        # E-W: trick 1 under the old call 10; Fool 5; discard T2 1 + T3 1 + QE 4 (2F no longer theirs)
        #      = 6 -> 21 + 1 = 22
        # N-S: 22; Fire less KF (trick 1) and 2F: 28 - 5 - 1 = 22; Water 28 -> 72 + 18 = 90; 90 - 22 = 68
        #      (trick 2 itself, Evil JE QF T4, is scored under the new call: QF counts, JE does not)
        ("reverse", (72, 21), 68),
    ],
)
def test_P4_reversal_scores_earlier_tricks_under_the_old_call_and_the_discard_under_the_last(
    answer, card_points, south
):
    """Deal REVERSAL: South leads Good and calls ours; West takes it with T1. West leads Evil in
    trick 2 and confirms or reverses; South's T4 wins it and every later trick."""
    g, state = table(deals.REVERSAL, deals.REVERSAL_DISCARD)
    state = play(g, state, "GOOD ours T1 CE KF")
    assert state.tricks[0].winner == 1
    state = play(g, state, "EVIL")
    assert legal(g, state) == {"confirm", "reverse"}
    state = play(g, state, f"{answer} JE QF T4")
    assert state.tricks[1].winner == 0
    state = autoplay(g, state)
    assert trick_winners(state) == [1] + [0] * 18
    result = g.outcome(state)
    assert summary(result) == (card_points, (18, 1), (south, -south, south, -south))


TIE_TRICKS = [
    (0, "4E T12 T1 FOOL", 1),  # East's Fool in a trick his side wins: nothing to settle
    (1, "QF CF JF 10F", 1),
    (1, "9F 8F 7F 6F", 1),
    (1, "5F 4F 3F AF", 1),
    (1, "KW QW CW JW", 1),
    (1, "10W 9W 8W 7W", 1),
    (1, "6W 5W 4W AW", 1),
    (1, "T20 T19 T18 T17", 1),
    (1, "T16 T15 T14 T13", 1),
    (1, "T3 T2 KF T21", 0),  # South's World wins
    (0, "KE QE CE JE", 0),
    (0, "10E 9E 8E 7E", 0),
    (0, "6E 5E 3E AE", 0),
    (0, "KA QA CA JA", 0),
    (0, "10A 9A 8A 7A", 0),
    (0, "6A 5A 4A AA", 0),
    (0, "T11 T10 T9 T8", 0),
    (0, "T7 T6 T5 T4", 0),
]


@pytest.mark.parametrize("answer", ["confirm", "reverse"])
def test_P5_allegiance_tie_exchanges_nothing(answer):
    """A hand-built position before the last trick (a PiedmontState from notation): 18 tricks
    completed, East dealt and discarded 2A 3A 2W 3W. South leads Good and calls ours; West answers
    with Evil; Good, played first, wins the last trick. The call covers all 18 earlier tricks.

    N-S (Earth+Air): T3 T2 T21 7 (KF not theirs) + KE QE CE JE 14 + 10E..7E 4 + 6E 5E 3E AE 8
        + KA QA CA JA 14 + 10A..7A 4 + 6A 5A 4A AA 8 + T11..T8 4 + T7..T4 4 + last trick 2E 1 = 68,
        10 tricks -> 78.
    E-W (Fire+Water): T12 T1 Fool 11 (4E not theirs) + QF CF JF 10F 10 + 9F..6F 4 + 5F 4F 3F AF 8
        + KW QW CW JW 14 + 10W..7W 4 + 6W 5W 4W AW 8 + T20..T17 4 + T16..T13 4 + discard 2W 3W 2
        = 69, 9 tricks -> 78.
    A reversal in the last trick changes nothing here: the last trick then gives N-S 2F (1) for
    2E (1), and the discard gives E-W 2A 3A (2) for 2W 3W (2)."""
    g = game(ALLEGIANCE)
    state = position(
        dealer=3,
        hands=("GOOD", "EVIL", "2E", "2F"),
        discard="2A 3A 2W 3W",
        tricks=TIE_TRICKS,
        leader=0,
    )
    assert g.audit(state) == []
    state = play(g, state, f"GOOD ours EVIL {answer} 2E 2F")
    assert state.tricks[-1].winner == 0
    result = g.outcome(state)
    assert summary(result) == ((68, 69), (10, 9), (0, 0, 0, 0))
    assert any("tie" in line.label for line in result.lines)


def test_P4_P5_allegiance_score_sheet_shows_what_the_discard_and_fool_payment_score():
    """Deal LATE_CALL with Evil + yours (E-W score Earth+Air, N-S Fire+Water). The labelled lines of
    the sheet must agree with the count: East-West's discard 3E JF T2 T3 scores 3E 1 + T2 1 + T3 1
    = 3 for them (JF is Fire), and the 2E paid for the Fool is worth 0 to North-South (Earth)."""
    g, state = table(deals.LATE_CALL, deals.LATE_CALL_DISCARD)
    state = autoplay(g, play(g, state, "2E KE QE AE EVIL yours 4A GOOD T4"))
    result = g.outcome(state)
    (discard,) = [line for line in result.lines if "discard" in line.label]
    (fool,) = [line for line in result.lines if "Fool" in line.label]
    assert (discard.side, discard.value) == (1, 3)
    assert (fool.side, fool.value) == (0, 0)
