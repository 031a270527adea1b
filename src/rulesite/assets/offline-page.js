/*
 * The offline page (offline.html): shown by the service worker for a page that
 * is not stored on this device. It names the page asked for (?from=PATH#RULE)
 * with a link to try again, shows the rule (or the section's rules) asked for,
 * and a rule-number box finds any rule of the current editions, all from the
 * rule texts every page already loads (window.RULESITE_PREVIEWS, keyed by the
 * page's path from the site root, plus "#number" for a rule).
 *
 * The page's content is an empty <div id="offline-app" data-...> with the
 * interface text; this script builds the box in it (pages hold no forms).
 * On every other page it does nothing.
 */
(function () {
  "use strict";

  var app = document.getElementById("offline-app");
  if (!app) return;

  function build() {
    var asked = document.createElement("p");
    asked.className = "offline-asked";
    asked.hidden = true;
    var form = document.createElement("form");
    form.className = "offline-jump";
    form.setAttribute("role", "search");
    var label = document.createElement("label");
    label.htmlFor = "offline-number";
    label.textContent = app.getAttribute("data-label");
    var input = document.createElement("input");
    input.id = "offline-number";
    input.name = "number";
    input.type = "text";
    input.inputMode = "decimal";
    input.autocomplete = "off";
    input.placeholder = "424.1";
    var button = document.createElement("button");
    button.type = "submit";
    button.className = "md-button md-button--primary";
    button.textContent = app.getAttribute("data-button");
    form.appendChild(label);
    form.appendChild(input);
    form.appendChild(button);
    var rules = document.createElement("div");
    rules.className = "offline-rules";
    rules.setAttribute("aria-live", "polite");
    app.appendChild(asked);
    app.appendChild(form);
    app.appendChild(rules);
  }

  function table() {
    return window.RULESITE_PREVIEWS || {};
  }

  function rootUrl() {
    var base = ".";
    var node = document.getElementById("__config");
    try {
      base = JSON.parse(node.textContent).base || ".";
    } catch (err) {
      /* this page sits at the root */
    }
    return new URL(base.replace(/\/?$/, "/"), location.href);
  }

  function decode(text) {
    try {
      return decodeURIComponent(text);
    } catch (err) {
      return text;
    }
  }

  /** [key, entry] of every rule the preview data holds for `page` (a section page). */
  function rulesOf(page) {
    var data = table();
    return Object.keys(data)
      .filter(function (key) {
        return key.indexOf(page + "#") === 0;
      })
      .map(function (key) {
        return [key, data[key]];
      });
  }

  /** Every rule numbered `number`, in any document of the current editions. */
  function rulesNumbered(number) {
    var wanted = number.trim().replace(/\.$/, "").toLowerCase();
    var data = table();
    return Object.keys(data)
      .filter(function (key) {
        var at = key.indexOf("#");
        return at > 0 && key.slice(at + 1).toLowerCase() === wanted;
      })
      .map(function (key) {
        return [key, data[key]];
      });
  }

  function show(found, highlight) {
    var box = app.querySelector(".offline-rules");
    while (box.firstChild) box.removeChild(box.firstChild);
    var root = rootUrl();
    var seen = {};
    found.forEach(function (item) {
      var key = item[0];
      var rule = item[1];
      if (seen[key]) return;
      seen[key] = true;
      var block = document.createElement("div");
      block.className = "offline-rule";
      block.id = "offline-" + (rule.number || key);
      var head = document.createElement("p");
      var link = document.createElement("a");
      link.href = new URL(key, root).href;
      link.className = "offline-rule__number";
      link.textContent = rule.number || key;
      head.appendChild(link);
      if (rule.section) {
        head.appendChild(document.createTextNode(" \u00b7 " + rule.section));
      }
      var body = document.createElement("p");
      body.className = "offline-rule__text";
      body.textContent = rule.text || "";
      block.appendChild(head);
      block.appendChild(body);
      if (highlight && key === highlight) block.classList.add("offline-rule--target");
      box.appendChild(block);
    });
    var target = box.querySelector(".offline-rule--target");
    if (target) target.scrollIntoView({ block: "center" });
  }

  function say(message) {
    var box = app.querySelector(".offline-rules");
    while (box.firstChild) box.removeChild(box.firstChild);
    var p = document.createElement("p");
    p.textContent = message;
    box.appendChild(p);
  }

  /** The page asked for: named, offered again, and its rules shown when they are known. */
  function showAsked() {
    var params = new URLSearchParams(location.search);
    var from = params.get("from");
    if (!from) return;
    var page = decode(from.split("#")[0]);
    var anchor = decode(location.hash.slice(1));
    var asked = app.querySelector(".offline-asked");
    var retry = document.createElement("a");
    retry.href = new URL(from + location.hash, rootUrl()).href;
    retry.textContent = page + (anchor ? "#" + anchor : "");
    asked.appendChild(document.createTextNode(app.getAttribute("data-asked") + " "));
    asked.appendChild(retry);
    asked.appendChild(document.createTextNode(" \u00b7 "));
    var again = document.createElement("a");
    again.href = retry.href;
    again.textContent = app.getAttribute("data-retry");
    asked.appendChild(again);
    asked.hidden = false;
    var rules = rulesOf(page);
    if (rules.length) show(rules, anchor ? page + "#" + anchor : null);
  }

  function init() {
    build();
    showAsked();
    var form = app.querySelector(".offline-jump");
    var input = form.querySelector("input");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var number = input.value;
      if (!number.trim()) return;
      var found = rulesNumbered(number);
      if (found.length) show(found, found[0][0]);
      else say(app.getAttribute("data-not-found").replace("{number}", number.trim()));
    });
  }

  // The preview data is loaded after this page's content: wait for it.
  if (document.readyState === "complete") init();
  else window.addEventListener("load", init, { once: true });
})();
