import { markdown } from "./markdown.js";

const games = ["piedmont", "sicilian", "taroinche", "taroux"];
const asked = new URLSearchParams(location.search).get("game");
const game = games.includes(asked) ? asked : "piedmont";
const article = document.getElementById("rules");
const answer = await fetch(`rules/${game}.md`);
article.innerHTML = answer.ok ? markdown(await answer.text()) : "<p>No rules page for that game.</p>";
document.title = `tarocchi — ${article.querySelector("h1")?.textContent || "rules"}`;
document.body.dataset.ready = "yes";
