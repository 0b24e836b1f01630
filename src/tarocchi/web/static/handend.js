// The end of a hand and of the game: a dialog over the table with the last trick, the cards each
// side took, the score sheet's lines and the running totals, and "Next hand" (the server deals it
// when every person at the table has said so); at the game's end the final standings, the winner
// and the record. The score grid (hands by players, running totals) is one click away throughout.

import { cardChip, textParts } from "./chips.js";
import { el, listed, plural } from "./dom.js";
import { seatLabel } from "./seats.js";

/** One hand of the score sheet: its labelled lines, then each seat's score and running total. */
export function handSheet(message, hand, deck) {
  const { table } = message;
  const seats = table.seat_names.map((_, seat) => seat);
  return el(
    "table",
    { className: "hand-sheet", dataset: { hand: String(hand.number) } },
    el("caption", {}, `Hand ${hand.number}: the score sheet`),
    el(
      "tbody",
      {},
      hand.lines.map((line) =>
        el("tr", {}, el("th", { scope: "row" }, textParts(deck, line.label)), el("td", { className: "side-name" }, line.side), el("td", {}, String(line.value))),
      ),
    ),
    el(
      "tfoot",
      {},
      el("tr", {}, el("th", { scope: "row" }, "This hand"), el("td", { colspan: "2" }, seats.map((s) => `${table.seat_names[s]} ${hand.scores[s]}`).join(", "))),
      el("tr", {}, el("th", { scope: "row" }, "Totals"), el("td", { colspan: "2" }, seats.map((s) => `${table.seat_names[s]} ${hand.totals[s]}`).join(", "))),
    ),
  );
}

/** Hands by players: each hand's scores, the running totals, the hand in play highlighted. */
export function scoreGrid(message) {
  const { view, table } = message;
  const sheet = message.sheet || [];
  const head = el("tr", {}, el("th", { scope: "col" }, "Hand"), table.seat_names.map((_, s) => el("th", { scope: "col" }, seatLabel(table, s))));
  const rows = sheet.map((hand) =>
    el(
      "tr",
      { className: hand.number === view.hand_number ? "current" : "", "aria-current": hand.number === view.hand_number ? "true" : null },
      el("th", { scope: "row" }, String(hand.number)),
      hand.scores.map((score, s) => el("td", {}, `${score > 0 ? "+" : ""}${score}`, el("span", { className: "total" }, ` (${hand.totals[s]})`))),
    ),
  );
  if (!sheet.some((hand) => hand.number === view.hand_number) && !table.over) {
    rows.push(el("tr", { className: "current", "aria-current": "true" }, el("th", { scope: "row" }, String(view.hand_number)), table.seat_names.map(() => el("td", {}, "in play"))));
  }
  const totals = sheet.length ? sheet[sheet.length - 1].totals : table.seat_names.map(() => 0);
  return el(
    "section",
    { className: "grid", "aria-label": "scores" },
    el("h2", {}, `Scores after ${sheet.length} of ${table.hands} hands`),
    el(
      "table",
      {},
      el("thead", {}, head),
      el("tbody", {}, rows),
      el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, "Total"), totals.map((t) => el("td", {}, String(t))))),
    ),
  );
}

/** The cards each side took in tricks this hand (each seat alone while the sides are unknown). */
function cardsWon(message, deck) {
  const { view, table } = message;
  const sides = view.facts?.running?.sides || table.seat_names.map((_, seat) => [seat]);
  const sideOf = new Map();
  sides.forEach((seats, i) => seats.forEach((seat) => sideOf.set(seat, i)));
  const won = sides.map(() => []);
  for (const trick of view.tricks) {
    const side = sideOf.get(trick.winner);
    if (side !== undefined) won[side].push(...trick.plays.map(([, code]) => code));
  }
  return el(
    "dl",
    { className: "won-cards" },
    sides.flatMap((seats, i) => [
      el("dt", {}, `${listed(seats.map((s) => seatLabel(table, s)))}: ${plural(won[i].length, "card")}`),
      el("dd", {}, won[i].length ? won[i].map((code) => cardChip(deck, code)) : "no trick"),
    ]),
  );
}

