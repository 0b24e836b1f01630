// Drawing a page region by region: each region comes with a key made of the data it shows, and a
// region drawn last time with the same key keeps its nodes. Only what changed is built again, so
// the browser lays out only that, a card's animation runs once, and a field keeps what was typed.

const drawn = new WeakMap(); // parent node -> [{ key, node }], its regions as last drawn
const listed = new WeakMap(); // list node -> the keys of its items as last drawn

function asNode(part) {
  return part instanceof Node ? part : document.createTextNode(part ? String(part) : "");
}

/** Draw ``parts`` (by name, in order: ``[key, build]``) as ``parent``'s children, calling ``build``
 * only for a region whose key changed (a build may return "": an empty text node keeps its place).
 * Returns each region's node by name. */
export function drawRegions(parent, parts) {
  const entries = Object.entries(parts);
  const last = drawn.get(parent);
  // Children changed by anyone else (a first draw, an error shown in their place): all anew.
  const fresh = !last || last.length !== entries.length || parent.childNodes.length !== entries.length || last.some((region) => region.node.parentNode !== parent);
  const next = entries.map(([, [key, build]], i) => (!fresh && last[i].key === key ? last[i] : { key, node: asNode(build()) }));
  if (fresh) parent.replaceChildren(...next.map((region) => region.node));
  else next.forEach((region, i) => region === last[i] || last[i].node.replaceWith(region.node));
  drawn.set(parent, next);
  return Object.fromEntries(entries.map(([name], i) => [name, next[i].node]));
}

/** Draw ``items`` as ``list``'s children; when the items drawn before are the first of these
 * (a log growing within a hand), only the new ones are built and appended. */
export function drawItems(list, items, keyOf, build) {
  const keys = items.map(keyOf);
  const had = listed.get(list) || [];
  const grown = had.length <= keys.length && list.childNodes.length === had.length && had.every((key, i) => key === keys[i]);
  if (grown) list.append(...items.slice(had.length).map(build));
  else list.replaceChildren(...items.map(build));
  listed.set(list, keys);
}
