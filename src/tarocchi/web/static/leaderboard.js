// The leaderboard: each game's ratings, best first (players by name, computer levels by level),
// with the games each counts. Names are shown as text, never as markup.

import { el } from "./dom.js";
import { player, post } from "./names.js";

const select = document.getElementById("board-game");
const boxes = document.getElementById("boards");
const boards = await (await fetch("/api/ratings")).json();
const me = player();
const myName = me ? (await post("/api/players/me", { player: me.key })).data.name : null;
const wanted = new URLSearchParams(location.search).get("game");

for (const board of boards) select.append(el("option", { value: board.game, selected: board.game === wanted }, board.game_name));

function draw() {
  const board = boards.find((b) => b.game === select.value) || boards[0];
  const rows = board.ratings.map((line) => el("tr", { className: line.computer ? "computer" : line.name === myName ? "me" : "" },
    el("td", { className: "num" }, String(line.place)),
    el("td", { className: "who" }, line.name),
    el("td", { className: "num rating" }, String(line.rating)),
    el("td", { className: "num" }, String(line.games))));
  boxes.replaceChildren(
    el("h2", {}, board.game_name),
    board.ratings.length
      ? el("table", { className: "board", dataset: { game: board.game } },
        el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "Player"), el("th", {}, "Rating"), el("th", {}, "Games"))),
        el("tbody", {}, rows))
      : el("p", {}, "No game of this kind has been rated yet."));
}

select.addEventListener("change", () => {
  history.replaceState(null, "", `?game=${encodeURIComponent(select.value)}`);
  draw();
});
draw();
document.body.dataset.ready = "yes";
