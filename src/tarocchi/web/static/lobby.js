// The lobby: who you are (a name, kept in this browser with a secret key), the public tables
// with a free seat to join with one click, your tables on any device, and a new table: the
// game and its options, each seat (you, a friend by link, or a computer player), public or not.

import { el } from "./dom.js";
import { deviceLink, forget, keep, player, post } from "./names.js";

const games = await (await fetch("/api/games")).json();
const form = document.getElementById("create");
const select = document.getElementById("game");
const options = document.getElementById("options");
const seats = document.getElementById("seats");
let me = player();

for (const game of games) select.append(el("option", { value: game.id }, game.name));

function chosen() {
  return games.find((game) => game.id === select.value);
}

function fill() {
  const game = chosen();
  document.getElementById("game-summary").replaceChildren(
    `${game.summary} `,
    el("a", { href: `/rules.html?game=${encodeURIComponent(game.id)}`, id: "rules-link" }, "The rules"),
  );
  options.replaceChildren(el("legend", {}, "Options"));
  for (const option of game.options) {
    options.append(
      el(
        "label",
        { className: "option" },
        `${option.name} `,
        el("select", { name: option.name, "aria-describedby": `help-${option.name}` },
          option.choices.map((choice) => el("option", { value: choice, selected: choice === option.default }, choice))),
        el("span", { className: "help", id: `help-${option.name}` }, ` ${option.help}`),
      ),
    );
  }
  if (!game.options.length) options.append(el("p", {}, "This game has no options."));
  seats.replaceChildren(el("legend", {}, "Seats"));
  for (let seat = 0; seat < game.players; seat += 1) {
    const kinds = [...(me ? ["me"] : []), "invite", ...game.levels];
    const first = seat === 0 ? (me ? "me" : "invite") : game.levels[1] || game.levels[0];
    seats.append(
      el(
        "label",
        { className: "seat-choice" },
        `${game.seat_names[seat]} `,
        el("select", { name: `seat-${seat}` },
          kinds.map((kind) => el("option", { value: kind, selected: kind === first },
            kind === "me" ? "you" : kind === "invite" ? "a person (invite by link)" : `computer: ${kind}`))),
      ),
    );
  }
}

/** Who you are: a name to choose, or your name with a way to change it and to take it elsewhere. */
function drawYou(problem) {
  const you = document.getElementById("you");
  if (!me) {
    const input = el("input", { id: "name", name: "name", maxlength: "24", required: true, autocomplete: "nickname" });
    const nameForm = el("form", { id: "name-form", "aria-label": "your name" },
      el("label", {}, "Your name ", input), " ", el("button", { type: "submit" }, "Play under this name"),
      el("p", { className: "help" }, "Shown at your seats. No password, no e-mail: this browser keeps a secret key for you."));
    nameForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const answer = await post("/api/players", { name: input.value });
      if (!answer.ok) return drawYou(answer.data.detail);
      me = answer.data;
      keep(me);
      fill();
      refresh();
    });
    you.replaceChildren(nameForm, problem ? el("p", { className: "refusal", role: "alert" }, problem) : "");
    return;
  }
  const link = el("p", { id: "device-link", hidden: true }, "Open this secret link on your other device (whoever has it plays as you): ",
    el("code", {}, deviceLink(me.key)));
  const input = el("input", { name: "name", maxlength: "24", required: true, value: me.name || "", "aria-label": "your new name" });
  const rename = el("form", { id: "rename-form", className: "name-form", hidden: true }, input, el("button", { type: "submit" }, "Rename"));
  rename.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await post("/api/players/name", { player: me.key, name: input.value });
    if (!answer.ok) return drawYou(answer.data.detail);
    keep((me = { key: me.key, name: answer.data.name }));
    drawYou();
  });
  you.replaceChildren(
    el("p", {}, "You play as ", el("strong", { id: "my-name" }, me.name || "…"), ". ",
      el("button", { type: "button", id: "rename", onclick: () => { rename.hidden = !rename.hidden; } }, "Change name"), " ",
      el("button", { type: "button", onclick: () => { link.hidden = !link.hidden; } }, "Use on another device"), " ",
      el("button", { type: "button", onclick: () => { forget(); me = null; fill(); refresh(); } }, "Forget me here")),
    rename,
    link,
    problem ? el("p", { className: "refusal", role: "alert" }, problem) : "",
  );
}

function optionsText(table) {
  const words = Object.entries(table.options).map(([name, value]) => `${name} ${value}`);
  if (table.move_seconds) words.push(`${table.move_seconds} s a move`);
  return words.length ? ` (${words.join(", ")})` : "";
}

