// The player: a name and a secret key the server gave at the first visit, kept in this browser.
// The key opens the player's seats on any device; a link holding it (in its fragment, which no
// request carries) moves it to another browser. Names are shown as text, never as markup.

const KEY = "tarocchi.player";

/** The player kept in this browser ({ key, name }) or null; a key brought by a link is kept first. */
export function player() {
  const brought = new URLSearchParams(location.hash.slice(1)).get("player");
  if (brought) {
    localStorage.setItem(KEY, JSON.stringify({ key: brought, name: "" }));
    history.replaceState(null, "", location.pathname + location.search);
  }
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "null");
    return kept && typeof kept.key === "string" ? kept : null;
  } catch {
    return null;
  }
}

export function keep(found) {
  localStorage.setItem(KEY, JSON.stringify({ key: found.key, name: found.name }));
}

export function forget() {
  localStorage.removeItem(KEY);
}

/** The player's key alone (null: none chosen yet). */
export function playerKey() {
  const found = player();
  return found ? found.key : null;
}

/** A POST of JSON to the server: the answer's JSON and whether it was ok. */
export async function post(path, body) {
  const answer = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  let data = {};
  try {
    data = await answer.json();
  } catch {
    data = { detail: `the server answered ${answer.status}` };
  }
  return { ok: answer.ok, data };
}

/** The link that brings this player's key to another device (a secret: whoever has it plays as them). */
export function deviceLink(key) {
  return `${location.origin}/#player=${encodeURIComponent(key)}`;
}
