import { TablePage } from "./table.js";
import { mountAround } from "./around.js";
import { playerKey } from "./names.js";

const params = new URLSearchParams(location.search);
const token = location.hash.slice(1) || null;
const page = new TablePage(document.getElementById("table"), params.get("id"), token);
page.player = playerKey();
mountAround(page, document.getElementById("around"));
page.start();
window.tarocchiTable = page;
