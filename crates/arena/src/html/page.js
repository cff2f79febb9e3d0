"use strict";
(() => {
  const replay = JSON.parse(document.getElementById("replay").textContent);
  const { palette, frames } = replay;
  const svg = document.getElementById("picture");
  const slider = document.getElementById("slider");
  const caption = document.getElementById("caption");
  const counter = document.getElementById("counter");
  const scores = [document.getElementById("score0"), document.getElementById("score1")];
  const MARGIN = 0.25; // cells
  const MAX_HEIGHT_VH = 64;
  let shown = 0;

  // The svg element came from the HTML parser, so it knows the SVG namespace.
  function add(parent, name, attributes) {
    const node = document.createElementNS(svg.namespaceURI, name);
    for (const [key, value] of Object.entries(attributes)) {
      node.setAttribute(key, value);
    }
    parent.appendChild(node);
    return node;
  }

  function label(parent, text, x, y, size) {
    const node = add(parent, "text", {
      class: "label", x, y, "font-size": size, "stroke-width": size / 6,
    });
    node.textContent = text;
  }

  function draw(picture) {
    const { columns, rows } = picture;
    svg.replaceChildren();
    // A margin around the board, so that lines along its edge are not cut in half.
    const [width, height] = [columns + 2 * MARGIN, rows + 2 * MARGIN];
    svg.setAttribute("viewBox", `${-MARGIN} ${-MARGIN} ${width} ${height}`);
    svg.style.aspectRatio = `${width} / ${height}`;
    svg.style.width = `min(100%, ${(MAX_HEIGHT_VH * width / height).toFixed(2)}vh)`;
    const cells = add(svg, "g", { "shape-rendering": "crispEdges" });
    picture.cells.forEach((colour, index) => {
      add(cells, "rect", {
        x: index % columns, y: Math.floor(index / columns), width: 1, height: 1,
        fill: palette[colour],
      });
    });
    for (const [x1, y1, x2, y2, colour, width] of picture.lines) {
      add(svg, "line", {
        x1, y1, x2, y2, stroke: palette[colour], "stroke-width": width,
        "stroke-linecap": "round",
      });
    }
    for (const [cx, cy, r, colour] of picture.dots) {
      add(svg, "circle", { cx, cy, r, fill: palette[colour] });
    }
    for (const [index, text] of picture.labels) {
      label(svg, text, index % columns + 0.5, Math.floor(index / columns) + 0.5, 0.55);
    }
    for (const [x, y, radius, , text] of picture.dots) {
      if (text !== null) {
        label(svg, text, x, y, radius * 1.3);
      }
    }
  }

  function show(index) {
    if (frames.length === 0) {
      caption.textContent = "no frames";
      return;
    }
    shown = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[shown];
    draw(frame.picture);
    caption.textContent = frame.caption;
    scores.forEach((score, seat) => { score.textContent = frame.scores[seat]; });
    slider.value = shown;
    counter.textContent = `${shown} / ${frames.length - 1}`;
    document.body.dataset.shown = shown;
  }

  slider.addEventListener("input", () => show(Number(slider.value)));
  document.getElementById("previous").addEventListener("click", () => show(shown - 1));
  document.getElementById("next").addEventListener("click", () => show(shown + 1));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) {
      return; // the slider moves itself on arrow keys
    }
    const targets = {
      ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: frames.length - 1,
    };
    if (event.key in targets) {
      event.preventDefault();
      show(targets[event.key]);
    }
  });
  const start = Number.parseInt(window.location.hash.slice(1), 10);
  show(Number.isNaN(start) ? 0 : start);
})();
