/* Applies the reader's saved colour theme before the first paint (no flash); site.js provides the toggle. */
(function () {
  try {
    var t = localStorage.getItem("atlas-theme");
    if (t === "light" || t === "dark") document.documentElement.setAttribute("data-theme", t);
  } catch (e) { /* storage may be blocked: the system theme applies */ }
})();
