// A table's chat: the lines said to the whole table, as text only (a name or a line holding
// markup shows as the characters typed). Seated people talk in the players' room; spectators
// talk in their own, which they alone read.

import { el } from "./dom.js";

const MOST = 300;

export class Chat {
  constructor(send) {
    this.send = send;
    this.lines = [];
    this.list = el("ol", { className: "chat-lines", "aria-live": "polite" });
    this.input = el("input", { name: "say", maxlength: String(MOST), autocomplete: "off", "aria-label": "a line to the table" });
    this.room = el("span", { className: "help" });
    this.form = el("form", { className: "chat-form" }, this.input, " ", el("button", { type: "submit" }, "Say"));
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.send({ type: "say", text });
      this.input.value = "";
    });
    this.node = el("section", { id: "chat", "aria-label": "chat" }, el("h2", {}, "Chat ", this.room), this.list, this.form);
  }

  /** Lines the server sent: the history after a hello (again after a reconnection), or a new one. */
  receive(lines, history) {
    if (history) this.lines = [];
    for (const line of lines) this.lines.push(line);
    this.lines = this.lines.slice(-200);
    this.list.replaceChildren(...this.lines.map((line) => el("li", { className: `chat-${line.room}` },
      el("strong", { className: "who" }, line.name), line.room === "spectators" ? " (watching)" : "", ": ",
      el("span", { className: "said" }, line.text))));
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** Which room this connection talks in, and whether it is muted. */
  show(seated, muted) {
    this.room.textContent = seated ? "(to the table)" : "(to the other spectators)";
    this.input.disabled = muted;
    this.input.placeholder = muted ? "the table's creator muted this chat" : "";
  }
}
