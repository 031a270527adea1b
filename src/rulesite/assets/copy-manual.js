/*
 * No clipboard: the link (or the citation) a copy button of copy-link.js was
 * to copy, shown selected in a field for the reader to copy. Loaded by
 * copy-link.js when a copy did not happen: a page carries it only then.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  var t = R.t;

  /** No clipboard: show the link in a selected text field for the reader to copy. */
  R.copyManual = function (button, url, id) {
    var holder = button.parentNode;
    var old = holder.querySelector(".rule-copy-manual");
    if (old) old.parentNode.removeChild(old);
    var box = document.createElement("span");
    box.className = "rule-copy-manual";
    var label = document.createElement("label");
    var inputId = "rule-copy-manual-" + String(id).replace(/[^A-Za-z0-9_-]/g, "_");
    label.setAttribute("for", inputId);
    label.textContent = t(button._rulesiteCite ? "cite-manual" : "copy-manual");
    // A citation is several lines: a text area keeps them.
    var input = document.createElement(button._rulesiteCite ? "textarea" : "input");
    if (!button._rulesiteCite) input.type = "text";
    input.readOnly = true;
    input.id = inputId;
    input.value = url;
    input.setAttribute("aria-label", t("copy-manual-label", { id: id }));
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape" || event.key === "Esc" || event.key === "Enter") {
        event.preventDefault();
        close();
      }
    });
    input.addEventListener("blur", function () {
      setTimeout(close, 150);
    });
    function close() {
      if (box.parentNode) {
        box.parentNode.removeChild(box);
        button.focus();
      }
    }
    box.appendChild(label);
    box.appendChild(input);
    button.insertAdjacentElement("afterend", box);
    input.focus();
    input.select();
  };
})();
