// The cards, drawn as SVG by the project: the 78-card tarot, the 80-card pack with Good and
// Evil, the 63-card Sicilian pack and Taroinche's 32 cards, from the pack the server describes
// (tarocchi.web.deck_json). Legible at phone size: the index (rank and suit) is large, trump
// numbers larger still, and each suit has its own shape and letter, so no colour is needed to
// tell the suits apart. Each card carries a label for screen readers.

export const INK = { green: "#1b6e2c", yellow: "#8a5a00", red: "#b3261e", blue: "#1f4fb3" };
const TRUMP = "T";
const FOOL = "";

/** The text a screen reader says for a card: its name, e.g. "King of Earth", "trump 14". */
export function cardLabel(card) {
  return card.name.charAt(0).toUpperCase() + card.name.slice(1);
}

/** The rank as printed in the corner: K, Q, C, J, V, 10..2, A; a trump's number. */
export function rankText(card) {
  if (card.suit === TRUMP) return card.rank > 0 ? String(card.rank) : card.code.charAt(0) + card.code.slice(1).toLowerCase();
  if (card.suit === FOOL) return "Fool";
  return card.code.slice(0, card.code.length - card.suit.length);
}

function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function suitOf(card, suits) {
  return suits.find((s) => s.letter === card.suit);
}

/**
 * One card as an SVG string, 60 x 90 units, scaled by the caller's CSS.
 * A suit card: its rank and suit symbol and letter in the corners, the symbol large in the middle.
 * A trump: its number large on a tinted ground. The Fool, Good and Evil: named in full.
 */
export function cardSvg(card, suits) {
  const label = escape(cardLabel(card));
  const open = `<svg class="card" viewBox="0 0 60 90" role="img" aria-label="${label}" data-code="${escape(card.code)}" xmlns="http://www.w3.org/2000/svg">`;
  const frame = (fill) => `<rect x="0.75" y="0.75" width="58.5" height="88.5" rx="5" fill="${fill}" stroke="#333" stroke-width="1.5"/>`;
  const text = (x, y, size, body, attrs = "") =>
    `<text x="${x}" y="${y}" font-size="${size}" font-family="system-ui, sans-serif" font-weight="700" ${attrs}>${escape(body)}</text>`;
  if (card.suit === TRUMP) {
    const number = rankText(card);
    const big = card.rank > 0 ? 34 : 16;
    // The Magician (Juggler) and the World are named under their number; Good and Evil are their name.
    const name = card.rank === 1 || card.rank === 21 ? cardLabel(card).replace(/^The /, "") : "";
    return (
      open +
      frame("#f3ecd9") +
      text(4, 14, 12, "T", 'fill="#5a4a2a"') +
      text(30, card.rank > 0 ? 58 : 52, big, number, 'text-anchor="middle" fill="#2b2111"') +
      (name ? text(30, 82, 9, name, 'text-anchor="middle" fill="#5a4a2a"') : "") +
      "</svg>"
    );
  }
  if (card.suit === FOOL) {
    return (
      open +
      frame("#efe6f7") +
      text(30, 50, 26, "★", 'text-anchor="middle" fill="#5b2b82"') +
      text(30, 78, 14, "Fool", 'text-anchor="middle" fill="#5b2b82"') +
      "</svg>"
    );
  }
  const suit = suitOf(card, suits) || { symbol: "?", letter: card.suit, colour: "blue", name: card.suit };
  const ink = INK[suit.colour] || "#222";
  const rank = rankText(card);
  return (
    open +
    frame("#ffffff") +
    text(4, 20, rank.length > 1 ? 16 : 20, rank, `fill="${ink}"`) +
    text(5, 37, 15, suit.symbol, `fill="${ink}"`) +
    text(56, 86, 11, suit.letter, `text-anchor="end" fill="${ink}"`) +
    text(34, 66, 34, suit.symbol, `text-anchor="middle" fill="${ink}"`) +
    "</svg>"
  );
}

/** The back of a card, for the cards a seat may not see (another hand, the stock, a discard). */
export function backSvg() {
  return (
    '<svg class="card back" viewBox="0 0 60 90" role="img" aria-label="a card face down" xmlns="http://www.w3.org/2000/svg">' +
    '<defs><pattern id="lattice" width="8" height="8" patternUnits="userSpaceOnUse">' +
    '<path d="M0 4 L4 0 L8 4 L4 8 Z" fill="none" stroke="#8fa3c7" stroke-width="1"/></pattern></defs>' +
    '<rect x="0.75" y="0.75" width="58.5" height="88.5" rx="5" fill="#2f4a7a" stroke="#333" stroke-width="1.5"/>' +
    '<rect x="5" y="5" width="50" height="80" rx="3" fill="url(#lattice)"/></svg>'
  );
}
