"""S4 (Solo, the stock shown, the exchange), S5 (the Dealer's unseen exchange, Prop), S6 (Cop)."""

from __future__ import annotations

from tarocchi.games.sicilian.state import Mode, Phase, ThrownIn
from tarocchi.games.sicilian.views import SicilianFacts

from . import deals
from .helpers import NO_SOLO, QUIET, act, events_text, game, legal, start


def test_S4_solo_shows_the_stock_and_the_declarer_must_discard_a_trump():
    g = game()
    state = start(g, deals.SOLO, moves=f"{QUIET}; solo")
    assert g.to_act(state) == 0 and g.view(state, 0).phase is Phase.EXCHANGE
    assert "shows the stock, 5C T2 T3" in events_text(g.view(state, 1))  # shown to everyone
    # 18 cards; worth 5 or more: KC KD KB KS T1 T21 FOOL T17-T20. Plain ones left: QC 5C, two
    # for three discards, so trumps (not worth 5) may go too, while that lasts.
    assert legal(g, state) == {f"discard {c}" for c in ("QC", "5C", "T2", "T3", "T14", "T15", "T16")}
    assert "worth 5 or more" in g.explain_illegal(state, g.parse_action("discard KC"))
    state = act(g, state, "discard T3")
    # now two plain cards for two discards: no more trumps
    assert legal(g, state) == {"discard QC", "discard 5C"}
    assert "only when unavoidable" in g.explain_illegal(state, g.parse_action("discard T2"))
    state = act(g, state, "QC; 5C")  # a bare card means a discard here
    west = events_text(g.view(state, 1))
    assert "0:discard T3" in west  # the trump is shown
    assert "QC" not in west and "discard 5C" not in west  # the others stay face down
    assert g.view(state, 0).known == (("your discard", g.view(state, 0).known[0][1]),)
    assert str(g.view(state, 0).known[0][1]) == "QC 5C T3"
    assert g.view(state, 1).known == ()
    assert g.view(state, 0).phase is Phase.PLAY and g.to_act(state) == 0  # S8: the Declarer leads


def test_S4_first_solo_ends_the_round():
    g = game()
    state = start(g, deals.SOLO, moves=f"{QUIET}; pass; solo")
    assert g.to_act(state) == 1  # West said Solo: he exchanges, nobody else speaks
    assert (
        SicilianFacts.of(g.view(state, 2)).declarer == 1
        and SicilianFacts.of(g.view(state, 2)).mode is Mode.SOLO
    )


def test_S5_dealer_takes_the_stock_unseen_and_discards_under_the_same_rule():
    g = game()
    state = start(g, deals.PROP, moves=f"{QUIET}; {NO_SOLO}")
    assert g.to_act(state) == 3
    assert "T17" in events_text(g.view(state, 3))  # East sees what he took
    for seat in (0, 1, 2):
        assert "T17" not in events_text(g.view(state, seat))
        assert "T21" not in events_text(g.view(state, seat))
    # East: 17 trumps and 5S; only one plain card for three discards; T17-T21 are worth 5+.
    assert legal(g, state) == {"discard 5S"} | {f"discard T{n}" for n in range(5, 17)}
    state = act(g, state, "5S; T5; T6")
    assert "3:discard T5" in events_text(g.view(state, 1))  # discarded trumps are shown (S4, S5)


def test_S5_prop_refused_for_19_points():
    g = game()
    state = start(g, deals.PROP, moves=f"{QUIET}; {NO_SOLO}; 5S; T5; T6")
    assert g.view(state, 0).phase is Phase.PROP and g.to_act(state) == 0
    assert legal(g, state) == {"pass"}  # South: FOOL = 10
    state = act(g, state, "pass")
    # West: KC KD KB QC = 19 card points, but only cards worth 5 or 10 count: 15 < 20.
    assert legal(g, state) == {"pass"}
    reason = g.explain_illegal(state, g.parse_action("prop"))
    assert "at least 20" in reason and "West has 15" in reason and "S5" in reason


def test_S5_prop_strength_counts_the_dealers_hand_after_his_exchange():
    g = game()
    state = start(g, deals.PROP, moves=f"{QUIET}; {NO_SOLO}; 5S; T5; T6; pass; pass; pass")
    # East: T18 T19 T20 = 15 when dealt; with T17 and T21 from the stock 15 + 5 + 10 = 30.
    assert g.to_act(state) == 3 and legal(g, state) == {"prop", "pass"}


def test_S5_nobody_props_so_the_hand_is_thrown_in():
    g = game()
    state = start(g, deals.PROP, moves=f"{QUIET}; {NO_SOLO}; 5S; T5; T6; pass; pass; pass; pass")
    result = g.outcome(state)
    assert result.thrown_in and result.scores == (0, 0, 0, 0)
    assert [line.label for line in result.lines] == ["nobody props: the hand is thrown in (S5)"]
    assert {SicilianFacts.of(g.view(state, seat)).thrown_in for seat in (None, 0, 1, 2, 3)} == {
        ThrownIn.NO_PROP
    }


def test_S6_cop_round_starts_after_the_declarer_and_needs_15():
    g = game()
    state = start(g, deals.PROP, moves=f"{QUIET}; {NO_SOLO}; 5S; T5; T6; pass; pass; pass; prop")
    assert g.view(state, 0).phase is Phase.COP
    assert g.to_act(state) == 0  # East (3) propped: South speaks first
    assert legal(g, state) == {"pass"}  # South: FOOL = 10
    reason = g.explain_illegal(state, g.parse_action("cop"))
    assert "at least 15" in reason and "South has 10" in reason and "S6" in reason
    state = act(g, state, "pass")
    assert g.to_act(state) == 1 and legal(g, state) == {"cop", "pass"}  # West: 15


def test_S6_cop_accepted_makes_an_open_partner():
    g = game()
    state = start(g, deals.COP, moves=f"{QUIET}; {NO_SOLO}; QC; QD; QB; prop")
    assert g.to_act(state) == 1  # the player after the Declarer (South)
    state = act(g, state, "pass; cop")  # West passes, North (KC KD KB = 15) cops
    assert g.view(state, 0).phase is Phase.PLAY and g.to_act(state) == 0
    for seat in (None, 0, 1, 2, 3):
        view = g.view(state, seat)
        assert SicilianFacts.of(view).partner == 2 and SicilianFacts.of(view).mode is Mode.COP
        assert ("Declarer's partner", "North (Cop)") in view.public


def test_S4_the_shown_stock_is_a_view_detail_for_every_seat_and_a_spectator():
    g = game()
    before = start(g, deals.SOLO, moves=QUIET)
    assert all(not SicilianFacts.of(g.view(before, seat)).stock for seat in (0, 1, 2, 3, None))
    state = act(g, before, "solo")
    for seat in (0, 1, 2, 3, None):
        view = g.view(state, seat)
        assert str(SicilianFacts.of(view).stock) == "5C T2 T3"
        assert dict(view.public)["stock"].startswith("5C T2 T3, shown to all")
    # it stays public once the Declarer has laid cards aside and play has begun
    state = act(g, state, "discard T3; QC; 5C")
    assert str(SicilianFacts.of(g.view(state, 2)).stock) == "5C T2 T3"


def test_S5_the_stock_taken_unseen_is_no_view_detail_not_even_for_the_dealer():
    g = game()
    state = start(g, deals.PROP, moves=f"{QUIET}; {NO_SOLO}")
    for seat in (0, 1, 2, 3, None):
        view = g.view(state, seat)
        assert not SicilianFacts.of(view).stock
        assert "stock" not in dict(view.public)
