// Around the table, below the game: who sits where by name, the spectators' link, a computer
// player for a person who left (and one's seat taken back), the creator's time limit and
// mutes, play again at the end, and the chat. It hears every message the table page receives
// (the page's "tarocchi:message" event) and sends through the page's socket.

import { el } from "./dom.js";
import { drawRegions } from "./regions.js";
import { Chat } from "./chat.js";
import { keep, post } from "./names.js";

export function mountAround(page, holder) {
  const around = new Around(page, holder);
  document.addEventListener("tarocchi:message", (event) => around.receive(event.detail));
  setInterval(() => around.tick(), 1000);
  return around;
}

class Around {
  constructor(page, holder) {
    this.page = page;
    this.holder = holder;
    this.state = null;
    this.you = { creator: false, reclaim: null };
    this.paced = null; // the socket a pace was sent on, for a seat opened by the player's key
    this.seen = 0; // when the state was received (its absences count from then)
    this.chat = new Chat((message) => page.sendMessage(message));
    this.panel = el("div", { className: "around-panel" });
    this.who = el("div", { id: "you-here" }); // drawn only when it changes: a name being typed stays
    this.nameShape = null;
    this.nameProblem = null;
    holder.replaceChildren(el("div", {}, this.who, this.panel), this.chat.node);
  }

  receive(data) {
    if (data.type === "chat") return this.chat.receive(data.lines, Boolean(data.history));
    if (data.type === "error" && (data.code === "name" || data.code === "player")) {
      this.nameProblem = data.message;
      this.nameShape = null;
      return this.drawName();
    }
    if (data.type === "you") {
      this.you = data;
      this.drawName();
      return this.draw();
    }
    if (data.type === "seats" && this.state && this.state.version === data.version) {
      const before = this.state.table.seats;
      this.state.table.seats = data.seats;
      this.state.table.absent = data.seats.map((seat, index) =>
        seat.connected || seat.kind !== "invite" ? null : before[index].connected ? -this.since() : this.state.table.absent[index]);
      return this.draw();
    }
    if (data.type !== "state") return;
    this.state = data;
    this.seen = Date.now();
    const socket = this.page.socket;
    if (data.table.seat !== null && !this.page.token && this.paced !== socket) {
      this.paced = socket; // the page says pace itself only for a seat opened by a link's token
      this.page.sendMessage({ type: "pace", pace: this.page.pace });
    }
    if (data.table.next && data.table.seat !== null && !this.leaving) {
      this.leaving = true; // the same seat at the new table: by the player's key, or the same link's token
      setTimeout(() => { location.href = this.nextLink(data.table.next); }, 1500);
    }
    this.drawName();
    this.draw();
  }

