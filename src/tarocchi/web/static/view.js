// A seat's view drawn as the table: the seats around it, the trick in the middle, the hand below,
// the public facts, the log and the actions. Pure drawing: it reads the message the server sent
// (the seat's view and the table around it) and returns nothing; table.js wires the clicks.

import { backSvg, cardLabel, cardSvg } from "./cards.js";
import { auctionList, callWords, composer, lastCalls } from "./auction.js";
import { cardChip, lineNode, suitLegend, textParts } from "./chips.js";
import { cardOf, el, indexDeck, listed, plural, svgNode } from "./dom.js";
import { gameOverDialog, handEndDialog, scoreGrid } from "./handend.js";
import { places, seatLabel } from "./seats.js";
import { drawItems, drawRegions } from "./regions.js";
import { lastTrick, shownTrick, trickArea, trickHistory } from "./trick.js";

export { cardOf, el, indexDeck, places, seatLabel };

/** A seat's box as ``[key, build]``: its key is what the box says, so a seat that did not change
 * keeps its node. */
function seatBox(message, seat, place, deck) {
  const { view, table } = message;
  const call = lastCalls(message).get(seat);
  const info = table.seats[seat] || {};
  const box = {
    place,
    label: seatLabel(table, seat),
    role: (message.roles || [])[seat] || "",
    toAct: view.to_act === seat,
    me: seat === table.seat,
    dealer: seat === view.dealer,
    who: info.kind && info.kind !== "invite" ? `computer, ${info.kind}` : info.connected ? "online" : "away",
    cards: view.hand_sizes[seat],
    won: view.tricks.filter((t) => t.winner === seat).length,
    call: call ? callWords(call, seat, message, deck) : "",
  };
  const { label, role, toAct, me, dealer, who, cards, won } = box;
  const build = () =>
    el(
      "div",
      {
        className: `seat ${place}${toAct ? " to-act" : ""}${me ? " me" : ""}`,
        dataset: { seat: String(seat) },
        "aria-label": `${label}${role ? `, ${role}` : ""}: ${plural(cards, "card")}, ${plural(won, "trick")}${toAct ? ", to play" : ""}`,
      },
      el("strong", {}, label, dealer ? el("span", { className: "dealer", title: "dealer", "aria-label": "dealer" }, "D") : null),
      el("span", { className: "who" }, who),
      me ? null : el("span", { className: "backs", "aria-hidden": "true" }, Array.from({ length: Math.min(cards, 12) }, () => el("span", { className: "back" }))),
      el("span", { className: "count" }, `${plural(cards, "card")} · ${plural(won, "trick")}`),
      toAct ? el("span", { className: "turn", "aria-hidden": "true" }, "to play") : null,
      role ? el("span", { className: "role", dataset: { role } }, role) : null,
      box.call ? el("span", { className: "bubble", "aria-label": `last call: ${box.call}` }, box.call) : null,
    );
  return [JSON.stringify([deck.name, box]), build];
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

/** The hand, sorted as the game shows it, legal cards raised and the others dimmed: each card
 * a region of the row (``drawRegions``), drawn anew only when its actions or choice changed. */
export function handCards(message, deck, onCard) {
  const byCard = cardActions(message.legal);
  const cards = {};
  for (const code of message.hand) {
    const actions = byCard.get(code) || [];
    const legal = actions.length > 0;
    const selected = Boolean(message.selected?.has(code));
    const label = `${cardLabel(cardOf(deck, code))}${legal ? `: ${actions[0].verb || "play"}` : ""}`;
    const build = () =>
      el(
        "button",
        {
          className: `in-hand${legal ? " legal" : " dim"}${selected ? " selected" : ""}`,
          dataset: { code },
          "aria-label": label,
          "aria-disabled": legal ? "false" : "true",
          "aria-pressed": selected ? "true" : null,
          onclick: () => onCard(code, actions),
        },
        svgNode(cardSvg(cardOf(deck, code), deck.suits)),
      );
    cards[`card ${code}`] = [JSON.stringify([deck.name, code, actions, selected]), build];
  }
  return cards;
}

/** A discard of several cards: how many to choose and how many are left, the cards set aside,
 * and one button to confirm them all. */
export function discardPanel(message, deck, handlers) {
  const due = message.table.discards || 0;
  if (due < 2 || !message.legal.some((action) => action.type === "Discard")) return "";
  const chosen = [...(message.selected || [])];
  const left = due - chosen.length;
  return el(
    "div",
    { className: "discard", role: "group", "aria-label": "your discard" },
    el("p", { className: "count", role: "status" }, `Choose ${due} cards to lay aside: ${left ? `${left} left` : "ready"}`),
    el(
      "div",
      { className: "aside cards", "aria-label": "set aside" },
      chosen.map((code) => el("div", { className: "set-aside", dataset: { code } }, svgNode(cardSvg(cardOf(deck, code), deck.suits)))),
      Array.from({ length: left }, () => el("div", { className: "slot", "aria-hidden": "true" })),
    ),
    el("button", { type: "button", className: "confirm-discard", disabled: left !== 0, onclick: handlers.onConfirmDiscard }, `Lay these ${due} aside`),
    chosen.length ? el("button", { type: "button", className: "clear-discard", onclick: handlers.onClearDiscard }, "Clear") : null,
  );
}

/** The actions that name no card: calls and bids, as buttons (or a field when there are many). */
export function actionBar(message, deck, handlers) {
  const { onAction, onText } = handlers;
  const chosen = new Set((message.call_cards || []).map((choice) => choice.action.text));
  const calls = message.legal.filter((action) => !action.card && !chosen.has(action.text));
  const bar = el("div", { className: "actions", role: "group", "aria-label": "your calls" }, cardChoices(message, deck, onAction));
  if (!calls.length) return bar;
  const few = calls.length <= 12;
  const many = (type) => calls.filter((action) => action.type === type).length > 12;
  const shown = few ? calls : calls.filter((action) => !many(action.type));
  for (const action of shown) {
    const words = callWords(action, message.table.seat, message, deck);
    bar.append(el("button", { className: "call", dataset: { action: action.text }, "aria-label": words, onclick: () => onAction(action) }, words));
  }
  if (!few) {
    const types = [...new Set(calls.filter((action) => many(action.type)).map((action) => action.type))];
    for (const type of types) bar.append(composer(type, calls.filter((action) => action.type === type), message, deck, handlers));
    const list = el("datalist", { id: "legal-list" }, calls.map((action) => el("option", { value: action.text })));
    const field = el("input", {
      id: "action-text",
      list: "legal-list",
      autocomplete: "off",
      placeholder: "or type your bid", // what is legal is said once, on the Legal line below it where the game gives one
      "aria-label": `your bid: ${message.summary || ""}`,
    });
    const form = el(
      "form",
      { className: "bid", onsubmit: (event) => { event.preventDefault(); onText(field.value); } },
      field,
      list,
      el("button", { type: "submit" }, "Send"),
    );
    bar.append(form);
    if (message.summary) bar.append(el("p", { className: "summary" }, `Legal: ${message.summary}`));
  }
  return bar;
}

function factsList(message, deck) {
  const list = el("dl", { className: "facts" });
  for (const [label, text] of message.public || Object.entries(message.view.public || {})) {
    list.append(el("dt", {}, label), el("dd", {}, textParts(deck, text)));
  }
  return list;
}

/** Small cards in a row, each labelled for screen readers. */
function cardRow(deck, codes, className) {
  return el("div", { className: `cards ${className}` }, codes.map((code) => svgNode(cardSvg(cardOf(deck, code), deck.suits))));
}

/** The cards lying face up beside the hands (a stock or dog shown, a rallied card, an
 * Abundance), each group under its label. */
export function shownPanel(message, deck) {
  const groups = message.shown || [];
  if (!groups.length) return "";
  return el(
    "section",
    { className: "shown", "aria-label": "cards shown" },
    groups.map((group) =>
      el("figure", { dataset: { label: group.label } }, el("figcaption", {}, group.label), cardRow(deck, group.cards, "small")),
    ),
  );
}

/** The legal actions naming a card that is not in the hand (a Sicilian rally names a King the
 * Declarer lacks): each card a button. */
function namedCards(message, deck, onAction) {
  const held = new Set(message.hand || []);
  const named = message.legal.filter((action) => action.card && !held.has(action.card));
  if (!named.length) return "";
  return el(
    "div",
    { className: "card-choices named", role: "group", "aria-label": "choose a card" },
    named.map((action) => {
      const name = cardLabel(cardOf(deck, action.card));
      return el(
        "button",
        { type: "button", className: "card-choice", dataset: { action: action.text }, "aria-label": `${action.verb}: ${name}`, onclick: () => onAction(action) },
        el("span", { className: "word" }, action.verb),
        cardRow(deck, [action.card], "small"),
      );
    }),
  );
}

/** A choice among cards shown (the first or the second three of a stock): one row of cards
 * per call, the whole row a button. */
function cardChoices(message, deck, onAction) {
  const choices = message.call_cards || [];
  if (!choices.length) return namedCards(message, deck, onAction);
  return el(
    "div",
    { className: "card-choices", role: "group", "aria-label": "choose cards" },
    choices.map(({ action, cards }) => {
      const names = cards.map((code) => cardLabel(cardOf(deck, code))).join(", ");
      return el(
        "button",
        { type: "button", className: "card-choice", dataset: { action: action.text }, "aria-label": `take the ${action.word} three: ${names}`, onclick: () => onAction(action) },
        el("span", { className: "word" }, `Take the ${action.word} three`),
        cardRow(deck, cards, "small"),
      );
    }),
  );
}


/** The hand's whole log, oldest first, its cards drawn as chips: only the new lines are drawn
 * while the log grows; the page keeps the newest line in view unless the reader scrolled up
 * (``drawTable``). */
function drawLog(list, message, deck) {
  const parts = message.log_parts || (message.log || []).map((line) => [line]);
  drawItems(list, parts, (line) => JSON.stringify(line), (line) => lineNode(deck, line));
}

/** A selector of ``node`` by its tag and classes (null if it has no class). */
function classKey(node) {
  const name = [...(node.classList || [])].map((c) => `.${CSS.escape(c)}`).join("");
  return name ? `${node.tagName.toLowerCase()}${name}` : null;
}

/** A key naming the focused control, to focus its counterpart after a redraw: within its region
 * of the table, since a control's twin may stand in another (the dialog's Scores button and the
 * controls' one). */
function focusKey(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active) || active === root) return null;
  if (active.id) return `#${CSS.escape(active.id)}`;
  const { code, action } = active.dataset || {};
  const own = code ? `[data-code="${CSS.escape(code)}"]:is(button, a)` : action ? `[data-action="${CSS.escape(action)}"]` : classKey(active);
  if (!own) return null;
  let region = active;
  while (region.parentNode !== root) region = region.parentNode;
  const where = region === active ? null : classKey(region);
  return where ? `${where} ${own}` : own;
}

