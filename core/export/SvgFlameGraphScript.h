// The script the SVG flame graph carries (SvgFlameGraphExporter), in the manner of flamegraph.pl's: click a
// frame to zoom to it (its callers stay, full width and faded), "Reset Zoom" or Escape to go back; "Search"
// (or Ctrl+F) highlights the functions matching a regular expression and says which share of the samples
// they cover (overlapping frames counted once); the frame under the pointer is described at the bottom.
// Frames are the <g class="f"> elements; each has the function's name in data-name, a <rect> and a <text>.
// The layout numbers come from the SVG's data-margin and data-char-width attributes. Plain ES5, so every
// browser and SVG viewer with scripting runs it; viewers without scripting show the static drawing.
#pragma once

namespace perfglass {

inline constexpr const char *kSvgFlameGraphScript = R"js(
"use strict";
var flame = { frames: [], zoomed: null, term: null };
function flameInit() {
    var svg = document.querySelector("svg") || document.documentElement;
    flame.margin = parseFloat(svg.getAttribute("data-margin"));
    flame.width = parseFloat(svg.getAttribute("data-width")) - 2 * flame.margin;
    flame.charWidth = parseFloat(svg.getAttribute("data-char-width"));
    flame.details = document.getElementById("details");
    flame.matched = document.getElementById("matched");
    flame.unzoomButton = document.getElementById("unzoom");
    flame.searchButton = document.getElementById("search");
    var groups = document.querySelectorAll("g.f");
    for (var i = 0; i < groups.length; ++i) {
        var g = groups[i], rect = g.querySelector("rect");
        var frame = { g: g, rect: rect, text: g.querySelector("text"), name: g.getAttribute("data-name"),
                      x: parseFloat(rect.getAttribute("x")), w: parseFloat(rect.getAttribute("width")),
                      y: parseFloat(rect.getAttribute("y")), fill: rect.getAttribute("fill"),
                      title: g.querySelector("title").textContent };
        flame.frames.push(frame);
        flameListen(frame);
    }
    flame.unzoomButton.addEventListener("click", flameUnzoom);
    flame.searchButton.addEventListener("click", flameSearchPrompt);
    window.addEventListener("keydown", function (event) {
        if (event.key === "Escape") { flameUnzoom(); flameResetSearch(); }
        if ((event.ctrlKey || event.metaKey) && event.key === "f") { event.preventDefault(); flameSearchPrompt(); }
    });
}
function flameListen(frame) {
    frame.g.addEventListener("click", function () { flameZoom(frame); });
    frame.g.addEventListener("mouseover", function () { flame.details.textContent = frame.title; });
    frame.g.addEventListener("mouseout", function () { flame.details.textContent = " "; });
}
function flameFit(frame, x, w, shown) {
    frame.rect.setAttribute("x", x.toFixed(2));
    frame.rect.setAttribute("width", w.toFixed(2));
    frame.g.style.display = shown ? "" : "none";
    if (!frame.text) return;
    var fits = Math.floor((w - 6) / flame.charWidth);
    frame.text.setAttribute("x", (x + 3).toFixed(2));
    frame.text.textContent = fits < 3 ? "" :
        frame.name.length <= fits ? frame.name : frame.name.substring(0, fits - 2) + "..";
}
// Zooms to FRAME: it and its callees fill the width; its callers (the rows below) stay, full width and
// faded; everything else is hidden.
function flameZoom(frame) {
    var e = 0.0001, ratio = flame.width / frame.w;
    flame.zoomed = frame;
    flame.unzoomButton.style.display = "";
    for (var i = 0; i < flame.frames.length; ++i) {
        var f = flame.frames[i];
        var inside = f.x >= frame.x - e && f.x + f.w <= frame.x + frame.w + e;
        var covers = f.x <= frame.x + e && f.x + f.w >= frame.x + frame.w - e;
        if (f.y > frame.y + e) {
            f.g.setAttribute("class", covers ? "f parent" : "f");
            flameFit(f, flame.margin, flame.width, covers);
        } else {
            f.g.setAttribute("class", "f");
            flameFit(f, flame.margin + (f.x - frame.x) * ratio, f.w * ratio, inside);
        }
    }
}
function flameUnzoom() {
    flame.zoomed = null;
    flame.unzoomButton.style.display = "none";
    for (var i = 0; i < flame.frames.length; ++i) {
        var f = flame.frames[i];
        f.g.setAttribute("class", "f");
        flameFit(f, f.x, f.w, true);
    }
}
// Highlights the frames whose function matches TERM (a regular expression); returns the share of the
// samples under them in percent (frames inside other matches counted once), or -1 for a bad expression.
function flameSearch(term) {
    var re;
    try { re = new RegExp(term); } catch (error) { return -1; }
    var spans = [];
    for (var i = 0; i < flame.frames.length; ++i) {
        var f = flame.frames[i], hit = f.name !== null && re.test(f.name);
        f.rect.setAttribute("fill", hit ? "rgb(230,0,230)" : f.fill);
        if (hit) spans.push([f.x, f.x + f.w]);
    }
    spans.sort(function (a, b) { return a[0] - b[0]; });
    var covered = 0, end = -Infinity;
    for (var j = 0; j < spans.length; ++j) {
        if (spans[j][1] <= end) continue;
        covered += spans[j][1] - Math.max(spans[j][0], end);
        end = spans[j][1];
    }
    var share = flame.width > 0 ? 100 * covered / flame.width : 0;
    flame.term = term;
    flame.matched.textContent = "Matched: " + share.toFixed(1) + "%";
    flame.searchButton.textContent = "Reset Search";
    return share;
}
function flameResetSearch() {
    flame.term = null;
    for (var i = 0; i < flame.frames.length; ++i) flame.frames[i].rect.setAttribute("fill", flame.frames[i].fill);
    flame.matched.textContent = "";
    flame.searchButton.textContent = "Search";
}
function flameSearchPrompt() {
    if (flame.term !== null) { flameResetSearch(); return; }
    var term = window.prompt("Search for functions (regular expression):", "");
    if (term) flameSearch(term);
}
window.addEventListener("load", flameInit);
)js";

} // namespace perfglass
