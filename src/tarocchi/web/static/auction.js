// Auctions by clicking: a call or bid in words (never in notation), each seat's last call in a
// bubble and the auction's calls listed until play starts, and a composer for actions with many
// legal combinations (a Taroinche bid: value, trump, mode, partner; a Sicilian offer: kind,
// amount): each field's choices cascade from the ones before, so only legal combinations can be
// chosen. The typed actions come from the server (present.legal: type and fields).

import { el } from "./dom.js";

const SKIP = new Set(["text", "type", "card", "verb"]);

/** One field's value in words: a trump by its suit's symbol and name, a partner by seat name. */
export function fieldLabel(field, value, message, deck) {
  const { table } = message;
  const named = message.field_words?.[field]?.[value];
  if (named !== undefined) return named;
  const suit = field === "trump" ? deck.suits[value] : undefined;
  if (suit) return `${suit.symbol} ${suit.name}`;
  if (field === "seat") return table.seat_names[value] ?? String(value);
  if (field === "partner") return value === message.callerSeat ? "alone" : `partner ${table.seat_names[value]}`;
  return String(value);
}

/** The fields of a typed action other than its notation and kind, in the server's order. */
function fieldsOf(action) {
  return Object.keys(action).filter((name) => !SKIP.has(name));
}

/** A call or bid in words: ``pass``, ``90 ♥ Hearts · With · partner West``, ``throw 12``. */
export function callWords(action, seat, message, deck) {
  if (action.type === "Call") return action.word;
  const fields = fieldsOf(action);
  if (!fields.length) return action.text;
  const words = fields.map((field) => fieldLabel(field, action[field], { ...message, callerSeat: seat }, deck));
  return action.type === "Bid" || action.type === "Offer" ? words.join(" · ") : `${action.type.toLowerCase()} ${words.join(" ")}`;
}

/** Each seat's last call of the auction, for its bubble (none once play has begun). */
export function lastCalls(message) {
  const last = new Map();
  for (const call of message.calls || []) last.set(call.seat, call.action);
  return last;
}

/** The auction so far, oldest first, while it matters (until the first card is played). */
export function auctionList(message, deck) {
  const calls = message.calls || [];
  if (!calls.length) return null;
  return el(
    "section",
    { className: "auction", "aria-label": "the auction" },
    el("h2", {}, "The auction"),
    el("ol", {}, calls.map((call) => el("li", {}, `${message.table.seat_names[call.seat]}: ${callWords(call.action, call.seat, message, deck)}`))),
  );
}

/** The legal actions of one type matching every choice made so far in ``fields`` before ``upTo``. */
function matching(actions, fields, chosen, upTo) {
  return actions.filter((action) => fields.slice(0, upTo).every((field) => action[field] === chosen[field]));
}

/** Choose, field by field, among the legal actions of one type; send the one chosen. */
export function composer(type, actions, message, deck, handlers) {
  const fields = fieldsOf(actions[0]);
  const wanted = (message.compose && message.compose[type]) || {};
  const chosen = {};
  const me = { ...message, callerSeat: message.table.seat };
  const rows = fields.map((field, i) => {
    const open = matching(actions, fields, chosen, i);
    const values = [...new Set(open.map((action) => action[field]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    chosen[field] = values.includes(wanted[field]) ? wanted[field] : values[0];
    const pick = (value) => handlers.onCompose(type, field, value);
    const label = el("span", { className: "field-name" }, field === "value" ? "bid" : field);
    if (typeof values[0] === "number" && values.length > 6) {
      const at = values.indexOf(chosen[field]);
      return el(
        "div",
        { className: "field stepper", role: "group", "aria-label": field },
        label,
        el("button", { type: "button", className: "down", "aria-label": `lower ${field}`, disabled: at <= 0, onclick: () => pick(values[at - 1]) }, "−"),
        el("output", { className: "value", "aria-live": "polite" }, fieldLabel(field, chosen[field], me, deck)),
        el("button", { type: "button", className: "up", "aria-label": `higher ${field}`, disabled: at >= values.length - 1, onclick: () => pick(values[at + 1]) }, "+"),
        el("span", { className: "range" }, `${fieldLabel(field, values[0], me, deck)} to ${fieldLabel(field, values[values.length - 1], me, deck)}`),
      );
    }
    const every = [...new Set(actions.map((action) => action[field]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return el(
      "div",
      { className: "field choices", role: "group", "aria-label": field },
      label,
      every.map((value) =>
        el(
          "button",
          {
            type: "button",
            className: "choice",
            dataset: { field, value: String(value) },
            "aria-pressed": value === chosen[field] ? "true" : "false",
            disabled: !values.includes(value),
            onclick: () => pick(value),
          },
          fieldLabel(field, value, me, deck),
        ),
      ),
    );
  });
  const action = matching(actions, fields, chosen, fields.length)[0];
  return el(
    "div",
    { className: "composer", role: "group", "aria-label": `your ${type.toLowerCase()}`, dataset: { type } },
    rows,
    el(
      "button",
      { type: "button", className: "compose-send", dataset: { action: action.text }, onclick: () => handlers.onAction(action) },
      `${type === "Bid" ? "Bid" : type === "Offer" ? "Offer" : "Do"}: ${callWords(action, message.table.seat, message, deck)}`,
    ),
  );
}
