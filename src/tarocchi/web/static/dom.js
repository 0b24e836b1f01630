// Building the page: elements from data (text is always text, never HTML) and the pack's cards.

/** An element with attributes and children; strings become text, never HTML. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "className") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A count with its noun: "1 trick", "2 tricks" (as core.words.plural). */
export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** Names in a list as a sentence says them: "A", "A and B", "A, B and C". */
export function listed(names) {
  return names.length > 2 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join(" and ");
}

/** A node from our own SVG markup (cards.js builds it from escaped values). */
export function svgNode(markup) {
  const holder = document.createElement("span");
  holder.innerHTML = markup;
  return holder.firstElementChild;
}

/** The card object of the pack for a code (the server sends codes). */
export function cardOf(deck, code) {
  return deck.byCode.get(code) || { code, suit: "?", rank: 0, name: code };
}

export function indexDeck(deck) {
  deck.byCode = new Map(deck.cards.map((card) => [card.code, card]));
  return deck;
}
