"""S8 (play), C4 (the Fool, settled at the end), S9 (counting to 126) and S10 (scoring)."""

from __future__ import annotations

from tarocchi.games.sicilian.views import SicilianFacts

from . import deals
from .helpers import NO_SOLO, QUIET, act, game, labelled, legal, lines, play_out, start


def test_S8_must_trump_when_void_but_need_not_overtrump():
    g = game()
    state = start(g, deals.SOLO, moves=f"{QUIET}; solo; T3; QC; 5C; KC")
    assert legal(g, state) == {"T5", "T8", "T9", "T10"}  # West: no Cups, so a trump
    state = act(g, state, "T8")
    assert legal(g, state) == {"T4", "T6", "T7", "T13"}  # North may play under T8
    state = act(g, state, "T4")
    assert legal(g, state) == {"CC", "VC", "10C", "9C", "8C", "7C", "6C"}  # East follows Cups
    reason = g.explain_illegal(state, g.parse_action("T11"))
    assert "must follow suit" in reason and "S8" in reason
    state = act(g, state, "6C")
    assert state.tricks[-1].winner == 1 and g.to_act(state) == 1  # West's trump wins and leads


def test_S4_solo_discard_counts_for_the_declarer():
    g = game()
    state = play_out(g, start(g, deals.SOLO, moves=f"{QUIET}; solo; T3; QC; 5C"))
    result = g.outcome(state)
    assert result.sides == ((0,), (1, 2, 3))
    # QC 4 + 5C 0 + T3 0 = 4, credited to South, the Declarer
    assert lines(result)["the Declarer's discard (QC 5C T3), for South"] == (4, 0)
    assert sum(result.card_points) + sum(result.tricks) + 5 == 126


def test_S9_S10_cop_two_against_two_and_the_fool_of_a_side_without_tricks():
    g = game()
    state = start(g, deals.COP, moves=f"{QUIET}; {NO_SOLO}; QC; QD; QB; prop; pass; cop")
    state = play_out(g, state)  # South leads T21..T7: West's T1..T6 cannot beat them
    result = g.outcome(state)
    assert result.sides == ((0, 2), (1, 3))
    # Defenders: East's discard QC QD QB = 12, no trick. West's Fool: his side won no trick,
    # so the Fool itself (10) goes over. Declarers: 106 - 12 = 94 + 15 tricks + 5 last = 114.
    assert result.card_points == (94, 12) and result.tricks == (15, 0)
    assert labelled(result, "Fool") == [
        ("West's side won no trick: the Fool goes to the Declarers (C4)", 10, 0)
    ]
    # d = 114 - 63 = 51: each Declarer +51, each Defender -51
    assert lines(result)["d = 114 - 63 (S9)"] == (51, 0)
    assert result.scores == (51, -51, 51, -51)
    assert "2 v 2: each Declarer (South and North) +51, each Defender -51 (S10)" in lines(result)


def test_S7_S10_rallied_queen_in_the_discard_scores_one_against_three():
    g = game()
    moves = f"{QUIET}; {NO_SOLO}; QD; 5C; 6C; prop; pass; pass; pass; rally QD"
    state = play_out(g, start(g, deals.QUEEN_DISCARDED, moves=moves))
    result = g.outcome(state)
    assert result.sides == ((0,), (1, 2, 3))
    # South wins all 15 tricks (T21..T11, then his four Kings). Defenders: East's discard
    # QD 5C 6C = 4. South: 106 - 4 = 102 + 15 + 5 = 122; d = 59; South +3 x 59 = 177.
    assert result.card_points == (102, 4) and result.tricks == (15, 0)
    assert result.scores == (177, -59, -59, -59)
    assert "1 v 3: the Declarer (South) +177, each Defender -59 (S10)" in lines(result)
    assert SicilianFacts.of(g.view(state, 1)).partner is None
    assert ("Declarer's partner", "none: QD was not in play, 1 v 3") in g.view(state, 1).public


def test_C4_fool_owed_across_the_hidden_partnership():
    g = game()
    moves = (
        f"{QUIET}; {NO_SOLO}; 6S; 5S; AS; prop; pass; pass; pass; rally KC;"
        "5C; QC; 5D; FOOL;"  # trick 1: East, the hidden partner, plays the Fool; West's QC wins
        "9C; 6D; KC; T11"  # trick 2: East reveals himself with KC; South trumps and wins
    )
    state = start(g, deals.HIDDEN, moves=moves)
    assert [t.winner for t in state.tricks] == [1, 0]
    state = play_out(g, state)  # South wins tricks 3-15: T21..T12, then KD KB KS
    result = g.outcome(state)
    assert result.sides == ((0, 3), (1, 2))
    # Sides known only now: the Fool's owner (East) is a Declarer, trick 1 went to a Defender.
    # The Declarers pay their lowest card: value 0, first in the pack's order: 10C (West's,
    # won in the last tricks). Defenders: 5C 0 + QC 4 + 5D 0 + 10C 0 = 4, 1 trick -> 5.
    # Declarers: 106 - 4 = 102, 14 tricks, last trick 5 -> 121; d = 121 - 63 = 58.
    assert labelled(result, "Fool") == [("for East's Fool (trick 1), 10C goes to the Defenders (C4)", 0, 1)]
    assert result.card_points == (102, 4) and result.tricks == (14, 1)
    assert result.scores == (58, -58, -58, 58)
    assert lines(result)["last trick"] == (5, 0)


def test_S7_S10_declarers_who_lose_pay_d_each_and_the_rally_with_no_candidate_suit():
    g = game()
    # COP deal, but South passes and West props (T1 + FOOL = 20); nobody cops. West holds only
    # Swords (with KS) and trumps: no candidate suit, so any King he lacks: KC, KD or KB.
    moves = f"{QUIET}; {NO_SOLO}; QC; QD; QB; pass; prop; pass; pass; pass"
    state = start(g, deals.COP, moves=moves)
    assert legal(g, state) == {"rally KC", "rally KD", "rally KB"}
    state = play_out(g, act(g, state, "rally KC"))  # North holds KC: West and North v South and East
    result = g.outcome(state)
    assert result.sides == ((1, 2), (0, 3))
    # South's T7..T21 win all 15 tricks (West leads T6, South overtakes, then leads trumps).
    # West's Fool: his side won no trick, so it goes to the Defenders. Declarers: 0 card points,
    # 0 tricks; Defenders: 106 (East's discard QC QD QB included) + 15 + 5 = 126. d = 0 - 63.
    assert result.card_points == (0, 106) and result.tricks == (0, 15)
    assert labelled(result, "Fool") == [
        ("West's side won no trick: the Fool goes to the Defenders (C4)", 10, 1)
    ]
    assert lines(result)["d = 0 - 63 (S9)"] == (-63, 0)
    assert result.scores == (63, -63, -63, 63)