async function join(table, seat) {
  if (!me) return drawYou("choose a name first: it is shown at your seat");
  const answer = await post(`/api/tables/${encodeURIComponent(table.id)}/join`, { player: me.key, seat });
  if (!answer.ok) return drawYou(answer.data.detail);
  location.href = answer.data.link;
}

async function listOpen() {
  const list = document.getElementById("open-tables");
  const tables = await (await fetch("/api/lobby")).json();
  list.replaceChildren(...tables.map((table) => el("li", { className: "open-table", dataset: { table: table.id } },
    el("strong", {}, table.game_name), optionsText(table), ": ",
    el("ul", { className: "open-seats" }, table.seats.map((seat, index) => el("li", {},
      `${table.seat_names[index]}: `,
      seat.kind !== "invite" ? `computer, ${seat.kind}`
        : seat.free ? el("button", { type: "button", className: "join", dataset: { seat: String(index) }, onclick: () => join(table, index) }, "Join (free seat)")
          : seat.name || "a person by link"))),
    el("a", { href: table.watch, className: "watch" }, "Watch"))));
  if (!tables.length) list.append(el("li", {}, "no public table has a free seat: make one below"));
}

async function listMine() {
  const box = document.getElementById("my-tables");
  if (!me) {
    box.replaceChildren(el("p", {}, "Choose a name to see your tables here, on any device."));
    return;
  }
  const answer = await post("/api/players/tables", { player: me.key });
  if (!answer.ok) {
    box.replaceChildren(el("p", { className: "refusal" }, answer.data.detail));
    return;
  }
  const groups = [["waiting", "Waiting for you"], ["playing", "In play"], ["finished", "Finished"]];
  box.replaceChildren(...groups.map(([status, title]) => {
    const found = answer.data.filter((t) => t.status === status);
    return found.length ? el("div", { className: `mine-${status}` }, el("h3", {}, title),
      el("ul", {}, found.map((t) => el("li", {}, el("a", { href: t.link }, `${t.game_name}, table ${t.id}`),
        t.seat === null ? " (you made it)" : "", t.next ? [" · ", el("a", { href: `/table.html?id=${encodeURIComponent(t.next)}` }, "played again")] : "")))) : "";
  }));
  if (!answer.data.length) box.append(el("p", {}, "none yet"));
}

async function refresh() {
  drawYou();
  await Promise.all([listOpen(), listMine()]);
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const game = chosen();
  const data = new FormData(form);
  const kinds = Array.from({ length: game.players }, (_, seat) => data.get(`seat-${seat}`));
  const created = document.getElementById("created");
  created.hidden = false;
  const sit = kinds.indexOf("me");
  if (kinds.filter((k) => k === "me").length > 1) {
    created.replaceChildren(el("p", { className: "refusal", role: "alert" }, "you may sit at one seat only"));
    return;
  }
  const body = {
    game: game.id,
    options: Object.fromEntries(game.options.map((o) => [o.name, data.get(o.name)])),
    seats: kinds.map((kind) => (kind === "me" ? "invite" : kind)),
    public: data.get("public") === "on",
  };
  if (me) body.player = me.key;
  if (sit >= 0) body.sit = sit;
  if (data.get("move_seconds")) body.move_seconds = Number(data.get("move_seconds"));
  const answer = await post("/api/tables", body);
  const result = answer.data;
  if (!answer.ok) {
    created.replaceChildren(el("p", { className: "refusal", role: "alert" }, result.detail || "the table could not be created"));
    return;
  }
  // Only an invited person's seat has a link; a computer player's has none, so nobody sees its cards.
  created.replaceChildren(
    el("h2", {}, "Table created"),
    el("ul", {}, result.seats.map((s) => el("li", {},
      `${game.seat_names[s.seat]}: `,
      ...(s.seat === sit
        ? [el("a", { href: result.watch, className: "my-seat" }, "your seat: go to the table")]
        : s.kind === "invite" && s.link
          ? [el("a", { href: s.link, dataset: { seat: String(s.seat) } }, new URL(s.link, location.href).href),
            " ",
            el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(new URL(s.link, location.href).href) }, "copy")]
          : [`computer player (${s.kind}): no link, its cards are seen by nobody`])))),
  );
  const watch = document.getElementById("created-watch");
  watch.hidden = false;
  watch.replaceChildren("Spectators watch at ", el("a", { href: result.watch, id: "watch-link" }, new URL(result.watch, location.href).href));
  refresh();
});

select.addEventListener("change", fill);
fill();
if (me) {
  const answer = await post("/api/players/me", { player: me.key });
  if (answer.ok) keep((me = { key: me.key, name: answer.data.name }));
  else if (answer.data.detail && answer.data.detail.includes("nobody's")) {
    forget(); // a key this server never made (another server's, or a mistyped link)
    me = null;
    fill();
  }
}
await refresh();
document.body.dataset.ready = "yes";
