"""Records: a real record replays, and every kind of tampering is caught by ``replay`` (or ``load``)
with a RecordError naming the first wrong hand and action. Malformed input is a RecordError,
never another exception."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tarocchi.core.errors import RecordError
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.record import FORMAT, RECORD_FIELDS, load, replay, save

Record = dict[str, Any]


@pytest.fixture(scope="module")
def record(finished_match: Match) -> Record:
    data: Record = json.loads(json.dumps(finished_match.record()))
    return data


@pytest.fixture
def tampered(record: Record) -> Record:
    data: Record = copy.deepcopy(record)
    return data


def refusal(data: Any) -> str:
    with pytest.raises(RecordError) as error:
        replay(data)
    return str(error.value)


def names(message: str, hand: int, action: int | None = None) -> bool:
    where = f"hand {hand}" if action is None else f"hand {hand}, action {action}"
    return re.search(rf"(?<![\w]){re.escape(where)}(?!\d)", message) is not None


def target_hand(data: Record) -> int:
    """The hand to tamper with: a later one if there is one (so that 'hand 1' would be wrong),
    the one with most actions among them."""
    hands = data["hands"]
    later = list(range(1, len(hands))) or [0]
    return 1 + max(later, key=lambda i: len(hands[i]["actions"]))


def states_of(game: Game[Any], data: Record, number: int) -> list[Any]:
    """The states of hand ``number`` of a record: ``states[i]`` is before its action i + 1."""
    totals = [0] * game.players
    for hand in data["hands"][: number - 1]:
        totals = [t + s for t, s in zip(totals, hand["result"]["scores"], strict=True)]
    hand = data["hands"][number - 1]
    deal = Deal.from_json(game.deck, hand["deal"])
    state = game.initial_state(deal, HandContext(number, hand["dealer"], tuple(totals)))
    states = [state]
    for _, text in hand["actions"]:
        state = game.apply(state, game.parse_action(text, state))
        states.append(state)
    return states


def card_tokens(game: Game[Any], text: str) -> set[str]:
    codes = {card.code for card in game.deck.cards}
    return {token for token in re.findall(r"[A-Za-z0-9]+", text) if token in codes}


def middle_first(count: int) -> Iterator[int]:
    """Indices 0..count-1 from the middle outwards."""
    mid = count // 2
    for k in range(count):
        i = mid + (k + 1) // 2 * (1 if k % 2 else -1)
        if 0 <= i < count:
            yield i


# -- a real record --------------------------------------------------------------------------------
def test_the_untampered_record_replays(game: Game[Any], record: Record, finished_match: Match) -> None:
    summary = replay(record)
    assert summary.totals == tuple(finished_match.totals)
    assert summary.complete
    assert len(record["hands"]) == game.hands_per_game()
    assert target_hand(record) >= min(2, game.hands_per_game())


# -- tampering with actions -------------------------------------------------------------------------
def test_a_card_not_in_hand_is_named_by_hand_and_action(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    actions = tampered["hands"][number - 1]["actions"]
    states = states_of(game, tampered, number)
    for i in middle_first(len(actions)):
        seat, text = actions[i]
        held = {c.code for c in game.view(states[i], seat).hand}
        kept = {c.code for c in game.view(states[i + 1], seat).hand}
        spent = card_tokens(game, text) & held - kept  # a card this action takes from the hand
        if not spent:
            continue
        old = sorted(spent)[0]
        for card in game.deck.cards:
            if card.code in held:
                continue
            new_text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(old)}(?![A-Za-z0-9])", card.code, text)
            if game.explain_illegal(states[i], game.parse_action(new_text, states[i])) is not None:
                actions[i] = [seat, new_text]
                message = refusal(tampered)
                assert names(message, number, i + 1), message
                assert card.code in message
                return
    pytest.fail("no action in the hand plays or discards a card from the hand")


def test_an_action_by_the_wrong_seat_is_named_by_hand_and_action(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    actions = tampered["hands"][number - 1]["actions"]
    i = len(actions) // 2
    seat = actions[i][0]
    actions[i][0] = (seat + 1) % game.players
    message = refusal(tampered)
    assert names(message, number, i + 1), message
    assert str(seat) in message


def test_a_removed_action_is_caught_in_its_hand(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    actions = tampered["hands"][number - 1]["actions"]
    i = len(actions) // 2
    del actions[i]
    message = refusal(tampered)
    assert names(message, number), message
    found = re.search(rf"hand {number}, action (\d+)", message)
    assert found is None or int(found.group(1)) >= i + 1, message


def test_an_action_after_the_end_of_a_hand_is_named(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    actions = tampered["hands"][number - 1]["actions"]
    actions.append(list(actions[-1]))
    message = refusal(tampered)
    assert names(message, number, len(actions)), message
    assert "over" in message


@pytest.mark.parametrize("text", ["", "zz-not-an-action", "KE KE KE"])
def test_an_action_not_in_the_notation_is_named(game: Game[Any], tampered: Record, text: str) -> None:
    number = target_hand(tampered)
    actions = tampered["hands"][number - 1]["actions"]
    i = len(actions) // 2
    actions[i][1] = text
    assert names(refusal(tampered), number, i + 1)


# -- tampering with results and totals ------------------------------------------------------------
def test_a_changed_score_is_found_by_rescoring_the_hand(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    scores = tampered["hands"][number - 1]["result"]["scores"]
    scores[0] += 1
    scores[1] -= 1  # still zero-sum, and the totals follow: only re-scoring can tell
    tampered["totals"][0] += 1
    tampered["totals"][1] -= 1
    message = refusal(tampered)
    assert names(message, number), message
    assert "scores" in message


def test_a_changed_score_line_is_found(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    tampered["hands"][number - 1]["result"]["lines"][0]["value"] += 1
    assert names(refusal(tampered), number)


def test_changed_totals_are_found(game: Game[Any], tampered: Record) -> None:
    tampered["totals"][0] += 1
    tampered["totals"][-1] -= 1
    assert "totals" in refusal(tampered)


# -- tampering with deals, dealers and the header ------------------------------------------------
def test_a_deal_with_a_duplicated_card_is_refused(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    hands = tampered["hands"][number - 1]["deal"]["hands"]
    first, second = hands[0].split(), hands[1].split()
    first[0] = second[0]
    hands[0] = " ".join(first)
    message = refusal(tampered)
    assert names(message, number), message
    assert second[0] in message


def test_a_changed_dealer_is_refused(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    hand = tampered["hands"][number - 1]
    hand["dealer"] = (hand["dealer"] + 1) % game.players
    message = refusal(tampered)
    assert names(message, number), message
    assert "dealer" in message


def test_a_changed_first_dealer_is_refused(game: Game[Any], tampered: Record) -> None:
    tampered["first_dealer"] = (tampered["first_dealer"] + 1) % game.players
    message = refusal(tampered)
    assert names(message, 1) and "dealer" in message, message


def test_a_first_dealer_that_is_no_seat_is_refused(game: Game[Any], record: Record) -> None:
    # first_dealer + n (or - n) gives the same rotation mod n, but it is not a seat.
    accepted = []
    for shift in (-1, 1):
        data = copy.deepcopy(record)
        data["first_dealer"] += shift * game.players
        try:
            replay(data)
        except RecordError as error:
            assert "dealer" in str(error)
        else:
            accepted.append(data["first_dealer"])
    assert accepted == [], f"first_dealer {accepted} accepted for a table of {game.players}"


def test_a_hand_number_out_of_sequence_is_refused(game: Game[Any], tampered: Record) -> None:
    number = target_hand(tampered)
    tampered["hands"][number - 1]["number"] = number + 1
    assert names(refusal(tampered), number)


def test_another_rules_version_is_refused(tampered: Record) -> None:
    tampered["rules_version"] = "0-not-this-one"
    message = refusal(tampered)
    assert "rules version" in message and "0-not-this-one" in message


@pytest.mark.parametrize(("key", "value"), [("format", "something-else"), ("format_version", 99)])
def test_a_wrong_format_is_refused(tampered: Record, key: str, value: Any) -> None:
    tampered[key] = value
    assert "format" in refusal(tampered)


def test_a_missing_format_is_refused(tampered: Record) -> None:
    del tampered["format"]
    assert FORMAT in refusal(tampered)


def test_an_unknown_game_or_bad_options_are_record_errors(game: Game[Any], record: Record) -> None:
    data = copy.deepcopy(record)
    data["game"] = "no-such-game"
    assert "no-such-game" in refusal(data)
    data = copy.deepcopy(record)
    data["options"] = {"no_such_option": "x"}
    assert "no_such_option" in refusal(data)
    for spec in game.info.options:
        data = copy.deepcopy(record)
        data["options"] = {spec.name: "no-such-value"}
        assert "no-such-value" in refusal(data)


def test_a_lying_complete_flag_is_refused(tampered: Record) -> None:
    tampered["complete"] = False
    assert "complete" in refusal(tampered)


def test_an_unfinished_game_may_not_claim_to_be_complete(game: Game[Any]) -> None:
    match = Match(game, seed=11)
    for _ in range(3):
        seat = match.to_act()
        assert seat is not None
        match.submit(seat, match.legal_actions()[0])
    data = json.loads(json.dumps(match.record()))
    assert replay(data).complete is False
    data["complete"] = True
    assert names(refusal(data), 1)


def test_a_missing_hand_or_an_extra_hand_is_refused(game: Game[Any], record: Record) -> None:
    data = copy.deepcopy(record)
    data["hands"].pop()
    refusal(data)  # totals and the complete flag no longer add up
    data = copy.deepcopy(record)
    data["hands"].append(copy.deepcopy(data["hands"][-1]))
    assert str(game.hands_per_game()) in refusal(data)


# -- not a record at all ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "content",
    [b"this is not JSON {", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b'{"hands": []}', b'"text"', b""],
)
def test_load_refuses_what_is_not_a_record(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as error:
        load(path)
    assert str(path) in str(error.value)


def test_load_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "nowhere.json")


def test_save_and_load_round_trip(record: Record, tmp_path: Path) -> None:
    path = save(record, tmp_path / "deep" / "game.json")
    assert load(path) == record
    assert not list(path.parent.glob("*.tmp")), "the temporary file is renamed into place"


def test_a_record_that_is_not_an_object_is_a_record_error() -> None:
    crashes = []
    for data in (None, [], [1, 2], "tarocchi-record", 3, 2.5, True):
        try:
            replay(data)  # type: ignore[arg-type]
        except RecordError:
            pass
        except Exception as exc:  # any other exception is the failure
            crashes.append(f"replay({data!r}): {type(exc).__name__}: {exc}")
        else:
            crashes.append(f"replay({data!r}) accepted")
    assert crashes == []


# -- wrong types ------------------------------------------------------------------------------------
WRONG = [None, True, 1.5, -1, 7, "x", [], {}, [1, "x"]]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a record, looking at no more than three items of a list."""
    if prefix:
        yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield from paths(item, (*prefix, index))


