"""Trio's rules, worked by hand on a deal written in notation: the bid (R3), the duties (R4,
C3, C4) and the score (R5, C4)."""

from __future__ import annotations

from typing import Any

import pytest

from tarocchi.core.errors import IllegalActionError
from tarocchi.core.protocol import Deal, Game, HandContext

DEAL = """
0: KC QC T1 T2 FOOL
1: JC 10C KS QS T3
2: JS 10S T4 T5 T6
"""


def start(game: Game[Any], text: str = DEAL) -> Any:
    """South deals: West speaks first."""
    return game.initial_state(Deal.parse(game.deck, text), HandContext(1, 0, (0, 0, 0)))


def run(game: Game[Any], state: Any, moves: str) -> Any:
    for word in moves.split():
        state = game.apply(state, game.parse_action(word, state))
    return state


def test_R3_the_first_to_take_declares_and_the_dealer_must_take_after_two_passes(trio: Game[Any]) -> None:
    state = start(trio)
    assert [str(a) for a in trio.legal_actions(state)] == ["take", "pass"] and trio.to_act(state) == 1
    taken = run(trio, state, "pass take")
    assert trio.view(taken, 0).facts.declarer == 2 and trio.to_act(taken) == 2  # East leads
    forced = run(trio, state, "pass pass")
    assert trio.to_act(forced) == 0 and [str(a) for a in trio.legal_actions(forced)] == ["take"]
    with pytest.raises(IllegalActionError, match=r"South, the dealer, must take \(R3\)"):
        trio.apply(forced, trio.parse_action("pass"))


def test_R4_follow_else_trump_the_Fool_always_and_the_highest_trump_wins(trio: Game[Any]) -> None:
    state = run(trio, start(trio), "pass take T6")
    assert {str(a) for a in trio.legal_actions(state)} == {"T1", "T2", "FOOL"}  # no Cups led: trumps
    with pytest.raises(IllegalActionError, match=r"you must play a trump \(T1 T2 FOOL\) \(R4\)"):
        trio.apply(state, trio.parse_action("KC"))
    state = run(trio, state, "T1 T3")
    assert trio.view(state, 0).tricks[-1].winner == 2  # T6 beats T1 and T3
    state = run(trio, state, "JS FOOL")
    assert {str(a) for a in trio.legal_actions(state)} == {"KS", "QS"}  # West follows Swords
    state = run(trio, state, "KS")
    assert trio.view(state, 0).tricks[-1].winner == 1  # the Fool never wins (C4)


def test_R5_the_declarer_scores_twice_d_and_each_defender_minus_d(trio: Game[Any]) -> None:
    """East takes with 18 card points: T6 T1 (8), KC JC (6), QC 10C (4); West and South keep 14,
    the Fool with its own side (C4). d = 18 - 16 = 2: East +4, West and South -2 each."""
    state = run(trio, start(trio), "pass take T6 T1 T3 JS FOOL KS QS 10S T2 KC JC T4 T5 QC 10C")
    result = trio.outcome(state)
    assert result is not None and trio.audit(state) == []
    assert result.card_points == (18, 14) and result.tricks == (3, 2)
    assert result.scores == (-2, -2, 4)


def test_C4_a_fool_in_a_trick_the_other_side_wins_is_paid_for_with_the_lowest_card(trio: Game[Any]) -> None:
    """South's Fool falls in the first trick, which East wins; the Defenders win one trick (JS T2
    KS) and pay East their lowest card for it, T2 (worth 0). East: T6 T3, KC JC T4, T5 T1 QS,
    10S QC 10C = 22 and T2; the Defenders: JS KS and the Fool = 10. d = 6: East +12."""
    state = run(trio, start(trio), "pass take T6 FOOL T3 JS T2 KS KC JC T4 T5 T1 QS 10S QC 10C")
    result = trio.outcome(state)
    assert result is not None and trio.audit(state) == []
    fool_line = result.lines[0]
    assert fool_line.label == "for South's Fool, T2 goes to the Declarer (C4)" and fool_line.value == 0
    assert result.card_points == (22, 10) and result.scores == (-6, -6, 12)
