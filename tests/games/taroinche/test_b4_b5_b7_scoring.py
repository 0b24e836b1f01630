"""B4 (the dog), B5 (belote), B7 (result and score) on fully scripted hands.

deals.SPLIT with spades trump and the play deals.SPLIT_PLAY: seat 0 wins tricks 1-4 for
34 + 28 + 23 + 17 = 102 card points, seat 1 tricks 5-6 for 16 + 29 + 10 (last trick) = 55; the
dog QD JD holds 3 + 2 = 5. 102 + 55 + 5 = 162. Seat 2 holds KS QS.
"""

from __future__ import annotations

from tarocchi.games.taroinche.views import TaroincheFacts

from . import deals
from .helpers import act, game, line, notes, result, start

PASSES = ("pass", "pass", "pass", "pass")


def split_hand(*auction: str, discard: tuple[str, ...] = ()):
    g = game()
    state = act(g, start(g, deals.SPLIT), *auction, *discard)
    assert state.phase.name == "PLAY"
    return g, act(g, state, *deals.SPLIT_PLAY)


def test_B4_without_the_dog_counts_for_the_attack():
    g, state = split_hand("100 S without 2", *PASSES)
    outcome = result(g, state)
    dog = line(outcome, "the dog QD JD")
    assert (dog.value, dog.side) == (5, 0)
    # attack 102 + 5 = 107 card points; defence 55
    assert outcome.card_points == (107, 55)
    assert outcome.sides == ((0, 2), (1, 3, 4))
    assert outcome.tricks == (4, 2)


def test_B4_against_the_dog_counts_for_the_defence():
    g, state = split_hand("100 S against 2", *PASSES)
    outcome = result(g, state)
    dog = line(outcome, "the dog QD JD")
    assert (dog.value, dog.side) == (5, 1)
    assert outcome.card_points == (102, 60)  # 55 + 5


def test_B4_with_the_dog_is_shown_taken_and_the_discard_counts_for_the_attack():
    g = game()
    state = act(g, start(g, deals.SPLIT), "100 S with 2", *PASSES)
    assert state.phase.name == "DISCARD" and g.to_act(state) == 0
    # shown to all: every seat (and a spectator) sees the two cards
    for seat in (1, 3, None):
        assert any("QD JD" in n for n in notes(g, state, seat))
    assert {"QD", "JD"} <= {c.code for c in g.view(state, 0).hand}
    state = act(g, state, "discard QD", "JD")  # a bare card while discarding is a discard
    assert state.phase.name == "PLAY"
    assert [str(c) for _, cs in g.view(state, 0).known for c in cs] == ["QD", "JD"]
    assert g.view(state, 1).known == ()  # C5: face down for everyone else
    state = act(g, state, *deals.SPLIT_PLAY)
    outcome = result(g, state)
    discard = line(outcome, "the taker's discard QD JD")
    assert (discard.value, discard.side) == (5, 0)
    assert outcome.card_points == (107, 55)


def test_B5_belote_held_by_the_partner_is_announced_and_counts_for_the_attack():
    g, state = split_hand("100 S against 2", *PASSES)
    said = [n for n in notes(g, state, 4) if "elote" in n]
    assert said == ["says Belote: holds KS and QS (B5)", "says Rebelote with QS (B5)"]
    outcome = result(g, state)
    belote = line(outcome, "belote")
    assert (belote.value, belote.side) == (20, 0)
    # attack 102 + 20 = 122 >= 100: made; V = 100, M = 1
    assert line(outcome, "the attack needed").value == 122
    assert outcome.scores == (200, -100, 100, -100, -100)


def test_B5_belote_held_by_a_defender_counts_for_nobody():
    # seat 3 is the partner now, so seat 2 (KS QS) defends; the play is the same
    g, state = split_hand("82 S without 3", *PASSES)
    assert not [n for n in notes(g, state, 4) if "elote" in n]
    outcome = result(g, state)
    assert not [ln for ln in outcome.lines if "belote" in ln.label]
    # attack 102 + dog 5 = 107 >= 82: made; 82 scores as 80: taker +160, partner +80
    assert line(outcome, "the attack needed").value == 107
    assert line(outcome, "contract value 82 scores as 80").value == 80
    assert outcome.scores == (160, -80, -80, 80, -80)


def test_B7_a_contract_short_of_its_value_fails():
    g, state = split_hand("130 S against 2", *PASSES)
    outcome = result(g, state)
    # 102 + 20 belote = 122 < 130: failed, each defender gains 130
    assert "failed" in line(outcome, "the attack needed").label
    assert outcome.scores == (-260, 130, -130, 130, 130)


def test_B7_belote_counts_toward_the_contract():
    # against: 102 in tricks + 20 belote = 122 >= 120: made only thanks to the belote
    g, state = split_hand("120 S against 2", *PASSES)
    assert result(g, state).scores == (240, -120, 120, -120, -120)


def test_B7_82_made_scores_as_80():
    # partner 4 (JH QH JC 9C 8C KD): no belote. Attack 0 + 4 wins tricks 1-4 = 102 + dog 5 = 107.
    g, state = split_hand("82 S without 4", *PASSES)
    outcome = result(g, state)
    assert outcome.card_points == (107, 55)
    assert outcome.scores == (160, -80, -80, -80, 80)