/** Where the log was scrolled: at the bottom (follow the newest line) or at a line read back. */
function logScroll(root) {
  const log = root.querySelector(".log");
  if (!log) return { follow: true, top: 0 };
  return { follow: log.scrollHeight - log.scrollTop - log.clientHeight < 8, top: log.scrollTop };
}

function controls(message, handlers) {
  const { view, table } = message;
  const seated = table.seat !== null && table.seat !== undefined;
  const held = Array.isArray(table.waiting);
  return el(
    "div",
    { className: "controls" },
    el(
      "button",
      { type: "button", className: "last-trick", "aria-pressed": message.showLast ? "true" : "false", disabled: !lastTrick(message), onclick: handlers.onLastTrick },
      message.showLast ? "Back to the trick" : "Last trick",
    ),
    el("button", { type: "button", className: "scores", "aria-pressed": message.showGrid ? "true" : "false", onclick: handlers.onGrid }, "Scores"),
    held && message.dialogHidden ? el("button", { type: "button", className: "show-end", onclick: handlers.onShowDialog }, "End of hand") : null,
    table.over && message.dialogHidden ? el("button", { type: "button", className: "show-end", onclick: handlers.onShowDialog }, "Final standings") : null,
    seated
      ? el(
          "label",
          {},
          "pace ",
          el(
            "select",
            { className: "pace", "aria-label": "pace of the computer players", onchange: handlers.onPace },
            ["fast", "normal", "slow"].map((pace) => el("option", { value: pace, selected: pace === message.pace }, pace)),
          ),
        )
      : null,
    el("label", {}, el("input", { type: "checkbox", className: "animate-toggle", checked: message.animate, onchange: handlers.onAnimate }), " animate"),
    seated
      ? el("label", {}, el("input", { type: "checkbox", className: "sound-toggle", checked: message.sound, onchange: handlers.onSound }), " sound on your turn")
      : null,
    table.hints && view.to_act === table.seat && !table.over
      ? el("button", { type: "button", className: "hint", disabled: message.hintAsked, onclick: handlers.onHint }, message.hintAsked ? "Thinking…" : "Hint")
      : null,
    table.undo ? el("button", { type: "button", className: "undo", "aria-label": "Undo: take back your last move", onclick: handlers.onUndo }, "Undo") : null,
    table.over ? el("a", { className: "record", href: `/api/tables/${encodeURIComponent(table.id)}/record`, download: `tarocchi-${table.id}.json` }, "Download the record") : null,
  );
}

