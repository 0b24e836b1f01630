// The table page: one websocket to the server, which sends this seat's view after every change;
// the page draws it (view.js) and sends back the action the player chose with the version it saw.
// The seat's secret token travels in the link's fragment (#...), which the browser never sends
// in a request, and then in the socket's first message: it appears in no URL a server logs.
// A seated page says it is a person watching (``pace``): the server spaces the computer players'
// moves at that pace and holds each hand's end until the person clicks "Next hand".

import { drawTable, el, indexDeck } from "./view.js";

const RETRY_MS = [500, 1000, 2000, 4000, 8000];
const PACES = ["fast", "normal", "slow"];
const TITLE = document.title;

export class TablePage {
  constructor(root, tableId, token) {
    this.root = root;
    this.tableId = tableId;
    this.token = token;
    this.message = null;
    this.deck = null;
    this.tries = 0;
    this.socket = null;
    this.banner = document.getElementById("banner");
    this.animate = localStorage.getItem("tarocchi.animate") !== "off" && !matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.sound = localStorage.getItem("tarocchi.sound") === "on"; // off unless the person turned it on
    this.audio = null;
    const pace = localStorage.getItem("tarocchi.pace");
    this.pace = PACES.includes(pace) ? pace : "normal";
    this.ui = { showLast: false, showGrid: false, dialogHidden: false, historyOpen: false, compose: {}, selected: new Set() };
    this.queue = []; // a confirmed discard's cards still to send, one action each
    this.seen = new Set(); // the trick's cards already drawn: only a new one comes in from its seat
    this.previousTrick = null; // the last trick of the hand before, to look at in the next
    this.announce = document.getElementById("announce");
    this.turnStarted = Date.now();
    this.handlers = this.makeHandlers();
    setInterval(() => this.tick(), 1000);
  }

  /** The turn timer: how long the seat to act has been thinking, or how long it has left. */
  tick() {
    const timer = this.root.querySelector(".timer");
    if (timer && this.message && this.message.view.to_act !== null) {
      const spent = Math.floor((Date.now() - this.turnStarted) / 1000);
      const limit = this.message.table.move_seconds;
      timer.textContent = limit ? ` · ${Math.max(0, limit - spent)} s left` : ` · ${spent} s`;
      const bar = this.root.querySelector(".clock .left");
      if (bar && limit) {
        const left = Math.max(0, limit - spent);
        bar.style.setProperty("width", `${(100 * left) / limit}%`);
        bar.parentElement.classList.toggle("late", left <= Math.min(5, limit / 3));
      }
    }
  }

