// The board's scale, panning and zooming on the game page (issue 15). A title's board.js draws in
// map units (the svg's viewBox); the page shows it at a scale in CSS px per map unit, first
// max(fit to the area, svg.dataset.minScale || 1), so that a text of font-size 12 is at least
// 12 px high. The area scrolls; it pans by dragging (a drag never picks), pinch-zooms with two
// fingers, zooms around the pointer with ctrl+wheel (a trackpad's pinch too) and with the bar's
// buttons. The scale is kept across redraws; svg.dataset.focus ("x y w h", map units) is scrolled
// into view when the board first opens.

const STEP = 1.25; // one press of + or −
const DRAG = 6; // px a pointer moves before a press becomes a drag
const MOST = 4; // the largest scale, times the first

function parseBox(text) {
  const n = String(text || "").trim().split(/[\s,]+/).map(Number);
  return n.length === 4 && n.every(Number.isFinite) && n[2] > 0 && n[3] > 0 ? n : null;
}

export function boardViewport(scroller, svg) {
  const at = { scale: null, first: null, box: null, zoomed: false };
  const pointers = new Map(); // pointerId -> {x, y}
  let drag = null; // {x, y, left, top, moved}
  let pinch = null; // {dist, scale, x, y}
  let swallowClick = false;

  // Where the area starts in the page: on a desktop its height runs to the window's bottom edge
  // (style.css: --board-top).
  function measureTop() {
    scroller.style.setProperty("--board-top", `${Math.round(scroller.getBoundingClientRect().top + window.scrollY)}px`);
  }

  function fitScale(box) {
    const style = getComputedStyle(scroller);
    const width = scroller.parentElement.clientWidth || scroller.clientWidth;
    let height = parseFloat(style.maxHeight);
    if (!Number.isFinite(height)) height = window.innerHeight * 0.7;
    return Math.max(0.05, Math.min(width / box[2], height / box[3]));
  }
  const minScale = () => {
    const wanted = Number(svg.dataset.minScale);
    return Number.isFinite(wanted) && wanted > 0 ? wanted : 1;
  };
  const firstScale = () => Math.max(fitScale(at.box), minScale());
  const bounds = () => [Math.min(fitScale(at.box), minScale()), firstScale() * MOST];

  function setSize(scale) {
    at.scale = scale;
    svg.style.width = `${Math.floor(at.box[2] * scale)}px`;
    svg.style.height = `${Math.floor(at.box[3] * scale)}px`;
    scroller.parentElement.dataset.scale = scale.toFixed(3);
  }

  // The scale becomes ``scale`` (within bounds) with the map point under (clientX, clientY) kept
  // where it is (the area's centre by default).
  function zoomTo(scale, clientX, clientY) {
    if (!at.box) return;
    const [low, high] = bounds();
    scale = Math.min(high, Math.max(low, scale));
    const area = scroller.getBoundingClientRect();
    const x = clientX ?? area.left + scroller.clientWidth / 2;
    const y = clientY ?? area.top + scroller.clientHeight / 2;
    const before = svg.getBoundingClientRect();
    const mapX = (x - before.left) / at.scale;
    const mapY = (y - before.top) / at.scale;
    setSize(scale);
    at.zoomed = true;
    const after = svg.getBoundingClientRect();
    scroller.scrollLeft += after.left - (x - mapX * scale);
    scroller.scrollTop += after.top - (y - mapY * scale);
  }

  function showFocus() {
    const focus = parseBox(svg.dataset.focus);
    if (!focus) return;
    const [x, y, w, h] = focus;
    scroller.scrollLeft = (x - at.box[0] + w / 2) * at.scale - scroller.clientWidth / 2;
    scroller.scrollTop = (y - at.box[1] + h / 2) * at.scale - scroller.clientHeight / 2;
  }

  // After every draw: the first sets the scale and shows the focus; later ones keep the scale
  // (a new viewBox starts again).
  function afterDraw() {
    const box = parseBox(svg.getAttribute("viewBox"));
    if (!box) return;
    const same = at.box && box.every((v, i) => v === at.box[i]);
    at.box = box;
    measureTop(); // the head above may have grown or shrunk (an invite taken, a seat switcher)
    if (same && at.scale) {
      setSize(at.scale);
      return;
    }
    at.zoomed = false;
    setSize(firstScale());
    at.first = at.scale;
    showFocus();
  }

  // A window resized: an untouched board takes its first scale again.
  function onResize() {
    measureTop();
    if (at.box && !at.zoomed) setSize(firstScale());
  }

  // -- pointers: one drags the map, two pinch it --------------------------------------------
  function onDown(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    swallowClick = false;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) {
      drag = { x: e.clientX, y: e.clientY, left: scroller.scrollLeft, top: scroller.scrollTop, moved: false, id: e.pointerId };
      pinch = null;
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: at.scale, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      if (drag) drag.moved = true; // a pinch is no pick
    }
  }
  function onMove(e) {
    if (!pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const x = (a.x + b.x) / 2;
      const y = (a.y + b.y) / 2;
      zoomTo(pinch.scale * (Math.hypot(a.x - b.x, a.y - b.y) / pinch.dist), x, y);
      scroller.scrollLeft -= x - pinch.x;
      scroller.scrollTop -= y - pinch.y;
      pinch.x = x;
      pinch.y = y;
      e.preventDefault();
      return;
    }
    if (!drag || drag.id !== e.pointerId) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG) return;
    if (!drag.moved) {
      drag.moved = true;
      scroller.classList.add("dragging");
      try { scroller.setPointerCapture(e.pointerId); } catch { /* the pointer is gone already */ }
    }
    scroller.scrollLeft = drag.left - dx;
    scroller.scrollTop = drag.top - dy;
    e.preventDefault();
  }
  function onUp(e) {
    if (!pointers.delete(e.pointerId)) return;
    if (pointers.size < 2) pinch = null;
    if (drag && (drag.id === e.pointerId || !pointers.size)) {
      if (drag.moved) swallowClick = e.type === "pointerup";
      drag = null;
      scroller.classList.remove("dragging");
    }
  }
  // The click that ends a drag picks nothing.
  function onClick(e) {
    if (!swallowClick) return;
    swallowClick = false;
    e.stopPropagation();
    e.preventDefault();
  }
  function onWheel(e) {
    if (!e.ctrlKey || !at.box) return;
    e.preventDefault();
    zoomTo(at.scale * Math.exp(-e.deltaY * 0.002), e.clientX, e.clientY);
  }

  scroller.addEventListener("pointerdown", onDown);
  scroller.addEventListener("pointermove", onMove);
  scroller.addEventListener("pointerup", onUp);
  scroller.addEventListener("pointercancel", onUp);
  scroller.addEventListener("click", onClick, true);
  scroller.addEventListener("wheel", onWheel, { passive: false });
  window.addEventListener("resize", onResize);

  return {
    afterDraw,
    zoomIn: () => zoomTo(at.scale * STEP),
    zoomOut: () => zoomTo(at.scale / STEP),
    fit: () => { if (at.box) { zoomTo(fitScale(at.box)); scroller.scrollLeft = 0; scroller.scrollTop = 0; } },
    scale: () => at.scale,
    destroy: () => window.removeEventListener("resize", onResize),
  };
}
