import { TablePage } from "./table.js";

const params = new URLSearchParams(location.search);
const token = location.hash.slice(1) || null;
const page = new TablePage(document.getElementById("table"), params.get("id"), token);
page.start();
window.tarocchiTable = page;
