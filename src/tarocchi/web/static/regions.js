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
 * Kept nodes are not moved unless the order changed. Returns each region's node by name. */
export function drawRegions(parent, parts) {
  const last = drawn.get(parent) || new Map();
  const next = new Map();
  for (const [name, [key, build]] of Object.entries(parts)) {
    const had = last.get(name);
    next.set(name, had && had.key === key && had.node.parentNode === parent ? had : { key, node: asNode(build()) });
  }
  // Drop what is not drawn now (a region drawn anew, a card played, a first draw's placeholder),
  // then insert the new nodes between the kept ones.
  const nodes = [...next.values()].map((region) => region.node);
  const kept = new Set(nodes);
  for (const child of [...parent.childNodes]) if (!kept.has(child)) child.remove();
  let at = parent.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
  drawn.set(parent, next);
  return Object.fromEntries([...next].map(([name, region]) => [name, region.node]));
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
