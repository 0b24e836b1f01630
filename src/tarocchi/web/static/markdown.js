// Just enough Markdown for the players' rules pages (rules/<game>.md beside this file): headings,
// paragraphs, lists with wrapped lines, tables, **bold**, *emphasis*, `code` and links; and the
// pages' illustrations, drawn afterwards with the table's own cards (rules-main.js): a line
// ``::pack <deck>`` (the whole pack), ``::cards KE QE`` (a row of cards), ``::trick South KE,
// West 3E*, ...`` (a trick, each player and card, the winner starred), and ``[[KE]]`` in a
// sentence (a card as a chip).
// Text is escaped before any markup is added, so a rules page can never inject HTML.

function escape(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function inline(text) {
  return escape(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\[\[([A-Za-z0-9]+)\]\]/g, '<span class="card-ref" data-code="$1"></span>')
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) =>
      /^https?:\/\//.test(href) ? `<a href="${href}">${label}</a>` : label,
    )
    .replace(/\n/g, "<br>");
}

/** HTML for ``source``: blocks separated by blank lines; list items continue on indented lines. */
export function markdown(source) {
  const out = [];
  let list = null; // "ul" or "ol"
  let item = null;
  let paragraph = [];
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(" "))}</p>`);
    paragraph = [];
  };
  const flushItem = () => {
    if (item !== null) out.push(`<li>${inline(item)}</li>`);
    item = null;
  };
  const closeList = () => {
    flushItem();
    if (list) out.push(`</${list}>`);
    list = null;
  };
  let rows = null; // a table's rows of cells
  const flushTable = () => {
    if (!rows) return;
    const [head, ...body] = rows.filter((cells) => !cells.every((cell) => /^:?-+:?$/.test(cell)));
    const cells = (tag, row) => row.map((cell) => `<${tag}>${inline(cell)}</${tag}>`).join("");
    out.push(`<table><thead><tr>${cells("th", head)}</tr></thead><tbody>${body.map((row) => `<tr>${cells("td", row)}</tr>`).join("")}</tbody></table>`);
    rows = null;
  };
  for (const raw of source.split("\n")) {
    const line = raw.trimEnd();
    const figure = /^::(pack|cards|trick)\s+(.*)$/.exec(line);
    if (/^\|.*\|$/.test(line)) {
      flushParagraph();
      closeList();
      rows = rows || [];
      rows.push(line.slice(1, -1).split("|").map((cell) => cell.trim()));
      continue;
    }
    flushTable();
    if (figure) {
      flushParagraph();
      closeList();
      out.push(`<div class="figure" data-figure="${figure[1]}" data-cards="${escape(figure[2].trim())}"></div>`);
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+\.\s+(.*)$/.exec(line);
    if (!line.trim()) {
      flushParagraph();
      closeList();
    } else if (heading) {
      flushParagraph();
      closeList();
      const level = heading[1].length;
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (bullet || numbered) {
      flushParagraph();
      const kind = bullet ? "ul" : "ol";
      if (list !== kind) {
        closeList();
        out.push(`<${kind}>`);
        list = kind;
      }
      flushItem();
      item = (bullet || numbered)[1];
    } else if (item !== null && /^\s+[-*]\s+/.test(raw)) {
      item += `\n• ${line.trim().replace(/^[-*]\s+/, "")}`; // a nested point: a line of its own
    } else if (item !== null && /^\s+/.test(raw)) {
      item += ` ${line.trim()}`;
    } else {
      closeList();
      paragraph.push(line.trim());
    }
  }
  flushTable();
  flushParagraph();
  closeList();
  return out.join("\n");
}
