/* The not-found page (404.html, served by static hosts for any unknown
   address): when the address names a rule number (r/411.9.html,
   core-rules/v1.2/999.html), offer a search for it. Plain ES2017. */
(function () {
  "use strict";
  var box = document.querySelector(".not-found-nearest");
  var search = document.querySelector("a.not-found-search");
  if (!box || !search) return;
  var path = decodeURIComponent(location.pathname);
  var match = /(\d{1,4}(?:\.[0-9a-z]+)*)(?:\.html?)?\/?$/i.exec(path);
  if (!match) return;
  var number = match[1];
  var url = new URL(search.getAttribute("href"), location.href);
  url.searchParams.set("q", number);
  var link = document.createElement("a");
  link.href = url.href;
  link.textContent = number;
  box.textContent = box.getAttribute("data-label") + " ";
  box.appendChild(link);
  box.hidden = false;
  search.href = url.href;
})();
