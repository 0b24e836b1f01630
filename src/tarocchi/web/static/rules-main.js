// The players' rules pages: rules/<game>.md drawn as HTML (markdown.js), its illustrations drawn
// with the table's own cards (cards.js, the packs from /api/decks), a link back to the table the
// reader came from, and a page that says so when there is no such game.

import { cardChip } from "./chips.js";
import { cardLabel, cardSvg } from "./cards.js";
import { cardOf, el, indexDeck, svgNode } from "./dom.js";
import { markdown } from "./markdown.js";

const GAMES = { piedmont: "Piedmont", sicilian: "The Sicilian game", taroinche: "Taroinche", taroux: "Taroux of Six" };
const params = new URLSearchParams(location.search);
const asked = params.get("game");
const article = document.getElementById("rules");

/** "Back to the table": back to the table page this tab came from (its link keeps the seat: the
 * table page notes its id in the tab's sessionStorage when its rules link is followed), else the
 * table watched. */
function backLink() {
  const table = params.get("table");
  if (!table || !/^[A-Za-z0-9_-]{1,64}$/.test(table)) return;
  const link = el("a", { className: "back", href: `/table.html?id=${encodeURIComponent(table)}` }, "← Back to the table");
  link.addEventListener("click", (event) => {
    if (sessionStorage.getItem("tarocchi.rules-from") === table && history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });
  document.querySelector("nav").prepend(link, " · ");
}

function card(deck, code) {
  return svgNode(cardSvg(cardOf(deck, code), deck.suits));
}

/** One illustration: the whole pack, a row of cards, or a trick with each card's player. */
function draw(figure, deck) {
  const words = figure.dataset.cards.split(/\s+/).filter(Boolean);
  if (figure.dataset.figure === "pack") {
    figure.append(el("div", { className: "cards small", "aria-label": `the ${deck.cards.length} cards of the pack` }, deck.cards.map((c) => card(deck, c.code))));
  } else if (figure.dataset.figure === "cards") {
    figure.append(el("div", { className: "cards small" }, words.map((code) => card(deck, code))));
  } else {
    const plays = figure.dataset.cards.split(",").map((part) => {
      const words = part.trim().split(/\s+/); // the player's name, then the card (starred: the winner)
      const code = words.pop();
      return { seat: words.join(" "), code: code.replace("*", ""), winner: code.endsWith("*") };
    });
    const winner = plays.find((play) => play.winner);
    figure.append(
      el(
        "div",
        { className: "trick-example", role: "group", "aria-label": "an example trick" },
        plays.map((play) =>
          el("div", { className: `played${play.winner ? " winner" : ""}` }, card(deck, play.code), el("span", { className: "by" }, play.seat)),
        ),
      ),
      winner ? el("p", { className: "caption" }, `${winner.seat} wins the trick with ${cardLabel(cardOf(deck, winner.code))}.`) : "",
    );
  }
}

async function show() {
  backLink();
  if (!Object.hasOwn(GAMES, asked || "")) {
    document.title = "tarocchi — no such game";
    const links = Object.entries(GAMES).flatMap(([id, name], i) => [i ? ", " : "", el("a", { href: `?game=${id}` }, name)]);
    article.replaceChildren(
      el("h1", {}, asked ? "No such game" : "The rules"),
      el("p", asked ? { className: "refusal", role: "alert" } : {}, asked ? `There is no game “${asked}” here. ` : "", "The games' rules: ", links, "."),
    );
    return;
  }
  const [answer, decks] = await Promise.all([fetch(`rules/${asked}.md`), fetch("/api/decks").then((r) => r.json())]);
  article.innerHTML = markdown(await answer.text());
  const name = article.querySelector("[data-figure=pack]")?.dataset.cards;
  const deck = indexDeck(decks.find((d) => d.name === name) || decks[0]);
  for (const figure of article.querySelectorAll(".figure")) draw(figure, deck);
  for (const ref of article.querySelectorAll(".card-ref")) ref.replaceWith(cardChip(deck, ref.dataset.code));
  document.title = `tarocchi — ${article.querySelector("h1")?.textContent || "rules"}`;
}

try {
  await show();
} catch (error) {
  article.replaceChildren(el("p", { className: "refusal", role: "alert" }, `The rules could not be loaded: ${error}`));
}
document.body.dataset.ready = "yes";