def test_B7_coinche_doubles():
    g, state = split_hand("100 S against 2", "coinche", "pass", "pass")  # 1 coinches; 2, 0 pass
    outcome = result(g, state)
    assert line(outcome, "coinche x2").value == 2
    # made: M = 2: taker 2 x 2 x 100, partner 2 x 100, defenders -200
    assert outcome.scores == (400, -200, 200, -200, -200)


def test_B7_surcoinche_by_the_partner_quadruples_and_he_scores_as_taker():
    g, state = split_hand("100 S against 2", "coinche", "surcoinche")  # 1 coinches, 2 surcoinches
    outcome = result(g, state)
    assert line(outcome, "surcoinche x4").value == 4
    assert outcome.sides == ((2, 0), (1, 3, 4))
    # made, M = 4: new taker 2: 2 x 4 x 100 = 800; partner 0: 400; defenders -400
    assert outcome.scores == (400, -400, 800, -400, -400)


def test_B7_solo_pays_four_times_and_each_of_four_defenders_once():
    g = game()
    state = act(g, start(g, deals.TOP_HEARTS), "180 H without 0", *PASSES)
    state = _top_hearts_play(g, state)
    outcome = result(g, state)
    # seat 0 wins all: 152 in tricks + 10 last + dog 8D 7D (0) = 162, + belote 20 = 182 >= 180
    assert outcome.card_points == (162, 0)
    assert line(outcome, "the attack needed").value == 182
    assert line(outcome, "taker South, solo: four times 180").value == 720
    assert line(outcome, "each defender (West, North-West, North-East, East): 180").value == -180
    assert outcome.scores == (720, -180, -180, -180, -180)


def test_B7_solo_coinched_after_a_single_pass():
    g = game()
    state = act(g, start(g, deals.TOP_HEARTS), "180 H without 0", "coinche", "pass")
    outcome = result(g, _top_hearts_play(g, state))
    # made, M = 2: 4 x 2 x 180 = 1440; each defender -360
    assert outcome.scores == (1440, -360, -360, -360, -360)


def test_B7_capot_made_by_winning_every_trick_without_belote():
    g = game()
    state = act(g, start(g, deals.TOP_HEARTS), "capot H without 2", *PASSES)
    state = _top_hearts_play(g, state)
    assert not [n for n in notes(g, state, 1) if "elote" in n]  # B5: never at Capot
    outcome = result(g, state)
    assert not [ln for ln in outcome.lines if "belote" in ln.label]
    assert "Capot made" in line(outcome, "Capot").label
    # V = 250: taker +500, partner +250, defenders -250
    assert outcome.scores == (500, -250, 250, -250, -250)


def test_B7_capot_fails_and_stops_at_the_first_defence_trick():
    g = game()
    state = act(g, start(g, deals.SPLIT), "capot S without 2", *PASSES)
    state = act(g, state, *deals.SPLIT_PLAY[:5])  # seat 1 wins trick 5
    assert g.to_act(state) is None  # the sixth trick is not played
    outcome = result(g, state)
    assert outcome.tricks == (4, 1)
    assert "Capot failed" in line(outcome, "Capot").label
    assert not [ln for ln in outcome.lines if "belote" in ln.label or "last trick" in ln.label]
    assert outcome.scores == (-500, 250, -250, 250, 250)


def test_B7_capot_coinched_and_surcoinched():
    g = game()
    state = act(g, start(g, deals.SPLIT), "capot S without 2", "coinche", "pass", "surcoinche")
    state = act(g, state, *deals.SPLIT_PLAY[:5])
    # order from coincher 1: partner 2 passed, taker 0 surcoinched: failed, M = 4, V = 250
    assert result(g, state).scores == (-2000, 1000, -1000, 1000, 1000)


def _top_hearts_play(g, state):
    """deals.TOP_HEARTS, hearts trump: seat 0 leads his trumps; seat 4 follows 8H then 7H;
    everyone else throws his lowest cards. Seat 0 wins every trick."""
    return act(
        g,
        state,
        "JH 9S 9C 9D 8H",
        "9H 10S 10C 10D 7H",
        "AH JS JC JD 8S",
        "10H QS QC QD 7S",
        "KH KS KC KD 8C",
        "QH AS AC AD 7C",
    )


def test_B4_a_with_dog_is_a_view_fact_for_every_seat_and_a_spectator():
    g = game()
    state = act(g, start(g, deals.SPLIT), "100 S with 2", "pass", "pass", "pass")
    assert all(not TaroincheFacts.of(g.view(state, seat)).dog for seat in (0, 1, 2, 3, 4, None))
    state = act(g, state, "pass")  # the auction ends: the dog is shown and taken
    for seat in (0, 1, 2, 3, 4, None):
        view = g.view(state, seat)
        assert str(TaroincheFacts.of(view).dog) == "QD JD"
        assert dict(view.public)["dog"] == "QD JD, shown to all and taken by South (B4)"
    state = act(g, state, "discard QD", "JD", *deals.SPLIT_PLAY[:3])
    assert str(TaroincheFacts.of(g.view(state, 4)).dog) == "QD JD"  # it stays known after the discard


def test_B4_a_dog_left_face_down_is_no_view_fact():
    g, state = split_hand("100 S without 2", *PASSES)
    # even at the end, when the dog is turned up in an event, the detail names only a With dog
    assert any("the dog is turned up: QD JD" in n for n in notes(g, state, 1))
    for seat in (0, 1, 2, 3, 4, None):
        assert not TaroincheFacts.of(g.view(state, seat)).dog
        assert "dog" not in dict(g.view(state, seat).public)
