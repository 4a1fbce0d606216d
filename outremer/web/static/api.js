// The one way the client talks to the server: JSON over fetch, the session cookie, errors in words.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(method, path, body) {
  const opts = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opts);
  } catch {
    throw new ApiError(0, "The server cannot be reached. Check your connection and try again.");
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: text };
    }
  }
  if (!res.ok) {
    throw new ApiError(res.status, data?.error || `${res.status} ${res.statusText}`);
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body === undefined ? {} : body);

// Errors are shown to the user in the banner at the top of the page.
export function showError(err) {
  const box = document.getElementById("error");
  if (!box) return;
  const message = err instanceof Error ? err.message : String(err);
  box.textContent = "";
  const span = document.createElement("span");
  span.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "×";
  close.title = "dismiss";
  close.addEventListener("click", clearError);
  box.append(span, close);
  box.hidden = false;
}

export function clearError() {
  const box = document.getElementById("error");
  if (box) {
    box.hidden = true;
    box.textContent = "";
  }
}

// A tiny element builder: h("div", {class: "x", onclick: f}, child, "text", ...).
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// An SVG element (for the titles' board drawings): attributes, and optionally its text.
export const SVG_NS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// A seat by the title's name for it ("Holy Roman Empire"), never its key ("hre"): ``names`` is the
// server's role_names (of a title, a set-up or a game); a role it does not name shows as it is.
export const roleName = (names, role) => names?.[role] ?? role;
