"""Every message in and out of the server, as pydantic models: unknown fields are refused.

The websocket protocol (docs/protocol.md): the client says ``hello`` (with its seat's token, or
none to watch), then ``act``; the server answers each change with a ``state`` (the seat's own
view) and each refusal with an ``error`` naming what was wrong.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

KINDS = ("invite", "easy", "medium", "hard", "learned", "expert")
Kind = Literal["invite", "easy", "medium", "hard", "learned", "expert"]


class Strict(BaseModel):
    """Unknown fields are refused, and so is a value of the wrong type: ``"0"`` or ``true`` is no
    version (pydantic's strict mode; nothing is converted)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# -- the websocket, client to server ------------------------------------------------------------
class Hello(Strict):
    """Sit at a seat (its secret token) or, without a token, watch as a spectator."""

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    player: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    """The player's secret key: it opens the seat bound to the player, and names a seat the
    token opens that no player holds yet."""


class Act(Strict):
    """Take ``action`` (in the game's notation) on the table as it was at ``version``."""

    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=200)]
    version: Annotated[int, Field(ge=0)]


class Ping(Strict):
    """Keep the connection alive; the server answers ``pong``."""

    type: Literal["ping"]


class AskHint(Strict):
    """Ask what the hard player would do in this seat's place (only against computer players)."""

    type: Literal["hint"]


class Undo(Strict):
    """Take back this seat's last action, seen at ``version`` (only against computer players,
    until the next player acts)."""

    type: Literal["undo"]
    version: Annotated[int, Field(ge=0)]


class SetPace(Strict):
    """A person watches at this seat: pace the computer players' moves, and hold each hand's end
    until this seat says ``next`` (docs/protocol.md, "Pace and the end of a hand")."""

    type: Literal["pace"]
    pace: Literal["fast", "normal", "slow"]


class NextHand(Strict):
    """This seat has seen the end of hand ``hand``: the next may be dealt."""

    type: Literal["next"]
    hand: Annotated[int, Field(ge=1)]


class Say(Strict):
    """A chat line to the table: the players' room from a seat, the spectators' from a spectator."""

    type: Literal["say"]
    text: Annotated[str, Field(min_length=1, max_length=2000)]


class Mute(Strict):
    """The creator mutes (or lets speak again) a seat's chat, or the spectators' (``seat`` null)."""

    type: Literal["mute"]
    seat: Annotated[int, Field(ge=0, le=7)] | None
    muted: bool


class Replace(Strict):
    """Give an absent person's seat to a computer player (the creator; at a public table, the
    people seated by majority)."""

    type: Literal["replace"]
    seat: Annotated[int, Field(ge=0, le=7)]


class Reclaim(Strict):
    """Take back one's seat from the computer player that held it."""

    type: Literal["reclaim"]


class Again(Strict):
    """At the game's end: play again, the same seats, the next dealer."""

    type: Literal["again"]


class Clock(Strict):
    """The creator sets the time limit per move (null: none)."""

    type: Literal["clock"]
    move_seconds: Annotated[int, Field(ge=1, le=86_400)] | None


class Name(Strict):
    """A new name for oneself: the player's, and at one's seat of this table."""

    type: Literal["name"]
    name: Annotated[str, Field(min_length=1, max_length=200)]


ClientMessage = Annotated[
    Hello
    | Act
    | Ping
    | AskHint
    | Undo
    | SetPace
    | NextHand
    | Say
    | Mute
    | Replace
    | Reclaim
    | Again
    | Clock
    | Name,
    Field(discriminator="type"),
]


class Incoming(Strict):
    message: ClientMessage


# -- the websocket, server to client ------------------------------------------------------------
class SeatInfo(Strict):
    kind: Kind
    connected: bool


class SheetLine(Strict):
    label: str
    side: str
    """The side the line scores for ("" for a line of the whole table)."""
    value: int


