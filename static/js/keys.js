// sade: "/" and Ctrl+K (Cmd+K on a Mac) bring the reader to the search field, as on most
// documentation sites. "/" is left alone while the reader types in a field.
"use strict";
document.addEventListener("keydown", (event) => {
  const field = document.getElementById("search-q") || document.getElementById("site-search-q");
  if (!field) return;
  const target = event.target;
  const typing =
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typing;
  const k = (event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey) && !event.altKey;
  if (!slash && !k) return;
  event.preventDefault();
  field.focus();
  field.select();
});
