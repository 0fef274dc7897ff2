// The style, body and script of the heat map page (HeatmapHtmlExporter): the page reads its data from the
// <script id="heatmap-data"> element, draws the heat map on a canvas (seconds across, subsecond slices down,
// pale to dark red by samples or cost), lets the user drag across cells (a run in time order, as the desktop
// application selects them) and draws the flame graph of the selected cells, or of every cell, as SVG with a
// tool tip per frame. Nothing is fetched: the page works from a file:// address with no network.
#pragma once

namespace perfglass {

inline constexpr const char *kHeatmapHtmlStyle = R"css(
body { font-family: sans-serif; font-size: 13px; margin: 10px; color: #222; }
h1 { font-size: 17px; margin: 0 0 6px 0; }
#bar { margin: 4px 0; }
#heatmap { cursor: crosshair; display: block; }
#info, #selection { margin: 4px 0; min-height: 1.2em; }
#flamegraph text { font-size: 11px; pointer-events: none; }
#flamegraph rect { stroke: #fff; stroke-width: 0.5; }
)css";

inline constexpr const char *kHeatmapHtmlBody =
    R"html(<div id="bar"><label><input type="checkbox" id="by-cost"/> colour by cost</label>
 <button type="button" id="whole">Whole session</button></div>
<canvas id="heatmap" width="100" height="100"></canvas>
<div id="info">Drag across cells to see the flame graph of their time.</div>
<div id="selection"></div>
<svg id="flamegraph" xmlns="http://www.w3.org/2000/svg" width="1200" height="20"></svg>
)html";