def replaced(data: Record, path: tuple[Any, ...], value: Any) -> Record:
    """``data`` with ``value`` at ``path``: new containers along the path, the rest shared (replay
    only reads a record; the test below checks that it changed none)."""
    copied = copy.copy(data)
    where: Any = copied
    for key in path[:-1]:
        where[key] = copy.copy(where[key])
        where = where[key]
    where[path[-1]] = value
    return copied


def test_any_wrong_type_anywhere_is_a_record_error_never_a_crash(record: Record) -> None:
    # Keep the fuzzed record small: its first hand with a few actions, then cut off.
    small = copy.deepcopy(record)
    small["hands"] = small["hands"][:2]
    untouched = json.dumps(small)
    crashes = []
    tried = 0
    for path in paths(small):
        for value in WRONG:
            tried += 1
            try:
                replay(replaced(small, path, value))
            except RecordError:
                pass
            except Exception as exc:  # any other exception is the failure
                crashes.append(f"{path} = {value!r}: {type(exc).__name__}: {exc}")
    assert tried > 200
    assert crashes == []
    assert json.dumps(small) == untouched  # what every tampered record shared was only read


def first_action(data: Record, want: Callable[[int], bool]) -> tuple[int, int]:
    for h, hand in enumerate(data["hands"]):
        for i, (seat, _) in enumerate(hand["actions"]):
            if want(seat):
                return h, i
    raise AssertionError("no such action")


