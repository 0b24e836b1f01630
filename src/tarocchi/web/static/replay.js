// The replay viewer: a finished game stepped through action by action, every hand face up. The
// server replays the record through the engine (GET /api/tables/{id}/replay for a finished
// table, POST /api/replay for a file the person opens) and sends each step as what changed; the
// page folds the changes into whole steps and draws them. It computes no rule of its own.

import { cardLabel, cardSvg } from "./cards.js";
import { cardChip, lineNode, suitLegend } from "./chips.js";
import { cardOf, el, indexDeck, listed, plural, svgNode } from "./dom.js";
import { places } from "./seats.js";

const SPEEDS = { slow: 2000, normal: 1000, fast: 400 }; // ms between steps while playing
const MAX_FILE = 10 * 1024 * 1024; // the largest record file read (as tarocchi replay)

/** Every step of a hand whole, from the first step (whole) and the changes of the others. */
export function unfold(hand) {
  const steps = [];
  let now = null;
  for (const step of hand.steps) {
    if (now === null) {
      now = { ...step, log: step.log.add };
    } else {
      const hands = now.hands.slice();
      for (const [seat, cards] of Object.entries(step.hands)) hands[Number(seat)] = cards;
      now = { ...now, ...step, hands, log: now.log.slice(0, step.log.keep).concat(step.log.add) };
    }
    steps.push(now);
  }
  return steps;
}

/** A text for the one-line answer of a request that failed. */
async function problemOf(response) {
  try {
    const body = await response.json();
    if (typeof body.detail === "string") return body.detail;
  } catch {
    // not JSON: said below by the status
  }
  return `the server answered ${response.status} ${response.statusText}`;
}

export class ReplayPage {
  constructor(root, problem, title) {
    this.root = root;
    this.problem = problem;
    this.title = title;
    this.game = null;
    this.hand = 0;
    this.step = 0;
    this.timer = null;
    this.speed = localStorage.getItem("tarocchi.replay-speed") in SPEEDS ? localStorage.getItem("tarocchi.replay-speed") : "normal";
    this.source = null; // the table's id when the game came from the server
  }

  async start() {
    const decks = await (await fetch("/api/decks")).json();
    this.decks = new Map(decks.map((deck) => [deck.name, indexDeck(deck)]));
    document.getElementById("record-file").addEventListener("change", (event) => this.openFile(event.target.files[0]));
    document.addEventListener("keydown", (event) => this.key(event));
    const id = new URLSearchParams(location.search).get("id");
    if (id) {
      this.source = id;
      await this.load(fetch(`/api/tables/${encodeURIComponent(id)}/replay`));
    } else {
      this.root.replaceChildren(el("p", {}, "Open a record file to watch its game again, or follow a finished table's \"Watch the replay\"."));
    }
  }

  say(problem) {
    this.problem.textContent = problem || "";
    this.problem.hidden = !problem;
  }

