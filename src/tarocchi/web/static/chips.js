// Cards in words and lines: a card as a small chip in its pack's own suit (its rank and the suit's
// symbol, coloured as on the card), its full name on hover and for screen readers; the log's
// lines with their cards drawn so; a legend of the pack's suits. Never a card code: a code's
// letters mean different suits in different packs.

import { INK, cardLabel, rankText } from "./cards.js";
import { cardOf, el } from "./dom.js";

/** A card as a chip: ``K♥``, a trump's number on the trumps' tint, the Fool's star. */
export function cardChip(deck, code) {
  const card = cardOf(deck, code);
  const name = cardLabel(card);
  const suit = deck.suits.find((s) => s.letter === card.suit);
  let text;
  let kind;
  if (suit) {
    text = `${rankText(card)}${suit.symbol}`;
    kind = `suit ${suit.colour}`;
  } else if (card.suit === "T") {
    text = rankText(card);
    kind = "trump";
  } else {
    text = "★";
    kind = "fool";
  }
  const chip = el("span", { className: `chip ${kind}`, title: name, role: "img", "aria-label": name, dataset: { code } }, text);
  if (suit && INK[suit.colour]) chip.style.setProperty("color", INK[suit.colour]);
  return chip;
}

/** The engine's words with the cards they name in notation drawn as chips (a public fact, a
 * score sheet's label): a word that is a card code of this pack, and nothing else, is a card. */
export function textParts(deck, text) {
  return String(text)
    .split(/([A-Za-z0-9]+)/)
    .filter((part) => part !== "")
    .map((part) => (deck.byCode.has(part) ? cardChip(deck, part) : part));
}

/** A log line from its parts: cards as chips, words as they are (save the cards an engine's
 * note names in notation, also drawn as chips). */
export function lineNode(deck, parts) {
  return el("li", {}, parts.flatMap((part) => (typeof part === "string" ? textParts(deck, part) : [cardChip(deck, part.card)])));
}

/** The pack's suits, each by its symbol and name, and how trumps and the Fool are drawn. */
export function suitLegend(deck) {
  const items = deck.suits.map((suit) => {
    const symbol = el("span", { className: `chip suit ${suit.colour}`, "aria-hidden": "true" }, suit.symbol);
    if (INK[suit.colour]) symbol.style.setProperty("color", INK[suit.colour]);
    return el("li", {}, symbol, ` ${suit.name}`);
  });
  const trumps = deck.cards.some((card) => card.suit === "T");
  const fool = deck.cards.some((card) => card.suit === "");
  return el(
    "ul",
    { className: "legend", "aria-label": `the suits of the ${deck.name} pack` },
    items,
    trumps ? el("li", {}, el("span", { className: "chip trump", "aria-hidden": "true" }, "14"), " trump 14") : null,
    fool ? el("li", {}, el("span", { className: "chip fool", "aria-hidden": "true" }, "★"), " the Fool") : null,
  );
}