  async start() {
    const decks = await (await fetch("/api/decks")).json();
    this.decks = new Map(decks.map((deck) => [deck.name, indexDeck(deck)]));
    this.connect();
    document.addEventListener("keydown", (event) => this.key(event));
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.tries = 0;
      const hello = this.token ? { type: "hello", token: this.token } : { type: "hello" };
      if (this.player) hello.player = this.player; // the player's key: opens their seat, names it
      socket.send(JSON.stringify(hello));
      if (this.token) socket.send(JSON.stringify({ type: "pace", pace: this.pace }));
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket) this.receive(JSON.parse(event.data));
    });
    socket.addEventListener("close", () => {
      if (this.socket === socket) this.lost();
    });
  }

  /** Say hello again on a new connection (the person chose a name: their key now names the seat). */
  reconnect() {
    const old = this.socket;
    this.connect();
    if (old) old.close();
  }

  lost() {
    const wait = RETRY_MS[Math.min(this.tries, RETRY_MS.length - 1)];
    this.tries += 1;
    this.showBanner(`Connection lost: trying again in ${Math.round(wait / 1000)} s…`);
    setTimeout(() => this.connect(), wait);
  }

  showBanner(text) {
    this.banner.textContent = text;
    this.banner.hidden = !text;
  }

  receive(data) {
    document.dispatchEvent(new CustomEvent("tarocchi:message", { detail: data })); // around.js hears it too
    if (data.type === "error") {
      this.queue = [];
      if (this.message) {
        this.message.refusal = data.message;
        this.message.hintAsked = false;
        this.draw();
      } else {
        this.root.replaceChildren(el("p", { className: "refusal", role: "alert" }, data.message));
      }
      return;
    }
    if (data.type === "hint") {
      if (this.message && this.message.version === data.version) {
        this.message.hint = data.text;
        this.message.hintAsked = false;
        this.draw();
      }
      return;
    }
    if (data.type === "seats") {
      // who is online or a computer player changed, not the game: the same state, new seats
      if (this.message && this.message.version === data.version) {
        this.message.table = { ...this.message.table, seats: data.seats, hints: data.hints, undo: data.undo };
        this.draw();
      }
      return;
    }
    if (data.type !== "state") return;
    this.showBanner("");
    const turnChanged = !this.message || this.message.view.to_act !== data.view.to_act || this.message.version !== data.version;
    if (turnChanged) this.turnStarted = Date.now();
    const before = this.message;
    if (before && before.view.hand_number !== data.view.hand_number) {
      const tricks = before.view.tricks;
      if (tricks.length) this.previousTrick = tricks[tricks.length - 1];
      this.ui.dialogHidden = false;
    }
    if (before && Array.isArray(data.table.waiting) !== Array.isArray(before.table.waiting)) this.ui.dialogHidden = false;
    if (before && data.version !== before.version) this.ui.showLast = false;
    this.message = {
      ...data,
      ...data.present,
      table: { ...data.table, ...data.present, seat: data.view.seat },
      refusal: null,
      animate: this.animate,
      sound: this.sound,
      pace: this.pace,
      seen: this.seen,
      previousTrick: this.previousTrick,
    };
    this.tell(before, this.message);
    if (!data.table.discards) this.ui.selected = new Set();
    this.deck = this.decks.get(data.table.deck);
    const rules = document.getElementById("rules-link");
    if (rules) {
      rules.href = `/rules.html?game=${encodeURIComponent(data.table.game)}&table=${encodeURIComponent(data.table.id)}`;
      rules.onclick = () => sessionStorage.setItem("tarocchi.rules-from", data.table.id); // the way back keeps the seat
    }
    document.body.dataset.version = String(data.version);
    this.draw();
    this.sendQueued();
  }

  /** The next card of a confirmed discard, when it is this seat's turn to lay it aside. */
  sendQueued() {
    const message = this.message;
    if (!this.queue.length || message.view.to_act !== message.table.seat) return;
    const code = this.queue.shift();
    const action = message.legal.find((a) => a.type === "Discard" && a.card === code);
    if (!action) {
      this.queue = [];
      message.refusal = "the rest of the discard was not sent: the table changed; choose again";
      this.draw();
      return;
    }
    this.send(action.text);
  }

  /** A card clicked in a discard of several: chosen, or chosen no more (sent on "Confirm"). */
  choose(code) {
    const selected = this.ui.selected;
    if (selected.has(code)) selected.delete(code);
    else if (selected.size < this.message.table.discards) selected.add(code);
    this.draw();
  }

  /** The newest line of the log, said by the page's one polite live region; "your turn" in the title. */
  tell(before, message) {
    const log = message.log || [];
    if (this.announce && log.length && (!before || before.log.length !== log.length || before.view.hand_number !== message.view.hand_number)) {
      this.announce.textContent = log[log.length - 1];
    }
    const mine = message.table.seat !== null && message.view.to_act === message.table.seat && message.legal.length > 0;
    const was = before && before.table.seat !== null && before.view.to_act === before.table.seat && before.legal.length > 0;
    document.title = mine ? `● Your turn — ${TITLE}` : TITLE;
    // A turn is new when it was not the person's, or when others acted since: the server sends
    // each connection only the newest state, so computer players' moves may come as one step.
    const othersActed = before && (message.version > before.version + 1 || message.view.hand_number !== before.view.hand_number);
    if (mine && (!was || othersActed)) this.chime();
  }

  /** A short soft tone for "your turn", made by WebAudio (no sound file), when the person asked. */
  chime() {
    if (!this.sound || typeof AudioContext === "undefined") return;
    this.audio = this.audio || new AudioContext();
    const now = this.audio.currentTime;
    const tone = this.audio.createOscillator();
    const gain = this.audio.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(880, now);
    tone.frequency.setValueAtTime(660, now + 0.12);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
    tone.connect(gain).connect(this.audio.destination);
    tone.start(now);
    tone.stop(now + 0.32);
  }

  /** Flip one of the page's own switches (last trick, scores, the dialog) and draw again. */
  toggle(name, value) {
    this.ui[name] = value === undefined ? !this.ui[name] : value;
    this.draw();
  }

  /** What the page's controls do. Made once: a region drawTable keeps holds these handlers, and
   * each reads the page's state when called, never the message of the draw that made it. */
  makeHandlers() {
    return {
      onCard: (code, actions) => this.card(code, actions),
      onAction: (action) => this.send(action.text),
      onText: (text) => this.send(text),
      onHint: () => this.askHint(),
      onUndo: () => this.undo(),
      onLastTrick: () => this.toggle("showLast"),
      onGrid: () => this.toggle("showGrid"),
      onConfirmDiscard: () => {
        this.queue = [...this.ui.selected];
        this.ui.selected = new Set();
        this.sendQueued();
      },
      onClearDiscard: () => this.toggle("selected", new Set()),
      onCompose: (type, field, value) => {
        this.ui.compose[type] = { ...(this.ui.compose[type] || {}), [field]: value };
        this.draw();
      },
      onHideDialog: () => this.toggle("dialogHidden", true),
      onShowDialog: () => this.toggle("dialogHidden", false),
      onHistory: (open) => {
        this.ui.historyOpen = open;
      },
      onNext: (hand) => this.sendMessage({ type: "next", hand }),
      onPace: (event) => {
        this.pace = event.target.value;
        localStorage.setItem("tarocchi.pace", this.pace);
        this.message.pace = this.pace;
        this.sendMessage({ type: "pace", pace: this.pace });
      },
      onSound: (event) => {
        this.sound = event.target.checked;
        localStorage.setItem("tarocchi.sound", this.sound ? "on" : "off");
        this.message.sound = this.sound;
        if (this.sound) {
          this.audio = this.audio || new AudioContext(); // made on the click: browsers let it sound
          this.audio.resume();
        }
      },
      onAnimate: (event) => {
        this.animate = event.target.checked;
        localStorage.setItem("tarocchi.animate", this.animate ? "on" : "off");
        this.message.animate = this.animate;
      },
    };
  }

  draw() {
    Object.assign(this.message, this.ui);
    drawTable(this.root, this.message, this.deck, this.handlers);
    this.tick();
  }

  card(code, actions) {
    if (actions.length && actions[0].type === "Discard" && this.message.table.discards > 1) {
      this.choose(code);
      return;
    }
    if (!actions.length) {
      const why = this.message.view.to_act === this.message.table.seat ? "that card may not be played now" : "it is not your turn";
      this.send(code, why);
      return;
    }
    this.send(actions[0].text);
  }

  /** Send a message other than an action (nothing when the socket is closed: it says hello again). */
  sendMessage(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Ask what the hard player would do here (offered only when everyone else is a computer). */
  askHint() {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    this.message.hintAsked = true;
    this.draw();
    this.socket.send(JSON.stringify({ type: "hint" }));
  }

  /** Take back this seat's last move (offered while the computer players wait after it). */
  undo() {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(JSON.stringify({ type: "undo", version: this.message.version }));
  }

  /** Send an action; the server answers with the new view or an error saying why not. */
  send(text, fallback) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      this.message.refusal = fallback || "not connected: the action was not sent";
      this.draw();
      return;
    }
    this.socket.send(JSON.stringify({ type: "act", action: text, version: this.message.version }));
  }

  key(event) {
    if (event.target instanceof HTMLInputElement) return;
    const cards = [...this.root.querySelectorAll("button.in-hand")];
    const at = cards.indexOf(document.activeElement);
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const step = event.key === "ArrowRight" ? 1 : -1;
      const next = cards[(at + step + cards.length) % cards.length];
      if (next) next.focus();
      event.preventDefault();
    }
  }
}