  /** A record file the person chose: sent to the server, which checks and replays it. */
  async openFile(file) {
    if (!file) return;
    this.source = null;
    if (file.size > MAX_FILE) {
      this.say(`${file.name}: larger than 10 MB, the most a record file may be`);
      return;
    }
    let text = await file.text();
    try {
      text = JSON.stringify(JSON.parse(text)); // without its indentation: a smaller request
    } catch {
      // not JSON: the server says so in its words
    }
    await this.load(fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: text }), file.name);
  }

  async load(request, name) {
    this.stop();
    let response;
    try {
      response = await request;
    } catch (error) {
      this.say(`The server did not answer (${error.message}): try again.`);
      return;
    }
    if (!response.ok) {
      const why = await problemOf(response);
      this.say(name ? `${name}: ${why}` : why);
      return;
    }
    this.say("");
    this.show(await response.json());
  }

  show(game) {
    this.game = game;
    this.steps = game.hands.map(unfold);
    this.deck = this.decks.get(game.deck);
    this.hand = 0;
    this.step = 0;
    document.title = `tarocchi — replay of ${game.game_name}`;
    this.title.textContent = `Replay: ${game.game_name}`;
    const rules = document.getElementById("rules-link");
    rules.href = `/rules.html?game=${encodeURIComponent(game.game)}`;
    this.bar = this.controls();
    this.draw();
  }

  /** Go to a step: within the hand, or on into the next hand / back into the one before. */
  go(hand, step) {
    const hands = this.steps.length;
    if (hand < 0 || hand >= hands) return false;
    const last = this.steps[hand].length - 1;
    if (step > last) {
      if (hand + 1 >= hands) return false;
      return this.go(hand + 1, 0);
    }
    if (step < 0) {
      if (hand === 0) return false;
      return this.go(hand - 1, this.steps[hand - 1].length - 1);
    }
    this.hand = hand;
    this.step = step;
    this.draw();
    return true;
  }

  forward() {
    return this.go(this.hand, this.step + 1);
  }

  back() {
    return this.go(this.hand, this.step - 1);
  }

  /** The step where the next trick (or, back, the trick before) is complete. */
  trickStep(direction) {
    const steps = this.steps[this.hand];
    const now = steps[this.step].tricks;
    let at = this.step + direction;
    while (at >= 0 && at < steps.length) {
      const tricks = steps[at].tricks;
      if (direction > 0 ? tricks > now : tricks < now && (at === 0 || steps[at - 1].tricks < tricks)) return this.go(this.hand, at);
      at += direction;
    }
    return this.go(this.hand, direction > 0 ? steps.length - 1 : 0);
  }

  play() {
    if (this.timer) {
      this.stop();
      this.draw();
      return;
    }
    if (!this.forward()) this.go(0, 0);
    this.timer = setInterval(() => {
      if (!this.forward()) {
        this.stop();
        this.draw();
      }
    }, SPEEDS[this.speed]);
    this.draw();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  key(event) {
    if (!this.game || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const moves = {
      ArrowRight: () => this.forward(),
      ArrowLeft: () => this.back(),
      Home: () => this.go(this.hand, 0),
      End: () => this.go(this.hand, this.steps[this.hand].length - 1),
      PageDown: () => this.go(this.hand + 1, 0),
      PageUp: () => this.go(this.hand - 1, 0),
    };
    if (moves[event.key]) {
      this.stop();
      moves[event.key]();
      event.preventDefault();
    }
  }

  seatName(seat) {
    const { seat_names: seats, players } = this.game;
    return players[seat] && players[seat] !== seats[seat] ? `${seats[seat]} · ${players[seat]}` : seats[seat];
  }

  draw() {
    const game = this.game;
    const hand = game.hands[this.hand];
    const steps = this.steps[this.hand];
    const step = steps[this.step];
    const last = this.step === steps.length - 1;
    document.body.dataset.hand = String(hand.number);
    document.body.dataset.step = String(this.step);
    this.setControls();
    // the controls stay in place (never taken out and put back), the rest is drawn anew
    if (this.root.firstChild !== this.bar) this.root.replaceChildren(this.bar);
    while (this.bar.nextSibling) this.bar.nextSibling.remove();
    this.root.append(
      el(
        "p",
        { className: "status", role: "status" },
        `Hand ${hand.number} of ${game.hands_per_game} · dealer ${game.seat_names[hand.dealer]} · ${step.phase}` +
          (step.to_act === null ? "" : ` · ${game.seat_names[step.to_act]} to play`) +
          ` · step ${this.step} of ${steps.length - 1}`,
      ),
      this.latest(step, hand),
      this.ring(hand, step),
      last && hand.sheet ? this.sheet(hand) : "",
      last && this.hand === game.hands.length - 1 ? this.ending() : "",
      el(
        "div",
        { className: "side" },
        el("div", {}, this.facts(step), this.places(step), this.trickList(hand, step), suitLegend(this.deck)),
        el("div", {}, el("h2", {}, "What happened"), this.log(step)),
      ),
    );
    const log = this.root.querySelector(".log");
    log.scrollTop = log.scrollHeight;
  }

  /** The controls of a game's replay, built once and kept from step to step (``setControls``
   * sets them for the step shown): a step of a replay playing on never cuts off a press on them. */
  controls() {
    const game = this.game;
    const last = () => this.steps[this.hand].length - 1;
    const button = (className, label, words, onclick) =>
      el("button", { type: "button", className, "aria-label": words, title: words, onclick: () => { if (className !== "play") this.stop(); onclick(); } }, label);
    return el(
      "div",
      { className: "steps", role: "group", "aria-label": "replay controls" },
      el(
        "label",
        {},
        "Hand ",
        el(
          "select",
          { className: "hand-choice", "aria-label": "jump to a hand", onchange: (event) => { this.stop(); this.go(Number(event.target.value), 0); } },
          game.hands.map((hand, i) => el("option", { value: String(i) }, `${hand.number} of ${game.hands_per_game}`)),
        ),
      ),
      button("start", "Deal", "the hand's deal", () => this.go(this.hand, 0)),
      button("trick-back", "◀ Trick", "the trick before", () => this.trickStep(-1)),
      button("back", "◀ Step", "one step back", () => this.back()),
      button("play", "▶ Play", "play on by itself", () => this.play()),
      button("forward", "Step ▶", "one step forward", () => this.forward()),
      button("trick-forward", "Trick ▶", "the next trick", () => this.trickStep(1)),
      button("end", "End", "the hand's end", () => this.go(this.hand, last())),
      el("input", {
        type: "range",
        className: "position",
        min: "0",
        "aria-label": "step in this hand",
        oninput: (event) => { this.stop(); this.go(this.hand, Number(event.target.value)); },
      }),
      el(
        "label",
        {},
        "speed ",
        el(
          "select",
          {
            className: "speed",
            onchange: (event) => {
              this.speed = event.target.value;
              localStorage.setItem("tarocchi.replay-speed", this.speed);
              if (this.timer) { this.stop(); this.play(); }
            },
          },
          Object.keys(SPEEDS).map((speed) => el("option", { value: speed, selected: speed === this.speed }, speed)),
        ),
      ),
      this.source ? el("a", { className: "record", href: `/api/tables/${encodeURIComponent(this.source)}/record`, download: `tarocchi-${this.source}.json` }, "Download the record") : "",
    );
  }

  /** The controls set for the step shown: which moves there are, the play button's words, the
   * hand and the step. */
  setControls() {
    const part = (name) => this.bar.querySelector(`.${name}`);
    const last = this.steps[this.hand].length - 1;
    const atEnd = this.step === last;
    part("start").disabled = this.step === 0;
    part("trick-back").disabled = this.step === 0;
    part("back").disabled = this.hand === 0 && this.step === 0;
    part("forward").disabled = this.hand === this.steps.length - 1 && atEnd;
    part("trick-forward").disabled = atEnd;
    part("end").disabled = atEnd;
    const play = part("play");
    const words = this.timer ? "pause" : "play on by itself";
    play.textContent = this.timer ? "⏸ Pause" : "▶ Play";
    play.setAttribute("aria-label", words);
    play.title = words;
    part("hand-choice").value = String(this.hand);
    const position = part("position");
    position.max = String(last);
    position.value = String(this.step);
  }

  /** The newest line of the log: what the step did (the deal at a hand's first step). */
  latest(step, hand) {
    if (step.action === null) return el("p", { className: "latest" }, `Hand ${hand.number}: ${this.game.seat_names[hand.dealer]} deals.`);
    const line = step.log[step.log.length - 1];
    const words = line ? lineNode(this.deck, line).childNodes : [`${this.game.seat_names[step.action[0]]}: ${step.action[1]}`];
    return el("p", { className: "latest", "aria-live": "polite" }, [...words]);
  }

  ring(hand, step) {
    const players = step.hands.length;
    const place = places(players, null);
    const won = hand.tricks.slice(0, step.tricks).map((trick) => trick.winner);
    const calls = new Map(step.calls.map((call) => [call.seat, call.action.text]));
    const ring = el("div", { className: `ring players-${players}` });
    for (let seat = 0; seat < players; seat += 1) {
      const cards = step.hands[seat];
      const tricks = won.filter((winner) => winner === seat).length;
      ring.append(
        el(
          "div",
          {
            className: `seat ${place[seat]}${step.to_act === seat ? " to-act" : ""}`,
            dataset: { seat: String(seat) },
            "aria-label": `${this.seatName(seat)}: ${plural(cards.length, "card")}, ${plural(tricks, "trick")}${step.to_act === seat ? ", to play" : ""}`,
          },
          el("strong", {}, this.seatName(seat), seat === hand.dealer ? el("span", { className: "dealer", title: "dealer", "aria-label": "dealer" }, "D") : null),
          el("span", { className: "count" }, `${plural(cards.length, "card")} · ${plural(tricks, "trick")}`),
          calls.has(seat) ? el("span", { className: "bubble" }, calls.get(seat)) : null,
          el("span", { className: "open-hand", role: "list", "aria-label": `${this.game.seat_names[seat]}'s hand` }, cards.map((code) => cardChip(this.deck, code))),
        ),
      );
    }
    ring.append(this.trick(hand, step, place));
    return ring;
  }

  /** The trick in progress, or the one just won (it stays in view until the next lead). */
  trick(hand, step, place) {
    const playing = step.trick && step.trick.plays.length ? step.trick : null;
    const trick = playing || (step.tricks ? hand.tricks[step.tricks - 1] : null);
    const area = el("div", { className: "trick", role: "group", "aria-label": "the trick" });
    if (!trick) return area;
    for (const [seat, code] of trick.plays) {
      const card = cardOf(this.deck, code);
      area.append(
        el(
          "div",
          { className: `played ${place[seat]}${seat === trick.winner ? " winner" : ""}`, dataset: { seat: String(seat), code } },
          svgNode(cardSvg(card, this.deck.suits)),
          el("span", { className: "by", "aria-hidden": "true" }, this.game.seat_names[seat]),
          el("span", { className: "sr" }, `${this.game.seat_names[seat]} played ${cardLabel(card)}`),
        ),
      );
    }
    if (!playing) area.append(el("p", { className: "won" }, `${this.game.seat_names[trick.winner]} wins trick ${step.tricks}`));
    return area;
  }

  facts(step) {
    const list = el("dl", { className: "facts" });
    for (const [label, text] of Object.entries(step.public)) list.append(el("dt", {}, label), el("dd", {}, text));
    return list;
  }

  /** The cards in no hand and not played: a stock, a dog, a discard, shown face up. */
  places(step) {
    if (!step.places.length) return "";
    return el(
      "dl",
      { className: "places", "aria-label": "the cards aside" },
      step.places.flatMap((where) => [el("dt", {}, where.label), el("dd", {}, where.cards.map((code) => cardChip(this.deck, code)))]),
    );
  }

  trickList(hand, step) {
    const tricks = hand.tricks.slice(0, step.tricks);
    return el(
      "details",
      { className: "history", open: true },
      el("summary", {}, `Tricks so far (${tricks.length})`),
      tricks.length
        ? el(
            "ol",
            {},
            tricks.map((trick, i) =>
              el(
                "li",
                { dataset: { trick: String(i + 1) } },
                trick.plays.map(([seat, code]) => el("span", { className: `play${seat === trick.winner ? " winner" : ""}` }, cardChip(this.deck, code), ` ${this.game.seat_names[seat]} `)),
                `— won by ${this.game.seat_names[trick.winner]}`,
              ),
            ),
          )
        : el("p", {}, "No trick finished yet."),
    );
  }

  log(step) {
    const lines = step.log.map((parts) => lineNode(this.deck, parts));
    if (lines.length && step.action !== null) lines[lines.length - 1].classList.add("now");
    return el("ol", { className: "log", "aria-label": "what happened", tabindex: "0" }, lines);
  }

  sheet(hand) {
    const names = this.game.seat_names;
    const { sheet } = hand;
    return el(
      "section",
      { className: "replay-sheet hand-sheet", "aria-label": `hand ${hand.number}: the score sheet` },
      el("h2", {}, `Hand ${hand.number}: the score sheet`),
      el(
        "table",
        {},
        el("tbody", {}, sheet.lines.map((line) => el("tr", {}, el("th", { scope: "row" }, line.label), el("td", {}, line.side), el("td", { className: "value" }, String(line.value))))),
        el(
          "tfoot",
          {},
          el("tr", {}, el("th", { scope: "row" }, "This hand"), el("td", { colspan: "2", className: "scores" }, names.map((name, s) => `${name} ${sheet.scores[s]}`).join(", "))),
          el("tr", {}, el("th", { scope: "row" }, "Totals"), el("td", { colspan: "2", className: "totals", dataset: { totals: sheet.totals.join(" ") } }, names.map((name, s) => `${name} ${sheet.totals[s]}`).join(", "))),
        ),
      ),
    );
  }

  /** The game's end: the standings and winners, or where an unfinished record stops. */
  ending() {
    const game = this.game;
    if (!game.complete) return el("p", { className: "over" }, "The record ends here: the game was not finished.");
    const order = game.totals.map((total, seat) => [total, seat]).sort((a, b) => b[0] - a[0]);
    const names = listed(game.winners.map((seat) => this.seatName(seat)));
    return el(
      "section",
      { className: "replay-sheet game-end", "aria-label": "the game's end" },
      el("p", { className: "over" }, `Game over: ${names} ${game.winners.length > 1 ? "win" : "wins"}.`),
      el("ol", { className: "standings" }, order.map(([total, seat]) => el("li", { className: game.winners.includes(seat) ? "winner" : "" }, `${this.seatName(seat)}: ${total}`))),
    );
  }
}

const page = new ReplayPage(document.getElementById("replay"), document.getElementById("problem"), document.getElementById("title"));
page.start();
window.tarocchiReplay = page;