function lastTrickLine(message, deck) {
  const { view, table } = message;
  const trick = view.tricks[view.tricks.length - 1];
  if (!trick) return el("p", {}, "No card was played: the hand was thrown in.");
  return el(
    "p",
    { className: "last" },
    "Last trick: ",
    trick.plays.map(([seat, code]) => el("span", { className: "play" }, cardChip(deck, code), ` ${table.seat_names[seat]} `)),
    `— won by ${seatLabel(table, trick.winner)}`,
  );
}

/** The dialog at a hand's end, held by the server until every person said "next hand". */
export function handEndDialog(message, deck, handlers) {
  const { view, table } = message;
  const hand = (message.sheet || []).find((h) => h.number === view.hand_number);
  const waiting = table.waiting || [];
  const mine = table.seat !== null && table.seat !== undefined && waiting.includes(table.seat);
  const others = waiting.filter((seat) => seat !== table.seat).map((seat) => seatLabel(table, seat));
  return el(
    "div",
    { className: "dialog hand-end", role: "dialog", "aria-labelledby": "hand-end-title" },
    el("h2", { id: "hand-end-title" }, `Hand ${view.hand_number} of ${table.hands} is over`),
    lastTrickLine(message, deck),
    view.tricks.length ? cardsWon(message, deck) : null,
    hand ? handSheet(message, hand, deck) : null,
    message.showGrid ? scoreGrid(message) : null,
    el(
      "div",
      { className: "buttons" },
      mine ? el("button", { type: "button", className: "next-hand", onclick: () => handlers.onNext(view.hand_number) }, "Next hand") : null,
      el("span", { className: "waiting", role: "status" }, others.length ? `Waiting for ${others.join(", ")}…` : mine ? "" : "The next hand is being dealt…"),
      el("button", { type: "button", className: "scores", "aria-pressed": message.showGrid ? "true" : "false", onclick: handlers.onGrid }, "Scores"),
      el("button", { type: "button", className: "hide", onclick: handlers.onHideDialog }, "Look at the table"),
    ),
  );
}

/** The dialog at the game's end: the final standings, the winners, the record to download. */
export function gameOverDialog(message, handlers) {
  const { table } = message;
  const sheet = message.sheet || [];
  const totals = sheet.length ? sheet[sheet.length - 1].totals : table.seat_names.map(() => 0);
  const order = totals.map((total, seat) => [total, seat]).sort((a, b) => b[0] - a[0]);
  const names = listed(table.winners.map((s) => seatLabel(table, s)));
  return el(
    "div",
    { className: "dialog game-over", role: "dialog", "aria-labelledby": "game-over-title" },
    el("h2", { id: "game-over-title" }, "Game over"),
    el("p", { className: "over" }, `Game over: ${names} ${table.winners.length > 1 ? "win" : "wins"}.`),
    el("ol", { className: "standings" }, order.map(([total, seat]) => el("li", { className: table.winners.includes(seat) ? "winner" : "" }, `${seatLabel(table, seat)}: ${total}`))),
    message.showGrid ? scoreGrid(message) : null,
    el(
      "div",
      { className: "buttons" },
      el("a", { className: "record", href: `/api/tables/${encodeURIComponent(table.id)}/record`, download: `tarocchi-${table.id}.json` }, "Download the record"),
      el("a", { className: "replay", href: `/replay.html?id=${encodeURIComponent(table.id)}` }, "Watch the replay"),
      el("button", { type: "button", className: "scores", "aria-pressed": message.showGrid ? "true" : "false", onclick: handlers.onGrid }, "Scores"),
      el("button", { type: "button", className: "hide", onclick: handlers.onHideDialog }, "Look at the table"),
      el("a", { href: "/" }, "New table"),
    ),
  );
}