def test_a_seat_of_the_wrong_type_is_refused(game: Game[Any], record: Record) -> None:
    h, i = first_action(record, lambda seat: seat in (0, 1))
    seat = record["hands"][h]["actions"][i][0]
    accepted = []
    for wrong in (float(seat), bool(seat), str(seat), None, [seat]):
        data = copy.deepcopy(record)
        data["hands"][h]["actions"][i][0] = wrong
        try:
            replay(data)
        except RecordError as error:
            assert names(str(error), h + 1, i + 1), str(error)
        else:
            accepted.append(wrong)
    assert accepted == [], f"seats {accepted!r} accepted in place of {seat}"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("format_version", "1"),
        ("first_dealer", True),
        ("first_dealer", 0.0),
        ("first_dealer", "0"),
        ("hands", {}),
        ("totals", None),
        ("complete", 1),
        ("complete", "true"),
        ("game", ["piedmont"]),
        ("options", "good_evil=trumps"),
    ],
)
def test_a_header_field_of_the_wrong_type_is_refused(tampered: Record, key: str, value: Any) -> None:
    tampered[key] = value
    refusal(tampered)


def test_the_format_version_must_be_the_integer_one(record: Record) -> None:
    accepted = []
    for wrong in (True, 1.0, "1", [1]):
        data = copy.deepcopy(record)
        data["format_version"] = wrong
        try:
            replay(data)
        except RecordError as error:
            assert "format" in str(error)
        else:
            accepted.append(wrong)
    assert accepted == [], f"format_version {accepted!r} accepted"