class SheetHand(Strict):
    """One finished hand of the score sheet: its labelled lines, each seat's score, the totals."""

    number: int
    lines: list[SheetLine]
    scores: list[int]
    totals: list[int]


class TableInfo(Strict):
    id: str
    game: str
    game_name: str
    deck: str
    hands: int
    seat: int | None
    """The seat this connection sits at (None: a spectator)."""
    seats: list[SeatInfo]
    over: bool
    winners: list[int]
    hints: bool
    """Whether this seat may ask for hints: every other seat is a computer player."""
    undo: bool
    """Whether this seat may take back its last action now (message ``undo``)."""
    move_seconds: int | None
    """The time limit per move (None: none)."""
    waiting: list[int] | None = None
    """At a hand's end held for its people: the seats not yet ready for the next (None: none held)."""
    discards: int = 0
    """How many cards this seat is still to lay aside in a row (0: it is not discarding)."""
    names: list[str | None] = []
    """Each seat's player's name (None: a computer player's seat, or a person bound to no player)."""
    public: bool = False
    again: list[int] = []
    """At the game's end, the seats that said "play again"."""
    next: str | None = None
    """The table this game is played again at, once everyone said so."""
    replaceable: list[int] = []
    """The seats whose people have been away for the grace time: a computer player may take them."""
    absent: list[float | None] = []
    """How long each seat's person has been away, in seconds (None: there, or a computer player)."""
    grace: float = 0.0
    votes: list[int] = []
    """How many people ask that each seat be given to a computer player."""
    muted: list[int] = []
    spectators_muted: bool = False
    reclaimable: list[int] = []
    """The seats a computer player holds for their player, who may take them back."""
    clock_moved: dict[str, Any] | None = None
    """The move the time limit made for this seat, typed as ``present.legal`` has them, until the
    person's own next move (None: none)."""


class State(Strict):
    """The table after a change, as this connection's seat may see it."""

    type: Literal["state"] = "state"
    version: int
    table: TableInfo
    view: dict[str, Any]
    """The engine's view of this seat (``PlayerView.to_json``): never another seat's cards."""
    present: dict[str, Any]
    """What the page shows beside it (``tarocchi.web.present``), computed from the view alone."""
    sheet: list[SheetHand]


class Error(Strict):
    """A refusal: ``code`` for programs, ``message`` in one line for people."""

    type: Literal["error"] = "error"
    code: str
    message: str


class HintAnswer(Strict):
    """The hard player's suggestion for the table at ``version``: its actions and why."""

    type: Literal["hint"] = "hint"
    version: int
    actions: list[str]
    text: str


class Pong(Strict):
    type: Literal["pong"] = "pong"


# -- HTTP -----------------------------------------------------------------------------------------
class Problem(Strict):
    """A refused request (422, 403, 404, 409): what was wrong and what is right, in one line."""

    detail: str


class NewTable(Strict):
    """A table to create: the game, its options, and each seat (a person invited, or a level)."""

    game: Annotated[str, Field(max_length=40)]
    options: dict[Annotated[str, Field(max_length=40)], Annotated[str, Field(max_length=40)]] = {}
    seats: Annotated[list[Kind], Field(min_length=1, max_length=8)]
    move_seconds: Annotated[int, Field(ge=1, le=86_400)] | None = None
    """A live table's time limit per move: a person who lets it pass has a computer player make
    that one move (None: no limit, a turn-based table)."""
    public: bool = False
    """Listed in the lobby, where anyone may take a free seat (else invite-only: by link)."""
    player: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    """The creator's player key: they may then manage the table from its page."""
    sit: Annotated[int, Field(ge=0, le=7)] | None = None
    """The invited seat the creator (``player``) sits at."""


class SeatLink(Strict):
    seat: int
    kind: Kind
    link: str | None
    """The seat's secret link, for an invited seat only (None for a computer player's seat, which
    no link opens): whoever has it plays that seat."""
    token: str | None
    """The token in the link (None for a computer player's seat)."""


