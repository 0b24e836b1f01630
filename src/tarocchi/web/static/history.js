// A player's finished games, on any device (by the player's key, kept in this browser): each with
// every seat's total and place, and a link to watch it again trick by trick. Names are text.

import { el } from "./dom.js";
import { player, post } from "./names.js";

const ratingsBox = document.getElementById("my-ratings");
const past = document.getElementById("past");
const me = player();

function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleString() : "";
}

function ordinal(place) {
  return place === 1 ? "1st" : place === 2 ? "2nd" : place === 3 ? "3rd" : `${place}th`;
}

function game(item) {
  const mine = item.standings[item.seat];
  return el("li", { className: "past-game", dataset: { table: item.id } },
    el("h2", {}, `${item.game_name} · ${ordinal(item.place)}`, item.ended ? el("span", { className: "help" }, ` · ${when(item.ended)}`) : ""),
    el("ul", { className: "standings" }, [...item.standings].sort((a, b) => a.place - b.place || a.seat - b.seat).map((s) =>
      el("li", { className: s.seat === mine.seat ? "me" : "" },
        `${ordinal(s.place)}: `,
        el("span", { className: "who" }, s.name || (s.kind === "invite" ? "a guest" : `computer, ${s.kind}`)),
        ` (${s.seat_name}) `,
        el("span", { className: "total" }, String(s.total))))),
    el("a", { href: item.replay, className: "replay-link" }, "Watch it trick by trick"));
}

if (!me) {
  past.replaceChildren(el("p", {}, "Choose a name in the ", el("a", { href: "/" }, "lobby"), ": your finished games are listed here, on any device."));
} else {
  const answer = await post("/api/players/history", { player: me.key });
  if (!answer.ok) {
    past.replaceChildren(el("p", { className: "refusal", role: "alert" }, answer.data.detail));
  } else {
    const data = answer.data;
    document.querySelector("h1").textContent = `${data.name}'s games`;
    const names = Object.fromEntries(data.games.map((g) => [g.game, g.game_name]));
    const rated = Object.entries(data.ratings);
    ratingsBox.replaceChildren(...(rated.length
      ? [el("p", { id: "ratings-line" }, "Ratings: ", rated.flatMap(([id, r], i) => [i ? " · " : "",
        el("a", { href: `/leaderboard.html?game=${encodeURIComponent(id)}` }, names[id] || id),
        ` ${r.rating} (${r.games} game${r.games === 1 ? "" : "s"})`]))]
      : []));
    past.replaceChildren(data.games.length
      ? el("ol", { className: "past-games" }, data.games.map(game))
      : el("p", {}, "No finished game yet."));
  }
}
document.body.dataset.ready = "yes";