# -- the strict schema: exact types, no unknown or missing fields ----------------------------------
def one_line(message: str) -> bool:
    """A refusal is one short line with no control characters (docs/records.md)."""
    return "\n" not in message and len(message) <= 320 and message.isprintable()


def test_totals_written_as_floats_are_refused(tampered: Record) -> None:
    # [19.0, -19.0] == [19, -19] in Python: only an exact type check tells them apart.
    tampered["totals"] = [float(t) for t in tampered["totals"]]
    message = refusal(tampered)
    assert "totals" in message and "integer" in message, message


def unfinished(game: Game[Any]) -> Record:
    """A record of a game left after a few actions: its totals are all zero."""
    match = Match(game, seed=11)
    for _ in range(3):
        seat = match.to_act()
        assert seat is not None
        match.submit(seat, match.legal_actions()[0])
    data: Record = json.loads(json.dumps(match.record()))
    assert data["totals"] == [0] * game.players
    return data


@pytest.mark.parametrize("zero", [False, 0.0, -0.0])
def test_zero_totals_of_another_type_are_refused(game: Game[Any], zero: Any) -> None:
    data = unfinished(game)
    replay(data)
    data["totals"] = [zero] * game.players  # False == 0 == 0.0 in Python
    message = refusal(data)
    assert "totals" in message, message


@pytest.mark.parametrize("seed", ["7", 7.0, True, [7], {"seed": 7}])
def test_a_seed_must_be_an_integer_or_null(tampered: Record, seed: Any) -> None:
    tampered["seed"] = seed
    message = refusal(tampered)
    assert "seed" in message, message


