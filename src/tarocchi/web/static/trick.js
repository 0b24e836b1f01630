// The trick in the middle of the table: each card comes in from its player's seat; a finished
// trick stays in view (the server holds the next lead for the people watching) and is then
// gathered towards its winner. The last finished trick can be looked at again at any time, and
// the trick history lists every trick of the hand with its leader and winner.

import { cardLabel, cardSvg } from "./cards.js";
import { cardChip } from "./chips.js";
import { cardOf, el, svgNode } from "./dom.js";
import { DIRECTION, seatLabel } from "./seats.js";

const REACH = 70; // px: how far away a card starts (its seat) and goes (its winner)
const GATHER_AFTER = { fast: 0.45, normal: 0.85, slow: 1.8 }; // s: a finished trick stays still so long

/** The last finished trick: of this hand, else the one the page kept from the hand before. */
export function lastTrick(message) {
  const { tricks } = message.view;
  return tricks.length ? tricks[tricks.length - 1] : message.previousTrick || null;
}

/** The trick to draw and how: ``current``, ``finished`` (to be gathered), ``done`` (the hand's
 * last, which stays) or ``review`` (the last trick looked at again). */
export function shownTrick(message) {
  const { view } = message;
  if (message.showLast) {
    const last = lastTrick(message);
    return last ? { trick: last, kind: "review", index: -1 } : null;
  }
  if (view.trick && view.trick.plays.length) return { trick: view.trick, kind: "current", index: view.tricks.length };
  if (view.tricks.length) {
    const kind = view.to_act === null || view.to_act === undefined ? "done" : "finished";
    return { trick: view.tricks[view.tricks.length - 1], kind, index: view.tricks.length - 1 };
  }
  return null;
}

function move(node, name, place) {
  const [x, y] = DIRECTION[place] || [0, 0];
  node.style.setProperty(`--${name}x`, `${x * REACH}px`);
  node.style.setProperty(`--${name}y`, `${y * REACH}px`);
}

/** The trick area; ``message.seen`` (kept by the page) holds the cards already drawn, so that
 * only a card just played comes in from its seat. */
export function trickArea(message, deck, place) {
  const { view, table } = message;
  const shown = shownTrick(message);
  const area = el("div", {
    className: `trick${message.animate ? " animate" : ""}${shown ? ` ${shown.kind}` : ""}`,
    "aria-label": shown && shown.kind === "review" ? "the last trick" : "the trick",
    role: "group",
  });
  if (!shown) return area;
  const { trick } = shown;
  const seen = message.seen || new Set();
  for (const [seat, code] of trick.plays) {
    const key = `${view.hand_number}:${shown.index}:${seat}:${code}`;
    const card = el(
      "div",
      {
        className: `played ${place[seat]}${seat === trick.winner ? " winner" : ""}${shown.index >= 0 && !seen.has(key) ? " arrive" : ""}`,
        dataset: { seat: String(seat), code },
      },
      svgNode(cardSvg(cardOf(deck, code), deck.suits)),
      el("span", { className: "by", "aria-hidden": "true" }, table.seat_names[seat]),
      el("span", { className: "sr" }, `${seatLabel(table, seat)} played ${cardLabel(cardOf(deck, code))}`),
    );
    move(card, "from", place[seat]);
    if (shown.index >= 0) seen.add(key);
    area.append(card);
  }
  if (trick.winner !== null && trick.winner !== undefined) {
    move(area, "to", place[trick.winner]);
    area.style.setProperty("--gather-after", `${GATHER_AFTER[message.pace] ?? GATHER_AFTER.normal}s`);
    const words = shown.kind === "review" ? "won the last trick" : "wins the trick";
    area.append(el("p", { className: "won" }, `${seatLabel(table, trick.winner)} ${words}`));
  }
  return area;
}

/** Every finished trick of the hand: who led, each card with its player, who won. */
export function trickHistory(message, deck, onToggle) {
  const { view, table } = message;
  const items = view.tricks.map((trick, i) =>
    el(
      "li",
      { dataset: { trick: String(i + 1) } },
      el("span", { className: "lead" }, `${table.seat_names[trick.leader]} led: `),
      trick.plays.map(([seat, code]) =>
        el("span", { className: `play${seat === trick.winner ? " winner" : ""}` }, cardChip(deck, code), ` ${table.seat_names[seat]} `),
      ),
      el("span", { className: "taker" }, `— won by ${seatLabel(table, trick.winner)}`),
    ),
  );
  const panel = el(
    "details",
    { className: "history", open: message.historyOpen },
    el("summary", {}, `Tricks of this hand (${view.tricks.length})`),
    items.length ? el("ol", {}, items) : el("p", {}, "No trick finished yet."),
  );
  panel.addEventListener("toggle", () => onToggle(panel.open));
  return panel;
}