  /** Who you are here: your name and a way to change it, or, for a guest by link, a name to choose
   * (it gives this browser a player key; the page says hello again and the seat takes the name). */
  drawName() {
    const state = this.state;
    if (!state) return;
    const mine = state.table.seat;
    const key = this.page.player;
    const seatName = mine !== null ? state.table.names[mine] : null;
    const name = seatName || this.you.name;
    const shape = JSON.stringify([mine, Boolean(key), seatName, this.you.name]);
    if (shape === this.nameShape) return;
    this.nameShape = shape;
    const problem = this.nameProblem ? el("p", { className: "refusal", role: "alert" }, this.nameProblem) : "";
    this.nameProblem = null;
    const input = el("input", { name: "my-name", maxlength: "24", required: true, autocomplete: "nickname", "aria-label": "your name", value: name || "" });
    if (mine !== null && !seatName) {
      const form = el("form", { className: "name-form", id: "choose-name" },
        el("label", {}, "Your name, shown at your seat ", input), el("button", { type: "submit" }, "Play under this name"));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.choose(input.value);
      });
      this.who.replaceChildren(form, problem);
    } else if (key && name) {
      const form = el("form", { className: "name-form", id: "rename-form", hidden: true }, input, el("button", { type: "submit" }, "Rename"));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.page.sendMessage({ type: "name", name: input.value });
        form.hidden = true;
      });
      this.who.replaceChildren(
        el("p", {}, "You are ", el("strong", { id: "my-name" }, name), " ",
          el("button", { type: "button", id: "rename", onclick: () => { form.hidden = !form.hidden; } }, "Change name")),
        form, problem);
    } else {
      this.who.replaceChildren(problem);
    }
  }

  /** A name for the seat: said on the socket by a player, or, for a guest by link, a new player
   * made first (this browser keeps the key) and the page's hello said again with it. */
  async choose(name) {
    if (this.page.player) {
      this.page.sendMessage({ type: "name", name });
      return;
    }
    const answer = await post("/api/players", { name });
    if (!answer.ok) {
      this.nameProblem = answer.data.detail;
      this.nameShape = null;
      this.drawName();
      return;
    }
    keep(answer.data);
    this.page.player = answer.data.key;
    this.nameShape = null;
    this.page.reconnect();
  }

  /** The new table's page; a seat opened by a link's token keeps it (the new table's seat has the same). */
  nextLink(id) {
    const link = `/table.html?id=${encodeURIComponent(id)}`;
    return this.state && this.state.table.seat !== null && this.page.token ? `${link}#${this.page.token}` : link;
  }

  /** Seconds since the state came: an absence it reports has grown by as much. */
  since() {
    return (Date.now() - this.seen) / 1000;
  }

  /** The absences shown, in whole seconds: what a second's passing may change in the panel. */
  absences() {
    const absent = this.state ? this.state.table.absent : [];
    return JSON.stringify(absent.map((away) => (away === null || away === undefined ? null : Math.floor(away + this.since()))));
  }

  /** Each second the panel is drawn again only if an absence it shows grew: a panel drawn anew
   * is laid out anew, and most seconds nobody is away. */
  tick() {
    if (this.absences() !== this.shown) this.draw();
  }

  draw() {
    const state = this.state;
    if (!state) return;
    this.shown = this.absences();
    const table = state.table;
    const names = state.present.seat_names;
    const mine = table.seat;
    const seated = mine !== null && table.seats[mine].kind === "invite";
    const rows = table.seats.map((seat, index) => {
      const away = table.absent[index] === null || table.absent[index] === undefined ? null : table.absent[index] + this.since();
      const may = away !== null && away >= table.grace && index !== mine && (this.you.creator || (table.public && seated));
      return el("li", { dataset: { seat: String(index) } },
        el("span", { className: "who" }, names[index]),
        seat.kind === "invite" ? (seat.connected ? " · here" : away === null ? "" : ` · away ${Math.floor(away)} s`) : ` · computer, ${seat.kind}`,
        table.muted.includes(index) ? " · muted" : "",
        may ? [" ", el("button", { type: "button", className: "replace", onclick: () => this.page.sendMessage({ type: "replace", seat: index }) },
          this.you.creator ? "Seat a computer player" : `Ask for a computer player${table.votes[index] ? ` (${table.votes[index]} asked)` : ""}`)] : "",
        this.you.creator && seat.kind === "invite" && index !== mine
          ? [" ", el("button", { type: "button", className: "mute", onclick: () => this.page.sendMessage({ type: "mute", seat: index, muted: !table.muted.includes(index) }) },
            table.muted.includes(index) ? "Let speak" : "Mute")] : "");
    });
    const watch = new URL(`/table.html?id=${encodeURIComponent(table.id)}`, location.href).href;
    const parts = [
      el("h2", {}, "At the table"),
      el("ul", { className: "around-seats" }, rows),
      el("p", { className: "watch" }, "Spectators watch at ", el("a", { href: watch, id: "watch-link" }, watch)),
    ];
    if (this.you.reclaim !== null && this.you.reclaim !== undefined && mine === null) {
      parts.push(el("p", {}, el("button", { type: "button", id: "reclaim", onclick: () => this.page.sendMessage({ type: "reclaim" }) },
        `Take back your seat (${names[this.you.reclaim]})`)));
    }
    if (this.you.creator) parts.push(this.creatorControls(table));
    // drawn anew each time, but for the words to play again: their block stays in place, so a
    // press on its button held while another person's word comes is released on that button
    const fresh = {};
    const drawn = drawRegions(this.panel, {
      ...Object.fromEntries(parts.map((part, index) => [index, [fresh, () => part]])),
      again: [table.over, () => (table.over ? el("div", { className: "again" }) : "")],
    });
    if (table.over) this.drawAgain(drawn.again, table, names, seated);
    this.chat.show(mine !== null, mine !== null ? table.muted.includes(mine) : table.spectators_muted);
  }

  creatorControls(table) {
    const input = el("input", { type: "number", min: "1", max: "86400", name: "clock", value: table.move_seconds ?? "", placeholder: "no limit", "aria-label": "seconds per move" });
    const form = el("form", { className: "clock-form" }, "Seconds per move ", input, " ", el("button", { type: "submit" }, "Set"),
      " ", el("button", { type: "button", className: "mute-spectators", onclick: () => this.page.sendMessage({ type: "mute", seat: null, muted: !table.spectators_muted }) },
        table.spectators_muted ? "Let spectators speak" : "Mute spectators"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.page.sendMessage({ type: "clock", move_seconds: input.value ? Number(input.value) : null });
    });
    return form;
  }

  drawAgain(block, table, names, seated) {
    if (table.next) {
      drawRegions(block, { words: [table.next, () => el("p", {}, "Everyone said play again: ", el("a", { href: this.nextLink(table.next), id: "next-table" }, "the new table"))] });
      return;
    }
    const people = table.seats.map((seat, index) => [seat, index]).filter(([seat]) => seat.kind === "invite").map(([, index]) => index);
    const saidIt = people.filter((index) => table.again.includes(index)).map((index) => names[index]);
    const waiting = people.filter((index) => !table.again.includes(index)).map((index) => names[index]);
    const asks = seated && !table.again.includes(table.seat);
    drawRegions(block, {
      button: [asks, () => (asks ? el("button", { type: "button", id: "play-again", onclick: () => this.page.sendMessage({ type: "again" }) }, "Play again (same seats, next dealer)") : "")],
      words: [JSON.stringify([saidIt, waiting]), () => el("p", {}, saidIt.length ? `Play again: ${saidIt.join(", ")}` : "", waiting.length && saidIt.length ? `; waiting for ${waiting.join(", ")}` : "")],
    });
  }
}