inline constexpr const char *kHeatmapHtmlScript = R"js(
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('heatmap-data').textContent);
  const canvas = document.getElementById('heatmap');
  const svg = document.getElementById('flamegraph');
  const info = document.getElementById('info');
  const selection = document.getElementById('selection');
  const byCost = document.getElementById('by-cost');
  const cols = data.columns, rows = data.rows, left = 64, bottom = 20;
  const cellW = Math.max(1, Math.min(40, Math.floor(1100 / Math.max(cols, 1))));
  const cellH = Math.max(2, Math.min(14, Math.floor(500 / Math.max(rows, 1))));
  canvas.width = left + cols * cellW + 4;
  canvas.height = rows * cellH + bottom + 4;
  const ctx = canvas.getContext('2d');
  let chosen = null, drag = null;

  function value(i) { return byCost.checked ? data.cost[i] : data.samples[i]; }
  function most() { let m = 1; for (let i = 0; i < data.samples.length; ++i) m = Math.max(m, value(i)); return m; }
  function colour(share) {
    const mix = (a, b) => Math.round(a + (b - a) * share);
    return 'rgb(' + mix(255, 150) + ',' + mix(240, 0) + ',' + mix(190, 0) + ')';
  }
  function ms(ns) { return (ns / 1e6).toFixed(ns % 1e6 === 0 ? 0 : 3); }
  function seconds(ns) { return (ns / 1e9).toFixed(3); }
  function amount(v) { return data.unit === 'ns' ? ms(v) + ' ms' : v + ' ' + data.unit; }
  function cellStart(i) { return Math.floor(i / rows) * data.columnNs + (i % rows) * data.bucketNs; }
  function cellEnd(i) { return Math.min(cellStart(i) + data.bucketNs, (Math.floor(i / rows) + 1) * data.columnNs); }

  function drawAxes() {
    ctx.fillStyle = '#222';
    ctx.font = '11px sans-serif';
    ctx.textBaseline = 'top';
    const rowStep = Math.max(1, Math.ceil(16 / cellH));
    for (let r = 0; r < rows; r += rowStep) ctx.fillText(ms(r * data.bucketNs) + ' ms', 2, r * cellH);
    const colStep = Math.max(1, Math.ceil(60 / cellW));
    for (let c = 0; c < cols; c += colStep) ctx.fillText((c * data.columnNs / 1e9) + ' s', left + c * cellW, rows * cellH + 4);
  }
  function drawHeatmap() {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    const m = most();
    const range = drag ? [Math.min(drag.a, drag.b), Math.max(drag.a, drag.b)] : chosen;
    for (let i = 0; i < cols * rows; ++i) {
      const x = left + Math.floor(i / rows) * cellW, y = (i % rows) * cellH;
      ctx.fillStyle = data.samples[i] === 0 ? '#eeeeee' : colour(value(i) / m);
      ctx.fillRect(x, y, cellW, cellH);
      if (range && i >= range[0] && i <= range[1]) {
        ctx.fillStyle = 'rgba(30,100,220,0.45)';
        ctx.fillRect(x, y, cellW, cellH);
      }
    }
    drawAxes();
  }
  function cellAt(event) {
    const box = canvas.getBoundingClientRect();
    const c = Math.floor((event.clientX - box.left - left) / cellW), r = Math.floor((event.clientY - box.top) / cellH);
    if (c < 0 || r < 0 || c >= cols || r >= rows) return -1;
    return c * rows + r;
  }

  const paths = new Map();
  function pathOf(node) {
    if (paths.has(node)) return paths.get(node);
    const path = node < 0 ? [] : pathOf(data.nodes[node][0]).concat([data.nodes[node][1]]);
    paths.set(node, path);
    return path;
  }
  function tree(range) {
    const root = { fn: -1, total: 0, kids: new Map() };
    for (const key in data.cells) {
      const i = Number(key);
      if (range && (i < range[0] || i > range[1])) continue;
      const e = data.cells[key];
      for (let k = 0; k < e.length; k += 3) {
        let at = root;
        root.total += e[k + 2];
        for (const fn of pathOf(e[k])) {
          if (!at.kids.has(fn)) at.kids.set(fn, { fn: fn, total: 0, kids: new Map() });
          at = at.kids.get(fn);
          at.total += e[k + 2];
        }
      }
    }
    return root;
  }
  function depthOf(node) { let d = 0; for (const kid of node.kids.values()) d = Math.max(d, depthOf(kid)); return d + 1; }
  function drawFlame(range) {
    const root = tree(range), width = 1200, height = 17, depth = depthOf(root);
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute('height', depth * height + 2);
    const ns = 'http://www.w3.org/2000/svg';
    function box(node, x, level, w) {
      if (w < 0.3) return;
      const y = (depth - level - 1) * height;
      const g = document.createElementNS(ns, 'g');
      const rect = document.createElementNS(ns, 'rect');
      const name = node.fn < 0 ? 'all' : data.functions[node.fn][0];
      rect.setAttribute('x', x); rect.setAttribute('y', y); rect.setAttribute('width', w); rect.setAttribute('height', height - 1);
      rect.setAttribute('fill', node.fn < 0 ? '#c4c4cc' : data.functions[node.fn][1]);
      const title = document.createElementNS(ns, 'title');
      title.textContent = name + ' (' + amount(node.total) + ', ' + (100 * node.total / Math.max(root.total, 1)).toFixed(1) + ' %)';
      g.appendChild(title); g.appendChild(rect);
      if (w > 30) {
        const text = document.createElementNS(ns, 'text');
        text.setAttribute('x', x + 3); text.setAttribute('y', y + 12);
        text.textContent = name.length * 6.5 > w - 6 ? name.slice(0, Math.max(0, Math.floor((w - 6) / 6.5) - 2)) + '..' : name;
        g.appendChild(text);
      }
      svg.appendChild(g);
      let kidX = x;
      for (const kid of node.kids.values()) {
        const kidW = w * kid.total / Math.max(node.total, 1);
        box(kid, kidX, level + 1, kidW);
        kidX += kidW;
      }
    }
    box(root, 0, 0, width);
    selection.textContent = range
      ? 'Flame graph of ' + seconds(cellStart(range[0])) + ' s to ' + seconds(cellEnd(range[1])) + ' s: ' + amount(root.total)
      : 'Flame graph of the whole session: ' + amount(root.total);
  }

  canvas.addEventListener('mousedown', function (event) {
    const i = cellAt(event);
    if (i >= 0) drag = { a: i, b: i };
    drawHeatmap();
  });
  canvas.addEventListener('mousemove', function (event) {
    const i = cellAt(event);
    if (drag && i >= 0) { drag.b = i; drawHeatmap(); }
    if (i >= 0) info.textContent = seconds(cellStart(i)) + ' s to ' + seconds(cellEnd(i)) + ' s: ' + data.samples[i] + ' samples, ' + amount(data.cost[i]);
  });
  window.addEventListener('mouseup', function () {
    if (!drag) return;
    chosen = [Math.min(drag.a, drag.b), Math.max(drag.a, drag.b)];
    drag = null;
    drawHeatmap();
    drawFlame(chosen);
  });
  byCost.addEventListener('change', drawHeatmap);
  document.getElementById('whole').addEventListener('click', function () { chosen = null; drawHeatmap(); drawFlame(null); });
  drawHeatmap();
  drawFlame(null);
})();
)js";

} // namespace perfglass
