// The seats around the table as the player sees them: where each sits, and what each is called.

/** Where each seat sits around the table, seen from ``me`` (at the bottom). */
export function places(players, me) {
  const names = {
    4: ["bottom", "left", "top", "right"],
    5: ["bottom", "left", "top-left", "top-right", "right"],
    6: ["bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"],
  }[players] || [];
  const from = me === null || me === undefined ? 0 : me;
  const place = [];
  for (let seat = 0; seat < players; seat += 1) place[seat] = names[(seat - from + players) % players];
  return place;
}

/** ``South (you)``, ``North (partner)``: the seat as the player knows it. */
export function seatLabel(table, seat) {
  const name = table.seat_names[seat];
  if (seat === table.seat) return `${name} (you)`;
  if ((table.partners || []).includes(seat)) return `${name} (partner)`;
  return name;
}

/** Which way a place lies from the middle of the table, as a unit step (x right, y down). */
export const DIRECTION = {
  bottom: [0, 1],
  top: [0, -1],
  left: [-1, 0],
  right: [1, 0],
  "top-left": [-0.8, -0.8],
  "top-right": [0.8, -0.8],
  "bottom-left": [-0.8, 0.8],
  "bottom-right": [0.8, 0.8],
};