@pytest.mark.parametrize("seed", [None, 0, 2**64 - 1, 2**128])
def test_any_integer_seed_or_none_is_accepted(record: Record, seed: int | None) -> None:
    data = copy.deepcopy(record)
    data["seed"] = seed
    assert replay(data).complete


def option_variants(game: Game[Any]) -> list[tuple[str, Any]]:
    """Options that a lenient reader would take for a registered one: other case, not a string."""
    variants: list[tuple[str, Any]] = []
    for spec in game.info.options:
        value = spec.default
        variants.append((spec.name.upper(), value))
        variants.append((f" {spec.name}", value))
        if value.upper() != value:
            variants.append((spec.name, value.upper()))
        variants.append((spec.name, f"{value} "))
        variants.append((spec.name, int(value) if value.isdigit() else [value]))
    return variants


def test_options_must_be_written_exactly_as_registered(game: Game[Any], record: Record) -> None:
    variants = option_variants(game) or [("colour", "red")]  # a game without options takes none
    accepted = []
    for name, value in variants:
        data = copy.deepcopy(record)
        data["options"] = {
            **{n: v for n, v in data["options"].items() if n != name.strip().lower()},
            name: value,
        }
        try:
            replay(data)
        except RecordError as error:
            assert "option" in str(error) and one_line(str(error)), str(error)
        else:
            accepted.append((name, value))
    assert accepted == [], f"options {accepted!r} accepted"


@pytest.mark.parametrize("where", ["record", "hand", "deal", "result", "line"])
def test_an_unknown_field_is_refused_by_name(record: Record, where: str) -> None:
    data = copy.deepcopy(record)
    hand = data["hands"][0]
    target = {
        "record": data,
        "hand": hand,
        "deal": hand["deal"],
        "result": hand["result"],
        "line": hand["result"]["lines"][0],
    }[where]
    target["surprise_field"] = 1
    message = refusal(data)
    assert "surprise_field" in message and one_line(message), message


@pytest.mark.parametrize("key", RECORD_FIELDS[1:])  # without "format", it is no record at all
def test_a_missing_header_field_is_named(tampered: Record, key: str) -> None:
    del tampered[key]
    message = refusal(tampered)
    assert key in message, message


@pytest.mark.parametrize("key", ["number", "dealer", "deal", "actions", "result"])
def test_a_missing_hand_field_is_named(tampered: Record, key: str) -> None:
    del tampered["hands"][0][key]
    message = refusal(tampered)
    assert names(message, 1) and key in message, message


@pytest.mark.parametrize("field", ["scores", "card_points", "tricks"])
def test_a_stored_result_must_have_the_exact_types_of_the_re_scored_one(tampered: Record, field: str) -> None:
    result = tampered["hands"][0]["result"]
    result[field] = [float(v) for v in result[field]]
    message = refusal(tampered)
    assert names(message, 1) and field in message, message


def test_a_score_line_value_of_another_type_is_refused(record: Record) -> None:
    accepted = []
    for h, hand in enumerate(record["hands"]):
        for i, line in enumerate(hand["result"]["lines"]):
            for other in (float(line["value"]), str(line["value"])):
                data = copy.deepcopy(record)
                data["hands"][h]["result"]["lines"][i]["value"] = other
                try:
                    replay(data)
                except RecordError as error:
                    assert names(str(error), h + 1), str(error)
                else:
                    accepted.append(other)
    assert accepted == []


NOT_JSON: dict[str, Any] = {
    "huge int": 10**5000,
    "nan": float("nan"),
    "inf": float("inf"),
    "tuple": (1, 2),
    "set": {1, 2},
    "object": object(),
}


@pytest.mark.parametrize("value", NOT_JSON.values(), ids=NOT_JSON.keys())
def test_values_that_are_no_json_are_refused_in_a_result(tampered: Record, value: Any) -> None:
    # replay() is also called from Python, with data that never went through JSON.
    tampered["hands"][0]["result"]["scores"] = value
    message = refusal(tampered)
    assert names(message, 1) and "scores" in message and one_line(message), message


