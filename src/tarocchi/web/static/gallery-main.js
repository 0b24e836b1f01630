import { cardSvg, backSvg } from "./cards.js";

const where = new URLSearchParams(location.search).get("decks") || "/api/decks";
const packs = document.getElementById("packs");
try {
  const decks = await (await fetch(where)).json();
  packs.textContent = "";
  for (const deck of decks) {
    const section = document.createElement("section");
    section.className = "pack";
    section.dataset.deck = deck.name;
    const title = document.createElement("h2");
    title.textContent = `${deck.name}: ${deck.cards.length} cards`;
    const row = document.createElement("div");
    row.className = "cards";
    row.innerHTML = deck.cards.map((card) => cardSvg(card, deck.suits)).join("") + backSvg();
    section.append(title, row);
    packs.append(section);
  }
  document.body.dataset.ready = "yes";
} catch (error) {
  packs.textContent = `Could not load the packs: ${error}`;
}
