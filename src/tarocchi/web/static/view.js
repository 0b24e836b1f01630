// A seat's view drawn as the table: the seats around it, the trick in the middle, the hand below,
// the public facts, the log and the actions. Pure drawing: it reads the message the server sent
// (the seat's view and the table around it) and returns nothing; table.js wires the clicks.

import { backSvg, cardLabel, cardSvg } from "./cards.js";

/** An element with attributes and children; strings become text, never HTML. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "className") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function svgNode(markup) {
  const holder = document.createElement("span");
  holder.innerHTML = markup; // our own SVG, built from escaped values in cards.js
  return holder.firstElementChild;
}

/** The card object of the pack for a code (the server sends codes). */
export function cardOf(deck, code) {
  return deck.byCode.get(code) || { code, suit: "?", rank: 0, name: code };
}

export function indexDeck(deck) {
  deck.byCode = new Map(deck.cards.map((card) => [card.code, card]));
  return deck;
}

function cardFace(deck, code) {
  return svgNode(cardSvg(cardOf(deck, code), deck.suits));
}

/** Where each seat sits around the table, seen from ``me`` (at the bottom). */
export function places(players, me) {
  const names = {
    4: ["bottom", "left", "top", "right"],
    5: ["bottom", "left", "top-left", "top-right", "right"],
    6: ["bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"],
  }[players] || [];
  const from = me === null || me === undefined ? 0 : me;
  const place = [];
  for (let seat = 0; seat < players; seat += 1) place[seat] = names[(seat - from + players) % players];
  return place;
}

/** ``South (you)``, ``North (partner)``: the seat as the player knows it. */
export function seatLabel(table, seat) {
  const name = table.seat_names[seat];
  if (seat === table.seat) return `${name} (you)`;
  if ((table.partners || []).includes(seat)) return `${name} (partner)`;
  return name;
}

function seatBox(message, seat, place) {
  const { view, table } = message;
  const toAct = view.to_act === seat;
  const info = table.seats[seat] || {};
  const won = view.tricks.filter((t) => t.winner === seat).length;
  const who = info.kind && info.kind !== "invite" ? `computer, ${info.kind}` : info.connected ? "online" : "away";
  return el(
    "div",
    {
      className: `seat ${place}${toAct ? " to-act" : ""}${seat === table.seat ? " me" : ""}`,
      dataset: { seat: String(seat) },
      "aria-label": `${seatLabel(table, seat)}: ${view.hand_sizes[seat]} cards, ${won} tricks${toAct ? ", to play" : ""}`,
    },
    el("strong", {}, seatLabel(table, seat)),
    el("span", { className: "who" }, who),
    el("span", { className: "count" }, `${view.hand_sizes[seat]} cards · ${won} tricks`),
    toAct ? el("span", { className: "turn", "aria-hidden": "true" }, "to play") : null,
  );
}

function trickArea(message, deck, place) {
  const { view, table } = message;
  const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  const current = view.trick && view.trick.plays.length ? view.trick : null;
  const trick = message.showLast ? last : current || (view.trick ? last : null);
  const what = message.showLast ? "the last trick" : "the trick";
  const area = el("div", { className: `trick${message.animate ? " animate" : ""}`, "aria-label": what, role: "group" });
  if (!trick) return area;
  for (const [seat, code] of trick.plays) {
    const face = cardFace(deck, code);
    area.append(
      el(
        "div",
        { className: `played ${place[seat]}`, dataset: { seat: String(seat), code } },
        face,
        el("span", { className: "by", "aria-hidden": "true" }, table.seat_names[seat]),
        el("span", { className: "sr" }, `${seatLabel(table, seat)} played ${cardLabel(cardOf(deck, code))}`),
      ),
    );
  }
  if (trick.winner !== null && trick.winner !== undefined) {
    area.append(el("p", { className: "won" }, `${seatLabel(table, trick.winner)} wins the trick`));
  }
  return area;
}

/** The legal actions that name a card, by card code (a play, a discard, a show, a rally...). */
export function cardActions(legal) {
  const byCard = new Map();
  for (const action of legal) {
    if (action.card) {
      if (!byCard.has(action.card)) byCard.set(action.card, []);
      byCard.get(action.card).push(action);
    }
  }
  return byCard;
}

/** The hand, sorted as the game shows it, legal cards raised and the others dimmed. */
export function handRow(message, deck, onCard) {
  const byCard = cardActions(message.legal);
  const row = el("div", { className: "hand", role: "group", "aria-label": "your hand" });
  for (const code of message.hand) {
    const actions = byCard.get(code) || [];
    const legal = actions.length > 0;
    const card = cardOf(deck, code);
    const label = `${cardLabel(card)}${legal ? `: ${actions[0].verb || "play"}` : ""}`;
    row.append(
      el(
        "button",
        {
          className: `in-hand${legal ? " legal" : " dim"}${message.selected?.has(code) ? " selected" : ""}`,
          dataset: { code },
          "aria-label": label,
          "aria-disabled": legal ? "false" : "true",
          onclick: () => onCard(code, actions),
        },
        cardFace(deck, code),
      ),
    );
  }
  return row;
}