@pytest.mark.parametrize("value", NOT_JSON.values(), ids=NOT_JSON.keys())
def test_values_that_are_no_json_are_refused_in_the_header(tampered: Record, value: Any) -> None:
    for key in ("first_dealer", "seed", "totals", "format_version"):
        if key == "seed" and type(value) is int:
            continue  # a seed may be any integer: it is informative only
        data = copy.deepcopy(tampered)
        data[key] = value
        message = refusal(data)
        assert key.split("_")[0] in message and one_line(message), message


def test_control_characters_in_an_action_are_shown_escaped(tampered: Record) -> None:
    number = target_hand(tampered)
    actions = tampered["hands"][number - 1]["actions"]
    i = len(actions) // 2
    actions[i][1] = "\x1b]0;pwn\x07"
    message = refusal(tampered)
    assert names(message, number, i + 1), message
    assert "\x1b" not in message and "\x07" not in message and "\\x1b" in message, message


@pytest.mark.parametrize(
    "text",
    ["K" * 1_000_000, "KE " * 300_000, "\x1b[2J" * 100_000, "²" * 10_000],
    ids=["1 MB word", "300,000 cards", "escapes", "superscripts"],
)
def test_a_huge_action_text_is_shown_cut(tampered: Record, text: str) -> None:
    number = target_hand(tampered)
    actions = tampered["hands"][number - 1]["actions"]
    i = len(actions) // 2
    actions[i][1] = text
    message = refusal(tampered)
    assert names(message, number, i + 1) and one_line(message), message[:400]


@pytest.mark.parametrize(
    "text",
    ["pay ²", "pay " + "9" * 5000, "take ³", "\uff19\uff10 H", "1" * 5000 + " H"],
    ids=["superscript pay", "huge pay", "superscript take", "wide bid", "huge bid"],
)
def test_numbers_that_are_no_ascii_digits_are_refused(tampered: Record, text: str) -> None:
    actions = tampered["hands"][0]["actions"]
    actions[0][1] = text
    message = refusal(tampered)
    assert names(message, 1, 1) and one_line(message), message


def test_a_million_hands_or_actions_are_refused_at_once(record: Record) -> None:
    import time

    data = copy.deepcopy(record)
    data["hands"] = [data["hands"][0]] * 1_000_000
    start = time.perf_counter()
    assert "hands" in refusal(data)
    data = copy.deepcopy(record)
    actions = data["hands"][0]["actions"]
    actions.extend([actions[-1]] * 1_000_000)
    message = refusal(data)
    assert names(message, 1) and one_line(message), message
    assert time.perf_counter() - start < 5


def test_a_hand_of_another_type_is_refused(tampered: Record) -> None:
    wrongs: tuple[object, ...] = (None, [], "hand", 1, (1,))
    for wrong in wrongs:
        data = copy.deepcopy(tampered)
        data["hands"][0] = wrong
        assert names(refusal(data), 1)


def test_players_must_be_strings(tampered: Record) -> None:
    tampered["players"][0] = 7
    assert "players" in refusal(tampered)


def test_duplicate_keys_in_a_record_file_are_refused(record: Record, tmp_path: Path) -> None:
    text = json.dumps(record)
    assert text.endswith("}")
    path = tmp_path / "twice.json"
    path.write_text(text[:-1] + ', "complete": ' + json.dumps(record["complete"]) + "}", encoding="utf-8")
    with pytest.raises(RecordError) as error:
        load(path)
    assert "complete" in str(error.value) and "twice" in str(error.value)


def test_duplicate_keys_deep_in_a_record_file_are_refused(record: Record, tmp_path: Path) -> None:
    text = json.dumps(record)
    first = json.dumps(record["hands"][0]["dealer"])
    doubled = text.replace('"dealer": ' + first, '"dealer": ' + first + ', "dealer": ' + first, 1)
    assert doubled != text
    path = tmp_path / "twice.json"
    path.write_text(doubled, encoding="utf-8")
    with pytest.raises(RecordError, match="dealer"):
        load(path)
