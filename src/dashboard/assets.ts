/**
 * The dashboard's stylesheet and its one script, served as files (the CSP
 * allows no inline style or script). The script is small and optional: pages
 * work without it, and with it they update live and copy to the clipboard.
 */
export const DASHBOARD_STYLE = `
nav[aria-label=Dashboard]{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;padding:.5rem 0;border-bottom:1px solid #ddd;margin-bottom:1rem}
nav a{padding:.2rem .1rem}nav a[aria-current=page]{font-weight:700;text-decoration:none;border-bottom:3px solid #2563eb}
.brand{font-weight:700;color:#111;text-decoration:none}.live{margin-left:auto;font-size:.85rem;color:#166534}
a:focus-visible,select:focus-visible,[tabindex]:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.tabs{display:flex;gap:1rem;margin:.5rem 0 1rem}.facts{color:#333}.big{font-size:1.2rem}
.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin-bottom:.5rem}.filters label{margin:0}
input[type=search],select{font:inherit;padding:.4rem}
.notice{background:#ecfdf5;padding:.5rem;border-left:4px solid #16a34a}.danger{color:#b91c1c}button.danger{color:#fff;background:#b91c1c;border:0;border-radius:4px}
tr.expired td{color:#6b7280}.expired-mark{color:#b91c1c}
.tag{display:inline-block;background:#eef2ff;border-radius:3px;padding:0 .3rem;margin:.1rem 0;text-decoration:none}
.actions{white-space:nowrap}.actions button{padding:.2rem .6rem;margin:0}.pager{display:flex;gap:1rem;margin:1rem 0}
.targets{margin:.2rem 0;padding-left:1.2rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dl.facts dt{font-weight:600}dl.facts dd{margin:0}
.code{display:flex;overflow-x:auto;border:1px solid #ddd;background:#fafafa;font:13px/1.45 ui-monospace,monospace}
.code pre{margin:0;padding:.5rem}.code code{background:none;padding:0}.gutter{text-align:right;color:#9ca3af;user-select:none;border-right:1px solid #ddd}
.hljs-keyword,.hljs-built_in,.hljs-selector-tag{color:#7c3aed}.hljs-string,.hljs-regexp{color:#047857}.hljs-comment{color:#6b7280;font-style:italic}
.hljs-number,.hljs-literal{color:#b45309}.hljs-title,.hljs-section{color:#1d4ed8}.hljs-type,.hljs-attr,.hljs-attribute{color:#0e7490}.hljs-meta,.hljs-tag{color:#9d174d}
.chart{width:100%;height:auto;max-width:40rem}.chart rect{fill:#2563eb}.chart text{font-size:11px;fill:#555}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (max-width:40rem){table.entries thead{display:none}table.entries tr{display:block;border-bottom:1px solid #ddd;padding:.4rem 0}table.entries td{display:block;border:0;padding:.1rem 0}}
`;

/**
 * The script, served as written (its comments are here, not in it: it stays under 4 KiB).
 * - Copy: the entry's raw content, fetched from this origin, onto the browser's clipboard.
 *   The outcome goes on the button in the page when it ends (a live update may have
 *   re-rendered it meanwhile), and a copy that takes over 15 s fails saying so.
 * - Live: re-render #live-region when the server says one of this page's topics changed;
 *   after a reconnection too (changes may have happened meanwhile). A click is a press and
 *   a release on one element, and a region replaced between the two would lose it: a refresh
 *   waits for a pressed pointer's release (or the window's blur, where a release outside it
 *   never arrives). A region with nothing new stays as it is.
 */
export const DASHBOARD_SCRIPT = `"use strict";
(() => {
  const status = document.getElementById("live-status");
  const say = (text) => { if (status) status.textContent = text; };
  const topics = (document.body.dataset.live || "").split(" ").filter(Boolean);

  const within = (promise, what) => Promise.race([promise, new Promise((_, reject) =>
    setTimeout(() => reject(new Error(what + " took over 15 s")), 15000))]);
  document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-copy]") : null;
    if (!button) return;
    const url = button.dataset.copy, label = button.textContent;
    const show = (text) => {
      const now = [...document.querySelectorAll("button[data-copy]")].find((b) => b.dataset.copy === url);
      (now || button).textContent = text;
    };
    try {
      const text = await within(fetch(url, { credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error("the server answered " + response.status);
        return response.text();
      }), "fetching the entry");
      await within(navigator.clipboard.writeText(text), "writing the clipboard");
      show("Copied");
      say("Copied to your clipboard.");
    } catch (error) {
      show("Copy failed");
      say("Could not copy: " + error.message);
    }
    setTimeout(() => show(label), 2000);
  });

  if (!topics.length) return;

  let busy = false, again = false, timer, pressed = false, held = false;
  const focusKey = (el) => el && (el.getAttribute("data-copy") || el.getAttribute("href"));
  addEventListener("pointerdown", () => { pressed = true; }, true);
  const released = () => {
    pressed = false;
    if (held) { held = false; setTimeout(refresh, 0); }
  };
  addEventListener("pointerup", released, true);
  addEventListener("pointercancel", released, true);
  addEventListener("blur", released);
  async function refresh() {
    if (pressed) { held = true; return; }
    if (busy) { again = true; return; }
    busy = true;
    try {
      const response = await fetch(location.href, { headers: { accept: "text/html" }, credentials: "same-origin" });
      if (!response.ok || response.redirected) return;
      const next = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("live-region");
      const current = document.getElementById("live-region");
      if (!next || !current || pressed) { if (pressed) held = true; return; }
      if (next.innerHTML === current.innerHTML) return;
      const focused = current.contains(document.activeElement) ? focusKey(document.activeElement) : null;
      current.replaceWith(next);
      if (focused) {
        const again = [...next.querySelectorAll("[data-copy],[href]")].find((el) => focusKey(el) === focused);
        if (again) again.focus();
      }
      document.body.dataset.updated = String(Date.now());
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }

  let delay = 500, opened = false;
  function connect() {
    const socket = new WebSocket(location.origin.replace(/^http/, "ws") + "/live");
    let ping;
    socket.onopen = () => {
      if (opened) refresh();
      opened = true;
      delay = 500;
      say("Live");
      document.body.dataset.liveConnected = "1";
      ping = setInterval(() => socket.send("ping"), 30000);
    };
    socket.onmessage = (event) => {
      if (event.data === "pong") return;
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (!Array.isArray(message.topics) || !message.topics.some((t) => topics.includes(t))) return;
      clearTimeout(timer);
      timer = setTimeout(refresh, 50);
    };
    socket.onclose = () => {
      clearInterval(ping);
      delete document.body.dataset.liveConnected;
      say("Reconnecting…");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 15000);
    };
  }
  connect();
})();
`;