class CreatedTable(Strict):
    id: str
    creator_token: str
    """Lets its holder put a computer player in an absent person's seat, and a person back; it
    opens no seat's view."""
    seats: list[SeatLink]
    watch: str
    """The spectators' link."""


class SeatChange(Strict):
    creator_token: Annotated[str, Field(min_length=1, max_length=200)]
    kind: Kind


class PublicTable(Strict):
    id: str
    game: str
    options: dict[str, str]
    seats: list[SeatInfo]
    version: int
    over: bool


class SeatChanged(PublicTable):
    """The table after a seat change, and the seat changed: a person's seat has a new link and
    token (an old one never opens it again), a computer player's none."""

    changed: SeatLink


class MyTable(Strict):
    id: str
    game: str
    seat: int | None
    """None: a table this token created."""
    over: bool


class OptionOut(Strict):
    name: str
    choices: list[str]
    default: str
    help: str


class GameOut(Strict):
    id: str
    name: str
    players: int
    summary: str
    hands: int
    options: list[OptionOut]
    levels: list[str]
    seat_names: list[str]


class NewPlayer(Strict):
    name: Annotated[str, Field(min_length=1, max_length=200)]


class PlayerKey(Strict):
    player: Annotated[str, Field(min_length=1, max_length=200)]


class Rename(Strict):
    player: Annotated[str, Field(min_length=1, max_length=200)]
    name: Annotated[str, Field(min_length=1, max_length=200)]


class PlayerOut(Strict):
    name: str
    key: str | None = None
    """The secret key: in the answer that made the player only."""


class Join(Strict):
    player: Annotated[str, Field(min_length=1, max_length=200)]
    seat: Annotated[int, Field(ge=0, le=7)]


class Joined(Strict):
    id: str
    seat: int
    link: str
    """The table's page: the player's key opens their seat there."""


class OpenSeat(Strict):
    kind: Kind
    name: str | None
    free: bool
    connected: bool


class OpenTable(Strict):
    """A public table in the lobby's list."""

    id: str
    game: str
    game_name: str
    options: dict[str, str]
    hands: int
    move_seconds: int | None
    seat_names: list[str]
    seats: list[OpenSeat]
    watch: str


class PlayerTable(Strict):
    """One of a player's tables."""

    id: str
    game: str
    game_name: str
    seat: int | None
    """None: a table the player created and does not sit at."""
    status: Literal["waiting", "playing", "finished"]
    """``waiting``: it is the player's move (or their word for the next hand)."""
    link: str
    next: str | None


class Rating(Strict):
    """One line of a game's leaderboard."""

    place: int
    name: str
    """The player's name now, or ``computer (medium)``."""
    computer: str | None
    """The computer player's level (null: a person)."""
    rating: int
    """1000 + 40 x (mu - 3 sigma): a newcomer is 1000."""
    mu: float
    sigma: float
    games: int


class Board(Strict):
    """A game's leaderboard."""

    game: str
    game_name: str
    ratings: list[Rating]


class Standing(Strict):
    """One seat of a finished game."""

    seat: int
    seat_name: str
    name: str | None
    """The person's name at that table (null: a computer player, or a guest without a name)."""
    kind: Kind
    total: int
    place: int
    """1 for the winners (ties share a place)."""


class PastGame(Strict):
    """A finished game in a player's history."""

    id: str
    game: str
    game_name: str
    ended: int | None
    """When it ended (Unix seconds; null for a game finished before the server kept it)."""
    seat: int
    place: int
    standings: list[Standing]
    replay: str
    """The trick-by-trick viewer's page for this game."""


class MyRating(Strict):
    """A player's rating at one game, and the games it counts."""

    rating: int
    games: int


class History(Strict):
    """A player's finished games, newest first, and their ratings by game."""

    name: str
    games: list[PastGame]
    ratings: dict[str, MyRating]
