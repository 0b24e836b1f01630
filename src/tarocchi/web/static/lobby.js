// The lobby: choose a game and its options, fill each seat (a friend by link, or a computer
// player of a level), create the table, and keep the links of one's tables in this browser.

import { el } from "./dom.js";

const MINE = "tarocchi.tables";
const games = await (await fetch("/api/games")).json();
const form = document.getElementById("create");
const select = document.getElementById("game");
const options = document.getElementById("options");
const seats = document.getElementById("seats");

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
    const kinds = ["invite", ...game.levels];
    seats.append(
      el(
        "label",
        { className: "seat-choice" },
        `${game.seat_names[seat]} `,
        el("select", { name: `seat-${seat}` },
          kinds.map((kind) => el("option", { value: kind, selected: kind === (seat === 0 ? "invite" : game.levels[1] || game.levels[0]) },
            kind === "invite" ? "a person (invite by link)" : `computer: ${kind}`))),
      ),
    );
  }
}

function remember(entry) {
  const mine = JSON.parse(localStorage.getItem(MINE) || "[]");
  mine.unshift(entry);
  localStorage.setItem(MINE, JSON.stringify(mine.slice(0, 50)));
}

function listMine() {
  const list = document.getElementById("my-tables");
  const mine = JSON.parse(localStorage.getItem(MINE) || "[]");
  list.replaceChildren(...mine.map((t) => el("li", {}, el("a", { href: t.link }, `${t.game}, table ${t.id}`), ` (${t.created})`)));
  if (!mine.length) list.append(el("li", {}, "none yet"));
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const game = chosen();
  const data = new FormData(form);
  const body = {
    game: game.id,
    options: Object.fromEntries(game.options.map((o) => [o.name, data.get(o.name)])),
    seats: Array.from({ length: game.players }, (_, seat) => data.get(`seat-${seat}`)),
  };
  if (data.get("move_seconds")) body.move_seconds = Number(data.get("move_seconds"));
  const answer = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const result = await answer.json();
  const created = document.getElementById("created");
  created.hidden = false;
  if (!answer.ok) {
    created.replaceChildren(el("p", { className: "refusal", role: "alert" }, result.detail || "the table could not be created"));
    return;
  }
  // Only an invited person's seat has a link; a computer player's has none, so nobody sees its cards.
  const links = result.seats.filter((s) => s.kind === "invite" && s.link);
  created.replaceChildren(
    el("h2", {}, "Table created"),
    el("ul", {}, result.seats.map((s) => el("li", {},
      `${game.seat_names[s.seat]}: `,
      ...(s.kind === "invite" && s.link
        ? [el("a", { href: s.link, dataset: { seat: String(s.seat) } }, new URL(s.link, location.href).href),
          " ",
          el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(new URL(s.link, location.href).href) }, "copy")]
        : [`computer player (${s.kind}): no link, its cards are seen by nobody`])))),
  );
  if (links.length) remember({ id: result.id, game: game.name, link: links[0].link, created: new Date().toLocaleString() });
  listMine();
});

select.addEventListener("change", fill);
fill();
listMine();
document.body.dataset.ready = "yes";