/** The actions that name no card: calls and bids, as buttons (or a field when there are many). */
export function actionBar(message, onAction, onText) {
  const calls = message.legal.filter((action) => !action.card);
  const bar = el("div", { className: "actions", role: "group", "aria-label": "your calls" });
  if (!calls.length) return bar;
  const few = calls.length <= 12;
  const shown = few ? calls : calls.filter((action) => action.type === "Call");
  for (const action of shown) {
    bar.append(el("button", { className: "call", dataset: { action: action.text }, onclick: () => onAction(action) }, action.text));
  }
  if (!few) {
    const list = el("datalist", { id: "legal-list" }, calls.map((action) => el("option", { value: action.text })));
    const field = el("input", {
      id: "action-text",
      list: "legal-list",
      autocomplete: "off",
      placeholder: message.summary || "type your bid",
      "aria-label": `your bid: ${message.summary || ""}`,
    });
    const form = el(
      "form",
      { className: "bid", onsubmit: (event) => { event.preventDefault(); onText(field.value); } },
      field,
      list,
      el("button", { type: "submit" }, "Bid"),
    );
    bar.append(form);
    if (message.summary) bar.append(el("p", { className: "summary" }, `Legal: ${message.summary}`));
  }
  return bar;
}

function factsList(view) {
  const list = el("dl", { className: "facts" });
  for (const [label, text] of Object.entries(view.public || {})) {
    list.append(el("dt", {}, label), el("dd", {}, text));
  }
  return list;
}

function logList(message) {
  const lines = message.log || [];
  const shown = lines.slice(-40);
  return el(
    "ol",
    { className: "log", start: String(lines.length - shown.length + 1), "aria-label": "what happened", "aria-live": "polite" },
    shown.map((line) => el("li", {}, line)),
  );
}

/** The score sheet of the hands played: labelled lines, then each seat's running total. */
export function scoreSheet(message) {
  const { table } = message;
  const sheet = el("section", { className: "sheet", "aria-label": "score sheet" }, el("h2", {}, "Score sheet"));
  for (const hand of message.sheet || []) {
    const rows = hand.lines.map((line) =>
      el("tr", {}, el("th", { scope: "row" }, line.label), el("td", { className: "side-name" }, line.side), el("td", {}, String(line.value))),
    );
    sheet.append(
      el(
        "table",
        { className: "hand-sheet", dataset: { hand: String(hand.number) } },
        el("caption", {}, `Hand ${hand.number}`),
        el("tbody", {}, rows),
        el(
          "tfoot",
          {},
          el("tr", {}, el("th", { scope: "row" }, "This hand"), el("td", { colspan: "2" }, hand.scores.map((s, seat) => `${table.seat_names[seat]} ${s}`).join(", "))),
          el("tr", {}, el("th", { scope: "row" }, "Totals"), el("td", { colspan: "2" }, hand.totals.map((s, seat) => `${table.seat_names[seat]} ${s}`).join(", "))),
        ),
      ),
    );
  }
  return sheet;
}

/** The whole table for one message from the server. */
export function drawTable(root, message, deck, handlers) {
  const { view, table } = message;
  const place = places(view.hand_sizes.length, table.seat);
  const seats = el("div", { className: `ring players-${view.hand_sizes.length}` });
  for (let seat = 0; seat < view.hand_sizes.length; seat += 1) seats.append(seatBox(message, seat, place[seat]));
  seats.append(trickArea(message, deck, place));
  const status = el(
    "p",
    { className: "status", role: "status" },
    `${table.game_name} · hand ${view.hand_number} of ${table.hands} · ${view.phase}` +
      (view.to_act === null || view.to_act === undefined ? "" : ` · ${seatLabel(table, view.to_act)} to play`),
    el("span", { className: "timer", "aria-hidden": "true" }),
  );
  const controls = el(
    "div",
    { className: "controls" },
    el("button", { type: "button", className: "last-trick", "aria-pressed": message.showLast ? "true" : "false", disabled: !view.tricks.length, onclick: handlers.onLastTrick }, message.showLast ? "Back to the trick" : "Last trick"),
    el("label", {}, el("input", { type: "checkbox", className: "animate-toggle", checked: message.animate, onchange: handlers.onAnimate }), " animate"),
    table.hints && view.to_act === table.seat && !table.over
      ? el("button", { type: "button", className: "hint", disabled: message.hintAsked, onclick: handlers.onHint }, message.hintAsked ? "Thinking…" : "Hint")
      : null,
    table.undo
      ? el("button", { type: "button", className: "undo", "aria-label": "Undo: take back your last move", onclick: handlers.onUndo }, "Undo")
      : null,
    table.over ? el("a", { className: "record", href: `/api/tables/${encodeURIComponent(table.id)}/record`, download: `tarocchi-${table.id}.json` }, "Download the record") : null,
  );
  root.replaceChildren(
    status,
    controls,
    table.over ? el("p", { className: "over", role: "status" }, `Game over: ${table.winners.map((s) => seatLabel(table, s)).join(" and ")} ${table.winners.length > 1 ? "win" : "wins"}.`) : "",
    seats,
    message.refusal ? el("p", { className: "refusal", role: "alert" }, message.refusal) : "",
    message.hint ? el("p", { className: "hint-text", role: "status" }, `Hint: ${message.hint}`) : "",
    table.seat === null || table.seat === undefined ? "" : handRow(message, deck, handlers.onCard),
    actionBar(message, handlers.onAction, handlers.onText),
    el("div", { className: "side" }, factsList(view), logList(message)),
    message.sheet && message.sheet.length ? scoreSheet(message) : "",
  );
}

export { backSvg };