const DONE = { play: "played", discard: "laid aside", rally: "rallied", show: "showed" };

/** The move the time limit made for this seat, said until the person's own next move. */
function clockMoved(message, deck) {
  const action = message.table.clock_moved;
  if (!action) return "";
  const what = action.card
    ? [`${DONE[action.verb] || action.verb} `, cardChip(deck, action.card)]
    : [`chose “${callWords(action, message.table.seat, message, deck)}”`];
  return el("p", { className: "clock-moved", role: "status" }, "Your time ran out: the clock ", what, " for you.");
}

const NOTHING = ["", () => ""]; // a region not shown (no real key is empty)

/** The whole table for one message from the server, region by region: each region's key holds
 * every field of the message it reads, so a region whose key did not change keeps its nodes (and
 * its handlers: those read the page's state when called, or what they hold is in the key). */
export function drawTable(root, message, deck, handlers) {
  const { view, table } = message;
  const active = document.activeElement;
  const focused = focusKey(root);
  const typed = root.querySelector("#action-text")?.value;
  const scroll = logScroll(root);
  const players = view.hand_sizes.length;
  const place = places(players, table.seat);
  const seated = table.seat !== null && table.seat !== undefined;
  const toAct = view.to_act !== null && view.to_act !== undefined;
  const held = Array.isArray(table.waiting);
  const key = (...fields) => JSON.stringify([deck.name, ...fields]);
  const names = [table.seat_names, table.seat, table.partners, message.field_words]; // what seatLabel and callWords read
  const selected = [...(message.selected || [])];
  const status = `${table.game_name} · hand ${view.hand_number} of ${table.hands} · ${view.phase}` + (toAct ? ` · ${seatLabel(table, view.to_act)} to play` : "");
  const over = table.over && message.dialogHidden ? `Game over: ${listed(table.winners.map((s) => seatLabel(table, s)))} ${table.winners.length > 1 ? "win" : "wins"}.` : "";
  const dialog = message.dialogHidden ? "" : table.over ? "over" : held ? "hand" : "";
  const regions = drawRegions(root, {
    // the timer's text is tick's (table.js), written after every draw
    status: [key(status), () => el("p", { className: "status", role: "status" }, status, el("span", { className: "timer", "aria-hidden": "true" }))],
    // a new turn starts a full bar: one drawn anew does not slide back up
    clock: table.move_seconds && toAct ? [key(message.version, view.to_act, table.move_seconds), () => el("div", { className: "clock", "aria-hidden": "true" }, el("div", { className: "left" }))] : NOTHING,
    controls: [
      key(message.showLast, Boolean(lastTrick(message)), message.showGrid, held, message.dialogHidden, table.over, table.id, seated, message.pace, message.animate, message.sound,
        table.hints && view.to_act === table.seat, message.hintAsked, table.undo),
      () => controls(message, handlers),
    ],
    over: over ? [key(over), () => el("p", { className: "over", role: "status" }, over)] : NOTHING,
    grid: message.showGrid && !dialog ? [key(message.sheet, view.hand_number, table.hands, table.over, names), () => scoreGrid(message)] : NOTHING,
    ring: [key(players), () => el("div", { className: `ring players-${players}` })],
    clockMoved: [key(table.clock_moved, names), () => clockMoved(message, deck)],
    refusal: message.refusal ? [key(message.refusal), () => el("p", { className: "refusal", role: "alert" }, message.refusal)] : NOTHING,
    hint: message.hint ? [key(message.hint), () => el("p", { className: "hint-text", role: "status" }, `Hint: ${message.hint}`)] : NOTHING,
    shown: [key(message.shown), () => shownPanel(message, deck)],
    discard: [key(table.discards, message.legal.some((action) => action.type === "Discard"), selected), () => discardPanel(message, deck, handlers)],
    hand: seated ? [key(), () => el("div", { className: "hand", role: "group", "aria-label": "your hand" })] : NOTHING,
    actions: [key(message.legal, message.call_cards, message.hand, message.summary, message.compose, names), () => actionBar(message, deck, handlers)],
    auction: [key(message.calls, names), () => auctionList(message, deck) || ""],
    side: [
      key(),
      () => el("div", { className: "side" }, el("div"), el("div", {}, el("h2", {}, "What happened"), el("ol", { className: "log", "aria-label": "what happened", tabindex: "0" }))),
    ],
    dialog: dialog
      ? [
          key(dialog, view.hand_number, view.tricks, view.facts?.running?.sides, message.sheet, message.showGrid, table.hands, table.waiting, table.winners, table.over, table.id, names),
          () => (dialog === "over" ? gameOverDialog(message, handlers) : handEndDialog(message, deck, handlers)),
        ]
      : NOTHING,
  });
  const seats = {};
  for (let seat = 0; seat < players; seat += 1) seats[`seat ${seat}`] = seatBox(message, seat, place[seat], deck);
  // trickArea marks the cards it draws as seen: drawn anew only when its trick changed, a card
  // comes in from its seat once
  seats.trick = [key(shownTrick(message), message.animate, message.pace, view.hand_number, place, names), () => trickArea(message, deck, place)];
  drawRegions(regions.ring, seats);
  if (seated) drawRegions(regions.hand, handCards(message, deck, handlers.onCard));
  const [panels, story] = regions.side.children;
  drawRegions(panels, {
    facts: [key(message.public || view.public), () => factsList(message, deck)],
    history: [key(view.tricks, message.historyOpen, names), () => trickHistory(message, deck, handlers.onHistory)],
    legend: [key(), () => suitLegend(deck)],
  });
  const log = story.querySelector(".log");
  drawLog(log, message, deck);
  log.scrollTop = scroll.follow ? log.scrollHeight : scroll.top;
  const field = root.querySelector("#action-text");
  if (field && typed && field.value !== typed) field.value = typed;
  // the focused control, drawn anew, is focused again (one kept stays focused)
  const again = focused && document.activeElement !== active && root.querySelector(focused);
  if (again) again.focus({ preventScroll: true });
}

export { backSvg };
