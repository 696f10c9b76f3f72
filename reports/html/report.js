// umpire report: expand/collapse findings and filter checks by status.
// No network access, no external resources.
(function () {
  "use strict";
  function all(sel) { return Array.prototype.slice.call(document.querySelectorAll(sel)); }
  var expand = document.getElementById("expand-all");
  var collapse = document.getElementById("collapse-all");
  if (expand) expand.addEventListener("click", function () { all("details.finding").forEach(function (d) { d.open = true; }); });
  if (collapse) collapse.addEventListener("click", function () { all("details.finding").forEach(function (d) { d.open = false; }); });
  all(".filters input[data-status]").forEach(function (box) {
    box.addEventListener("change", function () {
      var st = box.getAttribute("data-status");
      all("#checks tr.check-row").forEach(function (row) {
        if (row.getAttribute("data-status") === st) row.classList.toggle("hidden", !box.checked);
      });
    });
  });
  if (location.hash && location.hash.indexOf("#rule-") === 0) {
    var row = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (row) {
      // A rule's row sits in a collapsed section: open it first.
      for (var p = row.parentNode; p; p = p.parentNode) { if (p.tagName === "DETAILS") p.open = true; }
      row.scrollIntoView();
    }
  }
  // Marks that the script ran to the end (the browser test looks for it).
  document.documentElement.setAttribute("data-report-script", "ok");
})();
